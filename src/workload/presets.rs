//! Ready-made jobs that start the user off, each a common question with sensible numbers.

use serde::{Deserialize, Serialize};

use super::job::{FineTuneMethod, Job, Precision, Quant, TrainingSize, Workload};

/// A ready-made job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    #[serde(rename = "lora-7b")]
    LoraFineTune7b,
    #[serde(rename = "pretrain-1b-chinchilla")]
    Pretrain1bChinchilla,
    #[serde(rename = "serve-70b-int8")]
    Serve70bInt8,
    #[serde(rename = "qlora-70b-one-gpu")]
    Qlora70bOneGpu,
    #[serde(rename = "pretrain-7b-1t")]
    Pretrain7b1t,
}

impl Preset {
    pub const ALL: [Preset; 5] = [
        Preset::LoraFineTune7b,
        Preset::Pretrain1bChinchilla,
        Preset::Serve70bInt8,
        Preset::Qlora70bOneGpu,
        Preset::Pretrain7b1t,
    ];

    /// A short stable name for the preset (the page's `data-preset`, which tests click).
    pub fn key(self) -> &'static str {
        match self {
            Preset::LoraFineTune7b => "lora-7b",
            Preset::Pretrain1bChinchilla => "pretrain-1b",
            Preset::Serve70bInt8 => "serve-70b-int8",
            Preset::Qlora70bOneGpu => "qlora-70b",
            Preset::Pretrain7b1t => "pretrain-7b-1t",
        }
    }

    /// The preset's name in English or Chinese.
    pub fn label(self, zh: bool) -> &'static str {
        let (en, cn) = match self {
            Preset::LoraFineTune7b => ("Fine-tune a 7B model with LoRA", "用 LoRA 微调 7B 模型"),
            Preset::Pretrain1bChinchilla => (
                "Pre-train 1B on 20B tokens (Chinchilla-optimal)",
                "用 200 亿 token 预训练 1B 模型（Chinchilla 最优）",
            ),
            Preset::Serve70bInt8 => (
                "Serve a 70B model at 8-bit, 1M output tokens a day",
                "以 8 位部署 70B 模型，每天输出 100 万 token",
            ),
            Preset::Qlora70bOneGpu => ("QLoRA a 70B model on one GPU", "单卡 QLoRA 微调 70B 模型"),
            Preset::Pretrain7b1t => (
                "Pre-train 7B on 1T tokens",
                "用 1 万亿 token 预训练 7B 模型",
            ),
        };
        if zh {
            cn
        } else {
            en
        }
    }

    /// The job the preset stands for.
    pub fn job(self) -> Job {
        let workload = match self {
            // A 50M-token instruction set (e.g. ~25k conversations of 2k tokens) for two
            // epochs: 100M tokens seen, a typical single-GPU LoRA run.
            Preset::LoraFineTune7b => Workload::FineTune {
                params_b: 7.0,
                method: FineTuneMethod::Lora,
                tokens_b: 0.1,
                precision: Precision::Bf16,
                mfu: None,
            },
            // Chinchilla (arXiv:2203.15556): compute-optimal training uses ~20 tokens per
            // parameter.
            Preset::Pretrain1bChinchilla => Workload::Training {
                params_b: 1.0,
                size: TrainingSize::Tokens { tokens_b: 20.0 },
                precision: Precision::Bf16,
                mfu: None,
            },
            // A 4k context and 16 sequences in flight: a modest chat service. Prompts are left
            // at zero so the label's "1M tokens a day" is the whole load; add them to see
            // prefill.
            Preset::Serve70bInt8 => Workload::Inference {
                params_b: 70.0,
                quant: Quant::Int8,
                context_tokens: 4_096,
                concurrency: 16,
                tokens_per_day: 1e6,
                input_tokens_per_day: 0.0,
                layers: None,
                kv_heads: None,
                head_dim: None,
                cache_hit_share: 0.0,
                model: None,
            },
            // QLoRA's own use: a small instruction set (its Guanaco runs used OASST1, ~10k
            // conversations); 10M tokens seen.
            Preset::Qlora70bOneGpu => Workload::FineTune {
                params_b: 70.0,
                method: FineTuneMethod::Qlora,
                tokens_b: 0.01,
                precision: Precision::Bf16,
                mfu: None,
            },
            // Llama 1 7B's budget (arXiv:2302.13971: 1.0T tokens).
            Preset::Pretrain7b1t => Workload::Training {
                params_b: 7.0,
                size: TrainingSize::Tokens { tokens_b: 1_000.0 },
                precision: Precision::Bf16,
                mfu: None,
            },
        };
        Job::new(workload)
    }
}

/// The job a new calculator starts from: the first preset.
impl Default for Job {
    fn default() -> Job {
        Preset::LoraFineTune7b.job()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_have_distinct_labels_in_both_languages() {
        let mut seen = std::collections::HashSet::new();
        for preset in Preset::ALL {
            assert!(seen.insert(preset.label(false)));
            assert!(seen.insert(preset.label(true)));
        }
    }

    #[test]
    fn preset_ids_read_back() {
        let text = serde_json::to_string(&Preset::Qlora70bOneGpu).unwrap();
        assert_eq!(text, r#""qlora-70b-one-gpu""#);
        for preset in Preset::ALL {
            let text = serde_json::to_string(&preset).unwrap();
            assert_eq!(serde_json::from_str::<Preset>(&text).unwrap(), preset);
        }
    }
}
