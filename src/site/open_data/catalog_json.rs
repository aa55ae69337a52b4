//! `data/v1/catalog.json`: the catalog exactly as the engine serialises it — the same bytes
//! the app fetches as `catalog-<hash>.json` — at a URL that does not change with the content,
//! so scripts can rely on it and `engine::bundled::decode` reads it back. One offer (and
//! provider, and recorded price) per line (`catalog::file`), which also keeps a price change to
//! a line of a diff.

use super::paths::CATALOG_JSON;
use crate::{File, Site};

pub fn file(site: &Site) -> Result<File, String> {
    Ok(File::text(
        CATALOG_JSON,
        engine::catalog::file::to_file(site.catalog),
    ))
}
