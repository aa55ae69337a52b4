#!/usr/bin/env bash
# Prints the import map's facts: crates by level, files and levels per crate, import loops and
# imports that run back up the engine's folders. The same check runs in every `cargo test`
# (tests/architecture/) and fails on a loop or an upward import.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --quiet --test architecture -- --nocapture --test-threads=1 2>&1 \
  | sed -e 's/^\.*crates, by level/crates, by level/' \
  | sed -n '/^crates, by level/,/^imports that run back up/p'
