//! Writing a view into a link: `v=1` first, then only what differs from the first screen, in
//! a fixed order so the same view always gives the same link.

use super::discounts;
use super::job::{words, Kind};
use super::keys::{Key, VERSION};
use super::percent::escape;
use super::plan;
use super::tokens::Token;
use crate::view::columns::{Column, Direction, Lead, Sort};
use crate::view::filters::RangeField;
use crate::view::job_form::FIELDS;
use crate::view::state::ViewState;
use scoring::{Constraints, Criterion, Weights};

/// A query being written, one `key=value` at a time.
struct Query {
    out: String,
}

impl Query {
    fn put(&mut self, key: impl AsRef<str>, escaped: &str) {
        if !self.out.is_empty() {
            self.out.push('&');
        }
        self.out.push_str(key.as_ref());
        self.out.push('=');
        self.out.push_str(escaped);
    }

    fn text(&mut self, key: impl AsRef<str>, text: &str) {
        self.put(key, &escape(text, false));
    }

    fn flag(&mut self, key: impl AsRef<str>, on: bool) {
        if on {
            self.put(key, "1");
        }
    }

    fn number(&mut self, key: impl AsRef<str>, value: Option<f64>) {
        // `Display` writes the shortest text that parses back to the same f64.
        if let Some(v) = value {
            self.put(key, &v.to_string());
        }
    }

    fn token<T: Token>(&mut self, key: impl AsRef<str>, value: T, default: T) {
        if value != default {
            self.put(key, value.token());
        }
    }

    /// A comma list; nothing when empty.
    fn list<'a>(&mut self, key: impl AsRef<str>, items: impl IntoIterator<Item = &'a str>) {
        let joined = items
            .into_iter()
            .map(|item| escape(item, true))
            .collect::<Vec<_>>()
            .join(",");
        if !joined.is_empty() {
            self.put(key, &joined);
        }
    }

    fn tokens<'a, T: Token>(
        &mut self,
        key: impl AsRef<str>,
        values: impl IntoIterator<Item = &'a T>,
    ) {
        self.list(key, values.into_iter().map(|v| v.token()));
    }
}

/// The query string (without '?') for `state`: only non-default values, `v=1` first. Stable
/// key order.
pub fn encode(state: &ViewState) -> String {
    let first = ViewState::default();
    let mut q = Query { out: String::new() };
    q.put(Key::Version, &VERSION.to_string());
    q.token(Key::Lang, state.lang, first.lang);
    q.token(Key::Theme, state.theme, first.theme);
    q.token(Key::Mode, state.mode, first.mode);

    let f = &state.filters;
    if !f.search.is_empty() {
        q.text(Key::Search, &f.search);
    }
    q.list(Key::Providers, f.providers.iter().map(String::as_str));
    q.tokens(Key::Categories, &f.categories);
    q.tokens(Key::Vendors, &f.vendors);
    q.list(Key::Models, f.models.iter().map(String::as_str));
    q.list(Key::Accelerators, f.accelerators.iter().map(String::as_str));
    q.list(
        Key::Architectures,
        f.architectures.iter().map(String::as_str),
    );
    for field in RangeField::ALL {
        // Blank text is an empty box, no filter: the UI removes it, so a link never carries it.
        if let Some(text) = f.ranges.get(&field).filter(|t| !t.trim().is_empty()) {
            q.text(field.key(), text);
        }
    }
    q.tokens(Key::Links, &f.links);
    q.flag(Key::MultiNode, f.multi_node);
    q.flag(Key::PerSecond, f.per_second_billing);
    q.flag(Key::NoCommitment, f.no_commitment);
    q.flag(Key::Kubernetes, f.kubernetes);
    q.flag(Key::FrameworkImages, f.framework_images);
    q.flag(Key::Notebooks, f.notebooks);
    q.flag(Key::KnownPrice, f.hide_unknown_price);
    q.flag(Key::Unstated, f.unstated);
    if let Some(months) = f.max_age_months {
        q.put(Key::MaxAge, &months.to_string());
    }

    q.token(Key::Term, state.term, first.term);
    q.tokens(Key::Areas, &state.regions.areas);
    q.list(
        Key::Regions,
        state.regions.regions.iter().map(String::as_str),
    );
    // The sender's pick, or a currency not the language's: a link without `cur` opens in the
    // reader's language's currency.
    if state.currency_chosen || state.price.currency != ViewState::currency_for(state.lang) {
        q.put(Key::Currency, state.price.currency.token());
    }
    q.number(Key::CustomRate, state.custom_rate);
    q.token(Key::Unit, state.price.basis, first.price.basis);
    q.token(Key::Per, state.price.duration, first.price.duration);
    if state.sort != first.sort {
        q.put(Key::Sort, &sort_text(state.sort));
    }
    // Only when it is not what the sort implies (`Lead::implied`): the first screen's lead
    // with the first screen's sort, a column alone once a header was clicked.
    q.token(
        Key::Lead,
        state.lead,
        Lead::implied(state.sort != first.sort),
    );
    q.flag(Key::OldPrices, state.old_prices);
    // A job brings its own columns; the link says so only if the user changed them.
    let expected_columns = {
        let mut expected = ViewState::default();
        expected.set_job(state.job.clone());
        expected.columns
    };
    if state.columns != expected_columns {
        q.tokens(Key::Columns, &state.columns);
    }

    ranking(&mut q, state, &first);
    job(&mut q, state);
    q.token(Key::ChartMeasure, state.chart_measure, first.chart_measure);
    q.token(
        Key::ChartEfficiency,
        state.chart_efficiency,
        first.chart_efficiency,
    );
    for (key, value) in plan::changed(&state.plan) {
        q.number(key, Some(value));
    }

    q.list(Key::Selection, state.selection.iter().map(String::as_str));
    q.flag(Key::Comparing, state.comparing);
    if let Some(offer) = &state.detail {
        q.text(Key::Detail, offer);
    }
    if let Some(variant) = &state.heat {
        q.text(Key::Heat, variant);
    }
    let discounts: Vec<String> = state.discounts.iter().map(discounts::item).collect();
    q.list(Key::Discounts, discounts.iter().map(String::as_str));
    // The first screen needs no query at all: its address stays the bare page.
    if q.out == format!("{}={VERSION}", Key::Version.name()) {
        return String::new();
    }
    q.out
}

/// The job's kind, then only the fields and words that differ from that kind's preset.
fn job(q: &mut Query, state: &ViewState) {
    let Some(job) = &state.job else { return };
    let kind = Kind::of(job);
    q.put(Key::Job, kind.token());
    let preset = kind.preset();
    for field in FIELDS {
        let now = (field.get)(job);
        if now != (field.get)(&preset) {
            q.number(field.key, now);
        }
    }
    for (key, word) in words(job) {
        q.text(key, &word);
    }
    q.flag(Key::FitsOnly, state.fits_only);
}

/// `price` ascending, `-price` descending.
fn sort_text(sort: Sort) -> String {
    let sign = match sort.direction {
        Direction::Ascending => "",
        Direction::Descending => "-",
    };
    format!("{sign}{}", Column::token(sort.column))
}

/// A preset as its name; anything else as the weights and constraints that differ.
fn ranking(q: &mut Query, state: &ViewState, first: &ViewState) {
    if state.weights == first.weights && state.constraints == first.constraints {
        return;
    }
    if let Some(scenario) = state.scenario() {
        q.put(Key::Scenario, scenario.token());
        return;
    }
    let w = &state.weights;
    if weight_digits(w) != weight_digits(&first.weights) {
        q.put(Key::Weights, &weight_digits(w));
    }
    q.token(Key::CostBasis, w.cost_basis, first.weights.cost_basis);
    constraints(q, &state.constraints);
}

/// One base-11 digit per criterion in [`Criterion::ALL`] order: `0`–`9`, and `a` for 10.
pub(super) fn weight_digits(weights: &Weights) -> String {
    Criterion::ALL
        .iter()
        .map(|c| char::from_digit(u32::from(weights.get(*c)), 11).unwrap_or('a'))
        .collect()
}

fn constraints(q: &mut Query, c: &Constraints) {
    q.number(Key::MinMemory, c.min_memory_per_accelerator_gb);
    q.number(Key::MinCount, c.min_count);
    q.number(Key::MaxCount, c.max_count);
    q.tokens(Key::NeedsLink, &c.links);
    q.flag(Key::NeedsMultiNode, c.multi_node);
    q.number(Key::Budget, c.max_price_per_hour);
    q.tokens(Key::NeedsCategory, &c.categories);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::i18n::Lang;
    use crate::pricing::{Duration, PriceBasis};
    use crate::view::state::Mode;
    use catalog::Link;
    use catalog::{Currency, ProviderCategory, Term};
    use scoring::{CostBasis, Scenario};

    #[test]
    fn the_first_screen_needs_no_query() {
        assert_eq!(encode(&ViewState::default()), "");
    }

    #[test]
    fn common_filters_read_as_written() {
        let mut state = ViewState::default();
        state.filters.accelerators.insert("h100-sxm5-80gb".into());
        state
            .filters
            .ranges
            .insert(RangeField::MemoryPerAccelerator, "80..".into());
        state.price.currency = Currency::Cny;
        assert_eq!(encode(&state), "v=1&gpu=h100-sxm5-80gb&mem=80..&cur=cny");
    }

    #[test]
    fn blank_range_text_is_not_written() {
        let mut state = ViewState::default();
        state.filters.ranges.insert(RangeField::Vcpus, "  ".into());
        assert_eq!(encode(&state), "");
    }

    #[test]
    fn sort_writes_descending_with_a_minus() {
        let mut state = ViewState {
            sort: Sort {
                column: Column::Memory,
                direction: Direction::Descending,
            },
            lead: Lead::None,
            ..ViewState::default()
        };
        assert_eq!(encode(&state), "v=1&sort=-memory");
        state.sort.direction = Direction::Ascending;
        assert_eq!(encode(&state), "v=1&sort=memory");
        // A data-centre lead with another sort than the first screen's is said.
        state.lead = Lead::DataCentre;
        assert_eq!(encode(&state), "v=1&sort=memory&lead=data-centre");
    }

    #[test]
    fn a_preset_is_written_as_its_name() {
        let mut state = ViewState {
            mode: Mode::Rank,
            ..ViewState::default()
        };
        state.apply_scenario(Scenario::Enterprise);
        assert_eq!(
            encode(&state),
            "v=1&mode=rank&term=reserved-1y&scn=enterprise"
        );
    }

    #[test]
    fn custom_weights_are_seven_digits_and_constraints_their_own_keys() {
        let mut state = ViewState {
            weights: Weights::from_array([8, 10, 5, 8, 3, 1, 0], CostBasis::GbHour),
            ..ViewState::default()
        };
        state.constraints.min_count = Some(2.0);
        state.constraints.links.insert(Link::Nvlink);
        state.constraints.max_price_per_hour = Some(12.5);
        state
            .constraints
            .categories
            .insert(ProviderCategory::GpuCloud);
        assert_eq!(
            encode(&state),
            "v=1&w=8a58310&cb=gb-hour&c.min=2&c.link=nvlink&c.budget=12.5&c.cat=gpu-cloud"
        );
    }

    #[test]
    fn only_the_cost_basis_is_written_when_only_it_changed() {
        let mut state = ViewState::default();
        state.weights.cost_basis = CostBasis::Hour;
        assert_eq!(encode(&state), "v=1&cb=hour");
    }

    #[test]
    fn keys_come_in_one_fixed_order() {
        let mut state = ViewState {
            lang: Lang::Zh,
            comparing: true,
            detail: Some("aws/p5.48xlarge".into()),
            selection: vec!["b/2".into(), "a/1".into()],
            custom_rate: Some(7.25),
            term: Term::Spot,
            ..ViewState::default()
        };
        state.price.basis = PriceBasis::Accelerator;
        state.price.duration = Duration::Month;
        state.filters.search = "4090 显卡".into();
        state.filters.providers = ["autodl".to_string(), "aws".to_string()].into();
        state.columns = vec![Column::Price, Column::Provider];
        // Chinese and nobody picked a currency: yuan, which the link need not say.
        state.settle_currency();
        assert_eq!(
            encode(&state),
            "v=1&lang=zh&q=4090%20%E6%98%BE%E5%8D%A1&p=autodl,aws&term=spot&rate=7.25\
             &unit=accelerator&per=month&cols=price,provider&sel=b/2,a/1&cmp=1\
             &detail=aws/p5.48xlarge"
        );
    }

    #[test]
    fn commas_inside_list_items_are_escaped() {
        let mut state = ViewState::default();
        state.filters.models = ["A,B".to_string(), "C".to_string()].into();
        assert_eq!(encode(&state), "v=1&model=A%2CB,C");
    }

    #[test]
    fn weights_use_one_digit_each() {
        assert_eq!(weight_digits(&Weights::default()), "5555555");
        let w = Weights::from_array([0, 1, 9, 10, 10, 2, 3], CostBasis::Hour);
        assert_eq!(weight_digits(&w), "019aa23");
    }
}
