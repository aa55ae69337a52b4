//! Where the open data files live under the site's root, and how they are linked.

use crate::Site;

pub const CATALOG_JSON: &str = "data/v1/catalog.json";
pub const CATALOG_SCHEMA: &str = "data/v1/catalog.schema.json";
pub const OFFERS_CSV: &str = "data/v1/offers.csv";
pub const API_PRICES_JSON: &str = "data/v1/api-prices.json";
pub const API_PRICES_SCHEMA: &str = "data/v1/api-prices.schema.json";
pub const API_PRICES_CSV: &str = "data/v1/api-prices.csv";
pub const CHANGES_ATOM: &str = "data/changes.atom";
pub const MARKET_JSON: &str = "data/v1/market.json";
pub const ANSWERS_SCHEMA: &str = "data/v1/answers.schema.json";

/// `data/v1/gpu/<id>.json`: one accelerator variant's prices.
pub fn gpu_json(id: &str) -> String {
    format!("data/v1/gpu/{id}.json")
}
pub const LLMS_TXT: &str = "llms.txt";

/// A file of the site as the open data links it from the site's root: absolute under the
/// site's origin when the build knows it, else the path relative to the root.
pub fn url(site: &Site, path: &str) -> String {
    match &site.origin {
        Some(origin) => format!("{origin}{path}"),
        // The root itself, as a link that works from a file at the root.
        None if path.is_empty() => "./".to_string(),
        None => path.to_string(),
    }
}
