//! awale: an engine for the Awale (Oware) family of games.
//!
//! Layers, from the bottom: [`game`] (the trait every variant implements),
//! [`variants`] (the rule sets), [`perft`] (move-path counting), and above
//! them the search, the protocol, the referee ([`referee`]), the terminal
//! game ([`play`]) and the command-line tools, which know the game only
//! through the [`game::Game`] trait. [`bench`] is a tool above the search
//! (it builds its positions from the variants). [`rng`] is the one seeded
//! random generator they share, [`sync`] their locking and stop signal,
//! [`prefetch`] their cache hint.
//! [`think`] is "search against a deadline, keep the best move so far",
//! used by the protocol, the arbiter mode and the terminal game.
//! [`files`] opens every input file with its checks and bounds.
//! [`datagen`] writes self-play training data for the evaluation, [`tune`]
//! fits the evaluation's weights to it. [`ogn`] reads and writes Oware
//! Game Notation files (over the rules, which never depend on it);
//! [`files`] is the bounded read and atomic write of the files people
//! exchange with the tools.

pub mod bench;
pub mod book;
pub mod checksum;
pub mod datagen;
pub mod files;
pub mod game;
pub mod ogn;
pub mod perft;
pub mod play;
pub mod prefetch;
pub mod protocol;
pub mod referee;
pub mod rng;
#[cfg(test)]
pub(crate) mod scratch;
pub mod search;
pub mod sync;
pub mod tables;
pub mod think;
pub mod tune;
pub mod variants;
pub mod web;
