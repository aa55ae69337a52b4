//! Scoring offers on each criterion and ranking them by the weighted sum.
//!
//! The score is `100 × Σ wᶜ·sᶜ / Σ wᶜ` over the criteria `c`, where `sᶜ` in [0, 1] is the
//! offer's score on `c`. Each term of the sum is the criterion's points in the breakdown and
//! the score is their sum, so the breakdown adds up to the score by construction.
//!
//! How each criterion is scored:
//! - performance: dense BF16 PFLOPS per accelerator, against the fastest in the set;
//! - cost-efficiency: the weights' [`CostBasis`] metric, against the best in the set;
//! - memory: memory per accelerator, against the most in the set;
//! - scale-out: half within the instance (NVLink/NVSwitch or ICI, better with more chip
//!   bandwidth against the best in the set; PCIe a quarter; scaled by accelerator count up
//!   to 8), half across instances (InfiniBand 1, multi-node without it 0.75);
//! - ecosystem: a quarter each for Kubernetes, framework images, notebooks, storage;
//! - flexibility: billing increment 35% (per-second 1, per-minute 0.85, per-hour 0.5,
//!   per-day 0.2), no commitment or minimum charge 20%, spot capacity 15%, free tier 30%;
//! - trust: half freshness (fresh 1, aging 0.6, stale 0.2), half source confidence (high 1,
//!   medium 0.6, low 0.3).
//!
//! Performance and memory are per accelerator because instance totals grow with the
//! accelerator count: against the totals of one TPU pod of thousands of chips every other
//! offer would score 0. How many accelerators an instance has is what scale-out and the
//! count constraint speak to, and the price-per-hour frontiers use the totals.
//!
//! A criterion's unknown input scores 0 and, when the criterion carries weight, the
//! criterion is listed in [`Scored::unknown`]:
//! performance without BF16/FP16 throughput, cost-efficiency without its basis metric,
//! memory without memory per accelerator, scale-out of a multi-accelerator instance whose
//! interconnect is not stated, ecosystem when no ecosystem fact is stated at all,
//! flexibility without a billing increment, trust without a date or confidence.

use std::collections::HashMap;

use serde::Serialize;

use super::constraints::Verdict;
use super::normalise::{Better, Reference};
use super::order::sort_key;
use super::{Constraints, CostBasis, Criterion, Exclusion, Metrics, Weights};
use catalog::freshness::Freshness;
use catalog::{Confidence, Interconnect, Term};

/// One ranked offer: its score, and where the score comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scored {
    pub offer_id: String,
    /// 0–100.
    pub score: f64,
    /// Points per criterion, every criterion in [`Criterion::ALL`] order; they sum to
    /// `score`. A fixed array rather than a `Vec`: one allocation fewer per ranked offer
    /// saves a sixth of the time of ranking 100k offers.
    pub breakdown: [(Criterion, f64); 7],
    /// Weighted criteria with an unknown input, which scored 0 for it.
    pub unknown: Vec<Criterion>,
    /// Constraints the offer could not be checked against because it does not state what
    /// they ask about: ranked all the same (unknown is never a no), and said.
    pub unverified: Vec<Exclusion>,
    /// The offer's own score per criterion in [0, 1], before weighting, indexed by
    /// [`Criterion::index`] (a bar per criterion shows these; see [`Scored::normalised`]).
    pub normalised: [f64; 7],
    /// What cost-efficiency measured.
    pub cost_basis: CostBasis,
}

impl Scored {
    /// The points `criterion` contributed.
    pub fn points(&self, criterion: Criterion) -> f64 {
        self.breakdown[criterion.index()].1
    }

    /// The offer's own score on `criterion` in [0, 1], whatever its weight.
    pub fn normalised(&self, criterion: Criterion) -> f64 {
        self.normalised[criterion.index()]
    }
}

/// The outcome of ranking a set of offers.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Ranking {
    /// Offers meeting every constraint, best first; equal scores in offer id order.
    pub ranked: Vec<Scored>,
    /// Offers failing a constraint, by offer id, with every constraint each one fails.
    pub excluded: Vec<(String, Vec<Exclusion>)>,
}

impl Ranking {
    /// One offer's score, found by walking the ranking: for many offers, [`Ranking::by_offer`].
    pub fn get(&self, offer_id: &str) -> Option<&Scored> {
        self.ranked.iter().find(|s| s.offer_id == offer_id)
    }

    /// The ranked offers by id, for looking up many: asked per offer, [`Ranking::get`] walked
    /// the whole ranking each time, and labelling a chart's 10,000 points walked it 10,000
    /// times (200 ms per keystroke in the Charts view at 10k offers, issue 28).
    pub fn by_offer(&self) -> HashMap<&str, &Scored> {
        self.ranked
            .iter()
            .map(|s| (s.offer_id.as_str(), s))
            .collect()
    }

    /// Why `offer_id` was excluded; `None` when it was ranked or never given.
    pub fn exclusions(&self, offer_id: &str) -> Option<&[Exclusion]> {
        self.excluded
            .iter()
            .find(|(id, _)| id == offer_id)
            .map(|(_, e)| e.as_slice())
    }
}

/// Ranks `metrics`: constraints first, then scores relative to the offers that pass them.
///
/// The result does not depend on the order of `metrics`.
pub fn rank(metrics: &[Metrics], weights: &Weights, constraints: &Constraints) -> Ranking {
    let active = constraints.active();
    let mut eligible: Vec<&Metrics> = Vec::with_capacity(metrics.len());
    let mut excluded = Vec::new();
    let mut unverified: Vec<Vec<Exclusion>> = Vec::with_capacity(metrics.len());
    // Without a job, no offer is asked whether the job fits.
    let with_job = weights.cost_basis == CostBasis::Job;
    for m in metrics {
        let mut unstated = Vec::new();
        let mut fails = false;
        for e in &active {
            match constraints.judge(m, *e) {
                Verdict::Meets => {}
                Verdict::Fails => fails = true,
                Verdict::NotStated if *e == Exclusion::JobDoesNotFit && !with_job => {}
                Verdict::NotStated => unstated.push(*e),
            }
        }
        if fails {
            excluded.push((m.offer_id.clone(), constraints.check(m)));
        } else {
            eligible.push(m);
            unverified.push(unstated);
        }
    }
    let references = References::of(&eligible, weights.cost_basis);
    let points = Points::of(weights);
    let mut ranked: Vec<Scored> = eligible
        .iter()
        .zip(unverified)
        .map(|(m, unverified)| {
            let scores = criterion_scores(m, &references);
            let mut scored = points.scored(m, points.total(&scores), &scores, weights);
            scored.unverified = unverified;
            scored
        })
        .collect();
    // Sort (score, index) pairs, then move each `Scored` once into its place: sorting the
    // `Scored` values themselves would move them about n·log n times. Integer keys sort
    // fastest; equal scores are then put in offer id order, run by run.
    let mut order: Vec<(u64, usize)> = ranked
        .iter()
        .enumerate()
        .map(|(i, s)| (!sort_key(s.score), i))
        .collect();
    order.sort_unstable();
    for run in order.chunk_by_mut(|a, b| a.0 == b.0) {
        if run.len() > 1 {
            run.sort_unstable_by(|a, b| ranked[a.1].offer_id.cmp(&ranked[b.1].offer_id));
        }
    }
    permute(&mut ranked, order.into_iter().map(|(_, i)| i).collect());
    excluded.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ranking { ranked, excluded }
}

/// What ranking for a job means, said where the ranking is shown with a job set.
pub fn job_rule(lang: catalog::Lang) -> &'static str {
    catalog::pick(
        lang,
        "With your job set, the ranking is about the job: cost-efficiency is what the job costs, \
         performance the time it takes to finish (serving: carrying the day's load), and memory \
         and scale-out count only as holding the job — capacity beyond what it needs earns \
         nothing.",
        "已设定作业时，排名只看这个作业：性价比即作业成本，性能即完成所需时间（推理：能否承载一天的负载），\
         显存与扩展性只看能否装下作业——超出需要的容量不加分。",
    )
}

/// Rearranges `items` so that position `k` holds what was at `from[k]`, in place: each cycle
/// of the permutation is walked once, one swap per item.
fn permute<T>(items: &mut [T], mut from: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..items.len() {
        let mut at = start;
        while from[at] != DONE {
            let source = from[at];
            from[at] = DONE;
            if source == start {
                break;
            }
            // Puts `source`'s original item (untouched so far) in place, and carries
            // `start`'s original item along the cycle to the position that wants it.
            items.swap(at, source);
            at = source;
        }
    }
}

/// The best value of every set-relative metric among the offers being ranked.
#[derive(Debug, Clone, Copy)]
pub(super) struct References {
    performance: Reference,
    cost: Reference,
    memory_per_accelerator: Reference,
    interconnect: Reference,
    /// The job's time to finish, when ranking for a job.
    job_time: Reference,
    basis: CostBasis,
}

impl References {
    pub(super) fn of(set: &[&Metrics], basis: CostBasis) -> References {
        let mut r = References {
            performance: Reference::empty(Better::Higher),
            cost: Reference::empty(cost_direction(basis)),
            memory_per_accelerator: Reference::empty(Better::Higher),
            interconnect: Reference::empty(Better::Higher),
            job_time: Reference::empty(Better::Lower),
            basis,
        };
        for m in set {
            r.job_time.add(m.job_hours);
            r.performance.add(m.bf16_pflops_per_accelerator());
            r.cost.add(cost_metric(m, basis));
            r.memory_per_accelerator.add(m.memory_per_accelerator_gb);
            r.interconnect.add(m.interconnect_gbs);
        }
        r
    }
}

/// The metric cost-efficiency reads under `basis`.
pub(super) fn cost_metric(m: &Metrics, basis: CostBasis) -> Option<f64> {
    match basis {
        CostBasis::Hour => m.price_per_hour,
        CostBasis::AcceleratorHour => m.price_per_accelerator_hour,
        CostBasis::Bf16PflopHour => m.price_per_bf16_pflop_hour,
        CostBasis::Fp8PflopHour => m.price_per_fp8_pflop_hour,
        CostBasis::GbHour => m.price_per_gb_hour,
        CostBasis::Bandwidth => m.bandwidth_per_price,
        CostBasis::Job => m.job_cost,
    }
}

pub(super) fn cost_direction(basis: CostBasis) -> Better {
    match basis {
        CostBasis::Bandwidth => Better::Higher,
        _ => Better::Lower,
    }
}

/// One offer's score on each criterion in [0, 1], and whether an input was unknown.
pub(super) fn criterion_scores(m: &Metrics, r: &References) -> [(f64, bool); 7] {
    let known = |s: Option<f64>| (s.unwrap_or(0.0), s.is_none());
    if r.basis == CostBasis::Job {
        // Ranking for a job: capacity beyond what the job needs earns nothing. Memory and
        // scale-out score whether the offer holds the job; performance is the time the job
        // takes (serving has no time to finish: holding the day's load is all it asks).
        let holds = m.job_fits.map(|fits| if fits { 1.0 } else { 0.0 });
        let speed = match m.job_hours {
            Some(_) => r.job_time.score(m.job_hours),
            None => holds,
        };
        return [
            known(speed),
            known(r.cost.score(cost_metric(m, r.basis))),
            known(holds),
            known(holds),
            ecosystem(m),
            flexibility(m),
            trust(m),
        ];
    }
    [
        known(r.performance.score(m.bf16_pflops_per_accelerator())),
        known(r.cost.score(cost_metric(m, r.basis))),
        known(r.memory_per_accelerator.score(m.memory_per_accelerator_gb)),
        scale_out(m, r),
        ecosystem(m),
        flexibility(m),
        trust(m),
    ]
}

fn scale_out(m: &Metrics, r: &References) -> (f64, bool) {
    let count = m.accelerators.unwrap_or(0.0);
    // One chip gains nothing from a fast link; eight fill an NVLink/NVSwitch board.
    let size = if count > 1.0 {
        (count.log2() / 3.0).min(1.0)
    } else {
        0.0
    };
    let fast = m.nvlink || m.interconnect == Some(Interconnect::Ici);
    let link = if fast {
        0.5 + 0.5 * r.interconnect.score(m.interconnect_gbs).unwrap_or(0.0)
    } else if m.interconnect == Some(Interconnect::Pcie) {
        0.25
    } else {
        0.0
    };
    let across = if m.fast_network == Some(true) {
        1.0
    } else if m.multi_node {
        0.75
    } else {
        0.0
    };
    let unknown = m.accelerators.is_none() || count > 1.0 && m.interconnect.is_none() && !fast;
    (0.5 * size * link + 0.5 * across, unknown)
}

fn ecosystem(m: &Metrics) -> (f64, bool) {
    let facts = [m.kubernetes, m.framework_images, m.notebooks, m.storage];
    let held = facts.iter().filter(|f| **f).count();
    (held as f64 / facts.len() as f64, held == 0)
}

fn flexibility(m: &Metrics) -> (f64, bool) {
    let billing = m.billing_seconds.map(|s| match s {
        0..=1 => 1.0,
        2..=60 => 0.85,
        61..=3_600 => 0.5,
        3_601..=86_400 => 0.2,
        _ => 0.0,
    });
    let no_commitment = matches!(
        m.term,
        Some(Term::OnDemand | Term::Spot | Term::Free | Term::Serverless)
    ) && !m.minimum_charge;
    let flag = |held: bool| if held { 1.0 } else { 0.0 };
    let score = 0.35 * billing.unwrap_or(0.0)
        + 0.2 * flag(no_commitment)
        + 0.15 * flag(m.spot_available)
        + 0.3 * flag(m.free);
    (score, billing.is_none())
}

fn trust(m: &Metrics) -> (f64, bool) {
    let fresh = m.price_freshness().map(|f| match f {
        Freshness::Fresh => 1.0,
        Freshness::Aging => 0.6,
        Freshness::Stale => 0.2,
    });
    let confidence = m.confidence.map(|c| match c {
        Confidence::High => 1.0,
        Confidence::Medium => 0.6,
        Confidence::Low => 0.3,
    });
    (
        0.5 * fresh.unwrap_or(0.0) + 0.5 * confidence.unwrap_or(0.0),
        fresh.is_none() || confidence.is_none(),
    )
}

/// Turns criterion scores into points: `100 × wᶜ / Σw` per unit of score.
struct Points {
    per_unit: [f64; 7],
}

impl Points {
    fn of(weights: &Weights) -> Points {
        let total = f64::from(weights.total());
        let mut per_unit = [0.0; 7];
        if total > 0.0 {
            for c in Criterion::ALL {
                per_unit[c.index()] = 100.0 * f64::from(weights.get(c)) / total;
            }
        }
        Points { per_unit }
    }

    /// The score: the sum of the points, added in [`Criterion::ALL`] order so that summing
    /// the breakdown gives exactly this number.
    fn total(&self, scores: &[(f64, bool); 7]) -> f64 {
        self.per_unit
            .iter()
            .zip(scores)
            .map(|(unit, (s, _))| unit * s)
            .sum()
    }

    fn scored(
        &self,
        m: &Metrics,
        score: f64,
        scores: &[(f64, bool); 7],
        weights: &Weights,
    ) -> Scored {
        let mut unknown = Vec::new();
        for (criterion, (_, is_unknown)) in Criterion::ALL.into_iter().zip(scores) {
            // A criterion the user does not weigh is not part of the score, so its gap is
            // not one of the score's.
            if *is_unknown && weights.get(criterion) > 0 {
                unknown.push(criterion);
            }
        }
        Scored {
            offer_id: m.offer_id.clone(),
            score,
            breakdown: Criterion::ALL.map(|c| (c, self.per_unit[c.index()] * scores[c.index()].0)),
            unknown,
            unverified: Vec::new(),
            normalised: scores.map(|(s, _)| s),
            cost_basis: weights.cost_basis,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::ProviderCategory;

    fn offer(id: &str, price: f64, pflops: f64, memory_gb: f64) -> Metrics {
        let mut m = Metrics::unknown(id, ProviderCategory::GpuCloud);
        m.accelerators = Some(1.0);
        m.bf16_pflops = Some(pflops);
        m.memory_per_accelerator_gb = Some(memory_gb);
        m.memory_total_gb = Some(memory_gb);
        m.term = Some(Term::OnDemand);
        m.set_price(Some(price));
        m
    }

    fn ids(r: &Ranking) -> Vec<&str> {
        r.ranked.iter().map(|s| s.offer_id.as_str()).collect()
    }

    #[test]
    fn ranking_for_a_job_rewards_its_cost_and_time_not_spare_capacity() {
        let mut small = offer("p/small", 2.0, 1.0, 80.0);
        small.job_fits = Some(true);
        small.job_cost = Some(10.0);
        small.job_hours = Some(5.0);
        let mut huge = offer("p/huge", 100.0, 2.25, 288.0);
        huge.accelerators = Some(8.0);
        huge.nvlink = true;
        huge.interconnect = Some(Interconnect::Nvlink);
        huge.fast_network = Some(true);
        huge.job_fits = Some(true);
        huge.job_cost = Some(40.0);
        huge.job_hours = Some(1.0);
        let mut unknown = offer("p/unknown", 1.0, 1.0, 80.0);
        unknown.job_fits = None;
        let job = Weights::from_array([8, 10, 5, 8, 0, 0, 0], CostBasis::Job);
        let ranked = rank(
            &[small.clone(), huge.clone(), unknown],
            &job,
            &Constraints::default(),
        );
        let get = |id: &str| ranked.get(id).unwrap();
        // Both hold the job: memory and scale-out give both the same, whatever the spare.
        for c in [Criterion::Memory, Criterion::ScaleOut] {
            assert_eq!(get("p/small").normalised(c), 1.0);
            assert_eq!(get("p/huge").normalised(c), 1.0);
        }
        // The faster finish earns performance; the cheaper job earns cost.
        assert_eq!(get("p/huge").normalised(Criterion::Performance), 1.0);
        assert!(get("p/small").normalised(Criterion::Performance) < 1.0);
        assert_eq!(get("p/small").normalised(Criterion::CostEfficiency), 1.0);
        // A fit that cannot be told is ranked and said, never a "no".
        assert_eq!(get("p/unknown").unverified, [Exclusion::JobDoesNotFit]);
        assert!(get("p/small").unverified.is_empty());
        // Without a job the same weights pay for the spare memory and the NVLink board.
        let plain = Weights::from_array([8, 10, 5, 8, 0, 0, 0], CostBasis::AcceleratorHour);
        let spare = rank(&[small, huge], &plain, &Constraints::default());
        assert!(
            spare.get("p/huge").unwrap().normalised(Criterion::ScaleOut)
                > spare
                    .get("p/small")
                    .unwrap()
                    .normalised(Criterion::ScaleOut)
        );
        assert!(spare.get("p/small").unwrap().unverified.is_empty());
    }

    #[test]
    fn permute_puts_every_item_where_the_order_says() {
        let mut items = ['a', 'b', 'c', 'd', 'e', 'f'];
        permute(&mut items, vec![3, 0, 4, 1, 2, 5]);
        assert_eq!(items, ['d', 'a', 'e', 'b', 'c', 'f']);
        let mut reversed: Vec<usize> = (0..100).collect();
        permute(&mut reversed, (0..100).rev().collect());
        assert_eq!(reversed, (0..100).rev().collect::<Vec<_>>());
    }

    #[test]
    fn the_breakdown_adds_up_to_the_score() {
        let set = [offer("a", 1.0, 1.0, 80.0), offer("b", 3.0, 2.0, 24.0)];
        let r = rank(&set, &Weights::default(), &Constraints::default());
        for s in &r.ranked {
            let sum: f64 = s.breakdown.iter().map(|(_, p)| p).sum();
            assert!((sum - s.score).abs() < 1e-9);
            assert!((0.0..=100.0).contains(&s.score));
        }
    }

    #[test]
    fn cheaper_throughput_ranks_higher_when_only_cost_counts() {
        let only_cost = Weights::from_array([0, 1, 0, 0, 0, 0, 0], CostBasis::Bf16PflopHour);
        let set = [offer("a", 2.0, 1.0, 80.0), offer("b", 3.0, 2.0, 24.0)];
        let r = rank(&set, &only_cost, &Constraints::default());
        assert_eq!(ids(&r), ["b", "a"], "b buys a PFLOP for 1.5, a for 2");
        assert_eq!(r.ranked[0].score, 100.0);
    }

    #[test]
    fn equal_scores_rank_by_offer_id() {
        let set = [offer("z", 1.0, 1.0, 80.0), offer("m", 1.0, 1.0, 80.0)];
        let r = rank(&set, &Weights::default(), &Constraints::default());
        assert_eq!(ids(&r), ["m", "z"]);
    }

    #[test]
    fn an_excluded_offer_is_left_out_and_says_why() {
        let set = [offer("big", 4.0, 2.0, 80.0), offer("small", 1.0, 1.0, 24.0)];
        let c = Constraints {
            min_memory_per_accelerator_gb: Some(80.0),
            ..Constraints::default()
        };
        let r = rank(&set, &Weights::default(), &c);
        assert_eq!(ids(&r), ["big"]);
        assert_eq!(
            r.exclusions("small"),
            Some(&[Exclusion::MemoryPerAccelerator][..])
        );
        assert_eq!(r.exclusions("big"), None);
    }

    #[test]
    fn an_unknown_metric_scores_nothing_and_is_reported() {
        let mut unknown_speed = offer("a", 1.0, 1.0, 80.0);
        unknown_speed.bf16_pflops = None;
        unknown_speed.set_price(Some(1.0));
        let r = rank(
            &[unknown_speed],
            &Weights::default(),
            &Constraints::default(),
        );
        let s = &r.ranked[0];
        assert_eq!(s.points(Criterion::Performance), 0.0);
        assert_eq!(
            s.points(Criterion::CostEfficiency),
            0.0,
            "per-PFLOP price unknown"
        );
        assert!(s.unknown.contains(&Criterion::Performance));
        assert!(s.unknown.contains(&Criterion::CostEfficiency));
        assert!(!s.unknown.contains(&Criterion::Memory));
        let speed_ignored = Weights::from_array([0, 0, 5, 0, 0, 0, 0], CostBasis::Hour);
        let r = rank(&r_set(), &speed_ignored, &Constraints::default());
        assert!(
            r.ranked[0].unknown.is_empty(),
            "an unweighted gap is not reported"
        );
    }

    fn r_set() -> Vec<Metrics> {
        let mut m = offer("a", 1.0, 1.0, 80.0);
        m.bf16_pflops = None;
        m.set_price(Some(1.0));
        vec![m]
    }

    #[test]
    fn zero_weights_score_everything_zero() {
        let set = [offer("a", 1.0, 1.0, 80.0)];
        let r = rank(
            &set,
            &Weights::uniform(0, CostBasis::Hour),
            &Constraints::default(),
        );
        assert_eq!(r.ranked[0].score, 0.0);
    }

    #[test]
    fn an_nvlink_board_of_eight_scales_out_better_than_a_pcie_pair() {
        let mut board = offer("board", 20.0, 8.0, 80.0);
        board.accelerators = Some(8.0);
        board.nvlink = true;
        board.interconnect = Some(Interconnect::Nvswitch);
        board.interconnect_gbs = Some(900.0);
        let mut pair = offer("pair", 2.0, 2.0, 80.0);
        pair.accelerators = Some(2.0);
        pair.interconnect = Some(Interconnect::Pcie);
        let refs = References::of(&[&board, &pair], CostBasis::Hour);
        let (board_score, board_unknown) = scale_out(&board, &refs);
        let (pair_score, _) = scale_out(&pair, &refs);
        assert_eq!(board_score, 0.5);
        assert!(pair_score < board_score && pair_score > 0.0);
        assert!(!board_unknown);
        pair.interconnect = None;
        assert!(
            scale_out(&pair, &refs).1,
            "an unstated interconnect is unknown"
        );
    }

    #[test]
    fn per_second_billing_without_commitment_is_most_flexible() {
        let mut m = offer("a", 1.0, 1.0, 80.0);
        m.billing_seconds = Some(1);
        m.spot_available = true;
        assert!((flexibility(&m).0 - 0.7).abs() < 1e-12);
        m.minimum_charge = true;
        assert!((flexibility(&m).0 - 0.5).abs() < 1e-12);
        m.set_price(Some(0.0));
        assert!((flexibility(&m).0 - 0.8).abs() < 1e-12, "a free tier");
    }

    #[test]
    fn a_fresh_high_confidence_price_is_fully_trusted() {
        let mut m = offer("a", 1.0, 1.0, 80.0);
        assert_eq!(trust(&m), (0.0, true));
        m.age_months = Some(2);
        m.confidence = Some(Confidence::High);
        assert_eq!(trust(&m), (1.0, false));
        m.age_months = Some(40);
        m.confidence = Some(Confidence::Low);
        assert!((trust(&m).0 - 0.25).abs() < 1e-12);
    }
}
