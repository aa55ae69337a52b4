//! `data/v1/api-prices.json`: the hosted-API catalog exactly as the engine serialises it (the
//! bytes `engine::build` embeds, which `engine::bundled::decode_api` reads back), and its
//! JSON Schema `data/v1/api-prices.schema.json`, kept by hand beside this file from the
//! `api_prices` types and their serde attributes.

use super::paths::{API_PRICES_JSON, API_PRICES_SCHEMA};
use super::schema::published;
use crate::{File, Site};

/// The schema as kept in the crate.
pub const SCHEMA: &str = include_str!("api-prices.schema.json");

/// The kept schema's `$id` (see `schema::TAG_ID`).
pub const TAG_ID: &str = "tag:gpu-atlas,2026:data/v1/api-prices.schema.json";

pub fn file(site: &Site) -> Result<File, String> {
    let json = serde_json::to_string(&site.api).map_err(|e| format!("{API_PRICES_JSON}: {e}"))?;
    Ok(File::text(API_PRICES_JSON, json))
}

pub fn schema(site: &Site) -> File {
    published(site, SCHEMA, TAG_ID, API_PRICES_SCHEMA)
}
