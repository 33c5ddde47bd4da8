//! OGN (Oware Game Notation), the PGN-like game files of Aualé, the GUI
//! Oware players use: read, checked against the rules, and written so that
//! Aualé's own files come back byte for byte. Only the `oware` variant has
//! OGN; the rules come from [`awale_core::variants::oware`] and [`Line`], never
//! from here.
//!
//! # Format
//!
//! ```text
//! [Variant "Oware Abapa"]
//! [Event "..."]
//! [Site "?"]
//! [Date "2026.12.01"]
//! [Round "3"]
//! [South "..."]
//! [North "..."]
//! [Result "26-14"]
//!
//! 1. F f 2. E e 3. A b 4. E e 5. C c+2 { a comment } 6. B+2 c ... 41. D+6
//! 26-14
//! ```
//!
//! - Tags `[Name "value"]`, one a line, `\"` and `\\` escaped. `Variant` is
//!   `Oware Abapa` (awale's `oware`, also accepted; missing means Oware
//!   Abapa). `FEN` holds the position string the game began from when it
//!   is not the start (awale's own, e.g. `4-4-4-4-4-4-4-4-4-4-4-4-0-0-N`).
//!   `Options` (awale's) holds the rule options that differ from the
//!   defaults, `NAME=VALUE` separated by spaces. `Result` is the final
//!   scores `south-north`, or `*` for a game not finished.
//! - Moves: `A`-`F` South's holes, `a`-`f` North's, each followed by `+N`
//!   when it captures N seeds (checked: a wrong count is an error; a
//!   missing one is accepted). Move numbers `1.` come before South's
//!   moves, `1...` before a North move that opens the game; they are
//!   checked when present. `!` and `?` marks after a move and `$N` glyphs
//!   are read and ignored.
//! - `{comments}` after a move (they may span lines; a `;` comments to the
//!   end of the line), `(variations)` after a move, nested or not: both
//!   are kept by the reader ([`OgnMove`]); the writer writes the comments
//!   and drops the variations.
//! - The result again at the end of the moves (`26-14` or `*`): it must
//!   agree with the `Result` tag and with the moves (a game the rules
//!   ended has exactly their final scores; an unfinished one `*`, or the
//!   scores of an adjudication: each side at least what it has captured,
//!   all 48 seeds shared out).
//! - Several games in one file, separated by blank lines.
//!
//! The writer ([`write_games`]) writes the tag roster of Aualé (`Variant`,
//! `Event`, `Site`, `Date`, `Round`, `South`, `North`, `Result`, `?` for
//! the missing ones), then `FEN`, `Options` and the other tags in their
//! order, a blank line, and the moves with their numbers, captures and
//! comments, filled into lines of at most 79 characters, ending with the
//! result.

mod convert;
mod lexer;
mod reader;
#[cfg(test)]
mod tests;
mod writer;

use std::fmt;

pub use convert::{from_record, is_ogn, records_of_bytes, records_of_text, to_record};
pub use reader::{parse, parse_bytes};
pub use writer::{write_game, write_games};

use awale_core::game::{Game, GameError, Line};
use awale_core::variants::oware::{Board, Move, Oware};

/// The largest OGN or records file read, in bytes (256 MiB: over
/// 200,000 games).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The `Variant` tag of an `oware` game.
pub const VARIANT: &str = "Oware Abapa";

/// One move of a game, with what the file said after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnMove {
    /// The move.
    pub mv: Move,
    /// The comment after it (whitespace runs read as one space).
    pub comment: Option<String>,
    /// The variations after it, each the text between its outer
    /// parentheses (the writer drops them).
    pub variations: Vec<String>,
}

impl OgnMove {
    /// A move without comment or variation.
    pub fn new(mv: Move) -> OgnMove {
        OgnMove {
            mv,
            comment: None,
            variations: Vec::new(),
        }
    }
}

/// One game of an OGN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnGame {
    /// The rules, with the options of the `Options` tag.
    pub rules: Oware,
    /// The tags other than `Variant`, `FEN`, `Options` and `Result` (which
    /// the fields here hold), in file order.
    pub tags: Vec<(String, String)>,
    /// The position the game began from (the `FEN` tag).
    pub start: Board,
    /// The number of the first move (1 unless the file says otherwise).
    pub first_number: u32,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves.
    pub moves: Vec<OgnMove>,
    /// The final scores `[south, north]`, or `None` for `*`.
    pub result: Option<[u32; 2]>,
}

/// The tags Aualé always writes, in its order (with `Result` after them),
/// `?` when unknown.
pub(crate) const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "South", "North"];

/// The tags that [`OgnGame`] holds in fields of their own.
pub(crate) const RESERVED: [&str; 4] = ["Variant", "FEN", "Options", "Result"];

impl OgnGame {
    /// A game of `rules` from `start` with no move, tag or result yet.
    pub fn new(rules: Oware, start: Board) -> OgnGame {
        OgnGame {
            rules,
            tags: Vec::new(),
            start,
            first_number: 1,
            comment: None,
            moves: Vec::new(),
            result: None,
        }
    }

    /// The game of a line: its rules, start and moves, with the result the
    /// rules gave it (`None` while it goes on).
    pub fn from_line(line: &Line<Oware>) -> OgnGame {
        let mut game = OgnGame::new(line.game().clone(), *line.start());
        game.moves = line.moves().iter().map(|&mv| OgnMove::new(mv)).collect();
        game.result = line.end().map(|end| end.scores);
        game
    }

    /// The value of tag `name` (not one of the reserved four).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, in place when it is there, else at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The game as a [`Line`] (replayed, so every move is checked).
    pub fn line(&self) -> Result<Line<Oware>, GameError> {
        let mut line = Line::from_position(self.rules.clone(), self.start);
        for (i, m) in self.moves.iter().enumerate() {
            line.play(m.mv)
                .map_err(|e| GameError::new(format!("move {}: {e}", i + 1)))?;
        }
        Ok(line)
    }

    /// The moves in the engine's notation (letters unless the rules'
    /// `Notation` says numbers).
    pub fn moves_text(&self) -> Vec<String> {
        let pos = self.start;
        self.moves
            .iter()
            .map(|m| self.rules.format_move(&pos, m.mv))
            .collect()
    }
}

/// An OGN text that cannot be read: the line (counted from 1; 0 when the
/// error is not on one line) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgnError {
    /// The line of the text where the problem is.
    pub line: usize,
    message: String,
}

impl OgnError {
    /// The error `message` at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> OgnError {
        OgnError {
            line,
            message: message.into(),
        }
    }

    /// What is wrong, without the line.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for OgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for OgnError {}
