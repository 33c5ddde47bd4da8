//! Knowledge from outside the rules: an oracle that knows the outcome of
//! some positions of a game under perfect play (Oware's endgame tables).
//! The search asks it at every node and, where it knows the outcome, stops
//! there with a table score; where it only knows bounds on the outcome,
//! they cut the node off when they fall outside the window and bound the
//! value found. At the root it keeps only the moves that keep the known
//! outcome.

use super::{Game, History};

/// Perfect knowledge of some positions of a variant.
pub trait Oracle<G: Game>: Send + Sync {
    /// Bounds on the final totals `[south, north]` of the game from `pos`
    /// under perfect play: `[worst, best]` for the side to move (equal when
    /// the outcome is known), or `None` when nothing is known. `fresh` says
    /// that no reversible move was played since the last irreversible one
    /// (the history the repetition rule looks at holds only `pos`); some
    /// values and bounds are only known then.
    fn final_range(&self, pos: &G::Position, fresh: bool) -> Option<[[u32; 2]; 2]>;

    /// Starts fetching what a probe of `pos`, coming soon, will read, so
    /// that it does not wait for memory (the search calls it as it lists a
    /// node's children). Does nothing by default.
    fn prefetch(&self, _pos: &G::Position) {}

    /// The final totals of the game from `pos` under perfect play, when
    /// known exactly (see [`Oracle::final_range`]).
    fn final_scores(&self, pos: &G::Position, fresh: bool) -> Option<[u32; 2]> {
        self.final_range(pos, fresh)
            .filter(|[worst, best]| worst == best)
            .map(|[known, _]| known)
    }

    /// The moves among `moves` that keep the outcome known for `pos`
    /// reached through `history` (the last key is `pos`'s), in their
    /// order; `None` when the outcome of `pos` is not known, or no move
    /// of `moves` is known to keep it.
    fn keeping_moves(
        &self,
        pos: &G::Position,
        history: &History<G::Key>,
        moves: &[G::Move],
    ) -> Option<Vec<G::Move>>;

    /// One line for people on what the oracle knows of `pos` reached
    /// through `history` (the `d` command shows it).
    fn describe(&self, pos: &G::Position, history: &History<G::Key>) -> String;
}
