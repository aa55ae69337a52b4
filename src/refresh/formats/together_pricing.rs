//! Together AI's public price page (`together.ai/pricing`, no key): sections under `<h2>`
//! headings ("Dedicated Inference", "GPU Clusters"), each with tables whose header starts
//! `Hardware | On-demand` (or `Hardware | Hourly`) and whose rows name the hardware
//! ("NVIDIA HGX H100") and its on-demand price per GPU-hour ("$3.99"; "All prices are per GPU
//! per hour"). The reserved columns (7-30 days …) have no term in the catalog and are not read.
//!
//! Each row is one SKU, `<section>: <hardware>` ("GPU Clusters: NVIDIA HGX H100"): the same
//! GPU is a different product in each section (a dedicated inference endpoint, a cluster
//! node). A cell of "—", "Contact us" or "Contact sales" is no price (not sold on demand) and
//! is passed over; any other cell that is not a dollar figure is named. The page repeats a
//! section's on-demand prices in a hidden table; a repeat at the same price is read once, a
//! repeat at another price is named. A page with no such table fails whole.

use std::collections::BTreeMap;

use catalog::{Currency, PriceUnit, Term};

use super::html::{cells, elements, strip_tags};
use crate::quote::{checked_price, paid_price, Parsed, Quote, SourceProblem};

/// Together states one price everywhere: every quote's region, for the feed to map.
pub const HERE: &str = "page";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let headings: Vec<(usize, String)> = elements(text, "h2")
        .into_iter()
        .map(|h| {
            let at = h.as_ptr() as usize - text.as_ptr() as usize;
            (at, clean(&strip_tags(h)))
        })
        .collect();
    let mut parsed = Parsed::default();
    let mut seen: BTreeMap<String, f64> = BTreeMap::new();
    let mut tables = 0;
    for table in elements(text, "table") {
        let at = table.as_ptr() as usize - text.as_ptr() as usize;
        let header: Vec<String> = cells(table, "th").iter().map(|h| clean(h)).collect();
        let on_demand_header = header.get(1).map(|h| h.to_lowercase());
        let is_price_table = header
            .first()
            .is_some_and(|h| h.to_lowercase().starts_with("hardware"))
            && on_demand_header
                .as_deref()
                .is_some_and(|h| h.starts_with("on-demand") || h.starts_with("hourly"));
        if !is_price_table {
            continue;
        }
        tables += 1;
        let section = headings
            .iter()
            .rev()
            .find(|(h, _)| *h < at)
            .map(|(_, name)| name.clone())
            .unwrap_or_default();
        let body = table.find("<tbody").map_or(table, |b| &table[b..]);
        for (n, row) in elements(body, "tr").into_iter().enumerate() {
            let row_cells: Vec<String> = cells(row, "td").iter().map(|c| clean(c)).collect();
            if row_cells.is_empty() {
                continue; // a header row
            }
            let place = format!("{section} row {}", n + 1);
            let (Some(hardware), Some(cell)) = (row_cells.first(), row_cells.get(1)) else {
                parsed.skipped.push(SourceProblem::new(
                    place,
                    "",
                    "a row without an on-demand cell",
                ));
                continue;
            };
            if hardware.is_empty() {
                parsed.skipped.push(SourceProblem::new(
                    place,
                    "Hardware",
                    "empty: a row without hardware cannot be matched",
                ));
                continue;
            }
            let sku = if section.is_empty() {
                hardware.clone()
            } else {
                format!("{section}: {hardware}")
            };
            let place = format!("row {sku}");
            if matches!(
                cell.as_str(),
                "—" | "-" | "" | "Contact us" | "Contact sales"
            ) {
                continue; // not sold on demand
            }
            let price = match cell.strip_prefix('$').map(|f| f.trim().parse::<f64>()) {
                Some(Ok(p)) => checked_price(p, &place, "On-demand"),
                _ => Err(SourceProblem::new(
                    &place,
                    "On-demand",
                    format!("{cell:?} is not a dollar price"),
                )),
            };
            let Some(price) = paid_price(price, &place, "On-demand", "a GPU", &mut parsed.skipped)
            else {
                continue;
            };
            match seen.get(&sku) {
                Some(&earlier) if earlier == price => continue, // the hidden repeat
                Some(&earlier) => {
                    parsed.skipped.push(SourceProblem::new(
                        place,
                        "On-demand",
                        format!(
                            "{price} where another table of the page gives {earlier}: not guessed"
                        ),
                    ));
                    continue;
                }
                None => {
                    seen.insert(sku.clone(), price);
                }
            }
            parsed.quotes.push(Quote {
                sku,
                gpu: Some(hardware.clone()),
                count: None,
                vcpus: None,
                ram_gb: None,
                region: HERE.into(),
                term: Term::OnDemand,
                price,
                price_high: None,
                currency: Currency::Usd,
                unit: PriceUnit::AcceleratorHour,
                line: n + 1,
                note: Some(format!(
                    "page: {section}, {hardware}, on-demand {cell} per GPU-hour"
                )),
                cited: None,
            });
        }
    }
    if tables == 0 {
        return Err(SourceProblem::new(
            "file",
            "",
            "not Together's price page: no table headed Hardware | On-demand",
        ));
    }
    // A conflicting repeat named above leaves the first price standing: drop it too, since the
    // page does not say which is right.
    let conflicted: Vec<String> = parsed
        .skipped
        .iter()
        .filter_map(|p| p.place.strip_prefix("row ").map(String::from))
        .filter(|sku| seen.contains_key(sku))
        .collect();
    parsed.quotes.retain(|q| !conflicted.contains(&q.sku));
    Ok(parsed)
}

/// Whitespace (the page's no-break spaces too) collapsed to single spaces, trimmed.
fn clean(text: &str) -> String {
    text.replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
