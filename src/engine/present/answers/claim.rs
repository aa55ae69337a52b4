//! One price as a claim a program can check: who sells what, where, in which term, at what
//! price in the view's units — and the day it was true and the source that says so.

use serde::Serialize;

use crate::explorer::{Entry, Row};
use crate::pricing::{Duration, PriceBasis, PriceView, Quote};
use catalog::freshness::Freshness;
use catalog::{Area, AsOf, Confidence, Currency, SourceKind, Term};

/// Where a claim comes from, as a reader opens it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SourceRef {
    pub id: String,
    pub title: String,
    pub url: String,
    pub kind: SourceKind,
}

impl SourceRef {
    /// The provider's source `id` as a reference; an id the provider does not list (a
    /// catalog the loader did not validate) keeps its id with no title or address.
    pub fn of(entry: &Entry<'_>, id: &str) -> SourceRef {
        match entry.provider.source(id) {
            Some(s) => SourceRef {
                id: s.id.clone(),
                title: s.title.clone(),
                url: s.url.clone(),
                kind: s.kind,
            },
            None => SourceRef {
                id: id.to_string(),
                title: String::new(),
                url: String::new(),
                kind: SourceKind::Community,
            },
        }
    }
}

/// The unit a claim's `price` is in: the view's currency, basis and duration.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Unit {
    pub currency: Currency,
    pub basis: PriceBasis,
    pub per: Duration,
}

impl From<&PriceView> for Unit {
    fn from(view: &PriceView) -> Unit {
        Unit {
            currency: view.currency,
            basis: view.basis,
            per: view.duration,
        }
    }
}

/// One offer's price in one region and term.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PriceClaim {
    /// The app's offer id, `provider/instance-id`.
    pub offer: String,
    pub provider: String,
    pub provider_name: String,
    pub instance: String,
    /// The exact accelerator variant; `None` for CPU-only offers.
    pub accelerator: Option<String>,
    /// Accelerators per instance (a share of one for vGPU slices).
    pub count: f64,
    pub region: String,
    pub area: Option<Area>,
    pub term: Term,
    /// In `unit` (the view's); `None` when unknown, never guessed.
    pub price: Option<f64>,
    /// The upper end when the source gives a range.
    pub price_high: Option<f64>,
    /// A whole accelerator's price in the view's currency and duration.
    pub per_accelerator: Option<f64>,
    /// The price was converted from `native_currency` at the reference rate.
    pub native_currency: Currency,
    /// The day the price was true at its source (`~` marks an estimated date).
    pub as_of: AsOf,
    /// Whole months between `as_of` and the day asked about.
    pub age_months: i32,
    /// `fresh` (≤ 6 months), `aging` or `stale` (> 18 months), as the app marks it.
    pub freshness: &'static str,
    pub confidence: Confidence,
    pub source: SourceRef,
}

impl PriceClaim {
    /// The claim a row makes under its quote; `None` for a row the view could not price.
    pub fn of(row: &Row<'_>, today: &AsOf) -> Option<PriceClaim> {
        Some(PriceClaim::of_quote(row.entry, row.quote.as_ref()?, today))
    }

    /// The claim of `quote` on `entry`'s offer.
    pub fn of_quote(entry: &Entry<'_>, quote: &Quote, today: &AsOf) -> PriceClaim {
        let offer = entry.offer;
        PriceClaim {
            offer: offer.id.clone(),
            provider: entry.provider.id.clone(),
            provider_name: entry.provider.name.clone(),
            instance: offer.instance.clone(),
            accelerator: offer.accelerator.clone(),
            count: offer.count,
            region: quote.region.to_string(),
            area: entry.provider.region(&quote.region).map(|r| r.area),
            term: quote.term,
            price: quote.value,
            price_high: quote.value_high,
            per_accelerator: quote.per_accelerator,
            native_currency: quote.native_currency,
            as_of: quote.as_of,
            age_months: quote.as_of.months_until(today).max(0),
            freshness: Freshness::of(&quote.as_of, today).class(),
            confidence: quote.confidence,
            source: SourceRef::of(entry, &quote.source),
        }
    }
}
