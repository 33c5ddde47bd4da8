//! What the 256 byte values of one seed count stand for.
//!
//! A seed count stores one byte per position, and each byte names one of 256
//! [`Entry`] values (bounds with an empty history, bounds under every
//! history) listed in the seed count's codebook. A position whose entry is
//! not listed takes the listed entry that contains it with the same bounds
//! with an empty history and the tightest bounds under every history:
//! widening a bound is always sound, it only loses precision, and the
//! bounds with an empty history are never widened, because the seed counts
//! above read them through their captures (a loss there would spread up
//! the seed counts). So the builder lists every exact value met, then for every
//! pair of bounds with an empty history met, an entry whose bounds under
//! every history contain those of all its positions; then the entries met
//! most often, and the widest entry of all (nothing known). (Up to 24
//! seeds there are at most 175 such pairs and 25 exact values, so they
//! always fit; were they more than 255, the rarest would widen, soundly.)
//!
//! Files of format 1 had no codebook: their byte was `lo` (5 bits) and a
//! 3-bit code ([`Codebook::format_1`] reads it), and they knew nothing under
//! every history but the exact values.

use std::collections::HashMap;

use crate::parallel::prelude::*;

use super::entry::Entry;

/// Bytes of a codebook in a file: four per byte value (`every_lo`, `lo`,
/// `hi`, `every_hi`; `0xFF` four times for a value the seed count does not
/// use).
pub const BYTES: usize = 4 * 256;

const UNUSED: [u8; 4] = [0xFF; 4];

/// The entries the byte values of one seed count stand for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Codebook {
    entries: [Option<Entry>; 256],
}

impl Codebook {
    /// The entry a byte stands for; `None` when the seed count uses no such byte.
    #[inline]
    pub fn decode(&self, byte: u8) -> Option<Entry> {
        self.entries[usize::from(byte)]
    }

    /// The codebook of format 1 files at seed count `n`: `lo` in bits 0-4 and a
    /// code in bits 5-7: 0 exact, 1 proved with an empty history only,
    /// 2..=6 `hi = lo + code - 1`, 7 `hi = n`.
    pub fn format_1(n: u8) -> Codebook {
        Codebook {
            entries: std::array::from_fn(|b| {
                let (lo, code) = (b as u8 & 0x1F, b as u8 >> 5);
                let hi = match code {
                    0 | 1 => lo,
                    7 => n,
                    _ => lo + code - 1,
                };
                (hi <= n).then(|| {
                    if code == 0 {
                        Entry::exact(lo)
                    } else {
                        Entry::fresh(lo, hi, n)
                    }
                })
            }),
        }
    }

    /// The codebook of a seed count of `n` seeds whose positions have the
    /// entries counted in `counts` (module doc): every exact one; for each
    /// pair `lo..=hi` met, the entry that contains all those with that
    /// pair; then those met most often (ties in the order of
    /// [`Entry::key`]); 256 in all with the widest entry.
    pub fn choose(n: u8, counts: &HashMap<Entry, u64>) -> Codebook {
        let widest = Entry::fresh(0, n, n);
        let mut pairs: HashMap<(u8, u8), (Entry, u64)> = HashMap::new();
        for (e, &c) in counts.iter().filter(|(e, _)| !e.is_exact()) {
            let (hull, total) = pairs.entry((e.lo, e.hi)).or_insert((*e, 0));
            hull.every_lo = hull.every_lo.min(e.every_lo);
            hull.every_hi = hull.every_hi.max(e.every_hi);
            *total += c;
        }
        // The kinds of entries in the order they are listed: exact, the
        // hull of a pair, any other; by count within each kind.
        let mut candidates: Vec<(u8, u64, Entry)> = counts
            .iter()
            .map(|(e, &c)| (if e.is_exact() { 0 } else { 2 }, c, *e))
            .chain(pairs.values().map(|&(e, c)| (1, c, e)))
            .filter(|&(_, _, e)| e != widest)
            .collect();
        candidates.sort_unstable_by_key(|&(kind, c, e)| (kind, std::cmp::Reverse(c), e.key()));
        let mut listed: Vec<Entry> = Vec::with_capacity(256);
        for (_, _, e) in candidates {
            if listed.len() == 255 {
                break;
            }
            if !listed.contains(&e) {
                listed.push(e);
            }
        }
        listed.sort_unstable_by_key(Entry::key);
        listed.push(widest);
        let mut entries = [None; 256];
        for (slot, e) in entries.iter_mut().zip(listed) {
            *slot = Some(e);
        }
        Codebook { entries }
    }

    /// The byte of the listed entry that contains `e` with the narrowest
    /// bounds with an empty history, then under every history (the first
    /// such byte on a tie), if any does.
    pub fn encode(&self, e: Entry) -> Option<u8> {
        (0..=255u8)
            .filter_map(|b| self.decode(b).map(|c| (b, c)))
            .filter(|(_, c)| c.contains(&e))
            .min_by_key(|&(b, c)| (c.hi - c.lo, c.every_hi - c.every_lo, b))
            .map(|(b, _)| b)
    }

    /// The codebook as stored in a file ([`BYTES`] bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries
            .iter()
            .flat_map(|e| e.map_or(UNUSED, |e| [e.every_lo, e.lo, e.hi, e.every_hi]))
            .collect()
    }

    /// Reads a stored codebook of seed count `n`; an error says what is wrong
    /// (an entry that cannot belong to the seed count, or no widest entry).
    pub fn from_bytes(n: u8, bytes: &[u8]) -> Result<Codebook, String> {
        if bytes.len() != BYTES {
            return Err(format!("a codebook of {} bytes, not {BYTES}", bytes.len()));
        }
        let mut entries = [None; 256];
        for (b, (slot, raw)) in entries.iter_mut().zip(bytes.chunks_exact(4)).enumerate() {
            if raw == UNUSED {
                continue;
            }
            let e = Entry::new(raw[1], raw[2], raw[0], raw[3], n)
                .ok_or_else(|| format!("codebook entry {b} is not valid for level {n}"))?;
            *slot = Some(e);
        }
        let book = Codebook { entries };
        if book.encode(Entry::fresh(0, n, n)).is_none() {
            return Err("the codebook has no entry for positions not known".into());
        }
        Ok(book)
    }
}

/// Chooses the codebook of seed count `n` for the entries `entry_of` gives and
/// rewrites `bytes` (one per position) with them: `entry_of(p, byte)` is
/// the entry of position `p`, whose byte is `byte` before the rewrite.
pub fn encode_seed_count(
    n: u8,
    bytes: &mut [u8],
    entry_of: impl Fn(usize, u8) -> Entry + Sync,
) -> Codebook {
    const CHUNK: usize = 1 << 14;
    // Entries are counted in a dense array indexed by their four bounds.
    let side = usize::from(n) + 1;
    let slot = |e: Entry| {
        ((usize::from(e.lo) * side + usize::from(e.hi)) * side + usize::from(e.every_lo)) * side
            + usize::from(e.every_hi)
    };
    let counts = bytes
        .par_chunks(CHUNK)
        .enumerate()
        .fold(
            || vec![0u64; side.pow(4)],
            |mut counts, (k, chunk)| {
                for (i, &b) in chunk.iter().enumerate() {
                    counts[slot(entry_of(k * CHUNK + i, b))] += 1;
                }
                counts
            },
        )
        .reduce(
            || vec![0u64; side.pow(4)],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let met: HashMap<Entry, u64> = counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(i, &c)| {
            let b = |shift: u32| (i / side.pow(shift) % side) as u8;
            let e = Entry::new(b(3), b(2), b(1), b(0), n).expect("counted entries are valid");
            (e, c)
        })
        .collect();
    let book = Codebook::choose(n, &met);
    let mut byte_of = vec![0u8; side.pow(4)];
    for e in met.keys() {
        byte_of[slot(*e)] = book
            .encode(*e)
            .expect("the widest entry contains every entry");
    }
    bytes
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(k, chunk)| {
            for (i, b) in chunk.iter_mut().enumerate() {
                *b = byte_of[slot(entry_of(k * CHUNK + i, *b))];
            }
        });
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(list: &[(Entry, u64)]) -> HashMap<Entry, u64> {
        list.iter().copied().collect()
    }

    #[test]
    fn format_1_reads_the_old_bytes() {
        let book = Codebook::format_1(12);
        assert_eq!(book.decode(5), Some(Entry::exact(5)));
        assert_eq!(book.decode(1 << 5 | 4), Some(Entry::fresh(4, 4, 12)));
        assert_eq!(book.decode(3 << 5 | 4), Some(Entry::fresh(4, 6, 12)));
        assert_eq!(book.decode(7 << 5 | 4), Some(Entry::fresh(4, 12, 12)));
        // A bound above the seed count.
        assert_eq!(book.decode(13), None);
        assert_eq!(book.decode(6 << 5 | 8), None);
    }

    #[test]
    fn the_bounds_with_an_empty_history_are_kept_and_the_most_frequent_entries_listed() {
        let n = 24;
        let mut list = Vec::new();
        // 500 entries, the first the most frequent: bounds with an empty
        // history `lo..=lo + w`, under every history `d` wider each side.
        for lo in 0..=18u8 {
            for w in 0..=4u8 {
                for d in 0..=lo.min(5) {
                    if list.len() < 500 {
                        let e = Entry::new(lo, lo + w, lo - d, (lo + w + d).min(n), n).unwrap();
                        list.push((e, 1000 - list.len() as u64));
                    }
                }
            }
        }
        // A rare exact value.
        list.push((Entry::exact(24), 1));
        let book = Codebook::choose(n, &counts(&list));
        let mut listed = 0;
        for (i, &(e, _)) in list.iter().enumerate() {
            let b = book
                .encode(e)
                .expect("the widest entry contains every entry");
            let got = book.decode(b).unwrap();
            assert!(got.contains(&e), "{e:?} in {got:?}");
            assert_eq!((got.lo, got.hi), (e.lo, e.hi), "{e:?}");
            if e.is_exact() || i < 100 {
                assert_eq!(got, e, "entry {i}");
            }
            listed += usize::from(got == e);
        }
        assert!(listed >= 200, "{listed} listed");
        let back = Codebook::from_bytes(n, &book.to_bytes()).unwrap();
        assert_eq!(back, book);
    }

    #[test]
    fn a_stored_codebook_is_checked() {
        let n = 10;
        let book = Codebook::choose(n, &counts(&[(Entry::exact(3), 5)]));
        let mut bytes = book.to_bytes();
        assert_eq!(Codebook::from_bytes(n, &bytes), Ok(book));
        // An entry above the seed count.
        assert!(Codebook::from_bytes(n - 5, &bytes).is_err());
        // Bounds out of order.
        bytes[0..4].copy_from_slice(&[2, 3, 1, 4]);
        assert!(Codebook::from_bytes(n, &bytes).is_err());
        // No widest entry.
        let only_exact = Codebook::choose(n, &HashMap::new()).to_bytes();
        let mut no_widest = only_exact.clone();
        no_widest[..4].copy_from_slice(&UNUSED);
        assert!(Codebook::from_bytes(n, &no_widest).is_err());
        assert!(Codebook::from_bytes(n, &only_exact[..100]).is_err());
    }
}
