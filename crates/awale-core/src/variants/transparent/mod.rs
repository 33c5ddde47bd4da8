//! The variants `transparent80` (the 2023/24 class competition) and
//! `transparent96` (2025/26), as `docs/rules.md` gives them: `colors16` with
//! transparent seeds. The code is the [`family16`](crate::variants::family16)
//! family's; this module names each variant's parameters.
//!
//! # Rules (what differs from `colors16`)
//!
//! - Seeds: each hole starts with 2 red, 2 blue and 1 transparent seed
//!   (`transparent80`, 80 seeds) or 2 transparent seeds (`transparent96`,
//!   96 seeds).
//! - Moves: `NR` and `NB` sow only the red or only the blue seeds of hole `N`,
//!   which must hold some of that colour; the transparent seeds stay. `NTR`
//!   and `NTB` sow the transparent seeds, like red or like blue; they are
//!   legal when the hole holds transparent seeds, whether or not it holds
//!   that colour. In `transparent80` `NTC` sows only the transparent seeds;
//!   in `transparent96` it sows the transparent seeds first, then goes on
//!   with the seeds of colour `C` of that hole (if any), all sown like `C`.
//!   The capture chain starts at the hole where the last seed fell.
//! - The end: fewer than 10 seeds on the board (not counted), or a player
//!   with more than half the seeds (41 in `transparent80`, 49 in
//!   `transparent96`). In `transparent80` 40-40 is a draw. In
//!   `transparent96` the game also ends as soon as both players have 40 or
//!   more (the 2025/26 referee's rule): the one with more wins, equal is a
//!   draw; that ending is reported as [`EndReason::EvenSplit`]
//!   ("both players reached the drawing total").
//! - No repetition rule, as in `colors16`.
//!
//! # Notation
//!
//! Moves `NR`, `NB`, `NTR`, `NTB` (`3TR`, `14B`), lower case accepted.
//! Position strings as in `colors16`, with `T` for the transparent seeds:
//! the start of `transparent96` is `2R2B2T-...-2R2B2T-0-0-S`. The parser
//! refuses more than 32 red or blue seeds, more transparent seeds than the
//! variant has, and totals other than its seeds.
//!
//! # Keys
//!
//! Three rows of sixteen 6-bit counts do not fit in 256 bits: these variants
//! use the family's wide key ([`Board::wide_key`](crate::variants::family16::Board::wide_key),
//! 5-bit counts, 251 bits).
//!
//! [`EndReason::EvenSplit`]: crate::game::EndReason::EvenSplit

pub use crate::variants::family16::{Board, Colour, Key, Move, HOLES};
use crate::variants::family16::{ClearSowing, Eval, Rules};
use std::sync::OnceLock;

/// The `transparent80` rules (no options): one transparent seed per hole,
/// `NTC` sows the transparent seeds alone.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Transparent80;

impl Rules for Transparent80 {
    const NAME: &'static str = "transparent80";
    const CLEAR_PER_HOLE: u32 = 1;
    const CLEAR_SOWING: ClearSowing = ClearSowing::Alone;
    const FEW: u32 = 10;
    const WIN: u32 = 41;
    const DRAW: u32 = 40;
    const BOTH_AT_DRAW_END: bool = false;
    const WEIGHTS: &'static [u8] = include_bytes!("transparent80.bin");

    fn eval() -> &'static Eval {
        static EVAL: OnceLock<Eval> = OnceLock::new();
        EVAL.get_or_init(|| Eval::embedded(Self::NAME, Self::WEIGHTS))
    }
}

/// The `transparent96` rules (no options): two transparent seeds per hole,
/// `NTC` sows the transparent seeds then the seeds of colour `C`, and the
/// game ends once both players have 40.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Transparent96;

impl Rules for Transparent96 {
    const NAME: &'static str = "transparent96";
    const CLEAR_PER_HOLE: u32 = 2;
    const CLEAR_SOWING: ClearSowing = ClearSowing::ThenColour;
    const FEW: u32 = 10;
    const WIN: u32 = 49;
    const DRAW: u32 = 40;
    const BOTH_AT_DRAW_END: bool = true;
    const WEIGHTS: &'static [u8] = include_bytes!("transparent96.bin");

    fn eval() -> &'static Eval {
        static EVAL: OnceLock<Eval> = OnceLock::new();
        EVAL.get_or_init(|| Eval::embedded(Self::NAME, Self::WEIGHTS))
    }
}

#[cfg(test)]
mod tests;
