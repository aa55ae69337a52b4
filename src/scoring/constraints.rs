//! Hard constraints: what an offer must have to be ranked at all.
//!
//! Kept apart from weights because "I need 80 GB per GPU" is not a preference: an offer
//! without it is excluded, not ranked lower, and the result says which constraint failed.
//! Unknown is never a no: an offer is left out only when it is known to fail a constraint.
//! One whose value is not stated (memory, interconnect, multi-node clustering, the job's fit)
//! is ranked, and the ranking lists the constraints it could not be checked against
//! ([`Verdict::NotStated`]), so the gap is said beside its score. A price and an accelerator
//! are the exceptions: without them there is nothing to score.

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
    /// The price is over 18 months old and the view does not let old prices compete.
    OldPrice,
}

/// How an offer stands against one constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Meets,
    Fails,
    /// The offer does not state what the constraint asks about: ranked, and said so.
    NotStated,
}

impl Exclusion {
    pub const ALL: [Exclusion; 10] = [
        Exclusion::NoPrice,
        Exclusion::NoAccelerator,
        Exclusion::MemoryPerAccelerator,
        Exclusion::Count,
        Exclusion::Interconnect,
        Exclusion::MultiNode,
        Exclusion::Budget,
        Exclusion::Category,
        Exclusion::JobDoesNotFit,
        Exclusion::OldPrice,
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
            Exclusion::OldPrice => pick(
                lang,
                "price over 18 months old (let old prices in to rank it)",
                "价格已超过 18 个月（允许旧价格后才参与排名）",
            ),
        }
    }

    /// What an offer does not state about this constraint, said beside its rank.
    pub fn not_stated(self, lang: Lang) -> &'static str {
        match self {
            Exclusion::MemoryPerAccelerator => {
                pick(lang, "memory per accelerator not stated", "未注明每卡显存")
            }
            Exclusion::Interconnect => pick(lang, "interconnect not stated", "未注明互联方式"),
            Exclusion::MultiNode => pick(
                lang,
                "multi-node clustering not stated",
                "未注明是否支持多机集群",
            ),
            Exclusion::JobDoesNotFit => pick(
                lang,
                "whether your job fits is unknown",
                "无法判断你的任务是否放得下",
            ),
            _ => pick(lang, "not stated", "未注明"),
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
                Exclusion::NoPrice
                | Exclusion::NoAccelerator
                | Exclusion::JobDoesNotFit
                | Exclusion::OldPrice => true,
                Exclusion::MemoryPerAccelerator => self.min_memory_per_accelerator_gb.is_some(),
                Exclusion::Count => self.min_count.is_some() || self.max_count.is_some(),
                Exclusion::Interconnect => !self.links.is_empty(),
                Exclusion::MultiNode => self.multi_node,
                Exclusion::Budget => self.max_price_per_hour.is_some(),
                Exclusion::Category => !self.categories.is_empty(),
            })
            .collect()
    }

    /// Whether `m` can be ranked under the constraint behind `exclusion`: it meets it, or
    /// does not state what it asks about.
    pub fn meets(&self, m: &Metrics, exclusion: Exclusion) -> bool {
        self.judge(m, exclusion) != Verdict::Fails
    }

    /// How `m` stands against the constraint behind `exclusion`.
    pub fn judge(&self, m: &Metrics, exclusion: Exclusion) -> Verdict {
        // `None`: the value is not stated.
        let at_least = |value: Option<f64>, min: Option<f64>| match (value, min) {
            (_, None) => Some(true),
            (Some(v), Some(min)) => Some(v >= min),
            (None, Some(_)) => None,
        };
        let at_most = |value: Option<f64>, max: Option<f64>| match (value, max) {
            (_, None) => Some(true),
            (Some(v), Some(max)) => Some(v <= max),
            (None, Some(_)) => None,
        };
        let known = |held: bool| Some(held);
        let held = match exclusion {
            Exclusion::NoPrice => known(m.price_per_hour.is_some()),
            Exclusion::NoAccelerator => known(m.accelerators.is_some_and(|c| c > 0.0)),
            Exclusion::MemoryPerAccelerator => at_least(
                m.memory_per_accelerator_gb,
                self.min_memory_per_accelerator_gb,
            ),
            Exclusion::Count => {
                // The accelerator count is always known for a ranked offer (`NoAccelerator`).
                known(
                    at_least(m.accelerators, self.min_count) == Some(true)
                        && at_most(m.accelerators, self.max_count) == Some(true),
                )
            }
            // Most providers never state their interconnect: an offer is left out only when
            // it is known to lack every required link.
            Exclusion::Interconnect => {
                if self.links.is_empty() {
                    Some(true)
                } else {
                    let links: Vec<Option<bool>> =
                        self.links.iter().map(|l| has_link(m, *l)).collect();
                    if links.contains(&Some(true)) {
                        Some(true)
                    } else if links.contains(&None) {
                        None
                    } else {
                        Some(false)
                    }
                }
            }
            Exclusion::MultiNode => match (self.multi_node, m.multi_node) {
                (false, _) | (true, true) => Some(true),
                (true, false) if m.multi_node_not_stated => None,
                (true, false) => Some(false),
            },
            // An unknown price is already excluded as `NoPrice`; saying "over budget" too
            // would claim something unknown.
            Exclusion::Budget => known(
                m.price_per_hour.is_none()
                    || at_most(m.price_per_hour, self.max_price_per_hour) == Some(true),
            ),
            Exclusion::Category => {
                known(self.categories.is_empty() || self.categories.contains(&m.category))
            }
            // Without a job nothing is asked; an unknown fit is ranked and said.
            Exclusion::JobDoesNotFit => m.job_fits,
            Exclusion::OldPrice => known(!m.old_price),
        };
        match held {
            Some(true) => Verdict::Meets,
            Some(false) => Verdict::Fails,
            None => Verdict::NotStated,
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
                Exclusion::JobDoesNotFit,
                Exclusion::OldPrice
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
    fn unknown_is_never_a_no_but_is_said() {
        let mut m = card(80.0, 1.0, 1.0);
        m.memory_per_accelerator_gb = None;
        let c = Constraints {
            min_memory_per_accelerator_gb: Some(40.0),
            multi_node: true,
            ..Constraints::default()
        };
        // Memory not stated: ranked, the constraint unverified. Multi-node stated "no": out.
        assert_eq!(
            c.judge(&m, Exclusion::MemoryPerAccelerator),
            Verdict::NotStated
        );
        assert_eq!(c.check(&m), [Exclusion::MultiNode]);
        m.multi_node_not_stated = true;
        assert_eq!(c.judge(&m, Exclusion::MultiNode), Verdict::NotStated);
        assert!(c.allows(&m));
        m.memory_per_accelerator_gb = Some(24.0);
        assert_eq!(c.check(&m), [Exclusion::MemoryPerAccelerator]);
        m.old_price = true;
        assert_eq!(
            c.check(&m),
            [Exclusion::MemoryPerAccelerator, Exclusion::OldPrice]
        );
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
