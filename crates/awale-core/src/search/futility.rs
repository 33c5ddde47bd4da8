//! Futility pruning, both ways, at nodes near the leaves outside the
//! principal variation:
//! - reverse: a node whose evaluation beats beta by a margin for every ply
//!   left is taken to hold beta without a search, and returns its
//!   evaluation;
//! - of quiet moves: at a node whose evaluation lies a margin per ply left
//!   below alpha, once one move has been searched, the moves that capture
//!   nothing are skipped, since so near the leaves a quiet move seldom wins
//!   back what the position lacks; the captures, which might, are still
//!   tried.
//!
//! A side whose evaluation rose since its previous turn (two plies up the
//! path) is *improving*: its reverse futility margin counts a ply less, as
//! a position on the way up is less likely to fall back below beta (and
//! the late moves of a side that is not are reduced a ply more, in
//! [`super::negamax::late_move_reduction`]).
//!
//! Oware has no null move, but the idea needs none: the margin stands for
//! what the opponent could win back in the plies left. The leaves below are
//! scored after their captures (quiescence), so a position the evaluation
//! overrates because a capture is pending is mostly one whose parent's
//! search sees that capture. The margins and depths were tested by self-play
//! (`BENCHMARKS.md`, "Strength tests").

use super::score::Score;

/// The deepest remaining depth at which a node may be pruned.
pub const MAX_DEPTH: i32 = 5;

/// The margin per ply left of reverse futility pruning, in centiseeds.
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

/// Whether a node that [`may_prune`] with evaluation `stand` is pruned: it
/// must beat beta by the margin of its plies left, a ply fewer when its
/// side is [`improving`] (its position getting better, it is less likely to
/// fall back below beta in the plies left).
#[inline]
pub fn is_futile(depth: i32, stand: i32, beta: i32, improving: bool) -> bool {
    stand - MARGIN * (depth - i32::from(improving)) >= beta
}

/// Whether the side to move is improving: its evaluation `now` beats
/// `before`, its evaluation two plies up the path (its previous turn).
/// Where that one was not computed (next to the root, at a parallel
/// task's first nodes) it is not.
#[inline]
pub fn improving(now: i32, before: Option<i32>) -> bool {
    before.is_some_and(|before| now > before)
}

/// The deepest remaining depth at which quiet moves are skipped.
pub const QUIET_MAX_DEPTH: i32 = 4;

/// The margin per ply left below alpha under which quiet moves are
/// skipped, in centiseeds.
pub const QUIET_MARGIN: i32 = 60;

// Quiet moves are skipped only where the node's evaluation is computed.
const _: () = assert!(QUIET_MAX_DEPTH <= MAX_DEPTH);

/// Whether, at a node that [`may_prune`] with `depth` plies left and
/// evaluation `stand`, the quiet moves not yet searched are skipped while
/// the window's lower end is `alpha`.
#[inline]
pub fn skips_quiet_moves(depth: i32, stand: i32, alpha: i32) -> bool {
    depth <= QUIET_MAX_DEPTH && stand + QUIET_MARGIN * depth <= alpha
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
        assert!(is_futile(1, MARGIN, 0, false));
        assert!(!is_futile(1, MARGIN - 1, 0, false));
        assert!(is_futile(2, 2 * MARGIN + 50, 50, false));
        assert!(!is_futile(3, 2 * MARGIN + 50, 50, false));
        // A position at beta is not pruned: it must beat it by the margin.
        assert!(!is_futile(1, 0, 0, false));
    }

    #[test]
    fn an_improving_side_is_pruned_with_a_ply_less_of_margin() {
        assert!(is_futile(3, 2 * MARGIN + 50, 50, true));
        assert!(!is_futile(3, 2 * MARGIN + 49, 50, true));
        // A ply from the leaves, an improving side at beta is pruned.
        assert!(is_futile(1, 0, 0, true));
        assert!(!is_futile(1, -1, 0, true));
        assert!(improving(10, Some(9)));
        assert!(!improving(10, Some(10)));
        assert!(!improving(10, None));
    }

    #[test]
    fn quiet_moves_are_skipped_only_near_the_leaves_far_below_alpha() {
        assert!(skips_quiet_moves(1, -QUIET_MARGIN, 0));
        assert!(!skips_quiet_moves(1, -QUIET_MARGIN + 1, 0));
        assert!(skips_quiet_moves(
            QUIET_MAX_DEPTH,
            20 - QUIET_MARGIN * QUIET_MAX_DEPTH,
            20
        ));
        assert!(!skips_quiet_moves(
            QUIET_MAX_DEPTH + 1,
            -100 * QUIET_MARGIN,
            0
        ));
        // The margin grows with the plies left.
        assert!(!skips_quiet_moves(2, -QUIET_MARGIN, 0));
    }
}
