//! gpuhunt's published provider catalogs (dstack's `gpuhunt`): one CSV per provider inside
//! `https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v2/latest/catalog.zip`, rebuilt every
//! day from the providers' APIs, with a `version` file naming the day (`YYYYMMDD`).
//!
//! Columns (v2): `instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot,
//! disk_size,gpu_vendor,flags`, found by name. One row per offer and location (a region or a
//! zone); `price` is USD per instance-hour; `spot` is `True`/`False`. Rows without a GPU are
//! CPU instances and are passed over; zone rows fold into one quote per region.
//!
//! The format was learnt from gpuhunt's own code and tests; this reader is written for GPU
//! Atlas.

use std::io::Read;

use crate::quote::{number, price, Parsed, SourceProblem};

use super::columns::{next_row, Columns, Step};
use super::zones::{ByRegion, Instance};

const REQUIRED: [&str; 6] = [
    "instance_name",
    "location",
    "price",
    "gpu_count",
    "gpu_name",
    "spot",
];
const OPTIONAL: [&str; 2] = ["cpu", "memory"];

pub(super) fn read(source: impl Read) -> Result<Parsed, SourceProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(true)
        .from_reader(source);
    let columns = Columns::find(&mut reader, &REQUIRED, &OPTIONAL, "a gpuhunt catalog")?;
    let mut parsed = Parsed::default();
    let mut rows = ByRegion::default();
    let mut record = csv::StringRecord::new();
    let mut line = 1;
    loop {
        line += 1;
        let place = format!("line {line}");
        match next_row(&mut reader, &mut record, &place)? {
            Step::Row => {}
            Step::End => break,
            Step::Skip(problem) => {
                parsed.skipped.push(problem);
                continue;
            }
        }
        if let Some(problem) = columns.short(&record, &place) {
            parsed.skipped.push(problem);
            continue;
        }
        let cell = |name: &str| columns.cell(&record, name);
        let (gpu, count) = (cell("gpu_name"), cell("gpu_count"));
        if gpu.is_empty() || matches!(count, "" | "0") {
            continue;
        }
        let spot = match cell("spot").to_ascii_lowercase().as_str() {
            "true" => true,
            "false" => false,
            other => {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "spot",
                    format!("{other:?} is neither True nor False"),
                ));
                continue;
            }
        };
        let optional = |name: &str| match cell(name) {
            "" => Ok(None),
            t => number(t, &place, name).map(Some),
        };
        let read = (|| {
            Ok::<_, SourceProblem>((
                number(count, &place, "gpu_count")?,
                optional("cpu")?,
                optional("memory")?,
                price(cell("price"), &place, "price")?,
            ))
        })();
        let (count, vcpus, ram_gb, hourly) = match read {
            Ok(values) => values,
            Err(problem) => {
                parsed.skipped.push(problem);
                continue;
            }
        };
        let (sku, region) = (cell("instance_name"), cell("location"));
        if sku.is_empty() || region.is_empty() {
            let field = if sku.is_empty() {
                "instance_name"
            } else {
                "location"
            };
            parsed
                .skipped
                .push(SourceProblem::new(&place, field, "empty"));
            continue;
        }
        let at = Instance {
            sku,
            region,
            gpu,
            count: Some(count),
            vcpus,
            ram_gb,
        };
        let (on_demand, spot) = if spot {
            (None, Some(hourly))
        } else {
            (Some(hourly), None)
        };
        rows.add(line, at, on_demand, spot);
    }
    parsed.quotes = rows.into_quotes();
    Ok(parsed)
}
