//! awale-wasm: the engine of the static web board, compiled to
//! WebAssembly and run in a Web Worker (src/web/page/worker.js), answering
//! the board's JSON API (docs/web.md) with the same calls as `awale serve`
//! ([`awale_board::calls`]): [`routes`] reads the paths, [`engine`] holds
//! the games and answers each request as an [`answer::Answer`], the
//! searches run on the worker's one thread ([`search`], [`analysis`] in
//! slices), and [`tables`] builds the start-up endgame tables.

pub mod analysis;
pub mod answer;
pub mod engine;
pub mod routes;
pub mod search;
pub mod tables;

pub use engine::Engine;
