//! awale-core: the game of the awale engine without its input and output.
//!
//! Layers, from the bottom: [`game`] (the trait every variant implements,
//! the line of a game and the oracle trait for outside knowledge),
//! [`variants`] (the rule sets, each in its folder), [`perft`] (move-path
//! counting), [`search`] (which knows the game only through
//! [`game::Game`]), [`tables`] (Oware's endgame tables: index, builder,
//! files and probe, an oracle of the search), [`registry`] (the one list of
//! the variants, what each offers and the dispatch over their names) and
//! [`book`] (the opening book's format and probe). A module uses only
//! those below it (`tests/layers.rs` checks it). Beside them: [`rng`] (the one seeded random generator),
//! [`sync`] (locking and the stop signal), [`prefetch`] (a cache hint),
//! [`checksum`] (the checksums of every file format), [`files`] (the
//! bounded read and atomic write of every file) and [`parallel`] (rayon
//! with the `threads` feature, the calling thread without it).
//!
//! It builds for `wasm32-unknown-unknown` with `--no-default-features`.

pub mod book;
pub mod checksum;
pub mod files;
pub mod game;
pub mod parallel;
pub mod perft;
pub mod prefetch;
pub mod registry;
pub mod rng;
#[cfg(any(test, feature = "test-support"))]
pub mod scratch;
pub mod search;
pub mod sync;
pub mod tables;
pub mod variants;
