//! A provider's `live/<id>.csv` as rows of text, and one feed's live facts merged into it.
//!
//! A fact speaks of a listed price (offer, region, term); one the catalog does not price is
//! reported, not written. A newer fact replaces the same (price, fact) row; an older one never
//! does. Facts a source stops reporting are kept with their day — the detail says how old
//! they are — since a capacity count that vanished is unknown, not "none available".
//!
//! A capacity count is a day's reading and needs its day. An interruption band is a statistic
//! over the trailing month, so a stored copy dated to the month (`~2026-08`, the reasoning in
//! its manifest) can carry one; a year alone cannot.

use catalog::AsOf;

use crate::quote::{Dated, Fact, FactKind};
use crate::table::{csv_records, csv_text, token, Row};

/// The columns, as the loader reads them.
pub use catalog::load::LIVE_COLUMNS as COLUMNS;

/// One row of a live-facts table, every cell as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LiveRow {
    pub offer: String,
    pub region: String,
    pub term: String,
    pub fact: String,
    pub value: String,
    pub as_of: String,
    pub source: String,
    pub note: String,
}

impl LiveRow {
    fn key(&self) -> (&str, &str, &str, &str) {
        (&self.offer, &self.region, &self.term, &self.fact)
    }
}

pub fn read(text: &str) -> Result<Vec<LiveRow>, String> {
    Ok(csv_records(text, &COLUMNS)?
        .iter()
        .map(|c| {
            let get = |i: usize| c.get(i).unwrap_or("").to_string();
            LiveRow {
                offer: get(0),
                region: get(1),
                term: get(2),
                fact: get(3),
                value: get(4),
                as_of: get(5),
                source: get(6),
                note: get(7),
            }
        })
        .collect())
}

pub fn write(rows: &[LiveRow]) -> String {
    csv_text(
        &COLUMNS,
        rows.iter().map(|r| {
            [
                r.offer.as_str(),
                &r.region,
                &r.term,
                &r.fact,
                &r.value,
                &r.as_of,
                &r.source,
                &r.note,
            ]
        }),
    )
}

/// What merging one feed's facts did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LiveOutcome {
    /// Facts written (new or replacing an older one).
    pub written: usize,
    /// Facts that matched no listed price: (SKU, region, why).
    pub unmatched: Vec<(String, String, String)>,
}

/// Merges `facts` (true on `dated`, cited as `source`) into `live`. `offers_for` says which
/// offers a SKU names; `prices` is the provider's price table after the feed's own prices.
pub fn merge(
    facts: &[Fact],
    dated: &Dated,
    source: &str,
    offers_for: impl Fn(&str) -> Vec<String>,
    prices: &[Row],
    live: &mut Vec<LiveRow>,
) -> LiveOutcome {
    let mut out = LiveOutcome::default();
    for fact in facts {
        if let Some(why) = undatable(fact.kind, dated) {
            out.unmatched
                .push((fact.sku.clone(), fact.region.clone(), why));
            continue;
        }
        let offers = offers_for(&fact.sku);
        if offers.is_empty() {
            out.unmatched
                .push((fact.sku.clone(), fact.region.clone(), "no offer".into()));
            continue;
        }
        let term = token(&fact.term);
        for offer in offers {
            let priced = prices
                .iter()
                .any(|p| p.offer == offer && p.region == fact.region && p.term == term);
            if !priced {
                out.unmatched.push((
                    fact.sku.clone(),
                    fact.region.clone(),
                    format!("no {term} price of {offer} there"),
                ));
                continue;
            }
            let (name, value) = match fact.kind {
                FactKind::Available(None) => ("available", "yes".to_string()),
                FactKind::Available(Some(n)) => ("available", n.to_string()),
                FactKind::Interruption(band) => ("interruption", band.label().to_string()),
            };
            let row = LiveRow {
                offer: offer.clone(),
                region: fact.region.clone(),
                term: term.clone(),
                fact: name.into(),
                value,
                as_of: dated.text.clone(),
                source: source.into(),
                note: fact.note.clone().unwrap_or_default(),
            };
            match live.iter_mut().find(|r| r.key() == row.key()) {
                Some(old) => {
                    let older = AsOf::parse(&old.as_of).is_ok_and(|d| d <= dated.as_of);
                    if older && *old != row {
                        *old = row;
                        out.written += 1;
                    }
                }
                None => {
                    live.push(row);
                    out.written += 1;
                }
            }
        }
    }
    live.sort_by(|a, b| a.key().cmp(&b.key()));
    out
}

/// Why a fact of this kind cannot be dated by the copy's date, if it cannot: a capacity count
/// needs the copy's day; an interruption band (a trailing month's share) at least its month.
fn undatable(kind: FactKind, dated: &Dated) -> Option<String> {
    let d = &dated.as_of;
    match kind {
        FactKind::Available(_) if d.estimated || d.day.is_none() => Some(format!(
            "the copy is dated {} — a capacity reading needs its day",
            dated.text
        )),
        FactKind::Interruption(_) if d.month.is_none() => Some(format!(
            "the copy is dated {} — an interruption band needs at least its month",
            dated.text
        )),
        _ => None,
    }
}
