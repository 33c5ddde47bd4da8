//! The packed Oware board and the move mechanics on it.

/// An Oware position packed into one `u128`, one byte per field:
///
/// | bytes  | content                                   |
/// |--------|-------------------------------------------|
/// | 0..=11 | seeds in holes 1..12 (South 1-6, North 7-12) |
/// | 12     | seeds captured by South                    |
/// | 13     | seeds captured by North                    |
/// | 14     | side to move (0 South, 1 North)            |
/// | 15     | always 0                                   |
///
/// Why bytes: no count exceeds 48, so a byte per hole never overflows and a
/// whole sowing, laps included, is a single 128-bit addition of a
/// precomputed increment (see [`SOW`]); copy-make is a 16-byte copy; and the
/// value is its own exact key for repetitions and the transposition table
/// (equal positions have equal values, nothing else does). A denser 6-bit
/// packing (85 bits) would still need a `u128` and would make every hole
/// access a shift-and-mask across word boundaries.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board(pub(crate) u128);

/// Holes on the board.
pub const HOLES: usize = 12;
/// Seeds in the game.
pub const SEEDS: u32 = 48;
const SOUTH_SCORE: u32 = 12;
const SIDE_BYTE: u32 = 14;
/// The bytes of South's holes (1..6).
pub const SOUTH_HOLES: u128 = 0xFFFF_FFFF_FFFF;
const ONES: u128 = 0x0101_0101_0101_0101_0101_0101;

/// `SOW[h][n]`: the per-hole increments when `n` seeds are sown from hole
/// index `h` (skipping `h` itself on every lap).
static SOW: [[u128; SEEDS as usize + 1]; HOLES] = sow_table();
/// `LAST[h][n]`: the hole index where the last of `n` seeds from `h` lands.
static LAST: [[u8; SEEDS as usize + 1]; HOLES] = last_table();

const fn sow_table() -> [[u128; SEEDS as usize + 1]; HOLES] {
    let mut table = [[0u128; SEEDS as usize + 1]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut n = 1;
        while n <= SEEDS as usize {
            let laps = (n / 11) as u128;
            let rem = n % 11;
            let mut inc = laps * (ONES & !(0xFF << (8 * h)));
            let mut k = 1;
            while k <= rem {
                inc += 1 << (8 * ((h + k) % HOLES));
                k += 1;
            }
            table[h][n] = inc;
            n += 1;
        }
        h += 1;
    }
    table
}

const fn last_table() -> [[u8; SEEDS as usize + 1]; HOLES] {
    let mut table = [[0u8; SEEDS as usize + 1]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut n = 1;
        while n <= SEEDS as usize {
            let rem = n % 11;
            table[h][n] = if rem == 0 {
                ((h + 11) % HOLES) as u8
            } else {
                ((h + rem) % HOLES) as u8
            };
            n += 1;
        }
        h += 1;
    }
    table
}

/// What sowing a hole did, before any rule decides on a grand slam.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sowing {
    /// The board after sowing, without any capture.
    pub sown: Board,
    /// The board after sowing and capturing (equal to `sown` when nothing was taken).
    pub captured: Board,
    /// Whether the capture took every seed on the opponent's side.
    pub grand_slam: bool,
}

impl Board {
    /// The starting position: four seeds in every hole, South to move.
    pub const START: Board = Board(ONES * 4);

    /// Builds a board from its parts; the caller guarantees every count fits
    /// (the notation parser checks the totals).
    pub fn from_parts(holes: [u8; HOLES], scores: [u8; 2], north_to_move: bool) -> Board {
        let mut v = 0u128;
        for (i, &s) in holes.iter().enumerate() {
            v |= (s as u128) << (8 * i);
        }
        v |= (scores[0] as u128) << (8 * SOUTH_SCORE);
        v |= (scores[1] as u128) << (8 * (SOUTH_SCORE + 1));
        v |= (north_to_move as u128) << (8 * SIDE_BYTE);
        Board(v)
    }

    /// The packed value.
    #[inline]
    pub fn bits(self) -> u128 {
        self.0
    }

    /// Seeds in hole index `i` (0..12).
    #[inline]
    pub fn seeds(self, i: usize) -> u32 {
        ((self.0 >> (8 * i)) & 0xFF) as u32
    }

    /// Seeds captured by South (0) or North (1).
    #[inline]
    pub fn score(self, side: usize) -> u32 {
        ((self.0 >> (8 * (SOUTH_SCORE as usize + side))) & 0xFF) as u32
    }

    /// 0 when South is to move, 1 when North is.
    #[inline]
    pub fn side(self) -> usize {
        ((self.0 >> (8 * SIDE_BYTE)) & 1) as usize
    }

    /// The mask of the holes of side 0 (South) or 1 (North).
    #[inline]
    pub fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (48 * side)
    }

    /// Total seeds on the holes of `side`.
    #[inline]
    pub fn side_total(self, side: usize) -> u32 {
        let v = (self.0 & Board::holes_of(side)) >> (48 * side);
        // Sum six bytes: no byte sum exceeds 48, so one multiply gathers them.
        ((v as u64).wrapping_mul(0x0101_0101_0101) >> 40) as u32 & 0xFF
    }

    /// Whether `side` has no seed on its holes.
    #[inline]
    pub fn side_empty(self, side: usize) -> bool {
        self.0 & Board::holes_of(side) == 0
    }

    /// Whether sowing `n` seeds from hole `h` puts at least one seed on the
    /// opponent's side (the must-feed test).
    #[inline]
    pub fn feeds(h: usize, n: u32) -> bool {
        // The first opponent hole is 6 - h holes away for South, 12 - h for North.
        n as usize >= if h < 6 { 6 - h } else { 12 - h }
    }

    /// Sows hole `h` of the side to move and works out the capture.
    #[inline(always)]
    pub fn sow(self, h: usize) -> Sowing {
        let n = self.seeds(h) as usize;
        let mover = self.side();
        let sown = Board((self.0 & !(0xFF << (8 * h))) + SOW[h][n]);
        let last = LAST[h][n] as usize;
        let (lo, hi) = if mover == 0 { (6, 11) } else { (0, 5) };
        if last < lo || last > hi {
            return Sowing {
                sown,
                captured: sown,
                grand_slam: false,
            };
        }
        let mut bits = sown.0;
        let mut taken = 0u128;
        let mut i = last;
        loop {
            let v = (bits >> (8 * i)) & 0xFF;
            if v != 2 && v != 3 {
                break;
            }
            taken += v;
            bits &= !(0xFF << (8 * i));
            if i == lo {
                break;
            }
            i -= 1;
        }
        if taken == 0 {
            return Sowing {
                sown,
                captured: sown,
                grand_slam: false,
            };
        }
        let grand_slam = bits & Board::holes_of(1 - mover) == 0;
        bits += taken << (8 * (SOUTH_SCORE as usize + mover));
        Sowing {
            sown,
            captured: Board(bits),
            grand_slam,
        }
    }

    /// The same board with the other side to move.
    #[inline]
    pub fn flip_side(self) -> Board {
        Board(self.0 ^ (1 << (8 * SIDE_BYTE)))
    }

    /// Each side collects the seeds on its own holes (the ending by
    /// repetition or by lack of moves): the final scores.
    pub fn collected_scores(self) -> [u32; 2] {
        [
            self.score(0) + self.side_total(0),
            self.score(1) + self.side_total(1),
        ]
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let holes: Vec<u32> = (0..HOLES).map(|i| self.seeds(i)).collect();
        write!(
            f,
            "Board({holes:?}, scores {}-{}, {} to move)",
            self.score(0),
            self.score(1),
            if self.side() == 0 { 'S' } else { 'N' }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_table_conserves_seeds_and_skips_origin() {
        for h in 0..HOLES {
            for n in 1..=SEEDS as usize {
                let inc = SOW[h][n];
                let sum: u128 = (0..HOLES).map(|i| (inc >> (8 * i)) & 0xFF).sum();
                assert_eq!(sum, n as u128, "h={h} n={n}");
                assert_eq!((inc >> (8 * h)) & 0xFF, 0, "origin sown: h={h} n={n}");
                assert_ne!(LAST[h][n] as usize, h);
            }
        }
    }

    #[test]
    fn side_totals() {
        let b = Board::from_parts([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 3], [0, 0], false);
        assert_eq!(b.side_total(0), 21);
        assert_eq!(b.side_total(1), 27);
        let full = Board::from_parts([48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0], false);
        assert_eq!(full.side_total(0), 48);
    }
}
