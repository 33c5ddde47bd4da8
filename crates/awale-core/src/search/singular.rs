//! Singular extension: at a node far from the leaves, the table's move is
//! searched a ply deeper when it is the only good one. The table's entry
//! says the move held a score `s` at nearly this depth; if every other
//! move, searched at about half the depth, stays below `s` minus a margin,
//! the position hangs on that move, and a mistake in its line costs the
//! most, so it gets the depth. In Oware a position often has one sowing
//! that holds and several that lose seeds; when the others all fall far
//! short (farther still in the principal variation), it gets two plies. When
//! instead another move reaches the bound and the bound is at least beta,
//! two moves hold the node above beta and it is cut off at once
//! (multi-cut); where the bound is below beta but the table's score is
//! not, the table's move is searched two plies shallower (negative
//! extension). The depth, margins and cut were tested by self-play
//! (`BENCHMARKS.md`, "Strength tests").

use super::futility::SCORE_LIMIT;
use super::tt::{Bound, Entry};

/// The shallowest remaining depth at which the table's move may be
/// extended.
pub const MIN_DEPTH: i32 = 8;

/// How far below the table's score, per ply left, every other move must
/// stay, in centiseeds.
pub const MARGIN: i32 = 3;

/// How much shallower than the node the table's entry may have been
/// searched and still be trusted.
pub const ENTRY_DEPTH_SLACK: i32 = 3;

/// The bound the other moves must fail low against, when the node with
/// `depth` plies left and table entry `entry` (its score `score` already
/// made relative to the node's ply) is a candidate: a lower bound or an
/// exact score, from a search nearly as deep, and not a decided game or a
/// table value (those need no extension and would make the margin
/// meaningless).
#[inline]
pub fn candidate(depth: i32, entry: &Entry, score: i32) -> Option<i32> {
    let trusted = matches!(entry.bound, Bound::Lower | Bound::Exact)
        && i32::from(entry.depth) >= depth - ENTRY_DEPTH_SLACK;
    (depth >= MIN_DEPTH && trusted && score.abs() < SCORE_LIMIT).then(|| score - MARGIN * depth)
}

/// The plies by which the table's move is searched shallower when another
/// move reached the singular bound, at a node whose table score is at
/// least beta but whose bound is not (no multi-cut): the move is not alone
/// in holding the node, so a cutoff from a shallower search will do, and a
/// failure there is caught by the other moves.
pub const NEGATIVE_EXTENSION: i32 = 2;

/// The plies by which the table's move is extended (negative: reduced)
/// when another move reached the singular bound, the table's score being
/// `score`: minus [`NEGATIVE_EXTENSION`] when that score is at least
/// `beta`, else none.
#[inline]
pub fn shared_extension(score: i32, beta: i32) -> i32 {
    if score >= beta {
        -NEGATIVE_EXTENSION
    } else {
        0
    }
}

/// How far below the singular bound the best of the other moves must stay,
/// in centiseeds, for the table's move to be searched two plies deeper
/// instead of one: the position hangs on it all the more.
pub const DOUBLE_MARGIN: i32 = 50;

/// The same margin at a node of the principal variation, whose nodes are
/// searched again at every iteration anyway: only a move that much more
/// alone gets the second ply there.
pub const PV_DOUBLE_MARGIN: i32 = 100;

/// The plies by which the table's move is extended once every other move
/// failed low against the singular `bound`, the best of them with
/// `best_other` (an upper bound on its value, from the null-window
/// search): two when they all stay [`DOUBLE_MARGIN`] below it
/// ([`PV_DOUBLE_MARGIN`] in the principal variation), else one.
#[inline]
pub fn extension(bound: i32, best_other: i32, pv_node: bool) -> i32 {
    let margin = if pv_node {
        PV_DOUBLE_MARGIN
    } else {
        DOUBLE_MARGIN
    };
    if best_other < bound - margin {
        2
    } else {
        1
    }
}

/// Whether a node whose other move reached the singular `bound` is cut
/// off at once (multi-cut): outside the principal variation, when the
/// bound is at least `beta`, the table's move (which held more than the
/// bound) and that move both hold the node above beta.
#[inline]
pub fn multi_cut(bound: i32, beta: i32, pv_node: bool) -> bool {
    !pv_node && bound >= beta
}

/// The depth handed to each other move's search (which searches one ply
/// less below it): a ply under half the node's, so that the test is cheap;
/// a move it misses is still searched in full when the table's move fails.
#[inline]
pub fn verification_depth(depth: i32) -> i32 {
    (depth - 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u8, bound: Bound) -> Entry {
        Entry {
            score: 0,
            depth,
            move_index: Some(0),
            bound,
        }
    }

    #[test]
    fn only_deep_nodes_with_a_trusted_lower_bound_are_candidates() {
        let d = MIN_DEPTH;
        let e = entry(d as u8, Bound::Lower);
        assert_eq!(candidate(d, &e, 40), Some(40 - MARGIN * d));
        assert_eq!(
            candidate(d, &entry(d as u8, Bound::Exact), 40),
            Some(40 - MARGIN * d)
        );
        // Too shallow a node, an upper bound, an entry from a search too
        // shallow, or a decided score: no extension.
        assert_eq!(candidate(d - 1, &entry(d as u8, Bound::Lower), 40), None);
        assert_eq!(candidate(d, &entry(d as u8, Bound::Upper), 40), None);
        let shallow = (d - ENTRY_DEPTH_SLACK - 1) as u8;
        assert_eq!(candidate(d, &entry(shallow, Bound::Lower), 40), None);
        let slack = (d - ENTRY_DEPTH_SLACK) as u8;
        assert!(candidate(d, &entry(slack, Bound::Lower), 40).is_some());
        assert_eq!(candidate(d, &e, SCORE_LIMIT), None);
        assert_eq!(candidate(d, &e, -SCORE_LIMIT), None);
    }

    #[test]
    fn only_a_bound_at_or_above_beta_outside_the_pv_cuts() {
        assert!(multi_cut(50, 50, false));
        assert!(multi_cut(51, 50, false));
        assert!(!multi_cut(49, 50, false));
        assert!(!multi_cut(60, 50, true));
    }

    #[test]
    fn moves_far_below_the_bound_double_the_extension() {
        let bound = 40;
        assert_eq!(extension(bound, bound - DOUBLE_MARGIN - 1, false), 2);
        assert_eq!(extension(bound, bound - DOUBLE_MARGIN, false), 1);
        assert_eq!(extension(bound, bound - 1, false), 1);
        // The principal variation asks for more.
        assert_eq!(extension(bound, bound - DOUBLE_MARGIN - 1, true), 1);
        assert_eq!(extension(bound, bound - PV_DOUBLE_MARGIN, true), 1);
        assert_eq!(extension(bound, bound - PV_DOUBLE_MARGIN - 1, true), 2);
    }

    #[test]
    fn a_table_move_that_shares_the_node_is_searched_shallower_above_beta() {
        assert_eq!(shared_extension(50, 50), -NEGATIVE_EXTENSION);
        assert_eq!(shared_extension(80, 50), -NEGATIVE_EXTENSION);
        assert_eq!(shared_extension(49, 50), 0);
    }

    #[test]
    fn the_other_moves_are_searched_at_a_little_under_half_the_depth() {
        assert_eq!(verification_depth(8), 3);
        assert_eq!(verification_depth(9), 4);
        assert_eq!(verification_depth(14), 6);
        assert!(verification_depth(MIN_DEPTH) < MIN_DEPTH);
        assert!(verification_depth(MIN_DEPTH) >= 1);
    }
}
