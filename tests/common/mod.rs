//! Helpers shared by the integration tests, each crate taking the ones it
//! needs with `mod common;`.

// Every test crate compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod examples;
pub mod games;
pub mod letters;
pub mod process;
pub mod records;
