//! SkyPilot's catalog `vms.csv`: one row per instance type and zone (v7: `InstanceType,
//! AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,
//! AvailabilityZone`; v8 adds `Arch`). Columns are found by name, so both schemas read alike.
//!
//! On-demand prices are per instance-hour and the same in every zone of a region; spot prices
//! differ by zone, so a region's spot quote is the range over its zones. Rows without an
//! accelerator are CPU instances and are passed over.

use std::collections::BTreeMap;

use catalog::{Currency, PriceUnit, Term};

use crate::quote::{number, Parsed, Quote, SourceProblem};

const REQUIRED: [&str; 8] = [
    "InstanceType",
    "AcceleratorName",
    "AcceleratorCount",
    "vCPUs",
    "MemoryGiB",
    "Price",
    "SpotPrice",
    "Region",
];

/// The zone rows of one instance type in one region.
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

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| SourceProblem::new("line 1", "", e.to_string()))?
        .clone();
    let column = |name: &str| headers.iter().position(|h| h.trim() == name);
    let mut index = BTreeMap::new();
    for name in REQUIRED {
        match column(name) {
            Some(i) => {
                index.insert(name, i);
            }
            None => {
                return Err(SourceProblem::new(
                    "line 1",
                    name,
                    format!(
                        "no {name} column: not a SkyPilot vms.csv (columns: {})",
                        headers.iter().collect::<Vec<_>>().join(",")
                    ),
                ))
            }
        }
    }
    let mut parsed = Parsed::default();
    let mut groups: BTreeMap<(String, String), Zones> = BTreeMap::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let place = format!("line {line}");
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                parsed
                    .skipped
                    .push(SourceProblem::new(&place, "", e.to_string()));
                continue;
            }
        };
        let cell = |name: &str| record.get(index[name]).unwrap_or("").trim();
        let gpu = cell("AcceleratorName");
        if gpu.is_empty() {
            continue;
        }
        let optional = |name: &str| -> Result<Option<f64>, SourceProblem> {
            match cell(name) {
                "" => Ok(None),
                t => number(t, &place, name).map(Some),
            }
        };
        let read = (|| {
            Ok::<_, SourceProblem>((
                optional("AcceleratorCount")?,
                optional("vCPUs")?,
                optional("MemoryGiB")?,
                optional("Price")?,
                optional("SpotPrice")?,
            ))
        })();
        let (count, vcpus, ram_gb, price, spot) = match read {
            Ok(values) => values,
            Err(problem) => {
                parsed.skipped.push(problem);
                continue;
            }
        };
        let (sku, region) = (cell("InstanceType"), cell("Region"));
        if sku.is_empty() || region.is_empty() {
            let field = if sku.is_empty() {
                "InstanceType"
            } else {
                "Region"
            };
            parsed
                .skipped
                .push(SourceProblem::new(&place, field, "empty"));
            continue;
        }
        let zones = groups
            .entry((sku.to_string(), region.to_string()))
            .or_insert_with(|| Zones {
                first_line: line,
                ..Zones::default()
            });
        zones.gpu = Some(gpu.to_string());
        zones.count = count.or(zones.count);
        zones.vcpus = vcpus.or(zones.vcpus);
        zones.ram_gb = ram_gb.or(zones.ram_gb);
        // A price of 0 is how the catalog writes "not sold here", not a free instance.
        zones.on_demand.extend(price.filter(|p| *p > 0.0));
        zones.spot.extend(spot.filter(|p| *p > 0.0));
    }
    for ((sku, region), zones) in groups {
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
            parsed.quotes.push(Quote {
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
    Ok(parsed)
}

fn range(prices: &[f64]) -> Option<(f64, f64)> {
    let low = prices.iter().copied().reduce(f64::min)?;
    let high = prices.iter().copied().reduce(f64::max)?;
    Some((low, high))
}
