//! The criteria an offer is scored on, grouped the way users think about a choice, and the
//! weights the user gives them.

use serde::{Deserialize, Serialize};

use catalog::pick;
use catalog::Lang;

/// One thing users weigh when choosing an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// Dense BF16 throughput of the whole instance.
    Performance,
    /// Price for what it buys, in the [`CostBasis`] the weights choose.
    CostEfficiency,
    /// Accelerator memory, per accelerator and in total.
    Memory,
    /// NVLink/NVSwitch inside the instance, InfiniBand and multi-node clusters across them.
    ScaleOut,
    /// Kubernetes, framework images, notebooks, storage integration.
    Ecosystem,
    /// Billing increment, commitment, spot capacity, free tier.
    Flexibility,
    /// How fresh the price is and how much its source can be trusted.
    Trust,
}

impl Criterion {
    /// Every criterion, in the order breakdowns list them.
    pub const ALL: [Criterion; 7] = [
        Criterion::Performance,
        Criterion::CostEfficiency,
        Criterion::Memory,
        Criterion::ScaleOut,
        Criterion::Ecosystem,
        Criterion::Flexibility,
        Criterion::Trust,
    ];

    /// Position in [`Criterion::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Scored against the best offer of the ranked set, not from facts alone.
    pub fn is_relative(self) -> bool {
        matches!(
            self,
            Criterion::Performance
                | Criterion::CostEfficiency
                | Criterion::Memory
                | Criterion::ScaleOut
        )
    }

    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Criterion::Performance => pick(lang, "Performance", "性能"),
            Criterion::CostEfficiency => pick(lang, "Cost-efficiency", "性价比"),
            Criterion::Memory => pick(lang, "Memory", "显存"),
            Criterion::ScaleOut => pick(lang, "Scale-out", "扩展性"),
            Criterion::Ecosystem => pick(lang, "Ecosystem", "生态"),
            Criterion::Flexibility => pick(lang, "Flexibility", "灵活性"),
            Criterion::Trust => pick(lang, "Trust", "可信度"),
        }
    }

    /// One line on what the criterion measures, for a tooltip.
    pub fn description(self, lang: Lang) -> &'static str {
        match self {
            Criterion::Performance => pick(
                lang,
                "Dense BF16 throughput of the instance (FP16 where BF16 is unknown), against the fastest offer compared.",
                "实例的稠密 BF16 算力（无 BF16 数据时用 FP16），与参与比较的最快方案相比。",
            ),
            Criterion::CostEfficiency => pick(
                lang,
                "The price of what the offer buys (per hour, accelerator, PFLOP, GB or bandwidth), against the cheapest offer compared.",
                "所购资源的价格（按小时、每卡、每 PFLOP、每 GB 或带宽计），与参与比较的最便宜方案相比。",
            ),
            Criterion::Memory => pick(
                lang,
                "Accelerator memory per card and in total, against the largest offer compared.",
                "每卡显存与总显存，与参与比较的最大方案相比。",
            ),
            Criterion::ScaleOut => pick(
                lang,
                "NVLink/NVSwitch or TPU ICI between the instance's accelerators, InfiniBand and multi-node clusters.",
                "实例内加速卡之间的 NVLink/NVSwitch 或 TPU ICI 互联、InfiniBand 网络与多机集群。",
            ),
            Criterion::Ecosystem => pick(
                lang,
                "Kubernetes, framework images, notebooks and storage integration, as the provider's sources state them.",
                "Kubernetes、框架镜像、Notebook 与存储集成，以服务商资料为准。",
            ),
            Criterion::Flexibility => pick(
                lang,
                "Billing increment, no commitment or minimum charge, spot capacity and free tiers.",
                "计费粒度、无承诺期或最低消费、竞价实例与免费额度。",
            ),
            Criterion::Trust => pick(
                lang,
                "How recently the price was checked and how reliable its source is.",
                "价格核实的时间远近与来源的可靠程度。",
            ),
        }
    }
}

/// What "cost-efficiency" measures: the price of which unit, or bandwidth per price.
///
/// Workloads buy different things — a prototype buys hours, training buys FLOPs, a
/// memory-bound job buys gigabytes — so the scenario picks the unit, not a fixed blend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostBasis {
    /// Price per instance-hour: the cheapest machine wins.
    Hour,
    /// Price per accelerator-hour.
    AcceleratorHour,
    /// Price per dense BF16 PFLOP-hour (FP16 where BF16 is unknown): throughput per money.
    #[default]
    Bf16PflopHour,
    /// Price per dense FP8 PFLOP-hour; unknown on chips without FP8.
    Fp8PflopHour,
    /// Price per GB-hour of accelerator memory.
    GbHour,
    /// Memory bandwidth per unit of price (higher is better).
    Bandwidth,
    /// What the calculator's job costs on the offer, all runs included: the ranking of a
    /// view with a job set ([`Metrics::job_cost`](super::Metrics::job_cost)).
    Job,
}

impl CostBasis {
    pub const ALL: [CostBasis; 7] = [
        CostBasis::Hour,
        CostBasis::AcceleratorHour,
        CostBasis::Bf16PflopHour,
        CostBasis::Fp8PflopHour,
        CostBasis::GbHour,
        CostBasis::Bandwidth,
        CostBasis::Job,
    ];

    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            CostBasis::Hour => pick(lang, "Price per hour", "每小时价格"),
            CostBasis::AcceleratorHour => {
                pick(lang, "Price per accelerator-hour", "每卡每小时价格")
            }
            CostBasis::Bf16PflopHour => pick(
                lang,
                "Price per dense BF16 PFLOP-hour",
                "每 PFLOP 稠密 BF16 每小时价格",
            ),
            CostBasis::Fp8PflopHour => {
                pick(lang, "Price per FP8 PFLOP-hour", "每 PFLOP FP8 每小时价格")
            }
            CostBasis::GbHour => pick(lang, "Price per GB-hour of memory", "每 GB 显存每小时价格"),
            CostBasis::Bandwidth => pick(lang, "Memory bandwidth per price", "单位价格的显存带宽"),
            CostBasis::Job => pick(lang, "Cost of your job", "你的任务的成本"),
        }
    }
}

/// The most a criterion can weigh; 0 leaves it out.
pub const MAX_WEIGHT: u8 = 10;

/// How much each criterion counts, 0..=[`MAX_WEIGHT`], and what cost-efficiency measures.
///
/// Weights are relative: all at 5 rank exactly as all at 10. Named fields (not an array) so
/// a saved or shared weighting reads as `{"performance": 8, ...}` and survives a reorder.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Weights {
    pub performance: u8,
    pub cost_efficiency: u8,
    pub memory: u8,
    pub scale_out: u8,
    pub ecosystem: u8,
    pub flexibility: u8,
    pub trust: u8,
    pub cost_basis: CostBasis,
}

impl Default for Weights {
    /// Balanced: every criterion counts the same, cost-efficiency as throughput per money.
    fn default() -> Weights {
        Weights::uniform(5, CostBasis::default())
    }
}

impl Weights {
    /// Every criterion at `weight`.
    pub fn uniform(weight: u8, cost_basis: CostBasis) -> Weights {
        let w = weight.min(MAX_WEIGHT);
        Weights {
            performance: w,
            cost_efficiency: w,
            memory: w,
            scale_out: w,
            ecosystem: w,
            flexibility: w,
            trust: w,
            cost_basis,
        }
    }

    /// Weights from one value per criterion, in [`Criterion::ALL`] order.
    pub fn from_array(weights: [u8; 7], cost_basis: CostBasis) -> Weights {
        let mut w = Weights::uniform(0, cost_basis);
        for (criterion, weight) in Criterion::ALL.into_iter().zip(weights) {
            w.set(criterion, weight);
        }
        w
    }

    /// The weight of `criterion`; a value above the maximum (from a hand-edited link) counts
    /// as the maximum.
    pub fn get(&self, criterion: Criterion) -> u8 {
        let w = match criterion {
            Criterion::Performance => self.performance,
            Criterion::CostEfficiency => self.cost_efficiency,
            Criterion::Memory => self.memory,
            Criterion::ScaleOut => self.scale_out,
            Criterion::Ecosystem => self.ecosystem,
            Criterion::Flexibility => self.flexibility,
            Criterion::Trust => self.trust,
        };
        w.min(MAX_WEIGHT)
    }

    /// Sets one weight, clamped to 0..=[`MAX_WEIGHT`].
    pub fn set(&mut self, criterion: Criterion, weight: u8) {
        let w = weight.min(MAX_WEIGHT);
        match criterion {
            Criterion::Performance => self.performance = w,
            Criterion::CostEfficiency => self.cost_efficiency = w,
            Criterion::Memory => self.memory = w,
            Criterion::ScaleOut => self.scale_out = w,
            Criterion::Ecosystem => self.ecosystem = w,
            Criterion::Flexibility => self.flexibility = w,
            Criterion::Trust => self.trust = w,
        }
    }

    /// The sum of all weights; 0 means nothing is scored and every score is 0.
    pub fn total(&self) -> u32 {
        Criterion::ALL.iter().map(|c| u32::from(self.get(*c))).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_weighs_every_criterion_alike() {
        let w = Weights::default();
        let first = w.get(Criterion::ALL[0]);
        assert!(first > 0);
        assert!(Criterion::ALL.iter().all(|c| w.get(*c) == first));
    }

    #[test]
    fn weights_are_clamped_to_the_maximum() {
        let mut w = Weights::default();
        w.set(Criterion::Memory, 200);
        assert_eq!(w.get(Criterion::Memory), MAX_WEIGHT);
        w.trust = 99;
        assert_eq!(w.get(Criterion::Trust), MAX_WEIGHT, "a hand-edited value");
    }

    #[test]
    fn set_then_get_round_trips_every_criterion() {
        let mut w = Weights::uniform(0, CostBasis::Hour);
        for (i, c) in Criterion::ALL.into_iter().enumerate() {
            w.set(c, i as u8);
        }
        for (i, c) in Criterion::ALL.into_iter().enumerate() {
            assert_eq!(w.get(c), i as u8);
            assert_eq!(c.index(), i);
        }
        assert_eq!(w.total(), 21);
    }

    #[test]
    fn weights_serialise_by_criterion_name() {
        let json = serde_json::to_string(&Weights::default()).unwrap();
        assert!(json.contains("\"cost_efficiency\":5"), "{json}");
        assert!(
            json.contains("\"cost_basis\":\"bf16-pflop-hour\""),
            "{json}"
        );
        let partial: Weights = serde_json::from_str(r#"{"memory": 9}"#).unwrap();
        assert_eq!(partial.get(Criterion::Memory), 9);
        assert_eq!(
            partial.get(Criterion::Trust),
            5,
            "missing keys take the default"
        );
    }

    #[test]
    fn criteria_serialise_kebab_case() {
        let json = serde_json::to_string(&Criterion::CostEfficiency).unwrap();
        assert_eq!(json, "\"cost-efficiency\"");
    }

    #[test]
    fn every_criterion_and_basis_is_named_in_both_languages() {
        for lang in Lang::ALL {
            for c in Criterion::ALL {
                assert!(!c.name(lang).is_empty() && !c.description(lang).is_empty());
            }
            for b in CostBasis::ALL {
                assert!(!b.name(lang).is_empty());
            }
        }
        assert_ne!(
            Criterion::Memory.name(Lang::En),
            Criterion::Memory.name(Lang::Zh)
        );
    }
}
