//! Opening books made to order for the tests: one position, chosen moves,
//! scores and depth (a depth of 255 outweighs any search, 1 none).

use std::path::{Path, PathBuf};

use awale::book::Book;
use awale::game::Game;
use awale::variants::oware::Oware;

/// Writes a book of one position of oware (a position string) whose moves
/// (indices among the legal moves) have the given scores, all behind a
/// search of `depth`, and returns its path.
pub fn one_position_book(dir: &Path, position: &str, moves: &[(u8, i16)], depth: u8) -> PathBuf {
    let game = Oware::default();
    let key =
        awale::book::position_key(&game.format_position(&game.parse_position(position).unwrap()));
    let entries = moves
        .iter()
        .map(|&(mv, score)| awale::book::format::Entry {
            key,
            score,
            mv,
            depth,
        })
        .collect();
    let path = dir.join(format!("book-{key:016x}-{depth}.bin"));
    Book::new("oware", &awale::book::rules_text(&game), entries)
        .save(&path)
        .unwrap();
    path
}

/// The start position's string.
pub fn start_text() -> String {
    let game = Oware::default();
    game.format_position(&game.start())
}
