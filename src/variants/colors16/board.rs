//! The `colors16` board and the move mechanics on it.

use crate::variants::hole_bytes::{byte, byte_sum, from_counts};
use crate::variants::packing::pack6;

/// Holes on the board.
pub const HOLES: usize = 16;
/// Seeds in the game (32 red and 32 blue).
pub const SEEDS: u32 = 64;
/// Seeds of each colour in the game.
pub const PER_COLOUR: u32 = 32;

/// The two colours of `colors16`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Red seeds, sown into every following hole.
    Red = 0,
    /// Blue seeds, sown only into the opponent's holes.
    Blue = 1,
}

impl Colour {
    /// Both colours, red first (the order moves are listed in).
    pub const BOTH: [Colour; 2] = [Colour::Red, Colour::Blue];

    /// The letter of the notation (`R` or `B`).
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Blue => 'B',
        }
    }

    /// The colour's name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

/// A `colors16` position: the working form the rules compute on.
///
/// Layout: one `u128` per colour with one byte per hole (byte `i` is hole
/// `i + 1`), then both scores and the side to move. Why: no colour count
/// exceeds 32, so a byte never overflows and the whole sowing of one colour,
/// laps included, is a single 128-bit addition of a precomputed increment
/// ([`RED_SOW`], [`BLUE_SOW`]); a hole's total is the sum of two bytes; the
/// owner of hole index `i` is `i & 1`, so "the opponent's side is empty" is
/// one mask test on `red | blue`. The compact [`Key`] (6 bits per counter,
/// 207 bits) is derived from it on demand.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    red: u128,
    blue: u128,
    scores: [u8; 2],
    side: u8,
}

/// The exact compact form of a [`Board`] (207 of its 256 bits used):
/// word 0 holds the 16 red counts (6 bits each, bits 0..96), South's score
/// (bits 96..103) and the side to move (bit 103); word 1 holds the 16 blue
/// counts and North's score. Equal keys exactly when equal boards.
pub type Key = (u128, u128);

/// The bytes of the holes owned by South (player 1): the odd holes, that is
/// the even indices.
const SOUTH_HOLES: u128 = 0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF;

/// Where the `p`-th red seed (1-based) sown from hole index `h` lands: every
/// hole but the origin, 15 per lap.
const fn red_target(h: usize, p: usize) -> usize {
    (h + (p - 1) % 15 + 1) % HOLES
}

/// Where the `p`-th blue seed (1-based) sown from hole index `h` lands: only
/// the opponent's holes, which are the odd distances from the origin (the
/// origin is the mover's, so it is never among them), 8 per lap.
const fn blue_target(h: usize, p: usize) -> usize {
    (h + 2 * ((p - 1) % 8) + 1) % HOLES
}

const fn sow_table(blue: bool) -> [[u128; PER_COLOUR as usize + 1]; HOLES] {
    let mut table = [[0u128; PER_COLOUR as usize + 1]; HOLES];
    let mut h = 0;
    while h < HOLES {
        let mut n = 1;
        while n <= PER_COLOUR as usize {
            let target = if blue {
                blue_target(h, n)
            } else {
                red_target(h, n)
            };
            table[h][n] = table[h][n - 1] + (1 << (8 * target));
            n += 1;
        }
        h += 1;
    }
    table
}

/// `RED_SOW[h][n]`: the per-hole increments when `n` red seeds leave hole index `h`.
static RED_SOW: [[u128; PER_COLOUR as usize + 1]; HOLES] = sow_table(false);
/// `BLUE_SOW[h][n]`: the per-hole increments when `n` blue seeds leave hole index `h`.
static BLUE_SOW: [[u128; PER_COLOUR as usize + 1]; HOLES] = sow_table(true);

impl Board {
    /// The starting position: 2 red and 2 blue seeds in every hole, South to move.
    pub const START: Board = Board {
        red: 0x0202_0202_0202_0202_0202_0202_0202_0202,
        blue: 0x0202_0202_0202_0202_0202_0202_0202_0202,
        scores: [0, 0],
        side: 0,
    };

    /// Builds a board from its parts. The caller guarantees the counts fit
    /// (at most 32 of a colour per hole, scores at most 64); the notation
    /// parser checks the totals.
    pub fn from_parts(red: [u8; HOLES], blue: [u8; HOLES], scores: [u8; 2], side: usize) -> Board {
        Board {
            red: from_counts(red),
            blue: from_counts(blue),
            scores,
            side: (side & 1) as u8,
        }
    }

    /// Red seeds in hole index `i` (0..16).
    #[inline]
    pub fn red(self, i: usize) -> u32 {
        byte(self.red, i)
    }

    /// Blue seeds in hole index `i` (0..16).
    #[inline]
    pub fn blue(self, i: usize) -> u32 {
        byte(self.blue, i)
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
        self.red(i) + self.blue(i)
    }

    /// Seeds captured by South (0) or North (1).
    #[inline]
    pub fn score(self, side: usize) -> u32 {
        self.scores[side] as u32
    }

    /// 0 when South is to move, 1 when North is.
    #[inline]
    pub fn side(self) -> usize {
        self.side as usize
    }

    /// The owner of hole index `i`: 0 (South) for odd hole numbers, 1 (North) for even ones.
    #[inline]
    pub fn owner(i: usize) -> usize {
        i & 1
    }

    /// The byte mask of the holes of side 0 (South) or 1 (North).
    #[inline]
    fn holes_of(side: usize) -> u128 {
        SOUTH_HOLES << (8 * side)
    }

    /// Whether `side` has no seed on its holes.
    #[inline]
    pub fn side_empty(self, side: usize) -> bool {
        (self.red | self.blue) & Board::holes_of(side) == 0
    }

    /// Seeds on the whole board.
    #[inline]
    pub fn on_board(self) -> u32 {
        byte_sum(self.red) + byte_sum(self.blue)
    }

    /// Plays `colour` from hole index `h` for the side to move: sows, captures
    /// backwards from the last hole sown, sweeps the board when the opponent is
    /// left without seeds, and passes the turn. The caller guarantees the hole
    /// belongs to the side to move and holds seeds of that colour.
    #[inline]
    pub fn play(self, h: usize, colour: Colour) -> Board {
        let mover = self.side();
        let (mut red, mut blue) = (self.red, self.blue);
        let origin = !(0xFFu128 << (8 * h));
        let n = self.seeds_of(h, colour) as usize;
        debug_assert!(n > 0 && Board::owner(h) == mover);
        let last = match colour {
            Colour::Red => {
                red = (red & origin) + RED_SOW[h][n];
                red_target(h, n)
            }
            Colour::Blue => {
                blue = (blue & origin) + BLUE_SOW[h][n];
                blue_target(h, n)
            }
        };
        // The chain runs backwards over every hole, whoever owns it; a hole
        // captured is left empty, so it ends at the latest on coming round.
        let mut taken = 0;
        let mut i = last;
        loop {
            let t = byte(red, i) + byte(blue, i);
            if t != 2 && t != 3 {
                break;
            }
            taken += t;
            let keep = !(0xFFu128 << (8 * i));
            red &= keep;
            blue &= keep;
            i = (i + HOLES - 1) % HOLES;
        }
        let mut scores = self.scores;
        scores[mover] += taken as u8;
        if (red | blue) & Board::holes_of(1 - mover) == 0 {
            // Starvation: the mover takes every seed left on the board.
            scores[mover] += (byte_sum(red) + byte_sum(blue)) as u8;
            red = 0;
            blue = 0;
        }
        Board {
            red,
            blue,
            scores,
            side: 1 - self.side,
        }
    }

    /// The exact compact key (see [`Key`]).
    #[inline]
    pub fn key(self) -> Key {
        (
            pack6(self.red, 16) | (self.scores[0] as u128) << 96 | (self.side as u128) << 103,
            pack6(self.blue, 16) | (self.scores[1] as u128) << 96,
        )
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let holes: Vec<String> = (0..HOLES)
            .map(|i| format!("{}:{}R{}B", i + 1, self.red(i), self.blue(i)))
            .collect();
        write!(
            f,
            "Board([{}], scores {}-{}, {} to move)",
            holes.join(" "),
            self.scores[0],
            self.scores[1],
            if self.side == 0 { 'S' } else { 'N' }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sow_tables_conserve_seeds_and_respect_targets() {
        for h in 0..HOLES {
            for n in 1..=PER_COLOUR as usize {
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
        let a = Board::from_parts(red, [0; HOLES], [32, 0], 1);
        let mut blue = [0u8; HOLES];
        blue[15] = 32;
        let b = Board::from_parts([0; HOLES], blue, [32, 0], 1);
        assert_ne!(a.key(), b.key());
        let c = Board::from_parts(red, [0; HOLES], [0, 32], 1);
        assert_ne!(a.key(), c.key());
        assert_ne!(
            a.key(),
            Board::from_parts(red, [0; HOLES], [32, 0], 0).key()
        );
    }
}
