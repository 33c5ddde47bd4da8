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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History<K> {
    keys: Vec<K>,
    run_starts: Vec<u32>,
}

impl<K: Copy + Eq> History<K> {
    /// A history holding only the starting position.
    pub fn new(start: K) -> History<K> {
        let mut keys = Vec::with_capacity(256);
        keys.push(start);
        let mut run_starts = Vec::with_capacity(256);
        run_starts.push(0);
        History { keys, run_starts }
    }

    /// Records the position reached by a move; `irreversible` says the move
    /// captured (or otherwise made every earlier position unreachable).
    #[inline]
    pub fn push(&mut self, key: K, irreversible: bool) {
        let start = if irreversible {
            self.keys.len() as u32
        } else {
            *self.run_starts.last().expect("history is never empty")
        };
        self.keys.push(key);
        self.run_starts.push(start);
    }

    /// Forgets the last recorded position (never the first one).
    #[inline]
    pub fn pop(&mut self) {
        if self.keys.len() > 1 {
            self.keys.pop();
            self.run_starts.pop();
        }
    }

    /// The key of the current (last recorded) position.
    #[inline]
    pub fn last(&self) -> K {
        *self.keys.last().expect("history is never empty")
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
        self.keys.len() - 1 - *self.run_starts.last().expect("history is never empty") as usize
    }

    /// Whether the current position already occurred since the last
    /// irreversible move.
    #[inline]
    pub fn is_repetition(&self) -> bool {
        self.repeats(self.last())
    }

    /// Whether `key`, as the position after one more reversible move, would
    /// repeat a position of the current run. Lets a caller test a child
    /// without pushing it.
    #[inline]
    pub fn would_repeat(&self, key: K) -> bool {
        // The child is one ply beyond the last key: equal-side positions are
        // at odd distances back from the current one.
        let start = *self.run_starts.last().expect("history is never empty") as usize;
        let n = self.keys.len();
        if n < 2 {
            return false;
        }
        let mut i = n - 2; // two plies before the child
        loop {
            if i < start {
                return false;
            }
            if self.keys[i] == key {
                return true;
            }
            if i < 2 {
                return false;
            }
            i -= 2;
        }
    }

    fn repeats(&self, key: K) -> bool {
        let start = *self.run_starts.last().expect("history is never empty") as usize;
        let n = self.keys.len();
        if n < 3 {
            return false;
        }
        let mut i = n - 3; // two plies before the current position
        loop {
            if i < start {
                return false;
            }
            if self.keys[i] == key {
                return true;
            }
            if i < 2 {
                return false;
            }
            i -= 2;
        }
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
    fn pop_never_removes_the_start() {
        let mut h = History::new(5u8);
        h.pop();
        assert_eq!(h.len(), 1);
        assert_eq!(h.last(), 5);
    }
}
