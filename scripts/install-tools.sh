#!/usr/bin/env bash
# Installs what building and testing GPU Atlas needs, skipping whatever is already present.
# Everything comes from the package registries (crates.io, npm, Debian): no binary downloads.
#   scripts/install-tools.sh build   -> wasm target, trunk, wasm-bindgen-cli, wasm-opt
#   scripts/install-tools.sh test    -> the above plus Chromium, chromedriver and the e2e npm packages
#   scripts/install-tools.sh bench   -> build tools plus Chromium, twiggy and the bench/ npm packages
set -euo pipefail
cd "$(dirname "$0")/.."

# Versions that work together on these machines; keep in step with Cargo.toml and Trunk.toml.
TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
TWIGGY_VERSION=0.8.0

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

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  say "installing Debian packages: $*"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@"
}
command -v npm >/dev/null || apt_install nodejs npm

# npm packages are pinned by each folder's package-lock.json; `npm ci` installs exactly those.
npm_install() {
  say "installing npm packages in $1"
  (cd "$1" && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi)
}
# wasm-opt from npm's binaryen: Debian's and the crate's are too old for current rustc output.
[ -x scripts/node/node_modules/.bin/wasm-opt ] || npm_install scripts/node

if [ "$want" = test ] || [ "$want" = bench ]; then
  # Debian's Chromium: Playwright's own browser download cannot work from the registries.
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    apt_install chromium chromium-driver
  fi
fi
if [ "$want" = test ]; then
  [ -d tests/e2e/node_modules/@playwright/test ] && [ -d tests/e2e/node_modules/@axe-core/playwright ] \
    && [ -d tests/e2e/node_modules/@modelcontextprotocol/sdk ] || npm_install tests/e2e
fi
if [ "$want" = bench ]; then
  # Playwright (driving Debian's Chromium) and Lighthouse, pinned in bench/package-lock.json.
  [ -d bench/node_modules/playwright-core ] && [ -d bench/node_modules/lighthouse ] || npm_install bench
  if ! twiggy --version 2>/dev/null | grep -q " $TWIGGY_VERSION"; then
    say "installing twiggy $TWIGGY_VERSION (wasm size profiler)"
    cargo install twiggy --version "$TWIGGY_VERSION" ||
      say "twiggy could not be installed: the report leaves out where the wasm bytes go"
  fi
fi
say "tools ready"
