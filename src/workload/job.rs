//! The user's job: what they want to run, in the words they think in (a model size, a number of
//! tokens, a precision), not in GPU-hours. These types are part of the app's URL state, so they
//! are plain, serde-able, and every optional field has a default.

use serde::{Deserialize, Serialize};

use super::spot::{DEFAULT_CHECKPOINT_MINUTES, DEFAULT_RESTART_MINUTES};

/// Bytes of one FP16/BF16 number.
pub const BYTES_16BIT: f64 = 2.0;
/// Bytes of one FP8/INT8 number.
pub const BYTES_8BIT: f64 = 1.0;
/// Bytes per weight at INT4: 4 bits plus at most 0.25 bit for a 16-bit scale and a zero point
/// per group of 128 weights (AWQ, arXiv:2306.00978, and GPTQ use groups of 128).
pub const INT4_BYTES: f64 = (4.0 + 32.0 / 128.0) / 8.0;

/// Number format of the matrix multiplies in training and fine-tuning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    #[default]
    Bf16,
    Fp16,
    Fp8,
}

impl Precision {
    pub const ALL: [Precision; 3] = [Precision::Bf16, Precision::Fp16, Precision::Fp8];

    pub fn label(self) -> &'static str {
        match self {
            Precision::Bf16 => "BF16",
            Precision::Fp16 => "FP16",
            Precision::Fp8 => "FP8",
        }
    }
}

/// Format of the weights of a served model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quant {
    #[default]
    Fp16,
    Bf16,
    Fp8,
    Int8,
    /// 4-bit weights with one 16-bit scale and one 16-bit zero point per group of 128.
    Int4,
}

impl Quant {
    pub const ALL: [Quant; 5] = [
        Quant::Fp16,
        Quant::Bf16,
        Quant::Fp8,
        Quant::Int8,
        Quant::Int4,
    ];

    /// Bytes one weight takes in memory.
    pub fn bytes_per_param(self) -> f64 {
        match self {
            Quant::Fp16 | Quant::Bf16 => BYTES_16BIT,
            Quant::Fp8 | Quant::Int8 => BYTES_8BIT,
            Quant::Int4 => INT4_BYTES,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Quant::Fp16 => "FP16",
            Quant::Bf16 => "BF16",
            Quant::Fp8 => "FP8",
            Quant::Int8 => "INT8",
            Quant::Int4 => "INT4",
        }
    }
}

/// How a model is fine-tuned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FineTuneMethod {
    /// Every weight is trained (mixed-precision Adam).
    Full,
    /// Frozen 16-bit weights plus small trainable adapters.
    #[default]
    Lora,
    /// Frozen 4-bit NF4 weights plus adapters.
    Qlora,
}

impl FineTuneMethod {
    pub const ALL: [FineTuneMethod; 3] = [
        FineTuneMethod::Full,
        FineTuneMethod::Lora,
        FineTuneMethod::Qlora,
    ];

    pub fn label(self) -> &'static str {
        match self {
            FineTuneMethod::Full => "Full",
            FineTuneMethod::Lora => "LoRA",
            FineTuneMethod::Qlora => "QLoRA",
        }
    }
}

/// How big a training run is: the user may know tokens, total compute, or how long it took
/// on some reference accelerator.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum TrainingSize {
    /// Training tokens, billions.
    Tokens { tokens_b: f64 },
    /// Total training compute, FLOP.
    Flops { flops: f64 },
    /// Hours the run takes on one `reference` accelerator (a key of
    /// [`REFERENCE_ACCELERATORS`](super::reference::REFERENCE_ACCELERATORS), e.g. "A100"), at
    /// that accelerator's default MFU.
    ReferenceHours { hours: f64, reference: String },
}

/// What the user wants to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Workload {
    /// Pre-training from scratch.
    Training {
        /// Parameters, billions.
        params_b: f64,
        size: TrainingSize,
        #[serde(default)]
        precision: Precision,
        /// Model FLOPs utilisation in (0, 1]; `None`: the generation's default.
        #[serde(default)]
        mfu: Option<f64>,
    },
    FineTune {
        params_b: f64,
        #[serde(default)]
        method: FineTuneMethod,
        /// Tokens seen in training, billions: dataset tokens × epochs.
        tokens_b: f64,
        #[serde(default)]
        precision: Precision,
        #[serde(default)]
        mfu: Option<f64>,
    },
    /// Serving a model.
    Inference {
        params_b: f64,
        #[serde(default)]
        quant: Quant,
        /// Tokens of context each sequence holds (prompt and output).
        #[serde(default = "default_context_tokens")]
        context_tokens: u32,
        /// Sequences decoded together by one copy of the model (the batch).
        #[serde(default = "one")]
        concurrency: u32,
        /// Output tokens to generate per day.
        tokens_per_day: f64,
        /// Prompt tokens to read per day (prefill).
        #[serde(default)]
        input_tokens_per_day: f64,
        /// Model shape for the KV cache; each one left `None` is derived from `params_b`.
        #[serde(default)]
        layers: Option<u32>,
        #[serde(default)]
        kv_heads: Option<u32>,
        #[serde(default)]
        head_dim: Option<u32>,
        /// The share of prompt tokens a hosted API's prompt cache would serve (0 to 1): it
        /// changes only what the API bills, not what a GPU of one's own does.
        #[serde(default)]
        cache_hit_share: f64,
        /// The model, when chosen by name: its id in the hosted-API catalog
        /// (`catalog/api/models.toml`), so its own API prices are set against renting.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        model: Option<String>,
    },
}

impl Workload {
    /// Parameters, billions.
    pub fn params_b(&self) -> f64 {
        match self {
            Workload::Training { params_b, .. }
            | Workload::FineTune { params_b, .. }
            | Workload::Inference { params_b, .. } => *params_b,
        }
    }

    /// Serving rather than training or fine-tuning.
    pub fn is_inference(&self) -> bool {
        matches!(self, Workload::Inference { .. })
    }

    /// Parameters as a count.
    pub(crate) fn params(&self) -> f64 {
        self.params_b() * 1e9
    }
}

fn default_context_tokens() -> u32 {
    4_096
}

fn one() -> u32 {
    1
}

fn default_checkpoint_minutes() -> f64 {
    DEFAULT_CHECKPOINT_MINUTES
}

fn default_restart_minutes() -> f64 {
    DEFAULT_RESTART_MINUTES
}

/// The calculator's inputs: a workload and how it is run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Job {
    pub workload: Workload,
    /// Finish each run within this many hours (more instances if needed). Training and
    /// fine-tuning only: serving is sized to carry a day's load in 24 hours.
    #[serde(default)]
    pub deadline_hours: Option<f64>,
    /// Times the job is run (experiments, sweeps); each run is billed on its own.
    #[serde(default = "one")]
    pub runs: u32,
    /// Minutes between checkpoints: on spot, at most this much work is lost per interruption.
    #[serde(default = "default_checkpoint_minutes")]
    pub checkpoint_minutes: f64,
    /// Minutes to get going again after an interruption (new instance, load the checkpoint).
    #[serde(default = "default_restart_minutes")]
    pub restart_minutes: f64,
}

impl Job {
    /// A job that runs a workload once, with default checkpointing.
    pub fn new(workload: Workload) -> Job {
        Job {
            workload,
            deadline_hours: None,
            runs: 1,
            checkpoint_minutes: DEFAULT_CHECKPOINT_MINUTES,
            restart_minutes: DEFAULT_RESTART_MINUTES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_reads_back_from_json_with_defaults_filled_in() {
        let text = r#"{"workload":{"kind":"inference","params_b":70,"quant":"int8","tokens_per_day":1e6}}"#;
        let job: Job = serde_json::from_str(text).unwrap();
        assert_eq!(job.runs, 1);
        assert_eq!(job.checkpoint_minutes, DEFAULT_CHECKPOINT_MINUTES);
        match job.workload {
            Workload::Inference {
                context_tokens,
                concurrency,
                quant,
                ..
            } => {
                assert_eq!(
                    (context_tokens, concurrency, quant),
                    (4_096, 1, Quant::Int8)
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_preset_job_survives_a_json_round_trip() {
        for preset in super::super::presets::Preset::ALL {
            let job = preset.job();
            let text = serde_json::to_string(&job).unwrap();
            let back: Job = serde_json::from_str(&text).unwrap();
            assert_eq!(back, job, "{text}");
        }
    }

    #[test]
    fn reference_hours_serialise_plainly() {
        let size = TrainingSize::ReferenceHours {
            hours: 100.0,
            reference: "A100".into(),
        };
        let text = serde_json::to_string(&size).unwrap();
        assert_eq!(
            text,
            r#"{"by":"reference-hours","hours":100.0,"reference":"A100"}"#
        );
    }
}
