#!/usr/bin/env bash
# The price refresh: download every feed of catalog/feeds.toml (GPU prices) and of
# catalog/api/feeds.toml (hosted-API token prices), then run the importers.
#
#   scripts/refresh.sh                 fetch the live feeds and refresh catalog/ (the bot's run)
#   scripts/refresh.sh --dry-run       fetch and print the change report; write nothing
#   scripts/refresh.sh --fixtures      no network: the recorded fixtures, then every bot feed on its
#                                      recorded copy against the real catalog; dry runs
#
# Extra arguments go to both importers (e.g. --only skypilot-aws, --threshold 0.3).
# FEEDS=file.toml runs another list of feeds than catalog/feeds.toml (e.g. a local mirror);
# API_FEEDS=file.toml likewise for catalog/api/feeds.toml.
# The report is also written to target/refresh-report.md (the bot's pull-request body): the GPU
# report, then the hosted-API one. The exit status is the worse of the two importers'.
set -euo pipefail
cd "$(dirname "$0")/.."

feeds=${FEEDS:-catalog/feeds.toml}
api_feeds=${API_FEEDS:-catalog/api/feeds.toml}
refresh() { cargo run -q --release -p gpu-atlas-refresh --bin refresh -- --feeds "$feeds" "$@"; }
api_refresh() {
  cargo run -q --release -p gpu-atlas-refresh --bin api_refresh -- --feeds "$api_feeds" "$@"
}

if [ "${1:-}" = "--fixtures" ]; then
  shift
  # The recorded copies and their small test catalog, dated as the fixtures' manifest says;
  # then every feed of catalog/feeds.toml on its recorded copy against the real catalog, and
  # every feed of catalog/api/feeds.toml on its recorded copy against catalog/api/.
  cargo run -q -p gpu-atlas-refresh --bin refresh -- \
    --catalog src/refresh/fixtures/catalog --inputs src/refresh/fixtures/inputs \
    --today 2026-12-01 --dry-run "$@"
  cargo run -q -p gpu-atlas-refresh --bin api_refresh -- \
    --feeds catalog/api/feeds.toml --inputs src/refresh/fixtures/api-feeds --dry-run "$@"
  exec cargo run -q -p gpu-atlas-refresh --bin refresh -- \
    --feeds catalog/feeds.toml --inputs src/refresh/fixtures/bot-feeds --dry-run "$@"
fi

inputs=target/feeds
rm -rf "$inputs" && mkdir -p "$inputs"
rm -f target/refresh-report.md target/api-refresh-report.md
today=$(date -u +%F)
manifest="$inputs/manifest.toml"
echo "# Written by scripts/refresh.sh on $today: each copy was downloaded today." > "$manifest"

# A page of the Azure Retail Prices API names the next page; merge every page's Items.
fetch_azure() {
  local url=$1 out=$2 page=0 items="$inputs/azure-items.jsonl"
  : > "$items"
  while [ -n "$url" ] && [ "$url" != null ] && [ $page -lt 200 ]; do
    curl -fsSL --retry 3 "$url" -o "$inputs/page.json" || return 1
    jq -c '.Items[]' "$inputs/page.json" >> "$items"
    url=$(jq -r '.NextPageLink // empty' "$inputs/page.json")
    page=$((page + 1))
  done
  jq -s '{Items: .}' "$items" > "$out"
}

# An address ending in `#member.csv` names one file inside a zip archive (gpuhunt publishes
# every provider in one catalog.zip, with a `version` file naming the day it was collected):
# the archive is downloaded once, and the member's prices are dated by that day.
fetch_member() {
  local url=$1 out=$2 zip="$inputs/archives/$(printf '%s' "${1%%#*}" | md5sum | cut -c1-12)"
  if [ ! -d "$zip" ]; then
    mkdir -p "$zip"
    curl -fsSL --retry 3 --max-time 900 "${url%%#*}" -o "$zip.zip" || return 1
    (cd "$zip" && unzip -qo "../$(basename "$zip").zip") || return 1
  fi
  cp "$zip/${url##*#}" "$out" || return 1
  if [ -f "$zip/version" ]; then
    # gpuhunt writes `date +%Y%m%d`: the day its collectors read the providers' APIs.
    sed -E 's/^([0-9]{4})([0-9]{2})([0-9]{2}).*/\1-\2-\3/' "$zip/version" | head -1
  else
    echo "$today"
  fi
}

# A file served from a GitHub repository (raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>)
# is as new as its last commit, not as the download: SkyPilot's catalogs for some clouds are
# written by hand once and never again, and a copy downloaded today would otherwise make a
# year-old price look fresh. Prints the commit's day and the address pinned to that commit;
# fails (and the copy is not imported) when GitHub does not answer.
github_commit() {
  local url=$1 rest owner repo ref path answer
  rest=${url#https://raw.githubusercontent.com/}
  owner=${rest%%/*}; rest=${rest#*/}
  repo=${rest%%/*}; rest=${rest#*/}
  ref=${rest%%/*}; path=${rest#*/}
  answer=$(curl -fsSL --retry 3 ${GITHUB_TOKEN:+-H "Authorization: Bearer $GITHUB_TOKEN"} \
    "https://api.github.com/repos/$owner/$repo/commits?path=$path&sha=$ref&per_page=1") || return 1
  jq -er --arg base "https://github.com/$owner/$repo/blob" --arg path "$path" \
    '.[0] | "\(.commit.committer.date[0:10])\t\($base)/\(.sha)/\($path)"' <<< "$answer"
}

while IFS=$'\t' read -r id format url; do
  case "$format" in
    *-vms | *-csv) file="$id.csv" ;;
    *-yml) file="$id.yml" ;;
    *) file="$id.json" ;;
  esac
  echo "fetching $id …" >&2
  as_of=$today
  if [ "$format" = azure-retail ]; then
    fetch_azure "$url" "$inputs/$file" || { echo "  $id failed to download" >&2; continue; }
  elif [[ "$url" == *"#"* ]]; then
    as_of=$(fetch_member "$url" "$inputs/$file") || { echo "  $id failed to download" >&2; continue; }
  else
    curl -fsSL --retry 3 --max-time 900 "$url" -o "$inputs/$file" || { echo "  $id failed to download" >&2; continue; }
  fi
  if [[ "$url" == https://raw.githubusercontent.com/* ]]; then
    pinned=$(github_commit "$url") || { echo "  $id: its last commit is unknown, not imported" >&2; continue; }
    IFS=$'\t' read -r as_of url <<< "$pinned"
  fi
  # A feed that did not download has no copy: the report names it as not fetched.
  printf '\n[[copy]]\nfeed = "%s"\nfile = "%s"\nas_of = "%s"\nurl = "%s"\n' \
    "$id" "$file" "$as_of" "$url" >> "$manifest"
done < <(refresh --list-feeds)

# The hosted-API feeds: each `url` is a provider's live API (OpenRouter's model list), so a copy
# is dated by the download day, like a GPU provider's own feed above. All are JSON documents.
# A feed that fails to download gets no manifest entry: api_refresh names it as not fetched
# and leaves catalog/api/prices.csv as it was.
api_inputs=$inputs/api
mkdir -p "$api_inputs"
echo "# Written by scripts/refresh.sh on $today: each copy was downloaded today." > "$api_inputs/manifest.toml"
while IFS=$'\t' read -r id format url; do
  echo "fetching $id ($format) …" >&2
  curl -fsSL --retry 3 --max-time 300 "$url" -o "$api_inputs/$id.json" || { echo "  $id failed to download" >&2; continue; }
  printf '\n[[copy]]\nfeed = "%s"\nfile = "%s"\nas_of = "%s"\nurl = "%s"\n' \
    "$id" "$id.json" "$today" "$url" >> "$api_inputs/manifest.toml"
done < <(api_refresh --list-feeds)

# Both importers run whatever the other did; each leaves its own files as they were when
# its refreshed catalog would not be valid (exit 1).
gpu_status=0
refresh --inputs "$inputs" --report target/refresh-report.md "$@" || gpu_status=$?
api_status=0
api_refresh --inputs "$api_inputs" --report target/api-refresh-report.md "$@" || api_status=$?
if [ -f target/api-refresh-report.md ]; then
  printf '\n' >> target/refresh-report.md
  cat target/api-refresh-report.md >> target/refresh-report.md
fi
exit $((gpu_status > api_status ? gpu_status : api_status))
