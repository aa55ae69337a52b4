#!/usr/bin/env bash
# Release build into dist/ for a given public URL (the path the site is served under).
#   scripts/build.sh /gpu-atlas/      (default: ./, which works under any path)
set -euo pipefail
cd "$(dirname "$0")/.."
public_url=${1:-./}
export PATH="$PWD/scripts/node/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# Trunk runs offline so a missing or mismatched tool fails here instead of trying a download;
# cargo therefore needs the crates fetched first.
cargo fetch --quiet
trunk --offline=true build --release=true --public-url "$public_url"
wasm=$(ls dist/*.wasm)
printf '==> %s: %s bytes raw, %s bytes gzipped\n' "$wasm" "$(stat -c %s "$wasm")" "$(gzip -9 -c "$wasm" | wc -c)"
