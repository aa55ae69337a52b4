//! Pareto frontiers: the offers no other offer beats on price and value together.
//!
//! An offer is beaten (dominated) when another costs no more per hour and gives at least
//! as much, and is strictly better on one of the two. Everything off the frontier has a
//! better buy on it; everything on it is a defensible choice for some budget. Offers with
//! an unknown price or value are never on a frontier: we cannot say nothing beats them.

use std::borrow::Borrow;

use serde::{Deserialize, Serialize};

use super::order::sort_key;
use super::Metrics;
use catalog::pick;
use catalog::Lang;

/// Which value is traded against the price per hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frontier {
    /// Dense BF16 PFLOPS of the instance.
    PricePerformance,
    /// Total accelerator memory of the instance.
    PriceMemory,
}

impl Frontier {
    pub const ALL: [Frontier; 2] = [Frontier::PricePerformance, Frontier::PriceMemory];

    /// The value this frontier trades against price; `None` when unknown.
    pub fn value(self, m: &Metrics) -> Option<f64> {
        match self {
            Frontier::PricePerformance => m.bf16_pflops,
            Frontier::PriceMemory => m.memory_total_gb,
        }
    }

    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Frontier::PricePerformance => pick(lang, "Price vs performance", "价格与性能"),
            Frontier::PriceMemory => pick(lang, "Price vs memory", "价格与显存"),
        }
    }
}

/// The price and value of `m` on `frontier`, when both are known and readable.
fn point(m: &Metrics, frontier: Frontier) -> Option<(f64, f64)> {
    let price = m.price_per_hour.filter(|p| p.is_finite() && *p >= 0.0)?;
    let value = frontier.value(m).filter(|v| !v.is_nan())?;
    // Adding 0.0 turns -0.0 into 0.0, which compare equal but would sort apart.
    Some((price + 0.0, value + 0.0))
}

/// Whether `a` dominates `b`: no dearer, no worse, and strictly better on one.
pub fn dominates(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 <= b.0 && a.1 >= b.1 && (a.0 < b.0 || a.1 > b.1)
}

/// The ids of the offers on `frontier`, cheapest first (equal prices by offer id).
///
/// One pass over the offers sorted by price: an offer is on the frontier when its value is
/// the highest at its price and higher than every strictly cheaper offer's. O(n log n).
/// Takes metrics or references to them, so a subset (the offers meeting the constraints)
/// need not be cloned.
pub fn pareto<M: Borrow<Metrics>>(metrics: &[M], frontier: Frontier) -> Vec<String> {
    // (price key, inverted value key, index): plain integers sort fastest, cheapest first
    // and, at one price, the most value first.
    let mut points: Vec<(u64, u64, usize)> = metrics
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let (price, value) = point(m.borrow(), frontier)?;
            Some((sort_key(price), !sort_key(value), i))
        })
        .collect();
    points.sort_unstable();
    let mut on_frontier = Vec::new();
    // The most value any strictly cheaper offer gives (as an inverted key: lower is more).
    let mut best_cheaper = u64::MAX;
    for at_price in points.chunk_by(|a, b| a.0 == b.0) {
        let group_best = at_price[0].1;
        if group_best < best_cheaper {
            let mut ids: Vec<&str> = at_price
                .iter()
                .take_while(|p| p.1 == group_best)
                .map(|p| metrics[p.2].borrow().offer_id.as_str())
                .collect();
            ids.sort_unstable();
            on_frontier.extend(ids.into_iter().map(str::to_string));
            best_cheaper = group_best;
        }
    }
    on_frontier
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::ProviderCategory;

    fn offer(id: &str, price: Option<f64>, pflops: Option<f64>) -> Metrics {
        let mut m = Metrics::unknown(id, ProviderCategory::GpuCloud);
        m.bf16_pflops = pflops;
        m.set_price(price);
        m
    }

    #[test]
    fn the_frontier_runs_from_cheapest_to_fastest() {
        let set = [
            offer("slow-cheap", Some(1.0), Some(1.0)),
            offer("beaten", Some(3.0), Some(1.5)),
            offer("middle", Some(2.0), Some(2.0)),
            offer("fast-dear", Some(10.0), Some(8.0)),
        ];
        assert_eq!(
            pareto(&set, Frontier::PricePerformance),
            ["slow-cheap", "middle", "fast-dear"]
        );
    }

    #[test]
    fn identical_offers_are_both_on_the_frontier() {
        let set = [
            offer("b", Some(1.0), Some(1.0)),
            offer("a", Some(1.0), Some(1.0)),
        ];
        assert_eq!(pareto(&set, Frontier::PricePerformance), ["a", "b"]);
    }

    #[test]
    fn same_price_less_value_is_beaten() {
        let set = [
            offer("more", Some(1.0), Some(2.0)),
            offer("less", Some(1.0), Some(1.0)),
        ];
        assert_eq!(pareto(&set, Frontier::PricePerformance), ["more"]);
    }

    #[test]
    fn same_value_dearer_is_beaten() {
        let set = [
            offer("cheap", Some(1.0), Some(2.0)),
            offer("dear", Some(2.0), Some(2.0)),
        ];
        assert_eq!(pareto(&set, Frontier::PricePerformance), ["cheap"]);
    }

    #[test]
    fn offers_with_an_unknown_coordinate_are_never_on_the_frontier() {
        let set = [
            offer("known", Some(5.0), Some(1.0)),
            offer("no-price", None, Some(100.0)),
            offer("no-speed", Some(0.1), None),
        ];
        assert_eq!(pareto(&set, Frontier::PricePerformance), ["known"]);
        assert!(pareto(&set, Frontier::PriceMemory).is_empty());
    }
}
