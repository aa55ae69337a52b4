#!/usr/bin/env bash
# The catalog's health in figures (freshness, coverage, anomalies), as a Markdown table.
#   scripts/catalog-figures.sh            this checkout's catalog/
#   scripts/catalog-figures.sh REV        REV's catalog/ first, then this checkout's: before → after
# TODAY=YYYY-MM-DD pins the day ages are counted to (default: today, UTC).
set -euo pipefail
cd "$(dirname "$0")/.."
today="${TODAY:-$(date -u +%F)}"
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
