#!/usr/bin/env bash
# Runs every GPU Atlas test: formatting and lints, the native engine tests (catalog validation
# included), then the release build served under /gpu-atlas/ and the Playwright suite in
# Debian's Chromium. Installs whatever is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
step() { printf '\n==> %s (%ss)\n' "$*" "$((SECONDS - started))"; }

step "tools"
scripts/install-tools.sh test
export PATH="$HOME/.cargo/bin:$PATH"

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (host engine and wasm shell)"
cargo clippy --quiet --all-targets -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown -- -D warnings

step "native tests (engine and catalog validation)"
cargo test 2>&1 | tee target/native-tests.log
native_summary=$(grep -E '^test result:' target/native-tests.log | awk '{p+=$4; f+=$6} END {print p " passed, " f " failed"}')

step "release build under /gpu-atlas/"
scripts/build.sh /gpu-atlas/

step "end-to-end tests in Chromium"
(cd tests/e2e && npx playwright test)

step "done"
echo "native: $native_summary"
echo "GPU Atlas: all tests passed in $((SECONDS - started))s"
