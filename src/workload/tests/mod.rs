//! Tests across the whole calculator: published runs reproduced, hand-checked scenarios, and
//! hostile inputs that must never give NaN, infinity or a panic.

mod hostile;
mod published_runs;
mod scenarios;

use super::{Hardware, Job, Precision, TrainingSize, Workload};

/// One accelerator of a kind, memory unknown: the fit is unknown but the time on one
/// accelerator is still told, which is what published GPU-hours count.
pub(super) fn one_accelerator(tflops: f64, architecture: &str) -> Hardware {
    Hardware {
        accelerators: Some(1.0),
        bf16_tflops: Some(tflops),
        fp16_tflops: Some(tflops),
        architecture: Some(architecture.into()),
        ..Hardware::default()
    }
}

pub(super) fn pretraining(params_b: f64, tokens_b: f64, mfu: Option<f64>) -> Job {
    Job::new(Workload::Training {
        params_b,
        size: TrainingSize::Tokens { tokens_b },
        precision: Precision::Bf16,
        mfu,
    })
}

/// `actual` is within `share` of `expected`.
pub(super) fn within(actual: f64, expected: f64, share: f64) -> bool {
    (actual / expected - 1.0).abs() <= share
}
