//! The offers as the app prices them, once for every page: one price stage per term and one
//! per region group (on demand), each with the app's default order (price per accelerator,
//! cheapest first). A page then runs only the filter stage with its own filter — the app's
//! three stages (`Explorer::price`, `Priced::order`, `Priced::shown`), so every number on a
//! page is the number the app shows for the same view, without pricing every offer again for
//! each of a few hundred pages.

use std::collections::BTreeSet;

use engine::catalog::{Area, Term};
use engine::explorer::{Competition, Order, Priced, Row};
use engine::view::filters::Filters;
use engine::view::state::ViewState;

use crate::Site;

/// The terms a page compares: those a plan compares, in the app's order. A free tier is not
/// its own row: the app's on-demand view already falls back to it.
pub use engine::present::plan_offer::PLAN_TERMS as TERMS;

/// Region groups, in the order a page lists them: the heat table's order.
pub use engine::present::market::heat::AREAS;

/// One priced stage and its order.
struct Stage<'s> {
    state: ViewState,
    priced: Priced<'s>,
    order: Order,
}

pub struct Market<'s> {
    pub site: &'s Site<'s>,
    /// The app's first-screen rule for which prices may be named cheapest.
    competition: Competition,
    terms: Vec<Stage<'s>>,
    areas: Vec<Stage<'s>>,
}

/// The app's view of one term (and, when given, one region group) with `filters`, sorted by
/// price per accelerator as the app sorts by default: what "Open in GPU Atlas" opens.
pub fn view(term: Term, area: Option<Area>, filters: Filters) -> ViewState {
    let mut state = ViewState {
        term,
        filters,
        ..ViewState::default()
    };
    state.regions.areas = area.into_iter().collect::<BTreeSet<_>>();
    state
}

impl<'s> Market<'s> {
    pub fn new(site: &'s Site<'s>) -> Market<'s> {
        let stage = |state: ViewState| {
            let priced = site.explorer.price(&state, &site.rates);
            let order = priced.order(state.sort, state.lead, Competition::of(&state, &site.today));
            Stage {
                state,
                priced,
                order,
            }
        };
        let terms = TERMS
            .iter()
            .map(|term| stage(view(*term, None, Filters::default())))
            .collect();
        let areas = AREAS
            .iter()
            .map(|area| stage(view(Term::OnDemand, Some(*area), Filters::default())))
            .collect();
        Market {
            site,
            terms,
            areas,
            competition: Competition::of(&ViewState::default(), &site.today),
        }
    }

    /// The rows the app shows for `term` with `filters`, cheapest per accelerator first; rows
    /// without a known price come last, as in the app.
    pub fn rows(&self, term: Term, filters: &Filters) -> Vec<Row<'s>> {
        let index = TERMS.iter().position(|t| *t == term);
        index.map_or_else(Vec::new, |i| self.shown(&self.terms[i], filters))
    }

    /// The on-demand rows the app shows with only `area`'s regions chosen.
    pub fn rows_in(&self, area: Area, filters: &Filters) -> Vec<Row<'s>> {
        let index = AREAS.iter().position(|a| *a == area);
        index.map_or_else(Vec::new, |i| self.shown(&self.areas[i], filters))
    }

    fn shown(&self, stage: &Stage<'s>, filters: &Filters) -> Vec<Row<'s>> {
        stage
            .priced
            .shown(
                &stage.order,
                filters,
                stage.state.fits_only,
                &self.site.today,
            )
            .rows
    }
}

/// The filter that keeps one accelerator variant: the app's `gpu=<id>`.
pub fn accelerator(id: &str) -> Filters {
    Filters {
        accelerators: [id.to_string()].into(),
        ..Filters::default()
    }
}

/// The filter that keeps one provider: the app's `p=<id>`.
pub fn provider(id: &str) -> Filters {
    Filters {
        providers: [id.to_string()].into(),
        ..Filters::default()
    }
}

/// Whether a row's price per accelerator is known (unknown prices sort last).
pub fn priced(row: &Row<'_>) -> bool {
    row.quote
        .as_ref()
        .is_some_and(|q| q.per_accelerator.is_some())
}

impl Market<'_> {
    /// Whether a row may be named cheapest: its price is known and not past the app's "old"
    /// mark (`Competition`; old prices sort last and are counted apart, as in the app).
    pub fn competes(&self, row: &Row<'_>) -> bool {
        priced(row)
            && row
                .quote
                .as_ref()
                .is_some_and(|q| self.competition.admits(q))
    }
}
