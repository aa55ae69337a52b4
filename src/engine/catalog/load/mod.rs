//! Reads the human-editable catalog files into a validated [`Catalog`].
//!
//! Host only: `build.rs` runs this to embed the catalog (a bad row fails the build) and the
//! tests run it to pin the rules. Every rule reports the file, the row and the field, and the
//! loader keeps going after a problem so one build lists them all.

mod accelerators;
mod fx;
mod prices;
mod provider;

use std::fs;
use std::io;
use std::path::Path;

use super::date::AsOf;
use super::model::Catalog;
use super::problem::Problem;

/// One catalog file's path (as shown in messages) and text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

impl SourceFile {
    pub fn new(path: &str, text: &str) -> SourceFile {
        SourceFile {
            path: path.to_string(),
            text: text.to_string(),
        }
    }
}

/// A provider's facts and offers, and its price table.
#[derive(Debug, Clone)]
pub struct ProviderFiles {
    pub provider: SourceFile,
    pub prices: Option<SourceFile>,
}

/// The whole catalog as files, before parsing.
#[derive(Debug, Clone)]
pub struct CatalogFiles {
    pub accelerators: SourceFile,
    pub fx: SourceFile,
    pub providers: Vec<ProviderFiles>,
}

impl CatalogFiles {
    /// Reads `dir` (the repository's `catalog/`); `shown_as` prefixes paths in messages.
    pub fn read_dir(dir: &Path, shown_as: &str) -> io::Result<CatalogFiles> {
        let read = |rel: &str| -> io::Result<SourceFile> {
            Ok(SourceFile {
                path: format!("{shown_as}/{rel}"),
                text: fs::read_to_string(dir.join(rel))?,
            })
        };
        let mut stems: Vec<String> = fs::read_dir(dir.join("providers"))?
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                name.strip_suffix(".toml").map(str::to_string)
            })
            .collect();
        stems.sort();
        let mut providers = Vec::new();
        for stem in stems {
            let prices_rel = format!("prices/{stem}.csv");
            providers.push(ProviderFiles {
                provider: read(&format!("providers/{stem}.toml"))?,
                prices: if dir.join(&prices_rel).exists() {
                    Some(read(&prices_rel)?)
                } else {
                    None
                },
            });
        }
        Ok(CatalogFiles {
            accelerators: read("accelerators.toml")?,
            fx: read("fx.csv")?,
            providers,
        })
    }
}

/// Parses and validates every file. `today` bounds dates: a price cannot be from the future.
pub fn load(files: &CatalogFiles, today: AsOf) -> Result<Catalog, Vec<Problem>> {
    let mut problems = Vec::new();
    let (accelerator_sources, accelerators) =
        accelerators::load(&files.accelerators, today, &mut problems);
    let fx = fx::load(&files.fx, today, &mut problems);

    let mut catalog = Catalog {
        providers: Vec::new(),
        accelerators,
        accelerator_sources,
        offers: Vec::new(),
        fx,
    };
    for pf in &files.providers {
        let Some((provider, mut offers)) =
            provider::load(&pf.provider, &catalog, today, &mut problems)
        else {
            continue;
        };
        match &pf.prices {
            Some(prices) => {
                prices::load(prices, &provider, &mut offers, today, &mut problems);
            }
            None => problems.push(Problem::new(
                &pf.provider.path,
                "file",
                "",
                format!("no price table: add prices/{}.csv", provider.id),
            )),
        }
        catalog.providers.push(provider);
        catalog.offers.extend(offers);
    }
    if problems.is_empty() {
        Ok(catalog)
    } else {
        Err(problems)
    }
}

/// Checks that an optional number lies in a sane range, naming the field if not.
pub(super) fn check_range(
    value: Option<f64>,
    (low, high): (f64, f64),
    report: impl FnOnce(String),
) {
    if let Some(v) = value {
        if !v.is_finite() || v < low || v > high {
            report(format!("{v} is outside the sane range {low}..={high}"));
        }
    }
}

/// Ids are written in URLs and file names: keep them plain.
pub(super) fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A TOML error's text, with toml's own line and column kept.
pub(super) fn toml_message(err: &toml::de::Error) -> String {
    err.to_string().trim().replace('\n', " ")
}

/// Sources must be citable: a unique id, a title and a web address.
pub(super) fn check_sources(
    file: &str,
    sources: &[super::model::Source],
    today: AsOf,
    problems: &mut Vec<Problem>,
) {
    for (i, s) in sources.iter().enumerate() {
        let place = format!("source {}", s.id);
        if !is_plain_id(&s.id) {
            problems.push(Problem::new(
                file,
                &place,
                "id",
                "use letters, digits, . _ -",
            ));
        }
        if sources[..i].iter().any(|o| o.id == s.id) {
            problems.push(Problem::new(file, &place, "id", "duplicate source id"));
        }
        if s.title.trim().is_empty() {
            problems.push(Problem::new(file, &place, "title", "empty"));
        }
        if !(s.url.starts_with("https://") || s.url.starts_with("http://")) {
            problems.push(Problem::new(
                file,
                &place,
                "url",
                format!("{:?} is not a web address", s.url),
            ));
        }
        if let Some(date) = s.date {
            if date > today {
                problems.push(Problem::new(file, &place, "date", "lies in the future"));
            }
        }
    }
}
