//! Razoring: a node a ply or two from the leaves, outside the principal
//! variation, whose evaluation lies far below alpha is first checked by
//! the captures alone (quiescence, null window at alpha). When even they
//! leave it at or below alpha, the node returns that value without trying
//! its quiet moves, which rarely win back so much so close to the leaves.
//! The margin and depth were tested by self-play (`BENCHMARKS.md`,
//! "Strength tests").

/// The deepest remaining depth at which a node is razored.
pub const MAX_DEPTH: i32 = 2;

/// How far below alpha, per ply left, the evaluation must lie, in
/// centiseeds.
pub const MARGIN: i32 = 70;

// Razoring runs only where reverse futility pruning may prune.
const _: () = assert!(MAX_DEPTH <= super::futility::MAX_DEPTH);

/// Whether a node with `depth` plies left and evaluation `stand` is
/// checked by its captures alone against `alpha`. The caller only asks
/// for windows that [`super::futility::may_prune`] allows.
#[inline]
pub fn is_hopeless(depth: i32, stand: i32, alpha: i32) -> bool {
    depth <= MAX_DEPTH && stand + MARGIN * depth <= alpha
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_shallow_nodes_far_below_alpha_are_razored() {
        assert!(is_hopeless(1, -MARGIN, 0));
        assert!(!is_hopeless(1, -MARGIN + 1, 0));
        assert!(is_hopeless(MAX_DEPTH, 50 - MARGIN * MAX_DEPTH, 50));
        assert!(!is_hopeless(MAX_DEPTH + 1, -10 * MARGIN, 0));
        // The margin grows with the plies left.
        assert!(!is_hopeless(2, -MARGIN, 0));
    }
}
