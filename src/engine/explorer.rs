//! The explorer pipeline: catalog → per-offer facts (once) → price, filter and sort (per view).
//!
//! What never changes while the page is open — labels, search text, divisors for unit
//! prices — is computed once in [`Explorer::new`]; a view change only re-prices, re-filters
//! and re-sorts.

use super::catalog::{Accelerator, AsOf, Catalog, Offer, Provider};
use super::costing::{figures, JobFigures};
use super::pricing::{quote, Divisors, Quote, Rates};
use super::table::sort_order;
use super::view::filters::Compiled;
use super::view::range::RangeError;
use super::view::search::Haystack;
use super::view::{filters::RangeField, state::ViewState};

/// One offer with everything about it that does not depend on the view.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub offer: &'a Offer,
    pub provider: &'a Provider,
    pub accelerator: Option<&'a Accelerator>,
    pub divisors: Divisors,
    pub region_count: usize,
    pub haystack: Haystack,
}

impl Entry<'_> {
    /// The offer's name where space is short (charts, dialog titles): "Provider · instance".
    pub fn label(&self) -> String {
        format!("{} · {}", self.provider.name, self.offer.instance)
    }
}

/// An offer as the current view shows it.
#[derive(Debug, Clone)]
pub struct Row<'a> {
    pub entry: &'a Entry<'a>,
    /// `None` only for rows built outside a view (the comparison of a hidden offer).
    pub quote: Option<Quote>,
    /// The calculator's job on this offer, when the view has a job.
    pub job: Option<JobFigures>,
}

impl PartialEq for Row<'_> {
    /// Rows are equal when they show the same offer at the same quote; entries are shared,
    /// so the same entry is the same offer.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.entry, other.entry) && self.quote == other.quote && self.job == other.job
    }
}

/// The result of applying a view: visible rows in display order, and what could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown<'a> {
    pub rows: Vec<Row<'a>>,
    pub range_errors: Vec<(RangeField, RangeError)>,
}

#[derive(Debug, Clone)]
pub struct Explorer<'a> {
    pub catalog: &'a Catalog,
    pub entries: Vec<Entry<'a>>,
}

impl<'a> Explorer<'a> {
    pub fn new(catalog: &'a Catalog) -> Explorer<'a> {
        let entries = catalog
            .offers
            .iter()
            .filter_map(|offer| {
                let provider = catalog.providers.iter().find(|p| p.id == offer.provider)?;
                let accelerator = offer
                    .accelerator
                    .as_deref()
                    .and_then(|id| catalog.accelerators.iter().find(|a| a.id == id));
                let mut regions: Vec<&str> =
                    offer.prices.iter().map(|p| p.region.as_str()).collect();
                regions.sort_unstable();
                regions.dedup();
                let label = accelerator.map(Accelerator::label).unwrap_or_default();
                let region_names = regions
                    .iter()
                    .filter_map(|r| provider.region(r).map(|r| r.name.as_str()));
                let haystack = Haystack::new(
                    [
                        provider.name.as_str(),
                        provider.id.as_str(),
                        provider.name_zh.as_deref().unwrap_or(""),
                        offer.instance.as_str(),
                        label.as_str(),
                        accelerator
                            .and_then(|a| a.architecture.as_deref())
                            .unwrap_or(""),
                    ]
                    .into_iter()
                    .chain(regions.iter().copied())
                    .chain(region_names),
                );
                Some(Entry {
                    offer,
                    provider,
                    accelerator,
                    divisors: Divisors::of(offer, accelerator),
                    region_count: regions.len(),
                    haystack,
                })
            })
            .collect();
        Explorer { catalog, entries }
    }

    pub fn entry(&self, offer_id: &str) -> Option<&Entry<'a>> {
        self.entries.iter().find(|e| e.offer.id == offer_id)
    }

    /// The rows `state` shows, filtered and sorted.
    pub fn show(&self, state: &ViewState, rates: &Rates, today: &AsOf) -> Shown<'_> {
        let compiled: Compiled = state.filters.compile();
        let rows: Vec<Row<'_>> = self
            .entries
            .iter()
            .filter_map(|entry| {
                let quote = self.quote(entry, state, rates)?;
                if !compiled.keep(entry, &quote, today) {
                    return None;
                }
                let job = state
                    .job
                    .as_ref()
                    .map(|job| figures(job, entry, Some(&quote), rates));
                if state.fits_only && job.as_ref().is_some_and(JobFigures::does_not_fit) {
                    return None;
                }
                Some(Row {
                    entry,
                    quote: Some(quote),
                    job,
                })
            })
            .collect();
        let order = sort_order(&rows, state.sort);
        let mut slots: Vec<Option<Row<'_>>> = rows.into_iter().map(Some).collect();
        let rows = order.into_iter().filter_map(|i| slots[i].take()).collect();
        Shown {
            rows,
            range_errors: compiled.errors,
        }
    }

    /// One offer's row in the current units, whether or not the filters would show it.
    pub fn row(&self, offer_id: &str, state: &ViewState, rates: &Rates) -> Option<Row<'_>> {
        let entry = self.entry(offer_id)?;
        let quote = self.quote(entry, state, rates);
        let job = state
            .job
            .as_ref()
            .map(|job| figures(job, entry, quote.as_ref(), rates));
        Some(Row { entry, quote, job })
    }

    fn quote(&self, entry: &Entry<'_>, state: &ViewState, rates: &Rates) -> Option<Quote> {
        quote(
            entry.offer,
            entry.provider,
            &entry.divisors,
            state.term,
            &state.regions,
            &state.price,
            rates,
        )
    }
}
