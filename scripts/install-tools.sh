#!/usr/bin/env bash
# Installs what building and testing GPU Atlas needs, skipping whatever is already present.
# Everything comes from the package registries (crates.io, npm, Debian): no binary downloads.
#   scripts/install-tools.sh build   -> wasm target, trunk, wasm-bindgen-cli, wasm-opt
#   scripts/install-tools.sh test    -> the above plus Chromium, chromedriver and the e2e npm packages
set -euo pipefail
cd "$(dirname "$0")/.."

# Versions that work together on these machines; keep in step with Cargo.toml and Trunk.toml.
TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130

want=${1:-build}
say() { printf '==> %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (about 10 minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes)"
  # Without --locked: the registry lacks the exact webpki-roots its lock file pins.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# wasm-opt (binaryen) and the e2e packages come from npm, pinned by tests/e2e/package-lock.json.
if [ ! -x tests/e2e/node_modules/.bin/wasm-opt ] || { [ "$want" = test ] && [ ! -d tests/e2e/node_modules/@playwright/test ]; }; then
  say "installing npm packages in tests/e2e"
  (cd tests/e2e && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi)
fi

if [ "$want" = test ]; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium chromium-driver
  fi
fi
say "tools ready"
