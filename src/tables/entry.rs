//! One table entry: a byte that says what is known of a position's value.
//!
//! The value of a position is the number of the seeds on the board that the
//! side to move collects under perfect play. It can depend on the game's
//! history (the repetition rule), so an entry holds:
//! - bounds `lo..=hi` on the value with an *empty* history, as when the
//!   position was just reached by a capture (or starts a game);
//! - whether the value is *exact*: the same whatever the history since the
//!   last capture (then `lo == hi` is that value).
//!
//! Layout: bits 0-4 are `lo` (0..=31), bits 5-7 a code:
//! - 0: exact under any history, value `lo`;
//! - 1: `lo` is the value with an empty history, but another history can
//!   change it;
//! - 2..=6: `hi = lo + code - 1`;
//! - 7: `hi` is the level's seed count (nothing better is known).
//!
//! Bounds wider than 5 are stored as code 7: widening a bound is always
//! sound, it only loses precision.

/// What one entry says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The least value with an empty history.
    pub lo: u8,
    /// The greatest value with an empty history.
    pub hi: u8,
    /// Whether the value is `lo` (== `hi`) under every history.
    pub exact: bool,
}

const LO_MASK: u8 = 0x1F;
const EXACT: u8 = 0;
const FRESH: u8 = 1;
const TOP: u8 = 7;

impl Entry {
    /// An entry whose value is known under every history.
    pub fn exact(value: u8) -> Entry {
        Entry {
            lo: value,
            hi: value,
            exact: true,
        }
    }

    /// The value with an empty history, when it is known.
    pub fn fresh_value(self) -> Option<u8> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// The byte stored for this entry at level `n` (`lo <= hi <= n <= 31`).
    pub fn encode(self) -> u8 {
        debug_assert!(self.lo <= self.hi && self.hi <= LO_MASK);
        let code = if self.exact {
            EXACT
        } else {
            match self.hi - self.lo {
                0 => FRESH,
                d @ 1..=5 => FRESH + d,
                _ => TOP,
            }
        };
        code << 5 | self.lo
    }

    /// Reads a stored byte of level `n`; `None` when the byte cannot have
    /// been written for that level (a bound above `n`).
    pub fn decode(byte: u8, n: u8) -> Option<Entry> {
        let lo = byte & LO_MASK;
        let code = byte >> 5;
        let hi = match code {
            EXACT | FRESH => lo,
            TOP => n,
            _ => lo + code - FRESH,
        };
        (hi <= n && lo <= hi).then_some(Entry {
            lo,
            hi,
            exact: code == EXACT,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_or_widen() {
        for n in 0..=31u8 {
            for lo in 0..=n {
                for hi in lo..=n {
                    for exact in [false, lo == hi] {
                        let e = Entry { lo, hi, exact };
                        let back = Entry::decode(e.encode(), n).unwrap();
                        assert_eq!((back.lo, back.exact), (lo, exact));
                        if hi - lo <= 5 {
                            assert_eq!(back.hi, hi);
                        } else {
                            assert_eq!(back.hi, n);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn bytes_impossible_for_a_level_are_refused() {
        assert_eq!(Entry::decode(Entry::exact(5).encode(), 4), None);
        let wide = Entry {
            lo: 3,
            hi: 5,
            exact: false,
        };
        assert_eq!(Entry::decode(wide.encode(), 4), None);
        assert!(Entry::decode(wide.encode(), 5).is_some());
    }
}
