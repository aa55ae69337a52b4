//! The change report a refresh prints: Markdown, short enough for a pull-request body, that
//! says per provider what changed (old → new, %), what was added or has gone, what was flagged
//! and not applied, which SKUs no alias resolves, and which sources failed and why.

use std::fmt::Write;

use crate::merge::{Flag, Outcome, Why};
use crate::run::{FeedRun, Refresh, Status};

/// Rows a table shows before it says how many more there are.
const MAX_ROWS: usize = 60;

pub fn render(refresh: &Refresh) -> String {
    let mut md = String::new();
    let applied: Vec<(&FeedRun, &Outcome)> = refresh
        .feeds
        .iter()
        .filter_map(|r| match &r.status {
            Status::Applied(o) => Some((r, o.as_ref())),
            Status::Failed { .. } => None,
        })
        .collect();
    let failed = refresh.feeds.len() - applied.len();
    let sum = |f: fn(&Outcome) -> usize| applied.iter().map(|(_, o)| f(o)).sum::<usize>();
    let _ = writeln!(md, "# Catalog refresh, {}\n", refresh.today);
    let _ = writeln!(
        md,
        "{} sources read, {failed} failed. Prices changed: {}; added: {}; confirmed unchanged: {}; \
         flagged: {}; gone from their source: {}; new offers: {}; unknown SKUs: {}. \
         History rows added: {}.\n",
        applied.len(),
        sum(|o| o.changed.len()),
        sum(|o| o.added.len()),
        sum(|o| o.confirmed),
        sum(|o| o.flagged.len()),
        sum(|o| o.gone.len()),
        sum(|o| o.new_offers.len()),
        sum(|o| o.unknown_skus.len()),
        refresh.history_added,
    );
    if !refresh.is_valid() {
        let _ = writeln!(
            md,
            "## ⚠ Not written: the refreshed catalog fails validation\n"
        );
        for p in &refresh.problems {
            let _ = writeln!(md, "- {p}");
        }
        md.push('\n');
    }
    if failed > 0 {
        let _ = writeln!(
            md,
            "## Sources that failed (their providers' rows are unchanged)\n"
        );
        for run in &refresh.feeds {
            if let Status::Failed { why, problems } = &run.status {
                let _ = writeln!(
                    md,
                    "- `{}` ({}): {why} — {}",
                    run.feed.id, run.feed.provider, run.url
                );
                for p in problems.iter().take(MAX_ROWS) {
                    let _ = writeln!(md, "  - {p}");
                }
            }
        }
        md.push('\n');
    }
    for (run, o) in applied {
        let dated = run.dated.as_ref().map(|d| d.text.as_str()).unwrap_or("?");
        let _ = writeln!(
            md,
            "## {} — `{}` ({}), prices as of {dated}\n",
            run.feed.provider,
            run.feed.id,
            run.feed.format.name()
        );
        let _ = writeln!(md, "Read: {}\n", run.url);
        if !o.changed.is_empty() {
            let _ = writeln!(md, "### Prices changed ({})\n", o.changed.len());
            let _ = writeln!(
                md,
                "| offer | region | term | old | new | change |\n|---|---|---|---|---|---|"
            );
            for c in o.changed.iter().take(MAX_ROWS) {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} ({}) | {} {} | {} |",
                    c.row.offer,
                    c.row.region,
                    c.row.term,
                    c.old_price,
                    c.old_as_of,
                    price_text(&c.row.price, &c.row.price_high),
                    c.row.currency,
                    c.moved.map(percent).unwrap_or_else(|| "—".into())
                );
            }
            more(&mut md, o.changed.len());
        }
        if !o.added.is_empty() {
            let _ = writeln!(md, "### Prices added ({})\n", o.added.len());
            let _ = writeln!(md, "| offer | region | term | price |\n|---|---|---|---|");
            for r in o.added.iter().take(MAX_ROWS) {
                let _ = writeln!(
                    md,
                    "| {} | {} | {} | {} {} per {} |",
                    r.offer,
                    r.region,
                    r.term,
                    price_text(&r.price, &r.price_high),
                    r.currency,
                    r.unit
                );
            }
            more(&mut md, o.added.len());
        }
        if !o.new_offers.is_empty() {
            let _ = writeln!(md, "### Offers added ({})\n", o.new_offers.len());
            for n in &o.new_offers {
                let _ = writeln!(md, "- `{}`: {} × {}", n.id, n.count, n.accelerator);
            }
            md.push('\n');
        }
        if !o.flagged.is_empty() {
            let _ = writeln!(md, "### Flagged ({})\n", o.flagged.len());
            let _ = writeln!(md, "| offer | region | term | catalog | source | why | applied |\n|---|---|---|---|---|---|---|");
            for f in o.flagged.iter().take(MAX_ROWS) {
                let _ = writeln!(md, "{}", flag_row(f));
            }
            more(&mut md, o.flagged.len());
        }
        if !o.gone.is_empty() {
            let _ = writeln!(
                md,
                "### Gone from the source ({}) — marked in the note, price kept\n",
                o.gone.len()
            );
            for r in o.gone.iter().take(MAX_ROWS) {
                let _ = writeln!(
                    md,
                    "- {} · {} · {} (last {} on {})",
                    r.offer, r.region, r.term, r.price, r.as_of
                );
            }
            more(&mut md, o.gone.len());
        }
        if !o.unknown_skus.is_empty() {
            let _ = writeln!(
                md,
                "### Unknown SKUs ({}) — not added; add an alias to `catalog/aliases.toml`\n",
                o.unknown_skus.len()
            );
            for u in o.unknown_skus.iter().take(MAX_ROWS) {
                let _ = writeln!(
                    md,
                    "- `{}` (GPU {:?}, line {}): {}",
                    u.sku,
                    u.gpu.as_deref().unwrap_or("?"),
                    u.line,
                    u.why
                );
            }
            more(&mut md, o.unknown_skus.len());
        }
        if !o.unknown_regions.is_empty() {
            let list: Vec<String> = o
                .unknown_regions
                .iter()
                .map(|(r, n)| format!("`{r}` ({n})"))
                .collect();
            let _ = writeln!(
                md,
                "### Regions the provider file does not list — not imported\n\n{}\n",
                list.join(", ")
            );
        }
        if !o.skipped.is_empty() {
            let _ = writeln!(md, "### Rows of the source skipped ({})\n", o.skipped.len());
            for p in o.skipped.iter().take(MAX_ROWS) {
                let _ = writeln!(md, "- {p}");
            }
            more(&mut md, o.skipped.len());
        }
        if o.live.written > 0 {
            let _ = writeln!(
                md,
                "{} live facts (capacity, interruption band) written to `live/`, dated {dated}.\n",
                o.live.written
            );
        }
        if !o.live.unmatched.is_empty() {
            let _ = writeln!(
                md,
                "### Live facts that speak of no listed price ({}) — not written\n",
                o.live.unmatched.len()
            );
            for (sku, region, why) in o.live.unmatched.iter().take(MAX_ROWS) {
                let _ = writeln!(md, "- `{sku}` in `{region}`: {why}");
            }
            more(&mut md, o.live.unmatched.len());
        }
        if o.confirmed > 0 {
            let _ = writeln!(md, "{} prices unchanged, now dated {dated}.\n", o.confirmed);
        }
        if o.kept_newer > 0 {
            let _ = writeln!(
                md,
                "{} prices kept: the catalog's rows are newer than this copy.\n",
                o.kept_newer
            );
        }
    }
    md
}

fn flag_row(f: &Flag) -> String {
    let why = match &f.why {
        Why::BigMove(m) => format!("moves {}", percent(*m)),
        Why::UnitOrCurrency { old, new } => format!("unit or currency changed: {old} → {new}"),
        Why::SpotAboveOnDemand { on_demand } => {
            format!("spot at or above on-demand ({on_demand})")
        }
        Why::NewerElsewhere { source, as_of } => {
            format!("sources disagree: kept the newer `{source}` ({as_of})")
        }
    };
    format!(
        "| {} | {} | {} | {} | {} | {why} | {} |",
        f.key.0,
        f.key.1,
        f.key.2,
        f.old.as_deref().unwrap_or("—"),
        crate::table::number(f.new),
        match (&f.why, f.applied) {
            (Why::SpotAboveOnDemand { .. }, true) => "cleared to unknown",
            (_, true) => "yes (accepted)",
            (_, false) => "no",
        }
    )
}

fn more(md: &mut String, n: usize) {
    if n > MAX_ROWS {
        let _ = writeln!(md, "\n… and {} more.", n - MAX_ROWS);
    }
    md.push('\n');
}

fn price_text(price: &str, high: &str) -> String {
    if high.is_empty() {
        price.to_string()
    } else {
        format!("{price}..{high}")
    }
}

fn percent(share: f64) -> String {
    format!("{:+.1} %", share * 100.0)
}
