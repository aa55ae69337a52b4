//! The change report of a hosted-API refresh: Markdown that the bot appends to the GPU report
//! in its pull-request body. Per feed: what was read and its date, prices changed (old → new),
//! moves flagged and not applied, models the table does not list, rows the source no longer
//! lists; and first, the feeds that failed and why (their rows are as they were).

use std::fmt::Write;

use crate::api_refresh::ApiOutcome;
use crate::api_run::{ApiFeedRun, ApiRun, ApiStatus};

/// Lines a list shows before it says how many more there are.
const MAX_ROWS: usize = 60;

pub fn render(run: &ApiRun) -> String {
    let mut md = String::new();
    let applied: Vec<(&ApiFeedRun, &ApiOutcome)> = run
        .feeds
        .iter()
        .filter_map(|r| match &r.status {
            ApiStatus::Applied(o) => Some((r, o.as_ref())),
            ApiStatus::Failed(_) => None,
        })
        .collect();
    let sum = |f: fn(&ApiOutcome) -> usize| applied.iter().map(|(_, o)| f(o)).sum::<usize>();
    let _ = writeln!(md, "# Hosted API prices refresh, {}\n", run.today);
    let _ = writeln!(
        md,
        "{} sources read, {} failed. Prices changed: {}; confirmed unchanged: {}; flagged: {}; \
         kept (the table is newer): {}; gone from their source: {}; unknown models: {}.\n",
        applied.len(),
        run.failed().count(),
        sum(|o| o.changed.len()),
        sum(|o| o.confirmed),
        sum(|o| o.flagged.len()),
        sum(|o| o.kept_newer),
        sum(|o| o.gone.len()),
        sum(|o| o.unknown_skus.len()),
    );
    if !run.is_valid() {
        let _ = writeln!(
            md,
            "## ⚠ Not written: the refreshed `api/` fails validation\n"
        );
        for p in &run.problems {
            let _ = writeln!(md, "- {p}");
        }
        md.push('\n');
    }
    if run.failed().next().is_some() {
        let _ = writeln!(
            md,
            "## Sources that failed (`api/prices.csv` is unchanged by them)\n"
        );
        for (r, why) in run.failed() {
            let _ = writeln!(
                md,
                "- `{}` ({}): {why} — {}",
                r.feed.id, r.feed.provider, r.url
            );
        }
        md.push('\n');
    }
    for (r, o) in applied {
        let dated = r.as_of.map(|d| d.to_string()).unwrap_or_default();
        let _ = writeln!(
            md,
            "## {} — `{}` ({}), prices as of {dated}\n\nRead: {} (cited as `{}`)\n",
            r.feed.provider,
            r.feed.id,
            r.feed.format.name(),
            r.url,
            r.feed.source
        );
        if !o.changed.is_empty() {
            let _ = writeln!(
                md,
                "### Prices changed ({}), input/output per million tokens\n",
                o.changed.len()
            );
            let _ = writeln!(md, "| model at the provider | old | new |\n|---|---|---|");
            for c in o.changed.iter().take(MAX_ROWS) {
                let _ = writeln!(md, "| `{}` | {} | {} |", c.provider_model, c.was, c.now);
            }
            more(&mut md, o.changed.len());
        }
        list(
            &mut md,
            "Flagged, not applied (`--accept-moves` after a known price cut)",
            o.flagged.iter().map(|(m, why)| format!("`{m}`: {why}")),
        );
        list(
            &mut md,
            "Models the table does not list — not added; add a row to `api/prices.csv`",
            o.unknown_skus.iter().map(|m| format!("`{m}`")),
        );
        list(
            &mut md,
            "Gone from the source — rows kept as they are",
            o.gone.iter().map(|m| format!("`{m}`")),
        );
        list(
            &mut md,
            "Items of the source skipped",
            o.skipped.iter().map(|p| p.to_string()),
        );
        if o.confirmed > 0 {
            let _ = writeln!(md, "{} prices unchanged, now dated {dated}.\n", o.confirmed);
        }
        if o.kept_newer > 0 {
            let _ = writeln!(
                md,
                "{} prices kept: the table's rows are newer than this copy.\n",
                o.kept_newer
            );
        }
    }
    md
}

fn list(md: &mut String, title: &str, items: impl ExactSizeIterator<Item = String>) {
    let n = items.len();
    if n == 0 {
        return;
    }
    let _ = writeln!(md, "### {title} ({n})\n");
    for item in items.take(MAX_ROWS) {
        let _ = writeln!(md, "- {item}");
    }
    more(md, n);
}

fn more(md: &mut String, n: usize) {
    if n > MAX_ROWS {
        let _ = writeln!(md, "\n… and {} more.", n - MAX_ROWS);
    }
    md.push('\n');
}
