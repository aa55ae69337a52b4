//! What an offer's price was on a given day, per which source: `gpu-atlas price <offer>
//! --at <day>`. The value is the one true at its source on that day (the history's latest
//! observation dated on or before it), never one recorded later and back-dated.

use std::sync::Arc;

use serde::Serialize;

use super::claim::{SourceRef, Unit};
use crate::explorer::{Entry, Explorer};
use crate::present::history::observed::quote_of;
use crate::pricing::Rates;
use crate::view::state::ViewState;
use catalog::history::Observation;
use catalog::{AsOf, Currency, Price, PriceUnit, Term};

/// One value of a price, as its source stated it and in the view's units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observed {
    /// As the source stated it.
    pub amount: f64,
    pub amount_high: Option<f64>,
    pub currency: Currency,
    pub per: PriceUnit,
    /// In the answer's unit, converted at today's reference rates (so a move is the
    /// price's, not the rate's).
    pub price: Option<f64>,
    /// The upper end, when the source gave a range (spot across zones).
    pub price_high: Option<f64>,
    pub per_accelerator: Option<f64>,
    /// The day the value was true at its source.
    pub as_of: AsOf,
    pub source: SourceRef,
}

/// One price (region and term) of the offer on the day asked about, and today.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceAt {
    pub offer: String,
    pub region: String,
    pub term: Term,
    /// The day asked about.
    pub day: AsOf,
    /// The value true on `day`; `None` when no value known to the catalog was true by then.
    pub then: Option<Observed>,
    /// The current value.
    pub now: Option<Observed>,
    /// Why `then` is unknown, when it is.
    pub note: Option<String>,
}

/// The answer: the offer's prices on `day`, in the view's units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceHistoryAnswer {
    pub unit: Unit,
    pub prices: Vec<PriceAt>,
}

/// The offer's prices on `day`, those in `region` and `term` when given. An offer id the
/// catalog does not have is an error naming it.
pub fn answer(
    explorer: &Explorer<'_>,
    offer: &str,
    day: AsOf,
    region: Option<&str>,
    term: Option<Term>,
    state: &ViewState,
    rates: &Rates,
) -> Result<PriceHistoryAnswer, String> {
    let entry = explorer.entry(offer).ok_or_else(|| {
        format!(
            "no offer \"{offer}\" in the catalog (ids are provider/instance, e.g. aws/p5.48xlarge)"
        )
    })?;
    let history = explorer.history();
    let prices = entry
        .offer
        .prices
        .iter()
        .filter(|p| region.is_none_or(|r| &*p.region == r))
        .filter(|p| term.is_none_or(|t| p.term == t))
        .map(|price| {
            let recorded = history.of(&entry.offer.id, &price.region, price.term);
            let current = price.amount.map(|_| observation_of(price));
            let then = match recorded {
                Some(h) => h.true_on(day).cloned(),
                None => current
                    .clone()
                    .filter(|o| o.as_of.days_since_epoch() <= day.days_since_epoch()),
            };
            let observed =
                |o: &Observation| observed(o, entry, &price.region, price.term, state, rates);
            let note = match (&then, &current) {
                (Some(_), _) => None,
                (None, None) => Some("no source gave this price".to_string()),
                (None, Some(_)) => {
                    let first = recorded
                        .and_then(|h| h.observations.iter().map(|o| o.as_of).min())
                        .unwrap_or(price.as_of);
                    Some(format!(
                        "the earliest value the catalog knows is of {first}"
                    ))
                }
            };
            PriceAt {
                offer: entry.offer.id.clone(),
                region: price.region.to_string(),
                term: price.term,
                day,
                then: then.as_ref().map(observed),
                now: current.as_ref().map(observed),
                note,
            }
        })
        .collect();
    Ok(PriceHistoryAnswer {
        unit: Unit::from(&state.price),
        prices,
    })
}

/// A catalog price with a known amount as the observation it is (recorded: its own day).
fn observation_of(price: &Price) -> Observation {
    Observation {
        amount: price.amount.unwrap_or_default(),
        amount_high: price.amount_high,
        currency: price.currency,
        unit: price.unit,
        as_of: price.as_of,
        source: price.source.to_string(),
        recorded: price.as_of,
    }
}

fn observed(
    o: &Observation,
    entry: &Entry<'_>,
    region: &Arc<str>,
    term: Term,
    state: &ViewState,
    rates: &Rates,
) -> Observed {
    let quote = quote_of(o, entry, region, term, &state.price, rates);
    Observed {
        amount: o.amount,
        amount_high: o.amount_high,
        currency: o.currency,
        per: o.unit,
        price: quote.value,
        price_high: quote.value_high,
        per_accelerator: quote.per_accelerator,
        as_of: o.as_of,
        source: SourceRef::of(entry, &o.source),
    }
}
