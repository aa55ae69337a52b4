//! Where the calculator's numbers come from, and the [`Assumption`]s an estimate shows.
//!
//! Every constant of the workload model names one of these sources in its doc comment, and
//! every estimate lists the assumptions it used with the same short citation and address, so
//! the app can print "assumptions" beside a result and the user can check each one.

use serde::Serialize;

/// A published work or vendor page, cited by a short name and an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Source {
    pub short: &'static str,
    pub url: &'static str,
}

/// Training compute C ≈ 6·N·D (§2.1, Table 1) and non-embedding parameters N ≈ 12·n_layer·d_model².
pub const KAPLAN_2020: Source = Source {
    short: "Kaplan et al. 2020, Scaling Laws for Neural Language Models (arXiv:2001.08361)",
    url: "https://arxiv.org/abs/2001.08361",
};

/// Compute-optimal training uses about 20 tokens per parameter.
pub const CHINCHILLA_2022: Source = Source {
    short: "Hoffmann et al. 2022, Training Compute-Optimal LLMs (arXiv:2203.15556)",
    url: "https://arxiv.org/abs/2203.15556",
};

/// Mixed-precision Adam keeps 2 + 2 + 12 = 16 bytes per parameter (§3.1); ZeRO-3 shards them.
pub const ZERO_2019: Source = Source {
    short: "Rajbhandari et al. 2019, ZeRO (arXiv:1910.02054)",
    url: "https://arxiv.org/abs/1910.02054",
};

/// Low-rank adapters on frozen weights; no gradients for the frozen matrices.
pub const LORA_2021: Source = Source {
    short: "Hu et al. 2021, LoRA (arXiv:2106.09685)",
    url: "https://arxiv.org/abs/2106.09685",
};

/// 4-bit NormalFloat weights; double quantization costs 0.127 bits per parameter (§3).
pub const QLORA_2023: Source = Source {
    short: "Dettmers et al. 2023, QLoRA (arXiv:2305.14314)",
    url: "https://arxiv.org/abs/2305.14314",
};

/// Activation memory per layer s·b·h·(34 + 5·a·s/h) bytes, and full recomputation (§4).
pub const KORTHIKANTI_2022: Source = Source {
    short: "Korthikanti et al. 2022, Reducing Activation Recomputation (arXiv:2205.05198)",
    url: "https://arxiv.org/abs/2205.05198",
};

/// KV cache per token = 2 (key and value) × layers × hidden size × bytes (§3).
pub const PAGED_ATTENTION_2023: Source = Source {
    short: "Kwon et al. 2023, PagedAttention / vLLM (arXiv:2309.06180)",
    url: "https://arxiv.org/abs/2309.06180",
};

/// Grouped-query attention: a few shared key/value heads shrink the KV cache.
pub const GQA_2023: Source = Source {
    short: "Ainslie et al. 2023, GQA (arXiv:2305.13245)",
    url: "https://arxiv.org/abs/2305.13245",
};

/// 8-bit weights: one byte per parameter (LLM.int8()).
pub const LLM_INT8_2022: Source = Source {
    short: "Dettmers et al. 2022, LLM.int8() (arXiv:2208.07339)",
    url: "https://arxiv.org/abs/2208.07339",
};

/// The FP8 formats E4M3 and E5M2: one byte per number.
pub const FP8_FORMATS_2022: Source = Source {
    short: "Micikevicius et al. 2022, FP8 Formats for Deep Learning (arXiv:2209.05433)",
    url: "https://arxiv.org/abs/2209.05433",
};

/// 4-bit weight-only quantization with one scale per group of 128 weights.
pub const AWQ_2023: Source = Source {
    short: "Lin et al. 2023, AWQ (arXiv:2306.00978)",
    url: "https://arxiv.org/abs/2306.00978",
};

/// Llama 2 shapes (Table 1), 70B uses GQA; pre-training GPU-hours on A100-80GB (Table 2).
pub const LLAMA2_2023: Source = Source {
    short: "Touvron et al. 2023, Llama 2 (arXiv:2307.09288)",
    url: "https://arxiv.org/abs/2307.09288",
};

/// LLaMA 1: 380 tokens/s/GPU for 65B on 2,048 A100-80GB (§2.4); GPU-hours per model (Table 15).
pub const LLAMA1_2023: Source = Source {
    short: "Touvron et al. 2023, LLaMA (arXiv:2302.13971)",
    url: "https://arxiv.org/abs/2302.13971",
};

/// 38–43% BF16 MFU on 8k–16k H100 GPUs (Table 4); over 90% effective training time (§3.3.4).
pub const LLAMA3_2024: Source = Source {
    short: "Llama Team 2024, The Llama 3 Herd of Models (arXiv:2407.21783)",
    url: "https://arxiv.org/abs/2407.21783",
};

/// 55.2% MFU training a 175B model on 12,288 Ampere GPUs.
pub const MEGASCALE_2024: Source = Source {
    short: "Jiang et al. 2024, MegaScale (arXiv:2402.15627)",
    url: "https://arxiv.org/abs/2402.15627",
};

/// 46.2% MFU training PaLM 540B on 6,144 TPU v4 chips.
pub const PALM_2022: Source = Source {
    short: "Chowdhery et al. 2022, PaLM (arXiv:2204.02311)",
    url: "https://arxiv.org/abs/2204.02311",
};

/// Llama 4 Behemoth pre-training in FP8 on 32k GPUs reached 390 TFLOPs per GPU.
pub const LLAMA4_BLOG_2025: Source = Source {
    short: "Meta AI 2025, The Llama 4 herd (blog)",
    url: "https://ai.meta.com/blog/llama-4-multimodal-intelligence/",
};

/// Llama 2 paper §2.2.1: RoCE scaled almost as well as InfiniBand up to 2,000 GPUs.
pub const LLAMA2_INTERCONNECT: Source = Source {
    short: "Touvron et al. 2023, Llama 2 §2.2.1 (arXiv:2307.09288)",
    url: "https://arxiv.org/abs/2307.09288",
};

/// vLLM reserves `gpu_memory_utilization` = 0.9 of device memory by default.
pub const VLLM_ENGINE_ARGS: Source = Source {
    short: "vLLM engine arguments, gpu_memory_utilization default 0.9",
    url: "https://docs.vllm.ai/en/latest/serving/engine_args.html",
};

/// Defines model bandwidth utilisation (MBU) for memory-bound decoding.
pub const DATABRICKS_INFERENCE_2023: Source = Source {
    short: "Databricks 2023, LLM Inference Performance Engineering: Best Practices",
    url: "https://www.databricks.com/blog/llm-inference-performance-engineering-best-practices",
};

/// Frequency of interruption bands over the trailing month: <5%, 5–10%, 10–15%, 15–20%, >20%.
pub const AWS_SPOT_ADVISOR: Source = Source {
    short: "AWS Spot Instance Advisor, frequency of interruption",
    url: "https://aws.amazon.com/ec2/spot/instance-advisor/",
};

/// Preemptible VMs always stop after 24 hours.
pub const GCP_PREEMPTIBLE: Source = Source {
    short: "Google Cloud, Preemptible VM instances",
    url: "https://cloud.google.com/compute/docs/instances/preemptible",
};

/// Industry average PUE 1.58 in 2023, flat at 1.55–1.59 since about 2020.
pub const UPTIME_2023: Source = Source {
    short: "Uptime Institute Global Data Center Survey 2023",
    url: "https://intelligence.uptimeinstitute.com/resource/uptime-institute-global-data-center-survey-2023",
};

/// Average revenue per kWh by US state and sector in 2023: commercial 8.95 ¢ in Virginia,
/// 8.82 ¢ in Texas, 9.92 ¢ in Oregon; industrial 8.92 ¢, 6.60 ¢, 7.52 ¢.
pub const EIA_ELECTRICITY_2023: Source = Source {
    short: "U.S. EIA, Electric Power Annual 2023: average revenue per kWh by state",
    url: "https://www.eia.gov/electricity/annual/secrev-map.php",
};

/// Dense BF16/FP16 tensor TFLOPS of current accelerators, as the bundled catalog uses them.
pub const ML_ENGINEERING_ACCELERATORS: Source = Source {
    short: "Bekman, ml-engineering: accelerators (dense TFLOPS table)",
    url: "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/README.md",
};

/// DGX H100: 8 × 700 W GPUs in a system of about 10.2 kW maximum.
pub const NVIDIA_DGX_H100: Source = Source {
    short: "NVIDIA DGX H100 user guide, system specifications",
    url: "https://docs.nvidia.com/dgx/dgxh100-user-guide/introduction-to-dgxh100.html",
};

/// SXM modules sit on HGX baseboards joined by NVLink (NVSwitch on eight-GPU boards): what an
/// offer of several SXM GPUs implies when it does not name its interconnect.
pub const NVIDIA_HGX: Source = Source {
    short: "NVIDIA HGX platform: SXM GPUs joined by NVLink/NVSwitch",
    url: catalog::fabric::SXM_BOARD_SOURCE,
};

/// A number this project chose where no published figure was found; it is labelled as such.
pub const GPU_ATLAS_ASSUMPTION: Source = Source {
    short: "GPU Atlas assumption (no published figure found)",
    url: "",
};

/// One assumption behind an estimate, with its value and where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Assumption {
    /// What is assumed, in English.
    pub name: &'static str,
    /// The same in Chinese.
    pub name_zh: &'static str,
    /// The value used, with its unit ("0.40", "16 B/parameter").
    pub value: String,
    /// Short citation.
    pub source: &'static str,
    /// Address of the source; empty for this project's own assumptions.
    pub url: &'static str,
}

impl Assumption {
    pub fn new(
        name: &'static str,
        name_zh: &'static str,
        value: impl Into<String>,
        source: Source,
    ) -> Assumption {
        Assumption {
            name,
            name_zh,
            value: value.into(),
            source: source.short,
            url: source.url,
        }
    }
}

/// A number as an assumption shows it: at most three significant decimals, no trailing zeros.
pub fn show(x: f64) -> String {
    if !x.is_finite() {
        return "?".to_string();
    }
    let digits = if x.abs() >= 100.0 {
        0
    } else if x.abs() >= 10.0 {
        1
    } else if x.abs() >= 1.0 {
        2
    } else {
        3
    };
    let text = format!("{x:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A small rate as an assumption shows it: two significant digits, however many decimals
/// that takes (a band's 0.00007 interruptions an hour is not "0"); [`show`] from 0.01 up.
pub fn show_small(x: f64) -> String {
    if !x.is_finite() || x == 0.0 || x.abs() >= 0.01 {
        return show(x);
    }
    let digits = (-x.abs().log10()).ceil() as usize + 1;
    let text = format!("{x:.digits$}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_rates_keep_two_significant_digits() {
        // The Spot Instance Advisor's bands as hourly rates: -ln(1 - share) / 730.
        assert_eq!(show_small(-(1.0f64 - 0.05).ln() / 730.0), "0.00007");
        assert_eq!(show_small(-(1.0f64 - 0.20).ln() / 730.0), "0.00031");
        assert_eq!(show_small(1.0 / 24.0), "0.042");
        assert_eq!(show_small(0.0), "0");
    }

    #[test]
    fn numbers_show_without_trailing_zeros() {
        assert_eq!(show(0.4), "0.4");
        assert_eq!(show(16.0), "16");
        assert_eq!(show(0.53125), "0.531");
        assert_eq!(show(1234.56), "1235");
        assert_eq!(show(f64::NAN), "?");
    }
}
