//! Knowledge from outside the search: an oracle that knows the outcome of
//! some positions under perfect play (the endgame tables). The search asks
//! it at every node and, where it answers, stops there with an exact score.

use crate::game::Game;

/// Perfect knowledge of some positions of a variant.
pub trait Oracle<G: Game>: Send + Sync {
    /// The final totals `[south, north]` of the game from `pos` under
    /// perfect play, when known. `fresh` says that no reversible move was
    /// played since the last irreversible one (the history the repetition
    /// rule looks at holds only `pos`); some values are only known then.
    fn final_scores(&self, pos: &G::Position, fresh: bool) -> Option<[u32; 2]>;
}
