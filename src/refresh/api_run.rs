//! A whole hosted-API refresh, as the bot runs it: every feed of `catalog/api/feeds.toml`
//! that has a copy in the inputs folder (its `manifest.toml` dates each copy, as for the GPU
//! feeds), merged into `api/prices.csv` one feed at a time with [`crate::api_refresh::merge`].
//!
//! A feed fails alone: no copy (the download failed), an unreadable file, a document that is
//! not its format, a copy with no price, a copy dated after today, or a merge whose table
//! would not load leaves the table as the previous feeds left it, and the report says why.
//! Each feed's result is loaded before it is kept, so one bad feed never blocks the others.
//! A feed that met a listed price re-dates its `[[source]]` in `api/providers.toml` to what
//! was read: a live download cites the live API on the download day.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use catalog::api_prices::{load_api, ApiFiles};
use catalog::{AsOf, Problem};

use crate::api_refresh::{merge, parse_api_feeds, read_rows, write_rows, ApiFeed, ApiOutcome};
use crate::api_source::touch_api_source;
use crate::feeds::{parse_manifest, Copy};

/// What an API run reads and how.
#[derive(Debug, Clone)]
pub struct ApiSettings {
    /// The repository's `catalog/` folder (the run reads and writes its `api/`).
    pub catalog: PathBuf,
    /// The downloaded (or recorded) copies and their `manifest.toml`.
    pub inputs: PathBuf,
    /// The feeds to run; `None`: the catalog's `api/feeds.toml`.
    pub feeds: Option<PathBuf>,
    /// Today: no price may be dated later.
    pub today: AsOf,
    /// A move beyond this share is flagged, not applied (`f64::INFINITY` applies every move).
    pub threshold: f64,
    /// Feed ids to run; empty: all.
    pub only: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ApiStatus {
    Applied(Box<ApiOutcome>),
    /// Nothing of the feed was applied.
    Failed(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ApiFeedRun {
    pub feed: ApiFeed,
    /// What was read (the copy's address, else the feed's).
    pub url: String,
    /// The day the copy's prices were true, when there was a copy.
    pub as_of: Option<AsOf>,
    pub status: ApiStatus,
}

/// A run's result: what each feed did and the files it would write.
#[derive(Debug, Clone)]
pub struct ApiRun {
    pub today: AsOf,
    pub feeds: Vec<ApiFeedRun>,
    /// Path relative to the catalog folder → new text, for the files that changed.
    pub files: BTreeMap<String, String>,
    /// The loader's verdict on the whole refreshed `api/`; with problems nothing is written.
    pub problems: Vec<Problem>,
}

impl ApiRun {
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    pub fn failed(&self) -> impl Iterator<Item = (&ApiFeedRun, &str)> {
        self.feeds.iter().filter_map(|r| match &r.status {
            ApiStatus::Failed(why) => Some((r, why.as_str())),
            ApiStatus::Applied(_) => None,
        })
    }

    /// Writes the changed files into the catalog folder.
    pub fn write(&self, catalog: &Path) -> std::io::Result<()> {
        for (rel, text) in &self.files {
            fs::write(catalog.join(rel), text)?;
        }
        Ok(())
    }
}

/// Runs every feed; `Err` only when the catalog, the feed list or the manifest cannot be read.
pub fn run_api(settings: &ApiSettings) -> Result<ApiRun, String> {
    let dir = &settings.catalog;
    let mut files =
        ApiFiles::read_dir(dir, "catalog").map_err(|e| format!("{}/api: {e}", dir.display()))?;
    load_api(&files, settings.today).map_err(|problems| {
        let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        format!(
            "catalog/api is not valid before the refresh:\n{}",
            list.join("\n")
        )
    })?;
    let feeds_path = settings
        .feeds
        .clone()
        .unwrap_or_else(|| dir.join("api/feeds.toml"));
    let feeds = fs::read_to_string(&feeds_path)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_api_feeds(&text))
        .map_err(|e| format!("{}: {e}", feeds_path.display()))?;
    // No manifest: nothing was downloaded, and every feed says so.
    let copies: Vec<Copy> = match fs::read_to_string(settings.inputs.join("manifest.toml")) {
        Ok(text) => parse_manifest(&text).map_err(|e| format!("manifest.toml: {e}"))?,
        Err(_) => Vec::new(),
    };
    let (prices_before, providers_before) =
        (files.prices.text.clone(), files.providers.text.clone());
    let mut runs = Vec::new();
    for feed in feeds
        .iter()
        .filter(|f| settings.only.is_empty() || settings.only.contains(&f.id))
    {
        let copy = copies.iter().find(|c| c.feed == feed.id);
        let url = copy
            .and_then(|c| c.url.clone())
            .unwrap_or_else(|| feed.url.clone());
        let as_of = copy.and_then(|c| AsOf::parse(&c.as_of).ok());
        let status = match copy {
            None => ApiStatus::Failed("not fetched: the inputs have no copy of it".into()),
            Some(copy) => match run_feed(feed, copy, &url, settings, &files) {
                Ok((outcome, prices, providers)) => {
                    files.prices.text = prices;
                    files.providers.text = providers;
                    ApiStatus::Applied(Box::new(outcome))
                }
                Err(why) => ApiStatus::Failed(why),
            },
        };
        runs.push(ApiFeedRun {
            feed: feed.clone(),
            url,
            as_of,
            status,
        });
    }
    let mut changed = BTreeMap::new();
    if files.prices.text != prices_before {
        changed.insert("api/prices.csv".to_string(), files.prices.text.clone());
    }
    if files.providers.text != providers_before {
        changed.insert(
            "api/providers.toml".to_string(),
            files.providers.text.clone(),
        );
    }
    // Each feed's table loaded on its own; the whole is loaded again as the build will.
    let problems = load_api(&files, settings.today).err().unwrap_or_default();
    Ok(ApiRun {
        today: settings.today,
        feeds: runs,
        files: changed,
        problems,
    })
}

/// One feed on its copy: the merged table and providers file, or why nothing was applied.
fn run_feed(
    feed: &ApiFeed,
    copy: &Copy,
    url: &str,
    settings: &ApiSettings,
    files: &ApiFiles,
) -> Result<(ApiOutcome, String, String), String> {
    let as_of = AsOf::parse(&copy.as_of).map_err(|e| format!("the copy's date: {e}"))?;
    if as_of > settings.today {
        return Err(format!("the copy is dated {as_of}, after today"));
    }
    let bytes = fs::read(settings.inputs.join(&copy.file))
        .map_err(|e| format!("cannot read {}: {e}", copy.file))?;
    // Not text is the parser's to name, with the place it found it.
    let parsed = feed
        .format
        .parse(&String::from_utf8_lossy(&bytes))
        .map_err(|p| {
            format!(
                "{} is not a readable {} document: {p}",
                copy.file,
                feed.format.name()
            )
        })?;
    if parsed.quotes.is_empty() {
        let first = parsed.skipped.first().map(|p| format!(" ({p})"));
        return Err(format!(
            "{} holds no prices that could be read{}",
            copy.file,
            first.unwrap_or_default()
        ));
    }
    let mut rows = read_rows(&files.prices.text)?;
    let outcome = merge(feed, as_of, &parsed, &mut rows, settings.threshold);
    if !outcome.touched() {
        return Ok((
            outcome,
            files.prices.text.clone(),
            files.providers.text.clone(),
        ));
    }
    let mut trial = files.clone();
    trial.prices.text = write_rows(&rows);
    touch_api_source(&mut trial.providers.text, &feed.cited(), url, as_of);
    load_api(&trial, settings.today).map_err(|problems| {
        let list: Vec<String> = problems.iter().map(|p| format!("{p}")).collect();
        format!(
            "the refreshed table would not load, nothing applied: {}",
            list.join("; ")
        )
    })?;
    Ok((outcome, trial.prices.text, trial.providers.text))
}
