#!/usr/bin/env bash
# The performance benchmark: builds the release app, serves it on 127.0.0.1 (a free port,
# gzipped as GitHub Pages serves it), measures it in Debian's headless Chromium, times the
# engine natively, runs Lighthouse, and writes target/bench/report.md and report.json with a
# summary printed at the end. A report, not a test: it never fails on slow numbers.
#   scripts/bench.sh [--runs 5] [--repeats 20] [--scales real,10000,100000] [--skip-build]
#                    [--lighthouse-runs 5] [--before DIR]
# --before DIR: another build's dist/ (say, the previous release) measured by the first-screen
# benchmark in the same run, for the before → after lines.
# See bench/README.md for what each number means.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5 repeats=20 scales=real,10000,100000 build=1 lighthouse=5 before=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --scales) scales=$2; shift 2 ;;
    --skip-build) build=0; shift ;;
    --lighthouse-runs) lighthouse=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    *) echo "unknown option: $1 (see the top of $0)" >&2; exit 2 ;;
  esac
done
started=$SECONDS
step() { printf '\n==> %s (%ss)\n' "$*" "$((SECONDS - started))"; }
out=target/bench

step "tools"
scripts/install-tools.sh bench
export PATH="$HOME/.cargo/bin:$PATH"

if [ "$build" = 1 ]; then
  step "release build under /gpu-atlas/"
  scripts/build.sh /gpu-atlas/
fi
[ -f dist/index.html ] || { echo "no dist/: run without --skip-build" >&2; exit 1; }
rm -rf "$out" && mkdir -p "$out"

step "native engine benchmark (release)"
cargo run --quiet --release -p gpu-atlas-engine --bin bench_engine -- --json "$out/engine.json"

step "serving dist/ on 127.0.0.1"
port=$(node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
node scripts/serve.mjs dist --base /gpu-atlas/ --port "$port" --gzip --log "$out/sent.jsonl" >"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
url="http://127.0.0.1:$port/gpu-atlas/"
for _ in $(seq 50); do
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url" && break
  sleep 0.2
done
echo "$url"

step "browser: load, interactions, memory ($runs runs, scales $scales)"
node bench/browser.mjs --url "$url" --runs "$runs" --repeats "$repeats" --scales "$scales" --out "$out/browser.json"

step "first screen: first row, bytes before it, search, first visit ($runs runs)"
node bench/first-screen.mjs --url "$url" --log "$out/sent.jsonl" --runs "$runs" --label after --out "$out/first-screen.json"
if [ -n "$before" ]; then
  bport=$((port + 1))
  node scripts/serve.mjs "$before" --base /gpu-atlas/ --port "$bport" --gzip --log "$out/sent-before.jsonl" >"$out/server-before.log" 2>&1 &
  bserver=$!
  trap 'kill "$server" "$bserver" 2>/dev/null || true' EXIT
  sleep 1
  node bench/first-screen.mjs --url "http://127.0.0.1:$bport/gpu-atlas/" --log "$out/sent-before.jsonl" --runs "$runs" --label before --out "$out/first-screen-before.json"
fi

step "the start: tasks after the first paint, desktop and CPU 4×, a phone's screen at CPU 4× ($runs runs)"
before_url=
[ -n "$before" ] && before_url="http://127.0.0.1:$bport/gpu-atlas/"
for cpu in 1 4; do
  node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --runs "$runs" --cpu "$cpu" --out "$out/start-cpu$cpu.json"
done
node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --runs "$runs" --cpu 4 --viewport 412x823 --out "$out/start-phone-cpu4.json"
step "a shared link's view: its first answer painted, desktop and CPU 4×, and a phone at CPU 4× on a 10 Mbit/s, 40 ms network ($runs runs)"
for cpu in 1 4; do
  node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --view 'v=1&gpu=h100-sxm5-80gb&cur=eur' --runs "$runs" --cpu "$cpu" --out "$out/start-link-cpu$cpu.json"
done
# On loopback a download takes no time; a phone on a real network waits for them.
node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --view 'v=1&gpu=h100-sxm5-80gb&cur=eur' --runs "$runs" --cpu 4 --viewport 412x823 --network 10/40 --out "$out/start-link-phone-net.json"
node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --view 'v=1&job=tune&cur=eur' --runs "$runs" --out "$out/start-job-cpu1.json"
step "a visitor who acts at once on a cold load: a search typed, a provider box ticked, answered (desktop and CPU 4×, $runs runs)"
for act in search filter; do
  for cpu in 1 4; do
    node bench/start.mjs --url "$url" ${before_url:+--before "$before_url"} --act "$act" --runs "$runs" --cpu "$cpu" --out "$out/start-$act-cpu$cpu.json"
  done
done

if [ "$lighthouse" -gt 0 ]; then
  step "Lighthouse, mobile profile ($lighthouse runs)"
  # Lighthouse launches the browser itself (chrome-launcher), from CHROME_PATH.
  for i in $(seq "$lighthouse"); do
    if ! CHROME_PATH=/usr/bin/chromium bench/node_modules/.bin/lighthouse "$url" --quiet \
      --output=json --output-path="$out/lighthouse-$i.json" \
      --only-categories=performance,accessibility,best-practices,seo \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync" \
      2>"$out/lighthouse.log"; then
      { echo "lighthouse exited with an error:"; tail -20 "$out/lighthouse.log"; } >"$out/lighthouse-error.txt"
      rm -f "$out/lighthouse-$i.json"
      break
    fi
  done
else
  echo "skipped (--lighthouse-runs 0)" >"$out/lighthouse-error.txt"
fi

step "wasm size profile (twiggy)"
if command -v twiggy >/dev/null; then
  twiggy top -n 30 dist/*.wasm >"$out/twiggy-top.txt"
  names=target/wasm32-unknown-unknown/release/gpu-atlas.wasm
  [ -f "$names" ] && twiggy top -n 1000000 --format json "$names" >"$out/twiggy-names.json"
else
  echo "twiggy is not installed: skipped"
fi

step "report"
node bench/report.mjs --dir "$out"
echo "took $((SECONDS - started))s"
