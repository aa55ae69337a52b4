//! The catalog's own price-table columns, as a source format: how prices gathered by hand or
//! from a dated third-party file enter through the same merge rules (flags, history, notes)
//! as a feed. Each row keeps its own date, source and confidence; `offer` is the provider's
//! SKU (an offer id or instance name) and is matched like any other source's SKU.

use catalog::{AsOf, Confidence, Currency, PriceUnit, Term};
use serde::de::{value::Error as ValueError, IntoDeserializer};
use serde::Deserialize;

use crate::quote::{price, Cited, Parsed, Quote, SourceProblem};
use crate::table::{self, COLUMNS};

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let rows = table::read(text).map_err(|e| {
        SourceProblem::new(
            "line 1",
            "",
            format!("not a price table ({e}); columns: {}", COLUMNS.join(",")),
        )
    })?;
    let mut parsed = Parsed::default();
    for (i, row) in rows.into_iter().enumerate() {
        let line = i + 2;
        let place = format!("line {line}");
        let read = (|| {
            let amount = price(&row.price, &place, "price")?;
            let price_high = match row.price_high.trim() {
                "" => None,
                t => Some(price(t, &place, "price_high")?),
            };
            let as_of = row.as_of.trim().to_string();
            AsOf::parse(&as_of).map_err(|e| SourceProblem::new(&place, "as_of", e.to_string()))?;
            Ok::<_, SourceProblem>(Quote {
                sku: row.offer.clone(),
                gpu: None,
                count: None,
                vcpus: None,
                ram_gb: None,
                region: row.region.clone(),
                term: token::<Term>(&row.term, &place, "term")?,
                price: amount,
                price_high,
                currency: token::<Currency>(&row.currency, &place, "currency")?,
                unit: token::<PriceUnit>(&row.unit, &place, "unit")?,
                line,
                note: Some(row.note.clone()).filter(|n| !n.trim().is_empty()),
                cited: Some(Cited {
                    as_of,
                    source: row.source.clone(),
                    confidence: token::<Confidence>(&row.confidence, &place, "confidence")?,
                }),
            })
        })();
        match read {
            Ok(quote) => parsed.quotes.push(quote),
            Err(problem) => parsed.skipped.push(problem),
        }
    }
    Ok(parsed)
}

/// A kebab-case token as the catalog writes it ("on-demand", "USD", "high").
fn token<'de, T: Deserialize<'de>>(
    text: &'de str,
    place: &str,
    field: &str,
) -> Result<T, SourceProblem> {
    T::deserialize(IntoDeserializer::<ValueError>::into_deserializer(
        text.trim(),
    ))
    .map_err(|_| SourceProblem::new(place, field, format!("{text:?} is not a {field}")))
}
