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

/// What the variants' tests do with positions and moves written as text,
/// for every variant with a board view.
pub(crate) trait Written: BoardView {
    /// A position from the listed holes as `(number, text)` (the others
    /// empty), South's score `south` and `side` ('S' or 'N') to move; North
    /// gets the rest of the seeds.
    fn setup(&self, holes: &[(usize, &str)], south: u32, side: char) -> Self::Position {
        let mut cells = vec!["0".to_string(); self.hole_count()];
        for &(h, text) in holes {
            cells[h - 1] = text.to_string();
        }
        let on_board: u32 = holes.iter().map(|&(_, text)| seeds_in(text)).sum();
        let north = seeds(self) - on_board - south;
        let text = format!("{}-{south}-{north}-{side}", cells.join("-"));
        self.parse_position(&text).unwrap()
    }

    /// Checks that the start is written `text` and read back from it, and
    /// returns it.
    #[track_caller]
    fn assert_start_written(&self, text: &str) -> Self::Position {
        let start = self.start();
        assert_eq!(self.format_position(&start), text);
        assert_eq!(self.parse_position(text), Ok(start));
        start
    }

    /// The start's position string with its first holes written `holes`
    /// and the fields after the holes written `tail` (`0-0-S`): the
    /// position strings of the tests of bad input.
    fn start_with(&self, holes: &[&str], tail: &str) -> String {
        let start = self.format_position(&self.start());
        let mut fields: Vec<&str> = start.split('-').take(self.hole_count()).collect();
        fields[..holes.len()].copy_from_slice(holes);
        format!("{}-{tail}", fields.join("-"))
    }

    /// Checks that the start renders `hole` in every hole and says `says`.
    #[track_caller]
    fn assert_start_renders(&self, hole: &str, says: &str) {
        let text = self.render(&self.start());
        assert_eq!(text.matches(hole).count(), self.hole_count(), "{text}");
        assert!(text.contains(says), "{text}");
    }

    /// Checks that the variant has no rule option and refuses `option`.
    #[track_caller]
    fn assert_no_options(&self, option: &str, value: &str) {
        assert!(self.options().is_empty());
        let err = self
            .clone()
            .set_option(option, value)
            .unwrap_err()
            .to_string();
        let why = format!("variant {} has no rule options", self.name());
        assert!(err.contains(&why), "{err}");
    }

    /// The non-empty holes of `pos` as `(number, text)`, read from its
    /// position string.
    fn holes(&self, pos: &Self::Position) -> Vec<(usize, String)> {
        self.format_position(pos)
            .split('-')
            .take(self.hole_count())
            .enumerate()
            .filter(|(_, t)| *t != "0")
            .map(|(i, t)| (i + 1, t.to_string()))
            .collect()
    }

    /// Checks that the non-empty holes of `pos` are `expected`, as
    /// [`Written::holes`] reads them.
    #[track_caller]
    fn assert_holes(&self, pos: &Self::Position, expected: &[(usize, &str)]) {
        let expected: Vec<(usize, String)> = expected.iter().map(|&(h, t)| (h, t.into())).collect();
        assert_eq!(self.holes(pos), expected);
    }

    /// Plays `mv` from `pos` and checks South's score and the non-empty
    /// holes after it; returns the position reached.
    #[track_caller]
    fn assert_plays(
        &self,
        pos: &Self::Position,
        mv: &str,
        south: u32,
        expected: &[(usize, &str)],
    ) -> Self::Position {
        let next = self.played(pos, mv);
        assert_eq!(self.scores(&next)[0], south, "South's score after {mv}");
        self.assert_holes(&next, expected);
        next
    }

    /// The position after `mv`, written in the variant's notation, which
    /// must be legal.
    fn played(&self, pos: &Self::Position, mv: &str) -> Self::Position {
        self.play(pos, self.parse_move(pos, mv).unwrap())
    }

    /// The legal moves of `pos`, written in the variant's notation.
    fn listed(&self, pos: &Self::Position) -> Vec<String> {
        let mut moves = Self::Moves::default();
        self.legal_moves(pos, &mut moves);
        moves.iter().map(|&m| self.format_move(pos, m)).collect()
    }
}

impl<G: BoardView> Written for G {}

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
