#!/usr/bin/env bash
# Where interaction time goes: a release build that keeps its function names (no wasm-opt,
# wasm-bindgen --keep-debug), served on 127.0.0.1, each benchmark action run under Chromium's
# sampling profiler; writes target/profile/profile.md. Not a test, and not part of scripts/bench.sh
# (names and a skipped wasm-opt change the numbers a little; the shares are what it is for).
#   scripts/profile.sh [--scale real|10000|100000] [--repeats 40] [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/.."
scale=real repeats=40 build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    *) echo "unknown option: $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done
scripts/install-tools.sh bench
export PATH="$PWD/scripts/node/node_modules/.bin:$HOME/.cargo/bin:$PATH"
dist=target/profile-dist
if [ "$build" = 1 ]; then
  # Trunk reads paths relative to the page, so the named variant of index.html sits beside it.
  page=index.profile.html
  trap 'rm -f "$page"' EXIT
  sed -e 's/data-wasm-opt="z"/data-wasm-opt="0" data-keep-debug/' index.html >"$page"
  cargo fetch --quiet
  trunk --offline=true build --release=true --public-url /gpu-atlas/ --dist "$dist" "$page"
fi
port=$(node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
node scripts/serve.mjs "$dist" --base /gpu-atlas/ --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f index.profile.html' EXIT
url="http://127.0.0.1:$port/gpu-atlas/"
for _ in $(seq 50); do
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url" && break
  sleep 0.2
done
node bench/profile.mjs --url "$url" --scale "$scale" --repeats "$repeats"
