//! Move ordering: the table's move first (tried before the others are even
//! played), then captures by size (seeds taken = the mover's score change),
//! then the quiet moves by their history: how often, and how deep, each
//! quiet move of the side to move refuted a position lately. Late-move
//! reductions make this order matter: the moves it puts last are searched
//! shallower first.
//!
//! There are no killer moves: with six moves a node, once the table's move
//! and the captures come first, they find little to reorder and only make
//! the tree larger.

use std::hash::{Hash, Hasher};

/// Order key of a capture of `n` seeds: above every quiet move.
#[inline]
pub fn capture_key(n: u32) -> i32 {
    1 << 24 | (n.min(1 << 16) as i32) << 4
}
/// Order key of a quiet move whose history value is `value`: below every
/// capture.
#[inline]
pub fn quiet_key(value: i32) -> i32 {
    value.clamp(-HISTORY_MAX, HISTORY_MAX)
}

/// Whether `key` is a quiet move's (not a capture's).
#[inline]
pub fn is_quiet(key: i32) -> bool {
    key < capture_key(1)
}

/// The bound of a history value (both signs).
const HISTORY_MAX: i32 = 1 << 14;
/// Bits of a move's slot in a side's half of the history table.
const HISTORY_BITS: u32 = 8;

/// A multiply-shift hasher for moves (a byte or a few each).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
}

/// The history of quiet moves of one search thread: per side and move, a
/// value raised when the move refuted a position and lowered when it was
/// tried before the move that did. Moves are generic, so a move's slot is a
/// small hash of it; collisions only blur the order, never a result.
#[derive(Clone, Debug)]
pub struct QuietHistory {
    values: Vec<i32>,
}

impl Default for QuietHistory {
    fn default() -> QuietHistory {
        QuietHistory {
            values: vec![0; 2 << HISTORY_BITS],
        }
    }
}

impl QuietHistory {
    #[inline]
    fn slot<M: Hash>(mv: &M, side: usize) -> usize {
        let mut h = MoveHasher::default();
        mv.hash(&mut h);
        (h.finish() >> (64 - HISTORY_BITS)) as usize | (side & 1) << HISTORY_BITS
    }

    /// Forgets everything (a new game, or a bench position).
    pub fn clear(&mut self) {
        self.values.iter_mut().for_each(|v| *v = 0);
    }

    /// The history value of `mv` for `side`, within `±HISTORY_MAX`.
    #[inline]
    pub fn value<M: Hash>(&self, mv: &M, side: usize) -> i32 {
        self.values[Self::slot(mv, side)]
    }

    /// Records that `mv` refuted a position `depth` plies from the leaves
    /// (`good`), or was tried there before the move that did (`!good`).
    /// The change shrinks as the value nears its bound, so values stay
    /// within it and recent results weigh more than old ones.
    #[inline]
    pub fn update<M: Hash>(&mut self, mv: &M, side: usize, depth: i32, good: bool) {
        let bonus = (depth * depth).min(HISTORY_MAX / 8);
        let bonus = if good { bonus } else { -bonus };
        let v = &mut self.values[Self::slot(mv, side)];
        *v += bonus - *v * bonus.abs() / HISTORY_MAX;
    }
}

/// Sorts `items` by decreasing key (insertion sort: lists are short).
#[inline]
pub fn sort_by_key_desc<T: Copy>(items: &mut [(i32, T)]) {
    for i in 1..items.len() {
        let x = items[i];
        let mut j = i;
        while j > 0 && items[j - 1].0 < x.0 {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_rank_by_size_above_quiet_moves() {
        assert!(capture_key(2) > capture_key(1));
        assert!(capture_key(1) > 0);
        // Quiet moves, whatever their history, stay below every capture.
        assert!(quiet_key(i32::MAX) < capture_key(1));
        assert!(is_quiet(quiet_key(i32::MAX)) && is_quiet(quiet_key(i32::MIN)));
        assert!(!is_quiet(capture_key(1)));
        let mut v = vec![(1, 'a'), (5, 'b'), (3, 'c'), (5, 'd')];
        sort_by_key_desc(&mut v);
        assert_eq!(v, vec![(5, 'b'), (5, 'd'), (3, 'c'), (1, 'a')]);
    }

    #[test]
    fn history_rewards_refutations_and_stays_bounded() {
        let mut h = QuietHistory::default();
        assert_eq!(h.value(&3u8, 0), 0);
        h.update(&3u8, 0, 10, true);
        h.update(&4u8, 0, 10, false);
        assert!(h.value(&3u8, 0) > 0 && h.value(&4u8, 0) < 0);
        // Deeper refutations count more.
        let mut deep = QuietHistory::default();
        deep.update(&3u8, 0, 20, true);
        assert!(deep.value(&3u8, 0) > h.value(&3u8, 0));
        // The other side's value of the same move is its own.
        assert_eq!(h.value(&3u8, 1), 0);
        for _ in 0..10_000 {
            h.update(&3u8, 0, 60, true);
            h.update(&4u8, 0, 60, false);
        }
        assert!(h.value(&3u8, 0) <= HISTORY_MAX && h.value(&4u8, 0) >= -HISTORY_MAX);
        assert!(quiet_key(h.value(&3u8, 0)) > quiet_key(h.value(&4u8, 0)));
        h.clear();
        assert_eq!(h.value(&3u8, 0), 0);
    }
}
