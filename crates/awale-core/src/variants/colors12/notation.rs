//! `colors12` notation: placement moves (the hole number alone, `5`), sowing
//! moves `NCS` (`3R2`, `7b`, `4n1`), and the position string
//! `<h1>-...-<h12>-<south score>-<north score>-<S|N>[-<hand>]`, each hole
//! written as counts followed by `R`, `B`, `S` (`3R3B1S`, `0` when empty),
//! with the optional 16th field `2S` or `1S` for the special seeds still to
//! be placed.

use super::board::{Board, Colour, HOLES, PER_COLOUR, SEEDS, SPECIALS};
use crate::game::{GameError, Scoreboard, Side};
use crate::variants::hole_text::{self, Kind};
use crate::variants::{move_text, position_text};

/// The seeds of `colors12`: red, black (`N` for *noir* accepted) and special.
const KINDS: [Kind; 3] = [
    hole_text::RED,
    Kind::new('B', &['B', 'N'], "black"),
    Kind::new('S', &['S'], "special"),
];

/// The syntax of a move, before the position gives it a meaning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A hole number alone: a placement.
    Hole(usize),
    /// A hole, the colour named first, and the special seed's position if given.
    Sowing(usize, Colour, Option<usize>),
}

/// Reads the syntax of a move: hole index 0..12, then optionally a colour
/// (`R`, `B` or `N`, any case) and a special seed's position.
pub fn parse_move(text: &str) -> Result<Written, GameError> {
    let t = text.trim();
    let (hole, rest) = move_text::hole_number(
        t,
        HOLES,
        "expected a hole number 1-12, then a colour R or B and the special seed's position if the hole holds one (e.g. 3R2), or a hole number alone to place a special seed",
    )?;
    let mut chars = rest.chars();
    let colour = match chars.next() {
        None => return Ok(Written::Hole(hole)),
        Some('R' | 'r') => Colour::Red,
        Some('B' | 'b' | 'N' | 'n') => Colour::Black,
        Some(c) => {
            return Err(GameError::new(format!(
                "malformed move '{t}': '{c}' is not a colour (expected R, or B or N for black)"
            )))
        }
    };
    let position = chars.as_str();
    if position.is_empty() {
        return Ok(Written::Sowing(hole, colour, None));
    }
    if !position.bytes().all(|b| b.is_ascii_digit()) {
        return Err(GameError::new(format!(
            "malformed move '{t}': '{position}' after the colour is not a sowing position"
        )));
    }
    match position.parse::<usize>() {
        Ok(p) if p >= 1 => Ok(Written::Sowing(hole, colour, Some(p))),
        _ => Err(GameError::new(format!(
            "malformed move '{t}': the special seed's position '{position}' must be a number from 1 up to the seeds in the hole"
        ))),
    }
}

const FIELDS: usize = HOLES + 3;

/// Parses a position string, checking that every count is possible, that
/// the holes, scores and seeds in hand add up to the 74 seeds of the game,
/// and that the seeds in hand agree with the side to move.
pub fn parse_position(text: &str) -> Result<Board, GameError> {
    let text = text.trim();
    let fail = |why: String| GameError::new(format!("position '{text}': {why}"));
    let fields: Vec<&str> = text.split('-').collect();
    if fields.len() != FIELDS && fields.len() != FIELDS + 1 {
        return Err(fail(format!(
            "expected {FIELDS} fields separated by '-' (12 holes, 2 scores, side to move), and a 16th (2S or 1S) while special seeds remain to be placed; found {}",
            fields.len()
        )));
    }
    let (counts, totals) =
        hole_text::parse_holes(&fields[..HOLES], &KINDS, PER_COLOUR).map_err(fail)?;
    if totals[0] > PER_COLOUR || totals[1] > PER_COLOUR {
        return Err(fail(format!(
            "the holes hold {} red and {} black seeds; the game has only {PER_COLOUR} of each",
            totals[0], totals[1]
        )));
    }
    let scores = position_text::parse_scores(&fields[HOLES..HOLES + 2], SEEDS).map_err(fail)?;
    let side = Side::from_letter(fields[HOLES + 2]).map_err(|e| fail(e.to_string()))?;
    let hand = match fields.get(HOLES + 3) {
        None => 0,
        Some(field) => match field.to_ascii_uppercase().as_str() {
            "0" | "0S" => 0,
            "1S" => 1,
            "2S" => 2,
            _ => {
                return Err(fail(format!(
                    "the 16th field '{field}' should give the special seeds still to be placed: 2S or 1S"
                )))
            }
        },
    };
    if totals[2] + hand > SPECIALS {
        return Err(fail(format!(
            "{} special seeds on the board and {hand} to place; the game has only {SPECIALS}",
            totals[2]
        )));
    }
    match (hand, side) {
        (2, Side::North) => {
            return Err(fail(
                "with both special seeds to place, South (player 1) places first: the side to move must be S".into(),
            ))
        }
        (1, Side::South) => {
            return Err(fail(
                "with one special seed to place, North (player 2) places it: the side to move must be N".into(),
            ))
        }
        _ => {}
    }
    let total = totals.iter().sum::<u32>() + hand + scores[0] as u32 + scores[1] as u32;
    if total != SEEDS {
        return Err(fail(format!(
            "the holes, scores and special seeds to place add up to {total} seeds, expected {SEEDS}"
        )));
    }
    Ok(Board::from_parts(
        counts[0],
        counts[1],
        counts[2],
        scores,
        side.index(),
        hand as u8,
    ))
}

fn hole(board: Board, i: usize) -> String {
    hole_text::format([board.red(i), board.black(i), board.special(i)], &KINDS)
}

/// Writes the position string of a board (the 16th field only while special
/// seeds remain to be placed).
pub fn format_position(board: Board) -> String {
    let holes = (0..HOLES).map(|i| hole(board, i));
    let mut out = position_text::format(holes, [board.score(0), board.score(1)], board.side());
    if board.hand() > 0 {
        out.push_str(&format!("-{}S", board.hand()));
    }
    out
}

/// Draws the board: North's row on top read right to left (holes 12..7),
/// South's row below (holes 1..6), so sowing runs counter-clockwise.
pub fn render(board: Board) -> String {
    let cell = |i: usize| format!("{:>8}", hole(board, i));
    let label = |i: usize| format!("{:>8}", i + 1);
    let north_labels: String = (6..HOLES).rev().map(label).collect();
    let north: String = (6..HOLES).rev().map(cell).collect();
    let south: String = (0..6).map(cell).collect();
    let south_labels: String = (0..6).map(label).collect();
    let mover = if board.side() == 0 { "South" } else { "North" };
    let what = if board.hand() > 0 {
        "to place a special seed"
    } else {
        "to move"
    };
    format!(
        "       {north_labels}\nNorth  {north}   captured {}\nSouth  {south}   captured {}\n       {south_labels}\n{mover} {what}\n",
        board.score(1),
        board.score(0)
    )
}
