//! The explorer pipeline: catalog → per-offer facts (once) → price → order → filter (per view).
//!
//! What never changes while the page is open — labels, search text, divisors for unit
//! prices — is computed once in [`Explorer::new`]. Showing a view then runs three stages,
//! each depending on fewer settings than the whole view, so the UI can keep each stage's
//! result until its own inputs change: [`Explorer::price`] (term, regions, units, rate, job),
//! [`Priced::order`] (the sort) and [`Priced::shown`] (the filters). A search re-runs only
//! the filter stage; a sort change the order and filter stages.

use std::collections::HashMap;
use std::sync::OnceLock;

mod build;
mod competition;
mod costing;
pub mod custom;
mod entry;
mod filter;
mod metrics;
pub mod place;
mod row;
mod standing;
mod table;

#[cfg(test)]
mod published_runs_tests;
#[cfg(test)]
mod ranking_tests;

pub use build::ExplorerBuild;
pub use competition::Competition;
pub use costing::{estimate_row, figures, hardware, price_input, JobFigures};
pub use entry::{search_pieces, sold_in, Entry};
pub use filter::{Compiled, Kept};
pub use metrics::{metrics, ranked_metrics};
pub use place::PlaceNeed;
pub use row::Row;
pub use standing::Standing;
pub use table::{
    best, category_key, interconnect_key, interconnect_text, is_data_centre, is_data_centre_part,
    sort_order, sort_order_led, Cell,
};

use crate::pricing::{quote, Quote, Rates};
use crate::view::columns::{Lead, Sort};
use crate::view::filters::{Filters, RangeField};
use crate::view::range::RangeError;
use crate::view::state::ViewState;
use catalog::{AsOf, Catalog, History, PriceHistory, Term};

/// The result of applying a view: visible rows in display order, and what could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown<'a> {
    pub rows: Vec<Row<'a>>,
    pub range_errors: Vec<(RangeField, RangeError)>,
    /// Offers that pass every filter whose fact they state but do not state one a filter
    /// asks for: shown, marked, when the filters say so; otherwise only counted here.
    pub unstated: usize,
    /// How many offers the view could price (its term and regions), before any filter: the
    /// rest have no price in them.
    pub priced: usize,
}

/// Every offer a view can price, in entry order, with its quote and job figures: the first
/// stage of showing a view, which depends only on the pricing settings. The UI keeps it while
/// only the sort or the filters change, so those cost no re-pricing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Priced<'a> {
    /// Each row has a quote: offers the view cannot price are not here.
    pub rows: Vec<Row<'a>>,
}

/// Positions in [`Priced::rows`] in display order for one sort: the second stage, so a
/// filter change walks an existing order instead of sorting again.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Order {
    positions: Vec<usize>,
}

impl<'a> Priced<'a> {
    /// Adds another explorer's priced rows (the user's own offers) after these; the order
    /// stage then sorts both together, so custom offers take their place among the catalog's.
    pub fn join(&mut self, other: Priced<'a>) {
        self.rows.extend(other.rows);
    }

    /// The order stage: these rows' display order for `sort`, after the `lead` group (under
    /// the first screen's lead, the prices `competition` leaves out come last).
    pub fn order(&self, sort: Sort, lead: Lead, competition: Competition) -> Order {
        Order {
            positions: sort_order_led(&self.rows, sort, lead, competition),
        }
    }

    /// The filter stage: the rows passing `filters` (and, with `fits_only`, the job's fit)
    /// in `order`, which must come from these rows. Sorting every priced row and then
    /// filtering gives the rows that filtering first and then sorting gives, in the same
    /// order, since `sort_order` is a total order (ties broken by offer id); it lets a filter
    /// change skip the sort.
    pub fn shown(
        &self,
        order: &Order,
        filters: &Filters,
        fits_only: bool,
        today: &AsOf,
    ) -> Shown<'a> {
        self.shown_placed(order, filters, fits_only, today, PlaceNeed::default())
    }

    /// The view's market: the priced rows the filters keep, the search text aside. A place,
    /// a score or a best is measured against it, so a search narrows what is listed, never
    /// the market an offer is judged in ("only offer" after searching `p4d` was the search's
    /// answer, not the market's).
    pub fn market(&self, filters: &Filters, today: &AsOf) -> Vec<&Row<'a>> {
        let kept = self.kept_by(&filters.without_search().compile(), today);
        self.rows
            .iter()
            .zip(kept)
            .filter_map(|(row, kept)| kept.then_some(row))
            .collect()
    }

    /// Which rows `compiled` keeps, in memory order.
    fn kept_by(&self, compiled: &Compiled, today: &AsOf) -> Vec<bool> {
        self.judged_by(compiled, today)
            .into_iter()
            .map(|kept| compiled.admits(kept))
            .collect()
    }

    /// What `compiled` says of each row, in memory order.
    fn judged_by(&self, compiled: &Compiled, today: &AsOf) -> Vec<Kept> {
        self.rows
            .iter()
            .map(|row| {
                row.quote
                    .as_ref()
                    .map_or(Kept::No, |quote| compiled.judge(row.entry, quote, today))
            })
            .collect()
    }

    /// [`Priced::shown`], with each kept row's place in its market when `need` asks (see
    /// [`place`]), sorted on it when the view sorts by place.
    pub fn shown_placed(
        &self,
        order: &Order,
        filters: &Filters,
        fits_only: bool,
        today: &AsOf,
        need: PlaceNeed,
    ) -> Shown<'a> {
        debug_assert_eq!(
            order.positions.len(),
            self.rows.len(),
            "an order of other rows"
        );
        let compiled = filters.compile();
        // Test every row in memory order first, then walk the sort order: testing in sort
        // order jumps about the entries, and at 100k offers the cache misses cost more than
        // the tests themselves.
        let judged = self.judged_by(&compiled, today);
        let filtered: Vec<bool> = judged.iter().map(|&k| compiled.admits(k)).collect();
        let unstated = judged.iter().filter(|&&k| k == Kept::Unstated).count();
        // "Fits only" narrows what the filters keep; without it (the usual case) the kept
        // rows are the filtered ones, with no second pass.
        let narrowed: Vec<bool>;
        let kept: &[bool] = if fits_only {
            narrowed = self
                .rows
                .iter()
                .zip(&filtered)
                .map(|(row, f)| *f && !row.job.as_ref().is_some_and(JobFigures::does_not_fit))
                .collect();
            &narrowed
        } else {
            &filtered
        };
        // Clones, not moves: the priced rows stay for the next filter change.
        let mut rows = Vec::with_capacity(kept.iter().filter(|k| **k).count());
        rows.extend(order.positions.iter().filter(|&&i| kept[i]).map(|&i| Row {
            unstated: judged[i] == Kept::Unstated,
            ..self.rows[i].clone()
        }));
        if need.set {
            // The market: what the filters keep, the search text and "fits only" aside, of
            // the prices that compete; an old price is placed among them but is not part of
            // the market.
            let unsearched: Vec<bool>;
            let in_market: &[bool] = if filters.search.trim().is_empty() {
                &filtered
            } else {
                unsearched = self.kept_by(&filters.without_search().compile(), today);
                &unsearched
            };
            let market = self.rows.iter().zip(in_market).filter(|(row, f)| {
                **f && row
                    .quote
                    .as_ref()
                    .is_some_and(|q| need.competition.admits(q))
            });
            place::place(&mut rows, market.map(|(row, _)| row), need.competition);
        }
        if let Some((sort, lead)) = need.sort {
            let order = sort_order_led(&rows, sort, lead, need.competition);
            let mut slots: Vec<Option<Row<'a>>> = rows.into_iter().map(Some).collect();
            rows = order.into_iter().filter_map(|i| slots[i].take()).collect();
        }
        Shown {
            rows,
            range_errors: compiled.errors,
            unstated,
            priced: self.rows.len(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Explorer<'a> {
    pub catalog: &'a Catalog,
    pub entries: Vec<Entry<'a>>,
    /// Where each offer's entry is, by offer id: the rank list, the comparison and the
    /// detail view look offers up by id, and a search through 100k entries costs about
    /// 0.7 ms a time.
    by_id: HashMap<&'a str, usize>,
    /// The history's prices when they came after the catalog (the browser decodes them
    /// once the first answer is on screen: `catalog::file::SlicedDecode::leaving_history`).
    late_history: OnceLock<History>,
}

impl<'a> Explorer<'a> {
    pub fn new(catalog: &'a Catalog) -> Explorer<'a> {
        let mut build = ExplorerBuild::new(catalog);
        while !build.step(usize::MAX) {}
        Explorer::built(build)
    }

    /// The explorer of a finished [`ExplorerBuild`].
    pub fn built(build: ExplorerBuild<'a>) -> Explorer<'a> {
        let (catalog, entries) = build.into_parts();
        let mut by_id = HashMap::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            // The first of two offers with one id wins, as a search from the start would.
            by_id.entry(entry.offer.id.as_str()).or_insert(i);
        }
        Explorer {
            catalog,
            entries,
            by_id,
            late_history: OnceLock::new(),
        }
    }

    /// The price history: the catalog's, with the prices that came after it once they have
    /// ([`Explorer::add_history`]). Until then a price has no recorded moves.
    pub fn history(&self) -> &History {
        self.late_history.get().unwrap_or(&self.catalog.history)
    }

    /// Adds the history's prices decoded after the catalog (sorted as the file holds them),
    /// once; says whether they were added (a second call, or a catalog that has prices of
    /// its own, adds nothing).
    pub fn add_history(&self, prices: Vec<PriceHistory>) -> bool {
        if !self.catalog.history.prices.is_empty() {
            return false;
        }
        self.late_history
            .set(History {
                prices,
                ..self.catalog.history.clone()
            })
            .is_ok()
    }

    /// Writes the search text (`Entry::haystack`) of up to `count` entries from `*next` on and
    /// moves `next` past them; says whether every entry has its text. The browser's start
    /// calls it a slice at a time once the page is answered, so the first search finds the
    /// texts written.
    pub fn prepare_search(&self, next: &mut usize, count: usize) -> bool {
        let end = next.saturating_add(count).min(self.entries.len());
        for entry in &self.entries[(*next).min(end)..end] {
            entry.haystack();
        }
        *next = end;
        end == self.entries.len()
    }

    pub fn entry(&self, offer_id: &str) -> Option<&Entry<'a>> {
        self.by_id.get(offer_id).map(|&i| &self.entries[i])
    }

    /// The rows `state` shows, filtered and sorted: the three stages below in one go, for
    /// callers that do not keep the stages between changes.
    pub fn show(&self, state: &ViewState, rates: &Rates, today: &AsOf) -> Shown<'_> {
        let priced = self.price(state, rates);
        let competition = Competition::of(state, today);
        let order = priced.order(state.sort, state.lead, competition);
        priced.shown_placed(
            &order,
            &state.filters,
            state.fits_only,
            today,
            PlaceNeed::of(state, today),
        )
    }

    /// When a view shows nothing: how many offers its filters and search would show under
    /// each other term, so an empty table can say where the offers are ("Serverless: 10")
    /// instead of only that there are none. Terms with no match are left out.
    pub fn matches_in_other_terms(
        &self,
        state: &ViewState,
        rates: &Rates,
        today: &AsOf,
    ) -> Vec<(Term, usize)> {
        Term::ALL
            .into_iter()
            .filter(|&term| term != state.term)
            .filter_map(|term| {
                let other = ViewState {
                    term,
                    ..state.clone()
                };
                let count = self.show(&other, rates, today).rows.len();
                (count > 0).then_some((term, count))
            })
            .collect()
    }

    /// The price stage: every offer priced for the view's term, regions and units, with the
    /// job's figures when the view has a job. Reads only the pricing settings of `state`
    /// (see [`ViewState::pricing_part`]); offers without a quote are dropped here.
    pub fn price(&self, state: &ViewState, rates: &Rates) -> Priced<'_> {
        // Nearly every offer has a quote: room for all at once spares the copies of a
        // growing vector of large rows.
        let mut rows = Vec::with_capacity(self.entries.len());
        rows.extend(self.entries.iter().filter_map(|entry| {
            let quote = self.quote(entry, state, rates)?;
            let job = state
                .job
                .as_ref()
                .map(|job| figures(job, entry, Some(&quote), rates));
            Some(Row {
                entry,
                quote: Some(quote),
                job,
                place: None,
                unstated: false,
            })
        }));
        Priced { rows }
    }

    /// Places `rows` (offers compared, whether or not listed) in the view's market: the
    /// offers the filters keep, the search text aside, of the prices that compete.
    pub fn place_in_market<'s>(
        &'s self,
        rows: &mut [Row<'s>],
        state: &ViewState,
        rates: &Rates,
        today: &AsOf,
    ) {
        let competition = Competition::of(state, today);
        let priced = self.price(state, rates);
        let market = priced.market(&state.filters, today);
        let competing = market
            .into_iter()
            .filter(|r| r.quote.as_ref().is_some_and(|q| competition.admits(q)));
        place::place(rows, competing, competition);
    }

    /// One offer's row in the current units, whether or not the filters would show it.
    pub fn row(&self, offer_id: &str, state: &ViewState, rates: &Rates) -> Option<Row<'_>> {
        let entry = self.entry(offer_id)?;
        let quote = self.quote(entry, state, rates);
        let job = state
            .job
            .as_ref()
            .map(|job| figures(job, entry, quote.as_ref(), rates));
        Some(Row {
            entry,
            quote,
            job,
            place: None,
            unstated: false,
        })
    }

    /// The row's quote in the view's term — except that, to serve a model, "on demand" also
    /// takes offers sold only by use: serverless and always-on are the two ways to serve, so
    /// the calculator compares them side by side (each costed as it bills).
    fn quote(&self, entry: &Entry<'_>, state: &ViewState, rates: &Rates) -> Option<Quote> {
        let quote = self.quote_in(entry, state.term, state, rates);
        if quote.is_none() && serves_beside_serverless(state) {
            return self.quote_in(entry, Term::Serverless, state, rates);
        }
        quote
    }

    /// An offer's quote in `term` (not the view's), in the view's regions and units: the market
    /// reads every term in one walk.
    pub fn quote_in(
        &self,
        entry: &Entry<'_>,
        term: Term,
        state: &ViewState,
        rates: &Rates,
    ) -> Option<Quote> {
        quote(
            entry.offer,
            entry.provider,
            &entry.divisors,
            term,
            &state.regions,
            &state.price,
            rates,
        )
    }
}

/// Whether `state` lists serverless offers beside on-demand ones: a serving job on the
/// on-demand term.
pub fn serves_beside_serverless(state: &ViewState) -> bool {
    state.term == Term::OnDemand
        && state
            .job
            .as_ref()
            .is_some_and(|j| j.workload.is_inference())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::custom::{self, CustomOffer};
    use crate::pricing::{Duration, PriceBasis};
    use crate::view::columns::{Column, Direction};
    use crate::view::filters::RangeField;
    use catalog::fx::Fx;
    use catalog::Link;
    use catalog::{Area, Currency, PriceUnit, Term, Vendor};
    use workload::Preset;

    /// How many entries have their search text written.
    fn written(explorer: &Explorer<'_>) -> usize {
        explorer
            .entries
            .iter()
            .filter(|e| e.haystack.get().is_some())
            .count()
    }

    #[test]
    fn search_texts_wait_for_a_search_and_then_find_what_a_plain_scan_finds() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let today = AsOf::day(2026, 12, 5);
        let mut state = ViewState::default();
        // Built and shown without a search: no offer's search text is written.
        assert!(!explorer.show(&state, &rates, &today).rows.is_empty());
        assert_eq!(written(&explorer), 0);
        // A search writes them, and finds each offer whose instance names it (a plain scan of
        // the catalog, among the offers the default view lists).
        state.filters.search = "p4d.24xlarge".into();
        let found: Vec<&str> = explorer
            .show(&state, &rates, &today)
            .rows
            .iter()
            .map(|r| r.entry.offer.id.as_str())
            .collect();
        assert!(written(&explorer) > 0);
        let listed: Vec<&str> = explorer
            .show(&ViewState::default(), &rates, &today)
            .rows
            .iter()
            .filter(|r| {
                r.entry
                    .offer
                    .instance
                    .to_lowercase()
                    .contains("p4d.24xlarge")
            })
            .map(|r| r.entry.offer.id.as_str())
            .collect();
        assert!(!listed.is_empty());
        assert_eq!(found, listed);
    }

    #[test]
    fn search_texts_are_prepared_a_slice_at_a_time_and_once() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let all = explorer.entries.len();
        let mut next = 0;
        assert!(!explorer.prepare_search(&mut next, 2));
        assert_eq!((next, written(&explorer)), (2, 2));
        let mut calls = 1;
        while !explorer.prepare_search(&mut next, 100) {
            calls += 1;
        }
        assert_eq!(calls, (all - 2).div_ceil(100));
        assert_eq!((next, written(&explorer)), (all, all));
        // Done is done: a further call writes nothing and says so.
        assert!(explorer.prepare_search(&mut next, 100));
        let mut again = 0;
        assert!(explorer.prepare_search(&mut again, usize::MAX));
        // The texts are the ones a search built at once would read.
        let fresh = Explorer::new(&catalog);
        for (prepared, lazy) in explorer.entries.iter().zip(&fresh.entries) {
            assert_eq!(prepared.haystack(), lazy.haystack());
        }
    }

    #[test]
    fn a_search_narrows_the_list_not_the_market_a_place_is_measured_in() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let today = AsOf::day(2026, 12, 5);
        let mut state = ViewState::default();
        state.columns.push(Column::MarketPlace);
        let place = |state: &ViewState| {
            let shown = explorer.show(state, &rates, &today);
            let row = shown
                .rows
                .iter()
                .find(|r| r.entry.offer.id == "aws/p4d.24xlarge")
                .expect("p4d is listed");
            (row.place.unwrap(), shown.rows.len())
        };
        let (everywhere, all) = place(&state);
        state.filters.search = "p4d.24xlarge".into();
        let (searched, listed) = place(&state);
        assert!(listed < all);
        // "only offer" was the search's answer: the A100 market is still there.
        assert!(everywhere.others() > 0);
        assert_eq!(searched, everywhere);
        // The compared offers are placed the same way, whatever is typed.
        let mut compared = vec![explorer.row("aws/p4d.24xlarge", &state, &rates).unwrap()];
        explorer.place_in_market(&mut compared, &state, &rates, &today);
        assert_eq!(compared[0].place, Some(everywhere));
    }

    #[test]
    fn an_empty_view_says_which_terms_hold_its_offers() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let today = AsOf::day(2026, 12, 5);
        let mut state = ViewState::default();
        state.filters.search = "modal".into();
        assert!(explorer.show(&state, &rates, &today).rows.is_empty());
        let elsewhere = explorer.matches_in_other_terms(&state, &rates, &today);
        // The plain count: Modal's offers with a serverless price.
        let modal = catalog
            .offers
            .iter()
            .filter(|o| o.provider == "modal")
            .filter(|o| o.prices.iter().any(|p| p.term == Term::Serverless))
            .count();
        assert!(modal > 0);
        assert_eq!(elsewhere, vec![(Term::Serverless, modal)]);
        // A serving job lists them on the on-demand term itself.
        state.job = Some(
            Preset::ALL
                .into_iter()
                .find(|p| p.job().workload.is_inference())
                .unwrap()
                .job(),
        );
        assert_eq!(explorer.show(&state, &rates, &today).rows.len(), modal);
    }

    fn sorted<'a>(
        rows: Vec<Row<'a>>,
        sort: Sort,
        lead: Lead,
        competition: Competition,
    ) -> Vec<Row<'a>> {
        let order = sort_order_led(&rows, sort, lead, competition);
        let mut slots: Vec<Option<Row<'_>>> = rows.into_iter().map(Some).collect();
        order.into_iter().filter_map(|i| slots[i].take()).collect()
    }

    /// Views that exercise every stage: searches, sets, ranges (one unreadable), sorts on
    /// text, numbers, money and job columns both ways, units, currencies, terms, regions,
    /// a job with and without "fits only".
    fn views() -> Vec<ViewState> {
        let base = ViewState::default();
        let with = |change: &dyn Fn(&mut ViewState)| {
            let mut s = base.clone();
            change(&mut s);
            s
        };
        let mut views = vec![
            base.clone(),
            with(&|s| s.filters.search = "h100".into()),
            with(&|s| s.filters.search = "nvlink 80gb -aws".into()),
            with(&|s| {
                s.filters.vendors.insert(Vendor::Nvidia);
            }),
            with(&|s| {
                s.filters.vendors.insert(Vendor::Amd);
                s.filters.links.insert(Link::Infiniband);
            }),
            with(&|s| {
                s.filters.ranges.insert(RangeField::Price, "1-5".into());
                s.filters.ranges.insert(RangeField::Count, "8".into());
            }),
            with(&|s| {
                s.filters
                    .ranges
                    .insert(RangeField::MemoryTotal, "nonsense".into());
                s.filters.hide_unknown_price = true;
            }),
            with(&|s| s.filters.max_age_months = Some(3)),
            with(&|s| s.price.currency = Currency::Cny),
            with(&|s| {
                s.price.currency = Currency::Eur;
                s.price.basis = PriceBasis::Bf16Pflop;
                s.price.duration = Duration::Month;
            }),
            with(&|s| {
                s.custom_rate = Some(8.0);
                s.price.currency = Currency::Cny;
                s.filters.ranges.insert(RangeField::Price, "<30".into());
            }),
            with(&|s| s.term = Term::Spot),
            with(&|s| s.term = Term::Reserved1y),
            with(&|s| {
                s.regions.areas.insert(Area::Eu);
            }),
        ];
        for column in [
            Column::Provider,
            Column::Instance,
            Column::Accelerator,
            Column::Memory,
            Column::Price,
            Column::Region,
            Column::AsOf,
        ] {
            for direction in [Direction::Ascending, Direction::Descending] {
                views.push(with(&|s| s.sort = Sort { column, direction }));
            }
        }
        // The fit column too: unknown fits sort after every known one, so filtering before or
        // after sorting gives one order.
        for preset in [Preset::LoraFineTune7b, Preset::Serve70bInt8] {
            for fits_only in [false, true] {
                for column in [
                    Column::JobFit,
                    Column::JobCost,
                    Column::JobInstances,
                    Column::Price,
                ] {
                    views.push(with(&|s| {
                        s.set_job(Some(preset.job()));
                        s.fits_only = fits_only;
                        s.sort = Sort {
                            column,
                            direction: Direction::Ascending,
                        };
                    }));
                }
            }
        }
        views
    }

    fn setting() -> (catalog::Catalog, AsOf) {
        (bundled::catalog().unwrap(), bundled::built_on())
    }

    #[test]
    fn stages_kept_between_changes_give_what_a_fresh_pass_gives() {
        // As the app keeps them: one price stage, re-ordered and re-filtered as the user goes.
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let priced = explorer.price(&ViewState::default(), &rates);
        let mut shown_any = false;
        for state in views()
            .into_iter()
            .filter(|s| s.pricing_part() == ViewState::default().pricing_part())
        {
            let order = priced.order(state.sort, state.lead, Competition::of(&state, &today));
            let staged = priced.shown(&order, &state.filters, state.fits_only, &today);
            assert_eq!(staged, explorer.show(&state, &rates, &today), "{state:?}");
            shown_any |= !staged.rows.is_empty();
        }
        assert!(shown_any);
        assert!(priced.rows.iter().all(|r| r.quote.is_some()));
    }

    #[test]
    fn an_offer_that_does_not_state_what_a_filter_asks_is_counted_apart_never_dropped() {
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        // Each filter beside a plain reading of the same fact from the offer.
        type Fact = fn(&Entry<'_>) -> Option<bool>;
        type Case = (&'static str, fn(&mut Filters), Fact);
        let cases: [Case; 3] = [
            (
                "multi-node",
                |f| f.multi_node = true,
                |e| e.offer.multi_node,
            ),
            (
                "infiniband",
                |f| {
                    f.links.insert(Link::Infiniband);
                },
                |e| Link::Infiniband.held_by(e.offer, e.accelerator),
            ),
            (
                "vcpus",
                |f| {
                    f.ranges.insert(RangeField::Vcpus, ">=32".into());
                },
                |e| e.offer.vcpus.map(|v| v >= 32.0),
            ),
        ];
        for (name, set, fact) in cases {
            let mut state = ViewState::default();
            set(&mut state.filters);
            let priced = explorer.price(&state, &rates);
            let count =
                |want: Option<bool>| priced.rows.iter().filter(|r| fact(r.entry) == want).count();
            let (yes, unstated) = (count(Some(true)), count(None));
            assert!(
                yes > 0 && unstated > 0,
                "{name}: {yes} stated, {unstated} not"
            );
            let shown = explorer.show(&state, &rates, &today);
            assert_eq!(shown.rows.len(), yes, "{name}");
            assert_eq!(shown.unstated, unstated, "{name}");
            assert!(shown.rows.iter().all(|r| !r.unstated), "{name}");
            assert_eq!(shown.priced, priced.rows.len());
            // Asked for, they are shown and marked; the offers that say "no" stay out.
            state.filters.unstated = true;
            let all = explorer.show(&state, &rates, &today);
            assert_eq!(all.rows.len(), yes + unstated, "{name}");
            let marked: Vec<_> = all.rows.iter().filter(|r| r.unstated).collect();
            assert_eq!(marked.len(), unstated, "{name}");
            assert!(marked.iter().all(|r| fact(r.entry).is_none()), "{name}");
        }
    }

    #[test]
    fn every_offer_is_found_by_its_id_and_only_it() {
        let (catalog, _) = setting();
        let explorer = Explorer::new(&catalog);
        for entry in &explorer.entries {
            let found = explorer.entry(&entry.offer.id).unwrap();
            assert!(std::ptr::eq(found, entry), "{}", entry.offer.id);
        }
        assert!(explorer.entry("nobody/nothing").is_none());
        assert!(explorer.entry("").is_none());
    }

    fn own_offers() -> Vec<CustomOffer> {
        let offer = |name: &str, accelerator: &str, count: f64, price: f64| CustomOffer {
            seller: "Acme GPU".into(),
            name: name.into(),
            accelerator: Some(accelerator.into()),
            count,
            term: Term::OnDemand,
            price,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            note: "Quote #42".into(),
            as_of: bundled::built_on(),
        };
        vec![
            offer("8× H100, sales quote", "h100-sxm5-80gb", 8.0, 16.0),
            offer("one H100", "h100-sxm5-80gb", 1.0, 0.5),
            offer("own cluster", "a100-sxm4-80gb", 8.0, 40.0),
        ]
    }

    #[test]
    fn own_offers_joined_at_the_price_stage_show_as_merging_the_shown_rows_did() {
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let mine = custom::catalog(&own_offers(), &catalog);
        let own = Explorer::new(&mine);
        assert_eq!(own.entries.len(), 3);
        for state in views() {
            let rates = Rates::new(Fx::newest(&catalog.fx), state.custom_rate);
            // Each explorer's shown rows, merged, then sorted again.
            let mut rows = explorer.show(&state, &rates, &today).rows;
            rows.extend(own.show(&state, &rates, &today).rows);
            let competition = Competition::of(&state, &today);
            let merged = sorted(rows, state.sort, state.lead, competition);
            let mut priced = explorer.price(&state, &rates);
            priced.join(own.price(&state, &rates));
            let order = priced.order(state.sort, state.lead, competition);
            let staged = priced.shown(&order, &state.filters, state.fits_only, &today);
            assert_eq!(staged.rows, merged, "{state:?}");
        }
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let mut priced = explorer.price(&ViewState::default(), &rates);
        priced.join(own.price(&ViewState::default(), &rates));
        let shown = priced.shown(
            &priced.order(Sort::default(), Lead::None, Competition::everyone()),
            &ViewState::default().filters,
            false,
            &today,
        );
        let place = |id: &str| shown.rows.iter().position(|r| r.entry.offer.id == id);
        let (one, eight, cluster) = (place("custom/2"), place("custom/1"), place("custom/3"));
        // Per accelerator-hour: $0.50, then $2, then $5, with catalog offers in between.
        assert!(
            one.is_some() && one < eight && eight < cluster,
            "{one:?} {eight:?} {cluster:?}"
        );
        assert!(
            cluster.unwrap() - one.unwrap() > 2,
            "catalog offers sort in between"
        );
    }
}
