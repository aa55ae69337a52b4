//! The assumptions an estimate lists beside its numbers, each with the value used and its
//! source: what the UI shows under "assumptions".

use super::compute::{MfuChoice, Speed, DECODE_BANDWIDTH_EFFICIENCY, DECODE_BANDWIDTH_SOURCE};
use super::estimate::PriceInput;
use super::hardware::{
    Hardware, Inside, FP8_MFU_FACTOR, SCALING_DIRECT, SCALING_ETHERNET, SCALING_FAST_NETWORK,
    SCALING_PCIE, SCALING_SOURCES,
};
use super::job::{FineTuneMethod, Job, Precision, Quant, TrainingSize, Workload};
use super::memory::{
    ACTIVATION_SEQUENCE_TOKENS, ADAM_GRADIENT_BYTES, ADAM_STATE_BYTES, ADAM_WEIGHT_BYTES,
    LORA_TRAINABLE_FRACTION, QLORA_WEIGHT_BYTES, USABLE_MEMORY_FRACTION,
};
use super::reference::find_reference;
use super::shape::{Shape, SHAPE_SOURCES};
use super::sources::{
    show, Assumption, Source, AWQ_2023, FP8_FORMATS_2022, GPU_ATLAS_ASSUMPTION, KAPLAN_2020,
    KORTHIKANTI_2022, LLM_INT8_2022, LORA_2021, NVIDIA_HGX, PAGED_ATTENTION_2023, QLORA_2023,
    VLLM_ENGINE_ARGS, ZERO_2019,
};
use super::spot;
use catalog::fabric::Network;

/// A number the user typed: cited as theirs.
pub(crate) const USER_INPUT: Source = Source {
    short: "your input",
    url: "",
};

/// The offer's own numbers (specs or price), as the catalog lists them.
pub(crate) const OFFER_DATA: Source = Source {
    short: "this offer's catalog entry",
    url: "",
};

/// The loss across instances, relative to the RDMA clusters the MFU was measured on.
/// An offer that does not say whether it clusters instances is costed as if it did: unknown
/// is never a "does not fit", and the estimate says what it assumed.
pub(crate) fn clustering_assumption() -> Assumption {
    Assumption::new(
        "Several instances clustered for one job (the offer does not say whether it can)",
        "多台实例组成集群运行一个作业（报价未注明是否支持）",
        "assumed",
        GPU_ATLAS_ASSUMPTION,
    )
}

pub(crate) fn inter_scaling_assumption(hw: &Hardware) -> Assumption {
    match hw.between {
        Network::Fast => Assumption::new(
            "Scaling across instances (InfiniBand/RoCE/EFA: as in the MFU's clusters)",
            "跨实例扩展效率（InfiniBand/RoCE/EFA：与 MFU 的测量集群相同）",
            show(SCALING_FAST_NETWORK),
            SCALING_SOURCES[2],
        ),
        Network::Ordinary => Assumption::new(
            "Scaling across instances (ordinary network, not RDMA)",
            "跨实例扩展效率（普通网络，非 RDMA）",
            show(SCALING_ETHERNET),
            SCALING_SOURCES[3],
        ),
        Network::NotStated => Assumption::new(
            "Scaling across instances (network not stated: ordinary Ethernet assumed)",
            "跨实例扩展效率（未注明网络：按普通以太网）",
            show(SCALING_ETHERNET),
            SCALING_SOURCES[3],
        ),
    }
}

/// What the memory estimate assumed.
pub(crate) fn memory_assumptions(workload: &Workload) -> Vec<Assumption> {
    let mut list = Vec::new();
    match workload {
        Workload::Training { .. }
        | Workload::FineTune {
            method: FineTuneMethod::Full,
            ..
        } => list.push(Assumption::new(
            "Mixed-precision Adam: weights + gradients + optimizer states",
            "混合精度 Adam：权重 + 梯度 + 优化器状态",
            format!(
                "{} + {} + {} B/parameter",
                show(ADAM_WEIGHT_BYTES),
                show(ADAM_GRADIENT_BYTES),
                show(ADAM_STATE_BYTES)
            ),
            ZERO_2019,
        )),
        Workload::FineTune { method, .. } => {
            list.push(Assumption::new(
                "Share of parameters LoRA trains (rank ≈16 on every linear layer)",
                "LoRA 训练的参数比例（各线性层秩约 16）",
                format!("{}%", show(LORA_TRAINABLE_FRACTION * 100.0)),
                LORA_2021,
            ));
            if *method == FineTuneMethod::Qlora {
                list.push(Assumption::new(
                    "QLoRA frozen weights: 4-bit NF4 + double-quantized scales",
                    "QLoRA 冻结权重：4 位 NF4 + 双重量化的缩放系数",
                    format!("{} B/parameter", show(QLORA_WEIGHT_BYTES)),
                    QLORA_2023,
                ));
            }
        }
        Workload::Inference { .. } => {}
    }
    let shape = Shape::approximate(workload.params());
    list.push(Assumption::new(
        "Activations: one sequence per accelerator, full recomputation",
        "激活值：每卡一条序列，完全重计算",
        format!(
            "{} tokens; shape ≈ {} layers × {} wide",
            show(ACTIVATION_SEQUENCE_TOKENS),
            shape.layers,
            show(shape.d_model)
        ),
        KORTHIKANTI_2022,
    ));
    list.push(usable_memory_assumption());
    list
}

pub(crate) fn usable_memory_assumption() -> Assumption {
    Assumption::new(
        "Usable share of accelerator memory",
        "可用显存比例",
        show(USABLE_MEMORY_FRACTION),
        VLLM_ENGINE_ARGS,
    )
}

/// What the compute and speed assumed.
pub(crate) fn compute_assumptions(
    job: &Job,
    hw: &Hardware,
    precision: Precision,
    speed: Option<Speed>,
) -> Vec<Assumption> {
    let mut list = Vec::new();
    match &job.workload {
        Workload::Training { size, .. } => match size {
            TrainingSize::Tokens { .. } => list.push(Assumption::new(
                "Training compute = 6 × parameters × tokens",
                "训练计算量 = 6 × 参数量 × token 数",
                "6 FLOP/parameter/token",
                KAPLAN_2020,
            )),
            TrainingSize::Flops { .. } => {}
            TrainingSize::ReferenceHours { reference, .. } => {
                if let Some(r) = find_reference(reference) {
                    list.push(Assumption::new(
                        "Reference accelerator's dense 16-bit peak",
                        "参考加速卡的稠密 16 位峰值",
                        format!("{}: {} TFLOPS", r.key, show(r.tflops)),
                        r.source,
                    ));
                    let row = r.default_mfu();
                    list.push(Assumption::new(
                        row.why,
                        row.why_zh,
                        show(row.mfu),
                        row.source,
                    ));
                }
            }
        },
        Workload::FineTune { method, .. } => {
            let (name, name_zh, value) = match method {
                FineTuneMethod::Full => (
                    "Fine-tuning compute = 6 × parameters × tokens",
                    "微调计算量 = 6 × 参数量 × token 数",
                    "6 FLOP/parameter/token",
                ),
                _ => (
                    "Adapter fine-tuning compute: no weight gradients for frozen weights",
                    "适配器微调计算量：冻结权重不求梯度",
                    "4 FLOP/parameter/token",
                ),
            };
            let source = if *method == FineTuneMethod::Full {
                KAPLAN_2020
            } else {
                LORA_2021
            };
            list.push(Assumption::new(name, name_zh, value, source));
        }
        Workload::Inference { .. } => {}
    }
    let Some(speed) = speed else {
        return list;
    };
    list.push(peak_assumption(precision, speed));
    list.push(mfu_assumption(hw, speed));
    if speed.mfu_choice == MfuChoice::DefaultFp8 {
        list.push(Assumption::new(
            "FP8 reaches less of its peak than BF16 (share of BF16 MFU)",
            "FP8 达到的峰值比例低于 BF16（BF16 MFU 的倍数）",
            show(FP8_MFU_FACTOR),
            GPU_ATLAS_ASSUMPTION,
        ));
    }
    if hw.count().is_some_and(|n| n > 1.0) {
        list.push(intra_scaling_assumption(hw));
    }
    list
}

pub(crate) fn peak_assumption(asked: Precision, speed: Speed) -> Assumption {
    let fallback = speed.peak.precision != asked;
    let (name, name_zh) = match (fallback, asked) {
        (true, Precision::Fp8) => (
            "Peak per accelerator (FP8 rate unknown: 16-bit rate used)",
            "单卡峰值（FP8 未知：用 16 位峰值）",
        ),
        (true, _) => (
            "Peak per accelerator (the other 16-bit format's rate)",
            "单卡峰值（用另一种 16 位格式的峰值）",
        ),
        (false, _) => ("Dense peak per accelerator", "单卡稠密峰值"),
    };
    Assumption::new(
        name,
        name_zh,
        format!(
            "{} TFLOPS {}",
            show(speed.peak.tflops),
            speed.peak.precision.label()
        ),
        OFFER_DATA,
    )
}

pub(crate) fn mfu_assumption(hw: &Hardware, speed: Speed) -> Assumption {
    match speed.mfu_choice {
        MfuChoice::User => Assumption::new(
            "MFU (model FLOPs utilisation)",
            "MFU（模型算力利用率）",
            show(speed.mfu),
            USER_INPUT,
        ),
        MfuChoice::Default | MfuChoice::DefaultFp8 => {
            let row = hw.default_mfu();
            Assumption::new(row.why, row.why_zh, show(row.mfu), row.source)
        }
    }
}

/// The loss inside the instance, relative to the NVLink servers the MFU was measured on.
pub(crate) fn intra_scaling_assumption(hw: &Hardware) -> Assumption {
    match hw.inside {
        Inside::Direct { derived: false } => Assumption::new(
            "Scaling over the instance's accelerators (NVLink: as in the MFU's servers)",
            "实例内多卡扩展效率（NVLink：与 MFU 的测量服务器相同）",
            show(SCALING_DIRECT),
            SCALING_SOURCES[0],
        ),
        Inside::Direct { derived: true } => Assumption::new(
            "Scaling over the instance's accelerators (NVLink, derived: SXM modules sit on an NVLink board)",
            "实例内多卡扩展效率（NVLink，推定：SXM 模块装在 NVLink 主板上）",
            show(SCALING_DIRECT),
            NVIDIA_HGX,
        ),
        Inside::Pcie => Assumption::new(
            "Scaling over the instance's accelerators (PCIe, relative to NVLink servers)",
            "实例内多卡扩展效率（PCIe，相对 NVLink 服务器）",
            show(SCALING_PCIE),
            SCALING_SOURCES[1],
        ),
        Inside::NotStated => Assumption::new(
            "Scaling over the instance's accelerators (interconnect not stated: PCIe assumed)",
            "实例内多卡扩展效率（未注明互联：按 PCIe）",
            show(SCALING_PCIE),
            SCALING_SOURCES[1],
        ),
    }
}

/// The spot assumptions; serving loses no work between requests, so it has no checkpoints.
/// `basis` says where a source-given rate comes from; without one, the default rate is the
/// fallback and is labelled so.
pub(crate) fn spot_assumptions(
    job: &Job,
    rate: f64,
    basis: Option<&str>,
    checkpoints: bool,
) -> Vec<Assumption> {
    let (value, rate_source) = match basis {
        Some(basis) => (
            format!("{} ({basis})", crate::sources::show_small(rate)),
            spot::AWS_ADVISOR_SOURCE,
        ),
        None if rate == spot::DEFAULT_INTERRUPTIONS_PER_HOUR => (
            format!(
                "{} (fallback: no interruption figure for this offer)",
                show(rate)
            ),
            spot::DEFAULT_INTERRUPTIONS_SOURCE,
        ),
        None => (show(rate), USER_INPUT),
    };
    let timing = |minutes: f64, default: f64| {
        if minutes == default {
            spot::DEFAULT_SPOT_TIMING_SOURCE
        } else {
            USER_INPUT
        }
    };
    let mut list = vec![Assumption::new(
        "Spot interruptions per hour",
        "竞价实例每小时中断次数",
        value,
        rate_source,
    )];
    if checkpoints {
        list.push(Assumption::new(
            "Minutes between checkpoints",
            "检查点间隔（分钟）",
            show(job.checkpoint_minutes),
            timing(job.checkpoint_minutes, spot::DEFAULT_CHECKPOINT_MINUTES),
        ));
    }
    list.push(Assumption::new(
        "Minutes to restart after an interruption",
        "中断后重启耗时（分钟）",
        show(job.restart_minutes),
        timing(job.restart_minutes, spot::DEFAULT_RESTART_MINUTES),
    ));
    list
}

pub(crate) fn billing_assumptions(price: &PriceInput) -> Vec<Assumption> {
    let mut list = vec![Assumption::new(
        "Billing increment (seconds)",
        "计费粒度（秒）",
        show(f64::from(price.billing_seconds.unwrap_or(1))),
        OFFER_DATA,
    )];
    if let Some(minimum) = price.minimum_charge_seconds {
        list.push(Assumption::new(
            "Minimum charge (seconds)",
            "最低计费时长（秒）",
            show(f64::from(minimum)),
            OFFER_DATA,
        ));
    }
    list
}

/// What a serving estimate assumed.
pub(crate) fn serving_assumptions(
    quant: Quant,
    shape: &Shape,
    hw: &Hardware,
    precision: Precision,
    speed: Option<Speed>,
) -> Vec<Assumption> {
    let weights_source = match quant {
        Quant::Fp16 | Quant::Bf16 => ZERO_2019,
        Quant::Int8 => LLM_INT8_2022,
        Quant::Fp8 => FP8_FORMATS_2022,
        Quant::Int4 => AWQ_2023,
    };
    let mut list = vec![
        Assumption::new(
            "Bytes per weight",
            "每个权重的字节数",
            format!("{}: {} B", quant.label(), show(quant.bytes_per_param())),
            weights_source,
        ),
        Assumption::new(
            "KV cache = 2 × layers × KV heads × head size × 2 bytes × context × concurrency",
            "KV 缓存 = 2 × 层数 × KV 头数 × 头维度 × 2 字节 × 上下文 × 并发",
            format!(
                "{} KB per token of context",
                show(shape.kv_bytes_per_token() / 1e3)
            ),
            PAGED_ATTENTION_2023,
        ),
    ];
    if shape.derived {
        list.push(Assumption::new(
            "Model shape derived from its size (Llama-style, 8 KV heads of 128)",
            "由参数量推算模型形状（Llama 式，8 个 128 维 KV 头）",
            format!(
                "{} layers, {} KV heads × {}",
                shape.layers, shape.kv_heads, shape.head_dim
            ),
            SHAPE_SOURCES[0],
        ));
    }
    list.push(Assumption::new(
        "Share of memory bandwidth decoding reaches (MBU)",
        "解码达到的显存带宽比例（MBU）",
        show(DECODE_BANDWIDTH_EFFICIENCY),
        DECODE_BANDWIDTH_SOURCE,
    ));
    list.push(Assumption::new(
        "Compute per generated or prompt token = 2 × parameters",
        "每个生成或提示 token 的计算量 = 2 × 参数量",
        "2 FLOP/parameter/token",
        KAPLAN_2020,
    ));
    list.push(usable_memory_assumption());
    if let Some(speed) = speed {
        list.push(peak_assumption(precision, speed));
        list.push(mfu_assumption(hw, speed));
    }
    if hw.count().is_some_and(|n| n > 1.0) {
        list.push(intra_scaling_assumption(hw));
    }
    list
}
