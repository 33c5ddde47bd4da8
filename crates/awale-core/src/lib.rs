//! awale-core: the game of the awale engine without its input and output.
//!
//! Layers, from the bottom: [`game`] (the trait every variant implements
//! and the line of a game), [`variants`] (the rule sets, each in its folder,
//! and the one dispatch over their names), [`perft`] (move-path counting),
//! [`search`] (which knows the game only through [`game::Game`]),
//! [`tables`] (Oware's endgame tables: index, builder, files and probe, an
//! oracle of the search) and [`book`] (the opening book's format and
//! probe). Beside them: [`rng`] (the one seeded random generator),
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
pub mod rng;
#[cfg(any(test, feature = "test-support"))]
pub mod scratch;
pub mod search;
pub mod sync;
pub mod tables;
pub mod variants;
