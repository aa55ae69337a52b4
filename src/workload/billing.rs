//! What a run is billed: its length rounded up to the billing increment, and at least the
//! minimum charge. Each run is rounded on its own, so ten five-minute runs at per-hour billing
//! cost ten hours.
//!
//! Increments are in seconds, as `BillingIncrement::seconds` in the catalog gives them.

/// Per-second billing (AWS EC2 Linux on-demand, most GPU clouds).
pub const PER_SECOND: u32 = 1;
pub const PER_MINUTE: u32 = 60;
pub const PER_HOUR: u32 = 3_600;
pub const PER_DAY: u32 = 86_400;
/// A billing month: 730 hours (8,760 / 12), as the catalog counts it.
pub const PER_MONTH: u32 = 730 * 3_600;

/// Floating-point slack when rounding up: 3600.000000001 s of arithmetic noise is one hour,
/// not two.
const ROUNDING_SLACK: f64 = 1e-9;

/// Seconds billed for one run of `run_seconds`. `None` increment means per-second; a run of
/// zero seconds (or a broken number) bills nothing.
pub fn billed_seconds(
    run_seconds: f64,
    increment_seconds: Option<u32>,
    minimum_charge_seconds: Option<u32>,
) -> f64 {
    if !run_seconds.is_finite() || run_seconds <= 0.0 {
        return 0.0;
    }
    let increment = f64::from(increment_seconds.unwrap_or(PER_SECOND).max(1));
    let units = (run_seconds / increment - ROUNDING_SLACK).ceil().max(1.0);
    let rounded = units * increment;
    rounded.max(f64::from(minimum_charge_seconds.unwrap_or(0)))
}

/// Seconds billed for `runs` runs of `run_seconds` each.
pub fn billed_seconds_for_runs(
    run_seconds: f64,
    runs: u32,
    increment_seconds: Option<u32>,
    minimum_charge_seconds: Option<u32>,
) -> f64 {
    f64::from(runs) * billed_seconds(run_seconds, increment_seconds, minimum_charge_seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_one_seconds_per_minute_bill_two_minutes() {
        assert_eq!(billed_seconds(61.0, Some(PER_MINUTE), None), 120.0);
    }

    #[test]
    fn one_second_per_hour_bills_an_hour() {
        assert_eq!(billed_seconds(1.0, Some(PER_HOUR), None), 3_600.0);
    }

    #[test]
    fn ten_five_minute_runs_per_hour_bill_ten_hours() {
        assert_eq!(
            billed_seconds_for_runs(300.0, 10, Some(PER_HOUR), None),
            36_000.0
        );
    }

    #[test]
    fn a_ten_second_run_with_a_minute_minimum_bills_a_minute() {
        assert_eq!(billed_seconds(10.0, Some(PER_SECOND), Some(60)), 60.0);
        assert_eq!(billed_seconds(10.0, None, Some(60)), 60.0);
    }

    #[test]
    fn exact_multiples_and_float_noise_are_not_rounded_up() {
        assert_eq!(billed_seconds(3_600.0, Some(PER_HOUR), None), 3_600.0);
        let noisy = 0.1 * 3.0 * 12_000.0; // 3600.0000000000005
        assert_eq!(billed_seconds(noisy, Some(PER_HOUR), None), 3_600.0);
        assert_eq!(billed_seconds(2.5, None, None), 3.0);
    }

    #[test]
    fn days_and_months() {
        assert_eq!(billed_seconds(3_601.0, Some(PER_DAY), None), 86_400.0);
        assert_eq!(billed_seconds(86_401.0, Some(PER_MONTH), None), 2_628_000.0);
    }

    #[test]
    fn nothing_run_is_nothing_billed() {
        for s in [0.0, -5.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(billed_seconds(s, Some(PER_HOUR), Some(60)), 0.0, "{s}");
        }
        assert_eq!(billed_seconds_for_runs(10.0, 0, None, None), 0.0);
        assert_eq!(billed_seconds(5.0, Some(0), None), 5.0);
    }
}
