//! The catalog as open, documented files (docs/open-data.md describes every one):
//!
//! - `data/v1/catalog.json`: the catalog in the engine's own format ([`catalog_json`]), with
//!   its JSON Schema `data/v1/catalog.schema.json` ([`schema`]);
//! - `data/v1/offers.csv`: one row per price, each with its date and source ([`offers_csv`]);
//! - `data/v1/api-prices.json`: the hosted-API prices per million tokens in the engine's own
//!   format, with its JSON Schema `data/v1/api-prices.schema.json` ([`api_prices_json`]);
//! - `data/v1/api-prices.csv`: one row per model and API provider ([`api_prices_csv`]);
//! - `data/v1/market.json` and `data/v1/gpu/<id>.json`: small answers (what each variant costs;
//!   one variant's prices by term and region group), with their JSON Schema
//!   `data/v1/answers.schema.json` ([`answers_json`]);
//! - `data/changes.atom`: the price changes the refresh bot's history recorded ([`history`]
//!   reads it, [`changes`] finds what changed, [`atom`] writes the feed);
//! - `llms.txt`: the site and these files, described for language models ([`llms`]).
//!
//! The `v1` in the paths is the format's version: v1 only ever gains optional keys, columns
//! or enum values; a breaking change is published as `v2` beside it, so a URL that works
//! keeps working.

pub mod answers_json;
pub mod api_prices_csv;
pub mod api_prices_json;
pub mod atom;
pub mod catalog_json;
pub mod changes;
pub mod history;
pub mod llms;
pub mod offers_csv;
pub mod paths;
pub mod schema;

pub use history::{read_history, HistoryFile, Observation};
pub use paths::{
    gpu_json, url, ANSWERS_SCHEMA, API_PRICES_CSV, API_PRICES_JSON, API_PRICES_SCHEMA,
    CATALOG_JSON, CATALOG_SCHEMA, CHANGES_ATOM, LLMS_TXT, MARKET_JSON, OFFERS_CSV,
};

use crate::{File, Site};

/// Every file of this module. `history` is the refresh bot's `catalog/history/*.csv`, read by
/// [`read_history`]; the feed is made from it alone, so it never depends on the build day.
pub fn files(site: &Site, history: &[HistoryFile]) -> Result<Vec<File>, String> {
    let mut files = vec![
        catalog_json::file(site)?,
        schema::file(site),
        offers_csv::file(site)?,
        api_prices_json::file(site)?,
        api_prices_json::schema(site),
        api_prices_csv::file(site)?,
        atom::file(site, &changes::of(site.catalog, history)),
        llms::file(site),
    ];
    files.extend(answers_json::files(site)?);
    Ok(files)
}
