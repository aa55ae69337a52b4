//! Oracle's public price list (`https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/`):
//! one item per part number, with a display name, a metric and prices per currency.
//!
//! GPU parts are priced per GPU per hour and the same in every region, so a quote's SKU is the
//! part's display name ("Compute - GPU - H100") and its region is "global"; `aliases.toml`
//! says which shapes (offers) a part prices.

use catalog::{Currency, PriceUnit, Term};
use serde::Deserialize;

use crate::quote::{Parsed, Quote, SourceProblem, MAX_PRICE};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    part_number: String,
    display_name: String,
    metric_name: String,
    #[serde(default)]
    service_category: String,
    currency_code_localizations: Vec<Localization>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Localization {
    currency_code: String,
    prices: Vec<PricePoint>,
}

#[derive(Deserialize)]
struct PricePoint {
    model: String,
    value: f64,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let (items, skipped) = super::json::items::<Item>(text, "items", "an Oracle price list")?;
    let mut parsed = Parsed {
        skipped,
        ..Parsed::default()
    };
    for (n, item) in items {
        let place = format!("item {n}");
        let is_gpu = item.service_category.contains("GPU") || item.display_name.contains("GPU");
        if !is_gpu || !item.metric_name.to_lowercase().contains("gpu per hour") {
            continue;
        }
        for loc in &item.currency_code_localizations {
            let currency = match loc.currency_code.as_str() {
                "USD" => Currency::Usd,
                "EUR" => Currency::Eur,
                _ => continue,
            };
            let Some(point) = loc.prices.iter().find(|p| p.model == "PAY_AS_YOU_GO") else {
                continue;
            };
            if !point.value.is_finite() || point.value <= 0.0 || point.value > MAX_PRICE {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "prices.value",
                    format!("{} is not a price", point.value),
                ));
                continue;
            }
            // "OCI - Compute - GPU - H200" names its GPU after "GPU - ".
            let gpu = item
                .display_name
                .split_once("GPU - ")
                .map(|(_, name)| name.trim().to_string());
            parsed.quotes.push(Quote {
                sku: item.display_name.clone(),
                gpu,
                count: None,
                vcpus: None,
                ram_gb: None,
                region: "global".into(),
                term: Term::OnDemand,
                price: point.value,
                price_high: None,
                currency,
                unit: PriceUnit::AcceleratorHour,
                line: n,
                note: Some(format!("part {}", item.part_number)),
                cited: None,
            });
        }
    }
    Ok(parsed)
}
