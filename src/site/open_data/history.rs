//! The refresh bot's price history, `catalog/history/<provider>.csv`, read for the feed.
//!
//! One row is one observation: the value a source gave a price (offer, region, term) and the
//! day it was true there. Rows are appended in the order they were recorded, and a value
//! equal to the newest one of its price is never appended again, so each row after a price's
//! first is a change (catalog/README.md). The files do not say on which day a row was
//! recorded; the feed dates everything by `as_of`, the data's own date.
//!
//! The refresh crate has its own reader, but nothing may depend on that crate; the columns are
//! the catalog loader's one list, found here by name so a column added later does not break it.

use std::path::Path;

use catalog::load::HISTORY_COLUMNS as COLUMNS;
use engine::catalog::AsOf;

/// One provider's history file.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryFile {
    /// The provider id: the file's name without `.csv`.
    pub provider: String,
    /// The rows in file order, which is the order they were recorded.
    pub observations: Vec<Observation>,
}

/// One row of a history file, the cells as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    pub offer: String,
    pub region: String,
    pub term: String,
    pub price: String,
    pub price_high: String,
    pub currency: String,
    pub unit: String,
    pub as_of: AsOf,
    pub source: String,
}

impl Observation {
    /// The price this row is an observation of.
    pub fn key(&self) -> (&str, &str, &str) {
        (&self.offer, &self.region, &self.term)
    }

    /// Whether `other` holds the same value. Numbers compare as numbers: a source that writes
    /// 1.50 where it wrote 1.5 did not change the price.
    pub fn same_value(&self, other: &Observation) -> bool {
        let same = |a: &str, b: &str| match (a.parse::<f64>(), b.parse::<f64>()) {
            (Ok(x), Ok(y)) => x == y,
            _ => a == b,
        };
        same(&self.price, &other.price)
            && same(&self.price_high, &other.price_high)
            && self.currency == other.currency
            && self.unit == other.unit
    }
}

impl HistoryFile {
    /// Reads one history file's text; an error names the provider, row and column.
    pub fn parse(provider: &str, text: &str) -> Result<HistoryFile, String> {
        let name = format!("history/{provider}.csv");
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_reader(text.as_bytes());
        let header = reader
            .headers()
            .map_err(|e| format!("{name}: {e}"))?
            .clone();
        let mut at = [0; 9];
        for (slot, column) in at.iter_mut().zip(COLUMNS) {
            *slot = header
                .iter()
                .position(|h| h.trim() == column)
                .ok_or_else(|| format!("{name}: no column {column:?}"))?;
        }
        let mut observations = Vec::new();
        for (i, record) in reader.records().enumerate() {
            // Row 1 is the header.
            let row = i + 2;
            let record = record.map_err(|e| format!("{name}: row {row}: {e}"))?;
            let cell = |k: usize| record.get(at[k]).unwrap_or("").trim().to_string();
            let as_of =
                AsOf::parse(&cell(7)).map_err(|e| format!("{name}: row {row}: as_of: {e}"))?;
            let observation = Observation {
                offer: cell(0),
                region: cell(1),
                term: cell(2),
                price: cell(3),
                price_high: cell(4),
                currency: cell(5),
                unit: cell(6),
                as_of,
                source: cell(8),
            };
            if observation.offer.is_empty() || observation.region.is_empty() {
                return Err(format!("{name}: row {row}: no offer or region"));
            }
            observations.push(observation);
        }
        Ok(HistoryFile {
            provider: provider.to_string(),
            observations,
        })
    }
}

/// Reads every `<provider>.csv` of `dir` (the repository's `catalog/history`), in name order
/// so the feed is the same on every machine. A missing folder or a bad file is an error.
pub fn read_history(dir: &Path) -> Result<Vec<HistoryFile>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|x| x == "csv") {
            paths.push(path);
        }
    }
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let provider = path
                .file_stem()
                .and_then(|s| s.to_str())
                .ok_or_else(|| format!("{}: not a provider id", path.display()))?;
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            HistoryFile::parse(provider, &text)
        })
        .collect()
}
