//! What changed, from the price history: the feed's content before it is written as Atom.
//!
//! - A **change** is an observation that follows one of the same price with another value.
//!   It belongs to the day its new value was true (`as_of`) and its provider: one feed entry
//!   each, because the history does not record the day a row was added.
//! - A price's **first** observation is the baseline — history began on 2026-12-01 with every
//!   price the catalog held, which is no news — unless the same source moved another price of
//!   that provider on the same day: then that pull brought it and it is announced as **new**.
//!   A price first seen in a pull that moved nothing cannot be told from the baseline and
//!   stays in it.
//! - A price whose newest observation had a value but which the catalog now holds as unknown,
//!   or no longer holds, is **no longer priced**.

use std::collections::{HashMap, HashSet};

use engine::catalog::{AsOf, Catalog, Price};

use super::history::{HistoryFile, Observation};

/// The day the history was seeded with every price the catalog held (src/refresh/history.rs).
pub const HISTORY_BEGAN: AsOf = AsOf {
    year: 2026,
    month: Some(12),
    day: Some(1),
    estimated: false,
};

/// A price that moved: what it was and what it became.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moved<'a> {
    pub old: &'a Observation,
    pub new: &'a Observation,
}

/// One provider's prices that moved to values true on one day, and the prices that arrived
/// with them.
#[derive(Debug, Clone, PartialEq)]
pub struct Day<'a> {
    pub provider: &'a str,
    pub as_of: AsOf,
    pub moved: Vec<Moved<'a>>,
    pub added: Vec<&'a Observation>,
}

/// Why a price the history priced has no price in the catalog now.
#[derive(Debug, Clone, PartialEq)]
pub enum Gone<'a> {
    /// The catalog still lists it, without a value; its note usually says why.
    Unknown { note: Option<&'a str> },
    /// The catalog no longer lists the offer in that region and term.
    NotListed,
}

/// One provider's prices that are no longer priced, with their last value.
#[derive(Debug, Clone, PartialEq)]
pub struct Unpriced<'a> {
    pub provider: &'a str,
    /// The newest date of the provider's history: the files do not say when a value was
    /// cleared, and it was not before the provider's newest recorded value.
    pub as_of: AsOf,
    pub prices: Vec<(&'a Observation, Gone<'a>)>,
}

/// The history, sorted into what the feed announces.
#[derive(Debug, Clone, PartialEq)]
pub struct Changes<'a> {
    /// Newest first.
    pub days: Vec<Day<'a>>,
    pub unpriced: Vec<Unpriced<'a>>,
    /// First values that are baseline, not news.
    pub baseline_prices: usize,
    pub baseline_providers: usize,
}

pub fn of<'a>(catalog: &'a Catalog, history: &'a [HistoryFile]) -> Changes<'a> {
    let current = CurrentPrices::of(catalog);
    let mut changes = Changes {
        days: Vec::new(),
        unpriced: Vec::new(),
        baseline_prices: 0,
        baseline_providers: 0,
    };
    for file in history {
        let provider = file.provider.as_str();
        let mut newest: HashMap<(&str, &str, &str), &Observation> = HashMap::new();
        let mut firsts = Vec::new();
        let mut moved = Vec::new();
        for observation in &file.observations {
            match newest.insert(observation.key(), observation) {
                None => firsts.push(observation),
                Some(old) if !old.same_value(observation) => moved.push(Moved {
                    old,
                    new: observation,
                }),
                Some(_) => {}
            }
        }

        let pulls: HashSet<(AsOf, &str)> = moved
            .iter()
            .map(|m| (m.new.as_of, m.new.source.as_str()))
            .collect();
        let (added, baseline): (Vec<&Observation>, Vec<&Observation>) = firsts
            .into_iter()
            .partition(|o| pulls.contains(&(o.as_of, o.source.as_str())));
        changes.baseline_prices += baseline.len();
        changes.baseline_providers += usize::from(!baseline.is_empty());

        let mut days: Vec<Day> = Vec::new();
        for m in moved {
            day_of(&mut days, provider, m.new.as_of).moved.push(m);
        }
        for o in added {
            day_of(&mut days, provider, o.as_of).added.push(o);
        }
        changes.days.extend(days);

        let mut gone: Vec<(&Observation, Gone)> = file
            .observations
            .iter()
            .filter(|o| newest.get(&o.key()).is_some_and(|n| std::ptr::eq(*n, *o)))
            .filter(|o| !o.price.is_empty())
            .filter_map(|o| current.gone(provider, o).map(|g| (o, g)))
            .collect();
        gone.sort_by(|a, b| a.0.key().cmp(&b.0.key()));
        if let Some(as_of) = file.observations.iter().map(|o| o.as_of).max() {
            if !gone.is_empty() {
                changes.unpriced.push(Unpriced {
                    provider,
                    as_of,
                    prices: gone,
                });
            }
        }
    }
    changes
        .days
        .sort_by(|a, b| b.as_of.cmp(&a.as_of).then(a.provider.cmp(b.provider)));
    changes
}

fn day_of<'d, 'a>(days: &'d mut Vec<Day<'a>>, provider: &'a str, as_of: AsOf) -> &'d mut Day<'a> {
    let at = match days.iter().position(|d| d.as_of == as_of) {
        Some(at) => at,
        None => {
            days.push(Day {
                provider,
                as_of,
                moved: Vec::new(),
                added: Vec::new(),
            });
            days.len() - 1
        }
    };
    &mut days[at]
}

/// The catalog's prices by (offer id, region, term), to see what became of a price.
struct CurrentPrices<'a> {
    prices: HashMap<(&'a str, &'a str, String), &'a Price>,
}

impl<'a> CurrentPrices<'a> {
    fn of(catalog: &'a Catalog) -> CurrentPrices<'a> {
        let prices = catalog
            .offers
            .iter()
            .flat_map(|offer| {
                offer
                    .prices
                    .iter()
                    .map(move |p| ((offer.id.as_str(), &*p.region, term_text(p)), p))
            })
            .collect();
        CurrentPrices { prices }
    }

    fn gone(&self, provider: &str, o: &'a Observation) -> Option<Gone<'a>> {
        let offer = format!("{provider}/{}", o.offer);
        let key = (offer.as_str(), o.region.as_str(), o.term.clone());
        match self.prices.get(&key) {
            None => Some(Gone::NotListed),
            Some(price) if price.amount.is_none() => Some(Gone::Unknown {
                note: price.note.as_deref(),
            }),
            Some(_) => None,
        }
    }
}

/// A term as the files spell it ("on-demand"), the history's spelling.
fn term_text(price: &Price) -> String {
    match serde_json::to_value(price.term) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}
