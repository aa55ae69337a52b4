//! The Azure Retail Prices API (`https://prices.azure.com/api/retail/prices`), its pages'
//! `Items` merged into one document. Each item is one meter: a VM size (`armSkuName`) in a
//! region (`armRegionName`) under one price type.
//!
//! Linux pay-as-you-go items are on-demand; items whose `skuName` ends in "Spot" are spot;
//! "Low Priority" (the retired batch tier) and Windows meters are passed over. Reservation
//! items carry the whole term's price (`reservationTerm` "1 Year" / "3 Years").

use catalog::{Currency, PriceUnit, Term};
use serde::Deserialize;

use crate::quote::{Parsed, Quote, SourceProblem, MAX_PRICE};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Item {
    currency_code: String,
    retail_price: f64,
    arm_region_name: String,
    arm_sku_name: String,
    sku_name: String,
    product_name: String,
    #[serde(default)]
    service_name: String,
    unit_of_measure: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    reservation_term: Option<String>,
    #[serde(default)]
    effective_start_date: Option<String>,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let (items, skipped) =
        super::json::items::<Item>(text, "Items", "an Azure Retail Prices response")?;
    let mut parsed = Parsed {
        skipped,
        ..Parsed::default()
    };
    for (n, item) in items {
        let place = format!("item {n}");
        if item.service_name != "Virtual Machines"
            || item.product_name.contains("Windows")
            || item.sku_name.contains("Low Priority")
        {
            continue;
        }
        let currency = match item.currency_code.as_str() {
            "USD" => Currency::Usd,
            "EUR" => Currency::Eur,
            other => {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "currencyCode",
                    format!("{other} is not a currency the catalog keeps"),
                ));
                continue;
            }
        };
        if !item.retail_price.is_finite()
            || item.retail_price <= 0.0
            || item.retail_price > MAX_PRICE
        {
            parsed.skipped.push(SourceProblem::new(
                &place,
                "retailPrice",
                format!("{} is not a price", item.retail_price),
            ));
            continue;
        }
        let (term, unit) = match (item.kind.as_str(), item.reservation_term.as_deref()) {
            ("Consumption", _) if item.sku_name.ends_with("Spot") => {
                (Term::Spot, PriceUnit::InstanceHour)
            }
            ("Consumption", _) => (Term::OnDemand, PriceUnit::InstanceHour),
            ("Reservation", Some("1 Year")) => (Term::Reserved1y, PriceUnit::InstanceTerm),
            ("Reservation", Some("3 Years")) => (Term::Reserved3y, PriceUnit::InstanceTerm),
            _ => continue,
        };
        if unit == PriceUnit::InstanceHour && item.unit_of_measure != "1 Hour" {
            parsed.skipped.push(SourceProblem::new(
                &place,
                "unitOfMeasure",
                format!("{:?} is not an hourly meter", item.unit_of_measure),
            ));
            continue;
        }
        parsed.quotes.push(Quote {
            sku: item.arm_sku_name,
            gpu: None,
            count: None,
            vcpus: None,
            ram_gb: None,
            region: item.arm_region_name,
            term,
            price: item.retail_price,
            price_high: None,
            currency,
            unit,
            line: n,
            note: item
                .effective_start_date
                .map(|d| format!("in effect since {}", d.get(..10).unwrap_or(&d))),
            cited: None,
        });
    }
    Ok(parsed)
}
