//! One job on one offer: memory, fit, wall time, instance-hours and cost, with the assumptions
//! behind them. Unknown hardware numbers give `None` results, never a guess, and no result is
//! ever NaN or infinite.

use serde::Serialize;

use super::fit::{Fit, NoFit};
use super::hardware::positive;
use super::memory::MemoryNeed;
use super::sources::Assumption;

/// The price of one instance of the offer, in the caller's currency.
#[derive(Debug, Clone, PartialEq, Default, serde::Deserialize, Serialize)]
#[serde(default)]
pub struct PriceInput {
    pub per_instance_hour: f64,
    /// Billing increment in seconds (`None`: per second).
    pub billing_seconds: Option<u32>,
    pub minimum_charge_seconds: Option<u32>,
    /// A serverless price: the deployment scales to zero when idle, so a serving day bills
    /// its busy time (and cold starts), not 24 hours.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub scales_to_zero: bool,
    /// Set for a spot price: interruptions per hour (e.g.
    /// [`DEFAULT_INTERRUPTIONS_PER_HOUR`](super::spot::DEFAULT_INTERRUPTIONS_PER_HOUR)); the
    /// expected lost work and restarts are then added to time and cost.
    pub spot_interruptions_per_hour: Option<f64>,
    /// Where the interruption rate comes from when a source gave one for this very price
    /// ("AWS Spot Instance Advisor: 5-10% of instances a month, 2026-12-05"); `None`: the rate
    /// is the default, and the assumptions say so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spot_interruption_basis: Option<String>,
}

/// What an estimate's `cost` covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostBasis {
    /// All runs of a training or fine-tuning job.
    #[default]
    WholeJob,
    /// One day of serving.
    PerDay,
}

/// Whether a deadline can be met on this offer.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(tag = "deadline", rename_all = "kebab-case")]
pub enum Deadline {
    /// No deadline was given.
    #[default]
    NotSet,
    /// `instances` instances finish a run in `wall_hours`, within the deadline (for serving:
    /// carry a day's load within 24 hours), costing `cost` (for all runs; per day for serving).
    Met {
        instances: u32,
        wall_hours: f64,
        cost: Option<f64>,
    },
    /// One instance is too slow and this offer does not cluster instances.
    NeedsMultiNode,
    /// Even the most instances we consider are too slow.
    Unreachable,
    /// The speed is unknown, so the deadline cannot be judged.
    Unknown,
}

impl Deadline {
    /// The deadline's fate when no time can be computed: a job that does not fit cannot meet
    /// it, one whose speed is unknown cannot be judged.
    pub(crate) fn without_a_time(fit: &Fit) -> Deadline {
        match fit {
            Fit::DoesNotFit {
                why: NoFit::NeedsMultiNode { .. },
            } => Deadline::NeedsMultiNode,
            Fit::DoesNotFit { .. } => Deadline::Unreachable,
            _ => Deadline::Unknown,
        }
    }
}

/// One job on one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// What one copy of the job keeps in accelerator memory.
    pub memory: MemoryNeed,
    pub fit: Fit,
    /// Instances the wall time assumes: the fewest that hold the job (1 if the fit is unknown).
    pub instances: Option<u32>,
    /// Hours one run takes on `instances` instances (spot: expected, with interruptions). For
    /// serving: hours per day each of the `deadline`'s instances is busy.
    pub wall_hours: Option<f64>,
    /// Accelerator-hours of all runs (serving: per day).
    pub accelerator_hours: Option<f64>,
    /// Instance-hours of all runs (serving: busy instance-hours per day).
    pub instance_hours: Option<f64>,
    pub deadline: Deadline,
    /// Cost with billing rounding, per `cost_basis`: all runs, or one day of serving on the
    /// instances that carry the load.
    pub cost: Option<f64>,
    pub cost_basis: CostBasis,
    /// Serving: output tokens per second one instance generates.
    pub tokens_per_second: Option<f64>,
    /// Serving: cost per million output tokens at the requested daily volume.
    pub cost_per_million_tokens: Option<f64>,
    /// Serving: cost per million output tokens with the instance busy all the time.
    pub cost_per_million_tokens_at_full_load: Option<f64>,
    /// What the numbers above assume, with sources.
    pub assumptions: Vec<Assumption>,
}

impl Estimate {
    /// An estimate with a memory need and fit and nothing else known yet.
    pub(crate) fn empty(memory: MemoryNeed, fit: Fit) -> Estimate {
        Estimate {
            memory,
            fit,
            instances: None,
            wall_hours: None,
            accelerator_hours: None,
            instance_hours: None,
            deadline: Deadline::NotSet,
            cost: None,
            cost_basis: CostBasis::WholeJob,
            tokens_per_second: None,
            cost_per_million_tokens: None,
            cost_per_million_tokens_at_full_load: None,
            assumptions: Vec::new(),
        }
    }

    /// Instances that meet the deadline, if one was given and can be met.
    pub fn instances_for_deadline(&self) -> Option<u32> {
        match self.deadline {
            Deadline::Met { instances, .. } => Some(instances),
            _ => None,
        }
    }
}

/// Whether an estimate writes down its assumptions. The detail view and the CLI show them; the
/// table's job columns read only the numbers, for every offer at once, and writing the
/// assumptions (each formats its values as text) was a third of that work (issue 28).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Explain {
    WithAssumptions,
    NumbersOnly,
}

impl Explain {
    /// Adds the assumptions `write` makes to `to`, unless only the numbers are wanted.
    pub(crate) fn add(self, to: &mut Vec<Assumption>, write: impl FnOnce() -> Vec<Assumption>) {
        if self == Explain::WithAssumptions {
            to.extend(write());
        }
    }

    /// Adds the assumption `write` makes to `to`, unless only the numbers are wanted.
    pub(crate) fn add_one(self, to: &mut Vec<Assumption>, write: impl FnOnce() -> Assumption) {
        if self == Explain::WithAssumptions {
            to.push(write());
        }
    }
}

/// The price with broken numbers dropped: `None` if the hourly price is unusable.
pub(crate) fn usable_price(price: Option<&PriceInput>) -> Option<&PriceInput> {
    price.filter(|p| p.per_instance_hour.is_finite() && p.per_instance_hour >= 0.0)
}

/// Where a usable spot price's interruption rate comes from, when a source gave it.
pub(crate) fn spot_basis(price: Option<&PriceInput>) -> Option<&str> {
    price?.spot_interruption_basis.as_deref()
}

/// The spot interruption rate of a price, if it is a usable spot price.
pub(crate) fn spot_rate(price: Option<&PriceInput>) -> Option<f64> {
    price?
        .spot_interruptions_per_hour
        .filter(|r| r.is_finite() && *r >= 0.0)
}

/// `x` if it is a usable positive number.
pub(crate) fn finite(x: f64) -> Option<f64> {
    positive(Some(x))
}
