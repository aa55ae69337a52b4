//! Vultr's public plan lists (no key needed): `GET https://api.vultr.com/v2/plans?type=all`
//! (`plans`: virtual machines, GPU ones of type `vcg`/`vdm`) and `GET /v2/plans-metal`
//! (`plans_metal`: bare metal, GPU ones named `…-gpu`). Each plan states `hourly_cost`, for
//! some `hourly_cost_preemptible` (Vultr's interruptible price: spot here), and the
//! `locations` it is sold in.
//!
//! A plan is a GPU plan when it names a GPU (`gpu_type`, `gpu_count`, `gpu_brand`) or its id
//! says so; the GPU count is read only where the plan states it (`gpu_count`) — a `vcg` slice
//! of a GPU states only its memory, and is reported rather than guessed.

use catalog::{Currency, PriceUnit, Term};
use serde::Deserialize;

use crate::quote::{checked_price, Parsed, Quote, SourceProblem};

#[derive(Deserialize)]
struct Plan {
    id: String,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    vcpu_count: Option<f64>,
    #[serde(default)]
    cpu_threads: Option<f64>,
    /// MB.
    #[serde(default)]
    ram: Option<f64>,
    hourly_cost: f64,
    #[serde(default)]
    hourly_cost_preemptible: Option<f64>,
    #[serde(default)]
    locations: Vec<String>,
    #[serde(default)]
    gpu_type: Option<String>,
    #[serde(default)]
    gpu_count: Option<f64>,
    #[serde(default)]
    gpu_brand: Option<String>,
}

impl Plan {
    fn is_gpu(&self) -> bool {
        self.gpu_type.is_some()
            || self.gpu_count.is_some_and(|c| c > 0.0)
            || self.gpu_brand.is_some()
            || matches!(self.kind.as_deref(), Some("vcg"))
            || self.id.ends_with("-gpu")
    }
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(
            format!("line {}", e.line()),
            "",
            format!("not a Vultr plan list: {e}"),
        )
    })?;
    let key = if doc.get("plans_metal").is_some() {
        "plans_metal"
    } else {
        "plans"
    };
    let (plans, skipped) = super::json::items::<Plan>(text, key, "a Vultr plan list")?;
    let mut parsed = Parsed {
        skipped,
        ..Parsed::default()
    };
    for (n, plan) in plans {
        if !plan.is_gpu() {
            continue;
        }
        let place = format!("item {n}");
        let mut prices = vec![(Term::OnDemand, "hourly_cost", plan.hourly_cost)];
        prices.extend(
            plan.hourly_cost_preemptible
                .map(|p| (Term::Spot, "hourly_cost_preemptible", p)),
        );
        for (term, field, value) in prices {
            let price = match checked_price(value, &place, field) {
                Ok(p) if p > 0.0 => p,
                Ok(_) => continue,
                Err(problem) => {
                    parsed.skipped.push(problem);
                    continue;
                }
            };
            for location in plan.locations.iter().filter(|l| !l.is_empty()) {
                parsed.quotes.push(Quote {
                    sku: plan.id.clone(),
                    gpu: plan.gpu_type.clone(),
                    count: plan.gpu_count,
                    vcpus: plan.vcpu_count.or(plan.cpu_threads),
                    ram_gb: plan.ram.map(|mb| mb / 1024.0),
                    region: location.clone(),
                    term,
                    price,
                    price_high: None,
                    currency: Currency::Usd,
                    unit: PriceUnit::InstanceHour,
                    line: n,
                    note: None,
                    cited: None,
                });
            }
        }
    }
    Ok(parsed)
}
