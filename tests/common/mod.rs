//! Helpers shared by the integration tests' modules.

pub mod books;
pub mod engine;
pub mod examples;
pub mod family16;
pub mod files;
pub mod games;
pub mod letters;
pub mod models;
pub mod process;
pub mod records;
pub mod scratch;
pub mod server;
