//! The `colors12` variant (the 2018/19 class competition), as `docs/rules.md`
//! gives it, with the details of the course's own unit tests.
//!
//! # Rules
//!
//! - 12 holes numbered 1..12; sowing visits them in increasing number and
//!   wraps from 12 to 1. Player 1 (South, `S`, moves first) owns holes 1..6,
//!   player 2 (North, `N`) holes 7..12. Each hole starts with 3 red and
//!   3 black seeds; each player also has one special seed, which counts as
//!   both red and black: 74 seeds in all.
//! - Setup: before the first sowing move, player 1 and then player 2 each
//!   place their special seed in any hole, their own or not; both may choose
//!   the same hole. Then player 1 makes the first sowing move.
//! - A sowing move names one of the mover's non-empty holes, the colour sown
//!   first and, exactly when the hole holds a special seed, the 1-based
//!   position in the sowing sequence at which the special seed is sown. All
//!   seeds leave the hole: the first colour, then the other, with the special
//!   seed inserted at that position; two special seeds in one hole are sown
//!   at positions `S` and `S + 1`. The origin hole is never sown into: a lap
//!   skips it. When the hole lacks one colour both letters give the same
//!   sowing: the move is listed once, with the colour present (red when the
//!   hole holds only special seeds), and either letter is accepted.
//! - Capture: the capture colours are the colour of the last seed sown, or
//!   both when it is a special seed. If the last seed lands in an opponent
//!   hole, for each capture colour the hole's seeds of that colour plus its
//!   special seeds are counted; when that count is 2 or 3 the colour
//!   qualifies. The seeds of every qualifying colour and the special seeds
//!   are captured (a colour that did not qualify stays). Then the previous
//!   hole is checked the same way while it is an opponent hole, with only the
//!   colours that qualified in the hole just captured; the chain stops at the
//!   first hole where no capture colour qualifies.
//! - Must feed: when the opponent's side is empty, a move must put at least
//!   one seed there.
//! - Grand slam: a capture may take all the opponent's seeds; when it does,
//!   the mover also captures every seed left on the board and the game ends.
//! - When the player to move has no legal move, each player captures the
//!   seeds on their own side and the game ends.
//! - Repetition: when a position (holes, scores, side to move) occurs again
//!   since the last capture, the game ends and each player captures the seeds
//!   on their own side.
//! - The game ends as soon as a player has 38 or more; 37-37 is a draw.
//!   Otherwise the winner has captured more seeds once the game has ended.
//!
//! # Notation
//!
//! Placement moves are the hole number alone (`5`). Sowing moves are `NCS`:
//! hole number, colour (`R`; `B`, or `N` for *noir*, for black; any case on
//! input) and the special seed's position only when the hole holds one
//! (`3R2`, `7B`). The engine writes `R` and `B`.
//!
//! Positions are `<h1>-...-<h12>-<south score>-<north score>-<S|N>`, each
//! hole written as counts followed by `R`, `B` and `S` (`3R3B`, `2R1S`, `0`
//! when empty). While special seeds remain to be placed a 16th field gives
//! their number written like a hole: `2S` (South places next) or `1S` (North
//! places next). The start is `3R3B-...-3R3B-0-0-S-2S`. The parser refuses
//! malformed fields, more than 36 seeds of a colour or 2 special seeds, a
//! side to move that disagrees with the seeds in hand, and totals (holes,
//! scores and seeds in hand) other than 74.

mod board;
pub mod features;
mod notation;

use std::sync::OnceLock;

use arrayvec::ArrayVec;

use crate::game::{EndReason, Game, GameEnd, GameError, Scoreboard};
use crate::variants::packing;
pub use board::{Board, Colour, Key, HOLES, PER_COLOUR, SEEDS, SPECIALS};
use notation::Written;

/// Seeds that win the game.
pub const WIN: u32 = 38;
/// Each side's total in a drawn game.
pub const DRAW: u32 = 37;

/// The most legal moves a position can have. A hole of `n` seeds gives at
/// most 2 moves without a special seed (`n >= 1`), `2n` with one (two colours
/// times positions 1..=n) and `2(n - 1)` with two, so never more than `2n`;
/// summed over the mover's holes that is at most twice the 74 seeds of the
/// game. The setup phase has 12 placements.
pub const MAX_MOVES: usize = 2 * SEEDS as usize;

/// A move: a placement of the mover's special seed, or a sowing. Four bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Places the special seed in hole index 0..12.
    Place(u8),
    /// Sows hole index `hole`, colour `first` first, special seed(s) at
    /// position `at` (0 when the hole holds none).
    Sow {
        /// The hole index 0..12.
        hole: u8,
        /// The colour sown first.
        first: Colour,
        /// The 1-based sowing position of the special seed, 0 for none.
        at: u8,
    },
}

/// The `colors12` rules (no options).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Colors12;

/// The fitted weights of `colors12` (a weight file of feature set 12 made
/// by `awale tune --records`, see `docs/eval.md`).
const WEIGHTS: &[u8] = include_bytes!("weights.bin");

impl Colors12 {
    /// The evaluation: the included weights, decoded once (the captured
    /// seeds alone should they fail their checks).
    fn eval() -> &'static features::Eval {
        static EVAL: OnceLock<features::Eval> = OnceLock::new();
        EVAL.get_or_init(|| features::Eval::embedded("colors12", WEIGHTS))
    }

    /// The colour a sowing from `h` is listed under when `named` is asked
    /// for: the named colour if the hole holds it, else the other one if
    /// present, else red (a hole of special seeds only).
    fn canonical(board: Board, h: usize, named: Colour) -> Colour {
        if board.seeds_of(h, named) > 0 {
            named
        } else if board.seeds_of(h, named.other()) > 0 {
            named.other()
        } else {
            Colour::Red
        }
    }

    /// Why the move (a placement when `sowing` is `None`, else the hole's
    /// colour and special seed position) may not be played, or `None` when
    /// it may. The one legality test, shared by move generation and the
    /// parser; `at` is 0 when no position is given.
    fn illegality(board: Board, h: usize, sowing: Option<usize>) -> Option<String> {
        let Some(at) = sowing else {
            return if board.hand() == 0 {
                Some("the special seeds are already placed: a sowing move names a colour after the hole (e.g. 3R)".into())
            } else {
                None
            };
        };
        let hole = h + 1;
        if board.hand() > 0 {
            return Some(format!(
                "the special seeds are being placed: a placement is the hole number alone (e.g. {hole})"
            ));
        }
        if Board::owner(h) != board.side() {
            return Some(format!(
                "hole {hole} belongs to the opponent (South plays holes 1-6, North holes 7-12)"
            ));
        }
        let n = board.seeds(h);
        if n == 0 {
            return Some(format!("hole {hole} is empty"));
        }
        let k = board.special(h);
        if k == 0 && at > 0 {
            return Some(format!(
                "hole {hole} holds no special seed, so the move takes no position after the colour"
            ));
        }
        let last = (n - k + 1) as usize;
        if k > 0 && at == 0 {
            return Some(format!(
                "hole {hole} holds {} special seed{}: give the position at which it is sown, 1 to {last} (e.g. {hole}R1)",
                k,
                if k > 1 { "s" } else { "" }
            ));
        }
        if k > 0 && at > last {
            return Some(if k == 1 {
                format!("position {at} is beyond the {n} seeds of hole {hole}: the special seed is sown at 1 to {last}")
            } else {
                format!("position {at} is too far: hole {hole} holds {n} seeds and its two special seeds are sown at S and S+1, so S runs from 1 to {last}")
            });
        }
        if board.side_empty(1 - board.side()) && !Board::feeds(h, n) {
            return Some("the opponent's side is empty and this move does not feed it".into());
        }
        None
    }

    /// Whether the game is already decided by the scores.
    #[inline]
    fn decided(board: Board) -> bool {
        GameEnd::by_scores([board.score(0), board.score(1)], WIN, DRAW).is_some()
    }

    /// The colours a sowing from `h` is listed under (one when the hole lacks a colour).
    #[inline]
    fn colours(board: Board, h: usize) -> impl Iterator<Item = Colour> {
        let both = board.red(h) > 0 && board.black(h) > 0;
        let only = Colors12::canonical(board, h, Colour::Red);
        [only, Colour::Black]
            .into_iter()
            .take(if both { 2 } else { 1 })
    }
}

impl Game for Colors12 {
    type Position = Board;
    type Move = Move;
    /// See [`MAX_MOVES`] for the bound.
    type Moves = ArrayVec<Move, MAX_MOVES>;
    type Key = Key;

    fn name(&self) -> &'static str {
        "colors12"
    }

    fn start(&self) -> Board {
        Board::START
    }

    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        moves.clear();
        if Colors12::decided(*pos) {
            return;
        }
        if pos.hand() > 0 {
            moves.extend((0..HOLES as u8).map(Move::Place));
            return;
        }
        let first = 6 * pos.side();
        for h in first..first + 6 {
            let n = pos.seeds(h);
            if n == 0 {
                continue;
            }
            let k = pos.special(h);
            let positions = if k == 0 { 0..=0 } else { 1..=n - k + 1 };
            for colour in Colors12::colours(*pos, h) {
                for at in positions.clone() {
                    if Colors12::illegality(*pos, h, Some(at as usize)).is_none() {
                        moves.push(Move::Sow {
                            hole: h as u8,
                            first: colour,
                            at: at as u8,
                        });
                    }
                }
            }
        }
    }

    #[inline]
    fn count_legal_moves(&self, pos: &Board) -> usize {
        if Colors12::decided(*pos) {
            return 0;
        }
        if pos.hand() > 0 {
            return HOLES;
        }
        let side = pos.side();
        let starving = pos.side_empty(1 - side);
        (6 * side..6 * side + 6)
            .map(|h| {
                let n = pos.seeds(h);
                if n == 0 || (starving && !Board::feeds(h, n)) {
                    return 0;
                }
                let colours = if pos.red(h) > 0 && pos.black(h) > 0 {
                    2
                } else {
                    1
                };
                let k = pos.special(h);
                colours * if k == 0 { 1 } else { (n - k + 1) as usize }
            })
            .sum()
    }

    #[inline]
    fn play(&self, pos: &Board, mv: Move) -> Board {
        match mv {
            Move::Place(h) => pos.place(h as usize),
            Move::Sow { hole, first, at } => pos.sow(hole as usize, first, at as usize),
        }
    }

    /// A capture or a placement: positions before it cannot come back.
    #[inline]
    fn is_irreversible(&self, before: &Board, after: &Board) -> bool {
        self.scores(before) != self.scores(after) || before.hand() != after.hand()
    }

    fn end(&self, pos: &Board) -> Option<GameEnd> {
        GameEnd::by_scores(self.scores(pos), WIN, DRAW).or_else(|| {
            (self.count_legal_moves(pos) == 0).then(|| GameEnd {
                reason: EndReason::NoLegalMove,
                scores: pos.collected_scores(),
            })
        })
    }

    fn repetition_end(&self, pos: &Board) -> Option<GameEnd> {
        Some(GameEnd {
            reason: EndReason::Repetition,
            scores: pos.collected_scores(),
        })
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

    #[inline]
    fn evaluate(&self, pos: &Board) -> i32 {
        Colors12::eval().evaluate(*pos)
    }

    fn evaluation_terms(&self, pos: &Board) -> Vec<(&'static str, i32)> {
        Colors12::eval().terms(*pos)
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<Move, GameError> {
        let written = notation::parse_move(text)?;
        let t = text.trim();
        if Colors12::decided(*pos) {
            return Err(GameError::new(format!(
                "illegal move {t}: the game is over"
            )));
        }
        let (h, sowing) = match written {
            Written::Hole(h) => (h, None),
            Written::Sowing(h, _, at) => (h, Some(at.unwrap_or(0))),
        };
        if let Some(why) = Colors12::illegality(*pos, h, sowing) {
            return Err(GameError::new(format!("illegal move {t}: {why}")));
        }
        if self.count_legal_moves(pos) == 0 {
            return Err(GameError::new(format!(
                "illegal move {t}: the game is over"
            )));
        }
        Ok(match written {
            Written::Hole(h) => Move::Place(h as u8),
            Written::Sowing(h, colour, at) => Move::Sow {
                hole: h as u8,
                first: Colors12::canonical(*pos, h, colour),
                at: at.unwrap_or(0) as u8,
            },
        })
    }

    fn format_move(&self, _pos: &Board, mv: Move) -> String {
        match mv {
            Move::Place(h) => (h + 1).to_string(),
            Move::Sow { hole, first, at } => {
                let mut s = format!("{}{}", hole + 1, first.letter());
                if at > 0 {
                    s.push_str(&at.to_string());
                }
                s
            }
        }
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

/// The board as a display sees it: [`Board::sown`] is the sowing step of
/// [`Board::sow`].
impl crate::variants::view::BoardView for Colors12 {
    fn hole_count(&self) -> usize {
        HOLES
    }

    fn hole_seeds(&self, pos: &Board, i: usize) -> Vec<(crate::variants::view::SeedKind, u32)> {
        use crate::variants::view::{present, SeedKind};
        present([
            (SeedKind::Red, pos.red(i)),
            (SeedKind::Black, pos.black(i)),
            (SeedKind::Special, pos.special(i)),
        ])
    }

    fn hand(&self, pos: &Board) -> Option<[u32; 2]> {
        // South places first: with 2 in hand both are to place, with 1
        // only North's is left.
        Some(match pos.hand() {
            2 => [1, 1],
            1 => [0, 1],
            _ => [0, 0],
        })
    }

    fn hole_of(&self, _pos: &Board, mv: Move) -> usize {
        match mv {
            Move::Place(h) | Move::Sow { hole: h, .. } => h as usize,
        }
    }

    fn sown_position(&self, pos: &Board, mv: Move) -> Board {
        match mv {
            Move::Place(h) => pos.place(h as usize),
            Move::Sow { hole, first, at } => pos.sown(hole as usize, first, at as usize),
        }
    }
}

#[cfg(test)]
mod tests;
