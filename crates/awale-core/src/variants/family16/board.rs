//! The board of the 16-hole colour family and the move mechanics on it.

use crate::game::{pair_enum, Scoreboard};
use crate::variants::colour_boards::{scoreboard_from_fields, write_board};
use crate::variants::fill_table::fill_table;
use crate::variants::hole_bytes::{byte, byte_sum, from_counts};
use crate::variants::packing::{pack5, pack6};

/// Holes on the board.
pub const HOLES: usize = 16;
/// Red seeds, and blue seeds, in every variant of the family.
pub const PER_COLOUR: u32 = 32;
/// The most transparent seeds a variant of the family has (2 per hole).
pub const MAX_CLEAR: u32 = 32;
/// The longest sowing: every transparent seed then every seed of a colour.
const MAX_SOWN: usize = (MAX_CLEAR + PER_COLOUR) as usize;

pair_enum! {
    /// The two colours a move names, red first (the order moves are listed
    /// in).
    pub enum Colour {
        /// Red seeds (`R`), sown into every following hole.
        Red => 'R',
        /// Blue seeds (`B`), sown only into the opponent's holes.
        Blue => 'B',
    }
}

impl Colour {
    /// The colour's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

/// Which seeds of the hole a move sows (always sown the way of the move's colour).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sown {
    /// The seeds of the colour (`NR`, `NB`).
    Colour,
    /// The transparent seeds only (`NTC` in `transparent80`).
    Clear,
    /// The transparent seeds, then those of the colour (`NTC` in `transparent96`).
    ClearThenColour,
}

/// The row of transparent seeds in [`Board`]'s rows (after red and blue).
const CLEAR: usize = 2;

/// A position of the family: the working form the rules compute on.
///
/// Layout: one `u128` per kind of seed (red, blue, transparent) with one byte
/// per hole (byte `i` is hole `i + 1`), then both scores and the side to
/// move. Why: no kind exceeds 32 seeds, so a byte never overflows and the
/// whole sowing of one kind, laps included, is a single 128-bit addition of
/// a precomputed increment ([`RED_SOW`], [`BLUE_SOW`]); a hole's total is the
/// sum of three bytes; the owner of hole index `i` is `i & 1`, so "the
/// opponent's side is empty" is one mask test. `colors16` keeps its
/// transparent row at 0. The compact [`Key`]s are derived on demand.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: [u128; 3],
    scores: [u8; 2],
    side: u8,
}

/// The exact compact form of a [`Board`], 256 bits: see [`Board::key`] and
/// [`Board::wide_key`]. Equal keys exactly when equal boards.
pub type Key = (u128, u128);

/// The bytes of the holes owned by South (player 1): the odd holes, that is
/// the even indices.
const SOUTH_HOLES: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;

/// Bit 5 of every byte: set in a row only where a hole holds 32 seeds of
/// that kind (the most there are), which the 5-bit fields of
/// [`Board::wide_key`] cannot hold.
const FULL_BITS: u128 = 0x2020_2020_2020_2020_2020_2020_2020_2020;

/// Where the `p`-th seed (1-based) sown like red from hole index `h` lands:
/// every hole but the origin, 15 per lap.
const fn red_target(h: usize, p: usize) -> usize {
    (h + (p - 1) % 15 + 1) % HOLES
}

/// Where the `p`-th seed (1-based) sown like blue from hole index `h` lands:
/// only the opponent's holes, which are the odd distances from the origin
/// (the origin is the mover's, so it is never among them), 8 per lap.
const fn blue_target(h: usize, p: usize) -> usize {
    (h + 2 * ((p - 1) % 8) + 1) % HOLES
}

/// Where the `p`-th seed sown like `colour` from hole index `h` lands.
#[inline]
fn target(colour: Colour, h: usize, p: usize) -> usize {
    match colour {
        Colour::Red => red_target(h, p),
        Colour::Blue => blue_target(h, p),
    }
}

type SowTable = [[u128; MAX_SOWN + 1]; HOLES];

const fn sow_table(blue: bool) -> SowTable {
    let mut table = [[0u128; MAX_SOWN + 1]; HOLES];
    fill_table!(table[h in 0..HOLES][n in 1..=MAX_SOWN] = {
        let target = if blue {
            blue_target(h, n)
        } else {
            red_target(h, n)
        };
        table[h][n - 1] + (1 << (8 * target))
    });
    table
}

/// `RED_SOW[h][n]`: the per-hole increments when `n` seeds are sown like red
/// from hole index `h`. The seeds `p+1..=q` of a sowing add
/// `RED_SOW[h][q] - RED_SOW[h][p]` (no byte borrows: each only grows with `n`).
static RED_SOW: SowTable = sow_table(false);
/// `BLUE_SOW[h][n]`: the same for seeds sown like blue.
static BLUE_SOW: SowTable = sow_table(true);

/// The sowing table of `colour`.
#[inline]
fn sow(colour: Colour) -> &'static SowTable {
    match colour {
        Colour::Red => &RED_SOW,
        Colour::Blue => &BLUE_SOW,
    }
}

impl Board {
    /// The starting position: 2 red, 2 blue and `clear` transparent seeds in
    /// every hole, South to move.
    pub const fn start(clear: u32) -> Board {
        const ONES: u128 = 0x0101_0101_0101_0101_0101_0101_0101_0101;
        Board {
            rows: [2 * ONES, 2 * ONES, clear as u128 * ONES],
            scores: [0, 0],
            side: 0,
        }
    }

    /// Builds a board from its parts: the rows of red, blue and transparent
    /// seeds (a count per hole), as the board keeps them. The caller
    /// guarantees the counts fit (at most 32 of a kind per hole, scores at
    /// most 96); the notation parser checks the totals.
    pub fn from_parts(rows: [[u8; HOLES]; 3], scores: [u8; 2], side: usize) -> Board {
        Board {
            rows: rows.map(from_counts),
            scores,
            side: (side & 1) as u8,
        }
    }

    /// Red seeds in hole index `i` (0..16).
    #[inline]
    pub fn red(self, i: usize) -> u32 {
        byte(self.rows[0], i)
    }

    /// Blue seeds in hole index `i` (0..16).
    #[inline]
    pub fn blue(self, i: usize) -> u32 {
        byte(self.rows[1], i)
    }

    /// Transparent seeds in hole index `i` (0..16).
    #[inline]
    pub fn clear(self, i: usize) -> u32 {
        byte(self.rows[CLEAR], i)
    }

    /// Seeds of `colour` in hole index `i`.
    #[inline]
    pub fn seeds_of(self, i: usize, colour: Colour) -> u32 {
        match colour {
            Colour::Red => self.red(i),
            Colour::Blue => self.blue(i),
        }
    }

    /// All seeds in hole index `i`.
    #[inline]
    pub fn seeds(self, i: usize) -> u32 {
        self.red(i) + self.blue(i) + self.clear(i)
    }

    /// The owner of hole index `i`: 0 (South) for odd hole numbers, 1 (North) for even ones.
    #[inline]
    pub fn owner(i: usize) -> usize {
        i & 1
    }

    /// The row of one kind of seed (0 red, 1 blue, 2 transparent): byte
    /// `i` holds the seeds of that kind in hole index `i`.
    #[inline(always)]
    pub fn kind_row(self, kind: usize) -> u128 {
        self.rows[kind]
    }

    /// The byte mask of the holes of side 0 (South) or 1 (North).
    #[inline]
    pub fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (8 * side)
    }

    /// Every hole's seeds as bytes: the rows OR-ed together, a byte non-zero
    /// exactly where the hole holds seeds. With `T` false the transparent
    /// row is taken to be empty (it always is in a variant without
    /// transparent seeds), which saves work in that variant's hot loops.
    #[inline(always)]
    fn occupied<const T: bool>(self) -> u128 {
        self.rows[0] | self.rows[1] | if T { self.rows[CLEAR] } else { 0 }
    }

    /// Whether `side` has no seed on its holes.
    #[inline]
    pub fn side_empty(self, side: usize) -> bool {
        self.side_empty_with::<true>(side)
    }

    /// [`Board::side_empty`], with `T` as in [`Board::occupied`].
    #[inline(always)]
    pub fn side_empty_with<const T: bool>(self, side: usize) -> bool {
        self.occupied::<T>() & Board::holes_of(side) == 0
    }

    /// Seeds on the whole board.
    #[inline]
    pub fn on_board(self) -> u32 {
        self.on_board_with::<true>()
    }

    /// [`Board::on_board`], with `T` as in [`Board::occupied`].
    #[inline(always)]
    pub fn on_board_with<const T: bool>(self) -> u32 {
        byte_sum(self.rows[0])
            + byte_sum(self.rows[1])
            + if T { byte_sum(self.rows[CLEAR]) } else { 0 }
    }

    /// The board after sowing as [`Board::play`] does, before any capture,
    /// with the same side to move: what a board display shows between the
    /// sowing and the capture. The sowing step of [`Board::play`] itself, so
    /// the rules are written once.
    pub fn sown<const T: bool>(self, h: usize, colour: Colour, sown: Sown) -> Board {
        let (rows, _) = self.sown_rows::<T>(h, colour, sown);
        Board { rows, ..self }
    }

    /// The rows after sowing hole index `h` (see [`Board::play`]), and the
    /// number of seeds sown.
    #[inline(always)]
    fn sown_rows<const T: bool>(self, h: usize, colour: Colour, sown: Sown) -> ([u128; 3], usize) {
        let origin = !(0xFFu128 << (8 * h));
        let table = &sow(colour)[h];
        // How many of the colour and how many transparent seeds leave: the
        // transparent ones are sown first.
        let (of_colour, clear) = match sown {
            Sown::Colour => (self.seeds_of(h, colour) as usize, 0),
            Sown::Clear => (0, self.clear(h) as usize),
            Sown::ClearThenColour => (self.seeds_of(h, colour) as usize, self.clear(h) as usize),
        };
        let n = of_colour + clear;
        debug_assert!(n > 0 && Board::owner(h) == self.side());
        // Locals, not the array indexed by colour, so that the rows stay in
        // registers.
        let [mut red, mut blue, mut clear_row] = self.rows;
        if T && clear > 0 {
            clear_row = (clear_row & origin) + table[clear];
        }
        if of_colour > 0 {
            let sown = table[n] - table[clear];
            match colour {
                Colour::Red => red = (red & origin) + sown,
                Colour::Blue => blue = (blue & origin) + sown,
            }
        }
        ([red, blue, clear_row], n)
    }

    /// Plays hole index `h` for the side to move, sowing the seeds `sown`
    /// names the way of `colour`: sows, captures backwards from the hole
    /// where the last seed fell, sweeps the board when the opponent is left
    /// without seeds, and passes the turn. The caller guarantees the hole
    /// belongs to the side to move and holds seeds to sow. `T` says whether
    /// the variant has transparent seeds (as in [`Board::occupied`]).
    #[inline]
    pub fn play<const T: bool>(self, h: usize, colour: Colour, sown: Sown) -> Board {
        let mover = self.side();
        let ([mut red, mut blue, mut clear_row], n) = self.sown_rows::<T>(h, colour, sown);
        // The chain runs backwards over every hole, whoever owns it; a hole
        // captured is left empty, so it ends at the latest on coming round.
        let mut taken = 0;
        let mut i = target(colour, h, n);
        loop {
            let t = byte(red, i) + byte(blue, i) + if T { byte(clear_row, i) } else { 0 };
            if t != 2 && t != 3 {
                break;
            }
            taken += t;
            let keep = !(0xFFu128 << (8 * i));
            red &= keep;
            blue &= keep;
            if T {
                clear_row &= keep;
            }
            i = (i + HOLES - 1) % HOLES;
        }
        let mut scores = self.scores;
        scores[mover] += taken as u8;
        let mut next = Board {
            rows: [red, blue, clear_row],
            scores,
            side: 1 - self.side,
        };
        if next.side_empty_with::<T>(1 - mover) {
            // Starvation: the mover takes every seed left on the board.
            next.scores[mover] += next.on_board_with::<T>() as u8;
            next.rows = [0; 3];
        }
        next
    }

    /// The exact compact key of a board without transparent seeds (207 bits,
    /// the `colors16` key): word 0 holds the 16 red counts (6 bits each,
    /// bits 0..96), South's score (bits 96..103) and the side to move (bit
    /// 103); word 1 the 16 blue counts and North's score.
    #[inline]
    pub fn key(self) -> Key {
        debug_assert!(self.rows[CLEAR] == 0);
        (
            pack6(self.rows[0], 16) | (self.scores[0] as u128) << 96 | (self.side as u128) << 103,
            pack6(self.rows[1], 16) | (self.scores[1] as u128) << 96,
        )
    }

    /// The exact compact key of any board of the family (251 bits), for
    /// variants with transparent seeds, where three rows of 6-bit counts
    /// would not fit in 256 bits. Each row takes 80 bits: its 16 counts in
    /// 5 bits each, or, when a hole holds all 32 seeds of that kind (so the
    /// others hold none), that hole's index and a flag. Word 0: red (bits
    /// 0..80), the transparent row's low 40 bits (80..120), the side to move
    /// (120), the red and transparent flags (121, 122). Word 1: blue, the
    /// transparent row's high 40 bits, South's score (120..127), the blue
    /// flag (127). North's score is not stored: it is the seeds of the game
    /// less the others, so it follows from the rest.
    #[inline]
    pub fn wide_key(self) -> Key {
        let row = |r: u128| -> (u128, u128) {
            if r & FULL_BITS == 0 {
                (pack5(r), 0)
            } else {
                ((r & FULL_BITS).trailing_zeros() as u128 / 8, 1)
            }
        };
        let (red, red_full) = row(self.rows[0]);
        let (blue, blue_full) = row(self.rows[1]);
        let (clear, clear_full) = row(self.rows[CLEAR]);
        const LOW40: u128 = (1 << 40) - 1;
        (
            red | (clear & LOW40) << 80
                | (self.side as u128) << 120
                | red_full << 121
                | clear_full << 122,
            blue | (clear >> 40) << 80 | (self.scores[0] as u128) << 120 | blue_full << 127,
        )
    }
}

scoreboard_from_fields!(Board);

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kinds = |i| [self.red(i), self.blue(i), self.clear(i)];
        write_board(f, *self, HOLES, kinds, ['R', 'B', 'T'], "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_tables_conserve_seeds_and_respect_targets() {
        for h in 0..HOLES {
            for n in 1..=MAX_SOWN {
                let (r, b) = (RED_SOW[h][n], BLUE_SOW[h][n]);
                assert_eq!(byte_sum(r), n as u32);
                assert_eq!(byte_sum(b), n as u32);
                assert_eq!(byte(r, h), 0, "red sown into its origin");
                for i in 0..HOLES {
                    if Board::owner(i) == Board::owner(h) {
                        assert_eq!(byte(b, i), 0, "blue sown into an own hole");
                    }
                }
            }
        }
    }

    #[test]
    fn keys_are_exact_on_extreme_counts() {
        let mut red = [0u8; HOLES];
        red[15] = 32;
        let none = [0; HOLES];
        let a = Board::from_parts([red, none, none], [32, 0], 1);
        let mut blue = [0u8; HOLES];
        blue[15] = 32;
        let b = Board::from_parts([none, blue, none], [32, 0], 1);
        assert_ne!(a.key(), b.key());
        let c = Board::from_parts([red, none, none], [0, 32], 1);
        assert_ne!(a.key(), c.key());
        assert_ne!(
            a.key(),
            Board::from_parts([red, none, none], [32, 0], 0).key()
        );
    }

    #[test]
    fn wide_keys_tell_apart_full_holes_and_every_row() {
        let none = [0u8; HOLES];
        let full = |i: usize| {
            let mut row = [0u8; HOLES];
            row[i] = 32;
            row
        };
        let boards = [
            Board::from_parts([full(15), none, full(0)], [32, 0], 1),
            Board::from_parts([full(14), none, full(0)], [32, 0], 1),
            Board::from_parts([none, full(15), full(0)], [32, 0], 1),
            Board::from_parts([full(15), none, full(0)], [32, 0], 0),
            Board::from_parts([full(15), none, full(1)], [32, 0], 1),
            Board::from_parts([full(15), full(1), none], [32, 0], 1),
            Board::from_parts([none, full(1), full(15)], [32, 0], 1),
            Board::from_parts([none, full(1), full(15)], [0, 32], 1),
            Board::from_parts([none, [31; HOLES], [1; HOLES]], [0, 0], 1),
            Board::from_parts([none, [31; HOLES], [2; HOLES]], [0, 0], 1),
            Board::start(2),
            Board::start(1),
            Board::start(0),
        ];
        for a in &boards {
            for b in &boards {
                assert_eq!(a == b, a.wide_key() == b.wide_key(), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn transparent_then_colour_continues_the_sowing() {
        // Hole 1 (South) with 2 transparent and 1 red: three seeds sown like
        // red into 2, 3, 4; the third is red.
        let mut red = [0u8; HOLES];
        let mut clear = [0u8; HOLES];
        red[0] = 1;
        clear[0] = 2;
        red[9] = 5;
        let pos = Board::from_parts([red, [0; HOLES], clear], [0, 0], 0);
        let next = pos.play::<true>(0, Colour::Red, Sown::ClearThenColour);
        assert_eq!((next.clear(1), next.clear(2), next.red(3)), (1, 1, 1));
        assert_eq!(next.seeds(0), 0);
        let only = pos.play::<true>(0, Colour::Red, Sown::Clear);
        assert_eq!((only.clear(1), only.clear(2), only.red(0)), (1, 1, 1));
        assert_eq!(only.seeds(3), 0);
    }
}
