#!/usr/bin/env bash
# Installs what scripts/build-web.sh needs to compile the engine for the
# static web board: rustup's wasm32-unknown-unknown target, and
# wasm-bindgen-cli at exactly the version of the `wasm-bindgen` crate in
# Cargo.lock (the CLI refuses a .wasm made by another version). Each is
# skipped when already there.
set -euo pipefail
cd "$(dirname "$0")/.."
target=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
fi
# The version under `name = "wasm-bindgen"` in the lock file.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    echo "install-wasm-tools: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version)" = "wasm-bindgen $version" ]; then
    exit 0
fi
# Its own lock file first; when the registry no longer serves a crate that
# lock names, the newest compatible versions (the CLI's version stays exact).
if ! cargo install --locked wasm-bindgen-cli --version "$version"; then
    echo "install-wasm-tools: retrying without wasm-bindgen-cli's lock file" >&2
    cargo install wasm-bindgen-cli --version "$version"
fi
wasm-bindgen --version
