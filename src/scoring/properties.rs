//! Property tests: rules that hold for every offer set, checked on many seeded random sets
//! (a plain loop over [`synthetic`] data: reproducible, and no test-framework dependency).
//! A failure names its case number; rerun with that seed to see it.

use super::synthetic::{self, XorShift};
use super::*;
use catalog::Link;
use catalog::{Confidence, Interconnect, ProviderCategory};

const CASES: u64 = 400;

fn random_set(rng: &mut XorShift, case: u64) -> Vec<Metrics> {
    let n = 1 + rng.below(40);
    let mut set = synthetic::offers(n, case);
    // Coarse prices and throughputs in some sets, so ties get exercised too.
    if rng.chance(0.3) {
        for m in &mut set {
            m.bf16_pflops = m.bf16_pflops.map(|p| p.round().max(1.0));
            let price = m.price_per_hour.map(|p| (p * 2.0).round() / 2.0);
            m.set_price(price);
        }
    }
    set
}

fn random_weights(rng: &mut XorShift) -> Weights {
    let mut weights = [0u8; 7];
    for w in &mut weights {
        *w = rng.below(usize::from(MAX_WEIGHT) + 1) as u8;
    }
    Weights::from_array(weights, rng.pick(&CostBasis::ALL))
}

fn random_constraints(rng: &mut XorShift) -> Constraints {
    if rng.chance(0.4) {
        return Constraints::default();
    }
    let mut c = Constraints::default();
    if rng.chance(0.3) {
        c.min_memory_per_accelerator_gb = Some(rng.pick(&[24.0, 80.0, 141.0]));
    }
    if rng.chance(0.3) {
        c.min_count = Some(rng.pick(&[1.0, 2.0, 8.0]));
    }
    if rng.chance(0.2) {
        c.max_count = Some(rng.pick(&[1.0, 4.0]));
    }
    if rng.chance(0.2) {
        c.links.insert(rng.pick(&Link::ALL));
    }
    c.multi_node = rng.chance(0.1);
    if rng.chance(0.3) {
        c.max_price_per_hour = Some(rng.pick(&[1.0, 5.0, 30.0]));
    }
    if rng.chance(0.2) {
        c.categories.insert(rng.pick(&[
            ProviderCategory::Hyperscaler,
            ProviderCategory::GpuCloud,
            ProviderCategory::Marketplace,
            ProviderCategory::China,
        ]));
    }
    c
}

/// The score of `id`, or `None` when it is excluded (below any score).
fn score_of(ranking: &Ranking, id: &str) -> Option<f64> {
    ranking.get(id).map(|s| s.score)
}

#[test]
fn raising_a_price_never_raises_the_score() {
    let mut rng = XorShift::new(1);
    for case in 0..CASES {
        let mut set = random_set(&mut rng, case);
        let weights = random_weights(&mut rng);
        let constraints = random_constraints(&mut rng);
        let i = rng.below(set.len());
        let Some(price) = set[i].price_per_hour else {
            continue;
        };
        let before = score_of(&rank(&set, &weights, &constraints), &set[i].offer_id);
        let raised = if price == 0.0 {
            0.01 + rng.unit() * 10.0
        } else {
            price * (1.0 + rng.unit() * 3.0)
        };
        set[i].set_price(Some(raised));
        let after = score_of(&rank(&set, &weights, &constraints), &set[i].offer_id);
        assert!(
            after <= before,
            "case {case}: {} from {price} to {raised}: {before:?} → {after:?}",
            set[i].offer_id
        );
    }
}

/// A copy of `o` that is no better on anything and worse on some things, so `o` dominates
/// it. A free `o` gives a free copy: free offers stand outside the price reference (see
/// `normalise`), so a paid copy of a free offer is not "dominated" in the sense that matters
/// to paid offers' scores.
fn dominated_copy(o: &Metrics, rng: &mut XorShift, id: String) -> Metrics {
    let mut d = o.clone();
    d.offer_id = id;
    let lower = |rng: &mut XorShift, v: Option<f64>| {
        if rng.chance(0.15) {
            None
        } else {
            v.map(|v| v * (1.0 - 0.5 * rng.unit()))
        }
    };
    d.bf16_pflops = lower(rng, o.bf16_pflops);
    d.fp8_pflops = lower(rng, o.fp8_pflops);
    d.memory_bandwidth_gbs = lower(rng, o.memory_bandwidth_gbs);
    d.memory_per_accelerator_gb = lower(rng, o.memory_per_accelerator_gb);
    d.memory_total_gb = d
        .memory_per_accelerator_gb
        .zip(o.accelerators)
        .map(|(g, c)| g * c);
    d.interconnect_gbs = lower(rng, o.interconnect_gbs);
    let drop = |rng: &mut XorShift, held: bool| held && !rng.chance(0.3);
    d.kubernetes = drop(rng, o.kubernetes);
    d.framework_images = drop(rng, o.framework_images);
    d.notebooks = drop(rng, o.notebooks);
    d.storage = drop(rng, o.storage);
    d.spot_available = drop(rng, o.spot_available);
    d.fast_network = o.fast_network.map(|fast| drop(rng, fast));
    d.multi_node = drop(rng, o.multi_node);
    d.nvlink = drop(rng, o.nvlink);
    if o.nvlink && !d.nvlink {
        d.interconnect = Some(Interconnect::Pcie);
    }
    d.minimum_charge = o.minimum_charge || rng.chance(0.3);
    d.billing_seconds = if rng.chance(0.2) {
        None
    } else {
        o.billing_seconds.map(|s| s * rng.pick(&[1, 60]))
    };
    d.age_months = o.age_months.map(|a| a + rng.below(24) as i32);
    d.confidence = match o.confidence {
        Some(Confidence::High) if rng.chance(0.5) => Some(Confidence::Medium),
        Some(_) if rng.chance(0.2) => None,
        other => other,
    };
    let price = match o.price_per_hour {
        Some(p) if p > 0.0 => Some(p * (1.0 + rng.unit())),
        other => other,
    };
    d.set_price(price);
    d
}

#[test]
fn adding_a_dominated_offer_never_changes_the_others_order() {
    let mut rng = XorShift::new(2);
    let mut checked = 0;
    for case in 0..CASES {
        let set = random_set(&mut rng, case);
        let weights = random_weights(&mut rng);
        let constraints = random_constraints(&mut rng);
        let before = rank(&set, &weights, &constraints);
        if before.ranked.is_empty() {
            continue;
        }
        let pick = &before.ranked[rng.below(before.ranked.len())].offer_id;
        let o = set.iter().find(|m| &m.offer_id == pick).unwrap();
        // Any id: the newcomer may sort before, between or after the others.
        let id = format!("{}/dominated", rng.pick(&["a", "m", "synthetic", "z"]));
        let d = dominated_copy(o, &mut rng, id.clone());
        let mut grown = set.clone();
        grown.insert(rng.below(set.len() + 1), d);
        let after = rank(&grown, &weights, &constraints);
        let others: Vec<&Scored> = after.ranked.iter().filter(|s| s.offer_id != id).collect();
        let order = |ranked: &[&Scored]| -> Vec<String> {
            ranked.iter().map(|s| s.offer_id.clone()).collect()
        };
        let before_refs: Vec<&Scored> = before.ranked.iter().collect();
        assert_eq!(order(&others), order(&before_refs), "case {case}");
        for (a, b) in others.iter().zip(&before.ranked) {
            assert_eq!(a.score, b.score, "case {case}: {} moved", a.offer_id);
        }
        checked += 1;
    }
    assert!(
        checked > CASES / 2,
        "only {checked} cases had a ranked offer"
    );
}

#[test]
fn breakdowns_add_up_to_the_scores() {
    let mut rng = XorShift::new(3);
    for case in 0..CASES {
        let set = random_set(&mut rng, case);
        let weights = random_weights(&mut rng);
        let constraints = random_constraints(&mut rng);
        let ranking = rank(&set, &weights, &constraints);
        for m in &set {
            let failed = constraints.check(m);
            assert_eq!(constraints.allows(m), failed.is_empty());
            assert_eq!(
                ranking.exclusions(&m.offer_id),
                (!failed.is_empty()).then_some(&failed[..])
            );
        }
        for s in &ranking.ranked {
            let sum: f64 = s.breakdown.iter().map(|(_, p)| p).sum();
            assert!((sum - s.score).abs() <= 1e-9, "case {case}: {s:?}");
            assert!(
                (0.0..=100.0 + 1e-9).contains(&s.score),
                "case {case}: {s:?}"
            );
            let criteria: Vec<Criterion> = s.breakdown.iter().map(|(c, _)| *c).collect();
            assert_eq!(criteria, Criterion::ALL);
            for (c, points) in &s.breakdown {
                assert!(*points >= 0.0);
                if s.unknown.contains(c) && c.is_relative() && *c != Criterion::ScaleOut {
                    assert_eq!(*points, 0.0, "case {case}: unknown {c:?} scored");
                }
                if weights.get(*c) == 0 {
                    assert_eq!(*points, 0.0);
                }
            }
        }
        for pair in ranking.ranked.windows(2) {
            assert!(
                pair[0].score > pair[1].score
                    || pair[0].score == pair[1].score && pair[0].offer_id < pair[1].offer_id,
                "case {case}: out of order"
            );
        }
    }
}

#[test]
fn pareto_members_are_undominated_and_everyone_else_is_dominated() {
    let mut rng = XorShift::new(4);
    for case in 0..CASES {
        let set = random_set(&mut rng, case);
        for frontier in Frontier::ALL {
            let ids = pareto(&set, frontier);
            let point = |m: &Metrics| Some((m.price_per_hour?, frontier.value(m)?));
            let known: Vec<(&str, (f64, f64))> = set
                .iter()
                .filter_map(|m| point(m).map(|p| (m.offer_id.as_str(), p)))
                .collect();
            let dominated = |p: (f64, f64)| known.iter().any(|(_, q)| dominates(*q, p));
            for (id, p) in &known {
                let member = ids.iter().any(|m| m == id);
                assert_eq!(
                    member,
                    !dominated(*p),
                    "case {case} {frontier:?}: {id} {p:?}"
                );
            }
            for m in &set {
                if point(m).is_none() {
                    assert!(
                        !ids.contains(&m.offer_id),
                        "case {case}: unknown on frontier"
                    );
                }
            }
            let prices: Vec<f64> = ids
                .iter()
                .map(|id| known.iter().find(|(k, _)| k == id).unwrap().1 .0)
                .collect();
            assert!(
                prices.windows(2).all(|w| w[0] <= w[1]),
                "case {case}: not cheapest first"
            );
        }
    }
}

#[test]
fn the_same_offers_in_any_order_rank_the_same() {
    let mut rng = XorShift::new(5);
    for case in 0..CASES / 4 {
        let set = random_set(&mut rng, case);
        let weights = random_weights(&mut rng);
        let constraints = random_constraints(&mut rng);
        let first = rank(&set, &weights, &constraints);
        assert_eq!(first, rank(&set, &weights, &constraints), "case {case}");
        let mut shuffled = set.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i + 1));
        }
        assert_eq!(
            first,
            rank(&shuffled, &weights, &constraints),
            "case {case}"
        );
        for frontier in Frontier::ALL {
            assert_eq!(pareto(&set, frontier), pareto(&shuffled, frontier));
        }
    }
}
