//! The catalog compiled into the app by `build.rs`, which validated it first.

use catalog::{AsOf, Catalog};

/// The catalog as JSON, written by `build.rs` from the files in `catalog/`.
const CATALOG_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.json"));

/// The day the catalog was built (UTC), from `build.rs`.
pub const BUILT_ON: &str = env!("GPU_ATLAS_BUILT_ON");

/// Decodes the embedded catalog. It was produced from these same types, so an error here is
/// a build bug; it is still returned, not panicked on, so the page can say what went wrong.
pub fn catalog() -> Result<Catalog, String> {
    serde_json::from_str(CATALOG_JSON).map_err(|e| format!("the bundled catalog is damaged: {e}"))
}

pub fn built_on() -> AsOf {
    AsOf::parse(BUILT_ON).unwrap_or(AsOf::day(1970, 1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_catalog_decodes_and_is_not_empty() {
        let catalog = catalog().unwrap();
        assert!(
            catalog.offers.len() > 100,
            "{} offers",
            catalog.offers.len()
        );
        assert!(!catalog.fx.is_empty());
        assert!(AsOf::parse(BUILT_ON).is_ok(), "{BUILT_ON}");
    }
}
