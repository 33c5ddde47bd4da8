//! The 16-hole colour family of the class competitions: `colors16`
//! (2021/22), `transparent80` (2023/24) and `transparent96` (2025/26), one
//! implementation whose differences are the parameters of [`Rules`].
//!
//! # What the family shares
//!
//! - 16 holes numbered 1..16; sowing visits them in increasing number and
//!   wraps from 16 to 1. Player 1 (South, `S`, moves first) owns the odd
//!   holes, player 2 (North, `N`) the even holes. Each hole starts with 2 red
//!   and 2 blue seeds, and [`Rules::CLEAR_PER_HOLE`] transparent seeds.
//! - A move names one of the mover's holes and a colour. Seeds sown like red
//!   go one per hole into every following hole; seeds sown like blue only
//!   into the opponent's holes (the mover's own holes are skipped and take
//!   no seed). The origin hole is never sown into: a lap skips it. `NR` and
//!   `NB` sow the seeds of that colour, which the hole must hold; `NTR` and
//!   `NTB` sow the transparent seeds, which the hole must hold, like red or
//!   like blue, and, where [`Rules::CLEAR_SOWING`] says so, then the seeds
//!   of that colour. Transparent seeds stay transparent on the board.
//! - Capture: if the hole where the last seed fell now holds 2 or 3 seeds
//!   (any kinds), they are captured; then the previous hole (number - 1,
//!   wrapping from 1 to 16) is checked the same way whoever owns it (the
//!   origin and the mover's own holes included), and so on until a hole
//!   does not hold 2 or 3 seeds. A captured hole is left empty, so the chain
//!   stops at the latest when it comes round again.
//! - Starving is allowed: when after a move the opponent has no seed on their
//!   holes, the mover captures every seed left on the board. This is applied
//!   before the end rules.
//! - The game ends when fewer than [`Rules::FEW`] seeds remain on the board
//!   (they are not counted), when a player has [`Rules::WIN`] or more, or
//!   when both have [`Rules::DRAW`] (exactly, or with
//!   [`Rules::BOTH_AT_DRAW_END`] at least; the one with more then wins).
//!   Otherwise the winner has captured more seeds.
//! - A position (only from a position string: play never produces one) in
//!   which the player to move has no seed is the starvation the previous move
//!   would have caused: the other player takes the seeds on the board.
//!
//! # Repetitions
//!
//! The family has no repetition rule (`docs/rules.md`): a repeated position does
//! not end the game, so [`Game::repetition_end`] returns `None`, perft does
//! not cut paths at repetitions, and a referee plays on up to its own ply
//! limit. The search still detects cycles (the key covers the whole
//! position) and scores a repeated position itself, as its documentation
//! says.
//!
//! # Why one generic implementation
//!
//! Every rule above is written once, here; a variant is a unit type that
//! implements [`Rules`] (its constants), and `impl<R: Rules> Game for R`
//! makes it a game. The constants are known at compile time, so each
//! variant's hot loops are compiled for it (no run-time tests of the
//! parameters).

mod board;
pub mod features;
mod notation;

/// The board as a display sees it: [`Board::sown`] is the sowing step of
/// [`Board::play`].
impl<R: Rules> crate::variants::view::BoardView for R {
    fn hole_count(&self) -> usize {
        HOLES
    }

    fn owner(&self, i: usize) -> Side {
        Side::from_index(Board::owner(i))
    }

    fn hole_seeds(&self, pos: &Board, i: usize) -> Vec<(crate::variants::view::SeedKind, u32)> {
        use crate::variants::view::{present, SeedKind};
        present([
            (SeedKind::Red, pos.red(i)),
            (SeedKind::Blue, pos.blue(i)),
            (SeedKind::Clear, pos.clear(i)),
        ])
    }

    fn hole_of(&self, _pos: &Board, mv: Move) -> usize {
        mv.hole()
    }

    fn sown_position(&self, pos: &Board, mv: Move) -> Board {
        if has_clear::<R>() {
            pos.sown::<true>(mv.hole(), mv.colour(), sown::<R>(mv))
        } else {
            pos.sown::<false>(mv.hole(), mv.colour(), sown::<R>(mv))
        }
    }
}

use arrayvec::ArrayVec;

use crate::game::{EndReason, Features, Game, GameEnd, GameError, Scoreboard, Side};
use crate::variants::packing;
pub use board::{Board, Colour, Key, Sown, HOLES, MAX_CLEAR, PER_COLOUR};
pub use features::Eval;

/// How a variant's `NTC` moves sow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClearSowing {
    /// No transparent seeds (`colors16`): there are no `NTC` moves.
    Absent,
    /// Only the transparent seeds (`transparent80`).
    Alone,
    /// The transparent seeds, then the seeds of colour `C` (`transparent96`).
    ThenColour,
}

/// The parameters of one variant of the family. Implementing it (on a unit
/// type) makes the type a [`Game`].
pub trait Rules: Copy + Clone + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The variant's name (`--variant`, the `Variant` option).
    const NAME: &'static str;
    /// Transparent seeds in each hole at the start.
    const CLEAR_PER_HOLE: u32;
    /// How `NTC` moves sow.
    const CLEAR_SOWING: ClearSowing;
    /// Below this many seeds on the board the game ends.
    const FEW: u32;
    /// Seeds that win the game.
    const WIN: u32;
    /// The drawing total.
    const DRAW: u32;
    /// Whether the game ends as soon as both players have [`Rules::DRAW`]
    /// or more (the one with more wins); otherwise only `DRAW`-`DRAW` ends
    /// it, drawn.
    const BOTH_AT_DRAW_END: bool;
    /// Seeds in the game: 2 red, 2 blue and the transparent ones per hole.
    const SEEDS: u32 = HOLES as u32 * (2 * 2 + Self::CLEAR_PER_HOLE);
    /// The widest hole text [`Game::render`] makes room for.
    const CELL: usize = if Self::CLEAR_PER_HOLE == 0 { 6 } else { 8 };

    /// The variant's fitted weights: a weight file of feature set 16 made by
    /// `awale tune --records` (`docs/eval.md`), included in the binary.
    const WEIGHTS: &'static [u8];

    /// The variant's evaluation: [`Rules::WEIGHTS`] (see [`Eval::embedded`]),
    /// decoded once.
    fn eval() -> &'static Eval;
}

/// A move: the hole index (0..16), the colour named, and whether the
/// transparent seeds are sown. Two bytes (the same size as a `colors16`
/// move before the family had transparent seeds).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    hole: u8,
    /// The colour (bit 0: 0 red, 1 blue) and bit 1 set for `NTC`.
    kind: u8,
}

impl Move {
    /// The move sowing `colour` from hole index `hole` (0..16): `NR`, `NB`.
    pub fn new(hole: usize, colour: Colour) -> Move {
        Move {
            hole: hole as u8,
            kind: colour as u8,
        }
    }

    /// The move sowing the transparent seeds of hole index `hole` like
    /// `colour`: `NTR`, `NTB`.
    pub fn transparent(hole: usize, colour: Colour) -> Move {
        Move {
            hole: hole as u8,
            kind: colour as u8 | 2,
        }
    }

    /// The hole index, 0..16 (hole number minus one).
    pub fn hole(self) -> usize {
        self.hole as usize
    }

    /// The colour named (the seeds sown, or how the transparent ones are sown).
    pub fn colour(self) -> Colour {
        if self.kind & 1 == 0 {
            Colour::Red
        } else {
            Colour::Blue
        }
    }

    /// Whether the move sows the transparent seeds (`NTC`).
    pub fn is_transparent(self) -> bool {
        self.kind & 2 != 0
    }
}

/// Why a move may not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Illegal {
    /// The hole is the opponent's.
    OpponentHole,
    /// The hole holds no seed of the colour.
    NoSeed,
    /// The hole holds no transparent seed (an `NTC` move).
    NoClear,
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
            Illegal::NoClear => format!(
                "hole {hole} holds no transparent seed ({hole}T{} sows transparent seeds)",
                mv.colour().letter()
            ),
        }
    }
}

/// Why `mv` may not be played in `board`, or `None` when it may. The one
/// legality test, shared by move generation and the parser; the reason is
/// only put into words when the parser needs it.
fn illegality(board: Board, mv: Move) -> Option<Illegal> {
    let h = mv.hole();
    if Board::owner(h) != board.side() {
        return Some(Illegal::OpponentHole);
    }
    if mv.is_transparent() {
        return (board.clear(h) == 0).then_some(Illegal::NoClear);
    }
    (board.seeds_of(h, mv.colour()) == 0).then_some(Illegal::NoSeed)
}

/// The final scores if the game is over by the position alone.
fn ending<R: Rules>(board: Board) -> Option<GameEnd> {
    let mut scores = [board.score(0), board.score(1)];
    // The branches on has_clear are on constants: each variant compiles one.
    let (mut on_board, side) = (
        if has_clear::<R>() {
            board.on_board_with::<true>()
        } else {
            board.on_board_with::<false>()
        },
        board.side(),
    );
    let starved = if has_clear::<R>() {
        board.side_empty_with::<true>(side)
    } else {
        board.side_empty_with::<false>(side)
    };
    if on_board > 0 && starved {
        // Only reachable from a position string: the starvation sweep.
        scores[1 - side] += on_board;
        on_board = 0;
    }
    let both = R::BOTH_AT_DRAW_END && scores[0] >= R::DRAW && scores[1] >= R::DRAW;
    if both && scores[0] < R::WIN && scores[1] < R::WIN {
        return Some(GameEnd {
            reason: EndReason::EvenSplit,
            scores,
        });
    }
    GameEnd::by_scores(scores, R::WIN, R::DRAW).or_else(|| {
        (on_board < R::FEW).then_some(GameEnd {
            reason: EndReason::FewSeeds,
            scores,
        })
    })
}

/// How the move `mv` sows, under the rules `R`.
#[inline]
fn sown<R: Rules>(mv: Move) -> Sown {
    match (mv.is_transparent(), R::CLEAR_SOWING) {
        (false, _) => Sown::Colour,
        (true, ClearSowing::ThenColour) => Sown::ClearThenColour,
        (true, _) => Sown::Clear,
    }
}

/// Whether the variant has transparent seeds (and `NTC` moves).
const fn has_clear<R: Rules>() -> bool {
    R::CLEAR_PER_HOLE > 0
}

impl<R: Rules> Game for R {
    type Position = Board;
    type Move = Move;
    /// At most 8 own holes times 4 moves.
    type Moves = ArrayVec<Move, 32>;
    type Key = Key;

    fn name(&self) -> &'static str {
        R::NAME
    }

    fn start(&self) -> Board {
        Board::start(R::CLEAR_PER_HOLE)
    }

    #[inline]
    fn legal_moves(&self, pos: &Board, moves: &mut Self::Moves) {
        moves.clear();
        if ending::<R>(*pos).is_some() {
            return;
        }
        for h in (pos.side()..HOLES).step_by(2) {
            for colour in Colour::BOTH {
                let mv = Move::new(h, colour);
                if illegality(*pos, mv).is_none() {
                    moves.push(mv);
                }
            }
            if has_clear::<R>() {
                for colour in Colour::BOTH {
                    let mv = Move::transparent(h, colour);
                    if illegality(*pos, mv).is_none() {
                        moves.push(mv);
                    }
                }
            }
        }
    }

    #[inline]
    fn count_legal_moves(&self, pos: &Board) -> usize {
        if ending::<R>(*pos).is_some() {
            return 0;
        }
        (pos.side()..HOLES)
            .step_by(2)
            .map(|h| {
                (pos.red(h) > 0) as usize
                    + (pos.blue(h) > 0) as usize
                    + if has_clear::<R>() {
                        2 * (pos.clear(h) > 0) as usize
                    } else {
                        0
                    }
            })
            .sum()
    }

    #[inline]
    fn play(&self, pos: &Board, mv: Move) -> Board {
        if has_clear::<R>() {
            pos.play::<true>(mv.hole(), mv.colour(), sown::<R>(mv))
        } else {
            pos.play::<false>(mv.hole(), mv.colour(), sown::<R>(mv))
        }
    }

    fn end(&self, pos: &Board) -> Option<GameEnd> {
        ending::<R>(*pos)
    }

    /// No repetition rule: a repeated position does not end the game.
    fn repetition_end(&self, _pos: &Board) -> Option<GameEnd> {
        None
    }

    #[inline]
    fn key(&self, pos: &Board) -> Key {
        if has_clear::<R>() {
            pos.wide_key()
        } else {
            pos.key()
        }
    }

    #[inline]
    fn hash(&self, pos: &Board) -> u64 {
        let (a, b) = self.key(pos);
        packing::mix(a, b)
    }

    #[inline]
    fn evaluate(&self, pos: &Board) -> i32 {
        R::eval().evaluate(*pos)
    }

    fn evaluation_terms(&self, pos: &Board) -> Vec<(&'static str, i32)> {
        R::eval().terms(*pos)
    }

    fn parse_move(&self, pos: &Board, text: &str) -> Result<Move, GameError> {
        let (hole, colour, clear) = notation::parse_move(text, has_clear::<R>())?;
        if ending::<R>(*pos).is_some() {
            return Err(GameError::new(format!(
                "illegal move {}: the game is over",
                text.trim()
            )));
        }
        let mv = if clear {
            Move::transparent(hole, colour)
        } else {
            Move::new(hole, colour)
        };
        match illegality(*pos, mv) {
            None => Ok(mv),
            Some(why) => Err(GameError::new(format!(
                "illegal move {}: {}",
                text.trim(),
                why.explain(mv)
            ))),
        }
    }

    fn format_move(&self, _pos: &Board, mv: Move) -> String {
        notation::format_move(mv.hole(), mv.colour(), mv.is_transparent())
    }

    fn parse_position(&self, text: &str) -> Result<Board, GameError> {
        notation::parse_position(text, HOLES as u32 * R::CLEAR_PER_HOLE, R::SEEDS)
    }

    fn format_position(&self, pos: &Board) -> String {
        notation::format_position(*pos)
    }

    fn render(&self, pos: &Board) -> String {
        notation::render(*pos, R::CELL)
    }
}

/// The tuner's view of the family's evaluation: feature set 16, starting
/// from the captured seeds alone (every weight 0), so that a fit depends
/// on its data only, not on the weights built into the binary.
impl<R: Rules> Features for R {
    const FEATURE_SET: u32 = features::FEATURE_SET;

    fn feature_name(i: usize) -> String {
        features::name(i)
    }

    fn features(&self, pos: &Board, out: &mut Vec<(usize, i32)>) {
        crate::game::push_nonzero(&features::values(*pos), out);
    }

    fn start_weights() -> Vec<i32> {
        vec![0; features::COUNT]
    }
}

#[cfg(test)]
mod tests;
