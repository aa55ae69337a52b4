//! Which sources a refresh reads: the feeds the catalog knows (`catalog/feeds.toml`) and the
//! copies one run has (`manifest.toml` in the inputs folder).
//!
//! The two are apart on purpose. A feed says where a provider publishes prices and how to read
//! them; a copy says what was actually read and, above all, the day its prices were true. The
//! bot writes the manifest when it downloads (the download day: a live feed is today's price);
//! a contributor importing a stored copy writes the day that copy can be dated to, or an
//! estimate ("~2026-11") with the reason — never the day the copy happened to be found.

use std::collections::BTreeMap;

use catalog::{AsOf, Confidence, Currency, SourceKind};
use serde::Deserialize;

use crate::formats::Format;
use crate::quote::{Parsed, Quote};

/// One source of prices for one provider.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Feed {
    /// Unique; names the downloaded file and the run's messages.
    pub id: String,
    /// The provider whose prices this feed refreshes.
    pub provider: String,
    pub format: Format,
    /// Where the bot downloads it.
    pub url: String,
    /// The `[[source]]` id, in the provider's file, that the imported rows cite.
    pub source: String,
    /// That source's title and kind, written into the provider file when it is new.
    pub title: String,
    pub kind: SourceKind,
    pub confidence: Confidence,
    /// Regions to import; empty: every region the catalog lists for the provider.
    #[serde(default)]
    pub regions: Vec<String>,
    /// Only the source's SKUs that start with this, for a source that lists several providers
    /// (SkyPilot's Shadeform catalog names each SKU `<cloud>_<shape>`).
    #[serde(default)]
    pub sku_prefix: Option<String>,
    /// The source's region names → the provider's region ids, where they differ (an
    /// aggregator names a data centre its own way). `"*"` maps every region not named: for a
    /// provider whose price page states one price everywhere (its catalog region `global`).
    /// Unmapped regions are kept as named.
    #[serde(default)]
    pub region_map: BTreeMap<String, String>,
    /// Refresh only the rows the catalog already lists, never add one: for a source that
    /// prices every region whether or not the machine is sold there (Google's SKUs).
    #[serde(default)]
    pub existing_rows_only: bool,
    /// One page of a list the provider pages over several feeds (Scaleway's type list): a
    /// row this page does not list may be on another page, so none is marked gone by it.
    #[serde(default)]
    pub partial_list: bool,
    /// The currency of the source's numbers, for a format whose files name none (SkyPilot's
    /// `vms.csv` is read as USD): Seeweb's API prices in EUR and SkyPilot copies the numbers.
    #[serde(default)]
    pub currency: Option<Currency>,
    /// Why this feed exists or how it is read.
    #[serde(default)]
    pub note: Option<String>,
}

impl Feed {
    /// The quotes of `parsed` that are this feed's: its SKU prefix, its regions renamed.
    pub fn select(&self, mut parsed: Parsed) -> Parsed {
        if let Some(prefix) = &self.sku_prefix {
            parsed.quotes.retain(|q| q.sku.starts_with(prefix.as_str()));
        }
        for quote in &mut parsed.quotes {
            if let Some(currency) = self.currency {
                quote.currency = currency;
            }
            let mapped = self
                .region_map
                .get(&quote.region)
                .or_else(|| self.region_map.get("*"));
            if let Some(region) = mapped {
                quote.region = region.clone();
            }
        }
        if !self.region_map.is_empty() {
            parsed.quotes = fold_renamed(std::mem::take(&mut parsed.quotes));
        }
        parsed
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FeedsFile {
    #[serde(default)]
    feed: Vec<Feed>,
}

/// Reads `catalog/feeds.toml`.
pub fn parse_feeds(text: &str) -> Result<Vec<Feed>, String> {
    let file: FeedsFile = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut seen = BTreeMap::new();
    for f in &file.feed {
        if seen.insert(f.id.clone(), ()).is_some() {
            return Err(format!("feed {:?} is listed twice", f.id));
        }
    }
    Ok(file.feed)
}

/// One downloaded or stored copy of a feed.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Copy {
    /// The feed it is a copy of.
    pub feed: String,
    /// The file, relative to the inputs folder.
    pub file: String,
    /// The day its prices were true: the download day for a live feed, else what the copy can
    /// be dated to; "~" marks an estimate.
    pub as_of: String,
    /// What was read, exactly (a commit-pinned address for a stored copy).
    pub url: Option<String>,
    /// How `as_of` is known, when it is not the download day.
    pub note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    #[serde(default)]
    copy: Vec<Copy>,
}

/// Reads an inputs folder's `manifest.toml`.
pub fn parse_manifest(text: &str) -> Result<Vec<Copy>, String> {
    let file: ManifestFile = toml::from_str(text).map_err(|e| e.to_string())?;
    for c in &file.copy {
        AsOf::parse(&c.as_of).map_err(|e| format!("copy of {}: as_of: {e}", c.feed))?;
    }
    Ok(file.copy)
}

/// Quotes that renaming put on one key (several source regions → one catalog region) become
/// one quote: the lowest price, the highest as its upper end, and a note saying so.
fn fold_renamed(quotes: Vec<Quote>) -> Vec<Quote> {
    let mut folded: Vec<(Quote, usize)> = Vec::new();
    let mut at: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    for q in quotes {
        let key = (q.sku.clone(), q.region.clone(), format!("{:?}", q.term));
        match at.get(&key) {
            Some(&i) => {
                let (kept, n) = &mut folded[i];
                let high = [
                    kept.price_high.unwrap_or(kept.price),
                    q.price_high.unwrap_or(q.price),
                ]
                .into_iter()
                .fold(f64::MIN, f64::max);
                if q.price < kept.price {
                    kept.price = q.price;
                }
                kept.price_high = (high > kept.price).then_some(high);
                *n += 1;
            }
            None => {
                at.insert(key, folded.len());
                folded.push((q, 1));
            }
        }
    }
    folded
        .into_iter()
        .map(|(mut q, n)| {
            if n > 1 {
                let note = format!("min..max over {n} source regions");
                q.note = Some(match q.note.take() {
                    Some(old) => format!("{old}; {note}"),
                    None => note,
                });
            }
            q
        })
        .collect()
}
