//! Serverless or always-on: the daily volume at which keeping a GPU costs no more than a
//! deployment that scales to zero, both costed by the estimate itself.

use super::crossing::{crossing, Crossing};
use super::estimate::PriceInput;
use super::estimating::estimate_numbers;
use super::hardware::Hardware;
use super::job::{Job, Workload};

/// Where serverless and always-on serving cost the same.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Crossover {
    /// Always-on is no dearer at any volume tried, however small.
    AlwaysOnFromTheStart,
    /// From this many output tokens a day, always-on is no dearer than serverless.
    At { tokens_per_day: f64 },
    /// Serverless stays cheaper up to the largest volume that could be costed (at most
    /// [`MAX_TOKENS_PER_DAY`]; past it the load needs more instances than are considered).
    ServerlessThroughout { up_to_tokens_per_day: f64 },
}

pub use super::crossing::{MAX_TOKENS_PER_DAY, MIN_TOKENS_PER_DAY};

/// `job` with `tokens_per_day` output tokens, the prompt tokens scaled in proportion.
pub fn at_volume(job: &Job, tokens_per_day: f64) -> Job {
    let mut job = job.clone();
    if let Workload::Inference {
        tokens_per_day: out,
        input_tokens_per_day: input,
        ..
    } = &mut job.workload
    {
        let ratio = if *out > 0.0 { *input / *out } else { 0.0 };
        *out = tokens_per_day;
        *input = tokens_per_day * ratio;
    }
    job
}

/// The daily volume at which keeping `always_on` costs no more than `serverless` for `job`
/// (the prompt share as the job has it); `None` for a job that is not serving, or when the
/// costs cannot be told even at the smallest volume. The costs are the estimate's own numbers
/// (`estimate_numbers`), so the crossover agrees with the per-day figures the table shows.
pub fn crossover(
    job: &Job,
    serverless: (&Hardware, &PriceInput),
    always_on: (&Hardware, &PriceInput),
) -> Option<Crossover> {
    if !job.workload.is_inference() {
        return None;
    }
    // Serverless minus always-on, per day, at a volume.
    let gap = |tokens: f64| -> Option<f64> {
        let job = at_volume(job, tokens);
        let s = estimate_numbers(&job, serverless.0, Some(serverless.1.clone())).cost?;
        let a = estimate_numbers(&job, always_on.0, Some(always_on.1.clone())).cost?;
        Some(s - a)
    };
    Some(match crossing(gap)? {
        Crossing::SecondFromTheStart => Crossover::AlwaysOnFromTheStart,
        Crossing::At { tokens_per_day } => Crossover::At { tokens_per_day },
        Crossing::FirstThroughout {
            up_to_tokens_per_day,
        } => Crossover::ServerlessThroughout {
            up_to_tokens_per_day,
        },
    })
}
