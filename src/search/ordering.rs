//! Move ordering: the table's move first, then captures by size, then the
//! two killer moves of the ply, then the rest by the history heuristic.
//!
//! Moves are generic, so the history table is indexed by a small hash of the
//! move (its `Hash` impl fed to a multiply-shift hasher) and the side to
//! move; collisions only blur the ordering, never the result.

use std::hash::{Hash, Hasher};

/// Order key of a capture of `n` seeds: above every quiet move.
#[inline]
pub fn capture_key(n: u32) -> i32 {
    1 << 24 | (n.min(1 << 16) as i32) << 4
}
/// Order key of the first killer.
pub const KILLER_1: i32 = 1 << 23;
/// Order key of the second killer.
pub const KILLER_2: i32 = (1 << 23) - 1;
const HISTORY_MAX: i32 = 1 << 20;
const HISTORY_BITS: u32 = 10;

/// A multiply-shift hasher for moves (a few bytes each).
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
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
}

#[inline]
fn slot<M: Hash>(mv: &M, side: usize) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    ((h.finish() >> (64 - HISTORY_BITS)) as usize) | side << HISTORY_BITS
}

/// Killer moves per ply and the history counters of one search thread.
#[derive(Clone, Debug)]
pub struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    /// Empty tables for `plies` plies.
    pub fn new(plies: usize) -> Heuristics<M> {
        Heuristics {
            killers: vec![[None, None]; plies],
            history: vec![0; 2 << HISTORY_BITS],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Forgets the killers and halves the history (between searches).
    pub fn age(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// The order key of a non-capturing move.
    #[inline]
    pub fn quiet_key(&self, mv: M, side: usize, ply: usize) -> i32 {
        let k = &self.killers[ply];
        if k[0] == Some(mv) {
            KILLER_1
        } else if k[1] == Some(mv) {
            KILLER_2
        } else {
            self.history[slot(&mv, side)]
        }
    }

    /// Records a quiet move that caused a cutoff at `depth`.
    #[inline]
    pub fn cutoff(&mut self, mv: M, side: usize, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[slot(&mv, side)];
        *h += depth * depth;
        if *h >= HISTORY_MAX {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
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
    fn keys_rank_captures_killers_history() {
        let mut h = Heuristics::<u8>::new(4);
        assert!(capture_key(2) > capture_key(1));
        assert!(capture_key(1) > KILLER_1);
        h.cutoff(3, 0, 1, 5);
        h.cutoff(4, 0, 1, 2);
        assert_eq!(h.quiet_key(4, 0, 1), KILLER_1);
        assert_eq!(h.quiet_key(3, 0, 1), KILLER_2);
        assert!(h.quiet_key(3, 0, 2) > 0 && h.quiet_key(3, 0, 2) < KILLER_2);
        assert_eq!(h.quiet_key(3, 1, 2), 0, "per side");
        let mut v = vec![(1, 'a'), (5, 'b'), (3, 'c'), (5, 'd')];
        sort_by_key_desc(&mut v);
        assert_eq!(v, vec![(5, 'b'), (5, 'd'), (3, 'c'), (1, 'a')]);
    }
}
