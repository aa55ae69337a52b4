//! Scenario presets and personas: sensible starting weights and constraints for the
//! workloads people rent GPUs for, which the user can then adjust.
//!
//! Each preset only states what the workload needs; everything else stays at a low weight
//! rather than zero, so it still breaks near-ties.

use serde::{Deserialize, Serialize};

use super::{Constraints, CostBasis, Weights};
use catalog::pick;
use catalog::Lang;
use catalog::Link;
use catalog::{ProviderCategory, Term};

/// A workload with its own idea of a good offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    /// Multi-GPU NVLink instances, throughput per money.
    Training,
    /// One card, price per unit of performance.
    Inference,
    /// At least 80 GB per accelerator, price per GB.
    MemoryBound,
    /// Lowest price, free tiers, per-second billing.
    Prototyping,
    /// Hyperscalers, Kubernetes, reserved terms.
    Enterprise,
}

impl Scenario {
    pub const ALL: [Scenario; 5] = [
        Scenario::Training,
        Scenario::Inference,
        Scenario::MemoryBound,
        Scenario::Prototyping,
        Scenario::Enterprise,
    ];

    /// The scenario's weights and constraints. Weights in [`Criterion::ALL`] order:
    /// performance, cost-efficiency, memory, scale-out, ecosystem, flexibility, trust.
    ///
    /// [`Criterion::ALL`]: super::Criterion::ALL
    pub fn preset(self) -> (Weights, Constraints) {
        let none = Constraints::default();
        match self {
            Scenario::Training => (
                Weights::from_array([8, 10, 5, 8, 3, 1, 3], CostBasis::Bf16PflopHour),
                Constraints {
                    min_count: Some(2.0),
                    links: [Link::Nvlink].into(),
                    ..none
                },
            ),
            Scenario::Inference => (
                Weights::from_array([1, 10, 2, 0, 3, 4, 3], CostBasis::Bandwidth),
                Constraints {
                    max_count: Some(1.0),
                    ..none
                },
            ),
            Scenario::MemoryBound => (
                Weights::from_array([3, 7, 10, 2, 2, 2, 3], CostBasis::GbHour),
                Constraints {
                    min_memory_per_accelerator_gb: Some(80.0),
                    ..none
                },
            ),
            Scenario::Prototyping => (
                Weights::from_array([1, 10, 1, 0, 3, 8, 1], CostBasis::Hour),
                none,
            ),
            Scenario::Enterprise => (
                Weights::from_array([5, 5, 4, 5, 10, 1, 8], CostBasis::Bf16PflopHour),
                Constraints {
                    categories: [ProviderCategory::Hyperscaler].into(),
                    ..none
                },
            ),
        }
    }

    /// The pricing term the scenario is about; the UI may switch the view to it. Enterprise
    /// buyers compare reserved prices; everyone else pays as they go (which includes free
    /// tiers).
    pub fn term(self) -> Term {
        match self {
            Scenario::Enterprise => Term::Reserved1y,
            _ => Term::OnDemand,
        }
    }

    /// The scenario whose preset is exactly these weights and constraints, if any.
    pub fn matching(weights: &Weights, constraints: &Constraints) -> Option<Scenario> {
        Scenario::ALL
            .into_iter()
            .find(|s| s.preset() == (weights.clone(), constraints.clone()))
    }

    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Scenario::Training => pick(lang, "Training", "训练"),
            Scenario::Inference => pick(lang, "Inference", "推理"),
            Scenario::MemoryBound => pick(lang, "Memory-bound", "大显存"),
            Scenario::Prototyping => pick(lang, "Prototyping / budget", "原型开发 / 低预算"),
            Scenario::Enterprise => pick(lang, "Enterprise", "企业"),
        }
    }

    pub fn description(self, lang: Lang) -> &'static str {
        match self {
            Scenario::Training => pick(
                lang,
                "Multi-GPU instances with NVLink, ranked by dense BF16 throughput per money, raw throughput and scale-out.",
                "多卡 NVLink 实例，按每单位价格的稠密 BF16 算力、总算力和扩展性排序。",
            ),
            Scenario::Inference => pick(
                lang,
                "Single-card instances, ranked by memory bandwidth per money — generating a token reads every weight, so bandwidth, not peak compute, sets serving speed — then billing flexibility and memory.",
                "单卡实例，按每单位价格的显存带宽排序——生成每个 token 都要读取全部权重，推理速度取决于带宽而非峰值算力——其次看计费灵活性和显存。",
            ),
            Scenario::MemoryBound => pick(
                lang,
                "At least 80 GB per accelerator, ranked by memory and price per GB-hour.",
                "每卡显存至少 80 GB，按显存大小和每 GB 每小时价格排序。",
            ),
            Scenario::Prototyping => pick(
                lang,
                "The lowest price per hour, free tiers, per-second billing and no commitment.",
                "每小时价格最低、免费额度、按秒计费、无需承诺期。",
            ),
            Scenario::Enterprise => pick(
                lang,
                "Hyperscalers only, with Kubernetes and framework images, trusted prices and reserved terms; pick compliant regions in the region filter.",
                "仅限超大规模云厂商，重视 Kubernetes 与框架镜像、可信价格和预留期限；合规地域请在地域筛选中选择。",
            ),
        }
    }
}

/// Who is choosing; each maps to the scenario that usually fits them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Persona {
    Startup,
    Enterprise,
    Academic,
}

impl Persona {
    pub const ALL: [Persona; 3] = [Persona::Startup, Persona::Enterprise, Persona::Academic];

    /// The scenario to start from.
    pub fn scenario(self) -> Scenario {
        self.scenarios()[0]
    }

    /// The scenarios that fit, the usual one first.
    pub fn scenarios(self) -> &'static [Scenario] {
        match self {
            Persona::Startup => &[Scenario::Prototyping],
            Persona::Enterprise => &[Scenario::Enterprise],
            Persona::Academic => &[Scenario::Inference, Scenario::Prototyping],
        }
    }

    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Persona::Startup => pick(lang, "Start-up", "初创公司"),
            Persona::Enterprise => pick(lang, "Enterprise", "企业"),
            Persona::Academic => pick(lang, "Academic", "科研院校"),
        }
    }

    /// Why this persona starts from its scenario, in one line.
    pub fn rationale(self, lang: Lang) -> &'static str {
        match self {
            Persona::Startup => pick(
                lang,
                "Cash is short and plans change weekly: pay the least per hour, use free tiers and per-second billing, commit to nothing.",
                "资金紧、计划常变：每小时花费最少，善用免费额度和按秒计费，不做长期承诺。",
            ),
            Persona::Enterprise => pick(
                lang,
                "Procurement, compliance and support matter more than the last dollar: hyperscalers with Kubernetes and reserved pricing.",
                "采购、合规与技术支持比极致低价更重要：选择支持 Kubernetes 和预留定价的超大规模云厂商。",
            ),
            Persona::Academic => pick(
                lang,
                "Most research runs on one good card: best price per unit of performance, and apply for research credits before paying list price.",
                "多数科研任务一张好卡即可：选单位性能价格最低的方案，并先申请科研赠金再按原价付费。",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Criterion;

    #[test]
    fn every_preset_weighs_something_and_is_named_in_both_languages() {
        for s in Scenario::ALL {
            let (weights, _) = s.preset();
            assert!(weights.total() > 0, "{s:?}");
            for lang in Lang::ALL {
                assert!(!s.name(lang).is_empty() && !s.description(lang).is_empty());
            }
            assert_ne!(s.name(Lang::En), s.name(Lang::Zh));
        }
    }

    #[test]
    fn presets_state_what_the_workload_needs() {
        let (training, needs) = Scenario::Training.preset();
        assert!(needs.links.contains(&Link::Nvlink) && needs.min_count >= Some(2.0));
        assert_eq!(training.get(Criterion::CostEfficiency), 10);
        assert_eq!(Scenario::Inference.preset().1.max_count, Some(1.0));
        assert_eq!(
            Scenario::MemoryBound
                .preset()
                .1
                .min_memory_per_accelerator_gb,
            Some(80.0)
        );
        let (prototyping, _) = Scenario::Prototyping.preset();
        assert_eq!(prototyping.cost_basis, CostBasis::Hour);
        let (enterprise, needs) = Scenario::Enterprise.preset();
        assert_eq!(
            needs.categories,
            [ProviderCategory::Hyperscaler].into_iter().collect()
        );
        assert_eq!(enterprise.get(Criterion::Ecosystem), 10);
        assert_eq!(Scenario::Enterprise.term(), Term::Reserved1y);
    }

    #[test]
    fn a_preset_is_recognised_until_the_user_changes_it() {
        let (mut weights, constraints) = Scenario::MemoryBound.preset();
        assert_eq!(
            Scenario::matching(&weights, &constraints),
            Some(Scenario::MemoryBound)
        );
        weights.set(Criterion::Trust, 10);
        assert_eq!(Scenario::matching(&weights, &constraints), None);
    }

    #[test]
    fn personas_map_to_their_scenarios_with_a_rationale() {
        assert_eq!(Persona::Startup.scenario(), Scenario::Prototyping);
        assert_eq!(Persona::Enterprise.scenario(), Scenario::Enterprise);
        assert_eq!(Persona::Academic.scenario(), Scenario::Inference);
        assert!(Persona::Academic
            .scenarios()
            .contains(&Scenario::Prototyping));
        for p in Persona::ALL {
            assert_ne!(p.rationale(Lang::En), p.rationale(Lang::Zh));
            assert_ne!(p.name(Lang::En), p.name(Lang::Zh));
        }
    }
}
