//! How much arithmetic a job is, and how fast an instance does it.
//!
//! Training: C ≈ 6 · N · D (Kaplan et al. 2020, §2.1; Chinchilla uses the same count): a
//! forward pass is 2 FLOP per parameter per token (a multiply and an add), the backward pass
//! twice that (gradients with respect to activations and to weights). LoRA and QLoRA still run
//! the full forward and the backward through the activations, but skip the weight gradients of
//! the frozen matrices: ≈ 4 · N · D, 2/3 of full fine-tuning. The LoRA paper measured a 25%
//! throughput gain on GPT-3 175B rather than the 50% this count implies (other costs remain),
//! so the 2/3 is a lower bound on LoRA's time. QLoRA's dequantization is not counted.

use super::hardware::{Hardware, Peak, FP8_MFU_FACTOR};
use super::job::{FineTuneMethod, Precision, TrainingSize, Workload};
use super::reference::find_reference;
use super::sources::{Source, DATABRICKS_INFERENCE_2023};

/// FLOP per parameter per token of training: 2 forward + 4 backward.
pub const TRAINING_FLOPS_PER_PARAM_TOKEN: f64 = 6.0;
/// FLOP per parameter per token of LoRA/QLoRA: 2 forward + 2 backward through activations.
pub const ADAPTER_FLOPS_PER_PARAM_TOKEN: f64 = 4.0;
/// FLOP per parameter per token of inference (prefill or decode): the forward pass.
pub const INFERENCE_FLOPS_PER_PARAM_TOKEN: f64 = 2.0;

/// Model FLOPs of one run of a training or fine-tuning workload; `None` for inference or an
/// unknown reference accelerator.
pub fn job_flops(workload: &Workload) -> Option<f64> {
    let params = workload.params();
    let flops = match workload {
        Workload::Training { size, .. } => match size {
            TrainingSize::Tokens { tokens_b } => {
                TRAINING_FLOPS_PER_PARAM_TOKEN * params * tokens_b * 1e9
            }
            TrainingSize::Flops { flops } => *flops,
            TrainingSize::ReferenceHours { hours, reference } => {
                hours * find_reference(reference)?.flops_per_hour()
            }
        },
        Workload::FineTune {
            method, tokens_b, ..
        } => flops_per_param_token(*method) * params * tokens_b * 1e9,
        Workload::Inference { .. } => return None,
    };
    (flops.is_finite() && flops > 0.0).then_some(flops)
}

/// FLOP per parameter per token for a fine-tuning method.
pub fn flops_per_param_token(method: FineTuneMethod) -> f64 {
    match method {
        FineTuneMethod::Full => TRAINING_FLOPS_PER_PARAM_TOKEN,
        FineTuneMethod::Lora | FineTuneMethod::Qlora => ADAPTER_FLOPS_PER_PARAM_TOKEN,
    }
}

/// Where the MFU of an estimate came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum MfuChoice {
    User,
    Default,
    /// The default scaled by [`FP8_MFU_FACTOR`] for the FP8 peak.
    DefaultFp8,
}

/// Model FLOP/s one instance sustains: accelerators × peak × MFU × scaling inside the instance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Speed {
    pub peak: Peak,
    pub mfu: f64,
    pub mfu_choice: MfuChoice,
    pub intra: f64,
    pub flops_per_second: f64,
}

/// The speed of one instance at a precision, or `None` if its peak or count is unknown.
pub(crate) fn instance_speed(
    hw: &Hardware,
    precision: Precision,
    mfu: Option<f64>,
) -> Option<Speed> {
    let peak = hw.peak(precision)?;
    let count = hw.count()?;
    let (mfu, mfu_choice) = match mfu.filter(|m| m.is_finite() && *m > 0.0 && *m <= 1.0) {
        Some(m) => (m, MfuChoice::User),
        None if peak.precision == Precision::Fp8 => {
            (hw.default_mfu().mfu * FP8_MFU_FACTOR, MfuChoice::DefaultFp8)
        }
        None => (hw.default_mfu().mfu, MfuChoice::Default),
    };
    let intra = hw.intra_instance_efficiency();
    let flops_per_second = count * peak.tflops * 1e12 * mfu * intra;
    (flops_per_second.is_finite() && flops_per_second > 0.0).then_some(Speed {
        peak,
        mfu,
        mfu_choice,
        intra,
        flops_per_second,
    })
}

/// Accelerator-hours `flops` take on accelerators of `tflops` dense peak at `mfu`, with no
/// scaling loss: the quantity published training runs report.
pub fn accelerator_hours(flops: f64, tflops: f64, mfu: f64) -> f64 {
    flops / (tflops * 1e12 * mfu) / 3_600.0
}

/// Share of peak memory bandwidth decoding reaches (model bandwidth utilisation, MBU).
/// Databricks defines MBU and works an example at 50%; well-tuned engines report more. 0.6 is
/// this project's middle value.
pub const DECODE_BANDWIDTH_EFFICIENCY: f64 = 0.6;
/// Source of [`DECODE_BANDWIDTH_EFFICIENCY`].
pub const DECODE_BANDWIDTH_SOURCE: Source = DATABRICKS_INFERENCE_2023;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_n_d_for_a_chinchilla_run() {
        let workload = Workload::Training {
            params_b: 1.0,
            size: TrainingSize::Tokens { tokens_b: 20.0 },
            precision: Precision::Bf16,
            mfu: None,
        };
        assert_eq!(job_flops(&workload), Some(1.2e20));
    }

    #[test]
    fn lora_is_two_thirds_of_full_fine_tuning() {
        let tune = |method| Workload::FineTune {
            params_b: 7.0,
            method,
            tokens_b: 0.1,
            precision: Precision::Bf16,
            mfu: None,
        };
        let full = job_flops(&tune(FineTuneMethod::Full)).unwrap();
        let lora = job_flops(&tune(FineTuneMethod::Lora)).unwrap();
        assert!((lora / full - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn reference_hours_turn_into_the_same_hours_on_the_same_accelerator() {
        let workload = Workload::Training {
            params_b: 1.0,
            size: TrainingSize::ReferenceHours {
                hours: 100.0,
                reference: "A100".into(),
            },
            precision: Precision::Bf16,
            mfu: None,
        };
        let flops = job_flops(&workload).unwrap();
        let a100_mfu = super::super::hardware::default_mfu_for(Some("Ampere"), None).mfu;
        assert!((accelerator_hours(flops, 312.0, a100_mfu) - 100.0).abs() < 1e-9);
        let unknown = Workload::Training {
            params_b: 1.0,
            size: TrainingSize::ReferenceHours {
                hours: 100.0,
                reference: "Z9000".into(),
            },
            precision: Precision::Bf16,
            mfu: None,
        };
        assert_eq!(job_flops(&unknown), None);
    }

    #[test]
    fn fp8_without_a_given_mfu_reaches_less_of_its_peak() {
        let h100 = Hardware {
            accelerators: Some(1.0),
            bf16_tflops: Some(989.0),
            fp8_tflops: Some(1979.0),
            architecture: Some("Hopper".into()),
            ..Hardware::default()
        };
        let bf16 = instance_speed(&h100, Precision::Bf16, None).unwrap();
        let fp8 = instance_speed(&h100, Precision::Fp8, None).unwrap();
        assert_eq!(fp8.mfu_choice, MfuChoice::DefaultFp8);
        let speedup = fp8.flops_per_second / bf16.flops_per_second;
        assert!((speedup - 1979.0 / 989.0 * FP8_MFU_FACTOR).abs() < 1e-9);
        let given = instance_speed(&h100, Precision::Fp8, Some(0.3)).unwrap();
        assert_eq!((given.mfu, given.mfu_choice), (0.3, MfuChoice::User));
    }
}
