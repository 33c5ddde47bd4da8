#!/usr/bin/env bash
# Builds the core crate for WebAssembly (wasm32-unknown-unknown: no threads,
# no files, no sockets) without its `threads` feature, installing the
# target with rustup when it is missing, and tests the core's sequential
# stand-in for rayon on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi
cargo build -p awale-core --target "$target" --no-default-features
cargo test -p awale-core --no-default-features --lib parallel
