//! One parser per source format. Each takes the source's text and returns the quotes it could
//! read plus the rows it skipped (with line and field), or fails whole when the text is not
//! that format at all — then nothing of it is applied.

mod aws_price_list;
mod azure_retail;
mod catalog_csv;
mod oci_price_list;
mod skypilot;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::quote::{Parsed, SourceProblem};

/// The source formats GPU Atlas can import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// SkyPilot's catalog `vms.csv` (v7 and v8 schemas): on-demand and spot per zone.
    SkypilotVms,
    /// An AWS Price List Bulk API offer file (AmazonEC2, one region): on-demand Linux prices.
    AwsPriceList,
    /// Pages of the Azure Retail Prices API, merged into one `Items` array.
    AzureRetail,
    /// Oracle's public price list API (`cetools/api/v1/products`).
    OciPriceList,
    /// A table in the catalog's own price columns, each row with its own date and source:
    /// prices gathered by hand or from a dated third-party file.
    CatalogCsv,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::SkypilotVms,
        Format::AwsPriceList,
        Format::AzureRetail,
        Format::OciPriceList,
        Format::CatalogCsv,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::SkypilotVms => "skypilot-vms",
            Format::AwsPriceList => "aws-price-list",
            Format::AzureRetail => "azure-retail",
            Format::OciPriceList => "oci-price-list",
            Format::CatalogCsv => "catalog-csv",
        }
    }

    /// Reads one source of this format.
    pub fn parse(self, text: &str) -> Result<Parsed, SourceProblem> {
        match self {
            Format::SkypilotVms => skypilot::parse(text),
            Format::AwsPriceList => aws_price_list::parse(text),
            Format::AzureRetail => azure_retail::parse(text),
            Format::OciPriceList => oci_price_list::parse(text),
            Format::CatalogCsv => catalog_csv::parse(text),
        }
    }
}

/// A JSON array's elements that read as `T`, numbered from 1, and the problems of those that
/// did not.
type Items<T> = (Vec<(usize, T)>, Vec<SourceProblem>);

/// The elements of a JSON document's array `key`, each read as `T`: the ones that read, with
/// their 1-based number, and a problem naming each one that does not. A document that is not
/// JSON, or has no such array, fails whole with `what` it was expected to be.
fn json_items<T: DeserializeOwned>(
    text: &str,
    key: &str,
    what: &str,
) -> Result<Items<T>, SourceProblem> {
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(
            format!("line {}", e.line()),
            key,
            format!("not {what}: {e}"),
        )
    })?;
    let Some(items) = doc.get(key).and_then(|v| v.as_array()) else {
        return Err(SourceProblem::new(
            "file",
            key,
            format!("not {what}: no {key} array"),
        ));
    };
    let mut read = Vec::new();
    let mut skipped = Vec::new();
    for (i, value) in items.iter().enumerate() {
        match T::deserialize(value) {
            Ok(item) => read.push((i + 1, item)),
            Err(e) => skipped.push(SourceProblem::new(
                format!("item {}", i + 1),
                "",
                e.to_string(),
            )),
        }
    }
    Ok((read, skipped))
}
