//! Scoring: which offers suit a workload, and why.
//!
//! The pipeline is `Row` → [`Metrics`] (plain numbers, `None` = unknown) → hard
//! [`Constraints`] (an offer that fails one is excluded, and the result says which) →
//! one score in [0, 1] per [`Criterion`] → a weighted sum to 0–100 whose per-criterion
//! points add up to it → a ranking, best first, ties broken by offer id.
//!
//! Set-relative criteria (performance, cost-efficiency, memory, the bandwidth part of
//! scale-out) are measured on a log scale against the best offer of the ranked set
//! ([`normalise`]); categorical criteria (ecosystem, flexibility, trust) are absolute scores
//! from facts. [`Scenario`] presets and [`Persona`]s start the user off; [`pareto`] finds the
//! offers nothing beats on price and value together; [`why`] turns a breakdown into a
//! sentence in English or Chinese.

mod constraints;
mod criteria;
mod metrics;
pub mod normalise;
mod pareto;
mod rank;
mod scenario;
pub mod synthetic;
mod why;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;

pub use constraints::{Constraints, Exclusion};
pub use criteria::{CostBasis, Criterion, Weights, MAX_WEIGHT};
pub use metrics::Metrics;
pub use pareto::{dominates, pareto, Frontier};
pub use rank::{rank, Ranking, Scored};
pub use scenario::{Persona, Scenario};
pub use why::{why, why_among, why_in, WhyContext};

use super::i18n::pick;

/// A key whose unsigned order is `f64::total_cmp`'s order: sorting plain integers is much
/// faster than sorting with a float comparison, which matters at 100k offers.
fn sort_key(x: f64) -> u64 {
    let bits = x.to_bits();
    // Negative numbers: flip every bit (larger magnitude sorts lower); others: set the sign.
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

#[cfg(test)]
mod sort_key_tests {
    use super::sort_key;

    #[test]
    fn sort_keys_order_like_total_cmp() {
        let values = [
            f64::NEG_INFINITY,
            -3.5,
            -0.0,
            0.0,
            1e-300,
            0.5,
            2.0,
            f64::INFINITY,
        ];
        for pair in values.windows(2) {
            assert!(sort_key(pair[0]) < sort_key(pair[1]), "{pair:?}");
        }
    }
}
