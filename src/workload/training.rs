//! Wall time, instance-hours, cost and deadline of a training or fine-tuning job on one offer.
//!
//! One instance sustains accelerators × peak × MFU × (scaling inside the instance) model
//! FLOP/s; n instances add a cross-instance scaling factor. A run takes C / (that speed) hours,
//! stretched on spot by the expected rework of interruptions. Each run on each instance is
//! billed with its own rounding.

use super::assumptions::{
    billing_assumptions, clustering_assumption, compute_assumptions, inter_scaling_assumption,
    memory_assumptions, spot_assumptions,
};
use super::billing::billed_seconds;
use super::compute::{instance_speed, job_flops, Speed};
use super::estimate::{finite, spot_basis, spot_rate, Deadline, Estimate, Explain, PriceInput};
use super::hardware::{max_instances_for, Hardware};
use super::job::{Job, Workload};
use super::spot;

/// Hours of one run on `n` instances, with spot rework if the price is spot.
struct RunTime<'a> {
    flops: f64,
    speed: Speed,
    hw: &'a Hardware,
    spot: Option<(f64, f64, f64)>,
}

impl RunTime<'_> {
    fn hours(&self, instances: u32) -> Option<f64> {
        let n = f64::from(instances);
        let speed = n * self.speed.flops_per_second * self.hw.inter_instance_efficiency(instances);
        let plain = finite(self.flops / speed / 3_600.0)?;
        match self.spot {
            Some((rate, checkpoint, restart)) => {
                spot::expected_hours(plain, rate, checkpoint, restart).and_then(finite)
            }
            None => Some(plain),
        }
    }
}

/// Cost of `runs` runs on `instances` instances of `wall_hours` each.
fn run_cost(price: Option<&PriceInput>, wall_hours: f64, instances: u32, runs: u32) -> Option<f64> {
    let price = price?;
    let billed = billed_seconds(
        wall_hours * 3_600.0,
        price.billing_seconds,
        price.minimum_charge_seconds,
    );
    let cost = f64::from(runs) * f64::from(instances) * billed / 3_600.0 * price.per_instance_hour;
    cost.is_finite().then_some(cost)
}

pub(crate) fn estimate_training(
    job: &Job,
    hw: &Hardware,
    price: Option<&PriceInput>,
    explain: Explain,
    estimate: &mut Estimate,
) {
    let (precision, mfu) = match &job.workload {
        Workload::Training { precision, mfu, .. } | Workload::FineTune { precision, mfu, .. } => {
            (*precision, *mfu)
        }
        Workload::Inference { .. } => return,
    };
    explain.add(&mut estimate.assumptions, || {
        memory_assumptions(&job.workload)
    });
    let speed = instance_speed(hw, precision, mfu);
    let flops = job_flops(&job.workload);
    explain.add(&mut estimate.assumptions, || {
        compute_assumptions(job, hw, precision, speed)
    });
    let min_instances = estimate.fit.min_instances();
    estimate.instances = min_instances;
    let (Some(flops), Some(speed), Some(min_instances)) = (flops, speed, min_instances) else {
        if job.deadline_hours.is_some() {
            estimate.deadline = Deadline::without_a_time(&estimate.fit);
        }
        return;
    };
    let rate = spot_rate(price);
    let run = RunTime {
        flops,
        speed,
        hw,
        spot: rate.map(|r| (r, job.checkpoint_minutes / 60.0, job.restart_minutes / 60.0)),
    };
    if let Some(rate) = rate {
        explain.add(&mut estimate.assumptions, || {
            spot_assumptions(job, rate, spot_basis(price), true)
        });
    }
    if let Some(price) = price {
        explain.add(&mut estimate.assumptions, || billing_assumptions(price));
    }
    let runs = job.runs;
    let count = hw.count().unwrap_or(0.0);
    estimate.wall_hours = run.hours(min_instances);
    if let Some(wall) = estimate.wall_hours {
        let instance_hours = wall * f64::from(min_instances) * f64::from(runs);
        estimate.instance_hours = Some(instance_hours);
        estimate.accelerator_hours = Some(instance_hours * count);
        estimate.cost = run_cost(price, wall, min_instances, runs);
    }
    if let Some(deadline) = job.deadline_hours {
        let most = max_instances_for(count).max(min_instances);
        estimate.deadline = meet_deadline(
            &run,
            min_instances,
            most,
            deadline,
            hw.multi_node || hw.multi_node_not_stated,
            |n, h| run_cost(price, h, n, runs),
        );
    }
    let uses_several =
        min_instances > 1 || estimate.instances_for_deadline().is_some_and(|n| n > 1);
    if uses_several {
        explain.add_one(&mut estimate.assumptions, || inter_scaling_assumption(hw));
        if !hw.multi_node && hw.multi_node_not_stated {
            explain.add_one(&mut estimate.assumptions, clustering_assumption);
        }
    }
}

/// The smallest instance count whose run fits in `deadline` hours.
fn meet_deadline(
    run: &RunTime,
    min_instances: u32,
    most: u32,
    deadline: f64,
    multi_node: bool,
    cost: impl Fn(u32, f64) -> Option<f64>,
) -> Deadline {
    let met = |n: u32| -> Option<Deadline> {
        let hours = run.hours(n)?;
        (hours <= deadline).then(|| Deadline::Met {
            instances: n,
            wall_hours: hours,
            cost: cost(n, hours),
        })
    };
    if run.hours(min_instances).is_none() {
        return Deadline::Unknown;
    }
    if let Some(done) = met(min_instances) {
        return done;
    }
    if !multi_node {
        return Deadline::NeedsMultiNode;
    }
    if met(most).is_none() {
        return Deadline::Unreachable;
    }
    // Time falls as instances are added (each doubling more than offsets the cross-instance
    // loss), so the first count that meets the deadline is found by bisection.
    let (mut too_few, mut enough) = (min_instances, most);
    while enough - too_few > 1 {
        let mid = too_few + (enough - too_few) / 2;
        if met(mid).is_some() {
            enough = mid;
        } else {
            too_few = mid;
        }
    }
    met(enough).unwrap_or(Deadline::Unreachable)
}
