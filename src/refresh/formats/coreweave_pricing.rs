//! CoreWeave's public GPU price page, `https://www.coreweave.com/pricing` (no key: the page
//! itself). Its "On-demand GPU instances" tables come one per region, each after a heading
//! `REGION: NORTH AMERICA` / `REGION: EUROPE`; every table row (`role="listitem"`) names one
//! instance — `<h3 data-product="hgx-h100" class="table-model-name">NVIDIA HGX H100</h3>` —
//! and states, in its labelled cells, the GPU count (`<div class="table-meta-value">8</div>
//! <div>GPU Count</div>`, a footnote written `4^1`), vCPUs, system RAM (`2,048`), and the
//! prices per instance-hour in USD: `<span class="instance-price">On-Demand Price: <span
//! class="item-value">$49.24</span>` and the same for `spot-price`. An empty value ("Contact
//! sales") or `N/A` is no price; the inference price per GPU is not read.
//!
//! The SKU is the row's `data-product` slug (stable where the display name is not), the GPU
//! name its heading; the region is the heading's name (`NORTH AMERICA`), which a feed maps onto
//! the provider's region ids. Rows without a GPU count are not GPU instances and are passed
//! over; a price cell that is not a dollar amount is named, never guessed.

use catalog::{Currency, PriceUnit, Term};

use crate::quote::{price, Parsed, Quote, SourceProblem};

const ROW: &str = "role=\"listitem\"";
const REGION: &str = "REGION:";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    if !text.contains("table-model-name") {
        return Err(SourceProblem::new(
            "file",
            "",
            "not a CoreWeave pricing page: no GPU table rows (class table-model-name)",
        ));
    }
    // Each region heading: where it starts and the name it gives.
    let regions: Vec<(usize, String)> = text
        .match_indices(REGION)
        .map(|(at, _)| {
            let rest = &text[at + REGION.len()..];
            let name = rest.split('<').next().unwrap_or("").trim().to_string();
            (at, name)
        })
        .collect();
    let mut parsed = Parsed::default();
    let starts: Vec<usize> = text.match_indices(ROW).map(|(at, _)| at).collect();
    for (n, &start) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(text.len());
        let row = &text[start..end];
        let place = format!("row {}", n + 1);
        let Some(count) = labelled(row, "GPU Count") else {
            continue;
        };
        let Some(sku) = between(row, "data-product=\"", "\"").filter(|s| !s.is_empty()) else {
            parsed.skipped.push(SourceProblem::new(
                &place,
                "data-product",
                "a GPU row without its product slug",
            ));
            continue;
        };
        let place = format!("{place} ({sku})");
        let region = regions
            .iter()
            .rev()
            .find(|(at, _)| *at < start)
            .map(|(_, name)| name.clone())
            .filter(|name| !name.is_empty());
        let Some(region) = region else {
            parsed.skipped.push(SourceProblem::new(
                &place,
                "REGION",
                "a GPU row before any region heading",
            ));
            continue;
        };
        let count = match quantity(&count) {
            Some(c) if c > 0.0 => c,
            _ => {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "GPU Count",
                    format!("{count:?} is not a GPU count"),
                ));
                continue;
            }
        };
        let gpu = between(row, "class=\"table-model-name\">", "</h3>")
            .map(|g| g.trim().to_string())
            .filter(|g| !g.is_empty());
        let vcpus = labelled(row, "vCPUs").and_then(|v| quantity(&v));
        let ram_gb = labelled(row, "System RAM").and_then(|v| quantity(&v));
        for (term, class, field) in [
            (
                Term::OnDemand,
                "class=\"instance-price\"",
                "On-Demand Price",
            ),
            (Term::Spot, "class=\"spot-price\"", "Spot Price"),
        ] {
            let Some(written) = row
                .split_once(class)
                .and_then(|(_, rest)| between(rest, "class=\"item-value\">", "</span>"))
            else {
                continue;
            };
            let written = written.trim();
            if written.is_empty() || written.eq_ignore_ascii_case("N/A") {
                continue;
            }
            let Some(amount) = written.strip_prefix('$') else {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    field,
                    format!("{written:?} is not a dollar amount"),
                ));
                continue;
            };
            match price(&amount.replace(',', ""), &place, field) {
                Ok(p) if p > 0.0 => parsed.quotes.push(Quote {
                    sku: sku.to_string(),
                    gpu: gpu.clone(),
                    count: Some(count),
                    vcpus,
                    ram_gb,
                    region: region.clone(),
                    term,
                    price: p,
                    price_high: None,
                    currency: Currency::Usd,
                    unit: PriceUnit::InstanceHour,
                    line: n + 1,
                    note: None,
                    cited: None,
                }),
                Ok(_) => parsed
                    .skipped
                    .push(SourceProblem::new(&place, field, "0: not a price")),
                Err(problem) => parsed.skipped.push(problem),
            }
        }
    }
    Ok(parsed)
}

/// The text between the first `open` and the next `close` after it.
fn between<'t>(text: &'t str, open: &str, close: &str) -> Option<&'t str> {
    let (_, rest) = text.split_once(open)?;
    rest.split_once(close).map(|(inside, _)| inside)
}

/// The value the row's right-hand column labels `label`: the last `table-meta-value` before
/// `<div>label</div>`.
fn labelled(row: &str, label: &str) -> Option<String> {
    let at = row.find(&format!("<div>{label}</div>"))?;
    let before = &row[..at];
    let open = "<div class=\"table-meta-value\">";
    let from = before.rfind(open)? + open.len();
    let value = before[from..].split("</div>").next()?;
    Some(value.trim().to_string())
}

/// A quantity as the page writes it: `2,048`, or `4^1` (a footnote mark after the number).
fn quantity(written: &str) -> Option<f64> {
    let number = written.split('^').next()?.replace(',', "");
    number
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::quantity;

    #[test]
    fn quantities_read_as_the_page_writes_them() {
        assert_eq!(quantity("2,048"), Some(2048.0));
        assert_eq!(quantity("4^1"), Some(4.0));
        assert_eq!(quantity(" 8 "), Some(8.0));
        assert_eq!(quantity("N/A"), None);
        assert_eq!(quantity("-1"), None);
    }
}
