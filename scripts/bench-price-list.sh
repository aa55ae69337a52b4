#!/usr/bin/env bash
# Peak memory of importing an AWS Price List CSV of several gigabytes (the real us-east-1 EC2
# file is of that order): writes a synthetic file into target/price-list-bench/ — the recorded
# fixture's preamble and header, then rows of 2,000 instance types under every term the reader
# must pass over or keep — and runs the importer over it (dry run, the small test catalog),
# printing the file size, the time and the peak resident memory.
#   scripts/bench-price-list.sh [GIGABYTES]     (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
gb=${1:-3}
dir=target/price-list-bench
mkdir -p "$dir"
cargo build -q --release -p gpu-atlas-refresh --bin refresh
python3 - "$dir/index.csv" "$gb" <<'PY'
import sys
path, gb = sys.argv[1], float(sys.argv[2])
fixture = open("src/refresh/fixtures/feeds/aws-price-list-p4d.csv").read().splitlines()
preamble, header, rows = fixture[:6], fixture[5], fixture[6:]
p4d = rows[1]
block = []
for i in range(2000):
    kind = ("OnDemand", "Reserved", "Reserved")[i % 3]
    row = p4d.replace("p4d.24xlarge", f"x{i}.48xlarge").replace('"OnDemand"', f'"{kind}"')
    block.append(row)
    block.append(rows[0])  # a RHEL dedicated row, passed over
block = ("\n".join(block) + "\n").encode()
target = int(gb * 1024**3)
with open(path, "wb") as out:
    out.write(("\n".join(preamble) + "\n").encode())
    written = 0
    while written < target:
        out.write(block)
        written += len(block)
PY
cat > "$dir/feeds.toml" <<'TOML'
[[feed]]
id = "aws-price-list-csv-us-east-1"
provider = "aws"
format = "aws-price-list-csv"
url = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv"
source = "aws-price-list"
title = "synthetic"
kind = "vendor"
confidence = "high"
TOML
printf '[[copy]]\nfeed = "aws-price-list-csv-us-east-1"\nfile = "index.csv"\nas_of = "2026-12-01"\n' > "$dir/manifest.toml"
echo "file: $(du -h "$dir/index.csv" | cut -f1)"
/usr/bin/time -f "elapsed %e s, peak resident memory %M KB" \
  target/release/refresh --catalog src/refresh/fixtures/catalog --feeds "$dir/feeds.toml" \
  --inputs "$dir" --today 2026-12-01 --dry-run > "$dir/report.md"
grep -m1 "sources read" "$dir/report.md"
