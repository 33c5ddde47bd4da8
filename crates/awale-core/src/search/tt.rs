//! The transposition table: one lock-free table shared by every search
//! thread.
//!
//! # Layout
//! An entry is two `AtomicU64` words (128 bits): `check = hash ^ data` and
//! `data`. `data` packs
//!
//! | bits  | field                                                     |
//! |-------|-----------------------------------------------------------|
//! | 0..32 | score (`i32`), results stored relative to the node        |
//! | 32..40| depth (remaining plies, 0..=255)                          |
//! | 40..48| best move: its index in the legal move list, 255 = none   |
//! | 48..50| bound: 1 upper, 2 lower, 3 exact (0 = empty)              |
//! | 50..58| age: the search generation that wrote it                  |
//!
//! The move is stored as its index in [`crate::game::Game::legal_moves`]'s
//! list, which every variant has and which is stable for a position; the
//! prober checks the index against the list length.
//!
//! # Races
//! Writers store both words with relaxed atomics and no lock, so a reader can
//! see one word from one write and the other from another (a torn entry), or
//! an entry of another position in the same slot. Both are caught by the same
//! test: the entry is used only when `check ^ data` equals the probing
//! position's full 64-bit hash. A torn pair passes only with probability
//! 2^-64.
//!
//! # Replacement
//! Entries live in buckets of two (32 bytes, two to a cache line). A store
//! goes to the slot already holding the same position if there is one;
//! otherwise to the slot of least worth, where worth is the depth minus
//! 8 for every search generation since it was written (so stale entries
//! from earlier moves make way), and an empty slot is worth least of all.
//! Storing over the same position keeps the old best move when the new
//! store has none.

use std::sync::atomic::{AtomicU64, Ordering};

/// The bound type of a stored score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// What a probe found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The stored score (node-relative for game results).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// Index of the best move in the legal move list, if any.
    pub move_index: Option<u8>,
    /// The bound type.
    pub bound: Bound,
}

const NO_MOVE: u64 = 255;
const BUCKET: usize = 2;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A shared, lock-free transposition table.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
    age: u8,
}

impl TranspositionTable {
    /// A table of at most `mb` megabytes (at least one bucket), rounded down
    /// to a power of two buckets. When that much memory cannot be had, the
    /// smallest table (and a warning in the log): see [`TranspositionTable::try_new`].
    pub fn new(mb: usize) -> TranspositionTable {
        TranspositionTable::try_new(mb).unwrap_or_else(|e| {
            log::warn!("{e}; using a 1 MB table");
            TranspositionTable::try_new(1).expect("a 1 MB table")
        })
    }

    /// A table of at most `mb` megabytes, or an error when the memory cannot
    /// be reserved (the caller keeps its old table).
    pub fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let buckets = (bytes / (BUCKET * 16)).max(1);
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        let cannot = |e| format!("cannot allocate a {mb} MB transposition table ({e})");
        let count = buckets
            .checked_mul(BUCKET)
            .ok_or_else(|| cannot("too large".to_string()))?;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(count)
            .map_err(|e| cannot(e.to_string()))?;
        slots.extend((0..count).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        let table = TranspositionTable {
            slots,
            mask: buckets - 1,
            age: 0,
        };
        table.touch();
        Ok(table)
    }

    /// Writes every slot once, so that the memory is really mapped now.
    /// A zeroed allocation is only reserved: its pages would otherwise be
    /// mapped one by one at their first store during a search, and with
    /// several threads each such fault also stops the other cores to flush
    /// their address translations.
    fn touch(&self) {
        for slot in &self.slots {
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Starts a new search generation (entries of earlier ones age).
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 16
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        // The high bits pick the bucket; the full hash is checked anyway.
        ((hash >> 20) as usize & self.mask) * BUCKET
    }

    /// Hints the processor to fetch the bucket of `hash`, which a probe will
    /// soon read (a no-op where there is no prefetch instruction).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        crate::prefetch::prefetch(&self.slots[self.bucket(hash)]);
    }

    /// The entry stored for `hash`, if any.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let first = self.bucket(hash);
        for slot in &self.slots[first..first + BUCKET] {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == hash && data != 0 {
                let bound = match (data >> 48) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => return None,
                };
                let mv = (data >> 40) & 0xFF;
                return Some(Entry {
                    score: data as u32 as i32,
                    depth: (data >> 32) as u8,
                    move_index: (mv != NO_MOVE).then_some(mv as u8),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a search result for `hash` (see the module's replacement policy).
    #[inline]
    pub fn store(
        &self,
        hash: u64,
        score: i32,
        depth: i32,
        move_index: Option<usize>,
        bound: Bound,
    ) {
        let first = self.bucket(hash);
        let bucket = &self.slots[first..first + BUCKET];
        let mut victim = 0;
        let mut least = i32::MAX;
        let mut old_move = NO_MOVE;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == hash && data != 0 {
                victim = i;
                old_move = (data >> 40) & 0xFF;
                break;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                let age = self.age.wrapping_sub((data >> 50) as u8) as i32;
                ((data >> 32) & 0xFF) as i32 - 8 * age
            };
            if worth < least {
                least = worth;
                victim = i;
            }
        }
        let mv = match move_index {
            Some(i) if i < NO_MOVE as usize => i as u64,
            _ => old_move,
        };
        let data = (score as u32 as u64)
            | (depth.clamp(0, 255) as u64) << 32
            | mv << 40
            | (bound as u64) << 48
            | (self.age as u64) << 50;
        let slot = &bucket[victim];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(hash ^ data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots written in this search generation.
    pub fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let data = s.data.load(Ordering::Relaxed);
                data != 0 && (data >> 50) as u8 == self.age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_table_too_large_to_allocate_is_an_error() {
        let err = TranspositionTable::try_new(usize::MAX)
            .err()
            .expect("no machine has that");
        assert!(err.contains("cannot allocate"), "{err}");
        // The infallible constructor falls back to the smallest table.
        assert_eq!(
            TranspositionTable::new(usize::MAX).slots.len(),
            TranspositionTable::new(1).slots.len()
        );
    }

    use super::*;

    #[test]
    fn stores_and_probes() {
        let t = TranspositionTable::new(1);
        assert_eq!(t.probe(42), None);
        t.store(42, -1234, 7, Some(3), Bound::Lower);
        let e = t.probe(42).unwrap();
        assert_eq!(
            (e.score, e.depth, e.move_index, e.bound),
            (-1234, 7, Some(3), Bound::Lower)
        );
        // Same position, no move: the old move is kept.
        t.store(42, 5, 8, None, Bound::Exact);
        assert_eq!(t.probe(42).unwrap().move_index, Some(3));
        assert_eq!(t.probe(43), None);
    }

    #[test]
    fn foreign_and_torn_entries_are_ignored() {
        let t = TranspositionTable::new(1);
        let a = 0x1234_5678_9ABC_DEF0u64;
        t.store(a, 10, 3, Some(1), Bound::Exact);
        let first = t.bucket(a);
        // Tear the entry: data from another write.
        t.slots[first]
            .data
            .store(0x0003_0000_0000_0099, Ordering::Relaxed);
        assert_eq!(t.probe(a), None);
    }

    #[test]
    fn replacement_prefers_shallow_and_old() {
        let mut t = TranspositionTable::new(1);
        let buckets = t.mask as u64 + 1;
        // Three hashes that share a bucket.
        let h = |i: u64| ((i * buckets) << 20) | 7;
        t.store(h(1), 1, 10, None, Bound::Exact);
        t.store(h(2), 2, 2, None, Bound::Exact);
        t.store(h(3), 3, 5, None, Bound::Exact);
        assert!(t.probe(h(1)).is_some(), "the deep entry stays");
        assert!(t.probe(h(2)).is_none(), "the shallow entry goes");
        t.new_search();
        t.new_search();
        t.store(h(4), 4, 1, None, Bound::Exact);
        // h(1) is now worth 10 - 16 < 5 - 16? No: both aged; the shallower goes.
        assert!(t.probe(h(1)).is_some());
        assert!(t.probe(h(3)).is_none());
        assert!(t.hashfull() <= 1000);
    }
}
