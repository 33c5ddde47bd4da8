//! The family's notation: moves `NC` (hole number, colour letter: `14B`,
//! `3r`) and, with transparent seeds, `NTC` (`3TR`, `4tb`); the position
//! string `<h1>-...-<h16>-<south score>-<north score>-<S|N>` where each hole
//! is written as counts followed by letters (`2R2B`, `3B`, `2R2B2T`, `0`).

use super::board::{Board, Colour, HOLES, PER_COLOUR};
use crate::game::{GameError, Scoreboard, Side};
use crate::variants::hole_text::{self, Kind};
use crate::variants::{move_text, position_text};

const BLUE: Kind = Kind::new('B', &['B'], "blue");
const CLEAR: Kind = Kind::new('T', &['T'], "transparent");
/// The seeds of `colors16`.
const COLOURS: [Kind; 2] = [hole_text::RED, BLUE];
/// The seeds of the variants with transparent seeds.
const WITH_CLEAR: [Kind; 3] = [hole_text::RED, BLUE, CLEAR];

/// Reads the syntax of a move (`14B`, `3r`, and `3TR`, `4tb` when
/// `transparent`): the hole index 0..16, the colour, and whether the
/// transparent seeds are sown. Legality is the caller's business.
pub fn parse_move(text: &str, transparent: bool) -> Result<(usize, Colour, bool), GameError> {
    let t = text.trim();
    let expected = if transparent {
        "expected a hole number 1-16 followed by R, B, TR or TB (e.g. 14B, 3TR)"
    } else {
        "expected a hole number 1-16 followed by a colour R or B (e.g. 14B)"
    };
    let (hole, rest) = move_text::hole_number(t, HOLES, expected)?;
    let colours = if transparent {
        "R, B, TR or TB"
    } else {
        "R or B"
    };
    let (clear, letter) = match rest.strip_prefix(['T', 't']) {
        Some(letter) if transparent => (true, letter),
        _ => (false, rest),
    };
    let colour = match letter {
        "R" | "r" => Colour::Red,
        "B" | "b" => Colour::Blue,
        "" if clear => {
            return Err(GameError::new(format!(
                "malformed move '{t}': the colour is missing after T (TR sows the transparent seeds like red, TB like blue)"
            )))
        }
        "" => {
            return Err(GameError::new(format!(
                "malformed move '{t}': the colour is missing ({colours} after the hole number)"
            )))
        }
        _ => {
            return Err(GameError::new(format!(
                "malformed move '{t}': '{rest}' is not a colour (expected {colours})"
            )))
        }
    };
    Ok((hole, colour, clear))
}

/// Writes a move: the hole number, `T` when the transparent seeds are sown,
/// then the colour letter.
pub fn format_move(hole: usize, colour: Colour, clear: bool) -> String {
    let t = if clear { "T" } else { "" };
    format!("{}{t}{}", hole + 1, colour.letter())
}

const FIELDS: usize = HOLES + 3;

/// Parses a position string of a variant with `clear` transparent seeds
/// (0 for `colors16`, whose holes may not name any) and `seeds` in all,
/// checking that every count is possible and that the holes and scores add
/// up to the seeds of the game.
pub fn parse_position(text: &str, clear: u32, seeds: u32) -> Result<Board, GameError> {
    let text = text.trim();
    let fail = |why: String| GameError::new(format!("position '{text}': {why}"));
    let fields: Vec<&str> = text.split('-').collect();
    if fields.len() != FIELDS {
        return Err(fail(format!(
            "expected {FIELDS} fields separated by '-' (16 holes, 2 scores, side to move), found {}",
            fields.len()
        )));
    }
    let holes = &fields[..HOLES];
    let ([red, blue, transparent], [reds, blues, clears]) = if clear == 0 {
        let ([red, blue], [reds, blues]) =
            hole_text::parse_holes(holes, &COLOURS, PER_COLOUR).map_err(fail)?;
        ([red, blue, [0; HOLES]], [reds, blues, 0])
    } else {
        hole_text::parse_holes(holes, &WITH_CLEAR, PER_COLOUR).map_err(fail)?
    };
    if reds > PER_COLOUR || blues > PER_COLOUR {
        return Err(fail(format!(
            "the holes hold {reds} red and {blues} blue seeds; the game has only {PER_COLOUR} of each"
        )));
    }
    if clears > clear {
        return Err(fail(format!(
            "the holes hold {clears} transparent seeds; the game has only {clear}"
        )));
    }
    let scores = position_text::parse_scores(&fields[HOLES..HOLES + 2], seeds).map_err(fail)?;
    let total = reds + blues + clears + scores[0] as u32 + scores[1] as u32;
    if total != seeds {
        return Err(fail(format!(
            "the holes and scores add up to {total} seeds, expected {seeds}"
        )));
    }
    let side = Side::from_letter(fields[HOLES + 2]).map_err(|e| fail(e.to_string()))?;
    Ok(Board::from_parts(
        [red, blue, transparent],
        scores,
        side.index(),
    ))
}

/// The text of hole index `i`.
fn hole(board: Board, i: usize) -> String {
    hole_text::format([board.red(i), board.blue(i), board.clear(i)], &WITH_CLEAR)
}

/// Writes the position string of a board.
pub fn format_position(board: Board) -> String {
    let holes = (0..HOLES).map(|i| hole(board, i));
    position_text::format(holes, [board.score(0), board.score(1)], board.side())
}

/// Draws the board round its circle: holes 1..8 left to right on the bottom
/// row, 16..9 on the top row, so sowing runs counter-clockwise. Each cell
/// shows the hole's seeds and `*` marks the holes of the side to move;
/// `width` is the widest hole text of the variant.
pub fn render(board: Board, width: usize) -> String {
    let cell = |i: usize| {
        let mark = if Board::owner(i) == board.side() {
            "*"
        } else {
            " "
        };
        format!("{:>2}{mark}{:<width$}", i + 1, hole(board, i))
    };
    let top: String = (8..HOLES).rev().map(cell).collect();
    let bottom: String = (0..8).map(cell).collect();
    let mover = if board.side() == 0 {
        "South (odd holes)"
    } else {
        "North (even holes)"
    };
    format!(
        "{top}\n{bottom}\ncaptured: South {} North {}\n{mover} to move\n",
        board.score(0),
        board.score(1)
    )
}
