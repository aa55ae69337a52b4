//! The money plan's inputs: how many hours a month an offer would be used, and what owning
//! the hardware instead would cost. They live in the view state (so in the link), and the
//! plan's form edits them the way the calculator's form edits the job: typed text becomes the
//! new value (perhaps with a warning that it looks absurd) or is refused with the reason,
//! leaving the plan as it was.
//!
//! Money is typed in the view's currency; switching the currency does not convert what was
//! typed (a purchase of 25,000 stays 25,000, now in the new currency).

use serde::{Deserialize, Serialize};

use crate::pricing::Rates;
use catalog::{Currency, HOURS_PER_MONTH};
use workload::ownership::DEFAULT_PUE;
use workload::{parse_amount, Ownership, Problem, ProblemKind, Severity};

/// One number of the plan: the form and the link both read this table.
pub struct Field {
    pub key: &'static str,
    /// The plan's own name for the field (its serde name), which labels and messages use.
    pub name: &'static str,
    /// A blank box leaves the field unset (its default applies) instead of being refused.
    pub optional: bool,
    /// The value, or `None` when unset.
    pub get: fn(&PlanInputs) -> Option<f64>,
    /// Writes the value; `None` unsets an optional field and restores a required one's default.
    pub set: fn(&mut PlanInputs, Option<f64>),
}

/// Every number of the plan, in the order links write them.
pub const FIELDS: &[Field] = &[
    Field {
        key: "pl.h",
        name: "hours_per_month",
        optional: false,
        get: |p| Some(p.hours_per_month),
        set: |p, v| p.hours_per_month = v.unwrap_or(PlanInputs::default().hours_per_month),
    },
    Field {
        key: "pl.buy",
        name: "purchase_per_gpu",
        optional: true,
        get: |p| p.purchase_per_gpu,
        set: |p, v| p.purchase_per_gpu = v,
    },
    Field {
        key: "pl.host",
        name: "host_per_gpu",
        optional: false,
        get: |p| Some(p.host_per_gpu),
        set: |p, v| p.host_per_gpu = v.unwrap_or(PlanInputs::default().host_per_gpu),
    },
    Field {
        key: "pl.w",
        name: "power_per_gpu_w",
        optional: true,
        get: |p| p.power_per_gpu_w,
        set: |p, v| p.power_per_gpu_w = v,
    },
    Field {
        key: "pl.kwh",
        name: "electricity_per_kwh",
        optional: true,
        get: |p| p.electricity_per_kwh,
        set: |p, v| p.electricity_per_kwh = v,
    },
    Field {
        key: "pl.pue",
        name: "pue",
        optional: false,
        get: |p| Some(p.pue),
        set: |p, v| p.pue = v.unwrap_or(PlanInputs::default().pue),
    },
    Field {
        key: "pl.yr",
        name: "years",
        optional: false,
        get: |p| Some(p.years),
        set: |p, v| p.years = v.unwrap_or(PlanInputs::default().years),
    },
    Field {
        key: "pl.maint",
        name: "maintenance_percent_per_year",
        optional: false,
        get: |p| Some(p.maintenance_percent_per_year),
        set: |p, v| {
            p.maintenance_percent_per_year =
                v.unwrap_or(PlanInputs::default().maintenance_percent_per_year)
        },
    },
];

/// Hours of use a month when the user says nothing: half of the month's 730. Neither extreme
/// on purpose. A team's working hours (about 176 h) flatter on-demand, round the clock flatters
/// every commitment; halfway, the table shows at once whether a commitment priced at some share
/// of on-demand pays, and its break-even column says at how many hours it would.
pub const DEFAULT_HOURS_PER_MONTH: f64 = HOURS_PER_MONTH / 2.0;
/// Electricity in USD per kWh when the user gives none, converted to the view's currency: a
/// round figure just above the 2023 commercial averages of states where many data centres
/// stand (Virginia 8.95 ¢, Texas 8.82 ¢, Oregon 9.92 ¢; see
/// [`EIA_ELECTRICITY_2023`](workload::sources::EIA_ELECTRICITY_2023)).
pub const DEFAULT_ELECTRICITY_USD_PER_KWH: f64 = 0.10;
/// Years an owned GPU is written off over: three, as the engine's ownership model assumes.
pub const DEFAULT_YEARS: f64 = 3.0;

/// What the plan needs besides the offer's prices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlanInputs {
    /// Hours a month the offer (or the owned GPU) is used, 0–730.
    pub hours_per_month: f64,
    /// Price of one GPU; `None`: buying is not considered.
    pub purchase_per_gpu: Option<f64>,
    /// The server, networking and installation, per GPU; 0 when included in the purchase.
    pub host_per_gpu: f64,
    /// Draw of one GPU under load, W; `None`: the accelerator's TDP.
    pub power_per_gpu_w: Option<f64>,
    /// Electricity price; `None`: [`DEFAULT_ELECTRICITY_USD_PER_KWH`] in the view's currency.
    pub electricity_per_kwh: Option<f64>,
    pub pue: f64,
    /// Depreciation period.
    pub years: f64,
    /// Maintenance and support a year, in percent of the purchase (10 = 10%).
    pub maintenance_percent_per_year: f64,
}

impl Default for PlanInputs {
    fn default() -> PlanInputs {
        PlanInputs {
            hours_per_month: DEFAULT_HOURS_PER_MONTH,
            purchase_per_gpu: None,
            host_per_gpu: 0.0,
            power_per_gpu_w: None,
            electricity_per_kwh: None,
            pue: DEFAULT_PUE,
            years: DEFAULT_YEARS,
            maintenance_percent_per_year: 0.0,
        }
    }
}

/// What a field accepts: whether zero means something, the floor of one (PUE), where values
/// start to look absurd (a warning) and where they stop being computable (an error).
struct Rule {
    zero_ok: bool,
    at_least_one: bool,
    /// Above this: more than a month's hours.
    month: bool,
    unusual: f64,
    limit: f64,
}

fn rule(field: &str) -> Rule {
    let (zero_ok, unusual, limit) = match field {
        "hours_per_month" => (false, f64::INFINITY, HOURS_PER_MONTH),
        // 1,000,000 a GPU is ~25× an H100's price in dollars and ~3× in yuan.
        "purchase_per_gpu" => (false, 1e6, 1e12),
        "host_per_gpu" => (true, 1e6, 1e12),
        // The hungriest accelerators draw about 1 kW; 5 kW is a typo or a whole server.
        "power_per_gpu_w" => (false, 5_000.0, 1e6),
        // 10 a kWh is ~100× industrial power in dollars and ~14× in yuan.
        "electricity_per_kwh" => (true, 10.0, 1e6),
        // The survey's worst sites report about 2.5; old server rooms 3.
        "pue" => (false, 3.0, 100.0),
        "years" => (false, 10.0, 100.0),
        "maintenance_percent_per_year" => (true, 50.0, 1_000.0),
        _ => (true, f64::INFINITY, f64::INFINITY),
    };
    Rule {
        zero_ok,
        at_least_one: field == "pue",
        month: field == "hours_per_month",
        unusual,
        limit,
    }
}

/// The problem of one value of `field`, if any.
fn check(field: &'static str, x: f64) -> Option<Problem> {
    let r = rule(field);
    let kind = if !x.is_finite() {
        ProblemKind::NotFinite
    } else if x < 0.0 {
        ProblemKind::Negative
    } else if x == 0.0 && !r.zero_ok {
        ProblemKind::Zero
    } else if r.at_least_one && x < 1.0 {
        ProblemKind::BelowOne
    } else if x > r.limit {
        if r.month {
            ProblemKind::OverMonth
        } else {
            ProblemKind::TooLarge
        }
    } else if x > r.unusual {
        ProblemKind::Unusual
    } else {
        return None;
    };
    Some(Problem::new(field, kind))
}

impl PlanInputs {
    /// Every problem with the plan's inputs; errors first. Empty means all is well.
    pub fn validate(&self) -> Vec<Problem> {
        let mut out: Vec<Problem> = FIELDS
            .iter()
            .filter_map(|f| (f.get)(self).and_then(|v| check(f.name, v)))
            .collect();
        out.sort_by_key(|p| p.severity != Severity::Error);
        out
    }

    /// The share of the month the offer is used, 0–1.
    pub fn utilisation(&self) -> f64 {
        let hours = if self.hours_per_month.is_finite() {
            self.hours_per_month.clamp(0.0, HOURS_PER_MONTH)
        } else {
            0.0
        };
        hours / HOURS_PER_MONTH
    }

    /// The electricity price in `currency`: the typed one, else the default converted.
    pub fn electricity(&self, currency: Currency, rates: &Rates) -> Option<f64> {
        match self.electricity_per_kwh {
            Some(price) => Some(price),
            None => rates.convert(DEFAULT_ELECTRICITY_USD_PER_KWH, Currency::Usd, currency),
        }
    }

    /// Owning one GPU as the engine models it, if a purchase price is set. `tdp_w` stands in
    /// for an unknown draw; host power is not counted (it is part of the typed draw, if any).
    pub fn ownership(
        &self,
        tdp_w: Option<f64>,
        currency: Currency,
        rates: &Rates,
    ) -> Option<Ownership> {
        Some(Ownership {
            purchase_per_gpu: self.purchase_per_gpu?,
            host_per_gpu: self.host_per_gpu,
            power_per_gpu_w: self.power_per_gpu_w,
            tdp_w,
            host_power_per_gpu_w: 0.0,
            electricity_per_kwh: self.electricity(currency, rates)?,
            pue: self.pue,
            years: self.years,
            maintenance_per_year: self.maintenance_percent_per_year / 100.0,
        })
    }
}

/// The outcome of typing into one field of the plan.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The plan with the new value; warnings say what looks unusual.
    Applied {
        plan: PlanInputs,
        warnings: Vec<Problem>,
    },
    /// The text cannot be used; the plan is unchanged.
    Refused(Vec<Problem>),
}

/// Applies `text` typed into the field `key` (a key of [`FIELDS`]) to `plan`. A blank box
/// unsets an optional field (no purchase, the TDP, the default electricity price).
pub fn edit(plan: &PlanInputs, key: &str, text: &str) -> Edit {
    let Some(field) = FIELDS.iter().find(|f| f.key == key) else {
        return Edit::Refused(Vec::new());
    };
    let mut next = plan.clone();
    if text.trim().is_empty() && field.optional {
        (field.set)(&mut next, None);
        return Edit::Applied {
            plan: next,
            warnings: Vec::new(),
        };
    }
    let value = match parse_amount(text) {
        Ok(v) => v,
        Err(problem) => return Edit::Refused(vec![problem.for_field(field.name)]),
    };
    match check(field.name, value) {
        Some(problem) if problem.is_error() => Edit::Refused(vec![problem]),
        warning => {
            (field.set)(&mut next, Some(value));
            Edit::Applied {
                plan: next,
                warnings: warning.into_iter().collect(),
            }
        }
    }
}

/// The text a field shows: its value written plainly, or blank when unset.
pub fn text(plan: &PlanInputs, key: &str) -> String {
    FIELDS
        .iter()
        .find(|f| f.key == key)
        .and_then(|f| (f.get)(plan))
        .map(|v| v.to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::fx::Fx;

    fn applied(plan: &PlanInputs, key: &str, text: &str) -> (PlanInputs, Vec<Problem>) {
        match edit(plan, key, text) {
            Edit::Applied { plan, warnings } => (plan, warnings),
            other => panic!("{key}={text:?}: {other:?}"),
        }
    }

    fn refused(key: &str, text: &str) -> ProblemKind {
        match edit(&PlanInputs::default(), key, text) {
            Edit::Refused(problems) => {
                assert_eq!(problems.len(), 1, "{key}={text:?}");
                assert!(problems[0].is_error());
                problems[0].kind
            }
            other => panic!("{key}={text:?}: {other:?}"),
        }
    }

    #[test]
    fn the_defaults_are_valid_and_half_a_month() {
        let plan = PlanInputs::default();
        assert!(plan.validate().is_empty());
        assert_eq!(plan.hours_per_month, 365.0);
        assert_eq!(plan.utilisation(), 0.5);
        assert_eq!(plan.pue, 1.58);
        assert_eq!(plan.years, 3.0);
    }

    #[test]
    fn readable_values_are_applied_with_suffixes_and_separators() {
        let (plan, warnings) = applied(&PlanInputs::default(), "pl.h", " 200 ");
        assert_eq!(plan.hours_per_month, 200.0);
        assert!(warnings.is_empty());
        let (plan, _) = applied(&plan, "pl.buy", "25k");
        assert_eq!(plan.purchase_per_gpu, Some(25_000.0));
        let (plan, _) = applied(&plan, "pl.host", "5,000");
        assert_eq!(plan.host_per_gpu, 5_000.0);
        assert_eq!(text(&plan, "pl.buy"), "25000");
        assert_eq!(text(&plan, "pl.w"), "", "unset: the TDP");
    }

    #[test]
    fn negative_zero_nan_and_words_are_refused_and_change_nothing() {
        assert_eq!(refused("pl.h", "-5"), ProblemKind::Negative);
        assert_eq!(refused("pl.h", "0"), ProblemKind::Zero);
        assert_eq!(refused("pl.h", "abc"), ProblemKind::NotANumber);
        assert_eq!(refused("pl.h", "NaN"), ProblemKind::NotANumber);
        assert_eq!(refused("pl.h", "1e999"), ProblemKind::NotFinite);
        assert_eq!(refused("pl.h", "800"), ProblemKind::OverMonth);
        assert_eq!(refused("pl.h", ""), ProblemKind::Empty);
        assert_eq!(refused("pl.buy", "0"), ProblemKind::Zero);
        assert_eq!(refused("pl.pue", "0.9"), ProblemKind::BelowOne);
        assert_eq!(refused("pl.yr", "0"), ProblemKind::Zero);
        assert_eq!(refused("pl.yr", "1000"), ProblemKind::TooLarge);
        assert_eq!(refused("pl.kwh", "-0.1"), ProblemKind::Negative);
        let Edit::Refused(problems) = edit(&PlanInputs::default(), "pl.h", "-5") else {
            panic!()
        };
        assert_eq!(problems[0].en, "Hours per month cannot be negative.");
        assert_eq!(problems[0].zh, "每月使用小时数不能为负数。");
    }

    #[test]
    fn zero_is_allowed_where_it_means_something() {
        let (plan, _) = applied(&PlanInputs::default(), "pl.host", "0");
        assert_eq!(plan.host_per_gpu, 0.0);
        let (plan, _) = applied(&plan, "pl.kwh", "0");
        assert_eq!(plan.electricity_per_kwh, Some(0.0));
        let (plan, _) = applied(&plan, "pl.maint", "0");
        assert_eq!(plan.maintenance_percent_per_year, 0.0);
        assert_eq!(applied(&plan, "pl.pue", "1").0.pue, 1.0);
    }

    #[test]
    fn absurd_values_are_applied_with_a_warning() {
        for (key, text) in [
            ("pl.buy", "5e6"),
            ("pl.w", "9000"),
            ("pl.kwh", "50"),
            ("pl.pue", "4"),
            ("pl.yr", "20"),
            ("pl.maint", "80"),
        ] {
            let (plan, warnings) = applied(&PlanInputs::default(), key, text);
            assert_eq!(warnings.len(), 1, "{key}");
            assert_eq!(warnings[0].kind, ProblemKind::Unusual, "{key}");
            assert!(plan.validate().iter().all(|p| !p.is_error()));
        }
    }

    #[test]
    fn a_blank_optional_box_means_its_default() {
        let (plan, _) = applied(&PlanInputs::default(), "pl.buy", "30000");
        let (plan, _) = applied(&plan, "pl.w", "700");
        let (plan, _) = applied(&plan, "pl.buy", "  ");
        let (plan, _) = applied(&plan, "pl.w", "");
        assert_eq!(plan.purchase_per_gpu, None);
        assert_eq!(plan.power_per_gpu_w, None);
        assert!(matches!(
            edit(&plan, "pl.pue", " "),
            Edit::Refused(ref p) if p[0].kind == ProblemKind::Empty
        ));
        assert!(matches!(edit(&plan, "pl.nope", "1"), Edit::Refused(ref p) if p.is_empty()));
    }

    #[test]
    fn ownership_takes_the_inputs_and_the_default_power_price_in_the_view_currency() {
        let rates = Rates::new(Fx::newest(&[]), Some(7.0));
        let plan = PlanInputs {
            purchase_per_gpu: Some(25_000.0),
            maintenance_percent_per_year: 10.0,
            ..PlanInputs::default()
        };
        assert_eq!(
            PlanInputs::default().ownership(Some(700.0), Currency::Usd, &rates),
            None
        );
        let own = plan.ownership(Some(700.0), Currency::Cny, &rates).unwrap();
        assert_eq!(own.purchase_per_gpu, 25_000.0);
        assert_eq!(own.tdp_w, Some(700.0));
        assert!((own.electricity_per_kwh - 0.7).abs() < 1e-12);
        assert!((own.maintenance_per_year - 0.1).abs() < 1e-12);
        let typed = PlanInputs {
            electricity_per_kwh: Some(0.12),
            ..plan
        };
        let own = typed.ownership(None, Currency::Usd, &rates).unwrap();
        assert_eq!(own.electricity_per_kwh, 0.12);
    }
}
