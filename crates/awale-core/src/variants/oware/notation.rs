//! Oware notation: hole letters or numbers for moves, and the position
//! string `<h1>-...-<h12>-<south score>-<north score>-<S|N>` shared with the
//! engine Aalina.

use super::board::{Board, HOLES, SEEDS};
use crate::game::{GameError, Side};
use crate::variants::position_text;

/// How the engine prints moves (input always accepts both).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `A`..`F` for South's holes 1..6, `a`..`f` for North's holes 7..12.
    #[default]
    Letters,
    /// Hole numbers `1`..`12`.
    Numbers,
}

impl Notation {
    /// The option values, as `setoption` spells them.
    pub const NAMES: [&'static str; 2] = ["letters", "numbers"];

    /// The option value naming this notation.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Letters => "letters",
            Notation::Numbers => "numbers",
        }
    }

    /// Parses an option value (any case).
    pub fn parse(value: &str) -> Result<Notation, GameError> {
        match value.to_ascii_lowercase().as_str() {
            "letters" => Ok(Notation::Letters),
            "numbers" => Ok(Notation::Numbers),
            _ => Err(GameError::new(format!(
                "option Notation: '{value}' is not a valid value (expected letters or numbers)"
            ))),
        }
    }

    /// Writes hole index `h` (0..12).
    pub fn format(self, h: usize) -> String {
        match self {
            Notation::Letters if h < 6 => char::from(b'A' + h as u8).to_string(),
            Notation::Letters => char::from(b'a' + (h - 6) as u8).to_string(),
            Notation::Numbers => (h + 1).to_string(),
        }
    }
}

/// Reads a hole written as a letter (`A`..`F`, `a`..`f`) or a number
/// (`1`..`12`), returning its index 0..12.
pub fn parse_hole(text: &str) -> Result<usize, GameError> {
    let t = text.trim();
    let bytes = t.as_bytes();
    match bytes {
        [] => Err(GameError::new("empty move")),
        [c @ b'A'..=b'F'] => Ok((c - b'A') as usize),
        [c @ b'a'..=b'f'] => Ok((c - b'a') as usize + 6),
        _ if bytes.iter().all(u8::is_ascii_digit) && bytes.len() <= 2 => {
            let n: usize = t.parse().map_err(|_| bad_move(t))?;
            if (1..=HOLES).contains(&n) {
                Ok(n - 1)
            } else {
                Err(GameError::new(format!(
                    "malformed move '{t}': hole numbers run from 1 to 12"
                )))
            }
        }
        _ => Err(bad_move(t)),
    }
}

fn bad_move(t: &str) -> GameError {
    GameError::new(format!(
        "malformed move '{t}': expected a hole letter A-F or a-f, or a number 1-12"
    ))
}

const FIELDS: usize = HOLES + 3;

/// Parses `<h1>-...-<h12>-<south score>-<north score>-<S|N>`.
pub fn parse_position(text: &str) -> Result<Board, GameError> {
    let text = text.trim();
    let fields: Vec<&str> = text.split('-').collect();
    if fields.len() != FIELDS {
        return Err(GameError::new(format!(
            "position '{text}': expected {FIELDS} fields separated by '-' (12 holes, 2 scores, side to move), found {}",
            fields.len()
        )));
    }
    let mut counts = [0u8; HOLES + 2];
    for (i, field) in fields[..HOLES + 2].iter().enumerate() {
        let what = if i < HOLES {
            format!("hole {}", i + 1)
        } else if i == HOLES {
            "South's score".to_string()
        } else {
            "North's score".to_string()
        };
        let value: u32 = match field.parse() {
            Ok(v) if field.bytes().all(|b| b.is_ascii_digit()) => v,
            _ => {
                return Err(GameError::new(format!(
                    "position '{text}': {what} is '{field}', which is not a number"
                )))
            }
        };
        if value > SEEDS {
            return Err(GameError::new(format!(
                "position '{text}': {what} holds {value}, more than the {SEEDS} seeds of the game"
            )));
        }
        counts[i] = value as u8;
    }
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    if total != SEEDS {
        return Err(GameError::new(format!(
            "position '{text}': the holes and scores add up to {total} seeds, expected {SEEDS}"
        )));
    }
    let side = Side::from_letter(fields[HOLES + 2])
        .map_err(|e| GameError::new(format!("position '{text}': {e}")))?;
    let mut holes = [0u8; HOLES];
    holes.copy_from_slice(&counts[..HOLES]);
    Ok(Board::from_parts(
        holes,
        [counts[HOLES], counts[HOLES + 1]],
        side == Side::North,
    ))
}

/// Writes the position string of a board.
pub fn format_position(board: Board) -> String {
    let holes = (0..HOLES).map(|h| board.seeds(h).to_string());
    position_text::format(holes, [board.score(0), board.score(1)], board.side())
}

/// Draws the board as a person sees it: North's row on top, read right to
/// left (holes 12..7), South's row below (holes 1..6), so sowing runs
/// counter-clockwise.
pub fn render(board: Board, notation: Notation) -> String {
    let label = |h: usize| format!("{:>4}", notation.format(h));
    let cell = |h: usize| format!("{:>4}", board.seeds(h));
    let north_labels: String = (6..12).rev().map(label).collect();
    let north: String = (6..12).rev().map(cell).collect();
    let south: String = (0..6).map(cell).collect();
    let south_labels: String = (0..6).map(label).collect();
    let mover = if board.side() == 0 { "South" } else { "North" };
    format!(
        "       {north_labels}\nNorth  {north}   captured {}\nSouth  {south}   captured {}\n       {south_labels}\n{mover} to move\n",
        board.score(1),
        board.score(0)
    )
}
