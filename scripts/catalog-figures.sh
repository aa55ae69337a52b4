#!/usr/bin/env bash
# The catalog's health in figures (freshness, coverage, anomalies), as a Markdown table.
#   scripts/catalog-figures.sh            this checkout's catalog/
#   scripts/catalog-figures.sh REV        REV's catalog/ first, then this checkout's: before → after
#   scripts/catalog-figures.sh --readme   rewrites README.md's figures (between its figures
#                                         markers) from catalog/; `cargo test` checks them
# TODAY=YYYY-MM-DD pins the day ages are counted to (default: today, UTC).
set -euo pipefail
cd "$(dirname "$0")/.."
today="${TODAY:-$(date -u +%F)}"
if [ "${1:-}" = "--readme" ]; then
  # Counted to the catalog's own version, so TODAY plays no part.
  exec cargo run -q -p gpu-atlas-refresh --bin catalog_figures -- catalog --readme README.md
fi
figures() { cargo run -q -p gpu-atlas-refresh --bin catalog_figures -- "$1" --today "$today"; }
if [ $# -ge 1 ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  git archive "$1" catalog | tar -x -C "$tmp"
  echo "## Before: $1"
  echo
  figures "$tmp/catalog"
  echo
  echo "## After: this checkout"
  echo
fi
figures catalog
