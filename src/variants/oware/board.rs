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
#[repr(C, align(16))]
pub struct Board([u8; 16]);

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
    pub const START: Board = Board((ONES * 4).to_le_bytes());

    /// Builds a board from its parts; the caller guarantees every count fits
    /// (the notation parser checks the totals).
    pub fn from_parts(holes: [u8; HOLES], scores: [u8; 2], north_to_move: bool) -> Board {
        let mut bytes = [0u8; 16];
        bytes[..HOLES].copy_from_slice(&holes);
        bytes[SOUTH_SCORE as usize] = scores[0];
        bytes[SOUTH_SCORE as usize + 1] = scores[1];
        bytes[SIDE_BYTE as usize] = north_to_move as u8;
        Board(bytes)
    }

    /// The packed value.
    #[inline(always)]
    pub fn bits(self) -> u128 {
        u128::from_le_bytes(self.0)
    }

    /// Seeds in hole index `i` (0..12).
    #[inline(always)]
    pub fn seeds(self, i: usize) -> u32 {
        self.0[i] as u32
    }

    /// Seeds captured by South (0) or North (1).
    #[inline(always)]
    pub fn score(self, side: usize) -> u32 {
        self.0[SOUTH_SCORE as usize + (side & 1)] as u32
    }

    /// 0 when South is to move, 1 when North is.
    #[inline(always)]
    pub fn side(self) -> usize {
        (self.0[SIDE_BYTE as usize] & 1) as usize
    }

    /// The mask of the holes of side 0 (South) or 1 (North).
    #[inline(always)]
    pub fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (48 * (side & 1))
    }

    /// The six holes of `side` as the low 48 bits of a word, a byte each.
    #[inline(always)]
    pub fn row(self, side: usize) -> u64 {
        let at = 6 * (side & 1);
        let mut word = [0u8; 8];
        word.copy_from_slice(&self.0[at..at + 8]);
        u64::from_le_bytes(word) & 0xFFFF_FFFF_FFFF
    }

    /// Total seeds on the holes of `side`.
    #[inline]
    pub fn side_total(self, side: usize) -> u32 {
        // Sum six bytes: no byte sum exceeds 48, so one multiply gathers them.
        (self.row(side).wrapping_mul(0x0101_0101_0101) >> 40) as u32 & 0xFF
    }

    /// Whether `side` has no seed on its holes.
    #[inline(always)]
    pub fn side_empty(self, side: usize) -> bool {
        self.row(side) == 0
    }

    /// Whether sowing `n` seeds from hole `h` puts at least one seed on the
    /// opponent's side (the must-feed test).
    #[inline(always)]
    pub fn feeds(h: usize, n: u32) -> bool {
        // The first opponent hole is 6 - h holes away for South, 12 - h for North.
        n as usize >= if h < 6 { 6 - h } else { 12 - h }
    }

    /// Sows hole `h` of the side to move and works out the capture.
    #[inline(always)]
    pub fn sow(self, h: usize) -> Sowing {
        let mut bytes = self.0;
        let n = bytes[h] as usize;
        bytes[h] = 0;
        let sown = Board((u128::from_le_bytes(bytes) + SOW[h][n]).to_le_bytes());
        let last = LAST[h][n] as usize;
        let mover = self.side();
        let lo = if mover == 0 { 6 } else { 0 };
        if last.wrapping_sub(lo) >= 6 {
            return Sowing {
                sown,
                captured: sown,
                grand_slam: false,
            };
        }
        let mut after = sown;
        let mut taken = 0u8;
        let mut i = last;
        loop {
            let v = after.0[i];
            if v.wrapping_sub(2) > 1 {
                break;
            }
            taken += v;
            after.0[i] = 0;
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
        let grand_slam = after.side_empty(1 - mover);
        after.0[SOUTH_SCORE as usize + mover] += taken;
        Sowing {
            sown,
            captured: after,
            grand_slam,
        }
    }

    /// The same board with the other side to move.
    #[inline(always)]
    pub fn flip_side(mut self) -> Board {
        self.0[SIDE_BYTE as usize] ^= 1;
        self
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
