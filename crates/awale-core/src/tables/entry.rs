//! One table entry: what is known of a position's value.
//!
//! The value of a position is the number of the seeds on the board that the
//! side to move collects under perfect play. It can depend on the game's
//! history (the repetition rule), so an entry holds two pairs of bounds:
//! - `lo..=hi` on the value with an *empty* history, as when the position
//!   was just reached by a capture (or starts a game);
//! - `every_lo..=every_hi` on the value under *every* history since the
//!   last capture. Where they meet the value is *exact*: the same whatever
//!   the history (then `lo == hi` is that value too).
//!
//! A seed count stores one byte per position, which its
//! [`Codebook`](super::codebook::Codebook) turns into an entry.

/// What one entry says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The least value with an empty history.
    pub lo: u8,
    /// The greatest value with an empty history.
    pub hi: u8,
    /// The least value under any history.
    pub every_lo: u8,
    /// The greatest value under any history.
    pub every_hi: u8,
}

impl Entry {
    /// An entry whose value is known under every history.
    pub fn exact(value: u8) -> Entry {
        Entry {
            lo: value,
            hi: value,
            every_lo: value,
            every_hi: value,
        }
    }

    /// An entry that bounds the value with an empty history only (nothing
    /// known under other histories, `n` the seed count).
    pub fn fresh(lo: u8, hi: u8, n: u8) -> Entry {
        Entry {
            lo,
            hi,
            every_lo: 0,
            every_hi: n,
        }
    }

    /// The entry with these bounds at seed count `n`, if they can be:
    /// `every_lo <= lo <= hi <= every_hi <= n` (the empty history is one
    /// history).
    pub fn new(lo: u8, hi: u8, every_lo: u8, every_hi: u8, n: u8) -> Option<Entry> {
        let ordered = every_lo <= lo && lo <= hi && hi <= every_hi && every_hi <= n;
        ordered.then_some(Entry {
            lo,
            hi,
            every_lo,
            every_hi,
        })
    }

    /// Whether the value is the same under every history.
    pub fn is_exact(self) -> bool {
        self.every_lo == self.every_hi
    }

    /// The value with an empty history, when it is known.
    pub fn fresh_value(self) -> Option<u8> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// Whether every bound of `self` allows what `other`'s bounds allow
    /// (`self` is `other`, or `other` widened).
    pub fn contains(&self, other: &Entry) -> bool {
        self.every_lo <= other.every_lo
            && self.lo <= other.lo
            && other.hi <= self.hi
            && other.every_hi <= self.every_hi
    }

    /// A total order on entries (for listings that must not depend on a
    /// hash map's order).
    pub fn key(&self) -> (u8, u8, u8, u8) {
        (self.lo, self.hi, self.every_lo, self.every_hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_ordered_bounds() {
        assert_eq!(Entry::new(3, 3, 3, 3, 5), Some(Entry::exact(3)));
        assert!(Entry::exact(3).is_exact());
        assert!(!Entry::fresh(3, 3, 5).is_exact());
        assert_eq!(Entry::fresh(3, 3, 5).fresh_value(), Some(3));
        assert_eq!(Entry::new(2, 4, 1, 5, 5).unwrap().fresh_value(), None);
        // Out of order, or above the seed count.
        assert_eq!(Entry::new(2, 4, 3, 5, 5), None);
        assert_eq!(Entry::new(2, 4, 1, 6, 5), None);
        assert_eq!(Entry::new(4, 2, 1, 5, 5), None);
        assert_eq!(Entry::new(2, 2, 2, 2, 5), Some(Entry::exact(2)));
    }

    #[test]
    fn an_entry_contains_its_narrowings() {
        let wide = Entry::new(2, 5, 1, 6, 8).unwrap();
        let narrow = Entry::new(3, 4, 2, 6, 8).unwrap();
        assert!(wide.contains(&narrow));
        assert!(!narrow.contains(&wide));
        assert!(wide.contains(&wide));
    }
}
