//! Catalogs that write one row per instance type and zone (SkyPilot's `vms.csv`, gpuhunt's
//! provider files) folded into one quote per instance type, region and term.
//!
//! On-demand prices are one per region; spot prices differ by zone, so a region's quote is the
//! range over its rows. A price of 0 is how these catalogs write "not sold here", not a free
//! instance, so it is passed over.

use std::collections::BTreeMap;

use catalog::{Currency, PriceUnit, Term};

use crate::quote::Quote;

/// What a row says of the instance it prices.
pub(super) struct Instance<'a> {
    pub sku: &'a str,
    pub region: &'a str,
    pub gpu: &'a str,
    pub count: Option<f64>,
    pub vcpus: Option<f64>,
    pub ram_gb: Option<f64>,
}

/// The rows of one instance type in one region.
#[derive(Default)]
struct Zones {
    first_line: usize,
    gpu: Option<String>,
    count: Option<f64>,
    vcpus: Option<f64>,
    ram_gb: Option<f64>,
    on_demand: Vec<f64>,
    spot: Vec<f64>,
}

/// Rows gathered by instance type and region, in a stable order.
#[derive(Default)]
pub(super) struct ByRegion {
    groups: BTreeMap<(String, String), Zones>,
}

impl ByRegion {
    /// One row: its line, its instance, and its prices per hour (each optional).
    pub fn add(
        &mut self,
        line: usize,
        at: Instance<'_>,
        on_demand: Option<f64>,
        spot: Option<f64>,
    ) {
        let zones = self
            .groups
            .entry((at.sku.to_string(), at.region.to_string()))
            .or_insert_with(|| Zones {
                first_line: line,
                ..Zones::default()
            });
        zones.gpu = Some(at.gpu.to_string());
        zones.count = at.count.or(zones.count);
        zones.vcpus = at.vcpus.or(zones.vcpus);
        zones.ram_gb = at.ram_gb.or(zones.ram_gb);
        zones.on_demand.extend(on_demand.filter(|p| *p > 0.0));
        zones.spot.extend(spot.filter(|p| *p > 0.0));
    }

    /// One quote per (instance type, region, term) that has a price, per instance-hour in USD.
    pub fn into_quotes(self) -> Vec<Quote> {
        let mut quotes = Vec::new();
        for ((sku, region), zones) in self.groups {
            let zone_count = zones.on_demand.len().max(zones.spot.len());
            for (term, prices) in [
                (Term::OnDemand, &zones.on_demand),
                (Term::Spot, &zones.spot),
            ] {
                let Some((low, high)) = range(prices) else {
                    continue;
                };
                let note = match term {
                    Term::Spot if prices.len() > 1 => {
                        Some(format!("min..max over {} zone rows", prices.len()))
                    }
                    _ if high > low => Some(format!("zones differ ({zone_count} rows)")),
                    _ => None,
                };
                quotes.push(Quote {
                    sku: sku.clone(),
                    gpu: zones.gpu.clone(),
                    count: zones.count,
                    vcpus: zones.vcpus,
                    ram_gb: zones.ram_gb,
                    region: region.clone(),
                    term,
                    price: low,
                    price_high: (high > low).then_some(high),
                    currency: Currency::Usd,
                    unit: PriceUnit::InstanceHour,
                    line: zones.first_line,
                    note,
                    cited: None,
                });
            }
        }
        quotes
    }
}

fn range(prices: &[f64]) -> Option<(f64, f64)> {
    let low = prices.iter().copied().reduce(f64::min)?;
    let high = prices.iter().copied().reduce(f64::max)?;
    Some((low, high))
}
