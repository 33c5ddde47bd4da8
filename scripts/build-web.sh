#!/usr/bin/env bash
# Builds the static web board into target/web/: the page of src/web/page/
# (index.html marked to talk to its worker instead of `awale serve`),
# worker.js, and the engine (crates/awale-wasm) compiled to WebAssembly
# with its wasm-bindgen loader. Any static file host serves the folder as
# it is (`python3 -m http.server` in target/web/, say).
# scripts/install-wasm-tools.sh installs the tools it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v wasm-bindgen >/dev/null; then
    echo "build-web: wasm-bindgen is missing: run scripts/install-wasm-tools.sh" >&2
    exit 2
fi
target=wasm32-unknown-unknown
out=target/web
cargo build -p awale-wasm --target "$target" --profile wasm
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
    "target/$target/wasm/awale_wasm.wasm"
page=src/web/page
cp "$page/app.js" "$page/style.css" "$page/worker.js" "$out/"
sed 's/data-home="served"/data-home="worker"/' "$page/index.html" >"$out/index.html"
if ! grep -q 'data-home="worker"' "$out/index.html"; then
    echo "build-web: index.html has no data-home=\"served\" to mark" >&2
    exit 1
fi
echo "build-web: $out: $(cd "$out" && ls | tr '\n' ' ')"
