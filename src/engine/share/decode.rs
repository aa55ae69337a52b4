//! Reading a link back into a view: everything that can be read is applied, everything else is
//! listed for the notice. Nothing here fails or panics; the worst link opens the first screen
//! with a list of what was left out.

use std::collections::BTreeSet;

use super::discounts;
use super::job::{self, set_number, set_word, Kind};
use super::keys::{Key, VERSION};
use super::notice::{Ignored, Reason};
use super::percent::{preview, shorten, unescape};
use super::plan;
use super::query::{group_thousands, params, unwrap_escaped, Param, MAX_QUERY_CHARS, WHOLE_LINK};
use super::tokens::Token;
use crate::discounts::Discounts;
use crate::view::columns::{Column, Direction, Lead, Sort};
use crate::view::filters::RangeField;
use crate::view::job_form::FIELDS;
use crate::view::range::NumRange;
use crate::view::state::{ViewState, MAX_COMPARED};
use catalog::AsOf;
use scoring::{Constraints, Criterion, Scenario, Weights, MAX_WEIGHT};

/// The longest value read, in bytes as written; a longer one is not even decoded.
pub(super) const MAX_RAW_VALUE: usize = 8 * 1024;
/// The longest value kept, in bytes once decoded (a list counts all its items).
pub(super) const MAX_VALUE: usize = 2 * 1024;
/// The most items a list may hold; the selection holds at most [`MAX_COMPARED`].
pub(super) const MAX_LIST: usize = 64;

/// The view a link describes, and what of it could not be honoured.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub state: ViewState,
    pub ignored: Vec<Ignored>,
    /// The query names no setting of a view (nothing, or only the version, language or theme): the
    /// reader gets the first screen of their language ([`ViewState::first_screen`]), its
    /// currency included. A link with settings shows what its sender saw instead, so a
    /// missing `cur` stays US dollars, the link format's default.
    pub first_screen: bool,
    /// The catalog version the link was made with (`cv`), when it has a readable one.
    pub catalog_version: Option<AsOf>,
}

/// A custom USD→CNY rate must lie strictly between these, as the rate box accepts.
const RATE_ABOVE: f64 = 0.0;
const RATE_BELOW: f64 = 1_000.0;
/// "Hide prices older than" in months: the box's own bound, so a link cannot bring an age
/// limit the box would refuse.
const MAX_AGE_MONTHS: u64 = crate::view::filters::MAX_AGE_MONTHS as u64;
/// Constraint numbers (GB, accelerators, price per hour) beyond this are typos, not needs.
const MAX_CONSTRAINT: f64 = 1e9;

/// Reads a query string (with or without leading '?', percent-encoded or not). Never fails,
/// never panics. `offer_exists` says whether an offer id is in the catalog (unknown ids are kept
/// out of the state but reported).
pub fn decode(query: &str, offer_exists: &dyn Fn(&str) -> bool) -> Decoded {
    let mut reader = Reader {
        state: ViewState::default(),
        ignored: Vec::new(),
        offer_exists,
        catalog_version: None,
    };
    let bare = query.strip_prefix('?').unwrap_or(query);
    if bare.len() > MAX_QUERY_CHARS {
        // Said first: it explains whatever else the notice lists.
        reader.ignored.push(Ignored {
            key: WHOLE_LINK.into(),
            value: format!("{} characters", group_thousands(bare.len())),
            reason: Reason::LongLink,
        });
    }
    let unwrapped = unwrap_escaped(bare);
    let all = params(unwrapped.as_deref().unwrap_or(query), &mut reader.ignored);

    // The first of a repeated key wins, so the result does not depend on how a tool appended.
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let first: Vec<bool> = all.iter().map(|p| seen.insert(&p.key)).collect();
    // Each key looked up in the key table once.
    let keys: Vec<Option<Key>> = all.iter().map(|p| Key::from_name(&p.key)).collect();
    // The version first: it says how the rest is read. Then a scenario, the starting point that
    // explicit weights and constraints refine, whatever order the link lists them in. The rest,
    // and so the notice, in link order.
    let early = |i: &usize| first[*i] && matches!(keys[*i], Some(Key::Version | Key::Scenario));
    let order = (0..all.len())
        .filter(early)
        .chain((0..all.len()).filter(|i| !early(i)));
    let mut job_params = Vec::new();
    for i in order {
        let param = &all[i];
        if !first[i] {
            reader.ignore_raw(&param.key, param.raw, Reason::TooMany);
        } else if job::rank(&param.key).is_some() {
            job_params.push(param);
        } else {
            reader.apply(param, keys[i]);
        }
    }
    // The job's kind first, then its numbers, then its words, whatever the link's order.
    job_params.sort_by_key(|p| job::rank(&p.key));
    for param in job_params {
        reader.job_param(param);
    }
    reader.settle_job(keys.contains(&Some(Key::Columns)));
    let first_screen = !keys.iter().flatten().any(|k| {
        !matches!(
            k,
            Key::Version
                | Key::Lang
                | Key::Theme
                | Key::CatalogVersion
                | Key::BenchOffers
                | Key::BenchTimings
        )
    });
    // Without `cur`, the currency is the language's (CNY in Chinese); the app settles it
    // again once the browser's language is known.
    reader.state.settle_currency();
    // Without a `lead` key, what the sort implies: a link with its own sort (a header was
    // clicked, in version 1 too) is sorted by that column alone, as its sender saw it.
    if !keys.contains(&Some(Key::Lead)) {
        reader.state.lead = Lead::implied(keys.contains(&Some(Key::Sort)));
    }
    Decoded {
        state: reader.state,
        ignored: reader.ignored,
        first_screen,
        catalog_version: reader.catalog_version,
    }
}

/// Sets `slot` when a value was read; a value that was not leaves the default.
fn assign<T>(value: Option<T>, slot: &mut T) {
    if let Some(v) = value {
        *slot = v;
    }
}

struct Reader<'f> {
    state: ViewState,
    ignored: Vec<Ignored>,
    offer_exists: &'f dyn Fn(&str) -> bool,
    catalog_version: Option<AsOf>,
}

impl Reader<'_> {
    /// Reports a value still as written.
    fn ignore_raw(&mut self, key: &str, raw: &str, reason: Reason) {
        self.ignored.push(Ignored {
            key: shorten(key),
            value: preview(raw),
            reason,
        });
    }

    /// Reports a value already decoded.
    fn ignore(&mut self, key: &str, text: &str, reason: Reason) {
        self.ignored.push(Ignored {
            key: shorten(key),
            value: shorten(text),
            reason,
        });
    }

    /// Applies a view parameter; `key` is its entry in the key table, if it has one.
    fn apply(&mut self, p: &Param<'_>, key: Option<Key>) {
        if let Some(field) = RangeField::ALL.into_iter().find(|f| f.key() == p.key) {
            return self.range(p, field);
        }
        match key {
            Some(Key::Version) => self.version(p),
            Some(Key::CatalogVersion) => {
                let Some(text) = self.text(p) else { return };
                self.catalog_version = super::stamp::read_version(&text);
                if self.catalog_version.is_none() {
                    self.ignore(&p.key, &text, Reason::BadValue);
                }
            }
            Some(Key::Lang) => assign(self.token(p), &mut self.state.lang),
            Some(Key::Theme) => assign(self.token(p), &mut self.state.theme),
            Some(Key::Mode) => assign(self.token(p), &mut self.state.mode),

            Some(Key::Search) => assign(self.text(p), &mut self.state.filters.search),
            Some(Key::Providers) => self.state.filters.providers = self.strings(p),
            Some(Key::Categories) => self.state.filters.categories = self.tokens(p),
            Some(Key::Vendors) => self.state.filters.vendors = self.tokens(p),
            Some(Key::Models) => self.state.filters.models = self.strings(p),
            Some(Key::Accelerators) => self.state.filters.accelerators = self.strings(p),
            Some(Key::Architectures) => self.state.filters.architectures = self.strings(p),
            Some(Key::Links) => self.state.filters.links = self.tokens(p),
            Some(Key::MultiNode) => assign(self.flag(p), &mut self.state.filters.multi_node),
            Some(Key::PerSecond) => {
                assign(self.flag(p), &mut self.state.filters.per_second_billing)
            }
            Some(Key::NoCommitment) => assign(self.flag(p), &mut self.state.filters.no_commitment),
            Some(Key::Kubernetes) => assign(self.flag(p), &mut self.state.filters.kubernetes),
            Some(Key::FrameworkImages) => {
                assign(self.flag(p), &mut self.state.filters.framework_images)
            }
            Some(Key::Notebooks) => assign(self.flag(p), &mut self.state.filters.notebooks),
            Some(Key::KnownPrice) => {
                assign(self.flag(p), &mut self.state.filters.hide_unknown_price)
            }
            Some(Key::MaxAge) => self.age(p),

            Some(Key::Term) => assign(self.token(p), &mut self.state.term),
            Some(Key::Areas) => self.state.regions.areas = self.tokens(p),
            Some(Key::Regions) => self.state.regions.regions = self.strings(p),
            Some(Key::Currency) => {
                // A link's currency was its sender's pick: it stays whatever the language.
                if let Some(currency) = self.token(p) {
                    self.state.choose_currency(currency);
                }
            }
            Some(Key::CustomRate) => {
                let rate = self.number(p, |r| r > RATE_ABOVE && r < RATE_BELOW);
                assign(rate.map(Some), &mut self.state.custom_rate);
            }
            Some(Key::Unit) => assign(self.token(p), &mut self.state.price.basis),
            Some(Key::Per) => assign(self.token(p), &mut self.state.price.duration),
            Some(Key::Sort) => self.sort(p),
            Some(Key::Lead) => assign(self.token(p), &mut self.state.lead),
            Some(Key::Unstated) => assign(self.flag(p), &mut self.state.filters.unstated),
            Some(Key::OldPrices) => assign(self.flag(p), &mut self.state.old_prices),
            Some(Key::Columns) => self.columns(p),

            Some(Key::Scenario) => self.scenario(p),
            Some(Key::Weights) => self.weights(p),
            Some(Key::CostBasis) => assign(self.token(p), &mut self.state.weights.cost_basis),
            Some(Key::MinMemory) => {
                self.constraint(p, |c, v| c.min_memory_per_accelerator_gb = Some(v))
            }
            Some(Key::MinCount) => self.constraint(p, |c, v| c.min_count = Some(v)),
            Some(Key::MaxCount) => self.constraint(p, |c, v| c.max_count = Some(v)),
            Some(Key::Budget) => self.constraint(p, |c, v| c.max_price_per_hour = Some(v)),
            Some(Key::NeedsLink) => self.state.constraints.links = self.tokens(p),
            Some(Key::NeedsMultiNode) => {
                assign(self.flag(p), &mut self.state.constraints.multi_node)
            }
            Some(Key::NeedsCategory) => self.state.constraints.categories = self.tokens(p),

            Some(Key::Selection) => self.selection(p),
            Some(Key::Comparing) => assign(self.flag(p), &mut self.state.comparing),
            Some(Key::Detail) => self.detail(p),
            Some(Key::Heat) => self.heat(p),
            Some(Key::Discounts) => self.discounts(p),
            Some(Key::ChartMeasure) => assign(self.token(p), &mut self.state.chart_measure),
            Some(Key::ChartEfficiency) => assign(self.token(p), &mut self.state.chart_efficiency),
            // Benchmark switches are read by the app at start, not part of a view.
            Some(Key::BenchOffers | Key::BenchTimings) => {}
            _ if plan::is_key(&p.key) => self.plan(p),
            _ => self.ignore_raw(&p.key, p.raw, Reason::UnknownKey),
        }
    }

    // ---- The calculator's job ----

    fn job_param(&mut self, p: &Param<'_>) {
        if p.key == Key::Job.name() {
            if let Some(kind) = self.token::<Kind>(p) {
                self.state.job = Some(kind.preset());
            }
            return;
        }
        if p.key == Key::FitsOnly.name() {
            return assign(self.flag(p), &mut self.state.fits_only);
        }
        let Some(text) = self.text(p) else { return };
        let Some(mut job) = self.state.job.take() else {
            return self.ignore(&p.key, &text, Reason::BadValue);
        };
        let result = if FIELDS.iter().any(|f| f.key == p.key) {
            match text.trim().parse::<f64>() {
                Ok(v) if v.is_finite() => set_number(&mut job, &p.key, v),
                Ok(v) if v.is_infinite() => Err(Reason::OutOfRange),
                _ => Err(Reason::BadValue),
            }
        } else {
            set_word(&mut job, &p.key, &text)
        };
        if let Err(reason) = result {
            self.ignore(&p.key, &text, reason);
        }
        self.state.job = Some(job);
    }

    /// A job without its columns in the link gets them; "fits only" needs a job.
    fn settle_job(&mut self, link_has_columns: bool) {
        if self.state.job.is_none() {
            self.state.fits_only = false;
        } else if !link_has_columns {
            let job = self.state.job.take();
            let fits_only = self.state.fits_only;
            self.state.set_job(job);
            self.state.fits_only = fits_only;
        }
    }

    /// A number of the money plan, kept only if the plan's form would accept it.
    fn plan(&mut self, p: &Param<'_>) {
        let plan = self.state.plan.clone();
        let accepts = |v: f64| plan::set_number(&mut plan.clone(), &p.key, v).is_ok();
        if let Some(v) = self.number(p, accepts) {
            let _ = plan::set_number(&mut self.state.plan, &p.key, v);
        }
    }

    // ---- Value shapes ----

    /// The decoded value, or `None` (reported) when too long or unreadable.
    fn text(&mut self, p: &Param<'_>) -> Option<String> {
        if p.raw.len() > MAX_RAW_VALUE {
            self.ignore_raw(&p.key, p.raw, Reason::TooMany);
            return None;
        }
        match unescape(p.raw) {
            Ok(text) if text.len() > MAX_VALUE => {
                self.ignore(&p.key, &text, Reason::TooMany);
                None
            }
            Ok(text) => Some(text),
            Err(_) => {
                self.ignore_raw(&p.key, p.raw, Reason::BadValue);
                None
            }
        }
    }

    fn token<T: Token>(&mut self, p: &Param<'_>) -> Option<T> {
        let text = self.text(p)?;
        let value = T::from_token(&text);
        if value.is_none() {
            self.ignore(&p.key, &text, Reason::BadValue);
        }
        value
    }

    /// A comma list's items, decoded one by one so an escaped `%2C` stays inside its item.
    /// Empty items (`a,,b`, a trailing comma) are skipped, repeats kept once, in link order.
    fn items(&mut self, p: &Param<'_>) -> Vec<String> {
        if p.raw.len() > MAX_RAW_VALUE {
            self.ignore_raw(&p.key, p.raw, Reason::TooMany);
            return Vec::new();
        }
        let mut out: Vec<String> = Vec::new();
        let mut budget = MAX_VALUE;
        for (n, raw) in p.raw.split(',').enumerate() {
            if n == MAX_LIST {
                let rest = p.raw.split(',').count() - n;
                self.ignore(&p.key, &format!("{rest} more"), Reason::TooMany);
                break;
            }
            match unescape(raw) {
                Ok(item) if item.len() > budget => {
                    self.ignore(&p.key, &item, Reason::TooMany);
                    break;
                }
                Ok(item) if item.is_empty() || out.contains(&item) => {}
                Ok(item) => {
                    budget -= item.len();
                    out.push(item);
                }
                Err(_) => self.ignore_raw(&p.key, raw, Reason::BadValue),
            }
        }
        out
    }

    fn strings(&mut self, p: &Param<'_>) -> BTreeSet<String> {
        self.items(p).into_iter().collect()
    }

    /// Known words of a list; each unknown one is reported and the others kept.
    fn tokens<T: Token + Ord>(&mut self, p: &Param<'_>) -> BTreeSet<T> {
        let mut out = BTreeSet::new();
        for item in self.items(p) {
            match T::from_token(&item) {
                Some(value) => {
                    out.insert(value);
                }
                None => self.ignore(&p.key, &item, Reason::BadValue),
            }
        }
        out
    }

    /// `1`/`true`/`yes`/`on`, or the bare key (`&multi`), is on; `0`/`false`/`no`/`off` is off.
    fn flag(&mut self, p: &Param<'_>) -> Option<bool> {
        let text = self.text(p)?;
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "1" | "true" | "yes" | "on" => Some(true),
            "0" | "false" | "no" | "off" => Some(false),
            _ => {
                self.ignore(&p.key, &text, Reason::BadValue);
                None
            }
        }
    }

    /// A finite number that `allowed` accepts. Rust reads `NaN` and `inf` as numbers; neither
    /// is a setting, so they are bad values, while a real number outside `allowed` is out of
    /// range.
    fn number(&mut self, p: &Param<'_>, allowed: impl Fn(f64) -> bool) -> Option<f64> {
        let text = self.text(p)?;
        let reason = match text.trim().parse::<f64>() {
            Ok(v) if v.is_nan() => Reason::BadValue,
            Ok(v) if v.is_finite() && allowed(v) => return Some(v),
            Ok(v) if v.is_finite() || text.bytes().any(|b| b.is_ascii_digit()) => {
                Reason::OutOfRange
            }
            _ => Reason::BadValue,
        };
        self.ignore(&p.key, &text, reason);
        None
    }

    // ---- Settings with their own rules ----

    /// `v=1` (or no `v`) is this version. A newer link is still read key by key, with a line
    /// in the notice saying it may not all have been understood.
    fn version(&mut self, p: &Param<'_>) {
        let Some(text) = self.text(p) else { return };
        match text.trim().parse::<u64>() {
            Ok(v) if v == u64::from(VERSION) => {}
            Ok(v) if v > u64::from(VERSION) => {
                self.ignore(&p.key, &text, Reason::UnsupportedVersion)
            }
            _ => self.ignore(&p.key, &text, Reason::BadValue),
        }
    }

    /// Range text as typed, if it reads as a range; blank text is no filter at all.
    fn range(&mut self, p: &Param<'_>, field: RangeField) {
        let Some(text) = self.text(p) else { return };
        match NumRange::parse(&text) {
            Ok(Some(_)) => {
                self.state.filters.ranges.insert(field, text);
            }
            Ok(None) => {}
            Err(_) => self.ignore(&p.key, &text, Reason::BadValue),
        }
    }

    fn age(&mut self, p: &Param<'_>) {
        let Some(text) = self.text(p) else { return };
        let digits = text.trim();
        let reason = match digits.parse::<u64>() {
            Ok(months) if (1..=MAX_AGE_MONTHS).contains(&months) => {
                self.state.filters.max_age_months = u32::try_from(months).ok();
                return;
            }
            Ok(_) => Reason::OutOfRange,
            // Digits too many for u64 are a number, just an absurd one.
            Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                Reason::OutOfRange
            }
            Err(_) => Reason::BadValue,
        };
        self.ignore(&p.key, &text, reason);
    }

    /// `price` ascending, `-price` descending.
    fn sort(&mut self, p: &Param<'_>) {
        let Some(text) = self.text(p) else { return };
        let trimmed = text.trim();
        let (direction, key) = match trimmed.strip_prefix('-') {
            Some(key) => (Direction::Descending, key),
            None => (Direction::Ascending, trimmed),
        };
        match Column::from_token(key) {
            Some(column) => self.state.sort = Sort { column, direction },
            None => self.ignore(&p.key, &text, Reason::BadValue),
        }
    }

    /// Visible columns in the link's order; unknown ones are reported, and a list with no
    /// known column keeps the default rather than showing an empty table.
    fn columns(&mut self, p: &Param<'_>) {
        let reported = self.ignored.len();
        let mut columns = Vec::new();
        for item in self.items(p) {
            match Column::from_token(&item) {
                Some(c) if !columns.contains(&c) => columns.push(c),
                Some(_) => {}
                None => self.ignore(&p.key, &item, Reason::BadValue),
            }
        }
        if !columns.is_empty() {
            self.state.columns = columns;
        } else if self.ignored.len() == reported {
            // `cols=` or `cols=,`: nothing to show, and nothing said so yet.
            self.ignore_raw(&p.key, p.raw, Reason::BadValue);
        }
    }

    fn scenario(&mut self, p: &Param<'_>) {
        if let Some(scenario) = self.token::<Scenario>(p) {
            let (weights, constraints) = scenario.preset();
            self.state.weights = weights;
            self.state.constraints = constraints;
        }
    }

    /// Seven base-11 digits in [`Criterion::ALL`] order (`a` = 10). The cost basis is `cb`'s.
    fn weights(&mut self, p: &Param<'_>) {
        let Some(text) = self.text(p) else { return };
        let digits: Vec<Option<u32>> = text.trim().chars().map(|c| c.to_digit(36)).collect();
        let reason = if digits.len() != Criterion::ALL.len() || digits.contains(&None) {
            Reason::BadValue
        } else if digits.iter().flatten().any(|d| *d > u32::from(MAX_WEIGHT)) {
            Reason::OutOfRange
        } else {
            let mut array = [0u8; 7];
            for (slot, digit) in array.iter_mut().zip(digits.into_iter().flatten()) {
                *slot = digit as u8;
            }
            let basis = self.state.weights.cost_basis;
            self.state.weights = Weights::from_array(array, basis);
            return;
        };
        self.ignore(&p.key, &text, reason);
    }

    fn constraint(&mut self, p: &Param<'_>, set: fn(&mut Constraints, f64)) {
        if let Some(v) = self.number(p, |v| (0.0..=MAX_CONSTRAINT).contains(&v)) {
            set(&mut self.state.constraints, v);
        }
    }

    /// Offers in pick order; ones no longer in the catalog are reported, and no more than
    /// [`MAX_COMPARED`] are kept.
    fn selection(&mut self, p: &Param<'_>) {
        let mut selection = Vec::new();
        for id in self.items(p) {
            if !(self.offer_exists)(&id) {
                self.ignore(&p.key, &id, Reason::UnknownOffer);
            } else if selection.len() == MAX_COMPARED {
                self.ignore(&p.key, &id, Reason::TooMany);
            } else {
                selection.push(id);
            }
        }
        self.state.selection = selection;
    }

    /// The user's discounts: each damaged item is reported and the others kept; a second one
    /// for the same provider and term, or one past the limit, is too many.
    fn discounts(&mut self, p: &Param<'_>) {
        let mut out = Discounts::default();
        for item in self.items(p) {
            let result = discounts::read(&item).and_then(|d| {
                if out.iter().any(|kept| kept.same_scope(&d)) {
                    return Err(Reason::TooMany);
                }
                out.set(d).map_err(|_| Reason::TooMany)
            });
            if let Err(reason) = result {
                self.ignore(&p.key, &item, reason);
            }
        }
        self.state.discounts = out;
    }

    /// An accelerator id: lower-case letters, digits and hyphens, as the catalog writes them.
    fn heat(&mut self, p: &Param<'_>) {
        let Some(id) = self.text(p) else { return };
        let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if !id.is_empty() && id.len() <= 64 && id.chars().all(slug) {
            self.state.heat = Some(id);
        } else {
            self.ignore(&p.key, &id, Reason::BadValue);
        }
    }

    fn detail(&mut self, p: &Param<'_>) {
        let Some(id) = self.text(p) else { return };
        if id.is_empty() {
            self.ignore(&p.key, &id, Reason::BadValue);
        } else if (self.offer_exists)(&id) {
            self.state.detail = Some(id);
        } else {
            self.ignore(&p.key, &id, Reason::UnknownOffer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::i18n::Lang;
    use catalog::{Area, Currency, Term};
    use scoring::CostBasis;

    fn any_offer(_: &str) -> bool {
        true
    }

    fn read(query: &str) -> Decoded {
        decode(query, &any_offer)
    }

    /// The (key, reason) pairs of the notice, in order.
    fn reasons(decoded: &Decoded) -> Vec<(&str, Reason)> {
        decoded
            .ignored
            .iter()
            .map(|i| (i.key.as_str(), i.reason))
            .collect()
    }

    #[test]
    fn a_job_number_outside_its_rule_is_left_out_of_a_link_and_said() {
        use workload::Workload;
        let d = read("job=tune&j.mfu=1e-300&j.runs=-5&j.dl=1e300&j.p=13");
        let Some(Workload::FineTune { mfu, params_b, .. }) =
            d.state.job.as_ref().map(|j| &j.workload)
        else {
            panic!("{:?}", d.state.job)
        };
        assert_eq!((*mfu, *params_b), (None, 13.0));
        let job = d.state.job.as_ref().unwrap();
        assert_eq!((job.runs, job.deadline_hours), (1, None));
        let mut said = reasons(&d);
        said.sort_by_key(|(key, _)| *key);
        assert_eq!(
            said,
            [
                ("j.dl", Reason::OutOfRange),
                ("j.mfu", Reason::OutOfRange),
                ("j.runs", Reason::OutOfRange),
            ]
        );
    }

    #[test]
    fn an_over_long_link_opens_with_what_it_holds_and_says_it_is_too_long() {
        let query = format!("v=1&cur=cny&q={}&sort=-memory", "h100+".repeat(4_000));
        let d = read(&query);
        assert_eq!(d.state.price.currency, Currency::Cny);
        assert_eq!(
            d.state.sort.direction,
            crate::view::columns::Direction::Descending
        );
        let said: Vec<String> = d
            .ignored
            .iter()
            .map(|i| format!("{}={} — {}", i.key, i.value, i.reason.describe(Lang::En)))
            .collect();
        assert!(
            said.iter().any(|s| s.starts_with("…=")
                && s.contains("20,")
                && s.contains("longer than the 2,000 characters a link may hold")),
            "{said:?}"
        );
        // A link within the limit gets no such line.
        assert!(read("v=1&cur=cny").ignored.is_empty());
    }

    #[test]
    fn an_empty_link_opens_the_first_screen() {
        for query in ["", "?", "v=1", "?v=1", "&&", "?&v=1&"] {
            assert_eq!(
                read(query),
                Decoded {
                    state: ViewState::default(),
                    ignored: Vec::new(),
                    first_screen: true,
                    catalog_version: None,
                },
                "{query}"
            );
        }
    }

    #[test]
    fn only_a_query_without_view_settings_is_a_readers_own_first_screen() {
        // The reader's language decides the currency of these (CNY in Chinese).
        for query in ["", "?", "v=1", "lang=zh", "?v=1&lang=zh&theme=dark"] {
            assert!(read(query).first_screen, "{query}");
        }
        // A link with settings but without `cur` is priced in its language's currency (the
        // app settles it again with the browser's language); a link's `cur` is a pick.
        for (query, currency, chosen) in [
            ("q=h100", Currency::Usd, false),
            ("v=1&lang=zh&q=h100", Currency::Cny, false),
            ("v=1&sort=price", Currency::Usd, false),
            ("v=1&cur=usd", Currency::Usd, true),
            ("v=1&lang=zh&cur=usd", Currency::Usd, true),
            ("v=1&lang=zh&cur=cny", Currency::Cny, true),
        ] {
            let d = read(query);
            assert!(!d.first_screen, "{query}");
            assert_eq!(d.state.price.currency, currency, "{query}");
            assert_eq!(d.state.currency_chosen, chosen, "{query}");
        }
        // A zh-CN browser opening an English sender's link without `cur`: yuan.
        let mut opened = read("v=1&q=h100").state;
        opened.lang = Lang::Zh;
        opened.settle_currency();
        assert_eq!(opened.price.currency, Currency::Cny);
        // The same link with the sender's pick of dollars stays in dollars.
        let mut opened = read("v=1&q=h100&cur=usd").state;
        opened.lang = Lang::Zh;
        opened.settle_currency();
        assert_eq!(opened.price.currency, Currency::Usd);
    }

    #[test]
    fn values_may_be_escaped_or_typed_as_is() {
        let escaped = read("q=4090%20%E6%98%BE%E5%8D%A1&mem=%3E%3D80");
        let typed = read("q=4090 显卡&mem=>=80");
        let plus = read("q=4090+显卡&mem=>=80");
        assert_eq!(escaped.state.filters.search, "4090 显卡");
        assert_eq!(escaped, typed);
        assert_eq!(escaped, plus);
        assert_eq!(
            escaped.state.filters.ranges[&RangeField::MemoryPerAccelerator],
            ">=80"
        );
    }

    #[test]
    fn keys_and_words_ignore_case() {
        let d = read("CUR=CNY&Term=Spot&LANG=zh-CN");
        assert_eq!(d.state.price.currency, Currency::Cny);
        assert_eq!(d.state.term, Term::Spot);
        assert_eq!(d.state.lang, Lang::Zh);
        assert!(d.ignored.is_empty());
    }

    #[test]
    fn an_unknown_key_is_reported_and_the_rest_applied() {
        let d = read("v=1&calc.hours=100&cur=eur");
        assert_eq!(d.state.price.currency, Currency::Eur);
        assert_eq!(reasons(&d), [("calc.hours", Reason::UnknownKey)]);
        assert_eq!(d.ignored[0].value, "100");
    }

    #[test]
    fn benchmark_switches_are_neither_applied_nor_reported() {
        let d = read("bench-offers=10000&bench-timings&cur=eur");
        assert_eq!(d.state.price.currency, Currency::Eur);
        assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    }

    #[test]
    fn a_repeated_key_counts_once_and_the_repeat_is_reported() {
        let d = read("cur=cny&cur=eur");
        assert_eq!(d.state.price.currency, Currency::Cny);
        assert_eq!(reasons(&d), [("cur", Reason::TooMany)]);
    }

    #[test]
    fn an_unknown_word_is_a_bad_value() {
        let d = read("cur=yen&unit=furlong&term=forever");
        assert_eq!(d.state, ViewState::default());
        assert_eq!(
            reasons(&d),
            [
                ("cur", Reason::BadValue),
                ("unit", Reason::BadValue),
                ("term", Reason::BadValue)
            ]
        );
        assert_eq!(d.ignored[0].value, "yen");
    }

    #[test]
    fn unknown_words_in_a_list_are_reported_and_the_others_kept() {
        let d = read("area=cn,mars,hk&vendor=nvidia,acme");
        assert_eq!(d.state.regions.areas, [Area::Cn, Area::Hk].into());
        assert_eq!(
            reasons(&d),
            [("area", Reason::BadValue), ("vendor", Reason::BadValue)]
        );
        assert_eq!(d.ignored[0].value, "mars");
    }

    #[test]
    fn list_items_keep_escaped_commas_and_skip_empty_ones() {
        let d = read("model=A%2CB,,C,&p=,");
        assert_eq!(
            d.state.filters.models,
            ["A,B".to_string(), "C".to_string()].into()
        );
        assert!(d.state.filters.providers.is_empty());
        assert!(d.ignored.is_empty());
    }

    #[test]
    fn broken_escapes_and_invalid_utf8_are_bad_values() {
        let d = read("q=%zz&gpu=ok,%FF,also-ok&detail=%E0%A4");
        assert_eq!(d.state.filters.search, "");
        assert_eq!(
            d.state.filters.accelerators,
            ["ok".to_string(), "also-ok".to_string()].into()
        );
        assert_eq!(
            reasons(&d),
            [
                ("q", Reason::BadValue),
                ("gpu", Reason::BadValue),
                ("detail", Reason::BadValue)
            ]
        );
    }

    #[test]
    fn range_text_must_read_as_a_range() {
        let d = read("mem=abc&vcpus=48..24&ram=%20&count=8&price=..3.5");
        let ranges = &d.state.filters.ranges;
        assert_eq!(ranges.len(), 2, "{ranges:?}");
        assert_eq!(ranges[&RangeField::Count], "8");
        assert_eq!(ranges[&RangeField::Price], "..3.5");
        assert_eq!(
            reasons(&d),
            [("mem", Reason::BadValue), ("vcpus", Reason::BadValue)],
            "blank text is no filter, not an error"
        );
    }

    #[test]
    fn a_rate_must_be_a_plausible_positive_number() {
        assert_eq!(read("rate=7.1").state.custom_rate, Some(7.1));
        for (text, reason) in [
            ("0", Reason::OutOfRange),
            ("-3", Reason::OutOfRange),
            ("1000", Reason::OutOfRange),
            ("1e400", Reason::OutOfRange),
            ("NaN", Reason::BadValue),
            ("inf", Reason::BadValue),
            ("-infinity", Reason::BadValue),
            ("7,1", Reason::BadValue),
            ("", Reason::BadValue),
        ] {
            let d = read(&format!("rate={text}"));
            assert_eq!(d.state.custom_rate, None, "{text}");
            assert_eq!(reasons(&d), [("rate", reason)], "{text}");
        }
    }

    #[test]
    fn an_age_must_be_between_one_month_and_fifty_years() {
        assert_eq!(read("age=12").state.filters.max_age_months, Some(12));
        assert_eq!(read("age=600").state.filters.max_age_months, Some(600));
        for (text, reason) in [
            ("0", Reason::OutOfRange),
            ("601", Reason::OutOfRange),
            ("99999999999999999999999", Reason::OutOfRange),
            ("-1", Reason::BadValue),
            ("1.5", Reason::BadValue),
            ("soon", Reason::BadValue),
        ] {
            let d = read(&format!("age={text}"));
            assert_eq!(d.state.filters.max_age_months, None, "{text}");
            assert_eq!(reasons(&d), [("age", reason)], "{text}");
        }
    }

    #[test]
    fn flags_read_common_spellings_and_a_bare_key() {
        let d = read("multi&k8s=true&images=yes&notebooks=0&persec=off&known=maybe");
        let f = &d.state.filters;
        assert!(f.multi_node && f.kubernetes && f.framework_images);
        assert!(!f.notebooks && !f.per_second_billing && !f.hide_unknown_price);
        assert_eq!(reasons(&d), [("known", Reason::BadValue)]);
    }

    #[test]
    fn sort_reads_a_column_key_with_an_optional_minus() {
        let d = read("sort=-memory");
        assert_eq!(
            d.state.sort,
            Sort {
                column: Column::Memory,
                direction: Direction::Descending
            }
        );
        let d = read("sort=--memory");
        assert_eq!(d.state.sort, Sort::default());
        assert_eq!(reasons(&d), [("sort", Reason::BadValue)]);
    }

    #[test]
    fn columns_keep_the_link_order_and_never_end_up_empty() {
        let d = read("cols=price,provider,nonsense,price");
        assert_eq!(d.state.columns, [Column::Price, Column::Provider]);
        assert_eq!(reasons(&d), [("cols", Reason::BadValue)]);
        for query in ["cols=", "cols=,", "cols=nonsense"] {
            let d = read(query);
            assert_eq!(d.state.columns, Column::DEFAULT, "{query}");
            assert_eq!(reasons(&d), [("cols", Reason::BadValue)], "{query}");
        }
    }

    #[test]
    fn weights_need_seven_digits_up_to_ten() {
        let d = read("w=8A58313");
        assert_eq!(
            d.state.weights,
            Weights::from_array([8, 10, 5, 8, 3, 1, 3], CostBasis::default())
        );
        for (text, reason) in [
            ("555555", Reason::BadValue),
            ("55555555", Reason::BadValue),
            ("55555-5", Reason::BadValue),
            ("555555b", Reason::OutOfRange),
            ("zzzzzzz", Reason::OutOfRange),
        ] {
            let d = read(&format!("w={text}"));
            assert_eq!(d.state.weights, Weights::default(), "{text}");
            assert_eq!(reasons(&d), [("w", reason)], "{text}");
        }
    }

    #[test]
    fn a_scenario_is_the_start_that_weights_and_constraints_refine_in_any_order() {
        let (preset_weights, preset_constraints) = Scenario::Training.preset();
        let d = read("scn=training");
        assert_eq!(d.state.scenario(), Some(Scenario::Training));
        let before = read("cb=hour&c.max=8&scn=training");
        let after = read("scn=training&cb=hour&c.max=8");
        assert_eq!(before, after);
        assert_eq!(before.state.weights.cost_basis, CostBasis::Hour);
        assert_eq!(before.state.constraints.max_count, Some(8.0));
        assert_eq!(
            before.state.constraints.min_count,
            preset_constraints.min_count
        );
        assert_eq!(before.state.weights.performance, preset_weights.performance);
        assert_eq!(before.state.scenario(), None);
    }

    #[test]
    fn constraints_must_be_finite_and_not_negative() {
        let d = read("c.mem=80&c.min=-1&c.budget=1e12&c.max=NaN");
        assert_eq!(
            d.state.constraints.min_memory_per_accelerator_gb,
            Some(80.0)
        );
        assert_eq!(d.state.constraints.min_count, None);
        assert_eq!(
            reasons(&d),
            [
                ("c.min", Reason::OutOfRange),
                ("c.budget", Reason::OutOfRange),
                ("c.max", Reason::BadValue)
            ]
        );
    }

    #[test]
    fn offers_no_longer_in_the_catalog_are_reported_not_dropped_silently() {
        let exists = |id: &str| id.starts_with("aws/");
        let d = decode("sel=aws/a,gone/b,aws/c,aws/a&detail=gone/d&cmp=1", &exists);
        assert_eq!(d.state.selection, ["aws/a", "aws/c"]);
        assert_eq!(d.state.detail, None);
        assert!(d.state.comparing);
        assert_eq!(
            reasons(&d),
            [
                ("sel", Reason::UnknownOffer),
                ("detail", Reason::UnknownOffer)
            ]
        );
        assert_eq!(d.ignored[0].value, "gone/b");
        assert_eq!(d.ignored[1].value, "gone/d");
    }

    #[test]
    fn at_most_eight_offers_are_selected() {
        let ids: Vec<String> = (0..12).map(|i| format!("p/{i}")).collect();
        let d = read(&format!("sel={}", ids.join(",")));
        assert_eq!(d.state.selection, ids[..MAX_COMPARED]);
        assert_eq!(d.ignored.len(), 12 - MAX_COMPARED);
        assert!(d.ignored.iter().all(|i| i.reason == Reason::TooMany));
    }

    #[test]
    fn long_lists_and_values_are_cut_and_reported_once() {
        let many: Vec<String> = (0..MAX_LIST + 36).map(|i| format!("m{i}")).collect();
        let d = read(&format!("model={}", many.join(",")));
        assert_eq!(d.state.filters.models.len(), MAX_LIST);
        assert_eq!(reasons(&d), [("model", Reason::TooMany)]);
        assert_eq!(d.ignored[0].value, "36 more");

        // Values this long also make the link longer than a link may be, which is said first.
        let d = read(&format!("q={}", "x".repeat(MAX_VALUE + 1)));
        assert_eq!(d.state.filters.search, "");
        assert_eq!(
            reasons(&d),
            [("…", Reason::LongLink), ("q", Reason::TooMany)]
        );
        let d = read(&format!("q={}", "%41".repeat(MAX_RAW_VALUE)));
        assert_eq!(
            reasons(&d),
            [("…", Reason::LongLink), ("q", Reason::TooMany)]
        );
        assert!(d.ignored[1].value.chars().count() <= 60);
    }

    #[test]
    fn a_newer_link_is_read_as_far_as_it_can_be() {
        let d = read("v=2&cur=eur&chart=scatter");
        assert_eq!(d.state.price.currency, Currency::Eur);
        assert_eq!(
            reasons(&d),
            [
                ("v", Reason::UnsupportedVersion),
                ("chart", Reason::UnknownKey)
            ]
        );
    }

    #[test]
    fn a_damaged_version_is_read_as_version_one() {
        for query in ["v=0&cur=eur", "v=x&cur=eur", "cur=eur&v=1.0"] {
            let d = read(query);
            assert_eq!(d.state.price.currency, Currency::Eur, "{query}");
            assert_eq!(reasons(&d), [("v", Reason::BadValue)], "{query}");
        }
    }

    #[test]
    fn a_query_escaped_as_a_whole_still_opens() {
        let d = read("?v%3D1%26cur%3Dcny%26gpu%3Dh100-sxm5-80gb");
        assert_eq!(d.state.price.currency, Currency::Cny);
        assert!(d.state.filters.accelerators.contains("h100-sxm5-80gb"));
        assert!(d.ignored.is_empty());
    }
}
