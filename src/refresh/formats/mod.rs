//! One parser per source format. Each takes the source's text and returns the quotes it could
//! read plus the rows it skipped (with line and field), or fails whole when the text is not
//! that format at all — then nothing of it is applied.

mod aws_price_list;
mod azure_retail;
mod catalog_csv;
mod json;
mod oci_price_list;
mod skypilot;

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
