//! An AWS Price List Bulk API offer file for Amazon EC2 (`offers/v1.0/aws/AmazonEC2/current/
//! <region>/index.json`): `products` keyed by SKU with their attributes, and `terms.OnDemand` /
//! `terms.Reserved` keyed by SKU with price dimensions.
//!
//! Only what a Linux user rents is read: shared tenancy, no pre-installed software, no licence,
//! capacity "Used" (the others are reservation bookkeeping rows), on-demand terms. Reserved
//! terms are not read yet: no recorded GPU excerpt with them exists to test on, and an
//! untested reading of a price is worse than none. `Parsed::published` carries the file's
//! `publicationDate`.

use std::collections::HashMap;

use catalog::{Currency, PriceUnit, Term};
use serde::Deserialize;

use crate::quote::{price, Parsed, Quote, SourceProblem};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OfferFile {
    #[serde(default)]
    publication_date: Option<String>,
    products: HashMap<String, Product>,
    #[serde(default)]
    terms: Terms,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    #[serde(default)]
    product_family: Option<String>,
    #[serde(default)]
    attributes: HashMap<String, String>,
}

#[derive(Deserialize, Default)]
struct Terms {
    #[serde(rename = "OnDemand", default)]
    on_demand: HashMap<String, HashMap<String, OfferTerm>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OfferTerm {
    price_dimensions: HashMap<String, Dimension>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Dimension {
    unit: String,
    price_per_unit: HashMap<String, String>,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let file: OfferFile = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(
            format!("line {}", e.line()),
            "",
            format!("not an AWS Price List offer file: {e}"),
        )
    })?;
    let mut parsed = Parsed {
        published: file.publication_date.clone(),
        ..Parsed::default()
    };
    let mut skus: Vec<&String> = file.products.keys().collect();
    skus.sort();
    for (n, sku) in skus.into_iter().enumerate() {
        let product = &file.products[sku];
        let place = format!("product {sku}");
        let attr = |k: &str| product.attributes.get(k).map(String::as_str).unwrap_or("");
        let rented_as_is = product.product_family.as_deref() == Some("Compute Instance")
            && attr("operatingSystem") == "Linux"
            && attr("tenancy") == "Shared"
            && attr("preInstalledSw") == "NA"
            && matches!(attr("capacitystatus"), "Used" | "")
            && matches!(attr("licenseModel"), "No License required" | "");
        if !rented_as_is {
            continue;
        }
        let gpus = attr("gpu");
        let (instance, region) = (attr("instanceType"), attr("regionCode"));
        if instance.is_empty() || region.is_empty() {
            let field = if instance.is_empty() {
                "instanceType"
            } else {
                "regionCode"
            };
            parsed
                .skipped
                .push(SourceProblem::new(&place, field, "missing"));
            continue;
        }
        let on_demand = |price| Quote {
            sku: instance.to_string(),
            gpu: product.attributes.get("gpuModel").cloned(),
            count: gpus.parse().ok(),
            vcpus: attr("vcpu").parse().ok(),
            ram_gb: attr("memory")
                .trim_end_matches(" GiB")
                .replace(',', "")
                .parse()
                .ok(),
            region: region.to_string(),
            term: Term::OnDemand,
            price,
            price_high: None,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            line: n + 1,
            note: None,
            cited: None,
        };
        for term in file
            .terms
            .on_demand
            .get(sku)
            .into_iter()
            .flat_map(|t| t.values())
        {
            match hourly(term, &place) {
                Ok(Some(price)) if price > 0.0 => parsed.quotes.push(on_demand(price)),
                Ok(_) => {}
                Err(p) => parsed.skipped.push(p),
            }
        }
    }
    Ok(parsed)
}

/// The term's price per hour, from its "Hrs" dimension.
fn hourly(term: &OfferTerm, place: &str) -> Result<Option<f64>, SourceProblem> {
    dimension(term, place, "Hrs")
}

fn dimension(term: &OfferTerm, place: &str, unit: &str) -> Result<Option<f64>, SourceProblem> {
    term.price_dimensions
        .values()
        .find(|d| d.unit == unit)
        .and_then(|d| d.price_per_unit.get("USD"))
        .map(|text| price(text, place, "pricePerUnit.USD"))
        .transpose()
}
