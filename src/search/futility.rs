//! Reverse futility pruning: a node near the leaves, outside the principal
//! variation, whose evaluation beats beta by a margin for every ply left is
//! taken to hold beta without a search, and returns its evaluation.
//!
//! Oware has no null move, but the idea needs none: the margin stands for
//! what the opponent could win back in the plies left. The leaves below are
//! scored after their captures (quiescence), so a position the evaluation
//! overrates because a capture is pending is mostly one whose parent's
//! search sees that capture. The margin and depth were tested by self-play
//! (`BENCHMARKS.md`, "Strength tests").

use super::score::Score;

/// The deepest remaining depth at which a node may be pruned.
pub const MAX_DEPTH: i32 = 5;

/// The margin per ply left, in centiseeds.
pub const MARGIN: i32 = 120;

/// Windows beyond which nothing is pruned: decided games and table values
/// are never settled by an evaluation.
pub const SCORE_LIMIT: i32 = 10_000;

const _: () = assert!(SCORE_LIMIT < Score::TB_CP);

/// Whether a node with `depth` plies left and the window's upper end `beta`
/// is shallow enough, and its window ordinary enough, to be pruned at all
/// (the caller evaluates the position only then).
#[inline]
pub fn may_prune(depth: i32, beta: i32) -> bool {
    depth <= MAX_DEPTH && beta.abs() < SCORE_LIMIT
}

/// Whether a node that [`may_prune`] with evaluation `stand` is pruned.
#[inline]
pub fn is_futile(depth: i32, stand: i32, beta: i32) -> bool {
    stand - MARGIN * depth >= beta
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shallow_nodes_with_an_ordinary_window_may_be_pruned() {
        assert!(may_prune(1, 0));
        assert!(may_prune(MAX_DEPTH, -SCORE_LIMIT + 1));
        assert!(!may_prune(MAX_DEPTH + 1, 0));
        assert!(!may_prune(1, SCORE_LIMIT));
        assert!(!may_prune(1, -SCORE_LIMIT));
        assert!(!may_prune(1, Score::DECISIVE - 3));
    }

    #[test]
    fn the_margin_grows_with_the_plies_left() {
        assert!(is_futile(1, MARGIN, 0));
        assert!(!is_futile(1, MARGIN - 1, 0));
        assert!(is_futile(2, 2 * MARGIN + 50, 50));
        assert!(!is_futile(3, 2 * MARGIN + 50, 50));
        // A position at beta is not pruned: it must beat it by the margin.
        assert!(!is_futile(1, 0, 0));
    }
}
