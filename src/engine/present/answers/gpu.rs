//! One accelerator variant's prices in a small file: `data/v1/gpu/<id>.json` on the site and
//! `gpu-atlas gpu <id>` — the cheapest by term, everywhere and per region group, the median,
//! who sells it and since when, each price with its day and source. A script or an agent that
//! asks "what does an H100 cost" reads a few kilobytes instead of the whole catalog.

use serde::Serialize;

use super::claim::{PriceClaim, Unit};
use super::market::{per_accelerator, Prices, VariantRef};
use crate::explorer::{Competition, Explorer};
use crate::present::market;
use crate::pricing::{Duration, Rates};
use crate::view::state::ViewState;
use catalog::{Area, AsOf, Currency, Term};

/// The region groups a slice answers for, in the app's order; a price not tied to a region
/// (`global`) is counted only everywhere, as the app's area filter counts it.
pub const AREAS: [Area; 6] = [
    Area::Us,
    Area::Eu,
    Area::Asia,
    Area::Cn,
    Area::Hk,
    Area::Other,
];

/// How many of the cheapest on-demand prices everywhere a slice lists.
pub const CHEAPEST: usize = 3;

/// The variant's prices in one region group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AreaPrices {
    pub area: Area,
    #[serde(flatten)]
    pub prices: Prices,
}

/// One variant's answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GpuAnswer {
    pub accelerator: VariantRef,
    pub unit: Unit,
    pub today: AsOf,
    /// The cheapest on-demand prices everywhere, cheapest first (at most [`CHEAPEST`]), one
    /// per offer.
    pub cheapest_on_demand: Vec<PriceClaim>,
    /// Every region at once.
    pub everywhere: Prices,
    /// Per region group; a group where nothing is sold is left out.
    pub areas: Vec<AreaPrices>,
}

/// The first screen's view of one variant: reference rates, prices per accelerator-hour in
/// `currency`, nothing filtered but the variant.
pub fn view_of(id: &str, currency: Currency) -> ViewState {
    let mut state = ViewState::default();
    state.filters.accelerators.insert(id.to_string());
    state.price.currency = currency;
    state.price.duration = Duration::Hour;
    per_accelerator(&state)
}

/// The answer for `state`'s one variant (`state.filters.accelerators` names it); `None` when
/// the catalog has no such variant.
pub fn answer(
    explorer: &Explorer<'_>,
    id: &str,
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) -> Option<GpuAnswer> {
    let accelerator = explorer.catalog.accelerators.iter().find(|a| a.id == id)?;
    let mut state = per_accelerator(state);
    state.filters.accelerators = [id.to_string()].into();
    let prices_in = |state: &ViewState| {
        market::market(explorer, state, rates, today)
            .iter()
            .find(|row| row.accelerator.id == id)
            .map(|row| Prices::of(row, today))
    };
    let empty = Prices {
        on_demand: None,
        spot: None,
        committed: None,
        unknown: 0,
        free: 0,
        older: 0,
    };
    let everywhere = prices_in(&state).unwrap_or(empty);
    let areas = AREAS
        .into_iter()
        .filter_map(|area| {
            let mut local = state.clone();
            local.regions.areas = [area].into();
            local.regions.regions.clear();
            let prices = prices_in(&local)?;
            Some(AreaPrices { area, prices })
        })
        .collect();
    Some(GpuAnswer {
        accelerator: super::market::VariantRef::of(accelerator),
        unit: Unit::from(&state.price),
        today: *today,
        cheapest_on_demand: cheapest(
            explorer,
            &ViewState {
                term: Term::OnDemand,
                ..state.clone()
            },
            rates,
            today,
            CHEAPEST,
        ),
        everywhere,
        areas,
    })
}

/// The `n` cheapest known prices per accelerator in `state`'s term that compete in its market
/// (its filters and regions; old prices and free tiers apart, as the market counts them), one
/// per offer, ties by offer id.
pub fn cheapest(
    explorer: &Explorer<'_>,
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
    n: usize,
) -> Vec<PriceClaim> {
    let state = per_accelerator(state);
    let term = state.term;
    let competition = Competition::of(&state, today);
    let compiled = state.filters.compile();
    let mut priced: Vec<(f64, &str, PriceClaim)> = explorer
        .entries
        .iter()
        .filter_map(|entry| {
            let quote = explorer.quote_in(entry, term, &state, rates)?;
            let price = quote.per_accelerator.filter(|p| p.is_finite())?;
            let keep = entry.accelerator.is_some()
                && quote.term == term
                && compiled.keep(entry, &quote, today)
                && competition.admits(&quote);
            keep.then(|| {
                (
                    price,
                    entry.offer.id.as_str(),
                    PriceClaim::of_quote(entry, &quote, today),
                )
            })
        })
        .collect();
    priced.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    priced
        .into_iter()
        .take(n)
        .map(|(_, _, claim)| claim)
        .collect()
}
