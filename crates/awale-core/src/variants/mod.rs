//! The variants the engine plays, each in its folder with its board,
//! rules, notation and evaluation, and what they share (the text and byte
//! forms of holes, moves and positions, the board view, weight files).
//! The one list of them, and the dispatch from a name chosen at run time,
//! is [`crate::registry`].

pub mod colors12;
pub mod colors16;
pub(crate) mod colour_boards;
pub mod family16;
pub(crate) mod fill_table;
pub mod fitted;
pub(crate) mod hole_bytes;
pub(crate) mod hole_text;
pub(crate) mod move_text;
pub mod oware;
pub(crate) mod packing;
pub(crate) mod position_text;
#[cfg(test)]
pub(crate) mod testing;
pub mod transparent;
pub mod view;
pub mod weight_file;
