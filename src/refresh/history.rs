//! Price history: every value the catalog has held for a price, per provider
//! (`catalog/history/<id>.csv`), so the app can show how a price moved and when it last changed.
//!
//! One row is one observation — the value a source gave, the day it was true there (`as_of`)
//! and the day the catalog took it in (`recorded`, the day the refresh ran). The seed is what
//! the catalog held when history began (recorded 2026-12-01); a refresh appends each value it
//! writes, and `refresh --record-history` appends what hand edits changed. A repeated value is
//! not appended again: the newest row of a key is the current value and the one before it is
//! what it changed from.

use catalog::AsOf;

use crate::table::Row;

/// The columns, in order: the catalog loader's list.
pub use catalog::load::HISTORY_COLUMNS as COLUMNS;

/// One observation: the price columns that say what the value was, when and per whom.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Observation {
    pub offer: String,
    pub region: String,
    pub term: String,
    pub price: String,
    pub price_high: String,
    pub currency: String,
    pub unit: String,
    pub as_of: String,
    pub source: String,
    /// The day the catalog recorded the value, `YYYY-MM-DD`.
    pub recorded: String,
}

impl Observation {
    /// The value of `row`, recorded on `recorded`.
    pub fn of(row: &Row, recorded: AsOf) -> Observation {
        Observation {
            offer: row.offer.clone(),
            region: row.region.clone(),
            term: row.term.clone(),
            price: row.price.clone(),
            price_high: row.price_high.clone(),
            currency: row.currency.clone(),
            unit: row.unit.clone(),
            as_of: row.as_of.clone(),
            source: row.source.clone(),
            recorded: recorded.to_string(),
        }
    }

    fn cells(&self) -> [&str; 10] {
        [
            &self.offer,
            &self.region,
            &self.term,
            &self.price,
            &self.price_high,
            &self.currency,
            &self.unit,
            &self.as_of,
            &self.source,
            &self.recorded,
        ]
    }

    /// The value without its date and source: what "changed" compares.
    fn value(&self) -> (&str, &str, &str, &str, &str, &str, &str) {
        (
            &self.offer,
            &self.region,
            &self.term,
            &self.price,
            &self.price_high,
            &self.currency,
            &self.unit,
        )
    }
}

pub fn read(text: &str) -> Result<Vec<Observation>, String> {
    let records = crate::table::csv_records(text, &COLUMNS)?;
    Ok(records
        .iter()
        .map(|r| {
            let get = |k: usize| r.get(k).unwrap_or("").to_string();
            Observation {
                offer: get(0),
                region: get(1),
                term: get(2),
                price: get(3),
                price_high: get(4),
                currency: get(5),
                unit: get(6),
                as_of: get(7),
                source: get(8),
                recorded: get(9),
            }
        })
        .collect())
}

pub fn write(rows: &[Observation]) -> String {
    crate::table::csv_text(&COLUMNS, rows.iter().map(|o| o.cells()))
}

/// Appends `rows` (priced ones only) whose value differs from the newest observation of the
/// same key, stamped as recorded on `recorded` (the day of the run). Returns how many were
/// appended.
pub fn append(history: &mut Vec<Observation>, rows: &[Row], recorded: AsOf) -> usize {
    let mut added = 0;
    for row in rows.iter().filter(|r| !r.price.is_empty()) {
        let new = Observation::of(row, recorded);
        let last = history
            .iter()
            .rev()
            .find(|o| (&o.offer, &o.region, &o.term) == (&new.offer, &new.region, &new.term));
        if last.is_some_and(|l| l.value() == new.value()) {
            continue;
        }
        history.push(new);
        added += 1;
    }
    added
}
