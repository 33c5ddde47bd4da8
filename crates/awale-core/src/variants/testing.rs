//! Helpers of the variants' unit tests, for any variant: positions written
//! from a few holes, holes read back, moves played and listed in the
//! variant's notation, and bad input checked for the reason it is refused.

use crate::game::{play_moves, Game, GameError, History};
use crate::variants::view::{totals, BoardView};

/// The seeds of `game`: those on the board at the start and those still
/// in hand.
fn seeds<G: BoardView>(game: &G) -> u32 {
    let start = game.start();
    let in_hand = game.hand(&start).map_or(0, |h| h[0] + h[1]);
    totals(game, &start).iter().sum::<u32>() + in_hand
}

/// The seeds a hole's text names (`3R1S`: 4, `5`: 5).
fn seeds_in(text: &str) -> u32 {
    text.split(|c: char| c.is_ascii_alphabetic())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<u32>().unwrap())
        .sum()
}

/// A position of `game` from the listed holes as `(number, text)` (the
/// others empty), South's score `south` and `side` ('S' or 'N') to move;
/// North gets the rest of the seeds.
pub(crate) fn setup<G: BoardView>(
    game: &G,
    holes: &[(usize, &str)],
    south: u32,
    side: char,
) -> G::Position {
    let mut cells = vec!["0".to_string(); game.hole_count()];
    for &(h, text) in holes {
        cells[h - 1] = text.to_string();
    }
    let on_board: u32 = holes.iter().map(|&(_, text)| seeds_in(text)).sum();
    let north = seeds(game) - on_board - south;
    let text = format!("{}-{south}-{north}-{side}", cells.join("-"));
    game.parse_position(&text).unwrap()
}

/// The non-empty holes of `pos` as `(number, text)`, read from its
/// position string.
pub(crate) fn holes<G: BoardView>(game: &G, pos: &G::Position) -> Vec<(usize, String)> {
    game.format_position(pos)
        .split('-')
        .take(game.hole_count())
        .enumerate()
        .filter(|(_, t)| *t != "0")
        .map(|(i, t)| (i + 1, t.to_string()))
        .collect()
}

/// Checks that the non-empty holes of `pos` are `expected`, as [`holes`]
/// reads them.
#[track_caller]
pub(crate) fn assert_holes<G: BoardView>(game: &G, pos: &G::Position, expected: &[(usize, &str)]) {
    let expected: Vec<(usize, String)> = expected.iter().map(|&(h, t)| (h, t.into())).collect();
    assert_eq!(holes(game, pos), expected);
}

/// Plays `mv`, written in the variant's notation, which must be legal.
pub(crate) fn play<G: Game>(game: &G, pos: &G::Position, mv: &str) -> G::Position {
    game.play(pos, game.parse_move(pos, mv).unwrap())
}

/// The legal moves of `pos`, written in the variant's notation.
pub(crate) fn listed<G: Game>(game: &G, pos: &G::Position) -> Vec<String> {
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    moves.iter().map(|&m| game.format_move(pos, m)).collect()
}

/// Checks that `parse` refuses each text of `cases` with an error that
/// gives its reason.
#[track_caller]
pub(crate) fn assert_refused<T: std::fmt::Debug>(
    cases: &[(impl AsRef<str>, &str)],
    parse: impl Fn(&str) -> Result<T, GameError>,
) {
    for (text, why) in cases {
        let text = text.as_ref();
        let err = parse(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text:?}: {err}");
    }
}

/// Checks that each move of `cases` is refused from `pos` with its reason,
/// read alone and played after the moves `before` (the error then names
/// the move's number in the list), and that `pos` is left as it was.
#[track_caller]
pub(crate) fn assert_moves_refused<G: Game>(
    game: &G,
    pos: &G::Position,
    before: &str,
    cases: &[(&str, &str)],
) {
    let original = *pos;
    assert_refused(cases, |text| game.parse_move(pos, text));
    let history = History::new(game.key(pos));
    let number = format!("move {}", before.split_whitespace().count() + 1);
    // An empty text is no move at all to a list of moves.
    for &(text, why) in cases.iter().filter(|(text, _)| !text.is_empty()) {
        let err = play_moves(game, *pos, &history, &format!("{before} {text}"))
            .unwrap_err()
            .to_string();
        assert!(err.contains(&number) && err.contains(why), "{text}: {err}");
    }
    assert_eq!(*pos, original);
}
