//! The catalog as open, documented files (docs/open-data.md describes every one):
//!
//! - `data/v1/catalog.json`: the catalog in the engine's own format ([`catalog_json`]), with
//!   its JSON Schema `data/v1/catalog.schema.json` ([`schema`]);
//! - `data/v1/offers.csv`: one row per price, each with its date and source ([`offers_csv`]);
//! - `data/changes.atom`: the price changes the refresh bot's history recorded ([`history`]
//!   reads it, [`changes`] finds what changed, [`atom`] writes the feed);
//! - `llms.txt`: the site and these files, described for language models ([`llms`]).
//!
//! The `v1` in the paths is the format's version: v1 only ever gains optional keys, columns
//! or enum values; a breaking change is published as `v2` beside it, so a URL that works
//! keeps working.

pub mod atom;
pub mod catalog_json;
pub mod changes;
pub mod history;
pub mod llms;
pub mod offers_csv;
pub mod schema;

pub use history::{read_history, HistoryFile, Observation};

use crate::{File, Site};

pub const CATALOG_JSON: &str = "data/v1/catalog.json";
pub const CATALOG_SCHEMA: &str = "data/v1/catalog.schema.json";
pub const OFFERS_CSV: &str = "data/v1/offers.csv";
pub const CHANGES_ATOM: &str = "data/changes.atom";
pub const LLMS_TXT: &str = "llms.txt";

/// Every file of this module. `history` is the refresh bot's `catalog/history/*.csv`, read by
/// [`read_history`]; the feed is made from it alone, so it never depends on the build day.
pub fn files(site: &Site, history: &[HistoryFile]) -> Result<Vec<File>, String> {
    Ok(vec![
        catalog_json::file(site)?,
        schema::file(site),
        offers_csv::file(site)?,
        atom::file(site, &changes::of(site.catalog, history)),
        llms::file(site),
    ])
}

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
