#!/usr/bin/env bash
# Builds GPU Atlas (release, as deployed) and serves it at http://127.0.0.1:8080/gpu-atlas/,
# the same sub-path GitHub Pages uses. Installs whatever is missing first.
#   PORT=9000 scripts/serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-tools.sh build
scripts/build.sh /gpu-atlas/
exec node scripts/serve.mjs dist --base /gpu-atlas/ --port "${PORT:-8080}"
