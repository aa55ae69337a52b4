//! Everything that decides what the user sees, as one plain value.
//!
//! The UI keeps one `ViewState` in a signal and derives the rest from it and the catalog; the
//! share link (a later step) will encode exactly this value. Defaults are the first screen.

use serde::{Deserialize, Serialize};

use super::filters::Filters;
use super::plan::PlanInputs;
use crate::discounts::Discounts;
use crate::pricing::{PriceView, RegionChoice};
use crate::view::chart_choices::Efficiency;
use crate::view::chart_choices::Measure;
use crate::view::columns::{Column, Lead, Sort};
use catalog::Currency;
use catalog::Lang;
use catalog::Term;
use scoring::{Constraints, CostBasis, Scenario, Weights};
use workload::Job;

/// At most this many offers are compared side by side: more stop fitting a screen.
pub const MAX_COMPARED: usize = 8;

/// The ranking's weights for a job when the user has not set their own, in criterion order
/// (performance = time to finish, cost-efficiency = the job's cost, memory, scale-out,
/// ecosystem, flexibility, trust).
pub const JOB_WEIGHTS: [u8; 7] = [5, 10, 2, 2, 2, 2, 3];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    Light,
    Dark,
}

/// What the main panel shows: the offer table, or the ranking for a workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Table,
    Rank,
    Charts,
    /// One row per accelerator variant: what it costs now, everywhere.
    Market,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewState {
    pub mode: Mode,
    /// How the ranking weighs each criterion; the scenario is whichever preset these match.
    pub weights: Weights,
    /// What every ranked offer must satisfy, apart from the filters.
    pub constraints: Constraints,
    pub filters: Filters,
    /// The pricing term whose prices are shown and filtered on.
    pub term: Term,
    pub regions: RegionChoice,
    pub price: PriceView,
    /// A USD→CNY rate the user typed, replacing the reference rate.
    pub custom_rate: Option<f64>,
    /// The user's own discounts, applied to every price shown ([`Rates::with_discounts`]).
    ///
    /// [`Rates::with_discounts`]: crate::pricing::Rates::with_discounts
    pub discounts: Discounts,
    pub sort: Sort,
    /// Which offers come first before `sort` orders them; the table says which above it.
    pub lead: Lead,
    /// Prices past the "old" mark compete for cheapest, median, place and best too; off (the
    /// default), they are shown, marked and counted apart ([`Competition`]).
    ///
    /// [`Competition`]: crate::explorer::Competition
    pub old_prices: bool,
    /// Visible columns, in order.
    pub columns: Vec<Column>,
    /// Offers picked for comparison, in the order picked.
    pub selection: Vec<String>,
    pub comparing: bool,
    /// The offer whose detail view is open.
    pub detail: Option<String>,
    /// The accelerator variant whose heat table (providers × region groups) the market view
    /// shows.
    pub heat: Option<String>,
    /// The calculator's job: when set, every offer shows what it needs and costs.
    pub job: Option<Job>,
    /// Hide offers the job cannot fit.
    pub fits_only: bool,
    /// What the price scatter's vertical axis measures.
    pub chart_measure: Measure,
    /// What the cost-efficiency bars price.
    pub chart_efficiency: Efficiency,
    /// The money plan: hours of use a month and what owning would cost.
    pub plan: PlanInputs,
    pub lang: Lang,
    /// The reader picked `price.currency` themselves (the currency menu, or a link's `cur`):
    /// it stays when the language changes. Otherwise the currency follows the language
    /// ([`ViewState::currency_for`]).
    pub currency_chosen: bool,
    pub theme: Theme,
}

impl Default for ViewState {
    fn default() -> ViewState {
        ViewState {
            mode: Mode::default(),
            weights: Weights::default(),
            constraints: Constraints::default(),
            filters: Filters::default(),
            term: Term::OnDemand,
            regions: RegionChoice::default(),
            price: PriceView::default(),
            custom_rate: None,
            discounts: Discounts::default(),
            sort: Sort::default(),
            lead: Lead::default(),
            old_prices: false,
            columns: Column::DEFAULT.to_vec(),
            selection: Vec::new(),
            comparing: false,
            detail: None,
            heat: None,
            job: None,
            fits_only: false,
            chart_measure: Measure::default(),
            chart_efficiency: Efficiency::default(),
            plan: PlanInputs::default(),
            lang: Lang::default(),
            currency_chosen: false,
            theme: Theme::default(),
        }
    }
}

impl ViewState {
    /// The first screen a reader of `lang` gets when no link says otherwise: the defaults,
    /// priced in the currency of that language's readers (CNY at the reference rate for
    /// Chinese). The pre-rendered page (src/site) and the app both start from this.
    pub fn first_screen(lang: Lang) -> ViewState {
        let mut state = ViewState {
            lang,
            ..ViewState::default()
        };
        state.price.currency = ViewState::currency_for(lang);
        state
    }

    /// The currency a reader of `lang` is shown by default.
    pub fn currency_for(lang: Lang) -> Currency {
        match lang {
            Lang::Zh => Currency::Cny,
            Lang::En => Currency::Usd,
        }
    }

    /// The reader picks a currency: it stays whatever the language.
    pub fn choose_currency(&mut self, currency: Currency) {
        self.price.currency = currency;
        self.currency_chosen = true;
    }

    /// The reader switches the language: a currency they did not pick follows it (中文 → CNY,
    /// English → USD); one they picked stays.
    pub fn switch_lang(&mut self, lang: Lang) {
        self.lang = lang;
        self.settle_currency();
    }

    /// A currency nobody picked is the language's ([`ViewState::currency_for`]): after a link
    /// without `cur` is read and the language is known (the link's, the saved one or the
    /// browser's).
    pub fn settle_currency(&mut self) {
        if !self.currency_chosen {
            self.price.currency = ViewState::currency_for(self.lang);
        }
    }

    /// A click on `column`'s header: the table sorts by that column alone (no group leads
    /// any more), starting from its better end, and the other way on a second click.
    pub fn sort_by(&mut self, column: Column) {
        // The first click on the led column drops the lead and keeps the direction shown.
        if self.lead == Lead::None || self.sort.column != column {
            self.sort = self.sort.toggled(column);
        }
        self.lead = Lead::None;
    }

    /// Starts from a scenario's preset: its weights, constraints and pricing term.
    pub fn apply_scenario(&mut self, scenario: Scenario) {
        let (weights, constraints) = scenario.preset();
        self.weights = weights;
        self.constraints = constraints;
        self.term = scenario.term();
    }

    /// The scenario the current weights and constraints are, if still unchanged.
    pub fn scenario(&self) -> Option<Scenario> {
        Scenario::matching(&self.weights, &self.constraints)
    }

    /// Adds or removes an offer from the comparison; refuses a ninth.
    pub fn toggle_selected(&mut self, offer: &str) -> bool {
        if let Some(i) = self.selection.iter().position(|o| o == offer) {
            self.selection.remove(i);
            if self.selection.is_empty() {
                self.comparing = false;
            }
            true
        } else if self.selection.len() < MAX_COMPARED {
            self.selection.push(offer.to_string());
            true
        } else {
            false
        }
    }

    /// The weights the ranking uses: the user's, except that with a job set, cost-efficiency
    /// is what the job costs on each offer. "Rank for my job" then ranks for the job in "Cost
    /// for my job" (and leaves out offers it does not fit), and the rank panel says so.
    ///
    /// With a job and the balanced default weights, the job's own weights apply
    /// ([`JOB_WEIGHTS`]): what the job costs and how soon it finishes lead, and memory and
    /// scale-out, which then only say whether the offer holds the job, count little.
    pub fn ranking_weights(&self) -> Weights {
        if self.job.is_some() && self.weights == Weights::default() {
            return Weights::from_array(JOB_WEIGHTS, CostBasis::Job);
        }
        let mut weights = self.weights.clone();
        if self.job.is_some() {
            weights.cost_basis = CostBasis::Job;
        }
        weights
    }

    /// Starts the calculator on `job` (or stops it with `None`): the job's columns appear
    /// (those that fit its kind), and leave with it.
    pub fn set_job(&mut self, job: Option<Job>) {
        self.columns.retain(|c| !c.is_job());
        if let Some(job) = &job {
            let serving = job.workload.is_inference();
            for column in Column::JOB {
                if column.fits_job(serving) {
                    self.columns.push(column);
                }
            }
        } else {
            self.fits_only = false;
        }
        let with_job = job.is_some();
        self.columns.sort_by_key(|c| c.place(with_job));
        self.job = job;
    }

    /// The settings that decide the prices (term, regions, units, the typed rate, the job),
    /// with everything else at its default: the app re-prices every offer only when this
    /// changes (see [`Explorer::price`](crate::explorer::Explorer::price)), so a
    /// search, a sort, a weight or the language leave the prices be.
    pub fn pricing_part(&self) -> ViewState {
        ViewState {
            term: self.term,
            regions: self.regions.clone(),
            price: self.price,
            custom_rate: self.custom_rate,
            job: self.job.clone(),
            ..ViewState::default()
        }
    }

    /// The settings that decide which priced rows show (the filters, "fits only"), with
    /// everything else at its default: the app re-filters only when this changes.
    pub fn filter_part(&self) -> ViewState {
        ViewState {
            filters: self.filters.clone(),
            fits_only: self.fits_only,
            ..ViewState::default()
        }
    }

    /// Shows or hides a column, keeping the table's order of columns.
    pub fn toggle_column(&mut self, column: Column) {
        if let Some(i) = self.columns.iter().position(|c| *c == column) {
            if self.columns.len() > 1 {
                self.columns.remove(i);
            }
        } else {
            self.columns.push(column);
            let with_job = self.job.is_some();
            self.columns.sort_by_key(|c| c.place(with_job));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_is_recognised_until_the_user_changes_it() {
        let mut state = ViewState::default();
        state.apply_scenario(Scenario::MemoryBound);
        assert_eq!(state.scenario(), Some(Scenario::MemoryBound));
        let w = state.weights.get(scoring::Criterion::Trust);
        state.weights.set(scoring::Criterion::Trust, (w + 1) % 11);
        assert_eq!(state.scenario(), None);
    }

    #[test]
    fn comparison_holds_at_most_eight_offers() {
        let mut state = ViewState::default();
        for i in 0..MAX_COMPARED {
            assert!(state.toggle_selected(&format!("p/{i}")));
        }
        assert!(!state.toggle_selected("p/ninth"));
        assert_eq!(state.selection.len(), MAX_COMPARED);
        assert!(state.toggle_selected("p/3"), "removing always works");
        assert_eq!(state.selection.len(), MAX_COMPARED - 1);
    }

    #[test]
    fn the_stage_parts_ignore_what_does_not_change_the_rows() {
        let mut state = ViewState::default();
        let (pricing, filter) = (state.pricing_part(), state.filter_part());
        let same = |s: &ViewState| s.pricing_part() == pricing && s.filter_part() == filter;
        state.apply_scenario(Scenario::MemoryBound);
        state.term = Term::OnDemand;
        state.selection.push("aws/p5.48xlarge".into());
        state.lang = Lang::Zh;
        state.mode = Mode::Charts;
        state.plan.hours_per_month = 100.0;
        assert!(same(&state));
        state.sort = state.sort.toggled(Column::Price);
        assert!(same(&state), "a sort change is the order stage's alone");
        state.filters.search = "h100".into();
        assert_eq!(state.pricing_part(), pricing, "a search does not re-price");
        assert_ne!(state.filter_part(), filter);
        state.filters.search.clear();
        state.price.currency = catalog::Currency::Cny;
        assert_eq!(
            state.filter_part(),
            filter,
            "a currency leaves the filter settings be"
        );
        assert_ne!(state.pricing_part(), pricing);
    }

    #[test]
    fn with_a_job_its_answer_and_the_date_come_beside_the_accelerator_and_go_back_after() {
        let mut state = ViewState::default();
        let default = state.columns.clone();
        state.set_job(Some(workload::Preset::LoraFineTune7b.job()));
        let at = |c: Column| state.columns.iter().position(|x| *x == c).unwrap();
        // Provider, accelerator, price per accelerator, then the job, then the date.
        assert!(at(Column::PricePerAccelerator) < at(Column::JobFit));
        assert!(at(Column::JobCost) < at(Column::AsOf));
        assert!(at(Column::AsOf) < at(Column::Count));
        assert!(at(Column::AsOf) < at(Column::Price));
        assert_eq!(at(Column::Provider), 0);
        state.set_job(None);
        assert_eq!(
            state.columns, default,
            "the first screen's order comes back"
        );
    }

    #[test]
    fn columns_keep_table_order_and_one_always_stays() {
        let mut state = ViewState {
            columns: vec![Column::Price],
            ..ViewState::default()
        };
        state.toggle_column(Column::Provider);
        assert_eq!(state.columns, [Column::Provider, Column::Price]);
        state.toggle_column(Column::Provider);
        state.toggle_column(Column::Price);
        assert_eq!(state.columns, [Column::Price], "the last column stays");
    }

    #[test]
    fn a_currency_nobody_picked_follows_the_language_and_a_picked_one_stays() {
        let mut state = ViewState::default();
        state.switch_lang(Lang::Zh);
        assert_eq!(state.price.currency, catalog::Currency::Cny, "中文 → CNY");
        state.switch_lang(Lang::En);
        assert_eq!(state.price.currency, catalog::Currency::Usd, "back to USD");
        state.choose_currency(catalog::Currency::Eur);
        state.switch_lang(Lang::Zh);
        assert_eq!(state.price.currency, catalog::Currency::Eur, "a pick stays");
        state.choose_currency(catalog::Currency::Usd);
        state.switch_lang(Lang::Zh);
        assert_eq!(state.price.currency, catalog::Currency::Usd);
        // Settling a read link: only an unpicked currency moves.
        let mut read = ViewState {
            lang: Lang::Zh,
            ..ViewState::default()
        };
        read.settle_currency();
        assert_eq!(read.price.currency, catalog::Currency::Cny);
        read.currency_chosen = true;
        read.price.currency = catalog::Currency::Usd;
        read.settle_currency();
        assert_eq!(read.price.currency, catalog::Currency::Usd);
    }

    #[test]
    fn a_chinese_reader_gets_yuan_and_an_english_one_dollars() {
        let zh = ViewState::first_screen(Lang::Zh);
        assert_eq!(zh.price.currency, catalog::Currency::Cny);
        assert_eq!(zh.lang, Lang::Zh);
        assert_eq!(
            ViewState::first_screen(Lang::En),
            ViewState::default(),
            "the English first screen is the defaults"
        );
    }

    #[test]
    fn a_header_click_sorts_by_that_column_alone() {
        let mut state = ViewState::default();
        state.sort_by(Column::Memory);
        assert_eq!(state.lead, Lead::None);
        assert_eq!(state.sort, Sort::default().toggled(Column::Memory));
        state.sort_by(Column::Memory);
        assert_eq!(
            state.sort.direction,
            crate::view::columns::Direction::Ascending,
            "a second click reverses"
        );
    }
}
