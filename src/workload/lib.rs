//! The cost calculator: a job (train, fine-tune or serve a model) becomes memory, fit, wall
//! time and cost on one offer's hardware and price, plus the money model of renting versus
//! committing versus buying.
//!
//! People do not rent GPU-hours, they run jobs. The formulas, each cited where its constant
//! is defined:
//!
//! - **Training compute** C = 6 · N · D FLOP (N parameters, D tokens; Kaplan et al. 2020);
//!   LoRA/QLoRA 4 · N · D (no weight gradients for frozen weights); or given as FLOP, or as
//!   hours on a reference accelerator × its peak × its default MFU ([`compute`],
//!   [`reference`](mod@reference)).
//! - **Speed** of one instance = accelerators × dense peak (BF16, FP16 or FP8) × MFU × scaling
//!   inside the instance (NVLink 0.95, PCIe 0.80); n instances × 0.90 (InfiniBand) or 0.60
//!   (Ethernet). MFU defaults per generation from published runs ([`hardware`]).
//! - **Memory** ([`memory`]): mixed-precision Adam 2 + 2 + 12 bytes per parameter (ZeRO);
//!   LoRA frozen 16-bit weights + 0.5% trainable; QLoRA 4.127-bit NF4 weights + adapters;
//!   activations of one 4,096-token sequence with full recomputation; serving: weights at
//!   their quantization + KV cache 2 · layers · KV heads · head size · 2 B · context ·
//!   concurrency, the shape derived from N when not given ([`shape`]).
//! - **Fit** ([`fit()`]): one accelerator, else ZeRO-3/tensor-parallel sharding over the
//!   instance's accelerators, else several instances (if the offer clusters), within 90% of
//!   memory.
//! - **Serving** ([`serving`]): decode tokens/s ≈ concurrency · bandwidth · 0.6 / (weight
//!   bytes + concurrency · KV bytes), capped by compute at 2 · N FLOP per token; prefill
//!   2 · N FLOP per prompt token; instances to carry a day's tokens in 24 h; cost per
//!   million output tokens. A serverless offer bills the busy hours and its cold starts,
//!   not the day, and [`crossover()`](crossover::crossover) finds the volume where keeping a
//!   GPU wins.
//! - **Money**: billing rounds each run up to its increment and minimum ([`billing`]); spot
//!   adds the expected rework of interruptions, E = (e^(λc) − 1)(1/λ + r) per checkpoint
//!   interval ([`spot`]); commitments break even at committed ÷ on-demand hourly
//!   ([`commitment`]); owning costs capex ÷ (years · 8,760 h · utilisation) + energy · PUE
//!   ([`ownership`]).
//!
//! Unknown hardware numbers give `None`, never a guess, and no result is NaN or infinite.
//! Every estimate lists its [`Assumption`]s with sources for the UI to show.
//!
//! # Never
//!
//! - Depends on nothing of GPU Atlas but the catalog (for terms and hours), so it can be
//!   published and used on its own; it knows no view, table or language.

mod assumptions;
pub mod billing;
pub mod commitment;
pub mod compute;
pub mod crossing;
pub mod crossover;
mod estimate;
mod estimating;
pub mod fit;
pub mod hardware;
mod job;
pub mod memory;
pub mod ownership;
mod parse;
mod presets;
pub mod reference;
mod rule;
pub mod serverless;
pub mod serving;
pub mod shape;
pub mod sources;
pub mod spot;
mod training;
mod validate;

#[cfg(test)]
mod tests;

pub use catalog::fabric::Network;
pub use commitment::{break_even, term_costs, BreakEven, TermCost, TermPrices};
pub use estimate::{CostBasis, Deadline, Estimate, PriceInput};
pub use estimating::{estimate, estimate_numbers};
pub use fit::{fit, Fit, NoFit, UnknownFit};
pub use hardware::{Hardware, Inside};
pub use job::{FineTuneMethod, Job, Precision, Quant, TrainingSize, Workload};
pub use memory::MemoryNeed;
pub use ownership::{
    break_even_months, cumulative_costs, Acquisition, BreakEvenMonth, CostSeries, Ownership, Plan,
};
pub use parse::parse_amount;
pub use presets::Preset;
pub use rule::{rule_of, Rule, RULES};
pub use sources::{Assumption, Source};
pub use validate::{check_value, field_label, Problem, ProblemKind, Severity};
