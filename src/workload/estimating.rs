//! The estimate of one job on one offer: the entry point that checks the job, sizes its
//! memory and fit, and hands training and serving to their own models.

use super::estimate::{usable_price, Deadline, Estimate, Explain, PriceInput};
use super::fit::{fit, Fit, UnknownFit};
use super::hardware::Hardware;
use super::job::Job;
use super::memory::{memory_need, MemoryNeed};
use super::validate::Severity;
use super::{serving, training};

/// Estimates `job` on an instance with `hw`, at `price` per instance-hour if known, with the
/// assumptions behind its numbers.
pub fn estimate(job: &Job, hw: &Hardware, price: Option<PriceInput>) -> Estimate {
    estimate_as(job, hw, price, Explain::WithAssumptions)
}

/// [`estimate`]'s numbers without its assumptions (`assumptions` is empty): for figures read
/// as numbers over many offers at once, such as the table's job columns.
pub fn estimate_numbers(job: &Job, hw: &Hardware, price: Option<PriceInput>) -> Estimate {
    estimate_as(job, hw, price, Explain::NumbersOnly)
}

fn estimate_as(job: &Job, hw: &Hardware, price: Option<PriceInput>, explain: Explain) -> Estimate {
    if job.validate().iter().any(|p| p.severity == Severity::Error) {
        return Estimate::empty(
            MemoryNeed::default(),
            Fit::Unknown {
                why: UnknownFit::InvalidJob,
            },
        );
    }
    let memory = memory_need(&job.workload);
    let fit = fit(&memory, hw);
    let mut estimate = Estimate::empty(memory, fit);
    let price = usable_price(price.as_ref());
    if job.workload.is_inference() {
        serving::estimate_serving(job, hw, price, explain, &mut estimate);
    } else {
        training::estimate_training(job, hw, price, explain, &mut estimate);
    }
    sanitise(&mut estimate);
    estimate
}

/// The last guard: a number that overflowed somewhere becomes unknown rather than NaN/inf.
fn sanitise(e: &mut Estimate) {
    let keep = |x: &mut Option<f64>| {
        if x.is_some_and(|v| !v.is_finite() || v < 0.0) {
            *x = None;
        }
    };
    keep(&mut e.wall_hours);
    keep(&mut e.accelerator_hours);
    keep(&mut e.instance_hours);
    keep(&mut e.cost);
    keep(&mut e.tokens_per_second);
    keep(&mut e.cost_per_million_tokens);
    keep(&mut e.cost_per_million_tokens_at_full_load);
    if let Deadline::Met {
        wall_hours, cost, ..
    } = &mut e.deadline
    {
        keep(cost);
        if !wall_hours.is_finite() {
            e.deadline = Deadline::Unknown;
        }
    }
    let m = &e.memory;
    let fields = [
        m.weights_gb,
        m.gradients_gb,
        m.optimizer_gb,
        m.activations_gb,
        m.kv_cache_gb,
        m.total_gb,
    ];
    if fields.iter().any(|v| !v.is_finite()) {
        e.memory = MemoryNeed::default();
    }
}
