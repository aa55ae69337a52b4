//! `catalog_figures [CATALOG_DIR] [--today YYYY-MM-DD]`: prints the catalog's health figures
//! (freshness, coverage, anomalies) as a Markdown table. `scripts/catalog-figures.sh` runs it
//! on this checkout and, given a git revision, on that one too, for a before → after.

use std::path::PathBuf;
use std::process::ExitCode;

use catalog::load::{load, CatalogFiles};
use catalog::AsOf;

fn main() -> ExitCode {
    let mut dir = PathBuf::from("catalog");
    let mut today = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--today" => today = args.next().and_then(|t| AsOf::parse(&t).ok()),
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
    match load(&files, today) {
        Ok(catalog) => {
            println!("Catalog figures on {today} ({}):\n", dir.display());
            print!(
                "{}",
                gpu_atlas_refresh::figures::of(&catalog, &today, &feeds).markdown()
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
