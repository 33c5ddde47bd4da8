//! The packed Oware board and the move mechanics on it.

use crate::game::Scoreboard;
use crate::variants::fill_table::fill_table;

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
/// Why bytes: no count exceeds 48, so a byte per field never overflows and
/// the bytes can be worked on in parallel inside one integer ("SWAR"):
/// - a whole move before its capture (the hole emptied, the sowing with its
///   laps, the side to move flipped) is one 128-bit addition of a
///   precomputed difference plus one XOR (see `DELTA`);
/// - counting the legal moves is one addition and one multiply over the
///   six bytes of a row (see [`Board::movable`] and [`Board::count_marked`]),
///   and a capture chain is found with a few word operations instead of a
///   loop (see `Board::capture`);
/// - copy-make is a 16-byte copy, and the value is its own exact key for
///   repetitions and the transposition table (equal positions have equal
///   values, nothing else does).
///
/// Stored as bytes (aligned to 16), so a hole of a board in memory is one
/// byte load; a board just computed is worked on as its `u128` value with
/// shifts ([`Board::row`], [`Board::side`]), because reading its bytes back
/// would force a store and a reload (a store-forwarding stall, measured).
///
/// A denser 6-bit packing (85 bits) would still need a `u128` and would make
/// every hole access a shift-and-mask across word boundaries, and would leave
/// no spare bit per field for the carry-free SWAR tricks above.
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
/// The six bytes of a row (see [`Board::row`]).
const ROW: u64 = 0xFFFF_FFFF_FFFF;
/// The top bit of each of the six bytes of a row.
const ROW_HIGH: u64 = 0x8080_8080_8080;
/// The bit that says North is to move.
const SIDE_BIT: u128 = 1 << (8 * SIDE_BYTE);
/// Added to a row, sets the top bit of each byte that is non-zero: the holes
/// that may be sown. A byte never exceeds 48, so 48 + 0x7F < 0x100: no carry
/// reaches the next byte.
const NONEMPTY: u64 = 0x7F7F_7F7F_7F7F;
/// Added to a row, sets the top bit of each byte holding at least the seeds
/// needed to reach the opponent (6 from the row's first hole, down to 1 from
/// its last; the same for both sides): the must-feed moves. Every addend is
/// at least 0x7A and a byte at most 48, so no carry crosses a byte.
const FEEDING: u64 = 0x7F7E_7D7C_7B7A;

/// `SOW[h][n]`: the per-hole increments when `n` seeds are sown from hole
/// index `h` (skipping `h` itself on every lap).
const SOW: [[u128; SEEDS as usize + 1]; HOLES] = sow_table();
/// `DELTA[h][n]`: what sowing hole `h` holding `n` seeds adds to the packed
/// value, modulo 2^128: the increments of [`SOW`] minus the `n` seeds taken
/// from `h`. The true result is a valid board (every byte in 0..=48), so the
/// wrapping sum equals it exactly even though the difference itself borrows
/// across bytes.
///
/// The tables are padded to 16 x 64 so that indices masked with `& 15` and
/// `& 63` need no bounds check (a hole index is below 12, a count at most 48).
static DELTA: [[u128; 64]; 16] = delta_table();
/// `LAST[h][n]`: the hole index where the last of `n` seeds from `h` lands.
const LAST: [[u8; SEEDS as usize + 1]; HOLES] = last_table();
/// `REACH[h][n]`: where a capture from sowing `n` seeds from hole `h` can
/// lie, as a mask of the bytes of the opponent's row (see [`Board::row`]):
/// from its first hole up to the hole of the last seed, or nothing when the
/// last seed stays on the mover's side (padded like [`DELTA`]).
static REACH: [[u64; 64]; 16] = reach_table();

const fn sow_table() -> [[u128; SEEDS as usize + 1]; HOLES] {
    let mut table = [[0u128; SEEDS as usize + 1]; HOLES];
    fill_table!(table[h in 0..HOLES][n in 1..=SEEDS as usize] = {
        let laps = (n / 11) as u128;
        let rem = n % 11;
        let mut inc = laps * (ONES & !(0xFF << (8 * h)));
        let mut k = 1;
        while k <= rem {
            inc += 1 << (8 * ((h + k) % HOLES));
            k += 1;
        }
        inc
    });
    table
}

const fn delta_table() -> [[u128; 64]; 16] {
    let mut table = [[0u128; 64]; 16];
    fill_table!(table[h in 0..HOLES][n in 0..=SEEDS as usize] =
        SOW[h][n].wrapping_sub((n as u128) << (8 * h)));
    table
}

const fn last_table() -> [[u8; SEEDS as usize + 1]; HOLES] {
    let mut table = [[0u8; SEEDS as usize + 1]; HOLES];
    fill_table!(table[h in 0..HOLES][n in 1..=SEEDS as usize] = {
        let rem = n % 11;
        if rem == 0 {
            ((h + 11) % HOLES) as u8
        } else {
            ((h + rem) % HOLES) as u8
        }
    });
    table
}

const fn reach_table() -> [[u64; 64]; 16] {
    let mut table = [[0u64; 64]; 16];
    fill_table!(table[h in 0..HOLES][n in 1..=SEEDS as usize] = {
        let opponent_first = if h < 6 { 6 } else { 0 };
        let at = (LAST[h][n] as usize).wrapping_sub(opponent_first);
        if at < 6 {
            ROW >> (40 - 8 * at)
        } else {
            0
        }
    });
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

/// A capture a sowing would make, in packed form (see [`Board::capture`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Capture {
    /// The bytes of the holes emptied (0 when nothing is captured).
    holes: u128,
    /// The seeds taken, placed in the mover's score byte.
    gain: u128,
    /// Whether the holes taken are all the opponent's seeds.
    grand_slam: bool,
}

impl Capture {
    const NONE: Capture = Capture {
        holes: 0,
        gain: 0,
        grand_slam: false,
    };
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

    #[inline(always)]
    fn from_bits(bits: u128) -> Board {
        Board(bits.to_le_bytes())
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

    /// Seeds still on the board: those neither player has captured.
    #[inline(always)]
    pub fn on_board(self) -> u32 {
        SEEDS.saturating_sub(self.score(0) + self.score(1))
    }

    /// Whether a player has the winning total (`win`) or both have `draw`:
    /// the game is decided by the scores. Both bytes are tested at once: a
    /// score is at most 48, so adding `0x80 - win` to each byte sets its top
    /// bit exactly when it reaches `win`, with no carry between the bytes.
    #[inline(always)]
    pub fn decided(self, win: u32, draw: u32) -> bool {
        // A shift of the packed value, not two byte reads: the board is
        // often a fresh value in registers.
        let scores = (self.bits() >> (8 * SOUTH_SCORE)) as u16;
        let add = (0x80 - win as u16) * 0x0101;
        ((scores.wrapping_add(add) & 0x8080) != 0) | (scores == (draw as u16) * 0x0101)
    }

    /// 0 when South is to move, 1 when North is.
    #[inline(always)]
    pub fn side(self) -> usize {
        (self.bits() >> (8 * SIDE_BYTE)) as usize & 1
    }

    /// The mask of the holes of side 0 (South) or 1 (North).
    #[inline(always)]
    pub fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (48 * (side & 1))
    }

    /// The six holes of `side` as the low 48 bits of a word, a byte each.
    /// Shifts rather than a load at a byte offset, so that a board held in
    /// registers is not written to memory first.
    #[inline(always)]
    pub fn row(self, side: usize) -> u64 {
        let bits = self.bits();
        if side & 1 == 0 {
            bits as u64 & ROW
        } else {
            (bits >> 48) as u64 & ROW
        }
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

    /// The holes the side to move may sow, as the top bit of each byte of
    /// its row (byte `j` is hole index `6 * side + j`): the non-empty ones,
    /// or, when `must_feed` and the opponent's side is empty, those that
    /// reach it. The scores and the grand-slam rule are not looked at.
    #[inline(always)]
    pub fn movable(self, must_feed: bool) -> u64 {
        self.movable_of(self.side(), must_feed)
    }

    /// [`Board::movable`] for a side to move known to be `side`.
    #[inline(always)]
    pub fn movable_of(self, side: usize, must_feed: bool) -> u64 {
        let add = if must_feed && self.side_empty(1 - side) {
            FEEDING
        } else {
            NONEMPTY
        };
        self.row(side).wrapping_add(add) & ROW_HIGH
    }

    /// The number of holes in a mask from [`Board::movable`]: the top bits,
    /// moved down to the bottom of their bytes, are summed by one multiply
    /// (the baseline x86-64 has no popcount instruction).
    #[inline(always)]
    pub fn count_marked(mask: u64) -> u32 {
        ((mask >> 7).wrapping_mul(0x0101_0101_0101) >> 40) as u32 & 0xFF
    }

    /// The packed value after sowing hole `h` of the side to move and
    /// flipping the side to move, before any capture.
    #[inline(always)]
    fn sown_flipped(&self, h: usize) -> u128 {
        let n = self.0[h & 15] as usize;
        self.bits().wrapping_add(DELTA[h & 15][n & 63]) ^ SIDE_BIT
    }

    /// The capture made when the last of the seeds sown from `h` (by the
    /// side to move of `self`) lands on the packed board `sown`.
    ///
    /// Two early exits (the last seed stays on the mover's side; the last
    /// hole does not hold 2 or 3) and then no loop: in the opponent's row,
    /// the bytes holding 2 or 3 are the zero bytes of `(row & !1) ^ 2` (per
    /// byte); the chain runs from the last hole back to just above the
    /// highest other byte below it (or to the row's first hole). A fully
    /// branch-free version was measured slower: it pays the chain on every
    /// move, while the exits are taken by most moves.
    #[inline(always)]
    fn capture(&self, mover: usize, h: usize, sown: u128) -> Capture {
        let n = self.0[h & 15] as usize;
        let reach = REACH[h & 15][n & 63];
        if reach == 0 {
            return Capture::NONE;
        }
        let row = Board::from_bits(sown).row(1 - mover);
        // Bytes are at most 48, so `y` is below 0x80 and `y + 0x7F` carries
        // into no other byte: the top bit is set for the non-2-or-3 bytes.
        let y = (row & 0xFEFE_FEFE_FEFE) ^ 0x0202_0202_0202;
        let others = y.wrapping_add(NONEMPTY) & ROW_HIGH & reach;
        if others & !(reach >> 8) != 0 {
            return Capture::NONE; // the last hole holds neither 2 nor 3
        }
        // One byte up, with a stop marker in the new byte 0 (below the row),
        // so the highest stop always exists.
        let stops = (others << 8) | 0x80;
        let below = u64::MAX >> stops.leading_zeros(); // bytes 0..=highest stop
        let taken = ((reach << 8) & !below) >> 8; // the chain, in row bytes
        let seeds = (row & taken).wrapping_mul(0x0101_0101_0101) >> 40 & 0xFF;
        Capture {
            holes: if mover == 0 {
                (taken as u128) << 48
            } else {
                taken as u128
            },
            gain: ((seeds << (8 * mover)) as u128) << (8 * SOUTH_SCORE),
            grand_slam: (taken != 0) & (row & !taken == 0),
        }
    }

    /// Plays hole `h` of the side to move: sows it, makes the capture and
    /// passes the turn. A grand slam captures when `grand_slam_captures`,
    /// and otherwise takes nothing. The caller guarantees that `h` is a
    /// non-empty hole of the side to move.
    #[inline(always)]
    pub fn play(&self, h: usize, grand_slam_captures: bool) -> Board {
        self.play_as(self.side(), h, grand_slam_captures)
    }

    /// [`Board::play`] when the side to move is known to be `mover` (a
    /// constant in the callers' hot loops, which turns row selections into
    /// fixed shifts). Boards are taken by reference here: indexing a byte
    /// of a by-value copy made the compiler copy the board to the stack for
    /// every move.
    #[inline(always)]
    pub fn play_as(&self, mover: usize, h: usize, grand_slam_captures: bool) -> Board {
        let sown = self.sown_flipped(h);
        let capture = self.capture(mover, h, sown);
        if capture.grand_slam && !grand_slam_captures {
            return Board::from_bits(sown);
        }
        Board::from_bits((sown & !capture.holes) + capture.gain)
    }

    /// Sows hole `h` of the side to move and works out the capture; the
    /// side to move is left as it was.
    #[inline(always)]
    pub fn sow(self, h: usize) -> Sowing {
        let sown = self.sown_flipped(h) ^ SIDE_BIT;
        let capture = self.capture(self.side(), h, sown);
        Sowing {
            sown: Board::from_bits(sown),
            captured: Board::from_bits((sown & !capture.holes) + capture.gain),
            grand_slam: capture.grand_slam,
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

/// The side to move and the scores, as [`Board::side`] and
/// [`Board::score`] read them from the packed bits.
impl Scoreboard for Board {
    #[inline(always)]
    fn side(self) -> usize {
        Board::side(self)
    }

    #[inline(always)]
    fn score(self, side: usize) -> u32 {
        Board::score(self, side)
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

#[cfg(any(test, feature = "test-support"))]
impl Board {
    /// A random position for unit tests: each hole in turn takes at most
    /// `per_hole` of `seeds` seeds (uniformly, of those left), the rest
    /// splits between the scores, and either side is to move.
    pub fn random(rng: &mut crate::rng::Rng, seeds: usize, per_hole: usize) -> Board {
        let mut holes = [0u8; HOLES];
        let mut left = seeds;
        for h in &mut holes {
            let n = rng.below(left.min(per_hole) + 1);
            *h = n as u8;
            left -= n;
        }
        let s = rng.below(left + 1) as u8;
        Board::from_parts(holes, [s, left as u8 - s], rng.below(2) == 1)
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

    /// The plain rules, one seed and one hole at a time: the oracle the
    /// packed arithmetic is checked against.
    fn reference_sow(board: Board, h: usize) -> Sowing {
        let mut b = board.0;
        let mover = board.side();
        let mut n = b[h];
        b[h] = 0;
        let mut i = h;
        while n > 0 {
            i = (i + 1) % HOLES;
            if i != h {
                b[i] += 1;
                n -= 1;
            }
        }
        let sown = Board(b);
        let mut taken = 0;
        while i / 6 != mover && (b[i] == 2 || b[i] == 3) {
            taken += b[i];
            b[i] = 0;
            if i % 6 == 0 {
                break;
            }
            i -= 1;
        }
        b[SOUTH_SCORE as usize + mover] += taken;
        let captured = Board(b);
        let grand_slam = taken > 0 && captured.side_empty(1 - mover);
        Sowing {
            sown,
            captured,
            grand_slam,
        }
    }

    /// A small deterministic generator (xorshift) for the random boards.
    fn random_boards(count: usize) -> Vec<Board> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                // 48 seeds spread over the holes and the two scores, with a
                // bias towards small counts where captures happen.
                let mut holes = [0u8; HOLES];
                let mut scores = [0u8; 2];
                let on_board = (next() % 49) as u32;
                let spread = 1 + next() % 12;
                for _ in 0..on_board {
                    holes[(next() % spread) as usize * 12 / spread as usize % HOLES] += 1;
                }
                let rest = 48 - on_board as u8;
                scores[0] = (next() % (rest as u64 + 1)) as u8;
                scores[1] = rest - scores[0];
                if next() % 2 == 0 {
                    holes.rotate_left((next() % 12) as usize);
                }
                Board::from_parts(holes, scores, next() % 2 == 1)
            })
            .collect()
    }

    #[test]
    fn packed_sowing_and_capture_match_the_plain_rules() {
        let mut captures = 0;
        let mut slams = 0;
        for board in random_boards(200_000) {
            let side = board.side();
            for h in 6 * side..6 * side + 6 {
                if board.seeds(h) == 0 {
                    continue;
                }
                let expected = reference_sow(board, h);
                assert_eq!(board.sow(h), expected, "{board:?} hole {h}");
                let slam_kept = if expected.grand_slam {
                    expected.sown
                } else {
                    expected.captured
                };
                assert_eq!(board.play(h, false), slam_kept.flip_side());
                assert_eq!(board.play(h, true), expected.captured.flip_side());
                captures += (expected.captured != expected.sown) as u32;
                slams += expected.grand_slam as u32;
            }
        }
        assert!(captures > 10_000 && slams > 100, "{captures} {slams}");
    }

    #[test]
    fn movable_holes_match_the_plain_rules() {
        for board in random_boards(20_000) {
            let side = board.side();
            for must_feed in [false, true] {
                let starving = must_feed && board.side_empty(1 - side);
                let expected = (0..6)
                    .filter(|j| {
                        let h = 6 * side + j;
                        board.seeds(h) > 0 && (!starving || Board::feeds(h, board.seeds(h)))
                    })
                    .fold(0u64, |m, j| m | 0x80 << (8 * j));
                assert_eq!(board.movable(must_feed), expected, "{board:?}");
            }
        }
    }

    #[test]
    fn decided_matches_the_scores() {
        for s in 0..=48u8 {
            for t in 0..=(48 - s) {
                let b = Board::from_parts([0; HOLES], [s, t], false);
                let expected = s >= 25 || t >= 25 || (s == 24 && t == 24);
                assert_eq!(b.decided(25, 24), expected, "{s}-{t}");
            }
        }
    }
}
