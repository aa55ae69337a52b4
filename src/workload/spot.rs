//! The expected price of running on spot capacity that may be taken back at any moment.
//!
//! Model: interruptions arrive as a Poisson process at λ per hour. Work is checkpointed every
//! `c` hours of progress; an interruption loses the work since the last checkpoint and costs
//! `r` hours to restart (new instance, load the checkpoint). Checkpoint writing time and
//! interruptions during a restart are ignored.
//!
//! Expected time to finish one segment of w hours of work (a renewal argument): an attempt
//! finishes with probability e^(−λw) after w hours; otherwise it is interrupted at time x < w
//! and everything starts over after r more hours:
//!
//! ```text
//! E = w·e^(−λw) + ∫₀^w (x + r + E) λe^(−λx) dx
//! ⇒ E·e^(−λw) = (1 − e^(−λw)) (1/λ + r)      since ∫₀^w x λe^(−λx) dx = (1 − e^(−λw))/λ − w·e^(−λw)
//! ⇒ E = (e^(λw) − 1) (1/λ + r)
//! ```
//!
//! A job of T hours is ⌊T/c⌋ segments of c plus one of the remainder. For small λc this is
//! T · (1 + λ·(c/2 + r)): half a checkpoint interval plus a restart lost per interruption.
//! Billing for restart time is assumed (the replacement instance runs while it loads).

use super::sources::{Source, AWS_SPOT_ADVISOR, GCP_PREEMPTIBLE, GPU_ATLAS_ASSUMPTION};

/// Default interruption rate: one per day. A deliberately cautious figure: Google Cloud's
/// preemptible VMs always stop within 24 hours, so they see at least this rate. AWS's Spot
/// Instance Advisor bands (<5% … >20% of instances interrupted over the trailing month) imply
/// far lower rates, e.g. 20% a month ≈ 0.0003 per hour ([`per_hour_from_monthly_share`]).
/// Callers that know the provider's figure should pass it.
pub const DEFAULT_INTERRUPTIONS_PER_HOUR: f64 = 1.0 / 24.0;
/// Source of [`DEFAULT_INTERRUPTIONS_PER_HOUR`].
pub const DEFAULT_INTERRUPTIONS_SOURCE: Source = GCP_PREEMPTIBLE;

/// AWS Spot Instance Advisor's frequency-of-interruption bands, as (label, upper share of
/// instances interrupted in the trailing month); the last band is open-ended and carries its
/// lower bound.
pub const AWS_ADVISOR_BANDS: [(&str, f64); 5] = [
    ("<5%", 0.05),
    ("5-10%", 0.10),
    ("10-15%", 0.15),
    ("15-20%", 0.20),
    (">20%", 0.20),
];
/// Source of [`AWS_ADVISOR_BANDS`].
pub const AWS_ADVISOR_SOURCE: Source = AWS_SPOT_ADVISOR;

/// Minutes between checkpoints when the user does not say: a common setting, not a citation.
pub const DEFAULT_CHECKPOINT_MINUTES: f64 = 30.0;
/// Minutes to resume after an interruption: get a new instance, start the container, load
/// the checkpoint. This project's assumption.
pub const DEFAULT_RESTART_MINUTES: f64 = 5.0;
/// Source of the two defaults above.
pub const DEFAULT_SPOT_TIMING_SOURCE: Source = GPU_ATLAS_ASSUMPTION;

/// Hours in a month for converting monthly shares (730 = 8,760 / 12).
const HOURS_PER_MONTH: f64 = catalog::HOURS_PER_MONTH;

/// The Poisson rate per hour at which a `share` of instances is interrupted within a month:
/// share = 1 − e^(−λ·730).
pub fn per_hour_from_monthly_share(share: f64) -> Option<f64> {
    if !(share.is_finite() && (0.0..1.0).contains(&share)) {
        return None;
    }
    Some(-(1.0 - share).ln() / HOURS_PER_MONTH)
}

/// Expected hours to finish one segment of `work` hours: (e^(λw) − 1)(1/λ + r), written so
/// that λ → 0 gives exactly `work`.
fn segment_hours(work: f64, rate: f64, restart: f64) -> f64 {
    let x = rate * work;
    if x == 0.0 {
        return work;
    }
    // (e^x − 1)/λ = work · (e^x − 1)/x, and (e^x − 1)·r.
    let growth = x.exp_m1();
    work * (growth / x) + growth * restart
}

/// Expected wall-clock hours for `work_hours` of work on spot, or `None` if an input is broken
/// or the job would practically never finish (the expectation overflows).
pub fn expected_hours(
    work_hours: f64,
    interruptions_per_hour: f64,
    checkpoint_hours: f64,
    restart_hours: f64,
) -> Option<f64> {
    let sane = |x: f64| x.is_finite() && x >= 0.0;
    if !(sane(work_hours) && sane(interruptions_per_hour) && sane(restart_hours))
        || checkpoint_hours.is_nan()
        || checkpoint_hours < 0.0
    {
        return None;
    }
    let (rate, restart) = (interruptions_per_hour, restart_hours);
    let hours = if checkpoint_hours == 0.0 {
        // Continuous checkpoints: nothing lost but the restart.
        work_hours * (1.0 + rate * restart)
    } else if checkpoint_hours >= work_hours {
        segment_hours(work_hours, rate, restart)
    } else {
        let segments = (work_hours / checkpoint_hours).floor();
        let rest = work_hours - segments * checkpoint_hours;
        segments * segment_hours(checkpoint_hours, rate, restart)
            + segment_hours(rest, rate, restart)
    };
    hours.is_finite().then_some(hours)
}

/// Expected hours on spot ÷ plain hours (1 for no work).
pub fn overhead(
    work_hours: f64,
    interruptions_per_hour: f64,
    checkpoint_hours: f64,
    restart_hours: f64,
) -> Option<f64> {
    let hours = expected_hours(
        work_hours,
        interruptions_per_hour,
        checkpoint_hours,
        restart_hours,
    )?;
    if work_hours == 0.0 {
        return Some(1.0);
    }
    Some(hours / work_hours)
}

/// Expected cost of `work_hours` on spot at `price_per_hour`.
pub fn expected_cost(
    work_hours: f64,
    price_per_hour: f64,
    interruptions_per_hour: f64,
    checkpoint_hours: f64,
    restart_hours: f64,
) -> Option<f64> {
    if !(price_per_hour.is_finite() && price_per_hour >= 0.0) {
        return None;
    }
    let cost = expected_hours(
        work_hours,
        interruptions_per_hour,
        checkpoint_hours,
        restart_hours,
    )? * price_per_hour;
    cost.is_finite().then_some(cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn no_interruptions_cost_the_plain_price() {
        assert_eq!(expected_hours(100.0, 0.0, 0.5, 0.1), Some(100.0));
        assert_eq!(expected_cost(100.0, 2.0, 0.0, 0.5, 0.1), Some(200.0));
    }

    #[test]
    fn hand_checked_renewal_case() {
        // T = 10 h, c = 1 h, λ = 0.1/h, r = 0: 10 × (e^0.1 − 1)/0.1 = 10 × 1.0517092 h.
        let hours = expected_hours(10.0, 0.1, 1.0, 0.0).unwrap();
        assert!(close(hours, 10.0 * (0.1f64.exp() - 1.0) / 0.1), "{hours}");
        assert!((hours - 10.517_091_807_564_76).abs() < 1e-9);
        // With a 6-minute restart: + 10 × (e^0.1 − 1) × 0.1 h.
        let with_restart = expected_hours(10.0, 0.1, 1.0, 0.1).unwrap();
        assert!(close(with_restart, hours + 10.0 * 0.1f64.exp_m1() * 0.1));
    }

    #[test]
    fn small_rates_match_the_first_order_formula() {
        // T·(1 + λ(c/2 + r)) with λ = 0.001, c = 0.5, r = 1/12.
        let (t, l, c, r) = (200.0, 0.001, 0.5, 1.0 / 12.0);
        let exact = expected_hours(t, l, c, r).unwrap();
        let first_order = t * (1.0 + l * (c / 2.0 + r));
        assert!(
            (exact / first_order - 1.0).abs() < 1e-4,
            "{exact} vs {first_order}"
        );
    }

    #[test]
    fn doubling_the_rate_costs_more() {
        let once = expected_cost(50.0, 3.0, 0.05, 0.5, 0.1).unwrap();
        let twice = expected_cost(50.0, 3.0, 0.10, 0.5, 0.1).unwrap();
        assert!(twice > once && once > 150.0);
    }

    #[test]
    fn a_remainder_segment_is_counted() {
        // 2.5 h with 1 h checkpoints: two segments of 1 h and one of 0.5 h.
        let hours = expected_hours(2.5, 0.2, 1.0, 0.0).unwrap();
        let seg = |w: f64| (0.2 * w).exp_m1() / 0.2;
        assert!(close(hours, 2.0 * seg(1.0) + seg(0.5)));
    }

    #[test]
    fn continuous_and_no_checkpoints() {
        assert!(close(
            expected_hours(10.0, 0.5, 0.0, 0.2).unwrap(),
            10.0 * 1.1
        ));
        // No checkpoint within the job: the whole job is one segment.
        assert!(close(
            expected_hours(2.0, 0.5, f64::INFINITY, 0.0).unwrap(),
            1.0f64.exp_m1() / 0.5
        ));
    }

    #[test]
    fn hopeless_or_broken_inputs_give_none() {
        assert_eq!(expected_hours(10_000.0, 10.0, f64::INFINITY, 0.0), None);
        assert_eq!(expected_hours(f64::NAN, 0.1, 1.0, 0.0), None);
        assert_eq!(expected_hours(10.0, -0.1, 1.0, 0.0), None);
        assert_eq!(expected_hours(10.0, 0.1, f64::NAN, 0.0), None);
        assert_eq!(expected_cost(10.0, f64::NAN, 0.1, 1.0, 0.0), None);
        assert_eq!(overhead(0.0, 0.1, 1.0, 0.1), Some(1.0));
    }

    #[test]
    fn monthly_shares_become_hourly_rates() {
        let rate = per_hour_from_monthly_share(0.2).unwrap();
        assert!(close(rate, -(0.8f64).ln() / 730.0));
        assert!(close(1.0 - (-rate * 730.0).exp(), 0.2));
        assert_eq!(per_hour_from_monthly_share(0.0), Some(0.0));
        assert_eq!(per_hour_from_monthly_share(1.0), None);
        assert_eq!(per_hour_from_monthly_share(f64::NAN), None);
        for (_, share) in AWS_ADVISOR_BANDS {
            assert!(per_hour_from_monthly_share(share).unwrap() < DEFAULT_INTERRUPTIONS_PER_HOUR);
        }
    }
}
