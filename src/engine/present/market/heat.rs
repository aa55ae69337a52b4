//! One accelerator variant across providers and region groups: each cell the cheapest price
//! per accelerator that provider asks there, in the view's term, currency and duration.
//!
//! The columns are the region groups, so the view's own region choice does not apply here;
//! every other filter does. A cell is an offer's quote in that group, the same quote the table
//! shows when its region filter is set to that group, so the cheapest cell and the offer's
//! detail agree.

use catalog::{Area, AsOf, Provider, Term};

use super::Pick;
use crate::explorer::{Competition, Explorer};
use crate::pricing::Rates;
use crate::view::state::ViewState;

/// Region groups in the order the heat table lists them.
pub const AREAS: [Area; 7] = [
    Area::Us,
    Area::Eu,
    Area::Asia,
    Area::Hk,
    Area::Cn,
    Area::Other,
    Area::Global,
];

/// Colour steps of a cell, cheapest 0 to dearest [`LEVELS`]` - 1`.
pub const LEVELS: u8 = 5;

#[derive(Debug, Clone)]
pub struct HeatRow<'a> {
    pub provider: &'a Provider,
    /// One per column of [`Heat::areas`].
    pub cells: Vec<Option<Pick<'a>>>,
}

impl HeatRow<'_> {
    fn lowest(&self) -> Option<f64> {
        self.cells
            .iter()
            .flatten()
            .map(|p| p.per_accelerator)
            .min_by(f64::total_cmp)
    }
}

#[derive(Debug, Clone)]
pub struct Heat<'a> {
    /// The region groups where some provider sells the variant.
    pub areas: Vec<Area>,
    /// Providers, cheapest first.
    pub rows: Vec<HeatRow<'a>>,
    /// Lowest and highest price of any cell.
    pub range: Option<(f64, f64)>,
    /// Offers of the variant whose price here is past the "old" mark: not cells unless the
    /// view lets old prices compete ([`Competition`]).
    pub older: usize,
}

impl Heat<'_> {
    /// The (row, column) of the cheapest cell; ties go to the first row, then column.
    pub fn cheapest(&self) -> Option<(usize, usize)> {
        let (low, _) = self.range?;
        self.rows.iter().enumerate().find_map(|(r, row)| {
            row.cells
                .iter()
                .position(|c| c.as_ref().is_some_and(|p| p.per_accelerator == low))
                .map(|c| (r, c))
        })
    }

    /// The colour step of a price: its place between the cheapest and dearest cell on a log
    /// scale (prices of one accelerator span 10× and more), 0 for the cheapest.
    pub fn level(&self, price: f64) -> u8 {
        let Some((low, high)) = self.range else {
            return 0;
        };
        if high <= low || price <= low {
            return 0;
        }
        let place = (price / low).ln() / (high / low).ln();
        ((place * f64::from(LEVELS - 1)).round() as u8).min(LEVELS - 1)
    }
}

/// The heat table of `variant` in `term` under the view's filters (its regions aside).
pub fn heat<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    variant: &str,
    term: Term,
    rates: &Rates,
    today: &AsOf,
) -> Heat<'a> {
    let compiled = state.filters.compile();
    let competition = Competition::of(state, today);
    // Old offers are counted once each, whichever region groups they are priced in.
    let mut older = std::collections::BTreeSet::new();
    let entries: Vec<_> = explorer
        .entries
        .iter()
        .filter(|e| e.accelerator.is_some_and(|a| a.id == variant))
        .collect();
    let mut by_provider: Vec<HeatRow<'a>> = Vec::new();
    for (column, area) in AREAS.iter().enumerate() {
        let mut view = ViewState {
            term,
            job: None,
            ..state.clone()
        };
        view.regions.areas = [*area].into();
        view.regions.regions.clear();
        for entry in &entries {
            let Some(row) = explorer.row(&entry.offer.id, &view, rates) else {
                continue;
            };
            let Some(quote) = row.quote.as_ref() else {
                continue;
            };
            let Some(price) = quote.per_accelerator.filter(|p| p.is_finite()) else {
                continue;
            };
            if quote.term != term || !compiled.keep(row.entry, quote, today) {
                continue;
            }
            if !competition.admits(quote) {
                older.insert(entry.offer.id.as_str());
                continue;
            }
            let provider = entry.provider;
            let at = match by_provider
                .iter()
                .position(|r| r.provider.id == provider.id)
            {
                Some(at) => at,
                None => {
                    by_provider.push(HeatRow {
                        provider,
                        cells: vec![None; AREAS.len()],
                    });
                    by_provider.len() - 1
                }
            };
            let cell = &mut by_provider[at].cells[column];
            let better = cell.as_ref().is_none_or(|p| {
                price < p.per_accelerator
                    || price == p.per_accelerator && row.entry.offer.id < p.row.entry.offer.id
            });
            if better {
                *cell = Some(Pick {
                    per_accelerator: price,
                    row,
                });
            }
        }
    }
    // Only the region groups someone sells in, in their fixed order.
    let kept: Vec<usize> = (0..AREAS.len())
        .filter(|c| by_provider.iter().any(|r| r.cells[*c].is_some()))
        .collect();
    for row in &mut by_provider {
        let cells = std::mem::take(&mut row.cells);
        row.cells = kept.iter().map(|c| cells[*c].clone()).collect();
    }
    by_provider.sort_by(|a, b| {
        known_first(a.lowest(), b.lowest()).then_with(|| a.provider.name.cmp(&b.provider.name))
    });
    let prices = by_provider.iter().flat_map(|r| r.cells.iter().flatten());
    let range = prices.fold(None, |range: Option<(f64, f64)>, p| {
        let v = p.per_accelerator;
        Some(range.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
    });
    Heat {
        areas: kept.into_iter().map(|c| AREAS[c]).collect(),
        rows: by_provider,
        range,
        older: older.len(),
    }
}

/// Known prices before unknown ones, cheapest first.
fn known_first(a: Option<f64>, b: Option<f64>) -> std::cmp::Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_cmp(&b),
        (a, b) => b.is_some().cmp(&a.is_some()),
    }
}
