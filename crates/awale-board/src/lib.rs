//! awale-board: what a board of the awale engine needs above the core,
//! with no server or framework in it, so that `awale serve` and the
//! WebAssembly build of the static board share it: the records format of
//! saved games ([`records`], [`saved`], with the [`result`] of a game) and
//! Oware Game Notation ([`ogn`]).

pub mod ogn;
pub mod records;
pub mod result;
pub mod saved;
