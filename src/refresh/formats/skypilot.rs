//! SkyPilot's catalog `vms.csv`: one row per instance type and zone (v7: `InstanceType,
//! AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,
//! AvailabilityZone`; v8 adds `Arch`). Columns are found by name, so both schemas — and each
//! cloud's own column order — read alike. Rows without an accelerator are CPU instances and are
//! passed over; zone rows fold into one quote per region ([`super::zones`]).

use std::io::Read;

use crate::quote::{number, price, Parsed, SourceProblem};

use super::columns::{next_row, Columns, Step};
use super::zones::{ByRegion, Instance};

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

pub(super) fn read(source: impl Read) -> Result<Parsed, SourceProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(source);
    let columns = Columns::find(&mut reader, &REQUIRED, &[], "a SkyPilot vms.csv")?;
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
        let cell = |name: &str| columns.cell(&record, name);
        let gpu = cell("AcceleratorName");
        if gpu.is_empty() {
            continue;
        }
        let optional = |name: &str, is_price: bool| -> Result<Option<f64>, SourceProblem> {
            match cell(name) {
                "" => Ok(None),
                t if is_price => price(t, &place, name).map(Some),
                t => number(t, &place, name).map(Some),
            }
        };
        let read = (|| {
            Ok::<_, SourceProblem>((
                optional("AcceleratorCount", false)?,
                optional("vCPUs", false)?,
                optional("MemoryGiB", false)?,
                optional("Price", true)?,
                optional("SpotPrice", true)?,
            ))
        })();
        let (count, vcpus, ram_gb, on_demand, spot) = match read {
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
        let at = Instance {
            sku,
            region,
            gpu,
            count,
            vcpus,
            ram_gb,
        };
        rows.add(line, at, on_demand, spot);
    }
    parsed.quotes = rows.into_quotes();
    Ok(parsed)
}
