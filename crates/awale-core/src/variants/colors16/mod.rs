//! The `colors16` variant (the 2021/22 class competition), as `docs/rules.md`
//! gives it: the [`family16`](crate::variants::family16) rules without
//! transparent seeds, ending below 8 seeds on the board or at 33; the code
//! is the family's, this module names the parameters.
//!
//! # Rules
//!
//! - 16 holes numbered 1..16; sowing visits them in increasing number and
//!   wraps from 16 to 1. Player 1 (South, `S`, moves first) owns the odd
//!   holes, player 2 (North, `N`) the even holes. Each hole starts with 2 red
//!   and 2 blue seeds: 64 seeds.
//! - A move names one of the mover's holes and a colour the hole holds. Only
//!   the seeds of that colour leave the hole. Red seeds are sown one per hole
//!   into every following hole; blue seeds only into the opponent's holes
//!   (the mover's own holes are skipped and take no seed). The origin hole is
//!   never sown into: a lap skips it.
//! - Capture: if the last hole sown now holds 2 or 3 seeds (any colours),
//!   they are captured; then the previous hole (number - 1, wrapping from 1
//!   to 16) is checked the same way whoever owns it (the origin and the
//!   mover's own holes included), and so on until a hole does not hold 2 or
//!   3 seeds. A captured hole is left empty, so the chain stops at the latest
//!   when it comes round again.
//! - Starving is allowed: when after a move the opponent has no seed on their
//!   holes, the mover captures every seed left on the board. This is applied
//!   before the next rule.
//! - The game ends when fewer than 8 seeds remain on the board (they are not
//!   counted), or when a player has 33 or more; 32-32 is a draw. Otherwise
//!   the winner has captured more seeds.
//! - The seed text's "Cas 2.2" gives hole 2 as `2 (2B)` after the move; it is
//!   `2 (2R)`: the move does not touch hole 2.
//! - A position (only from a position string: play never produces one) in
//!   which the player to move has no seed is the starvation the previous move
//!   would have caused: the other player takes the seeds on the board.
//!
//! # Repetitions
//!
//! `colors16` has no repetition rule (`docs/rules.md`): a repeated position does
//! not end the game, so [`Game::repetition_end`] returns `None`, perft does
//! not cut paths at repetitions, and a referee plays on up to its own ply
//! limit. The search still detects cycles (the key covers the whole
//! position) and scores a repeated position itself, as its documentation
//! says.
//!
//! # Notation
//!
//! Moves are `NC`: the hole number then `R` or `B` (`14B`, `3R`); lower case
//! is accepted. Positions are
//! `<h1>-...-<h16>-<south score>-<north score>-<S|N>`, each hole written as
//! counts followed by colour letters (`2R2B`, `3B`, `0` when empty); the
//! start is `2R2B-...-2R2B-0-0-S`. The parser refuses malformed fields, more
//! than 32 seeds of a colour, and totals other than 64.

pub use crate::variants::family16::{Board, Colour, Key, Move, HOLES, PER_COLOUR};
use crate::variants::family16::{ClearSowing, Eval, Rules};
use std::sync::OnceLock;

/// Seeds in the game (32 red and 32 blue).
pub const SEEDS: u32 = Colors16::SEEDS;
/// Seeds that win the game.
pub const WIN: u32 = Colors16::WIN;
/// Each side's total in a drawn game.
pub const DRAW: u32 = Colors16::DRAW;
/// Below this many seeds on the board the game ends.
pub const FEW: u32 = Colors16::FEW;

/// The `colors16` rules (no options).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Colors16;

impl Rules for Colors16 {
    const NAME: &'static str = "colors16";
    const CLEAR_PER_HOLE: u32 = 0;
    const CLEAR_SOWING: ClearSowing = ClearSowing::Absent;
    const FEW: u32 = 8;
    const WIN: u32 = 33;
    const DRAW: u32 = 32;
    const BOTH_AT_DRAW_END: bool = false;
    const WEIGHTS: &'static [u8] = include_bytes!("weights.bin");

    fn eval() -> &'static Eval {
        static EVAL: OnceLock<Eval> = OnceLock::new();
        EVAL.get_or_init(|| Eval::embedded(Self::NAME, Self::WEIGHTS))
    }
}

#[cfg(test)]
mod tests;
