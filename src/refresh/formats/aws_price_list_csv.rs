//! An AWS Price List Bulk API offer file for Amazon EC2 in its CSV form
//! (`offers/v1.0/aws/AmazonEC2/current/<region>/index.csv`): five lines of preamble
//! (`"Publication Date","2026-…"` among them), a header, then one line per price — a product's
//! attributes repeated beside each of its terms.
//!
//! The file runs to gigabytes, so it is read line by line into one reused record and only the
//! prices a Linux user rents are kept (shared tenancy, no pre-installed software, no licence,
//! capacity "Used"): on-demand, and the 1- and 3-year Standard Reserved Instance with no
//! upfront payment, whose hourly rate is the whole price. Memory stays bounded by the number
//! of instance types, whatever the file's size.

use std::collections::BTreeMap;
use std::io::Read;

use catalog::{Currency, PriceUnit, Term};

use crate::quote::{number, price, Parsed, Quote, SourceProblem};

use super::columns::{next_row, Columns, Step};

const REQUIRED: [&str; 13] = [
    "TermType",
    "Unit",
    "PricePerUnit",
    "Currency",
    "Product Family",
    "Instance Type",
    "Tenancy",
    "Operating System",
    "Pre Installed S/W",
    "Region Code",
    "LeaseContractLength",
    "PurchaseOption",
    "OfferingClass",
];
const OPTIONAL: [&str; 5] = ["CapacityStatus", "License Model", "GPU", "vCPU", "Memory"];
/// Preamble lines allowed before the header; more, and the file is something else.
const PREAMBLE: usize = 12;
const WHAT: &str = "an AWS Price List CSV";

pub(super) fn read(source: impl Read) -> Result<Parsed, SourceProblem> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(source);
    let mut record = csv::StringRecord::new();
    let mut parsed = Parsed::default();
    let mut line = 0;
    let columns = loop {
        line += 1;
        let place = format!("line {line}");
        match next_row(&mut reader, &mut record, &place) {
            Ok(Step::Row) => {}
            Ok(Step::End) => {
                return Err(SourceProblem::new(
                    place,
                    "SKU",
                    format!("not {WHAT}: it ends before a header row"),
                ))
            }
            Ok(Step::Skip(problem)) | Err(problem) => {
                return Err(SourceProblem::new(
                    place,
                    "",
                    format!("not {WHAT}: {}", problem.message),
                ))
            }
        }
        let first = record.get(0).unwrap_or("").trim_start_matches('\u{feff}');
        match first {
            "Publication Date" => parsed.published = record.get(1).map(str::to_string),
            "SKU" => break Columns::of(&record, &REQUIRED, &OPTIONAL, WHAT)?,
            _ if line >= PREAMBLE => {
                return Err(SourceProblem::new(
                    place,
                    "SKU",
                    format!("not {WHAT}: no header row in its first {PREAMBLE} lines"),
                ))
            }
            _ => {}
        }
    };
    let mut kept: BTreeMap<(String, String, Term), Quote> = BTreeMap::new();
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
        let rented_as_is = cell("Product Family") == "Compute Instance"
            && cell("Operating System") == "Linux"
            && cell("Tenancy") == "Shared"
            && cell("Pre Installed S/W") == "NA"
            && matches!(cell("CapacityStatus"), "Used" | "")
            && matches!(cell("License Model"), "No License required" | "")
            && cell("Unit") == "Hrs"
            && cell("Currency") == "USD";
        if !rented_as_is {
            continue;
        }
        let (term, note) = match (cell("TermType"), cell("LeaseContractLength")) {
            ("OnDemand", _) => (Term::OnDemand, None),
            ("Reserved", length)
                if cell("PurchaseOption") == "No Upfront"
                    && cell("OfferingClass") == "standard" =>
            {
                match length {
                    "1yr" => (
                        Term::Reserved1y,
                        Some("1-yr Standard RI, No Upfront, hourly"),
                    ),
                    "3yr" => (
                        Term::Reserved3y,
                        Some("3-yr Standard RI, No Upfront, hourly"),
                    ),
                    _ => continue,
                }
            }
            _ => continue,
        };
        let (instance, region) = (cell("Instance Type"), cell("Region Code"));
        if instance.is_empty() || region.is_empty() {
            let field = if instance.is_empty() {
                "Instance Type"
            } else {
                "Region Code"
            };
            parsed
                .skipped
                .push(SourceProblem::new(&place, field, "missing"));
            continue;
        }
        let hourly = match price(cell("PricePerUnit"), &place, "PricePerUnit") {
            Ok(p) if p > 0.0 => p,
            Ok(_) => continue,
            Err(problem) => {
                parsed.skipped.push(problem);
                continue;
            }
        };
        let quantity = |name: &str| number(cell(name).trim_end_matches(" GiB"), &place, name).ok();
        // A product appears once per term; a repeat of the same key keeps its first price.
        kept.entry((instance.to_string(), region.to_string(), term))
            .or_insert_with(|| Quote {
                sku: instance.to_string(),
                gpu: None,
                count: quantity("GPU").filter(|c| *c > 0.0),
                vcpus: quantity("vCPU"),
                ram_gb: cell("Memory")
                    .trim_end_matches(" GiB")
                    .replace(',', "")
                    .parse()
                    .ok(),
                region: region.to_string(),
                term,
                price: hourly,
                price_high: None,
                currency: Currency::Usd,
                unit: PriceUnit::InstanceHour,
                line,
                note: note.map(str::to_string),
                cited: None,
            });
    }
    parsed.quotes = kept.into_values().collect();
    Ok(parsed)
}
