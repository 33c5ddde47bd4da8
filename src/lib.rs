//! awale: the engine's binary crate, on top of [`awale_core`].
//!
//! The core (the rules, the search, the evaluations, the endgame tables,
//! the book and perft) is re-exported here under its own module names, so
//! that `awale::game`, `awale::search` and the rest name the core's
//! modules. Above it, this crate holds what speaks to the world: the
//! protocol ([`protocol`]), the referee ([`referee`]), the terminal game
//! ([`play`]), the web board ([`web`]), [`think`] ("search against a
//! deadline, keep the best move so far", with the book beside it, shared by
//! the protocol, the arbiter mode, the terminal game and the web board),
//! [`bench`] (the search's node-count signature), [`datagen`] (self-play
//! training data), [`tune`] (the evaluation's weights fitted to it) and
//! [`ogn`] (Oware Game Notation files). The command line is in the binary
//! (`src/cli`).

pub use awale_core::{
    book, checksum, files, game, parallel, perft, prefetch, registry, rng, search, sync, tables,
    variants,
};

#[cfg(test)]
pub(crate) use awale_core::scratch;

pub mod bench;
pub mod datagen;
pub use awale_board::ogn;
pub mod play;
pub mod protocol;
pub mod referee;
pub mod think;
pub mod tune;
pub mod web;
