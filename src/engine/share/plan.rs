//! The money plan in a link: `pl.*` keys for the plan's numbers that differ from the default
//! (`?pl.h=200&pl.buy=25000&pl.kwh=0.12`).
//!
//! Every field is a row of the plan form's [`FIELDS`]: its key, its name (for messages), whether a blank box
//! unsets it, how to read it and how to write it. The plan's form uses the same table, so a
//! value the form refuses is one the link reports.

use super::notice::Reason;
use crate::view::plan::{PlanInputs, FIELDS};

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
            let (en, _) = workload::field_label(field.name);
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
