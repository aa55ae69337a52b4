//! Turning a metric into a score in [0, 1] against the best offer of the set being ranked.
//!
//! The scale is logarithmic and relative to the best: the best value scores 1, a value `k`
//! times worse scores `1 − ln k / ln R`, clamped to [0, 1], with `R` = [`RANGE`] = 100. So
//! twice as expensive as the cheapest loses 0.15, ten times loses 0.5 and a hundred times
//! or more scores 0.
//!
//! Why this scale: GPU prices and throughputs span three orders of magnitude, and users
//! think in ratios ("twice the price"), not differences. Only the best value matters, not
//! the worst or the spread: an outlier on the bad side (a stale $500/h quote) changes no one
//! else's score, and adding an offer that another offer beats on everything cannot move the
//! best value — so it cannot change any other offer's score or order. A min–max scale would
//! fail both. (An outlier on the good side is, truly, the best; the scorer keeps count-scaled
//! totals out of the criteria so that a giant pod is not such an outlier.)
//!
//! Zero costs (a free tier) and infinite benefits (bandwidth per price of a free tier) are
//! the best possible and score 1, but they do not become the reference: against a price of
//! zero every paid offer would be infinitely worse and cost-efficiency would stop telling
//! paid offers apart. Paid offers are measured against the cheapest paid offer.

/// A value this many times worse than the best scores 0.
pub const RANGE: f64 = 100.0;

/// Which way a metric improves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Lower,
    Higher,
}

/// The best value of one metric over a set of offers, ready to score any value against it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reference {
    better: Better,
    /// The lowest positive, finite cost in the set (a benefit's cost is its reciprocal).
    best_cost: Option<f64>,
}

/// A value as a cost, lower is better: a benefit `v` costs `1 / v`. Negative and NaN values
/// are unreadable and count as unknown.
fn as_cost(value: f64, better: Better) -> Option<f64> {
    if value.is_nan() || value < 0.0 {
        return None;
    }
    Some(match better {
        Better::Lower => value,
        Better::Higher => 1.0 / value,
    })
}

impl Reference {
    /// The reference of the known values among `values`.
    pub fn of(values: impl IntoIterator<Item = Option<f64>>, better: Better) -> Reference {
        let mut reference = Reference::empty(better);
        for value in values {
            reference.add(value);
        }
        reference
    }

    /// The reference of an empty set, to [`add`](Reference::add) values to one by one (one
    /// pass over the offers can then feed several references).
    pub fn empty(better: Better) -> Reference {
        Reference {
            better,
            best_cost: None,
        }
    }

    /// Takes `value` into the set; unknown and unreadable values change nothing.
    pub fn add(&mut self, value: Option<f64>) {
        let Some(cost) = value.and_then(|v| as_cost(v, self.better)) else {
            return;
        };
        if cost > 0.0 && cost.is_finite() && self.best_cost.is_none_or(|best| cost < best) {
            self.best_cost = Some(cost);
        }
    }

    /// The best positive, finite value of the set, in the metric's own terms (the cheapest
    /// paid price, the largest finite benefit); `None` when the set has none.
    pub fn best(&self) -> Option<f64> {
        let cost = self.best_cost?;
        Some(match self.better {
            Better::Lower => cost,
            Better::Higher => 1.0 / cost,
        })
    }

    /// The score of `value` in [0, 1]; `None` when the value is unknown.
    pub fn score(&self, value: Option<f64>) -> Option<f64> {
        let cost = as_cost(value?, self.better)?;
        if cost == 0.0 {
            return Some(1.0);
        }
        if !cost.is_finite() {
            return Some(0.0);
        }
        // A value not in the set the reference came from may beat it: it is simply the best.
        let best = self.best_cost.unwrap_or(cost).min(cost);
        Some((1.0 - (cost / best).ln() / RANGE.ln()).clamp(0.0, 1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn the_cheapest_scores_one_and_ten_times_the_price_scores_a_half() {
        let r = Reference::of([Some(2.0), Some(20.0), Some(4.0)], Better::Lower);
        assert_eq!(r.score(Some(2.0)), Some(1.0));
        assert!(close(r.score(Some(20.0)).unwrap(), 0.5));
        assert!(close(r.score(Some(200.0)).unwrap(), 0.0));
        assert_eq!(r.best(), Some(2.0));
        assert_eq!(r.score(Some(2_000.0)), Some(0.0), "clamped below");
    }

    #[test]
    fn the_largest_benefit_scores_one() {
        let r = Reference::of([Some(80.0), Some(8.0), None], Better::Higher);
        assert_eq!(r.score(Some(80.0)), Some(1.0));
        assert!(close(r.score(Some(8.0)).unwrap(), 0.5));
        assert_eq!(
            r.score(Some(0.0)),
            Some(0.0),
            "nothing of a benefit scores 0"
        );
    }

    #[test]
    fn an_unknown_value_has_no_score() {
        let r = Reference::of([Some(1.0)], Better::Lower);
        assert_eq!(r.score(None), None);
        assert_eq!(r.score(Some(f64::NAN)), None);
        assert_eq!(r.score(Some(-3.0)), None);
    }

    #[test]
    fn one_outlier_does_not_squash_the_others() {
        let plain = Reference::of([Some(1.0), Some(2.0)], Better::Lower);
        let with_outlier = Reference::of([Some(1.0), Some(2.0), Some(1e9)], Better::Lower);
        assert_eq!(plain.score(Some(2.0)), with_outlier.score(Some(2.0)));
    }

    #[test]
    fn a_free_offer_scores_one_without_becoming_the_reference() {
        let r = Reference::of([Some(0.0), Some(1.0), Some(10.0)], Better::Lower);
        assert_eq!(r.score(Some(0.0)), Some(1.0));
        assert_eq!(r.score(Some(1.0)), Some(1.0), "the cheapest paid offer");
        assert!(close(r.score(Some(10.0)).unwrap(), 0.5));
        let benefit = Reference::of([Some(f64::INFINITY), Some(5.0)], Better::Higher);
        assert_eq!(benefit.score(Some(f64::INFINITY)), Some(1.0));
        assert_eq!(benefit.score(Some(5.0)), Some(1.0));
    }

    #[test]
    fn a_value_better_than_the_reference_scores_one() {
        let r = Reference::of([Some(4.0)], Better::Lower);
        assert_eq!(r.score(Some(1.0)), Some(1.0));
        let empty = Reference::of([None], Better::Lower);
        assert_eq!(empty.score(Some(7.0)), Some(1.0));
    }
}
