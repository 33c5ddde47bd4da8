//! The dense index of a table seed count: every way of putting `n` seeds into
//! the 12 holes, ranked in lexicographic order of the hole counts (hole 1
//! most significant).
//!
//! A position of a seed count always has the side to move on holes 1..6 (the
//! builder and the probe rotate North's positions), so the rank of the 12
//! counts is the whole index. There are `C(n + 11, 11)` such positions:
//! "stars and bars", `n` seeds and 11 walls between the holes.
//!
//! The rank of `h[0..12]` sums, hole by hole, the number of arrangements
//! that agree on the holes before `i` and have fewer seeds in hole `i`:
//! with `r` seeds left for holes `i..12` and `m = 11 - i` holes after `i`,
//! that is `sum_{v < h[i]} C(r - v + m - 1, m - 1) = C(r + m, m) - C(r -
//! h[i] + m, m)` (the hockey-stick identity), two table look-ups per hole.
//! Taken from the last hole back, `r` is a running sum of the holes seen
//! and `r - h[i]` the previous one, so no pass is needed to find the total
//! first (the search ranks a position at every probe of a covered node).

use crate::variants::oware::Board;

/// Holes on the board.
pub const HOLES: usize = 12;
/// The largest number of seeds a seed count may hold (the file format and the
/// one-byte entries allow values up to 31).
pub const MAX_SEEDS: usize = 31;

/// `BINOMIAL[a][b]` = C(a, b) for `a <= MAX_SEEDS + HOLES`, `b < HOLES`.
const BINOMIAL: [[u64; HOLES]; MAX_SEEDS + HOLES + 1] = binomials();

const fn binomials() -> [[u64; HOLES]; MAX_SEEDS + HOLES + 1] {
    let mut table = [[0u64; HOLES]; MAX_SEEDS + HOLES + 1];
    let mut a = 0;
    while a <= MAX_SEEDS + HOLES {
        table[a][0] = 1;
        let mut b = 1;
        while b < HOLES && b <= a {
            table[a][b] = table[a - 1][b - 1] + if b < a { table[a - 1][b] } else { 0 };
            b += 1;
        }
        a += 1;
    }
    table
}

/// The number of positions of seed count `n` (`n <= MAX_SEEDS`).
pub fn seed_count_size(n: usize) -> u64 {
    BINOMIAL[n + HOLES - 1][HOLES - 1]
}

/// `SPREADS[m][s]` = C(s + m, m): the ways of putting `s` seeds into `m +
/// 1` holes, for `m < HOLES` and `s <= MAX_SEEDS`. [`BINOMIAL`] holds the
/// same numbers, but [`rank`] reading them there (`BINOMIAL[s + m][m]`)
/// costs the search 31 instructions a node more on bench's Oware
/// positions (1,919.0 against 1,888.3, `scripts/oware-cost.py`).
const SPREADS: [[u64; MAX_SEEDS + 1]; HOLES] = spreads();

const fn spreads() -> [[u64; MAX_SEEDS + 1]; HOLES] {
    let mut table = [[0u64; MAX_SEEDS + 1]; HOLES];
    let mut m = 0;
    while m < HOLES {
        let mut s = 0;
        while s <= MAX_SEEDS {
            table[m][s] = BINOMIAL[s + m][m];
            s += 1;
        }
        m += 1;
    }
    table
}

/// The index of the hole counts `holes` within their seed count (the sum of the
/// counts, at most [`MAX_SEEDS`]).
#[inline]
pub fn rank(holes: &[u8; HOLES]) -> u64 {
    // `after`: the seeds in the holes after `i`; `with`: those and hole `i`'s.
    let mut after = holes[HOLES - 1] as usize;
    let mut index = 0;
    for i in (0..HOLES - 1).rev() {
        let m = HOLES - 1 - i;
        let with = after + holes[i] as usize;
        index += SPREADS[m][with] - SPREADS[m][after];
        after = with;
    }
    index
}

/// The hole counts of position `index` of seed count `n` (the inverse of
/// [`rank`]); `index` must be below [`seed_count_size`]`(n)`.
pub fn unrank(n: usize, mut index: u64) -> [u8; HOLES] {
    let mut holes = [0u8; HOLES];
    let mut left = n;
    for (i, hole) in holes.iter_mut().enumerate().take(HOLES - 1) {
        let m = HOLES - 1 - i;
        // The arrangements of the holes after `i` with `left - v` seeds
        // come in blocks of C(left - v + m - 1, m - 1), v = 0, 1, ...
        let mut v = 0;
        loop {
            let block = BINOMIAL[left - v + m - 1][m - 1];
            if index < block {
                break;
            }
            index -= block;
            v += 1;
        }
        *hole = v as u8;
        left -= v;
    }
    holes[HOLES - 1] = left as u8;
    holes
}

/// Steps `holes` to the next position of its seed count in index order;
/// returns `false` (leaving `holes` unchanged) after the last one.
#[inline]
pub fn advance(holes: &mut [u8; HOLES]) -> bool {
    // The last hole (below 11) that can take one more seed from the holes
    // after it: every later hole empties into the last one.
    let mut after = holes[HOLES - 1] as u32;
    for i in (0..HOLES - 1).rev() {
        if after > 0 {
            holes[i] += 1;
            for hole in holes.iter_mut().take(HOLES - 1).skip(i + 1) {
                *hole = 0;
            }
            holes[HOLES - 1] = (after - 1) as u8;
            return true;
        }
        after += holes[i] as u32;
    }
    false
}

/// A position's holes seen from the side to move: its own six holes first.
#[inline]
pub fn mover_holes(board: &Board) -> [u8; HOLES] {
    let bits = board.bits() & ((1u128 << 96) - 1);
    let bits = if board.side() == 0 {
        bits
    } else {
        ((bits >> 48) | (bits << 48)) & ((1u128 << 96) - 1)
    };
    let bytes = bits.to_le_bytes();
    let mut holes = [0u8; HOLES];
    holes.copy_from_slice(&bytes[..HOLES]);
    holes
}

/// The board of a seed count position: its holes, South to move, no captures yet.
#[inline]
pub fn seed_count_board(holes: [u8; HOLES]) -> Board {
    Board::from_parts(holes, [0, 0], false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn sizes_are_stars_and_bars() {
        assert_eq!(seed_count_size(0), 1);
        assert_eq!(seed_count_size(1), 12);
        assert_eq!(seed_count_size(2), 78);
        assert_eq!(seed_count_size(12), 1_352_078);
        assert_eq!(seed_count_size(20), 84_672_315);
        assert_eq!(seed_count_size(24), 417_225_900);
        let total: u64 = (0..=24).map(seed_count_size).sum();
        assert_eq!(total, 1_251_677_700);
    }

    #[test]
    fn every_position_of_the_small_seed_counts_round_trips_in_order() {
        for n in 0..=8 {
            let mut holes = unrank(n, 0);
            assert_eq!(holes.iter().map(|&h| h as usize).sum::<usize>(), n);
            let mut count = 0u64;
            loop {
                assert_eq!(rank(&holes), count, "{holes:?}");
                assert_eq!(unrank(n, count), holes);
                count += 1;
                if !advance(&mut holes) {
                    break;
                }
            }
            assert_eq!(count, seed_count_size(n), "level {n}");
        }
    }

    #[test]
    fn random_positions_of_the_large_seed_counts_round_trip() {
        let mut rng = Rng::new(11);
        for n in [12usize, 20, 24, MAX_SEEDS] {
            let size = seed_count_size(n);
            for _ in 0..2000 {
                let index = rng.next_u64() % size;
                let holes = unrank(n, index);
                assert_eq!(holes.iter().map(|&h| h as usize).sum::<usize>(), n);
                assert_eq!(rank(&holes), index);
            }
            assert_eq!(rank(&unrank(n, size - 1)), size - 1);
        }
    }
}
