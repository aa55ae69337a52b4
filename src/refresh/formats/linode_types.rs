//! Linode's (Akamai Cloud's) public plan list, `GET https://api.linode.com/v4/linode/types`
//! (no key needed): `data` holds one item per plan with `class`, `gpus`, `vcpus`, `memory`
//! (MB), `price.hourly` and `region_prices` (the regions that cost more than the list price).
//!
//! Only `class: "gpu"` plans are GPU offers. The list price is the provider-wide price
//! (region `global`); each regional override becomes a quote for its region.

use catalog::{Currency, PriceUnit, Term};
use serde::Deserialize;

use crate::quote::{checked_price, Parsed, Quote, SourceProblem};

#[derive(Deserialize)]
struct Plan {
    id: String,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    class: String,
    #[serde(default)]
    gpus: f64,
    #[serde(default)]
    vcpus: Option<f64>,
    /// MB.
    #[serde(default)]
    memory: Option<f64>,
    price: Hourly,
    #[serde(default)]
    region_prices: Vec<RegionPrice>,
}

#[derive(Deserialize)]
struct Hourly {
    hourly: f64,
}

#[derive(Deserialize)]
struct RegionPrice {
    id: String,
    hourly: f64,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let (plans, skipped) = super::json::items::<Plan>(text, "data", "a Linode types list")?;
    let mut parsed = Parsed {
        skipped,
        ..Parsed::default()
    };
    for (n, plan) in plans {
        if plan.class != "gpu" || plan.gpus <= 0.0 {
            continue;
        }
        let place = format!("item {n}");
        let quote = |region: &str, price: f64| Quote {
            sku: plan.id.clone(),
            gpu: plan.label.clone(),
            count: Some(plan.gpus),
            vcpus: plan.vcpus,
            ram_gb: plan.memory.map(|mb| mb / 1024.0),
            region: region.to_string(),
            term: Term::OnDemand,
            price,
            price_high: None,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            line: n,
            note: None,
            cited: None,
        };
        match checked_price(plan.price.hourly, &place, "price.hourly") {
            Ok(p) if p > 0.0 => parsed.quotes.push(quote("global", p)),
            Ok(_) => {}
            Err(problem) => parsed.skipped.push(problem),
        }
        for regional in &plan.region_prices {
            match checked_price(regional.hourly, &place, "region_prices.hourly") {
                Ok(p) if p > 0.0 => parsed.quotes.push(quote(&regional.id, p)),
                Ok(_) => {}
                Err(problem) => parsed.skipped.push(problem),
            }
        }
    }
    Ok(parsed)
}
