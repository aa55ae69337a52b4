//! Validates the catalog files and embeds them into the app as JSON.
//!
//! The loader is the catalog crate's own (its `load` feature), so the build, the tests and
//! the app agree on every rule. A bad row stops the build with the file, row and field to fix.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};
use std::{env, fs};

use catalog::load::{load, CatalogFiles};
use catalog::AsOf;

fn main() {
    // The data lives at the top of the repository, two folders above this crate.
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let data = manifest.join("../../catalog");
    println!("cargo:rerun-if-changed={}", data.display());
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");

    let today = build_day();
    let files = CatalogFiles::read_dir(&data, "catalog")
        .unwrap_or_else(|e| panic!("cannot read the catalog files: {e}"));
    let catalog = match load(&files, today) {
        Ok(catalog) => catalog,
        Err(problems) => {
            let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
            panic!(
                "\n\nThe catalog has {} problem(s); fix these rows and build again:\n{}\n",
                problems.len(),
                list.join("\n")
            );
        }
    };
    // The app draws and compares only prices that moved; the rest of the history stays in
    // the repository (catalog::history::History::for_app).
    let mut catalog = catalog;
    catalog.history = std::mem::take(&mut catalog.history).for_app();
    // Offers, providers and recorded prices one per line, so the browser decodes them in
    // slices (catalog::file).
    let json = catalog::file::to_file(&catalog);
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalog.json");
    fs::write(&out, json).expect("OUT_DIR is writable");
    // The hosted-API prices (catalog/api/), a catalog of their own, validated the same way.
    let api_files = catalog::api_prices::ApiFiles::read_dir(&data, "catalog")
        .unwrap_or_else(|e| panic!("cannot read catalog/api/: {e}"));
    let api = catalog::api_prices::load_api(&api_files, today).unwrap_or_else(|problems| {
        let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        panic!(
            "\n\ncatalog/api/ has {} problem(s):\n{}\n",
            problems.len(),
            list.join("\n")
        )
    });
    let api_json = serde_json::to_string(&api).expect("the API catalog serializes");
    let api_out =
        Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("api-prices.json");
    fs::write(&api_out, api_json).expect("OUT_DIR is writable");
    println!("cargo:rustc-env=GPU_ATLAS_BUILT_ON={today}");
}

/// Today in UTC, or the day of SOURCE_DATE_EPOCH for reproducible builds.
fn build_day() -> AsOf {
    let seconds = env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs() as i64)
                .unwrap_or(0)
        });
    AsOf::from_days_since_epoch(seconds.div_euclid(86_400))
}
