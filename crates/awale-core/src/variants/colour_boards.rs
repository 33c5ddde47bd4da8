//! What the boards of the colour variants (`colors12` and the 16-hole
//! family) share beyond their rows of bytes: both keep the scores and the
//! side to move as plain fields (`scores: [u8; 2]`, `side: u8`), and write
//! themselves for debugging the same way, three kinds of seed a hole.

use std::fmt;

use crate::game::{Scoreboard, Side};

/// Implements [`Scoreboard`] for a board whose fields `scores: [u8; 2]`
/// and `side: u8` hold the captured seeds and the side to move.
macro_rules! scoreboard_from_fields {
    ($board:ty) => {
        impl $crate::game::Scoreboard for $board {
            #[inline]
            fn side(self) -> usize {
                self.side as usize
            }

            #[inline]
            fn score(self, side: usize) -> u32 {
                self.scores[side] as u32
            }
        }
    };
}
pub(crate) use scoreboard_from_fields;

/// Writes `board` for debugging as `Board([1:4R4B0S …], scores 0-0, S to
/// move{tail})`: each of its `holes` holes numbered from 1 with the counts
/// `kinds` gives it, each followed by its letter of `letters`.
pub(crate) fn write_board(
    f: &mut fmt::Formatter<'_>,
    board: impl Scoreboard,
    holes: usize,
    kinds: impl Fn(usize) -> [u32; 3],
    letters: [char; 3],
    tail: &str,
) -> fmt::Result {
    let holes: Vec<String> = (0..holes)
        .map(|i| {
            let counts = kinds(i).into_iter().zip(letters);
            let counts: String = counts.map(|(n, letter)| format!("{n}{letter}")).collect();
            format!("{}:{counts}", i + 1)
        })
        .collect();
    write!(
        f,
        "Board([{}], scores {}-{}, {} to move{tail})",
        holes.join(" "),
        board.score(0),
        board.score(1),
        Side::BOTH[board.side()].letter()
    )
}
