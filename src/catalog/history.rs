//! How prices moved: the values the catalog has held for a price, and the catalog's version.
//!
//! `catalog/history/<provider>.csv` keeps one observation per value a price (offer, region,
//! term) had: the value, when it was true at its source (`as_of`) and the day the catalog took
//! it in (`recorded`). The two dates answer different questions. `as_of` says when the market
//! moved; `recorded` says when the catalog learned it, which is what "changed since this link
//! was made" needs. The catalog's **version** is its newest recorded day: it follows from the
//! files alone, so two builds of the same files have the same version.
//!
//! The values themselves are plain data in `model` (`History`, `PriceHistory`, `Observation`);
//! this file is how to read them. The app gets [`History::for_app`]: only prices with more than one observation (a price with
//! one has nothing to draw and no change to tell), plus the day history began, which is all
//! "no change recorded since history began" needs.

use crate::date::AsOf;
use crate::model::Term;
pub use crate::model::{History, Observation, PriceHistory};

/// Two amounts within this share of each other state the same price: a source restating
/// 88.494 as 88.490000119 did not move it.
const SAME_PRICE: f64 = 1e-4;

impl Observation {
    /// Whether `other` states the same price: same currency and unit, amounts (and upper
    /// ends) within a hundredth of a percent.
    pub fn same_value(&self, other: &Observation) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= SAME_PRICE * a.abs().max(b.abs());
        let high = match (self.amount_high, other.amount_high) {
            (Some(a), Some(b)) => close(a, b),
            (None, None) => true,
            _ => false,
        };
        self.currency == other.currency
            && self.unit == other.unit
            && close(self.amount, other.amount)
            && high
    }
}

/// A price's move from one value to the next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change<'a> {
    pub from: &'a Observation,
    pub to: &'a Observation,
}

impl PriceHistory {
    /// The changes, oldest first: each observation whose value differs from the one before.
    pub fn changes(&self) -> impl Iterator<Item = Change<'_>> {
        self.observations
            .windows(2)
            .filter(|w| !w[0].same_value(&w[1]))
            .map(|w| Change {
                from: &w[0],
                to: &w[1],
            })
    }

    /// The newest change, if the price ever moved.
    pub fn last_change(&self) -> Option<Change<'_>> {
        self.changes().last()
    }

    /// The value the catalog held at the end of `day`: its newest observation recorded then
    /// or before.
    pub fn held_on(&self, day: AsOf) -> Option<&Observation> {
        self.observations.iter().rev().find(|o| o.recorded <= day)
    }

    /// The value true at its source on `day`: the observation with the latest `as_of` on or
    /// before it (an estimated date counts from its earliest day), the later recorded on a tie.
    pub fn true_on(&self, day: AsOf) -> Option<&Observation> {
        let limit = day.days_since_epoch();
        self.observations
            .iter()
            .enumerate()
            .filter(|(_, o)| o.as_of.days_since_epoch() <= limit)
            .max_by_key(|(i, o)| (o.as_of.days_since_epoch(), *i))
            .map(|(_, o)| o)
    }

    /// The newest value.
    pub fn current(&self) -> Option<&Observation> {
        self.observations.last()
    }

    /// How the price changed since the catalog of `version`: the value held then and the
    /// value now, when they differ. A price first recorded after `version` has no "then" and
    /// is not a change of a price the link showed.
    pub fn changed_since(&self, version: AsOf) -> Option<Change<'_>> {
        let then = self.held_on(version)?;
        let now = self.current()?;
        (!then.same_value(now)).then_some(Change {
            from: then,
            to: now,
        })
    }
}

impl History {
    pub fn is_empty(&self) -> bool {
        self.start.is_none() && self.version.is_none() && self.prices.is_empty()
    }

    /// Builds the history from prices in any order: sorted, start and version found.
    pub fn from_prices(mut prices: Vec<PriceHistory>) -> History {
        prices.sort_by(|a, b| (&a.offer, &a.region, a.term).cmp(&(&b.offer, &b.region, b.term)));
        let recorded = || {
            prices
                .iter()
                .flat_map(|p| p.observations.iter().map(|o| o.recorded))
        };
        History {
            start: recorded().min(),
            version: recorded().max(),
            prices,
        }
    }

    /// The history of one price.
    pub fn of(&self, offer: &str, region: &str, term: Term) -> Option<&PriceHistory> {
        self.prices
            .binary_search_by(|p| {
                (p.offer.as_str(), p.region.as_str(), p.term).cmp(&(offer, region, term))
            })
            .ok()
            .map(|i| &self.prices[i])
    }

    /// Every price of one offer with a history.
    pub fn of_offer(&self, offer: &str) -> std::slice::Iter<'_, PriceHistory> {
        let from = self.prices.partition_point(|p| p.offer.as_str() < offer);
        let to = self.prices.partition_point(|p| p.offer.as_str() <= offer);
        self.prices[from..to.max(from)].iter()
    }

    /// What the app uses: the prices with more than one observation, the start and version.
    pub fn for_app(self) -> History {
        History {
            prices: self
                .prices
                .into_iter()
                .filter(|p| p.observations.len() > 1)
                .collect(),
            ..self
        }
    }
}
