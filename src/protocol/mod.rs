//! The text protocol: the UCI-like engine loop over any reader and writer
//! (see `protocol.md`), and the class-harness ("arbiter") mode.
//!
//! This layer only translates text into calls on the game and the search.

pub mod arbiter;
pub mod command;
pub mod dialect;
pub mod engine;
pub mod io;
pub mod options;
pub mod session;
