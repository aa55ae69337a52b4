//! The market at a glance: one row per accelerator variant with what it costs now, how the
//! prices spread, who sells it, and what a unit of compute or memory costs on it.
//!
//! Every number comes from the explorer's own rows: the view's filters, regions, currency and
//! duration apply exactly as in the table, so the market row of a variant and the table
//! filtered to it, sorted by price per accelerator, name the same cheapest offer. Prices are
//! per accelerator (a whole one: a vGPU slice's price is scaled up by its share). A free tier
//! is not a market price and is counted apart; an unknown price is counted, never guessed.

pub mod family;
pub mod heat;
pub mod markup;
pub mod movement;
pub mod place;
pub mod spread;
pub mod today;
pub mod today_markup;
pub mod window;

use std::collections::{BTreeMap, BTreeSet};

pub use crate::explorer::Standing;
use crate::explorer::{is_data_centre_part, Competition, Explorer, Row};
use crate::pricing::Rates;
use crate::view::state::ViewState;
use catalog::{Accelerator, AsOf, FormFactor, Term};
pub use movement::Movement;
pub use spread::{quantile, Spread};

/// The committed terms a row compares, cheapest per accelerator-hour wins.
pub const COMMITTED: [Term; 3] = [Term::Reserved1y, Term::Reserved3y, Term::Monthly];

/// One offer's price in a market row, with the row it came from (provider, region, date,
/// source and marks are read from it as the table reads them).
#[derive(Debug, Clone)]
pub struct Pick<'a> {
    pub row: Row<'a>,
    /// Per accelerator, in the view's currency and duration.
    pub per_accelerator: f64,
}

/// What one accelerator variant costs across the market.
#[derive(Debug, Clone)]
pub struct MarketRow<'a> {
    pub accelerator: &'a Accelerator,
    /// On-demand prices per accelerator, over offers with a known price.
    pub on_demand: Option<Spread>,
    pub cheapest: Option<Pick<'a>>,
    pub spot: Option<Pick<'a>>,
    /// The cheapest of the committed terms; the pick's quote names its term.
    pub committed: Option<Pick<'a>>,
    /// The providers (ids) with a known on-demand price, and those prices per accelerator: a
    /// family's line counts its sellers once and spreads over every variant's prices.
    pub sellers: BTreeSet<&'a str>,
    pub prices: Vec<f64>,
    pub offers: usize,
    /// Offers of the variant the view shows on demand without a known price.
    pub unknown: usize,
    /// Offers whose on-demand view is a free tier (not counted in the spread).
    pub free: usize,
    /// On-demand prices past the "old" mark, shown in the table but not counted here
    /// ([`Competition`]); 0 when the view lets old prices compete.
    pub older: usize,
    /// How the on-demand price per accelerator moved over the last 90 days; `None`: unknown.
    pub movement: Option<Movement>,
}

impl MarketRow<'_> {
    /// How many providers sell the variant at a known on-demand price.
    pub fn providers(&self) -> usize {
        self.sellers.len()
    }

    /// The cheapest on-demand price per dense BF16 PFLOP (FP16 where BF16 is unknown), in
    /// the view's currency and duration.
    pub fn per_pflop(&self) -> Option<f64> {
        let tflops = self
            .accelerator
            .specs
            .bf16_tflops
            .or(self.accelerator.specs.fp16_tflops)
            .filter(|t| *t > 0.0)?;
        Some(self.cheapest.as_ref()?.per_accelerator / (tflops / 1_000.0))
    }

    /// The cheapest on-demand price per GB of accelerator memory.
    pub fn per_gb(&self) -> Option<f64> {
        let gb = self.accelerator.specs.memory_gb.filter(|g| *g > 0.0)?;
        Some(self.cheapest.as_ref()?.per_accelerator / gb)
    }

    /// The family the row is grouped under ("NVIDIA H100"): variants stay apart as rows.
    pub fn family(&self) -> String {
        format!(
            "{} {}",
            self.accelerator.vendor.label(),
            self.accelerator.model
        )
    }
}

/// How many variants the market shows, and over how many offers the filters keep on demand
/// (priced, unknown or free): the market's own result count.
pub fn counts(rows: &[MarketRow<'_>]) -> (usize, usize) {
    let offers = rows
        .iter()
        .map(|r| r.offers + r.unknown + r.free + r.older)
        .sum();
    (rows.len(), offers)
}

/// A variant's rows the view's filters keep in one term, each with its per-accelerator price
/// (`None`: unknown).
pub(crate) type Priced<'a> = Vec<(Row<'a>, Option<f64>)>;

/// The rows the view's filters keep in one term, grouped by accelerator id, and how many old
/// prices of each variant were left out of them ([`Competition`]): shown in the table,
/// counted here, never a market price unless the view lets old prices compete.
#[derive(Debug, Clone, Default)]
pub(crate) struct Group<'a> {
    pub priced: BTreeMap<&'a str, Priced<'a>>,
    pub older: BTreeMap<&'a str, usize>,
}

/// The rows the view's filters keep in `term`, grouped by accelerator id.
pub(crate) fn priced_in<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    term: Term,
    rates: &Rates,
    today: &AsOf,
) -> Group<'a> {
    priced_in_terms(explorer, state, &[term], rates, today)
        .pop()
        .unwrap_or_default()
}

/// [`priced_in`] for several terms in one walk over the offers: the filters are compiled once
/// and only offers with an accelerator become rows, so the market's five terms cost about one
/// table price pass, not five. The job is left out: it does not change a price.
pub(crate) fn priced_in_terms<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    terms: &[Term],
    rates: &Rates,
    today: &AsOf,
) -> Vec<Group<'a>> {
    let compiled = state.filters.compile();
    let competition = Competition::of(state, today);
    let mut groups: Vec<Group<'a>> = vec![Group::default(); terms.len()];
    for entry in &explorer.entries {
        let Some(accelerator) = entry.accelerator else {
            continue;
        };
        for (term, group) in terms.iter().zip(groups.iter_mut()) {
            let Some(quote) = explorer.quote_in(entry, *term, state, rates) else {
                continue;
            };
            if !compiled.keep(entry, &quote, today) {
                continue;
            }
            // A free tier is no market price, old or not: it is counted apart either way.
            if quote.term != Term::Free && !competition.admits(&quote) {
                *group.older.entry(accelerator.id.as_str()).or_default() += 1;
                continue;
            }
            let price = quote.per_accelerator.filter(|p| p.is_finite());
            let row = Row {
                entry,
                quote: Some(quote),
                job: None,
                place: None,
                unstated: false,
            };
            group
                .priced
                .entry(accelerator.id.as_str())
                .or_default()
                .push((row, price));
        }
    }
    groups
}

/// The cheapest known price among `rows` quoted in one of `terms`; ties go to the offer id
/// first in order, as the table breaks them.
pub(crate) fn cheapest<'a>(rows: &[(Row<'a>, Option<f64>)], terms: &[Term]) -> Option<Pick<'a>> {
    rows.iter()
        .filter(|(row, _)| row.quote.as_ref().is_some_and(|q| terms.contains(&q.term)))
        .filter_map(|(row, price)| Some((row, (*price)?)))
        .min_by(|(a, pa), (b, pb)| {
            pa.total_cmp(pb)
                .then_with(|| a.entry.offer.id.cmp(&b.entry.offer.id))
        })
        .map(|(row, price)| Pick {
            row: row.clone(),
            per_accelerator: price,
        })
}

/// One row per accelerator variant the view's filters keep in any term, newest family
/// first.
pub fn market<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) -> Vec<MarketRow<'a>> {
    let terms: Vec<Term> = [Term::OnDemand, Term::Spot]
        .into_iter()
        .chain(COMMITTED)
        .collect();
    let mut priced = priced_in_terms(explorer, state, &terms, rates, today).into_iter();
    let Group {
        priced: on_demand,
        older,
    } = priced.next().unwrap_or_default();
    let spot = priced.next().unwrap_or_default().priced;
    let committed: Vec<_> = priced.map(|g| g.priced).collect();
    let ids: BTreeSet<&str> = on_demand
        .keys()
        .chain(older.keys())
        .chain(spot.keys())
        .chain(committed.iter().flat_map(|c| c.keys()))
        .copied()
        .collect();
    let none = Vec::new();
    let mut rows: Vec<MarketRow<'a>> = ids
        .into_iter()
        .filter_map(|id| {
            let accelerator = explorer.catalog.accelerators.iter().find(|a| a.id == id)?;
            let demand = on_demand.get(id).unwrap_or(&none);
            let paid: Vec<&(Row<'a>, Option<f64>)> = demand
                .iter()
                .filter(|(row, _)| row.quote.as_ref().is_some_and(|q| q.term == Term::OnDemand))
                .collect();
            let known: Vec<&(Row<'a>, Option<f64>)> =
                paid.iter().copied().filter(|(_, p)| p.is_some()).collect();
            let providers: BTreeSet<&str> = known
                .iter()
                .map(|(row, _)| row.entry.provider.id.as_str())
                .collect();
            let commitments: Vec<(Row<'a>, Option<f64>)> = committed
                .iter()
                .filter_map(|c| c.get(id))
                .flatten()
                .cloned()
                .collect();
            Some(MarketRow {
                accelerator,
                on_demand: Spread::of(known.iter().filter_map(|(_, p)| *p)),
                cheapest: cheapest(demand, &[Term::OnDemand]),
                spot: cheapest(spot.get(id).unwrap_or(&none), &[Term::Spot]),
                committed: cheapest(&commitments, &COMMITTED),
                prices: known.iter().filter_map(|(_, p)| *p).collect(),
                sellers: providers,
                offers: known.len(),
                unknown: paid.len() - known.len(),
                free: demand
                    .iter()
                    .filter(|(row, _)| row.quote.as_ref().is_some_and(|q| q.term == Term::Free))
                    .count(),
                older: older.get(id).copied().unwrap_or(0),
                movement: movement::movement(
                    demand,
                    explorer.history(),
                    &state.price,
                    rates,
                    today,
                ),
            })
        })
        .collect();
    // Families stay together: data-centre families first (the parts most visitors ask about,
    // as the table's default order puts them), then the families most providers sell (release
    // years are unknown for most new parts, so "newest first" would bury them); a family is a
    // data-centre one if any of its variants is.
    let mut families: BTreeMap<String, (bool, BTreeSet<&str>)> = BTreeMap::new();
    for row in &rows {
        let (centre, sellers) = families.entry(row.family()).or_default();
        *centre |= is_data_centre_part(row.accelerator);
        let id = row.accelerator.id.as_str();
        sellers.extend(
            on_demand
                .get(id)
                .into_iter()
                .flatten()
                .filter(|(r, p)| {
                    p.is_some() && r.quote.as_ref().is_some_and(|q| q.term == Term::OnDemand)
                })
                .map(|(r, _)| r.entry.provider.id.as_str()),
        );
    }
    let rank = |family: &str| {
        let (centre, sellers) = &families[family];
        (*centre, sellers.len())
    };
    let unstated = |r: &MarketRow<'_>| r.accelerator.form_factor == FormFactor::Unspecified;
    rows.sort_by(|a, b| {
        let (fa, fb) = (a.family(), b.family());
        rank(&fb)
            .cmp(&rank(&fa))
            .then_with(|| fa.cmp(&fb))
            // Variants of unstated board last, where their family folds them.
            .then_with(|| unstated(a).cmp(&unstated(b)))
            .then_with(|| a.accelerator.variant.cmp(&b.accelerator.variant))
    });
    rows
}

#[cfg(test)]
mod movement_tests;
#[cfg(test)]
mod tests;
