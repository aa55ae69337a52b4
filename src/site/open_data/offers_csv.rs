//! `data/v1/offers.csv`: one row per price of the catalog — the table a spreadsheet or pandas
//! wants — each row carrying its own date and source, so a row quoted alone is still a claim
//! someone can check. Unknown is an empty cell, never zero.

use std::collections::HashMap;

use engine::catalog::{Accelerator, Offer, Price, Provider};

use super::paths::OFFERS_CSV;
use crate::{File, Site};

/// The columns, in order (docs/open-data.md explains each one).
pub const COLUMNS: [&str; 23] = [
    "provider_id",
    "provider_name",
    "offer_id",
    "instance",
    "accelerator_id",
    "accelerator_name",
    "accelerator_count",
    "term",
    "region",
    "region_name",
    "price",
    "price_high",
    "currency",
    "unit",
    "billing",
    "price_per_accelerator_hour",
    "as_of",
    "source_id",
    "source_title",
    "source_url",
    "source_kind",
    "confidence",
    "note",
];

pub fn file(site: &Site) -> Result<File, String> {
    let err = |e: csv::Error| format!("{OFFERS_CSV}: {e}");
    let providers: HashMap<&str, &Provider> = site
        .catalog
        .providers
        .iter()
        .map(|p| (p.id.as_str(), p))
        .collect();
    let accelerators: HashMap<&str, &Accelerator> = site
        .catalog
        .accelerators
        .iter()
        .map(|a| (a.id.as_str(), a))
        .collect();
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(COLUMNS).map_err(err)?;
    for offer in &site.catalog.offers {
        let provider = providers.get(offer.provider.as_str()).copied();
        let accelerator = offer
            .accelerator
            .as_deref()
            .and_then(|id| accelerators.get(id).copied());
        for price in &offer.prices {
            out.write_record(row(offer, price, provider, accelerator))
                .map_err(err)?;
        }
    }
    let body = out
        .into_inner()
        .map_err(|e| format!("{OFFERS_CSV}: {}", e.error()))?;
    Ok(File {
        path: OFFERS_CSV.to_string(),
        body,
    })
}

fn row(
    offer: &Offer,
    price: &Price,
    provider: Option<&Provider>,
    accelerator: Option<&Accelerator>,
) -> [String; 23] {
    let text = |s: Option<&str>| s.unwrap_or_default().to_string();
    let source = provider.and_then(|p| p.source(&price.source));
    // The price's own increment, else the provider's default: what a user is billed by.
    let billing = price.billing.or(provider.and_then(|p| p.billing_increment));
    [
        offer.provider.clone(),
        text(provider.map(|p| p.name.as_str())),
        offer.id.clone(),
        offer.instance.clone(),
        text(offer.accelerator.as_deref()),
        accelerator.map(Accelerator::label).unwrap_or_default(),
        number(offer.count),
        serde_text(&price.term),
        price.region.to_string(),
        text(
            provider
                .and_then(|p| p.region(&price.region))
                .map(|r| r.name.as_str()),
        ),
        price.amount.map(number).unwrap_or_default(),
        price.amount_high.map(number).unwrap_or_default(),
        price.currency.code().to_string(),
        serde_text(&price.unit),
        billing.map(|b| serde_text(&b)).unwrap_or_default(),
        per_accelerator_hour(offer, price)
            .map(rounded)
            .unwrap_or_default(),
        price.as_of.to_string(),
        price.source.to_string(),
        text(source.map(|s| s.title.as_str())),
        text(source.map(|s| s.url.as_str())),
        source.map(|s| serde_text(&s.kind)).unwrap_or_default(),
        serde_text(&price.confidence),
        text(price.note.as_deref()),
    ]
}

/// The price per accelerator and hour in the price's own currency, when the offer has
/// accelerators and the unit can be spread over hours (months over 730, terms over their
/// hours, as the engine compares them).
pub fn per_accelerator_hour(offer: &Offer, price: &Price) -> Option<f64> {
    if offer.accelerator.is_none() || offer.count <= 0.0 {
        return None;
    }
    Some(price.per_instance_hour(offer.count)? / offer.count)
}

/// A number as written in the catalog: the shortest text that reads back to the same value.
pub fn number(value: f64) -> String {
    format!("{value}")
}

/// A derived figure to ten decimals, trailing zeros dropped: division leaves binary noise
/// (0.30000000000000004) that no price list wrote; ten keep every real digit.
fn rounded(value: f64) -> String {
    let text = format!("{value:.10}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// An enum's name as the catalog files and catalog.json spell it ("on-demand").
fn serde_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}
