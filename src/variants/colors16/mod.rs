//! The `colors16` variant (the 2021/22 class competition), as `RULES.md`
//! fixes it.
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
//!   `2 (2R)`: the move does not touch hole 2 (`RULES.md`).
//! - A position (only from a position string: play never produces one) in
//!   which the player to move has no seed is the starvation the previous move
//!   would have caused: the other player takes the seeds on the board.
//!
//! # Repetitions
//!
//! `colors16` has no repetition rule (`RULES.md`): a repeated position does
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

mod board;
mod notation;

use arrayvec::ArrayVec;

use crate::game::{EndReason, Game, GameEnd, GameError, OptionInfo, Side};
use crate::variants::packing;
pub use board::{Board, Colour, Key, HOLES, PER_COLOUR, SEEDS};

/// Seeds that win the game.
pub const WIN: u32 = 33;
/// Each side's total in a drawn game.
pub const DRAW: u32 = 32;
/// Below this many seeds on the board the game ends.
pub const FEW: u32 = 8;

/// A move: the hole index (0..16) and the colour sown. Two bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    hole: u8,
    colour: Colour,
}

impl Move {
    /// The move sowing `colour` from hole index `hole` (0..16).
    pub fn new(hole: usize, colour: Colour) -> Move {
        Move {
            hole: hole as u8,
            colour,
        }
    }

    /// The hole index, 0..16 (hole number minus one).
    pub fn hole(self) -> usize {
        self.hole as usize
    }

    /// The colour sown.
    pub fn colour(self) -> Colour {
        self.colour
    }
}

/// Why a move may not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Illegal {
    /// The hole is the opponent's.
    OpponentHole,
    /// The hole holds no seed of the colour.
    NoSeed,
}

impl Illegal {
    /// The reason in words, for `mv`.
    fn explain(self, mv: Move) -> String {
        let hole = mv.hole() + 1;
        match self {
            Illegal::OpponentHole => format!(
                "hole {hole} belongs to the opponent (South plays the odd holes, North the even ones)"
            ),
            Illegal::NoSeed => format!("hole {hole} holds no {} seed", mv.colour().name()),
        }
    }
}

/// The `colors16` rules (no options).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Colors16;

impl Colors16 {
    /// Why `mv` may not be played in `board`, or `None` when it may. The one
    /// legality test, shared by move generation and the parser; the reason
    /// is only put into words when the parser needs it.
    fn illegality(board: Board, mv: Move) -> Option<Illegal> {
        let (h, colour) = (mv.hole(), mv.colour());
        if Board::owner(h) != board.side() {
            return Some(Illegal::OpponentHole);
        }
        if board.seeds_of(h, colour) == 0 {
            return Some(Illegal::NoSeed);
        }
        None
    }

    /// The final scores if the game is over by the position alone.
    fn ending(board: Board) -> Option<GameEnd> {
        let mut scores = [board.score(0), board.score(1)];
        let mut on_board = board.on_board();
        let side = board.side();
        if on_board > 0 && board.side_empty(side) {
            // Only reachable from a position string: the starvation sweep.
            scores[1 - side] += on_board;
            on_board = 0;
        }
        GameEnd::by_scores(scores, WIN, DRAW).or_else(|| {
            (on_board < FEW).then_some(GameEnd {
                reason: EndReason::FewSeeds,
                scores,
            })
        })
    }
}

impl Game for Colors16 {
    type Position = Board;
    type Move = Move;
    /// At most 8 own holes times 2 colours.
    type Moves = ArrayVec<Move, 16>;
    type Key = Key;

    fn name(&self) -> &'static str {
        "colors16"
    }

    fn options(&self) -> Vec<OptionInfo> {
        Vec::new()
    }

    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), GameError> {
        Err(GameError::new(format!(
            "unknown option '{name}': variant colors16 has no rule options"
        )))
    }

    fn start(&self) -> Board {
        Board::START
    }

    #[inline]
    fn side_to_move(&self, pos: &Board) -> Side {
        Side::from_index(pos.side())
    }

    #[inline]
    fn scores(&self, pos: &Board) -> [u32; 2] {
        [pos.score(0), pos.score(1)]
    }

    #[inline]
    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        moves.clear();
        if Colors16::ending(*pos).is_some() {
            return;
        }
        for h in (pos.side()..HOLES).step_by(2) {
            for colour in Colour::BOTH {
                let mv = Move::new(h, colour);
                if Colors16::illegality(*pos, mv).is_none() {
                    moves.push(mv);
                }
            }
        }
    }

    #[inline]
    fn count_legal_moves(&self, pos: &Board) -> usize {
        if Colors16::ending(*pos).is_some() {
            return 0;
        }
        (pos.side()..HOLES)
            .step_by(2)
            .map(|h| (pos.red(h) > 0) as usize + (pos.blue(h) > 0) as usize)
            .sum()
    }

    #[inline]
    fn play(&self, pos: &Board, mv: Move) -> Board {
        pos.play(mv.hole(), mv.colour())
    }

    fn end(&self, pos: &Board) -> Option<GameEnd> {
        Colors16::ending(*pos)
    }

    /// No repetition rule: a repeated position does not end the game.
    fn repetition_end(&self, _pos: &Board) -> Option<GameEnd> {
        None
    }

    #[inline]
    fn key(&self, pos: &Board) -> Key {
        pos.key()
    }

    #[inline]
    fn hash(&self, pos: &Board) -> u64 {
        let (a, b) = pos.key();
        packing::mix(a, b)
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<Move, GameError> {
        let (hole, colour) = notation::parse_move(text)?;
        if Colors16::ending(*pos).is_some() {
            return Err(GameError::new(format!(
                "illegal move {}: the game is over",
                text.trim()
            )));
        }
        let mv = Move::new(hole, colour);
        match Colors16::illegality(*pos, mv) {
            None => Ok(mv),
            Some(why) => Err(GameError::new(format!(
                "illegal move {}: {}",
                text.trim(),
                why.explain(mv)
            ))),
        }
    }

    fn format_move(&self, _pos: &Board, mv: Move) -> String {
        notation::format_move(mv.hole(), mv.colour())
    }

    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        notation::parse_position(text)
    }

    fn format_position(&self, pos: &Board) -> String {
        notation::format_position(*pos)
    }

    fn render(&self, pos: &Board) -> String {
        notation::render(*pos)
    }
}

#[cfg(test)]
mod tests;
