//! The positions of a game since its last irreversible move, for the
//! repetition rule.

/// A stack of position keys with, for each one, where its run of reversible
/// moves began. Pushing and popping are O(1); the repetition test scans only
/// the positions since the last capture with the same side to move, which is
/// a handful in practice, so move generation never pays for the history.
///
/// The scan steps back two plies at a time: in every variant the sides
/// alternate on every ply, and keys include the side to move, so positions an
/// odd number of plies apart can never be equal.
#[derive(Debug, PartialEq, Eq)]
pub struct History<K> {
    keys: Vec<K>,
    /// The index where each run still open began, oldest first: one entry
    /// per irreversible move recorded (plus the start), so reversible moves,
    /// the common case, push and pop only `keys`.
    run_starts: Vec<u32>,
    /// The last entry of `run_starts`, kept at hand for the scans.
    run_start: usize,
}

/// Cloning keeps the copy's buffers: the parallel search copies a path
/// into a reused worker for every task, which must not allocate.
impl<K: Clone> Clone for History<K> {
    fn clone(&self) -> Self {
        History {
            keys: self.keys.clone(),
            run_starts: self.run_starts.clone(),
            run_start: self.run_start,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.keys.clone_from(&source.keys);
        self.run_starts.clone_from(&source.run_starts);
        self.run_start = source.run_start;
    }
}

impl<K: Copy + Eq> History<K> {
    /// A history holding only the starting position.
    pub fn new(start: K) -> History<K> {
        let mut keys = Vec::with_capacity(256);
        keys.push(start);
        let mut run_starts = Vec::with_capacity(64);
        run_starts.push(0);
        History {
            keys,
            run_starts,
            run_start: 0,
        }
    }

    /// Records the position reached by a move; `irreversible` says the move
    /// captured (or otherwise made every earlier position unreachable).
    #[inline]
    pub fn push(&mut self, key: K, irreversible: bool) {
        if irreversible {
            self.run_start = self.keys.len();
            self.run_starts.push(self.run_start as u32);
        }
        self.keys.push(key);
    }

    /// Forgets the last recorded position (never the first one).
    #[inline]
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
            if self.run_start == self.keys.len() {
                // The entry removed began the current run: its move was
                // irreversible (index 0, the only other run start, stays).
                self.run_starts.pop();
                self.run_start = self.run_starts[self.run_starts.len() - 1] as usize;
            }
        }
    }

    /// The key of the current (last recorded) position.
    #[inline]
    pub fn last(&self) -> K {
        self.keys[self.keys.len() - 1]
    }

    /// Number of recorded positions, the starting one included.
    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Always false: a history holds at least its starting position.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Plies played since the last irreversible move.
    #[inline]
    pub fn reversible_plies(&self) -> usize {
        self.keys.len() - 1 - self.run_start
    }

    /// Whether the current position already occurred since the last
    /// irreversible move.
    #[inline]
    pub fn is_repetition(&self) -> bool {
        // The current position is the last key; the others of its side are
        // the last-but-two, last-but-four, ... of the run.
        let n = self.keys.len();
        n >= 2 && Self::every_other_back(self.run_slice(n - 2), self.last())
    }

    /// Whether `key`, as the position after one more reversible move, would
    /// repeat a position of the current run. Lets a caller test a child
    /// without pushing it.
    #[inline]
    pub fn would_repeat(&self, key: K) -> bool {
        // The child is one ply beyond the last key: the positions with its
        // side to move are the last-but-one, last-but-three, ... of the run.
        Self::every_other_back(self.run_slice(self.keys.len() - 1), key)
    }

    /// [`History::would_repeat`] when equal positions are known to be at
    /// least `min_plies` apart (see [`crate::game::Game::min_repetition_plies`]):
    /// the positions of the run fewer plies before the child are skipped.
    #[inline]
    pub fn would_repeat_after(&self, key: K, min_plies: usize) -> bool {
        // The child would be at index `len`; the last candidate is at
        // `len - min_plies`, so the slice ends just after it.
        let end = (self.keys.len() + 1).saturating_sub(min_plies.max(2));
        Self::every_other_back(self.run_slice(end), key)
    }

    /// The keys of the current run before index `end` (empty when the run
    /// starts at or after `end`).
    #[inline(always)]
    fn run_slice(&self, end: usize) -> &[K] {
        self.keys.get(self.run_start..end).unwrap_or(&[])
    }

    /// Whether `key` is the last, third-to-last, fifth-to-last, ... element
    /// of `run`.
    #[inline(always)]
    fn every_other_back(run: &[K], key: K) -> bool {
        // Compiles to a pointer walk with no bounds checks.
        run.iter().rev().step_by(2).any(|&earlier| earlier == key)
    }

    /// The recorded keys, oldest first.
    pub fn keys(&self) -> &[K] {
        &self.keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_a_repeat_two_plies_back() {
        let mut h = History::new(1u32);
        h.push(2, false);
        assert!(!h.is_repetition());
        h.push(1, false);
        assert!(h.is_repetition());
        h.pop();
        assert!(!h.is_repetition());
        assert!(h.would_repeat(1));
        assert!(!h.would_repeat(3));
    }

    #[test]
    fn ignores_positions_before_an_irreversible_move() {
        let mut h = History::new(1u32);
        h.push(2, false);
        h.push(3, true);
        h.push(2, false);
        h.push(3, false);
        assert!(h.is_repetition(), "3 repeats within the run");
        h.pop();
        h.pop();
        h.push(1, false);
        assert!(!h.is_repetition(), "1 is before the capture");
        assert_eq!(h.reversible_plies(), 1);
    }

    #[test]
    fn only_compares_same_side_positions() {
        let mut h = History::new(7u32);
        h.push(7, false); // odd distance: a different side to move in real games
        assert!(!h.is_repetition());
    }

    #[test]
    fn would_repeat_after_skips_the_nearest_positions() {
        let mut h = History::new(1u32);
        for k in [2, 3, 4, 5] {
            h.push(k, false);
        }
        // The child would be at index 5: the same-side keys are 4 (2 plies
        // back) and 2 (4 plies back); 1 is 5 plies back.
        assert!(h.would_repeat(4) && h.would_repeat_after(4, 2));
        assert!(!h.would_repeat_after(4, 4));
        assert!(h.would_repeat_after(2, 4));
        assert!(!h.would_repeat_after(2, 6));
        assert!(!h.would_repeat_after(1, 2), "odd distance");
    }

    #[test]
    fn pop_never_removes_the_start() {
        let mut h = History::new(5u8);
        h.pop();
        assert_eq!(h.len(), 1);
        assert_eq!(h.last(), 5);
    }
}
