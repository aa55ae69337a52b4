//! A whole refresh: every feed that has a copy in the inputs folder, merged into the catalog
//! folder's files in memory, validated by the catalog's own loader, and written only when the
//! result is valid (and the run is not a dry run).
//!
//! A feed fails alone: no copy, an unreadable file, a document that is not its format, or a
//! provider that has no prices in it leaves that provider's rows as they were, and the report
//! says which feed failed and why. The others go on.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use catalog::load::{load, CatalogFiles, SourceFile};
use catalog::{AsOf, Catalog, Problem};

use crate::aliases::Aliases;
use crate::feeds::{parse_feeds, parse_manifest, Copy, Feed};
use crate::history::{self, Observation};
use crate::merge::{merge, Known, Options, Outcome};
use crate::offers::{add_offers, touch_source};
use crate::quote::{Dated, SourceProblem};
use crate::table::{self, Row};

/// What a run reads and how.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The repository's `catalog/` folder.
    pub catalog: PathBuf,
    /// The downloaded (or stored) copies and their `manifest.toml`.
    pub inputs: PathBuf,
    /// The feeds to run; `None`: the catalog's `feeds.toml` (the bot's live feeds).
    pub feeds: Option<PathBuf>,
    /// Today: no price may be dated later.
    pub today: AsOf,
    pub options: Options,
    /// Feed ids to run; empty: all.
    pub only: Vec<String>,
}

/// How one feed went.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    Applied(Box<Outcome>),
    /// Nothing of the feed was applied; the provider's rows are as they were.
    Failed {
        why: String,
        problems: Vec<SourceProblem>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct FeedRun {
    pub feed: Feed,
    /// What was read (the copy's address, else the feed's).
    pub url: String,
    pub dated: Option<Dated>,
    pub status: Status,
}

/// A run's result: what each feed did, and the files it would write.
#[derive(Debug, Clone)]
pub struct Refresh {
    pub today: AsOf,
    pub feeds: Vec<FeedRun>,
    /// Path (relative to the catalog folder) → new text, for the files that changed.
    pub files: BTreeMap<String, String>,
    /// The loader's verdict on the refreshed catalog; a refresh with problems writes nothing.
    pub problems: Vec<Problem>,
    pub history_added: usize,
}

impl Refresh {
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// Writes the changed files into the catalog folder.
    pub fn write(&self, catalog: &Path) -> std::io::Result<()> {
        for (rel, text) in &self.files {
            let path = catalog.join(rel);
            if let Some(dir) = path.parent() {
                fs::create_dir_all(dir)?;
            }
            fs::write(path, text)?;
        }
        Ok(())
    }
}

/// One provider's files as the run edits them.
struct Working {
    toml: String,
    rows: Vec<Row>,
    history: Vec<Observation>,
    /// Offer ids and instance names, including offers this run adds.
    offers: Vec<(String, String)>,
    /// `live/<id>.csv`, what live sources reported beyond prices.
    live: Vec<crate::live::LiveRow>,
    touched: bool,
    live_touched: bool,
}

/// Today in UTC: no price may be dated later.
pub fn today() -> AsOf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    AsOf::from_days_since_epoch(secs.div_euclid(86_400))
}

/// Runs every feed with a copy; `Err` only when the catalog itself cannot be read.
pub fn run(settings: &Settings) -> Result<Refresh, String> {
    let dir = &settings.catalog;
    let files =
        CatalogFiles::read_dir(dir, "catalog").map_err(|e| format!("{}: {e}", dir.display()))?;
    let catalog = load(&files, settings.today).map_err(|problems| {
        let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        format!(
            "the catalog is not valid before the refresh:\n{}",
            list.join("\n")
        )
    })?;
    let read = |rel: &str| fs::read_to_string(dir.join(rel)).map_err(|e| format!("{rel}: {e}"));
    let feeds_path = settings
        .feeds
        .clone()
        .unwrap_or_else(|| dir.join("feeds.toml"));
    let feeds_text =
        fs::read_to_string(&feeds_path).map_err(|e| format!("{}: {e}", feeds_path.display()))?;
    let feeds = parse_feeds(&feeds_text).map_err(|e| format!("{}: {e}", feeds_path.display()))?;
    let aliases =
        Aliases::parse(&read("aliases.toml")?).map_err(|e| format!("aliases.toml: {e}"))?;
    let copies: Vec<Copy> = match fs::read_to_string(settings.inputs.join("manifest.toml")) {
        Ok(text) => parse_manifest(&text).map_err(|e| format!("manifest.toml: {e}"))?,
        Err(_) => Vec::new(),
    };
    let accelerators = catalog.accelerators.iter().map(|a| a.id.clone()).collect();

    let mut working: BTreeMap<String, Working> = BTreeMap::new();
    let mut runs = Vec::new();
    for feed in feeds
        .iter()
        .filter(|f| settings.only.is_empty() || settings.only.contains(&f.id))
    {
        let copy = copies.iter().find(|c| c.feed == feed.id);
        let url = copy
            .and_then(|c| c.url.clone())
            .unwrap_or_else(|| feed.url.clone());
        let failed = |why: String, problems: Vec<SourceProblem>| FeedRun {
            feed: feed.clone(),
            url: url.clone(),
            dated: None,
            status: Status::Failed { why, problems },
        };
        let Some(provider) = catalog.providers.iter().find(|p| p.id == feed.provider) else {
            runs.push(failed(
                format!("no provider {:?} in the catalog", feed.provider),
                vec![],
            ));
            continue;
        };
        let Some(copy) = copy else {
            runs.push(failed(
                "not fetched: the inputs have no copy of it".into(),
                vec![],
            ));
            continue;
        };
        let path = settings.inputs.join(&copy.file);
        if !path.is_file() {
            runs.push(failed(
                format!("cannot read {}: no such file", copy.file),
                vec![],
            ));
            continue;
        }
        let parsed = match feed.format.read_file(&path) {
            Ok(parsed) => feed.select(parsed),
            Err(problem) => {
                runs.push(failed(
                    format!(
                        "{} is not a readable {} document",
                        copy.file,
                        feed.format.name()
                    ),
                    vec![problem],
                ));
                continue;
            }
        };
        if parsed.quotes.is_empty() && parsed.facts.is_empty() {
            runs.push(failed(
                format!("{} holds no prices that could be read", copy.file),
                parsed.skipped,
            ));
            continue;
        }
        let dated = date_of(copy, parsed.published.as_deref());
        if dated.as_of > settings.today {
            runs.push(failed(
                format!("the copy is dated {} — after today", dated.text),
                vec![],
            ));
            continue;
        }
        let w = match working.get_mut(&provider.id) {
            Some(w) => w,
            None => {
                let toml = read(&format!("providers/{}.toml", provider.id))?;
                let prices = read(&format!("prices/{}.csv", provider.id))?;
                let rows =
                    table::read(&prices).map_err(|e| format!("prices/{}.csv: {e}", provider.id))?;
                let history =
                    match fs::read_to_string(dir.join(format!("history/{}.csv", provider.id))) {
                        Ok(text) => history::read(&text)
                            .map_err(|e| format!("history/{}.csv: {e}", provider.id))?,
                        Err(_) => Vec::new(),
                    };
                let offers = offers_of(&catalog, &provider.id);
                let live = match fs::read_to_string(dir.join(format!("live/{}.csv", provider.id))) {
                    Ok(text) => crate::live::read(&text)
                        .map_err(|e| format!("live/{}.csv: {e}", provider.id))?,
                    Err(_) => Vec::new(),
                };
                working.entry(provider.id.clone()).or_insert(Working {
                    toml,
                    rows,
                    history,
                    offers,
                    live,
                    touched: false,
                    live_touched: false,
                })
            }
        };
        let known = Known {
            provider,
            offers: w.offers.clone(),
            aliases: &aliases,
            accelerators: &accelerators,
        };
        let mut outcome = merge(feed, &dated, &parsed, &known, &mut w.rows, settings.options);
        if !parsed.facts.is_empty() {
            let offers_for = |sku: &str| -> Vec<String> {
                let listed = aliases.offers_of(&provider.id, sku);
                if !listed.is_empty() {
                    return listed.to_vec();
                }
                w.offers
                    .iter()
                    .filter(|(id, instance)| instance == sku || id == sku)
                    .map(|(id, _)| id.clone())
                    .collect()
            };
            let live = crate::live::merge(
                &parsed.facts,
                &dated,
                &feed.source,
                offers_for,
                &w.rows,
                &mut w.live,
            );
            if live.written > 0 {
                w.live_touched = true;
                touch_source(&mut w.toml, feed, &url, &dated);
            }
            outcome.live = live;
        }
        if outcome.touched() || !outcome.new_offers.is_empty() {
            add_offers(&mut w.toml, &outcome.new_offers, &feed.source);
            w.offers.extend(
                outcome
                    .new_offers
                    .iter()
                    .map(|o| (o.id.clone(), o.sku.clone())),
            );
            touch_source(&mut w.toml, feed, &url, &dated);
            w.touched = true;
        }
        runs.push(FeedRun {
            feed: feed.clone(),
            url,
            dated: Some(dated),
            status: Status::Applied(Box::new(outcome)),
        });
    }

    let mut changed = BTreeMap::new();
    let mut history_added = 0;
    for (id, w) in &mut working {
        if w.live_touched {
            changed.insert(format!("live/{id}.csv"), crate::live::write(&w.live));
            changed.insert(format!("providers/{id}.toml"), w.toml.clone());
        }
        if !w.touched {
            continue;
        }
        let observed: Vec<Row> = runs
            .iter()
            .filter(|r| r.feed.provider == *id)
            .filter_map(|r| match &r.status {
                Status::Applied(o) => Some(o.observed.clone()),
                Status::Failed { .. } => None,
            })
            .flatten()
            .collect();
        history_added += history::append(&mut w.history, &observed, settings.today);
        changed.insert(format!("providers/{id}.toml"), w.toml.clone());
        changed.insert(format!("prices/{id}.csv"), table::write(&w.rows));
        changed.insert(format!("history/{id}.csv"), history::write(&w.history));
    }
    let problems = validate(&files, &changed, settings.today);
    Ok(Refresh {
        today: settings.today,
        feeds: runs,
        files: changed,
        problems,
        history_added,
    })
}

/// The day a copy's prices were true: the manifest's date, unless that is only an estimate
/// and the document states its own publication day.
fn date_of(copy: &Copy, published: Option<&str>) -> Dated {
    let stated = AsOf::parse(&copy.as_of).expect("the manifest's dates were checked");
    let from_document = published
        .and_then(|p| p.get(..10))
        .and_then(|d| AsOf::parse(d).ok());
    match from_document {
        Some(day) if stated.estimated => Dated {
            as_of: day,
            text: day.to_string(),
            note: Some("dated by the document's own publication date".into()),
        },
        _ => Dated {
            as_of: stated,
            text: copy.as_of.clone(),
            note: copy.note.clone(),
        },
    }
}

fn offers_of(catalog: &Catalog, provider: &str) -> Vec<(String, String)> {
    catalog
        .offers
        .iter()
        .filter(|o| o.provider == provider)
        .map(|o| {
            let id = o.id.rsplit_once('/').map(|(_, id)| id).unwrap_or(&o.id);
            (id.to_string(), o.instance.clone())
        })
        .collect()
}

/// The refreshed catalog, through the same loader the build uses.
fn validate(files: &CatalogFiles, changed: &BTreeMap<String, String>, today: AsOf) -> Vec<Problem> {
    let mut files = files.clone();
    let swap = |file: &mut SourceFile| {
        let rel = file.path.trim_start_matches("catalog/");
        if let Some(text) = changed.get(rel) {
            file.text = text.clone();
        }
    };
    for p in &mut files.providers {
        swap(&mut p.provider);
        if let Some(prices) = &mut p.prices {
            swap(prices);
        }
        if let Some(history) = &mut p.history {
            swap(history);
        }
        match &mut p.live {
            Some(live) => swap(live),
            None => {
                // A refresh may write a provider's first live facts.
                let rel = format!(
                    "live/{}.csv",
                    p.provider
                        .path
                        .rsplit('/')
                        .next()
                        .unwrap_or("")
                        .trim_end_matches(".toml")
                );
                if let Some(text) = changed.get(&rel) {
                    p.live = Some(SourceFile::new(&format!("catalog/{rel}"), text));
                }
            }
        }
    }
    match load(&files, today) {
        Ok(_) => Vec::new(),
        Err(problems) => problems,
    }
}
