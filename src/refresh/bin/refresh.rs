//! `refresh`: runs the importers over downloaded feeds and refreshes `catalog/`.
//!
//! ```text
//! cargo run -p gpu-atlas-refresh --bin refresh -- [--catalog catalog] [--inputs DIR]
//!     [--today YYYY-MM-DD] [--dry-run] [--report FILE] [--accept-moves] [--threshold 0.4]
//!     [--only FEED,FEED] [--feeds FILE] [--list-feeds] [--record-history]
//! ```
//!
//! `--feeds` runs another list of feeds than `catalog/feeds.toml` — e.g. the stored copies of
//! one re-sourcing, kept under `catalog/imports/<day>/` with their manifest:
//!
//! ```text
//! cargo run -p gpu-atlas-refresh --bin refresh -- --feeds catalog/imports/2026-12-01/feeds.toml \
//!     --inputs catalog/imports/2026-12-01 --accept-moves
//! ```
//!
//! `--record-history` appends to `catalog/history/` every current price whose value differs
//! from its newest observation (a hand edit, or a new price): run it after editing prices.
//!
//! The report goes to standard output (and to `--report`). Exit status: 0 when the run
//! finished (failed sources are in the report), 1 when the refreshed catalog would not be
//! valid (nothing written), 2 for bad arguments or an unreadable catalog.

use std::path::PathBuf;
use std::process::ExitCode;

use catalog::AsOf;
use gpu_atlas_refresh::merge::Options;
use gpu_atlas_refresh::run::{run, today, Settings};
use gpu_atlas_refresh::{feeds, history, report, table};

fn main() -> ExitCode {
    match main_inner() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("refresh: {message}");
            ExitCode::from(2)
        }
    }
}

fn main_inner() -> Result<ExitCode, String> {
    let mut args = std::env::args().skip(1);
    let mut settings = Settings {
        catalog: PathBuf::from("catalog"),
        inputs: PathBuf::from("target/feeds"),
        feeds: None,
        today: today(),
        options: Options::default(),
        only: Vec::new(),
    };
    let (mut dry_run, mut report_path, mut list, mut record) = (false, None, false, false);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--catalog" => settings.catalog = PathBuf::from(value()?),
            "--inputs" => settings.inputs = PathBuf::from(value()?),
            "--feeds" => settings.feeds = Some(PathBuf::from(value()?)),
            "--today" => settings.today = AsOf::parse(&value()?).map_err(|e| e.to_string())?,
            "--threshold" => {
                settings.options.threshold = value()?
                    .parse()
                    .ok()
                    .filter(|t: &f64| t.is_finite() && *t > 0.0)
                    .ok_or("--threshold takes a positive share, e.g. 0.4")?
            }
            "--accept-moves" => settings.options.accept_moves = true,
            "--only" => settings.only = value()?.split(',').map(str::to_string).collect(),
            "--dry-run" => dry_run = true,
            "--report" => report_path = Some(PathBuf::from(value()?)),
            "--list-feeds" => list = true,
            "--record-history" => record = true,
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
            .unwrap_or_else(|| settings.catalog.join("feeds.toml"));
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for f in feeds::parse_feeds(&text)? {
            println!("{}\t{}\t{}", f.id, f.format.name(), f.url);
        }
        return Ok(ExitCode::SUCCESS);
    }
    if record {
        return record_history(&settings.catalog, settings.today).map(|()| ExitCode::SUCCESS);
    }
    let refresh = run(&settings)?;
    let md = report::render(&refresh);
    println!("{md}");
    if let Some(path) = report_path {
        std::fs::write(&path, &md).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if !refresh.is_valid() {
        return Ok(ExitCode::from(1));
    }
    if !dry_run {
        refresh
            .write(&settings.catalog)
            .map_err(|e| format!("writing the catalog: {e}"))?;
        eprintln!("refresh: wrote {} files", refresh.files.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Appends to `history/` each priced row whose value is not its newest observation, recorded
/// on `today`.
fn record_history(catalog: &std::path::Path, today: AsOf) -> Result<(), String> {
    let dir = catalog.join("prices");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".csv"))
        .collect();
    names.sort();
    std::fs::create_dir_all(catalog.join("history")).map_err(|e| e.to_string())?;
    let mut total = 0;
    for name in names {
        let rows =
            table::read(&std::fs::read_to_string(dir.join(&name)).map_err(|e| e.to_string())?)
                .map_err(|e| format!("prices/{name}: {e}"))?;
        let path = catalog.join("history").join(&name);
        let mut kept = match std::fs::read_to_string(&path) {
            Ok(text) => history::read(&text).map_err(|e| format!("history/{name}: {e}"))?,
            Err(_) => Vec::new(),
        };
        total += history::append(&mut kept, &rows, today);
        std::fs::write(&path, history::write(&kept)).map_err(|e| e.to_string())?;
    }
    eprintln!("refresh: recorded {total} history rows");
    Ok(())
}
