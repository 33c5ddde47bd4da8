//! `colors16` notation: moves `NC` (hole number, colour letter: `14B`,
//! `3r`), and the position string
//! `<h1>-...-<h16>-<south score>-<north score>-<S|N>` where each hole is
//! written as counts followed by colour letters (`2R2B`, `3B`, `0`).

use super::board::{Board, Colour, HOLES, PER_COLOUR, SEEDS};
use crate::game::{GameError, Side};
use crate::variants::hole_text::{self, Kind};
use crate::variants::{move_text, position_text};

const KINDS: [Kind; 2] = [
    Kind {
        letter: 'R',
        accepted: &['R'],
        name: "red",
    },
    Kind {
        letter: 'B',
        accepted: &['B'],
        name: "blue",
    },
];

/// Reads the syntax of a move (`14B`, `3r`): the hole index 0..16 and the
/// colour. Legality is the caller's business.
pub fn parse_move(text: &str) -> Result<(usize, Colour), GameError> {
    let t = text.trim();
    let (hole, rest) = move_text::hole_number(
        t,
        HOLES,
        "expected a hole number 1-16 followed by a colour R or B (e.g. 14B)",
    )?;
    let colour = match rest {
        "R" | "r" => Colour::Red,
        "B" | "b" => Colour::Blue,
        "" => {
            return Err(GameError::new(format!(
                "malformed move '{t}': the colour is missing (R or B after the hole number)"
            )))
        }
        _ => {
            return Err(GameError::new(format!(
                "malformed move '{t}': '{rest}' is not a colour (expected R or B)"
            )))
        }
    };
    Ok((hole, colour))
}

/// Writes a move: the hole number then the colour letter.
pub fn format_move(hole: usize, colour: Colour) -> String {
    format!("{}{}", hole + 1, colour.letter())
}

const FIELDS: usize = HOLES + 3;

/// Parses a position string, checking that every count is possible and that
/// the holes and scores add up to the 64 seeds of the game.
pub fn parse_position(text: &str) -> Result<Board, GameError> {
    let text = text.trim();
    let fail = |why: String| GameError::new(format!("position '{text}': {why}"));
    let fields: Vec<&str> = text.split('-').collect();
    if fields.len() != FIELDS {
        return Err(fail(format!(
            "expected {FIELDS} fields separated by '-' (16 holes, 2 scores, side to move), found {}",
            fields.len()
        )));
    }
    let ([red, blue], [reds, blues]) =
        hole_text::parse_holes(&fields[..HOLES], &KINDS, PER_COLOUR).map_err(fail)?;
    if reds > PER_COLOUR || blues > PER_COLOUR {
        return Err(fail(format!(
            "the holes hold {reds} red and {blues} blue seeds; the game has only {PER_COLOUR} of each"
        )));
    }
    let scores = position_text::parse_scores(&fields[HOLES..HOLES + 2], SEEDS).map_err(fail)?;
    let total = reds + blues + scores[0] as u32 + scores[1] as u32;
    if total != SEEDS {
        return Err(fail(format!(
            "the holes and scores add up to {total} seeds, expected {SEEDS}"
        )));
    }
    let side = Side::from_letter(fields[HOLES + 2]).map_err(|e| fail(e.to_string()))?;
    Ok(Board::from_parts(red, blue, scores, side.index()))
}

/// Writes the position string of a board.
pub fn format_position(board: Board) -> String {
    let mut out = String::with_capacity(80);
    for i in 0..HOLES {
        out.push_str(&hole_text::format([board.red(i), board.blue(i)], &KINDS));
        out.push('-');
    }
    out.push_str(&position_text::scores_and_side(
        [board.score(0), board.score(1)],
        board.side(),
    ));
    out
}

/// Draws the board round its circle: holes 1..8 left to right on the bottom
/// row, 16..9 on the top row, so sowing runs counter-clockwise. Each cell
/// shows the hole's seeds and `*` marks the holes of the side to move.
pub fn render(board: Board) -> String {
    let cell = |i: usize| {
        let mark = if Board::owner(i) == board.side() {
            "*"
        } else {
            " "
        };
        format!(
            "{:>2}{mark}{:<6}",
            i + 1,
            hole_text::format([board.red(i), board.blue(i)], &KINDS)
        )
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
