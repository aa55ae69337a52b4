//! Serving a model: tokens per second, the instances a day's load needs, and the price of a
//! million output tokens.
//!
//! Decoding is bound by memory bandwidth: every step reads all weights once for the whole
//! batch, plus each sequence's KV cache, and yields one token per sequence. So one copy of the
//! model sharded over k accelerators makes
//!
//! ```text
//! tokens/s ≈ concurrency · k · bandwidth · efficiency / (weight bytes + concurrency · KV bytes per sequence)
//! ```
//!
//! capped by compute at 2 · params FLOP per token (k · peak · MFU / (2 · params)). The KV cache
//! is counted at the full context, so long outputs are not under-counted. Reading the prompt
//! (prefill) is compute-bound: 2 · params FLOP per input token. An instance holds as many
//! copies as its accelerators allow; copies need no multi-node clustering.

use super::assumptions::{inter_scaling_assumption, serving_assumptions, spot_assumptions};
use super::compute::{
    instance_speed, DECODE_BANDWIDTH_EFFICIENCY, INFERENCE_FLOPS_PER_PARAM_TOKEN,
};
use super::estimate::{
    finite, spot_basis, spot_rate, CostBasis, Deadline, Estimate, Explain, PriceInput,
};
use super::fit::Fit;
use super::hardware::{Hardware, MAX_INSTANCES};
use super::job::{Job, Precision, Quant, Workload};
use super::serverless;
use super::shape::Shape;
use super::spot;

/// Hours in the serving day the instances must carry the load in (and an always-on instance
/// is billed for).
pub const SERVING_HOURS_PER_DAY: f64 = 24.0;

/// The precision whose peak bounds compute: FP8 weights run FP8 matrix multiplies; INT8 and
/// INT4 weights are usually dequantized to 16-bit (weight-only quantization).
fn compute_precision(quant: Quant) -> Precision {
    match quant {
        Quant::Fp8 => Precision::Fp8,
        _ => Precision::Bf16,
    }
}

/// How copies of the model sit on instances.
struct Placement {
    /// Accelerators one copy uses (a fraction for a slice).
    accelerators_per_copy: f64,
    /// Instances one copy spans.
    instances_per_copy: u32,
    /// Copies on one instance (when a copy spans one instance or less).
    copies_per_instance: u32,
}

fn placement(fit: &Fit, hw: &Hardware) -> Option<Placement> {
    let count = hw.count()?;
    let devices = hw.devices()?;
    let (per_copy, instances) = match *fit {
        // Unknown memory: assume one accelerator per copy, as the time can still be told.
        Fit::OneAccelerator | Fit::Unknown { .. } => (count.min(1.0), 1),
        Fit::Sharded { accelerators } => (f64::from(accelerators), 1),
        Fit::Instances {
            instances,
            accelerators,
            ..
        } => (f64::from(accelerators), instances),
        Fit::DoesNotFit { .. } => return None,
    };
    let copies = if instances > 1 {
        1
    } else {
        ((f64::from(devices) / per_copy.max(1.0)).floor() as u32).max(1)
    };
    Some(Placement {
        accelerators_per_copy: per_copy,
        instances_per_copy: instances,
        copies_per_instance: copies,
    })
}

pub(crate) fn estimate_serving(
    job: &Job,
    hw: &Hardware,
    price: Option<&PriceInput>,
    explain: Explain,
    estimate: &mut Estimate,
) {
    let Workload::Inference {
        params_b,
        quant,
        context_tokens,
        concurrency,
        tokens_per_day,
        input_tokens_per_day,
        layers,
        kv_heads,
        head_dim,
        ..
    } = &job.workload
    else {
        return;
    };
    estimate.cost_basis = CostBasis::PerDay;
    let params = params_b * 1e9;
    let shape = Shape::with(params, *layers, *kv_heads, *head_dim);
    let precision = compute_precision(*quant);
    let speed = instance_speed(hw, precision, None);
    explain.add(&mut estimate.assumptions, || {
        serving_assumptions(*quant, &shape, hw, precision, speed)
    });
    let placement = placement(&estimate.fit, hw);
    estimate.instances = placement.as_ref().map(|p| p.instances_per_copy);
    let (Some(placement), Some(speed), Some(bandwidth)) = (placement, speed, hw.bandwidth_gbs())
    else {
        estimate.deadline = Deadline::without_a_time(&estimate.fit);
        return;
    };

    // One copy: bandwidth-bound decode, capped by compute.
    let p = &placement;
    let copy_scaling = hw.efficiency_over(p.accelerators_per_copy)
        * hw.inter_instance_efficiency(p.instances_per_copy);
    let concurrency = f64::from(*concurrency);
    let weight_bytes = quant.bytes_per_param() * params;
    let kv_bytes = shape.kv_bytes_per_token() * f64::from(*context_tokens);
    let copy_bandwidth =
        p.accelerators_per_copy * bandwidth * 1e9 * DECODE_BANDWIDTH_EFFICIENCY * copy_scaling;
    let bandwidth_bound = concurrency * copy_bandwidth / (weight_bytes + concurrency * kv_bytes);
    let copy_flops = p.accelerators_per_copy * speed.peak.tflops * 1e12 * speed.mfu * copy_scaling;
    let compute_bound = copy_flops / (INFERENCE_FLOPS_PER_PARAM_TOKEN * params);
    let copy_tokens_per_second = bandwidth_bound.min(compute_bound);
    let per_instance = f64::from(p.copies_per_instance) / f64::from(p.instances_per_copy);
    if p.instances_per_copy > 1 {
        explain.add_one(&mut estimate.assumptions, || inter_scaling_assumption(hw));
    }
    let Some(tokens_per_second) = finite(copy_tokens_per_second * per_instance) else {
        estimate.deadline = Deadline::Unknown;
        return;
    };
    estimate.tokens_per_second = Some(tokens_per_second);

    // A day's load: decode hours + prefill hours, as instance-hours.
    let prefill_flops_per_second = copy_flops * per_instance;
    let decode_hours = tokens_per_day / (tokens_per_second * 3_600.0);
    let prefill_hours = INFERENCE_FLOPS_PER_PARAM_TOKEN * params * input_tokens_per_day
        / (prefill_flops_per_second * 3_600.0);
    let mut busy = decode_hours + prefill_hours;
    if let Some(rate) = spot_rate(price) {
        // Serving keeps no work to lose between requests: only restarts cost time.
        busy = spot::expected_hours(busy, rate, 0.0, job.restart_minutes / 60.0)
            .unwrap_or(f64::INFINITY);
        explain.add(&mut estimate.assumptions, || {
            spot_assumptions(job, rate, spot_basis(price), false)
        });
    }
    if !busy.is_finite() {
        estimate.deadline = Deadline::Unknown;
        return;
    }
    let instances_u32 = instances_for(busy, p.instances_per_copy);
    if instances_u32 > MAX_INSTANCES {
        estimate.deadline = Deadline::Unreachable;
        return;
    }
    let instances = f64::from(instances_u32);
    let count = hw.count().unwrap_or(0.0);
    estimate.instance_hours = Some(busy);
    estimate.accelerator_hours = Some(busy * count);
    estimate.wall_hours = Some(busy / instances);
    if let Some(price) = price {
        if price.scales_to_zero {
            let day = serverless::day(busy, instances_u32, weight_bytes, price);
            explain.add_one(&mut estimate.assumptions, || serverless::assumption(&day));
        }
        let per_day = day_cost(busy, p.instances_per_copy, weight_bytes, price).unwrap_or(f64::NAN);
        estimate.cost = Some(per_day);
        if *tokens_per_day > 0.0 {
            estimate.cost_per_million_tokens = Some(per_day / (tokens_per_day / 1e6));
        }
        estimate.cost_per_million_tokens_at_full_load =
            Some(price.per_instance_hour / (tokens_per_second * 3_600.0 / 1e6));
    }
    estimate.deadline = Deadline::Met {
        instances: instances_u32,
        wall_hours: busy / instances,
        cost: estimate.cost,
    };
}

/// Instances that carry `busy` instance-hours in a serving day, in whole copies of `group`.
fn instances_for(busy: f64, group: u32) -> u32 {
    let group = f64::from(group.max(1));
    let instances = (busy / SERVING_HOURS_PER_DAY / group).ceil().max(1.0) * group;
    if instances > f64::from(u32::MAX) {
        u32::MAX
    } else {
        instances as u32
    }
}

/// A serving day's bill: `busy` instance-hours of load on copies of `group` instances, of a
/// model of `weight_bytes`. Serverless is billed by use (busy time and cold starts); always-on
/// instances stay up around the clock, so increments do not round. `None` past the instances
/// considered. The estimate bills a day with this, and so does a cost curve over volumes.
pub fn day_cost(busy: f64, group: u32, weight_bytes: f64, price: &PriceInput) -> Option<f64> {
    let instances = instances_for(busy, group);
    if instances > MAX_INSTANCES || !busy.is_finite() {
        return None;
    }
    Some(if price.scales_to_zero {
        serverless::day(busy, instances, weight_bytes, price).billed_hours * price.per_instance_hour
    } else {
        f64::from(instances) * SERVING_HOURS_PER_DAY * price.per_instance_hour
    })
}
