//! Scoring: which offers suit a workload, and why.
//!
//! The pipeline is an offer's row (the engine's `explorer::metrics`) → [`Metrics`] (plain numbers, `None` = unknown) → hard
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
//!
//! # Never
//!
//! - Depends on nothing of GPU Atlas but the catalog: scoring ranks plain numbers, so it
//!   never reads the view, the table or the explorer's rows, and its properties are tested
//!   on synthetic offers ([`synthetic`]) without a catalog.

mod constraints;
mod criteria;
mod metrics;
pub mod normalise;
mod order;
mod pareto;
mod rank;
mod scenario;
pub mod synthetic;
mod why;

#[cfg(test)]
mod properties;

pub use constraints::{Constraints, Exclusion};
pub use criteria::{CostBasis, Criterion, Weights, MAX_WEIGHT};
pub use metrics::Metrics;
pub use pareto::{dominates, pareto, Frontier};
pub use rank::{job_rule, rank, Ranking, Scored};
pub use scenario::{Persona, Scenario};
pub use why::{why, why_among, why_in, WhyContext};
