//! `catalog_figures [CATALOG_DIR] [--today YYYY-MM-DD]`: prints the catalog's health figures
//! (freshness, coverage, anomalies) as a Markdown table. `scripts/catalog-figures.sh` runs it
//! on this checkout and, given a git revision, on that one too, for a before → after.
//!
//! `catalog_figures [CATALOG_DIR] --readme README.md` rewrites the README's generated figures
//! instead (`gpu_atlas_refresh::readme`; `scripts/catalog-figures.sh --readme`).

use std::path::PathBuf;
use std::process::ExitCode;

use catalog::load::{load, CatalogFiles};
use catalog::AsOf;

fn main() -> ExitCode {
    let mut dir = PathBuf::from("catalog");
    let mut today = None;
    let mut readme = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--today" => today = args.next().and_then(|t| AsOf::parse(&t).ok()),
            "--readme" => readme = args.next().map(PathBuf::from),
            other => dir = PathBuf::from(other),
        }
    }
    let today = today.unwrap_or_else(gpu_atlas_refresh::run::today);
    let files = match CatalogFiles::read_dir(&dir, "catalog") {
        Ok(files) => files,
        Err(e) => {
            eprintln!("catalog_figures: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    // The live feeds refresh the catalog; an unreadable list counts as none, said so.
    let feeds = match std::fs::read_to_string(dir.join("feeds.toml")) {
        Ok(text) => gpu_atlas_refresh::feeds::parse_feeds(&text).unwrap_or_else(|e| {
            eprintln!("catalog_figures: feeds.toml: {e}");
            Vec::new()
        }),
        Err(_) => Vec::new(),
    };
    match (load(&files, today), readme) {
        (Ok(catalog), Some(path)) => {
            write_readme(&path, &gpu_atlas_refresh::readme::block(&catalog, &feeds))
        }
        (Ok(catalog), None) => {
            println!("Catalog figures on {today} ({}):\n", dir.display());
            print!(
                "{}",
                gpu_atlas_refresh::figures::of(&catalog, &today, &feeds).markdown()
            );
            print_api_figures(&dir, today)
        }
        (Err(problems), _) => {
            for p in problems {
                eprintln!("  {p}");
            }
            ExitCode::from(1)
        }
    }
}

/// The hosted-API catalog's figures (`catalog/api/`), after the GPU ones; a checkout
/// without that folder (an older revision) prints none.
fn print_api_figures(dir: &std::path::Path, today: AsOf) -> ExitCode {
    use catalog::api_prices::{load_api, ApiFiles};
    if !dir.join("api").is_dir() {
        return ExitCode::SUCCESS;
    }
    let loaded = ApiFiles::read_dir(dir, "catalog")
        .map_err(|e| vec![e.to_string()])
        .and_then(|files| {
            load_api(&files, today)
                .map_err(|problems| problems.iter().map(|p| p.to_string()).collect())
        });
    match loaded {
        Ok(api) => {
            print!(
                "\n{}",
                gpu_atlas_refresh::api_figures::ApiFigures::of(&api).markdown()
            );
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in problems {
                eprintln!("  {p}");
            }
            ExitCode::from(1)
        }
    }
}

/// Writes `block` into the README at `path` in place of its generated figures.
fn write_readme(path: &std::path::Path, block: &str) -> ExitCode {
    let result = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            let new = gpu_atlas_refresh::readme::splice(&text, block)?;
            if new == text {
                return Ok(false);
            }
            std::fs::write(path, new).map_err(|e| e.to_string())?;
            Ok(true)
        });
    match result {
        Ok(changed) => {
            let what = if changed {
                "updated"
            } else {
                "already current"
            };
            println!("{}: figures {what}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("catalog_figures: {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}
