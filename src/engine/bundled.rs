//! The catalog as `build.rs` validated it: embedded in native builds (tests, benchmarks,
//! the static site), and in the browser fetched as its own file (`catalog-<hash>.json`,
//! written next to the app by the site crate's `site` tool), so a price refresh does not
//! change the app.

use catalog::{AsOf, Catalog};

/// The catalog as JSON, written by `build.rs` from the files in `catalog/`.
#[cfg(not(target_arch = "wasm32"))]
pub const CATALOG_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog.json"));

/// The day the catalog was built (UTC), from `build.rs`.
pub const BUILT_ON: &str = env!("GPU_ATLAS_BUILT_ON");

/// Decodes the embedded catalog. It was produced from these same types, so an error here is
/// a build bug; it is still returned, not panicked on, so the page can say what went wrong.
#[cfg(not(target_arch = "wasm32"))]
pub fn catalog() -> Result<Catalog, String> {
    decode(CATALOG_JSON)
}

/// Decodes a catalog file, naming what is wrong when it is not one.
pub fn decode(json: impl AsRef<[u8]>) -> Result<Catalog, String> {
    catalog::file::decode(json.as_ref())
}

/// The catalog file's name: its content's hash, so a changed catalog is a new URL that no
/// cache can confuse with the old one (FNV-1a, 64 bits; a name, not a security check).
pub fn file_name(json: &str) -> String {
    let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("catalog-{hash:016x}.json")
}

/// The hosted-API prices as JSON, written by `build.rs` from `catalog/api/`. The app fetches
/// the same bytes as open data (`data/v1/api-prices.json`) when a serving job asks for them,
/// and calls nothing that reads this (so the linker leaves it out of the wasm).
pub const API_PRICES_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/api-prices.json"));

/// Decodes the embedded hosted-API catalog (validated by `build.rs`); an error is a build bug,
/// returned so the page can say what went wrong.
pub fn api_catalog() -> Result<catalog::api_prices::ApiCatalog, String> {
    decode_api(API_PRICES_JSON)
}

/// Decodes a hosted-API catalog file, naming what is wrong when it is not one.
pub fn decode_api(json: &str) -> Result<catalog::api_prices::ApiCatalog, String> {
    serde_json::from_str(json).map_err(|e| format!("the API price file is damaged: {e}"))
}

pub fn built_on() -> AsOf {
    AsOf::parse(BUILT_ON).unwrap_or(AsOf::day(1970, 1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_file_decodes_in_slices_to_the_same_catalog() {
        let whole = catalog().unwrap();
        let mut sliced = catalog::file::SlicedDecode::new(CATALOG_JSON.as_bytes());
        let mut steps = 0;
        while !sliced.step(100).unwrap() {
            steps += 1;
        }
        // Laid out for slices: the history's prices, the providers and the offers a hundred
        // at a time, never all in one step; the rest of the document with the last hundred.
        let elements = whole.history.prices.len() + whole.providers.len() + whole.offers.len();
        assert_eq!(steps, elements.div_ceil(100) - 1);
        assert!(sliced.finish() == Some(whole));
    }

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

    #[test]
    fn the_bundled_api_catalog_decodes_with_its_models_and_prices() {
        let api = api_catalog().unwrap();
        assert!(api.models.len() >= 30 && api.prices.len() >= 150);
        assert!(api.model("llama-3.3-70b").is_some());
        assert!(decode_api("{")
            .unwrap_err()
            .starts_with("the API price file is damaged"));
    }

    #[test]
    fn a_damaged_file_is_named_and_the_name_follows_the_content() {
        let err = decode("{\"providers\": [").unwrap_err();
        assert!(err.starts_with("the catalog file is damaged"), "{err}");
        assert!(decode("<!DOCTYPE html>").is_err());
        let name = file_name(CATALOG_JSON);
        assert!(name.starts_with("catalog-") && name.ends_with(".json") && name.len() == 29);
        assert_ne!(name, file_name(&CATALOG_JSON.replace("USD", "usd")));
        assert_eq!(name, file_name(CATALOG_JSON));
    }
}
