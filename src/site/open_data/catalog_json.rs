//! `data/v1/catalog.json`: the catalog exactly as the engine serialises it — the same bytes
//! the app fetches as `catalog-<hash>.json` — at a URL that does not change with the content,
//! so scripts can rely on it and `engine::bundled::decode` reads it back.

use super::paths::CATALOG_JSON;
use crate::{File, Site};

pub fn file(site: &Site) -> Result<File, String> {
    let json = serde_json::to_string(site.catalog)
        .map_err(|e| format!("{CATALOG_JSON}: the catalog does not serialise: {e}"))?;
    Ok(File::text(CATALOG_JSON, json))
}
