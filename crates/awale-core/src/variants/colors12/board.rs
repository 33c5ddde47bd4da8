//! The `colors12` board and the move mechanics on it.

use crate::game::{pair_enum, Scoreboard};
use crate::variants::colour_boards::{scoreboard_from_fields, write_board};
use crate::variants::fill_table::fill_table;
use crate::variants::hole_bytes::{byte, byte_sum, from_counts};
use crate::variants::packing::pack6;

/// Holes on the board.
pub const HOLES: usize = 12;
/// Seeds in the game: 36 red, 36 black and 2 special.
pub const SEEDS: u32 = 74;
/// Seeds of each ordinary colour in the game.
pub const PER_COLOUR: u32 = 36;
/// Special seeds in the game (one per player).
pub const SPECIALS: u32 = 2;

pair_enum! {
    /// The two ordinary colours of `colors12`, red first (the order moves
    /// are listed in).
    pub enum Colour {
        /// Red seeds (`R`).
        Red => 'R',
        /// Black seeds (`B`; `N` for *noir* is accepted on input).
        Black => 'B',
    }
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    /// The colour's bit in a set of capture colours.
    #[inline]
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A `colors12` position: the working form the rules compute on.
///
/// Layout: one `u128` per ordinary colour with one byte per hole (byte `i`
/// is hole `i + 1`), the special seeds as 2 bits per hole, both scores, the
/// side to move, and the special seeds still in hand (2 at the start, 1 once
/// South has placed its own, 0 once play has begun). Why: no colour count
/// exceeds 36, so a byte never overflows and any run of consecutive sowing
/// positions is the difference of two rows of a precomputed increment table
/// ([`SOW`]), so a whole move, laps and the special seed's insertion
/// included, is a handful of 128-bit additions. The compact [`Key`]
/// (185 bits) is derived from it on demand.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    red: u128,
    black: u128,
    special: u32,
    scores: [u8; 2],
    side: u8,
    hand: u8,
}

/// The exact compact form of a [`Board`] (185 of its 256 bits used): word 0
/// holds the 12 red counts (6 bits each, bits 0..72), the special seeds
/// (2 bits per hole, bits 72..96), South's and North's scores (7 bits each
/// from bit 96), the side to move (bit 110) and the seeds in hand (bits
/// 111..113); word 1 holds the 12 black counts. Equal keys exactly when
/// equal boards.
pub type Key = (u128, u128);

/// The bytes of South's holes (1..6).
const SOUTH_HOLES: u128 = 0xFFFF_FFFF_FFFF;

/// Where the `p`-th seed (1-based) sown from hole index `h` lands: every hole
/// but the origin, 11 per lap.
#[inline(always)]
const fn target(h: usize, p: usize) -> usize {
    (h + (p - 1) % 11 + 1) % HOLES
}

/// `SOW[h][n]`: the per-hole counts of sowing positions `1..=n` from hole
/// index `h`. Positions `a..=b` are `SOW[h][b] - SOW[h][a - 1]`, bytewise
/// exact because every byte grows with `n`.
static SOW: [[u128; SEEDS as usize + 1]; HOLES] = sow_table();

const fn sow_table() -> [[u128; SEEDS as usize + 1]; HOLES] {
    let mut table = [[0u128; SEEDS as usize + 1]; HOLES];
    fill_table!(table[h in 0..HOLES][n in 1..=SEEDS as usize] =
        table[h][n - 1] + (1 << (8 * target(h, n))));
    table
}

/// The per-hole counts of sowing positions `a..=b` from `h` (none when `a > b`).
#[inline(always)]
fn positions(h: usize, a: usize, b: usize) -> u128 {
    if a > b {
        0
    } else {
        SOW[h][b] - SOW[h][a - 1]
    }
}

impl Board {
    /// The starting position: 3 red and 3 black seeds in every hole, both
    /// special seeds still to be placed, South to place first.
    pub const START: Board = Board {
        red: 0x0303_0303_0303_0303_0303_0303,
        black: 0x0303_0303_0303_0303_0303_0303,
        special: 0,
        scores: [0, 0],
        side: 0,
        hand: 2,
    };

    /// Builds a board from its parts. The caller guarantees the counts fit
    /// (at most 36 of a colour and 2 special seeds per hole, scores at most
    /// 74, at most 2 in hand); the notation parser checks the totals.
    pub fn from_parts(
        red: [u8; HOLES],
        black: [u8; HOLES],
        special: [u8; HOLES],
        scores: [u8; 2],
        side: usize,
        hand: u8,
    ) -> Board {
        Board {
            red: from_counts(red),
            black: from_counts(black),
            special: special
                .iter()
                .enumerate()
                .fold(0u32, |v, (i, &c)| v | ((c as u32 & 3) << (2 * i))),
            scores,
            side: (side & 1) as u8,
            hand,
        }
    }

    /// Red seeds in hole index `i` (0..12).
    #[inline]
    pub fn red(self, i: usize) -> u32 {
        byte(self.red, i)
    }

    /// Black seeds in hole index `i` (0..12).
    #[inline]
    pub fn black(self, i: usize) -> u32 {
        byte(self.black, i)
    }

    /// Seeds of `colour` in hole index `i`.
    #[inline]
    pub fn seeds_of(self, i: usize, colour: Colour) -> u32 {
        match colour {
            Colour::Red => self.red(i),
            Colour::Black => self.black(i),
        }
    }

    /// Special seeds in hole index `i` (0, 1 or 2).
    #[inline]
    pub fn special(self, i: usize) -> u32 {
        (self.special >> (2 * i)) & 3
    }

    /// All seeds in hole index `i`, special ones included.
    #[inline]
    pub fn seeds(self, i: usize) -> u32 {
        self.red(i) + self.black(i) + self.special(i)
    }

    /// Special seeds not yet placed: 2 before South's placement, 1 before
    /// North's, 0 once sowing has begun.
    #[inline]
    pub fn hand(self) -> u32 {
        self.hand as u32
    }

    /// The owner of hole index `i`: 0 (South) for holes 1..6, 1 (North) for 7..12.
    #[inline]
    pub fn owner(i: usize) -> usize {
        i / 6
    }

    /// The byte mask of the holes of side 0 (South) or 1 (North).
    #[inline]
    fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (48 * side)
    }

    /// The 2-bit mask of the special seeds on the holes of `side`.
    #[inline]
    fn specials_of(side: usize) -> u32 {
        0xFFF << (12 * side)
    }

    /// Whether `side` has no seed on its holes.
    #[inline]
    pub fn side_empty(self, side: usize) -> bool {
        (self.red | self.black) & Board::holes_of(side) == 0
            && self.special & Board::specials_of(side) == 0
    }

    /// Seeds on the holes of `side`, special ones included.
    #[inline]
    pub fn side_total(self, side: usize) -> u32 {
        let m = Board::holes_of(side);
        byte_sum(self.red & m)
            + byte_sum(self.black & m)
            + self.special_total(self.special & Board::specials_of(side))
    }

    #[inline]
    fn special_total(self, bits: u32) -> u32 {
        // Each 2-bit field holds 0..=2: count its value with two popcounts.
        (bits & 0x55_5555).count_ones() + 2 * (bits & 0xAA_AAAA).count_ones()
    }

    /// Whether sowing `n` seeds from hole index `h` puts at least one seed on
    /// the opponent's side (the must-feed test).
    #[inline]
    pub fn feeds(h: usize, n: u32) -> bool {
        n as usize >= 6 * (Board::owner(h) + 1) - h
    }

    /// Places the side to move's special seed in hole index `h` and passes
    /// the turn. The caller guarantees a special seed is in hand.
    #[inline]
    pub fn place(self, h: usize) -> Board {
        Board {
            special: self.special + (1 << (2 * h)),
            hand: self.hand - 1,
            side: 1 - self.side,
            ..self
        }
    }

    /// The board after sowing hole index `h` as [`Board::sow`] does, before
    /// any capture, with the same side to move: what a board display shows
    /// between the sowing and the capture. The sowing step of
    /// [`Board::sow`] itself, so the rules are written once.
    pub fn sown(self, h: usize, first: Colour, at: usize) -> Board {
        let (red, black, special) = self.sown_rows(h, first, at);
        Board {
            red,
            black,
            special,
            ..self
        }
    }

    /// The red and black rows and the special seeds after sowing hole index
    /// `h`, `first` colour first, the special seed(s) at position `at`.
    #[inline(always)]
    fn sown_rows(self, h: usize, first: Colour, at: usize) -> (u128, u128, u32) {
        let k = self.special(h) as usize;
        let c1 = self.seeds_of(h, first) as usize;
        let c2 = self.seeds_of(h, first.other()) as usize;
        let n = c1 + c2 + k;
        debug_assert!(n > 0 && (k == 0) == (at == 0));
        // The coloured seeds in order (first colour, then the other) take the
        // positions 1..=n except at..at+k-1; the coloured seed of index i
        // sits at position i before the special seeds, i + k after them.
        let block = |x: usize, y: usize| {
            if k == 0 {
                positions(h, x, y)
            } else {
                positions(h, x, y.min(at - 1)) + positions(h, x.max(at) + k, y + k)
            }
        };
        let inc_first = block(1, c1);
        let inc_other = block(c1 + 1, c1 + c2);
        let (inc_red, inc_black) = match first {
            Colour::Red => (inc_first, inc_other),
            Colour::Black => (inc_other, inc_first),
        };
        let origin = !(0xFFu128 << (8 * h));
        let red = (self.red & origin) + inc_red;
        let black = (self.black & origin) + inc_black;
        let mut special = self.special & !(3 << (2 * h));
        for p in at..at + k {
            special += 1 << (2 * target(h, p));
        }
        (red, black, special)
    }

    /// Sows hole index `h` of the side to move, `first` colour first, with
    /// the special seed(s) at sowing position `at` (and `at + 1`; `at` is 0
    /// when the hole holds none), captures, applies the grand slam, and
    /// passes the turn. The caller guarantees the move is legal.
    #[inline]
    pub fn sow(self, h: usize, first: Colour, at: usize) -> Board {
        let mover = self.side();
        let k = self.special(h) as usize;
        let c1 = self.seeds_of(h, first) as usize;
        let c2 = self.seeds_of(h, first.other()) as usize;
        let n = c1 + c2 + k;
        let (mut red, mut black, mut special) = self.sown_rows(h, first, at);
        // The capture colours: those of the last seed, both for a special one.
        let mut colours = if k > 0 && at + k - 1 == n {
            Colour::Red.bit() | Colour::Black.bit()
        } else if c2 > 0 {
            first.other().bit()
        } else {
            first.bit()
        };
        let last = target(h, n);
        let mut taken = 0;
        if Board::owner(last) != mover {
            let low = 6 * (1 - mover);
            let mut i = last;
            loop {
                let (r, b, s) = (byte(red, i), byte(black, i), (special >> (2 * i)) & 3);
                let qualifies = |count: u32| (2..=3).contains(&(count + s));
                let mut kept = 0;
                if colours & Colour::Red.bit() != 0 && qualifies(r) {
                    kept |= Colour::Red.bit();
                }
                if colours & Colour::Black.bit() != 0 && qualifies(b) {
                    kept |= Colour::Black.bit();
                }
                if kept == 0 {
                    break;
                }
                taken += s;
                special &= !(3 << (2 * i));
                if kept & Colour::Red.bit() != 0 {
                    taken += r;
                    red &= !(0xFFu128 << (8 * i));
                }
                if kept & Colour::Black.bit() != 0 {
                    taken += b;
                    black &= !(0xFFu128 << (8 * i));
                }
                colours = kept;
                if i == low {
                    break;
                }
                i -= 1;
            }
        }
        let mut next = Board {
            red,
            black,
            special,
            scores: self.scores,
            side: 1 - self.side,
            hand: self.hand,
        };
        next.scores[mover] += taken as u8;
        if taken > 0 && next.side_empty(1 - mover) {
            // Grand slam: the mover takes every seed left on the board.
            next.scores[mover] += next.side_total(mover) as u8;
            next.red = 0;
            next.black = 0;
            next.special = 0;
        }
        next
    }

    /// Each side collects the seeds on its own holes (the ending by
    /// repetition or by lack of moves): the final scores.
    pub fn collected_scores(self) -> [u32; 2] {
        [
            self.score(0) + self.side_total(0),
            self.score(1) + self.side_total(1),
        ]
    }

    /// The exact compact key (see [`Key`]).
    #[inline]
    pub fn key(self) -> Key {
        (
            pack6(self.red, HOLES)
                | (self.special as u128) << 72
                | (self.scores[0] as u128) << 96
                | (self.scores[1] as u128) << 103
                | (self.side as u128) << 110
                | (self.hand as u128) << 111,
            pack6(self.black, HOLES),
        )
    }
}

scoreboard_from_fields!(Board);

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kinds = |i| [self.red(i), self.black(i), self.special(i)];
        let tail = format!(", {} in hand", self.hand);
        write_board(f, *self, HOLES, kinds, ['R', 'B', 'S'], &tail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_table_skips_the_origin_and_conserves_seeds() {
        for (h, row) in SOW.iter().enumerate() {
            for (n, &inc) in row.iter().enumerate().skip(1) {
                assert_eq!(byte(inc, h), 0, "h={h} n={n}");
                assert_eq!(byte_sum(inc), n as u32);
                assert_ne!(target(h, n), h);
            }
        }
    }

    #[test]
    fn feeding_distances() {
        assert!(Board::feeds(5, 1) && !Board::feeds(4, 1) && Board::feeds(0, 6));
        assert!(Board::feeds(11, 1) && !Board::feeds(6, 5) && Board::feeds(6, 6));
    }

    #[test]
    fn side_totals_count_special_seeds() {
        let mut special = [0u8; HOLES];
        special[2] = 2;
        special[11] = 1;
        let b = Board::from_parts([1; HOLES], [2; HOLES], special, [0, 0], 0, 0);
        assert_eq!(b.side_total(0), 20);
        assert_eq!(b.side_total(1), 19);
        assert!(!b.side_empty(1));
        let only_special = Board::from_parts([0; HOLES], [0; HOLES], special, [0, 0], 0, 0);
        assert!(!only_special.side_empty(1) && !only_special.side_empty(0));
    }
}
