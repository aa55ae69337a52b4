//! The money plan in a link: `pl.*` keys for the plan's numbers that differ from the default
//! (`?pl.h=200&pl.buy=25000&pl.kwh=0.12`).
//!
//! Every field is a row of [`FIELDS`]: its key, its name (for messages), whether a blank box
//! unsets it, how to read it and how to write it. The plan's form uses the same table, so a
//! value the form refuses is one the link reports.

use super::notice::Reason;
use crate::engine::view::plan::PlanInputs;

/// One number of the plan.
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

/// Whether `key` is one of the plan's.
pub fn is_key(key: &str) -> bool {
    FIELDS.iter().any(|f| f.key == key)
}

/// Writes `value` into the field named `key`, unless the plan would then have an error in
/// that field; the reason says why it was not written.
pub fn set_number(plan: &mut PlanInputs, key: &str, value: f64) -> Result<(), Reason> {
    let field = FIELDS
        .iter()
        .find(|f| f.key == key)
        .ok_or(Reason::UnknownKey)?;
    let mut next = plan.clone();
    (field.set)(&mut next, Some(value));
    if next
        .validate()
        .iter()
        .any(|p| p.is_error() && p.field == field.name)
    {
        return Err(Reason::OutOfRange);
    }
    *plan = next;
    Ok(())
}

/// The plan's fields that differ from the default, as `(key, value)` in [`FIELDS`] order.
pub fn changed(plan: &PlanInputs) -> Vec<(&'static str, f64)> {
    let default = PlanInputs::default();
    FIELDS
        .iter()
        .filter_map(|f| {
            let now = (f.get)(plan)?;
            (Some(now) != (f.get)(&default)).then_some((f.key, now))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_round_trips_and_names_a_label() {
        for field in FIELDS {
            let mut plan = PlanInputs::default();
            assert_eq!(
                set_number(&mut plan, field.key, 2.0),
                Ok(()),
                "{}",
                field.key
            );
            assert_eq!((field.get)(&plan), Some(2.0), "{}", field.key);
            let (en, _) = crate::engine::workload::field_label(field.name);
            assert_ne!(en, "Value", "{} has no label", field.name);
        }
    }

    #[test]
    fn only_changed_fields_are_listed() {
        assert!(changed(&PlanInputs::default()).is_empty());
        let plan = PlanInputs {
            hours_per_month: 200.0,
            purchase_per_gpu: Some(25_000.0),
            electricity_per_kwh: Some(0.12),
            ..PlanInputs::default()
        };
        assert_eq!(
            changed(&plan),
            [("pl.h", 200.0), ("pl.buy", 25_000.0), ("pl.kwh", 0.12)]
        );
    }

    #[test]
    fn a_value_the_form_refuses_keeps_the_default() {
        let mut plan = PlanInputs::default();
        for (key, value) in [
            ("pl.h", -5.0),
            ("pl.h", 731.0),
            ("pl.buy", 0.0),
            ("pl.pue", 0.5),
            ("pl.yr", f64::INFINITY),
            ("pl.kwh", f64::NAN),
        ] {
            assert_eq!(set_number(&mut plan, key, value), Err(Reason::OutOfRange));
        }
        assert_eq!(plan, PlanInputs::default());
        assert_eq!(
            set_number(&mut plan, "pl.nope", 1.0),
            Err(Reason::UnknownKey)
        );
    }
}
