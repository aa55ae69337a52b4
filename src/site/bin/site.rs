//! `site DIR`: writes the static site into Trunk's staging folder `DIR` — the catalog file the
//! app fetches (`catalog-<hash>.json`), the pre-rendered first screen inside `DIR/index.html`,
//! the pages, the sitemap and the open data — and prints the catalog file's name. The release
//! build runs it from the post-build hook (`scripts/service-worker.mjs`).
//!
//! Environment: `TRUNK_PUBLIC_URL` (the path the app is served under, set by Trunk) and
//! `GPU_ATLAS_SITE_URL` (the site's absolute address, set by the Pages workflow).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use engine::bundled;
#[cfg(not(target_arch = "wasm32"))]
use gpu_atlas_site::{first_screen, open_data, pages, File, Site};

fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: site DIR");
        return ExitCode::from(2);
    };
    match run(&dir) {
        Ok(catalog_file) => {
            println!("{catalog_file}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("site: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A host tool: a browser build has no embedded catalog to write.
#[cfg(target_arch = "wasm32")]
fn run(_dir: &Path) -> Result<String, String> {
    Err("the site tool runs on the host, not in a browser".into())
}

#[cfg(not(target_arch = "wasm32"))]
fn run(dir: &Path) -> Result<String, String> {
    // Decoding first proves the file the app will fetch is a catalog.
    let catalog = bundled::catalog()?;
    let api = bundled::api_catalog()?;
    let catalog_file = bundled::file_name(bundled::CATALOG_JSON);
    write(dir, &File::text(&catalog_file, bundled::CATALOG_JSON))?;

    let base = std::env::var("TRUNK_PUBLIC_URL").unwrap_or_else(|_| "./".into());
    let origin = std::env::var("GPU_ATLAS_SITE_URL").ok();
    let stylesheet = stylesheet(dir)?;
    let site = Site::new(&catalog, &base, origin.as_deref(), &stylesheet).with_api(api);

    let index = dir.join("index.html");
    let page = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let page = first_screen::into_page(&page, &site, &catalog_file)?;
    write(dir, &File::text("index.html", page))?;

    // The refresh bot's price history, for the feed of price changes.
    let history = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/history");
    let open_data = open_data::files(&site, &open_data::read_history(&history)?)?;
    for file in pages::files(&site).iter().chain(&open_data) {
        write(dir, file)?;
    }
    Ok(catalog_file)
}

#[cfg(not(target_arch = "wasm32"))]
/// The app's stylesheet as Trunk named it: the static pages link the same file.
fn stylesheet(dir: &Path) -> Result<String, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|name| name.starts_with("main-") && name.ends_with(".css"))
        .ok_or_else(|| format!("no main-<hash>.css in {}", dir.display()))
}

#[cfg(not(target_arch = "wasm32"))]
fn write(dir: &Path, file: &File) -> Result<(), String> {
    let path = dir.join(&file.path);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    }
    std::fs::write(&path, &file.body).map_err(|e| format!("{}: {e}", path.display()))
}
