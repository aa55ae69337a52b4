//! `api_refresh`: refreshes `catalog/api/prices.csv` from downloaded copies of the hosted-API
//! feeds (`catalog/api/feeds.toml`), as `refresh` does the GPU prices from `catalog/feeds.toml`.
//!
//! ```text
//! cargo run -p gpu-atlas-refresh --bin api_refresh -- [--catalog catalog]
//!     [--inputs target/feeds/api] [--feeds FILE] [--today YYYY-MM-DD] [--dry-run]
//!     [--report FILE] [--accept-moves] [--threshold 0.4] [--only FEED,FEED] [--list-feeds]
//! ```
//!
//! The inputs folder holds the copies and a `manifest.toml` dating each (scripts/refresh.sh
//! writes it: a live API is dated by the download day). The report goes to standard output
//! (and to `--report`). Exit status, as `refresh`'s: 0 when the run finished (failed sources
//! are in the report), 1 when the refreshed `api/` would not be valid (nothing written), 2
//! for bad arguments or an unreadable catalog.

use std::path::PathBuf;
use std::process::ExitCode;

use catalog::AsOf;
use gpu_atlas_refresh::api_refresh::parse_api_feeds;
use gpu_atlas_refresh::api_report::render;
use gpu_atlas_refresh::api_run::{run_api, ApiSettings};
use gpu_atlas_refresh::run::today;

fn main() -> ExitCode {
    match main_inner() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("api_refresh: {message}");
            ExitCode::from(2)
        }
    }
}

fn main_inner() -> Result<ExitCode, String> {
    let mut args = std::env::args().skip(1);
    let mut settings = ApiSettings {
        catalog: PathBuf::from("catalog"),
        inputs: PathBuf::from("target/feeds/api"),
        feeds: None,
        today: today(),
        // The GPU feeds' default: a move beyond 40 % is flagged.
        threshold: 0.4,
        only: Vec::new(),
    };
    let (mut dry_run, mut report_path, mut list) = (false, None, false);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--catalog" => settings.catalog = PathBuf::from(value()?),
            "--inputs" => settings.inputs = PathBuf::from(value()?),
            "--feeds" => settings.feeds = Some(PathBuf::from(value()?)),
            "--today" => settings.today = AsOf::parse(&value()?).map_err(|e| e.to_string())?,
            "--threshold" => {
                settings.threshold = value()?
                    .parse()
                    .ok()
                    .filter(|t: &f64| t.is_finite() && *t > 0.0)
                    .ok_or("--threshold takes a positive share, e.g. 0.4")?
            }
            // Applies every move (after a known price cut); the report still lists them.
            "--accept-moves" => settings.threshold = f64::INFINITY,
            "--only" => settings.only = value()?.split(',').map(str::to_string).collect(),
            "--dry-run" => dry_run = true,
            "--report" => report_path = Some(PathBuf::from(value()?)),
            "--list-feeds" => list = true,
            other => {
                return Err(format!(
                    "unknown argument {other:?} (see the file's doc comment)"
                ))
            }
        }
    }
    if list {
        let path = settings
            .feeds
            .clone()
            .unwrap_or_else(|| settings.catalog.join("api/feeds.toml"));
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for f in parse_api_feeds(&text).map_err(|e| format!("{}: {e}", path.display()))? {
            println!("{}\t{}\t{}", f.id, f.format.name(), f.url);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let run = run_api(&settings)?;
    let md = render(&run);
    println!("{md}");
    if let Some(path) = report_path {
        std::fs::write(&path, &md).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if !run.is_valid() {
        return Ok(ExitCode::from(1));
    }
    if !dry_run {
        run.write(&settings.catalog)
            .map_err(|e| format!("writing catalog/api: {e}"))?;
        eprintln!("api_refresh: wrote {} files", run.files.len());
    }
    Ok(ExitCode::SUCCESS)
}
