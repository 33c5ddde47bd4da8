//! The game abstraction: the one trait through which everything above the
//! rules (perft, search, protocol, referee) sees a variant.
//!
//! A variant is a small value holding its rule options (e.g. Oware's
//! `GrandSlam`); positions and moves are small `Copy` values that the variant
//! interprets. Playing is copy-make: [`Game::play`] returns a new position and
//! never mutates the old one, so undoing a move is simply dropping a value.

mod features;
mod history;
mod line;
mod options;
mod oracle;
#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

pub use features::{group_terms, push_nonzero, Features, Group};
pub use history::History;
pub use line::{game_end, Line, Step};
pub use options::{parse_bool, OptionInfo, OptionKind};
pub use oracle::Oracle;

/// Defines an enum of two values numbered 0 and 1 in the order written
/// (the index into two-element arrays), each written with one letter, with
/// `BOTH` listing them in that order and `letter` giving a value's letter:
/// what [`Side`] and the colour variants' colours have in common.
macro_rules! pair_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(#[$first_meta:meta])* $first:ident => $first_letter:literal,
            $(#[$second_meta:meta])* $second:ident => $second_letter:literal $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $(#[$first_meta])*
            $first = 0,
            $(#[$second_meta])*
            $second = 1,
        }

        impl $name {
            /// Both values, in index order: the order of the two-element
            /// arrays indexed by them.
            pub const BOTH: [$name; 2] = [$name::$first, $name::$second];

            /// The letter the value is written with.
            pub fn letter(self) -> char {
                match self {
                    $name::$first => $first_letter,
                    $name::$second => $second_letter,
                }
            }
        }
    };
}
pub(crate) use pair_enum;

pair_enum! {
    /// One of the two players. South (player 1) moves first in every
    /// variant; South's score comes first in score arrays.
    pub enum Side {
        /// Player 1, written `S` in position strings.
        South => 'S',
        /// Player 2, written `N` in position strings.
        North => 'N',
    }
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into `[south, north]` arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of an index: South for 0, North for any other (the inverse
    /// of [`Side::index`]).
    #[inline]
    pub fn from_index(index: usize) -> Side {
        if index == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// Parses the side letter of a position string (`S` or `N`, any case).
    pub fn from_letter(text: &str) -> Result<Side, GameError> {
        match text {
            "S" | "s" => Ok(Side::South),
            "N" | "n" => Ok(Side::North),
            _ => Err(GameError::new(format!(
                "unknown side to move '{text}' (expected S or N)"
            ))),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player reached the winning total (25 in `oware`).
    Target,
    /// Both players reached the drawing total (24-24 in `oware`).
    EvenSplit,
    /// The player to move had no legal move; each side collected its own seeds.
    NoLegalMove,
    /// A position repeated since the last capture; each side collected its own seeds.
    Repetition,
    /// Too few seeds were left on the board (the `colors16` ending).
    FewSeeds,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Target => "a player reached the winning total",
            EndReason::EvenSplit => "both players reached the drawing total",
            EndReason::NoLegalMove => "the player to move has no legal move",
            EndReason::Repetition => "a position repeated since the last capture",
            EndReason::FewSeeds => "too few seeds are left on the board",
        })
    }
}

/// A finished game: why it ended and the final captured totals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// Why the game ended.
    pub reason: EndReason,
    /// Final totals `[south, north]`, after any seeds left on the board were collected.
    pub scores: [u32; 2],
}

impl GameEnd {
    /// The ending by the captured totals alone, in a variant with a winning
    /// total: [`EndReason::Target`] once a player has `win` or more,
    /// [`EndReason::EvenSplit`] when both have `draw`, else `None`.
    #[inline]
    pub fn by_scores(scores: [u32; 2], win: u32, draw: u32) -> Option<GameEnd> {
        let reason = if scores[0] >= win || scores[1] >= win {
            EndReason::Target
        } else if scores == [draw, draw] {
            EndReason::EvenSplit
        } else {
            return None;
        };
        Some(GameEnd { reason, scores })
    }

    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// An error from the rules layer: a malformed or illegal move, a bad position
/// string or an unknown option. The message names the problem for a person.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct GameError {
    message: String,
}

impl GameError {
    /// Wraps a message that says what is wrong.
    pub fn new(message: impl Into<String>) -> GameError {
        GameError {
            message: message.into(),
        }
    }
}

/// What a position tells alike in every variant: whose turn it is and the
/// seeds each side has captured. [`Game`] reads the side to move and the
/// scores through it, so a variant writes them once, on its board.
pub trait Scoreboard: Copy {
    /// 0 when South is to move, 1 when North is.
    fn side(self) -> usize;

    /// Seeds captured by South (0) or North (1).
    fn score(self, side: usize) -> u32;

    /// The seeds the side to move has captured less the opponent's, in
    /// centiseeds (100 a seed, the unit of every evaluation): the part of
    /// an evaluation that is not fitted.
    #[inline(always)]
    fn captured_lead(self) -> i32 {
        let me = self.side();
        100 * (self.score(me) as i32 - self.score(1 - me) as i32)
    }
}

/// A variant of the game: its rules, options, notation and evaluation.
///
/// Contract shared by every implementation:
/// - [`Game::legal_moves`] is empty exactly when the game is over by the
///   position alone ([`Game::end`] returns `Some`); repetition, which needs
///   the history, is the caller's business through [`History`] and
///   [`Game::repetition_end`].
/// - [`Game::play`] is only called with a move from [`Game::legal_moves`].
/// - Keys of two positions are equal exactly when the positions are equal,
///   so keys serve for repetition detection.
pub trait Game: Clone + Default + Send + Sync + 'static {
    /// A position: board, captured totals and side to move.
    type Position: Scoreboard + Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// A move: small enough to store in table entries.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// A fixed-capacity list of moves (no allocation during search).
    type Moves: Default
        + Clone
        + fmt::Debug
        + Deref<Target = [Self::Move]>
        + DerefMut
        + Send
        + Sync
        + 'static;
    /// The compact packed form of a position, used for repetitions and hashing.
    type Key: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The variant's name as used by `--variant` and the `Variant` option.
    fn name(&self) -> &'static str;

    /// The options this variant understands, with their current values;
    /// none by default.
    fn options(&self) -> Vec<OptionInfo> {
        Vec::new()
    }

    /// Sets an option by its (case-insensitive) name. By default the
    /// variant has no rule options, and every name is refused.
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), GameError> {
        Err(GameError::new(format!(
            "unknown option '{name}': variant {} has no rule options",
            self.name()
        )))
    }

    /// The starting position.
    fn start(&self) -> Self::Position;

    /// Whose turn it is.
    #[inline]
    fn side_to_move(&self, pos: &Self::Position) -> Side {
        Side::from_index(pos.side())
    }

    /// Seeds captured so far, `[south, north]`.
    #[inline]
    fn scores(&self, pos: &Self::Position) -> [u32; 2] {
        [pos.score(0), pos.score(1)]
    }

    /// Fills `moves` with the legal moves (clearing it first); empty when the
    /// game is over.
    fn legal_moves(&self, pos: &Self::Position, moves: &mut Self::Moves);

    /// The number of legal moves; variants override it where counting is
    /// cheaper than listing (perft counts its last ply this way).
    fn count_legal_moves(&self, pos: &Self::Position) -> usize {
        let mut moves = Self::Moves::default();
        self.legal_moves(pos, &mut moves);
        moves.len()
    }

    /// Plays a legal move and returns the new position (copy-make).
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The number of move paths of two plies from `pos`, the last two plies
    /// of [`crate::perft::perft`] and its hot loop: the legal moves of every
    /// child are counted, except that a child reached by a reversible move
    /// (see [`Game::is_irreversible`]) whose key `repeats` says occurred
    /// before, and which the variant ends by repetition
    /// ([`Game::repetition_end`] is `Some`), counts 0. `pos` itself is not
    /// tested for repetition. `repeats` may be asked about other children
    /// too, but its answer only counts for those reached by reversible moves.
    ///
    /// The default plays every legal move
    /// ([`count_two_plies_by_playing`]); a variant may fuse the steps, and
    /// must then return the same count.
    fn count_two_plies(
        &self,
        pos: &Self::Position,
        repeats: impl FnMut(&Self::Key) -> bool,
    ) -> u64 {
        count_two_plies_by_playing(self, pos, repeats)
    }

    /// Whether the move from `before` to `after` can never be undone by a
    /// cycle (a capture, a placement): positions before it cannot repeat after
    /// it, so repetition scans stop there. The default says so when any score
    /// changed, which is exact for every sowing game.
    fn is_irreversible(&self, before: &Self::Position, after: &Self::Position) -> bool {
        self.scores(before) != self.scores(after)
    }

    /// The fewest plies between two equal positions of a run of reversible
    /// moves: a repetition scan may skip the positions fewer plies back.
    /// The default, 2, assumes nothing (positions an odd number of plies
    /// apart differ by the side to move); a variant returns more only with
    /// a proof.
    fn min_repetition_plies(&self) -> usize {
        2
    }

    /// How the game stands on the position alone: `None` while it goes on.
    fn end(&self, pos: &Self::Position) -> Option<GameEnd>;

    /// The ending when `pos` repeats a position since the last capture, or
    /// `None` when the variant has no repetition rule.
    fn repetition_end(&self, pos: &Self::Position) -> Option<GameEnd>;

    /// The compact packed form of the position.
    fn key(&self, pos: &Self::Position) -> Self::Key;

    /// A well-mixed 64-bit hash of the position for the transposition table.
    fn hash(&self, pos: &Self::Position) -> u64;

    /// Static evaluation from the side to move, in hundredths of a seed.
    /// The default is the capture difference.
    fn evaluate(&self, pos: &Self::Position) -> i32 {
        let scores = self.scores(pos);
        let me = self.side_to_move(pos).index();
        (scores[me] as i32 - scores[1 - me] as i32) * 100
    }

    /// How much a centiseed weighs in [`Game::evaluate`] at `pos`, in
    /// 64ths: an evaluation that grows its scores where they predict the
    /// result more surely (Oware: as the seeds on the board dwindle) says
    /// so here, and the search compares its pruning margins, set in plain
    /// centiseeds, with its scores divided by this. The default is 64.
    fn evaluation_scale(&self, _pos: &Self::Position) -> i32 {
        64
    }

    /// The evaluation split into named terms (each from the side to move, in
    /// hundredths of a seed) whose sum is [`Game::evaluate`]; the protocol's
    /// `eval` command prints them.
    fn evaluation_terms(&self, pos: &Self::Position) -> Vec<(&'static str, i32)> {
        vec![("captured difference", self.evaluate(pos))]
    }

    /// Parses a move in any accepted notation and checks that it is legal.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, GameError>;

    /// Writes a move in the notation the engine prints.
    fn format_move(&self, pos: &Self::Position, mv: Self::Move) -> String;

    /// Parses a position string.
    fn parse_position(&self, text: &str) -> Result<Self::Position, GameError>;

    /// Writes a position string; [`Game::parse_position`] reads it back.
    fn format_position(&self, pos: &Self::Position) -> String;

    /// A multi-line drawing of the board for people.
    fn render(&self, pos: &Self::Position) -> String;
}

/// [`Game::count_two_plies`] by the book: list the moves, play each one,
/// test the child for repetition, count the child's moves. The default of
/// the trait method, and the reference a variant's own version is checked
/// against.
pub fn count_two_plies_by_playing<G: Game>(
    game: &G,
    pos: &G::Position,
    mut repeats: impl FnMut(&G::Key) -> bool,
) -> u64 {
    let mut moves = G::Moves::default();
    game.legal_moves(pos, &mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let next = game.play(pos, mv);
        let repeated = !game.is_irreversible(pos, &next)
            && repeats(&game.key(&next))
            && game.repetition_end(&next).is_some();
        if !repeated {
            total += game.count_legal_moves(&next) as u64;
        }
    }
    total
}

/// Parses a whitespace-separated list of moves and plays them from `pos`,
/// recording each position in `history`. On error nothing is returned and the
/// caller's state is untouched. A thin user of [`Line::play_all`].
pub fn play_moves<G: Game>(
    game: &G,
    pos: G::Position,
    history: &History<G::Key>,
    moves: &str,
) -> Result<(G::Position, History<G::Key>), GameError> {
    let mut line = Line::resume(game.clone(), pos, history.clone());
    line.play_all(moves)?;
    Ok((*line.position(), line.into_history()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_round_trip_through_their_index() {
        for side in Side::BOTH {
            assert_eq!(Side::from_index(side.index()), side);
        }
    }

    /// Captured seeds `[south, north]` and the side to move.
    #[derive(Clone, Copy)]
    struct Scores([u32; 2], usize);

    impl Scoreboard for Scores {
        fn side(self) -> usize {
            self.1
        }

        fn score(self, side: usize) -> u32 {
            self.0[side]
        }
    }

    #[test]
    fn the_captured_lead_is_the_movers_in_centiseeds() {
        assert_eq!(Scores([10, 4], 0).captured_lead(), 600);
        assert_eq!(Scores([10, 4], 1).captured_lead(), -600);
        assert_eq!(Scores([0, 0], 1).captured_lead(), 0);
    }

    #[test]
    fn endings_by_scores() {
        let end = |scores| GameEnd::by_scores(scores, 25, 24).map(|e| e.reason);
        assert_eq!(end([25, 0]), Some(EndReason::Target));
        assert_eq!(end([3, 26]), Some(EndReason::Target));
        assert_eq!(end([24, 24]), Some(EndReason::EvenSplit));
        assert_eq!(end([24, 23]), None);
    }
}
