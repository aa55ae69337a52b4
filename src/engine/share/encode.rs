//! Writing a view into a link: `v=1` first, then only what differs from the first screen, in
//! a fixed order so the same view always gives the same link.

use super::job::{words, Kind, FIELDS};
use super::percent::escape;
use super::plan;
use super::tokens::Token;
use super::VERSION;
use crate::engine::scoring::{Constraints, Criterion, Weights};
use crate::engine::table::{Column, Direction, Sort};
use crate::engine::view::filters::RangeField;
use crate::engine::view::state::ViewState;

/// A query being written, one `key=value` at a time.
struct Query {
    out: String,
}

impl Query {
    fn put(&mut self, key: &str, escaped: &str) {
        if !self.out.is_empty() {
            self.out.push('&');
        }
        self.out.push_str(key);
        self.out.push('=');
        self.out.push_str(escaped);
    }

    fn text(&mut self, key: &str, text: &str) {
        self.put(key, &escape(text, false));
    }

    fn flag(&mut self, key: &str, on: bool) {
        if on {
            self.put(key, "1");
        }
    }

    fn number(&mut self, key: &str, value: Option<f64>) {
        // `Display` writes the shortest text that parses back to the same f64.
        if let Some(v) = value {
            self.put(key, &v.to_string());
        }
    }

    fn token<T: Token>(&mut self, key: &str, value: T, default: T) {
        if value != default {
            self.put(key, value.token());
        }
    }

    /// A comma list; nothing when empty.
    fn list<'a>(&mut self, key: &str, items: impl IntoIterator<Item = &'a str>) {
        let joined = items
            .into_iter()
            .map(|item| escape(item, true))
            .collect::<Vec<_>>()
            .join(",");
        if !joined.is_empty() {
            self.put(key, &joined);
        }
    }

    fn tokens<'a, T: Token>(&mut self, key: &str, values: impl IntoIterator<Item = &'a T>) {
        self.list(key, values.into_iter().map(|v| v.token()));
    }
}

/// The query string (without '?') for `state`: only non-default values, `v=1` first. Stable
/// key order.
pub fn encode(state: &ViewState) -> String {
    let first = ViewState::default();
    let mut q = Query { out: String::new() };
    q.put("v", &VERSION.to_string());
    q.token("lang", state.lang, first.lang);
    q.token("theme", state.theme, first.theme);
    q.token("mode", state.mode, first.mode);

    let f = &state.filters;
    if !f.search.is_empty() {
        q.text("q", &f.search);
    }
    q.list("p", f.providers.iter().map(String::as_str));
    q.tokens("cat", &f.categories);
    q.tokens("vendor", &f.vendors);
    q.list("model", f.models.iter().map(String::as_str));
    q.list("gpu", f.accelerators.iter().map(String::as_str));
    q.list("arch", f.architectures.iter().map(String::as_str));
    for field in RangeField::ALL {
        // Blank text is an empty box, no filter: the UI removes it, so a link never carries it.
        if let Some(text) = f.ranges.get(&field).filter(|t| !t.trim().is_empty()) {
            q.text(field.key(), text);
        }
    }
    q.tokens("link", &f.links);
    q.flag("multi", f.multi_node);
    q.flag("persec", f.per_second_billing);
    q.flag("nocommit", f.no_commitment);
    q.flag("k8s", f.kubernetes);
    q.flag("images", f.framework_images);
    q.flag("notebooks", f.notebooks);
    q.flag("known", f.hide_unknown_price);
    if let Some(months) = f.max_age_months {
        q.put("age", &months.to_string());
    }

    q.token("term", state.term, first.term);
    q.tokens("area", &state.regions.areas);
    q.list("region", state.regions.regions.iter().map(String::as_str));
    q.token("cur", state.price.currency, first.price.currency);
    q.number("rate", state.custom_rate);
    q.token("unit", state.price.basis, first.price.basis);
    q.token("per", state.price.duration, first.price.duration);
    if state.sort != first.sort {
        q.put("sort", &sort_text(state.sort));
    }
    // A job brings its own columns; the link says so only if the user changed them.
    let expected_columns = {
        let mut expected = ViewState::default();
        expected.set_job(state.job.clone());
        expected.columns
    };
    if state.columns != expected_columns {
        q.tokens("cols", &state.columns);
    }

    ranking(&mut q, state, &first);
    job(&mut q, state);
    q.token("cy", state.chart_measure, first.chart_measure);
    q.token("ceff", state.chart_efficiency, first.chart_efficiency);
    for (key, value) in plan::changed(&state.plan) {
        q.number(key, Some(value));
    }

    q.list("sel", state.selection.iter().map(String::as_str));
    q.flag("cmp", state.comparing);
    if let Some(offer) = &state.detail {
        q.text("detail", offer);
    }
    // The first screen needs no query at all: its address stays the bare page.
    if q.out == format!("v={VERSION}") {
        return String::new();
    }
    q.out
}

/// The job's kind, then only the fields and words that differ from that kind's preset.
fn job(q: &mut Query, state: &ViewState) {
    let Some(job) = &state.job else { return };
    let kind = Kind::of(job);
    q.put("job", kind.token());
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
    q.flag("fit", state.fits_only);
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
        q.put("scn", scenario.token());
        return;
    }
    let w = &state.weights;
    if weight_digits(w) != weight_digits(&first.weights) {
        q.put("w", &weight_digits(w));
    }
    q.token("cb", w.cost_basis, first.weights.cost_basis);
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
    q.number("c.mem", c.min_memory_per_accelerator_gb);
    q.number("c.min", c.min_count);
    q.number("c.max", c.max_count);
    q.tokens("c.link", &c.links);
    q.flag("c.multi", c.multi_node);
    q.number("c.budget", c.max_price_per_hour);
    q.tokens("c.cat", &c.categories);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::catalog::{Currency, ProviderCategory, Term};
    use crate::engine::i18n::Lang;
    use crate::engine::pricing::{Duration, PriceBasis};
    use crate::engine::scoring::{CostBasis, Scenario};
    use crate::engine::view::filters::Link;
    use crate::engine::view::state::Mode;

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
            ..ViewState::default()
        };
        assert_eq!(encode(&state), "v=1&sort=-memory");
        state.sort.direction = Direction::Ascending;
        assert_eq!(encode(&state), "v=1&sort=memory");
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
