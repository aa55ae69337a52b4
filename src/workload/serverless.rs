//! Serving on a serverless offer: the deployment scales to zero when idle, so a day bills the
//! time the model is busy, never 24 hours — and where that stops being cheaper than keeping a
//! GPU.
//!
//! A day's load of `B` busy instance-hours is assumed to arrive through the day, so each
//! worker scales up from zero [`COLD_STARTS_PER_DAY`] times; every start loads the model
//! before it serves ([`cold_start_seconds`]). Each start is billed on its own at the offer's
//! increment and minimum:
//!
//! ```text
//! billed = starts × billed(B / starts + cold start)        starts = 24 × workers
//! ```
//!
//! The idle window a platform keeps a worker warm after its last request is not counted: with
//! traffic spread so thinly that it never idles out, a serverless worker costs what an
//! always-on one does, and [`crossover`](crate::crossover) says from which volume that is
//! cheaper anyway.

use super::billing::billed_seconds_for_runs;
use super::estimate::PriceInput;
use super::sources::{Assumption, Source};

/// Scale-ups from zero per worker and day: the day's load is assumed to come in hourly bursts.
pub const COLD_STARTS_PER_DAY: u32 = 24;
/// Starting the container before the weights load, seconds.
pub const COLD_START_BASE_SECONDS: f64 = 15.0;
/// Reading the weights into accelerator memory from the platform's storage, GB per second.
pub const WEIGHT_LOAD_GB_PER_SECOND: f64 = 1.0;

/// Why a cold start is mostly the weights' load: Baseten's account of its cold starts.
pub const COLD_START_SOURCE: Source = Source {
    short: "Baseten docs, Cold starts (model loading is typically the dominant factor)",
    url: "https://docs.baseten.co/deployment/autoscaling/cold-starts",
};

/// Seconds one cold start takes for a model of `weight_bytes`.
pub fn cold_start_seconds(weight_bytes: f64) -> f64 {
    COLD_START_BASE_SECONDS + weight_bytes.max(0.0) / 1e9 / WEIGHT_LOAD_GB_PER_SECOND
}

/// What a serverless offer bills for one day of serving.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ServerlessDay {
    /// Busy instance-hours: the load itself.
    pub busy_hours: f64,
    /// Scale-ups from zero over the day (all workers).
    pub cold_starts: u32,
    /// Seconds each of them takes.
    pub cold_start_seconds: f64,
    /// Instance-hours billed: busy time and cold starts, each start rounded to the offer's
    /// increment and minimum.
    pub billed_hours: f64,
}

/// The day billed for `busy_hours` of load on `workers` workers of a model of `weight_bytes`.
pub fn day(busy_hours: f64, workers: u32, weight_bytes: f64, price: &PriceInput) -> ServerlessDay {
    let cold_starts = COLD_STARTS_PER_DAY.saturating_mul(workers.max(1));
    let cold_start = cold_start_seconds(weight_bytes);
    let run_seconds = busy_hours.max(0.0) * 3_600.0 / f64::from(cold_starts) + cold_start;
    let billed = billed_seconds_for_runs(
        run_seconds,
        cold_starts,
        price.billing_seconds,
        price.minimum_charge_seconds,
    );
    ServerlessDay {
        busy_hours,
        cold_starts,
        cold_start_seconds: cold_start,
        billed_hours: billed / 3_600.0,
    }
}

/// The assumption a serverless day's cost rests on, for the estimate's list.
pub(crate) fn assumption(day: &ServerlessDay) -> Assumption {
    Assumption::new(
        "Serverless: billed for busy time only, plus cold starts (the load arrives in hourly \
         bursts; each start loads the weights; the idle window before scaling to zero is not \
         counted)",
        "Serverless：只按忙碌时间计费，另加冷启动（负载按每小时一批到达；每次启动加载权重；\
         缩容到零前的空闲等待不计）",
        format!(
            "{} cold starts a day × {} s",
            day.cold_starts,
            super::sources::show(day.cold_start_seconds.round())
        ),
        COLD_START_SOURCE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::{PER_HOUR, PER_MINUTE};

    fn per_hour(rate: f64, increment: Option<u32>) -> PriceInput {
        PriceInput {
            per_instance_hour: rate,
            billing_seconds: increment,
            scales_to_zero: true,
            ..PriceInput::default()
        }
    }

    #[test]
    fn a_cold_start_is_the_container_and_the_weights() {
        // 8B at BF16: 16 GB at 1 GB/s after 15 s.
        assert_eq!(cold_start_seconds(16e9), 31.0);
        assert_eq!(cold_start_seconds(-1.0), COLD_START_BASE_SECONDS);
    }

    #[test]
    fn per_second_billing_bills_busy_time_and_cold_starts() {
        let d = day(0.95, 1, 16e9, &per_hour(0.75, None));
        assert_eq!(d.cold_starts, 24);
        // 0.95 h + 24 × 31 s, each start rounded up to a whole second.
        let expected = 24.0 * (0.95f64 * 3_600.0 / 24.0 + 31.0).ceil() / 3_600.0;
        assert!((d.billed_hours - expected).abs() < 1e-12, "{d:?}");
        assert!(d.billed_hours < 24.0);
    }

    #[test]
    fn coarse_increments_round_each_start() {
        let d = day(0.95, 1, 16e9, &per_hour(0.75, Some(PER_MINUTE)));
        // 142.5 + 31 s = 173.5 s → 3 minutes, 24 times.
        assert!((d.billed_hours - 24.0 * 180.0 / 3_600.0).abs() < 1e-12);
        let hourly = day(0.95, 1, 16e9, &per_hour(0.75, Some(PER_HOUR)));
        assert_eq!(hourly.billed_hours, 24.0);
    }

    #[test]
    fn two_workers_start_twice_as_often() {
        let d = day(30.0, 2, 16e9, &per_hour(1.0, None));
        assert_eq!(d.cold_starts, 48);
        assert!(d.billed_hours > 30.0 && d.billed_hours < 31.0);
    }
}
