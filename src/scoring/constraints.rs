//! Hard constraints: what an offer must have to be ranked at all.
//!
//! Kept apart from weights because "I need 80 GB per GPU" is not a preference: an offer
//! without it is excluded, not ranked lower, and the result says which constraint failed.
//! An unknown value cannot show that it meets a constraint, so it fails it — except an
//! interconnect, which most providers never state: an offer is left out only when its link
//! (stated, or implied by its form factor) is known to be another.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::Metrics;
use catalog::pick;
use catalog::Lang;
use catalog::Link;
use catalog::{Interconnect, ProviderCategory};

/// What every ranked offer must satisfy. The default constrains nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Constraints {
    pub min_memory_per_accelerator_gb: Option<f64>,
    /// Accelerators per instance, inclusive bounds.
    pub min_count: Option<f64>,
    pub max_count: Option<f64>,
    /// The instance must have any one of these interconnects (empty: no requirement).
    pub links: BTreeSet<Link>,
    /// The provider must cluster the instance across nodes.
    pub multi_node: bool,
    /// Most the instance may cost per hour, in the view's currency.
    pub max_price_per_hour: Option<f64>,
    /// Allowed provider categories (empty: all).
    pub categories: BTreeSet<ProviderCategory>,
}

/// Why an offer is not ranked: one per failed constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exclusion {
    /// No known price in this term and these regions: nothing to weigh cost against.
    NoPrice,
    /// A CPU-only offer: there is no accelerator to score.
    NoAccelerator,
    MemoryPerAccelerator,
    Count,
    Interconnect,
    MultiNode,
    Budget,
    Category,
    /// The calculator's job does not fit the offer.
    JobDoesNotFit,
}

impl Exclusion {
    pub const ALL: [Exclusion; 9] = [
        Exclusion::NoPrice,
        Exclusion::NoAccelerator,
        Exclusion::MemoryPerAccelerator,
        Exclusion::Count,
        Exclusion::Interconnect,
        Exclusion::MultiNode,
        Exclusion::Budget,
        Exclusion::Category,
        Exclusion::JobDoesNotFit,
    ];

    /// Why the offer is left out, as a short phrase.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Exclusion::NoPrice => pick(lang, "no known price", "无已知价格"),
            Exclusion::NoAccelerator => pick(lang, "no accelerator", "无加速卡"),
            Exclusion::MemoryPerAccelerator => pick(
                lang,
                "too little memory per accelerator (or unknown)",
                "每卡显存不足（或未知）",
            ),
            Exclusion::Count => pick(
                lang,
                "accelerator count out of range",
                "加速卡数量不在范围内",
            ),
            Exclusion::Interconnect => {
                pick(lang, "lacks the required interconnect", "缺少所需互联")
            }
            Exclusion::MultiNode => pick(lang, "no multi-node clusters", "不支持多机集群"),
            Exclusion::Budget => pick(lang, "over budget", "超出预算"),
            Exclusion::Category => pick(lang, "provider category not allowed", "服务商类别不符"),
            Exclusion::JobDoesNotFit => pick(lang, "your job does not fit", "你的任务放不下"),
        }
    }
}

impl Constraints {
    /// True when no constraint is set.
    pub fn is_clear(&self) -> bool {
        *self == Constraints::default()
    }

    /// Every constraint `metrics` fails, in [`Exclusion::ALL`] order; empty when it passes.
    ///
    /// A price is always required and so is an accelerator: offers without them cannot be
    /// scored on what the ranking is about.
    pub fn check(&self, m: &Metrics) -> Vec<Exclusion> {
        Exclusion::ALL
            .into_iter()
            .filter(|e| !self.meets(m, *e))
            .collect()
    }

    /// Whether `metrics` passes every constraint.
    pub fn allows(&self, m: &Metrics) -> bool {
        Exclusion::ALL.into_iter().all(|e| self.meets(m, e))
    }

    /// The constraints that can exclude anything: the price and accelerator always, the
    /// others when set. Checking only these keeps ranking 100k offers quick.
    pub fn active(&self) -> Vec<Exclusion> {
        Exclusion::ALL
            .into_iter()
            .filter(|e| match e {
                // A job is the view's, not a constraint: without one nothing fails this.
                Exclusion::NoPrice | Exclusion::NoAccelerator | Exclusion::JobDoesNotFit => true,
                Exclusion::MemoryPerAccelerator => self.min_memory_per_accelerator_gb.is_some(),
                Exclusion::Count => self.min_count.is_some() || self.max_count.is_some(),
                Exclusion::Interconnect => !self.links.is_empty(),
                Exclusion::MultiNode => self.multi_node,
                Exclusion::Budget => self.max_price_per_hour.is_some(),
                Exclusion::Category => !self.categories.is_empty(),
            })
            .collect()
    }

    /// Whether `m` meets the constraint behind `exclusion`; an unknown value does not.
    pub fn meets(&self, m: &Metrics, exclusion: Exclusion) -> bool {
        let at_least = |value: Option<f64>, min: Option<f64>| {
            min.is_none_or(|min| value.is_some_and(|v| v >= min))
        };
        let at_most = |value: Option<f64>, max: Option<f64>| {
            max.is_none_or(|max| value.is_some_and(|v| v <= max))
        };
        match exclusion {
            Exclusion::NoPrice => m.price_per_hour.is_some(),
            Exclusion::NoAccelerator => m.accelerators.is_some_and(|c| c > 0.0),
            Exclusion::MemoryPerAccelerator => at_least(
                m.memory_per_accelerator_gb,
                self.min_memory_per_accelerator_gb,
            ),
            Exclusion::Count => {
                at_least(m.accelerators, self.min_count) && at_most(m.accelerators, self.max_count)
            }
            // Most providers never state their interconnect: an offer is left out only when
            // it is known to lack every required link, and an unknown one is ranked with its
            // scale-out marked unknown.
            Exclusion::Interconnect => {
                self.links.is_empty() || self.links.iter().any(|l| has_link(m, *l) != Some(false))
            }
            Exclusion::MultiNode => !self.multi_node || m.multi_node,
            // An unknown price is already excluded as `NoPrice`; saying "over budget" too
            // would claim something unknown.
            Exclusion::Budget => {
                m.price_per_hour.is_none() || at_most(m.price_per_hour, self.max_price_per_hour)
            }
            Exclusion::Category => {
                self.categories.is_empty() || self.categories.contains(&m.category)
            }
            Exclusion::JobDoesNotFit => m.job_fits != Some(false),
        }
    }
}

/// The same reading of a link as the explorer's filter (`Link::held_by`), from the metrics'
/// facts: `None` when the offer does not say.
fn has_link(m: &Metrics, link: Link) -> Option<bool> {
    match link {
        Link::Nvlink => m.interconnect.map(|_| m.nvlink),
        Link::Infiniband => m.fast_network,
        Link::PcieOnly => m.interconnect.map(|i| i == Interconnect::Pcie),
        Link::Ici => m.interconnect.map(|i| i == Interconnect::Ici),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(memory_gb: f64, count: f64, price: f64) -> Metrics {
        let mut m = Metrics::unknown("p/card", ProviderCategory::GpuCloud);
        m.accelerators = Some(count);
        m.memory_per_accelerator_gb = Some(memory_gb);
        m.set_price(Some(price));
        m
    }

    #[test]
    fn no_constraints_pass_any_priced_accelerator() {
        assert!(Constraints::default().allows(&card(24.0, 1.0, 0.5)));
        assert!(Constraints::default().is_clear());
    }

    #[test]
    fn unpriced_and_cpu_only_offers_are_always_excluded() {
        let mut m = card(24.0, 1.0, 0.5);
        m.set_price(None);
        assert_eq!(Constraints::default().check(&m), [Exclusion::NoPrice]);
        let mut cpu = Metrics::unknown("p/cpu", ProviderCategory::GpuCloud);
        cpu.set_price(Some(0.1));
        assert_eq!(
            Constraints::default().check(&cpu),
            [Exclusion::NoAccelerator]
        );
    }

    #[test]
    fn every_failed_constraint_is_reported() {
        let c = Constraints {
            min_memory_per_accelerator_gb: Some(80.0),
            min_count: Some(8.0),
            links: [Link::Nvlink].into(),
            multi_node: true,
            max_price_per_hour: Some(1.0),
            categories: [ProviderCategory::Hyperscaler].into(),
            ..Constraints::default()
        };
        let mut pcie_card = card(24.0, 1.0, 2.0);
        pcie_card.interconnect = Some(Interconnect::Pcie);
        assert_eq!(
            c.check(&pcie_card),
            [
                Exclusion::MemoryPerAccelerator,
                Exclusion::Count,
                Exclusion::Interconnect,
                Exclusion::MultiNode,
                Exclusion::Budget,
                Exclusion::Category,
            ]
        );
    }

    #[test]
    fn only_set_constraints_are_active() {
        assert_eq!(
            Constraints::default().active(),
            [
                Exclusion::NoPrice,
                Exclusion::NoAccelerator,
                Exclusion::JobDoesNotFit
            ]
        );
        let budget = Constraints {
            max_price_per_hour: Some(3.0),
            ..Constraints::default()
        };
        assert!(budget.active().contains(&Exclusion::Budget));
    }

    #[test]
    fn bounds_are_inclusive() {
        let c = Constraints {
            min_memory_per_accelerator_gb: Some(80.0),
            min_count: Some(8.0),
            max_count: Some(8.0),
            max_price_per_hour: Some(2.0),
            ..Constraints::default()
        };
        assert!(c.allows(&card(80.0, 8.0, 2.0)));
        assert_eq!(c.check(&card(80.0, 9.0, 2.0)), [Exclusion::Count]);
    }

    #[test]
    fn unknown_memory_fails_a_memory_minimum() {
        let mut m = card(80.0, 1.0, 1.0);
        m.memory_per_accelerator_gb = None;
        let c = Constraints {
            min_memory_per_accelerator_gb: Some(40.0),
            ..Constraints::default()
        };
        assert_eq!(c.check(&m), [Exclusion::MemoryPerAccelerator]);
    }

    #[test]
    fn any_one_of_the_required_links_is_enough() {
        let c = Constraints {
            links: [Link::Nvlink, Link::Infiniband].into(),
            ..Constraints::default()
        };
        let mut m = card(80.0, 8.0, 10.0);
        m.interconnect = Some(Interconnect::Pcie);
        m.fast_network = Some(false);
        assert_eq!(c.check(&m), [Exclusion::Interconnect]);
        m.fast_network = Some(true);
        assert!(c.allows(&m));
    }

    #[test]
    fn an_unstated_link_is_unknown_not_missing() {
        let c = Constraints {
            links: [Link::Nvlink].into(),
            ..Constraints::default()
        };
        let mut m = card(80.0, 8.0, 10.0);
        assert_eq!(m.interconnect, None);
        assert!(c.allows(&m), "unknown passes");
        m.interconnect = Some(Interconnect::Pcie);
        assert_eq!(c.check(&m), [Exclusion::Interconnect], "known PCIe fails");
        m.interconnect = Some(Interconnect::Nvswitch);
        m.nvlink = true;
        assert!(c.allows(&m));
    }

    #[test]
    fn every_exclusion_is_labelled_in_both_languages() {
        for e in Exclusion::ALL {
            assert_ne!(e.label(Lang::En), e.label(Lang::Zh));
        }
    }
}
