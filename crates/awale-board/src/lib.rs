//! awale-board: what a board of the awale engine needs above the core,
//! with no server or framework in it, so that `awale serve` and the
//! WebAssembly build of the static board (crates/awale-wasm) share it:
//! the board's games and their JSON state ([`state`], in the store of
//! [`games`]), the calls of its JSON API without their transport
//! ([`calls`], with their [`errors`]), the engine that thinks about a game
//! ([`mind`], over [`think`]'s mind and the opening book beside it), the
//! records format of saved games ([`records`], [`saved`], with the
//! [`result`] of a game), Oware Game Notation ([`ogn`]) and moves as
//! people write them ([`notation`]).

pub mod calls;
pub mod errors;
pub mod games;
pub mod mind;
pub mod notation;
pub mod ogn;
pub mod records;
pub mod result;
pub mod saved;
pub mod state;
pub mod think;
