//! Helpers of the family's unit tests (`colors16`, `transparent80`,
//! `transparent96`): positions from a few holes, holes read back, moves
//! played from their notation.

use super::{Board, Rules, HOLES};
use crate::game::Game;

/// A position of `R` from the listed holes (others empty) and South's
/// score; North gets the rest of the seeds.
pub(crate) fn setup<R: Rules>(holes: &[(usize, &str)], south: u32, side: char) -> Board {
    let mut cells = vec!["0".to_string(); HOLES];
    let mut on_board = 0;
    for &(h, text) in holes {
        cells[h - 1] = text.to_string();
        on_board += text
            .split(|c: char| c.is_ascii_alphabetic())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u32>().unwrap())
            .sum::<u32>();
    }
    let text = format!(
        "{}-{south}-{}-{side}",
        cells.join("-"),
        R::SEEDS - on_board - south
    );
    R::default().parse_position(&text).unwrap()
}

/// The holes of a position as `(number, text)` for the non-empty ones.
pub(crate) fn holes<G: Game<Position = Board>>(game: G, pos: &Board) -> Vec<(usize, String)> {
    game.format_position(pos)
        .split('-')
        .take(HOLES)
        .enumerate()
        .filter(|(_, t)| *t != "0")
        .map(|(i, t)| (i + 1, t.to_string()))
        .collect()
}

/// Plays `mv`, which must be legal.
pub(crate) fn play<G: Game<Position = Board>>(game: G, pos: &Board, mv: &str) -> Board {
    game.play(pos, game.parse_move(pos, mv).unwrap())
}

/// The expected holes, as [`holes`] writes them.
pub(crate) fn owned(v: &[(usize, &str)]) -> Vec<(usize, String)> {
    v.iter().map(|&(h, t)| (h, t.to_string())).collect()
}
