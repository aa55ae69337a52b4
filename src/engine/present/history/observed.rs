//! One recorded value priced as the view asks, through the same `pricing` as today's prices.

use std::sync::Arc;

use catalog::history::Observation;
use catalog::{Confidence, Price, Term};

use crate::explorer::Entry;
use crate::pricing::{price_quote, PriceView, Quote, Rates};

/// `observation` of `entry`'s price in `region` and `term`, quoted in the view's currency,
/// basis and duration (converted at today's rates, so a move is the price's, not the rate's).
pub fn quote_of(
    observation: &Observation,
    entry: &Entry<'_>,
    region: &str,
    term: Term,
    view: &PriceView,
    rates: &Rates,
) -> Quote {
    let price = Price {
        region: Arc::from(region),
        term,
        amount: Some(observation.amount),
        amount_high: observation.amount_high,
        currency: observation.currency,
        unit: observation.unit,
        billing: None,
        as_of: observation.as_of,
        source: Arc::from(observation.source.as_str()),
        // Not shown: a history value's trust is its source's, named beside it.
        confidence: Confidence::High,
        note: None,
        live: Default::default(),
    };
    price_quote(&price, entry.offer, &entry.divisors, view, rates)
}
