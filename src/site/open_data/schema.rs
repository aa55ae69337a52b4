//! `data/v1/catalog.schema.json`: the JSON Schema (draft 2020-12) of `catalog.json`, written by
//! hand beside this file from the catalog crate's types and serde attributes. The site's
//! tests walk it against the real catalog, so a field added to the model without a schema
//! entry fails them. [`published`] writes any kept schema (the API prices' too).

use super::paths::{url, CATALOG_SCHEMA};
use crate::{File, Site};

/// The schema as kept in the crate.
pub const SCHEMA: &str = include_str!("catalog.schema.json");

/// The `$id` the kept schema carries: a tag URI (RFC 4151) that names v1 without knowing the
/// site's address; a build that knows it names the schema's real URL instead.
pub const TAG_ID: &str = "tag:gpu-atlas,2026:data/v1/catalog.schema.json";

pub fn file(site: &Site) -> File {
    published(site, SCHEMA, TAG_ID, CATALOG_SCHEMA)
}

/// The kept schema `kept`, whose `$id` is `tag_id`, as published at `path`.
pub fn published(site: &Site, kept: &str, tag_id: &str, path: &str) -> File {
    let body = match &site.origin {
        // Replacing the one quoted id keeps the kept file's layout byte for byte; the URL
        // is written as a JSON string, so no origin can break the file.
        Some(_) => kept.replacen(
            &format!("\"{tag_id}\""),
            &serde_json::Value::String(url(site, path)).to_string(),
            1,
        ),
        None => kept.to_string(),
    };
    File::text(path, body)
}
