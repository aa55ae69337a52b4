//! fal's public price page (`fal.ai/pricing`, no key): the "Serverless & Compute Pricing" table,
//! whose header is `GPU | VRAM | List Price | As low as`, one row per GPU with its list price per
//! GPU-hour (`$8.50/h`) and the "as low as" floor (committed use, not a bookable rate).
//!
//! The page holds other tables in the same markup (the model APIs, priced per output unit);
//! only a table whose header names `GPU` and `List Price` is read, and a page with none, or
//! with two (a duplicated render would price every GPU twice), fails whole. Each row is one
//! SKU, the GPU cell's text ("B300", "RTX PRO 6000"), at its list price, term serverless
//! (fal bills running machines per second and scales to zero); the floor goes into the note.
//! A row whose list price is not a dollar figure per hour, or whose cells do not fit the
//! header, is named.

use catalog::{Currency, PriceUnit, Term};

use super::html::{cells, elements};
use crate::quote::{checked_price, paid_price, Parsed, Quote, SourceProblem};

/// fal states one price everywhere: every quote's region, for the feed to map.
pub const HERE: &str = "page";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let tables: Vec<&str> = elements(text, "table")
        .into_iter()
        .filter(|t| {
            let header = cells(t, "th");
            header.iter().any(|h| h == "GPU") && header.iter().any(|h| h == "List Price")
        })
        .collect();
    let table = match tables.as_slice() {
        [one] => *one,
        [] => {
            return Err(SourceProblem::new(
                "file",
                "",
                "not fal's price page: no table headed GPU … List Price",
            ))
        }
        _ => {
            return Err(SourceProblem::new(
                "file",
                "",
                format!(
                    "{} tables headed GPU … List Price: not one price list, refusing to pick",
                    tables.len()
                ),
            ))
        }
    };
    let header = cells(table, "th");
    let col = |name: &str| header.iter().position(|h| h == name);
    let (Some(gpu_at), Some(list_at)) = (col("GPU"), col("List Price")) else {
        unreachable!("the table was chosen by these headers");
    };
    let low_at = col("As low as");
    let body = match text_after(table, "<tbody") {
        Some(body) => body,
        None => table,
    };
    let mut parsed = Parsed::default();
    for (n, row) in elements(body, "tr").into_iter().enumerate() {
        let line = n + 1;
        let cells = cells(row, "td");
        if cells.is_empty() {
            continue; // a header row
        }
        if cells.len() != header.len() {
            parsed.skipped.push(SourceProblem::new(
                format!("row {line}"),
                "",
                format!(
                    "{} cells where the header has {}",
                    cells.len(),
                    header.len()
                ),
            ));
            continue;
        }
        let gpu = cells[gpu_at].clone();
        if gpu.is_empty() {
            parsed.skipped.push(SourceProblem::new(
                format!("row {line}"),
                "GPU",
                "empty: a row without a GPU cannot be matched",
            ));
            continue;
        }
        let place = format!("row {gpu}");
        let price = match per_hour(&cells[list_at]) {
            Ok(p) => checked_price(p, &place, "List Price"),
            Err(message) => Err(SourceProblem::new(&place, "List Price", message)),
        };
        let Some(price) = paid_price(price, &place, "List Price", "a GPU", &mut parsed.skipped)
        else {
            continue;
        };
        let note = low_at
            .map(|i| cells[i].as_str())
            .filter(|c| !c.is_empty())
            .map(|low| {
                format!(
                    "page: list {}, as low as {low} (committed use)",
                    cells[list_at]
                )
            });
        parsed.quotes.push(Quote {
            sku: gpu.clone(),
            gpu: Some(gpu),
            count: Some(1.0),
            vcpus: None,
            ram_gb: None,
            region: HERE.into(),
            term: Term::Serverless,
            price,
            price_high: None,
            currency: Currency::Usd,
            unit: PriceUnit::AcceleratorHour,
            line,
            note,
            cited: None,
        });
    }
    Ok(parsed)
}

/// "$8.50/h" → 8.50.
fn per_hour(cell: &str) -> Result<f64, String> {
    let figure = cell
        .trim()
        .strip_prefix('$')
        .and_then(|c| c.strip_suffix("/h").or_else(|| c.strip_suffix("/hr")))
        .ok_or_else(|| format!("{cell:?} is not a dollar price per hour ($…/h)"))?;
    figure
        .trim()
        .parse::<f64>()
        .map_err(|_| format!("{cell:?} is not a price"))
}

fn text_after<'a>(html: &'a str, tag: &str) -> Option<&'a str> {
    html.find(tag).map(|at| &html[at..])
}
