//! Refreshing `catalog/api/prices.csv` from one feed of token prices, with the rules the GPU
//! prices keep: a source that cannot be read changes nothing; a price moves only when the
//! copy is at least as new as the row; a move beyond the threshold is flagged, not applied;
//! a model the table does not list is reported, never guessed onto a row; a row the source
//! no longer lists is reported, never deleted; unknown stays unknown (a source that states
//! no cached price never erases one, and never writes 0); and the refreshed table must pass
//! the catalog's own loader before it is returned.

use std::path::Path;

use catalog::api_prices::{load_api, ApiFiles, PRICE_COLUMNS};
use catalog::{AsOf, Confidence, SourceKind};
use serde::Deserialize;

use crate::api_quote::{ApiParsed, ApiQuote};
use crate::api_source::{touch_api_source, CitedSource};
use crate::formats::ApiFormat;
use crate::quote::SourceProblem;

/// One source of token prices for one API provider (`catalog/api/feeds.toml`).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ApiFeed {
    pub id: String,
    /// The `[[provider]]` of `api/providers.toml` whose rows it refreshes.
    pub provider: String,
    pub format: ApiFormat,
    pub url: String,
    /// The `[[source]]` of `api/providers.toml` the refreshed rows cite.
    pub source: String,
    pub title: String,
    pub kind: SourceKind,
    pub confidence: Confidence,
    /// Only the source's models whose names start with this, the prefix removed (a file
    /// listing many providers' models as `<provider>/<model>`).
    #[serde(default)]
    pub sku_prefix: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeedsFile {
    #[serde(default)]
    feed: Vec<ApiFeed>,
}

impl ApiFeed {
    /// The `[[source]]` its rows cite.
    pub fn cited(&self) -> CitedSource<'_> {
        CitedSource {
            id: &self.source,
            title: &self.title,
            kind: self.kind,
        }
    }
}

/// Reads `catalog/api/feeds.toml`.
pub fn parse_api_feeds(text: &str) -> Result<Vec<ApiFeed>, String> {
    let file: FeedsFile = toml::from_str(text).map_err(|e| e.to_string())?;
    for (i, f) in file.feed.iter().enumerate() {
        if file.feed[..i].iter().any(|g| g.id == f.id) {
            return Err(format!("feed {:?} is listed twice", f.id));
        }
    }
    Ok(file.feed)
}

/// One price a refresh changed: the row's model at the provider, and the values before.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiChange {
    pub provider_model: String,
    pub was: String,
    pub now: String,
}

/// What one feed did to the table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ApiOutcome {
    pub changed: Vec<ApiChange>,
    /// Same prices, now known to hold at the copy's date.
    pub confirmed: usize,
    /// Rows the copy also prices, kept because the row is newer.
    pub kept_newer: usize,
    /// Moves beyond the threshold, not applied: (provider model, why).
    pub flagged: Vec<(String, String)>,
    /// Models the source prices that no row of the provider lists.
    pub unknown_skus: Vec<String>,
    /// The provider's rows the source no longer lists (kept as they are).
    pub gone: Vec<String>,
    pub skipped: Vec<SourceProblem>,
}

impl ApiOutcome {
    pub fn touched(&self) -> bool {
        !self.changed.is_empty() || self.confirmed > 0
    }
}

/// A refresh's result: what happened and the table to write (equal to the old one when
/// nothing changed).
#[derive(Debug, Clone)]
pub struct ApiRefresh {
    pub outcome: ApiOutcome,
    pub prices_csv: String,
}

/// Refreshes `catalog_dir/api/prices.csv` from `copy`, a copy of `feed` whose prices were
/// true on `as_of`. `Err` names why nothing was applied: the copy is not the feed's format,
/// holds no price, is dated after `today`, or the refreshed table would not load.
pub fn refresh(
    catalog_dir: &Path,
    feed: &ApiFeed,
    copy: &str,
    as_of: AsOf,
    today: AsOf,
    threshold: f64,
) -> Result<ApiRefresh, String> {
    if as_of > today {
        return Err(format!(
            "{}: the copy is dated {as_of}, after today",
            feed.id
        ));
    }
    let parsed = feed.format.parse(copy).map_err(|p| {
        format!(
            "{}: not a readable {} document: {p}",
            feed.id,
            feed.format.name()
        )
    })?;
    if parsed.quotes.is_empty() {
        let first = parsed.skipped.first().map(|p| format!(": {p}"));
        return Err(format!(
            "{}: the copy holds no prices that could be read{}",
            feed.id,
            first.unwrap_or_default()
        ));
    }
    let mut files = ApiFiles::read_dir(catalog_dir, "catalog")
        .map_err(|e| format!("{}/api: {e}", catalog_dir.display()))?;
    let mut rows = read_rows(&files.prices.text)?;
    let outcome = merge(feed, as_of, &parsed, &mut rows, threshold);
    let prices_csv = if outcome.touched() {
        write_rows(&rows)
    } else {
        files.prices.text.clone()
    };
    files.prices.text = prices_csv.clone();
    if outcome.touched() {
        // The rows now cite the feed's source, which a run adds to providers.toml when new
        // (api_run writes it with the copy's own address); checked here as it would be written.
        touch_api_source(&mut files.providers.text, &feed.cited(), &feed.url, as_of);
    }
    load_api(&files, today).map_err(|problems| {
        let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        format!(
            "{}: the refreshed table does not load, nothing written:\n{}",
            feed.id,
            list.join("\n")
        )
    })?;
    Ok(ApiRefresh {
        outcome,
        prices_csv,
    })
}

fn col(name: &str) -> usize {
    PRICE_COLUMNS
        .iter()
        .position(|c| *c == name)
        .expect("a column of api/prices.csv")
}

/// The table's rows as text cells, in the loader's column order.
pub fn read_rows(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| e.to_string())?;
    if !headers.iter().eq(PRICE_COLUMNS.iter().copied()) {
        return Err(format!(
            "api/prices.csv: columns must be exactly {}",
            PRICE_COLUMNS.join(",")
        ));
    }
    reader
        .records()
        .map(|r| {
            r.map(|r| r.iter().map(str::to_string).collect())
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// The rows as the table's text, header first.
pub fn write_rows(rows: &[Vec<String>]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(PRICE_COLUMNS)
        .expect("writing to memory");
    for row in rows {
        writer.write_record(row).expect("writing to memory");
    }
    String::from_utf8(writer.into_inner().expect("writing to memory")).expect("cells are text")
}

/// Merges one copy's quotes into the provider's rows.
pub fn merge(
    feed: &ApiFeed,
    as_of: AsOf,
    parsed: &ApiParsed,
    rows: &mut [Vec<String>],
    threshold: f64,
) -> ApiOutcome {
    let mut out = ApiOutcome {
        skipped: parsed.skipped.clone(),
        ..ApiOutcome::default()
    };
    let quotes: Vec<(String, &ApiQuote)> = parsed
        .quotes
        .iter()
        .filter_map(|q| {
            let name = match &feed.sku_prefix {
                Some(prefix) => q.sku.strip_prefix(prefix.as_str())?,
                None => q.sku.as_str(),
            };
            Some((name.to_string(), q))
        })
        .collect();
    let of_provider = |row: &Vec<String>| row[col("provider")] == feed.provider;
    for (name, quote) in &quotes {
        let Some(row) = rows
            .iter_mut()
            .find(|r| of_provider(r) && r[col("provider_model")] == *name)
        else {
            out.unknown_skus.push(name.clone());
            continue;
        };
        apply(feed, as_of, quote, row, threshold, &mut out);
    }
    for row in rows.iter().filter(|r| of_provider(r)) {
        let name = &row[col("provider_model")];
        if !quotes.iter().any(|(n, _)| n == name) {
            out.gone.push(name.clone());
        }
    }
    out
}

fn apply(
    feed: &ApiFeed,
    as_of: AsOf,
    quote: &ApiQuote,
    row: &mut [String],
    threshold: f64,
    out: &mut ApiOutcome,
) {
    let name = row[col("provider_model")].clone();
    let row_date = AsOf::parse(&row[col("as_of")]).ok();
    if row_date.is_some_and(|d| d > as_of) {
        out.kept_newer += 1;
        return;
    }
    let fields = [
        ("input", quote.input),
        ("output", quote.output),
        ("cached_input", quote.cached_input),
    ];
    let mut moves = Vec::new();
    for (field, new) in fields {
        // Unknown in the source never erases what the row knows.
        let Some(new) = new else { continue };
        let old: Option<f64> = row[col(field)].parse().ok();
        match old {
            Some(old) if (old - new).abs() <= 1e-12 => {}
            Some(old) if old > 0.0 && ((new - old) / old).abs() > threshold => {
                out.flagged.push((
                    name.clone(),
                    format!(
                        "{field} {old} → {new} moves {:+.0} %, beyond the {:.0} % threshold",
                        (new - old) / old * 100.0,
                        threshold * 100.0
                    ),
                ));
                return;
            }
            _ => moves.push((field, old, new)),
        }
    }
    let was = format!(
        "{}/{}{} ({}, {})",
        row[col("input")],
        row[col("output")],
        if row[col("cached_input")].is_empty() {
            String::new()
        } else {
            format!(" cached {}", row[col("cached_input")])
        },
        row[col("as_of")],
        row[col("source")]
    );
    for (field, _, new) in &moves {
        row[col(field)] = format!("{new}");
    }
    if let Some(context) = quote.context_tokens {
        row[col("context_tokens")] = context.to_string();
    }
    row[col("as_of")] = as_of.to_string();
    row[col("source")] = feed.source.clone();
    row[col("confidence")] = format!("{:?}", feed.confidence).to_lowercase();
    if moves.is_empty() {
        out.confirmed += 1;
        return;
    }
    let note = &mut row[col("note")];
    *note = if note.is_empty() {
        format!("was {was}")
    } else {
        format!("was {was}; {note}")
    };
    out.changed.push(ApiChange {
        provider_model: name,
        was,
        now: format!(
            "{}/{}{}",
            row[col("input")],
            row[col("output")],
            if row[col("cached_input")].is_empty() {
                String::new()
            } else {
                format!(" cached {}", row[col("cached_input")])
            }
        ),
    });
}
