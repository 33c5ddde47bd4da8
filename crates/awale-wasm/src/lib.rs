//! awale-wasm: the engine of the static web board, compiled to
//! WebAssembly and run in a Web Worker (src/web/page/worker.js), answering
//! the board's JSON API (docs/web.md) as `awale serve` does.

pub mod routes;
