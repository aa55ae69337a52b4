//! One offer's instance as the calculator sees it, and what it can do: the peak rate a
//! precision runs at, the share of that peak a training job reaches (MFU) on this accelerator
//! generation, and how well its accelerators, and several instances, work together.
//!
//! The caller fills [`Hardware`] from the catalog. An unknown, zero, negative or non-finite
//! number is treated as unknown here, so a damaged catalog row yields "unknown", never a guess.

use catalog::fabric::Network;
use serde::{Deserialize, Serialize};

use super::job::Precision;
use super::sources::{
    Source, GPU_ATLAS_ASSUMPTION, LLAMA2_2023, LLAMA2_INTERCONNECT, LLAMA3_2024, LLAMA4_BLOG_2025,
    PALM_2022,
};

/// What one instance of an offer has. Every number is per accelerator unless noted.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Hardware {
    /// Accelerators per instance; fractional for a vGPU slice (0.5 = half of one accelerator,
    /// with half its memory, bandwidth and compute).
    pub accelerators: Option<f64>,
    /// Memory of one whole accelerator, GB.
    pub memory_per_accelerator_gb: Option<f64>,
    /// Memory bandwidth of one whole accelerator, GB/s.
    pub bandwidth_per_accelerator_gbs: Option<f64>,
    /// Dense (no sparsity) tensor rates of one accelerator, TFLOPS.
    pub bf16_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    pub release_year: Option<u16>,
    /// "Hopper", "Ampere", "Ada Lovelace", "Blackwell", "TPU v5e", "CDNA3"…
    pub architecture: Option<String>,
    /// How the instance's accelerators are joined.
    pub inside: Inside,
    /// The network between instances (`catalog::fabric::network` reads it from an offer).
    pub between: Network,
    /// The provider clusters several instances for one job.
    pub multi_node: bool,
    /// The offer does not say whether it clusters instances: a job that needs several is
    /// costed on the stated assumption that it does, never refused for the silence.
    pub multi_node_not_stated: bool,
}

/// How the accelerators inside one instance talk to each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Inside {
    /// A direct accelerator fabric: NVLink/NVSwitch, or an equivalent such as TPU ICI;
    /// `derived` when implied by the form factor rather than stated by the offer.
    Direct { derived: bool },
    /// Over the host's PCIe, as the offer states.
    Pcie,
    /// The offer does not say.
    #[default]
    NotStated,
}

/// A number that is usable as a physical quantity: finite and above zero.
pub(crate) fn positive(x: Option<f64>) -> Option<f64> {
    x.filter(|v| v.is_finite() && *v > 0.0)
}

impl Hardware {
    /// Accelerators per instance, if known.
    pub fn count(&self) -> Option<f64> {
        positive(self.accelerators)
    }

    /// Whole accelerators a model can be sharded over inside one instance (1 for a slice).
    pub(crate) fn devices(&self) -> Option<u32> {
        self.count().map(|n| (n.floor() as u32).max(1))
    }

    /// Memory one device holds, GB: a slice has its share of one accelerator's memory.
    pub(crate) fn device_memory_gb(&self) -> Option<f64> {
        let memory = positive(self.memory_per_accelerator_gb)?;
        Some(memory * self.count()?.min(1.0))
    }

    pub(crate) fn bandwidth_gbs(&self) -> Option<f64> {
        positive(self.bandwidth_per_accelerator_gbs)
    }

    /// The dense peak one accelerator reaches at a precision, and which rate that was.
    ///
    /// BF16 and FP16 tensor rates are equal on every accelerator we list, so one stands in for
    /// the other when only one is known; FP8 falls back to the 16-bit rate, which the
    /// assumptions then say.
    pub fn peak(&self, precision: Precision) -> Option<Peak> {
        let bf16 = positive(self.bf16_tflops);
        let fp16 = positive(self.fp16_tflops);
        let (first, second) = match precision {
            Precision::Bf16 => (bf16, fp16),
            Precision::Fp16 => (fp16, bf16),
            Precision::Fp8 => {
                if let Some(tflops) = positive(self.fp8_tflops) {
                    return Some(Peak {
                        tflops,
                        precision: Precision::Fp8,
                    });
                }
                (bf16, fp16)
            }
        };
        let (tflops, used) = match (first, second, precision) {
            (Some(t), _, Precision::Fp16) => (t, Precision::Fp16),
            (Some(t), _, _) => (t, Precision::Bf16),
            (None, Some(t), Precision::Fp16) => (t, Precision::Bf16),
            (None, Some(t), _) => (t, Precision::Fp16),
            (None, None, _) => return None,
        };
        Some(Peak {
            tflops,
            precision: used,
        })
    }

    /// The MFU a job reaches on this generation when the user gives none.
    pub fn default_mfu(&self) -> &'static MfuDefault {
        default_mfu_for(self.architecture.as_deref(), self.bandwidth_gbs())
    }

    /// Share of the MFU's speed kept when all of the instance's accelerators work together.
    pub fn intra_instance_efficiency(&self) -> f64 {
        self.efficiency_over(self.count().unwrap_or(1.0))
    }

    /// The same for `accelerators` of them (1 or fewer: no loss).
    ///
    /// The MFU defaults were measured on servers whose accelerators share NVLink, so a direct
    /// fabric loses nothing beyond the MFU; PCIe, stated or (the offer being silent) assumed,
    /// loses [`SCALING_PCIE`].
    pub(crate) fn efficiency_over(&self, accelerators: f64) -> f64 {
        match self.inside {
            _ if accelerators <= 1.0 => 1.0,
            Inside::Direct { .. } => SCALING_DIRECT,
            Inside::Pcie | Inside::NotStated => SCALING_PCIE,
        }
    }

    /// Share of the MFU's speed kept across `instances` instances.
    ///
    /// The MFU defaults were measured on clusters of thousands of accelerators over
    /// InfiniBand or RoCE, so such a fabric loses nothing beyond the MFU; an ordinary or
    /// unstated network loses [`SCALING_ETHERNET`].
    pub fn inter_instance_efficiency(&self, instances: u32) -> f64 {
        match self.between {
            _ if instances <= 1 => 1.0,
            Network::Fast => SCALING_FAST_NETWORK,
            Network::Ordinary | Network::NotStated => SCALING_ETHERNET,
        }
    }
}

/// The peak rate used for a precision.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Peak {
    /// Dense TFLOPS of one whole accelerator.
    pub tflops: f64,
    /// The precision whose rate this is (FP8 asked, BF16 used when FP8 is unknown).
    pub precision: Precision,
}

/// The MFU assumed for one accelerator generation, and why.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MfuDefault {
    /// Lower-case fragments of an architecture name that select this row.
    pub matches: &'static [&'static str],
    /// The row applies only to accelerators with at least this memory bandwidth (GB/s) when
    /// the bandwidth is known: it tells HBM data-centre parts from GDDR cards of the same
    /// generation.
    pub min_bandwidth_gbs: Option<f64>,
    pub mfu: f64,
    pub why: &'static str,
    pub why_zh: &'static str,
    pub source: Source,
}

/// Default MFU per generation, first match wins (so "tpu v4" precedes "tpu").
pub const MFU_DEFAULTS: &[MfuDefault] = &[
    // Llama 3 (arXiv:2407.21783, Table 4): 43% on 8k H100s, 41% on 16k, 38% with 131k-token
    // sequences. 40% sits inside that range without claiming Meta's best case.
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &["hopper", "h100", "h200", "h800", "h20"],
        mfu: 0.40,
        why: "Hopper: within Llama 3's 38–43% BF16 MFU on H100",
        why_zh: "Hopper：取 Llama 3 在 H100 上 38–43% BF16 MFU 范围内的 40%",
        source: LLAMA3_2024,
    },
    // No large published Blackwell MFU was found: assumed no better than Hopper. HBM parts
    // only: B200/B300/GB200/GB300 have 8,000 GB/s; the GDDR7 cards (RTX 5090, RTX PRO 6000)
    // 1,792 GB/s, above the Ampere HBM mark, so Blackwell has its own.
    MfuDefault {
        min_bandwidth_gbs: Some(BLACKWELL_HBM_BANDWIDTH_GBS),
        matches: &["blackwell", "b200", "b300", "gb200", "gb300"],
        mfu: 0.40,
        why: "Blackwell: no published MFU found, assumed equal to Hopper's",
        why_zh: "Blackwell：未找到公开 MFU，假定与 Hopper 相同",
        source: LLAMA3_2024,
    },
    // GDDR Blackwell cards: as GDDR Ampere and Ada, the conservative value.
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &["blackwell"],
        mfu: 0.30,
        why: "Blackwell GDDR card (RTX 50-series, RTX PRO): no large-scale MFU report, \
              conservative 30%",
        why_zh: "Blackwell GDDR 显卡（RTX 50 系列、RTX PRO）：无大规模 MFU 报告，保守取 30%",
        source: GPU_ATLAS_ASSUMPTION,
    },
    // Meta's eight published A100 runs imply 35–51% by 6·N·D at 312 TFLOPS (Llama 2 Table 2:
    // 7B 39%, 13B 38%, 34B 35%, 70B 43%; LLaMA Table 15: 7B 43%, 13B 51%, 33B 46%, 65B 48%),
    // on 2,048-GPU InfiniBand/RoCE clusters; 43% is their median. MegaScale
    // (arXiv:2402.15627) reached 55.2% on 12,288 Ampere GPUs with heavy tuning, a ceiling.
    // HBM parts only (A100/A800, ≥1,500 GB/s).
    MfuDefault {
        min_bandwidth_gbs: Some(HBM_BANDWIDTH_GBS),
        matches: &["ampere", "a100", "a800"],
        mfu: 0.43,
        why: "Ampere: 43%, the median of Meta's eight A100 runs (LLaMA 1 and 2: 35–51%)",
        why_zh: "Ampere：43%，Meta 八次 A100 训练（LLaMA 1 与 2：35–51%）的中位数",
        source: LLAMA2_2023,
    },
    // GDDR Ampere cards (A10, A40, RTX 30-series, RTX A-series): no large-scale training
    // report was found, so the conservative value.
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &["ampere"],
        mfu: 0.30,
        why: "Ampere GDDR card (A10, RTX 30-series): no large-scale MFU report, conservative 30%",
        why_zh: "Ampere GDDR 显卡（A10、RTX 30 系列）：无大规模 MFU 报告，保守取 30%",
        source: GPU_ATLAS_ASSUMPTION,
    },
    // PaLM 540B on 6,144 TPU v4 chips: 46.2% MFU.
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &["tpu v4", "tpuv4", "tpu-v4"],
        mfu: 0.46,
        why: "TPU v4: PaLM's 46.2% MFU",
        why_zh: "TPU v4：PaLM 报告的 46.2% MFU",
        source: PALM_2022,
    },
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &["tpu"],
        mfu: 0.40,
        why: "TPU (not v4): no published MFU found, assumed below PaLM's 46.2% on v4",
        why_zh: "TPU（非 v4）：未找到公开 MFU，假定低于 PaLM 在 v4 上的 46.2%",
        source: PALM_2022,
    },
    // Consumer and workstation Ada cards, older NVIDIA generations, AMD CDNA and Intel Gaudi:
    // no comparable large-scale report was found, so a conservative 30%.
    MfuDefault {
        min_bandwidth_gbs: None,
        matches: &[
            "ada", "volta", "turing", "pascal", "cdna", "mi300", "mi250", "gaudi",
        ],
        mfu: 0.30,
        why: "no large-scale MFU report for this generation: conservative 30%",
        why_zh: "此代加速卡无大规模 MFU 报告：保守取 30%",
        source: GPU_ATLAS_ASSUMPTION,
    },
];

/// MFU when the generation is unknown or not in [`MFU_DEFAULTS`]: the conservative row.
pub const MFU_FALLBACK: MfuDefault = MfuDefault {
    min_bandwidth_gbs: None,
    matches: &[],
    mfu: 0.30,
    why: "generation unknown: conservative 30%",
    why_zh: "加速卡代次未知：保守取 30%",
    source: GPU_ATLAS_ASSUMPTION,
};

/// Memory bandwidth that marks an HBM data-centre accelerator: the slowest A100 (PCIe 40GB)
/// has 1,555 GB/s, the fastest GDDR6X Ampere card (RTX 3090 Ti) 1,008 GB/s (catalog specs).
pub const HBM_BANDWIDTH_GBS: f64 = 1_200.0;

/// The same mark for Blackwell, whose GDDR7 cards reach 1,792 GB/s and HBM parts 8,000.
pub const BLACKWELL_HBM_BANDWIDTH_GBS: f64 = 4_000.0;

/// The default MFU row for an architecture name and, if known, memory bandwidth (GB/s).
pub fn default_mfu_for(
    architecture: Option<&str>,
    bandwidth_gbs: Option<f64>,
) -> &'static MfuDefault {
    let Some(name) = architecture else {
        return &MFU_FALLBACK;
    };
    // The table's words are lowercase ASCII, and so nearly every architecture's name is but
    // for its case: compared in place, without lowercasing a copy and building a substring
    // searcher for each word, which was 5 % of a job link's first answer (every offer asks).
    let lowered = (!name.is_ascii()).then(|| name.to_lowercase());
    let has = |word: &str| match &lowered {
        Some(lower) => lower.contains(word),
        None => contains_ignoring_ascii_case(name, word),
    };
    let fast_enough = |row: &MfuDefault| match (row.min_bandwidth_gbs, positive(bandwidth_gbs)) {
        (Some(min), Some(bandwidth)) => bandwidth >= min,
        _ => true,
    };
    MFU_DEFAULTS
        .iter()
        .find(|row| row.matches.iter().any(|m| has(m)) && fast_enough(row))
        .unwrap_or(&MFU_FALLBACK)
}

/// Whether `text` holds `word` (lowercase ASCII), whatever the case of its ASCII letters.
fn contains_ignoring_ascii_case(text: &str, word: &str) -> bool {
    let (text, word) = (text.as_bytes(), word.as_bytes());
    word.is_empty()
        || text
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word))
}

/// MFU reached against the FP8 peak, as a share of the generation's BF16 MFU. FP8 speeds up
/// the matrix multiplies only; the rest of a step does not get faster, so the FP8 peak is
/// reached less fully. Llama 4 Behemoth's FP8 run reached 390 TFLOPs per GPU, about 20% of an
/// H100's 1,979 FP8 peak (an MoE model); 0.7 of BF16 MFU (≈1.4× BF16 speed) is this project's
/// assumption for dense models.
pub const FP8_MFU_FACTOR: f64 = 0.7;
/// Source of [`FP8_MFU_FACTOR`]'s lower bound.
pub const FP8_MFU_SOURCE: Source = LLAMA4_BLOG_2025;

// Scaling is counted relative to the conditions the MFU defaults were measured in (Llama 1, 2
// and 3 and PaLM: eight accelerators per server on NVLink or ICI, thousands of servers on
// InfiniBand or RoCE). Counting a cross-server loss on top of a cluster-wide MFU counted it
// twice: Llama 2 70B came out at 1.9× its reported GPU-hours.

/// Accelerators joined by NVLink/NVSwitch (or TPU ICI) inside one instance: the reference
/// runs' own servers, so no loss beyond the MFU.
pub const SCALING_DIRECT: f64 = 1.0;
/// Accelerators that talk over PCIe only, relative to NVLink servers: gradients and shards
/// cross the host bus. This project's assumption; no published like-for-like figure found.
pub const SCALING_PCIE: f64 = 0.85;
/// Instances joined by InfiniBand, RoCE or EFA: the reference runs' own fabric. Llama 2
/// reports RoCE scaled almost as well as InfiniBand up to 2,000 GPUs.
pub const SCALING_FAST_NETWORK: f64 = 1.0;
/// Instances over an ordinary (or unstated) network, relative to an RDMA fabric. This
/// project's assumption; no published like-for-like figure found.
pub const SCALING_ETHERNET: f64 = 0.67;
/// Sources of the scaling assumptions, in the order of the constants above.
pub const SCALING_SOURCES: [Source; 4] = [
    LLAMA3_2024,
    GPU_ATLAS_ASSUMPTION,
    LLAMA2_INTERCONNECT,
    GPU_ATLAS_ASSUMPTION,
];

/// The most instances one job may span; a job that needs more "does not fit", and a deadline
/// that needs more is unreachable. Twice the 2,048 eight-GPU servers of the Llama 3 405B run.
pub const MAX_INSTANCES: u32 = 4_096;

/// The most accelerators one deadline may call on: [`MAX_INSTANCES`] eight-GPU servers. A
/// 72-GPU rack (NVL72, UltraServer) counted by instances would reach 295k GPUs, a cluster no
/// one rents; the deadline search caps the instances of such offers by their accelerators.
pub const MAX_ACCELERATORS: u32 = MAX_INSTANCES * 8;

/// The most instances of an offer with `per_instance` accelerators a deadline may use.
pub fn max_instances_for(per_instance: f64) -> u32 {
    if per_instance.is_finite() && per_instance > 8.0 {
        ((f64::from(MAX_ACCELERATORS) / per_instance).floor() as u32).clamp(1, MAX_INSTANCES)
    } else {
        MAX_INSTANCES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h100() -> Hardware {
        Hardware {
            accelerators: Some(8.0),
            memory_per_accelerator_gb: Some(80.0),
            bandwidth_per_accelerator_gbs: Some(3350.0),
            bf16_tflops: Some(989.0),
            fp16_tflops: Some(989.0),
            fp8_tflops: Some(1979.0),
            architecture: Some("Hopper".into()),
            inside: Inside::Direct { derived: false },
            ..Hardware::default()
        }
    }

    #[test]
    fn fp8_uses_the_fp8_rate_and_falls_back_to_bf16() {
        assert_eq!(h100().peak(Precision::Fp8).unwrap().tflops, 1979.0);
        let a100 = Hardware {
            bf16_tflops: Some(312.0),
            ..Hardware::default()
        };
        let peak = a100.peak(Precision::Fp8).unwrap();
        assert_eq!((peak.tflops, peak.precision), (312.0, Precision::Bf16));
    }

    #[test]
    fn bf16_falls_back_to_fp16_and_back() {
        let t4 = Hardware {
            fp16_tflops: Some(65.0),
            ..Hardware::default()
        };
        let peak = t4.peak(Precision::Bf16).unwrap();
        assert_eq!((peak.tflops, peak.precision), (65.0, Precision::Fp16));
        let tpu = Hardware {
            bf16_tflops: Some(197.0),
            ..Hardware::default()
        };
        let peak = tpu.peak(Precision::Fp16).unwrap();
        assert_eq!((peak.tflops, peak.precision), (197.0, Precision::Bf16));
        assert_eq!(Hardware::default().peak(Precision::Bf16), None);
    }

    #[test]
    fn damaged_numbers_count_as_unknown() {
        let broken = Hardware {
            accelerators: Some(f64::NAN),
            memory_per_accelerator_gb: Some(-80.0),
            bf16_tflops: Some(f64::INFINITY),
            ..Hardware::default()
        };
        assert_eq!(broken.count(), None);
        assert_eq!(broken.device_memory_gb(), None);
        assert_eq!(broken.peak(Precision::Bf16), None);
    }

    #[test]
    fn a_slice_has_its_share_of_memory() {
        let quarter_t4 = Hardware {
            accelerators: Some(0.25),
            memory_per_accelerator_gb: Some(16.0),
            ..Hardware::default()
        };
        assert_eq!(quarter_t4.device_memory_gb(), Some(4.0));
        assert_eq!(quarter_t4.devices(), Some(1));
        assert_eq!(quarter_t4.intra_instance_efficiency(), 1.0);
    }

    #[test]
    fn a_name_is_matched_whatever_its_case_as_lowercasing_it_would() {
        // The plain reading: lowercase the name, then look for each word.
        let plain = |name: &str, bandwidth: Option<f64>| {
            let name = name.to_lowercase();
            MFU_DEFAULTS
                .iter()
                .find(|row| {
                    row.matches.iter().any(|m| name.contains(m))
                        && match (row.min_bandwidth_gbs, positive(bandwidth)) {
                            (Some(min), Some(b)) => b >= min,
                            _ => true,
                        }
                })
                .unwrap_or(&MFU_FALLBACK)
        };
        let names = [
            "Hopper",
            "HOPPER (GH100)",
            "hopper",
            "Blackwell",
            "Blackwell Ultra",
            "Ampere (GA100)",
            "ampere",
            "Ada Lovelace",
            "Volta",
            "Turing",
            "Pascal",
            "CDNA 3",
            "CDNA3 (MI300X)",
            "Gaudi 2",
            "TPU v4",
            "TPU V5e",
            "tpu-v4",
            "TPUv4",
            "Trillium (TPU v6e)",
            "Grace Hopper",
            "İntel Gaudi",
            "Ａｍｐｅｒｅ",
            "Hopper\u{307}",
            "",
            "h20",
            "H200",
            "unknown",
        ];
        for name in names {
            for bandwidth in [None, Some(1_000.0), Some(2_039.0), Some(8_000.0)] {
                let (got, want) = (
                    default_mfu_for(Some(name), bandwidth),
                    plain(name, bandwidth),
                );
                assert_eq!(
                    (got.mfu, got.why),
                    (want.mfu, want.why),
                    "{name:?} at {bandwidth:?}"
                );
            }
        }
    }

    #[test]
    fn mfu_defaults_follow_the_generation() {
        assert_eq!(default_mfu_for(Some("Hopper"), None).mfu, 0.40);
        assert_eq!(
            default_mfu_for(Some("Ampere (GA100)"), Some(2039.0)).mfu,
            0.43
        );
        assert_eq!(default_mfu_for(Some("Ampere"), None).mfu, 0.43);
        assert_eq!(default_mfu_for(Some("TPU v4"), None).mfu, 0.46);
        assert_eq!(default_mfu_for(Some("TPU v5e"), None).mfu, 0.40);
        assert_eq!(default_mfu_for(Some("Ada Lovelace"), None).mfu, 0.30);
        assert_eq!(default_mfu_for(Some("Blackwell"), Some(8_000.0)).mfu, 0.40);
        assert_eq!(default_mfu_for(Some("Blackwell"), Some(1_792.0)).mfu, 0.30);
        assert_eq!(default_mfu_for(Some("CDNA3"), None).mfu, 0.30);
        assert_eq!(default_mfu_for(Some("something new"), None).mfu, 0.30);
        assert_eq!(default_mfu_for(None, Some(3350.0)).mfu, 0.30);
    }

    #[test]
    fn gddr_ampere_cards_get_the_conservative_mfu() {
        let rtx3090 = default_mfu_for(Some("Ampere (GA102)"), Some(935.8));
        assert_eq!(rtx3090.mfu, 0.30);
        assert!(rtx3090.why.contains("GDDR"));
        assert_eq!(default_mfu_for(Some("Ampere"), Some(1555.0)).mfu, 0.43);
    }

    #[test]
    fn scaling_loses_only_where_links_are_worse_than_the_reference_runs() {
        let mut hw = h100();
        assert_eq!(hw.intra_instance_efficiency(), SCALING_DIRECT);
        hw.inside = Inside::Direct { derived: true };
        assert_eq!(hw.intra_instance_efficiency(), SCALING_DIRECT);
        hw.inside = Inside::Pcie;
        assert_eq!(hw.intra_instance_efficiency(), SCALING_PCIE);
        hw.inside = Inside::NotStated;
        assert_eq!(hw.intra_instance_efficiency(), SCALING_PCIE);
        assert_eq!(hw.inter_instance_efficiency(1), 1.0);
        assert_eq!(hw.inter_instance_efficiency(2), SCALING_ETHERNET);
        hw.between = Network::Ordinary;
        assert_eq!(hw.inter_instance_efficiency(2), SCALING_ETHERNET);
        hw.between = Network::Fast;
        assert_eq!(hw.inter_instance_efficiency(2), SCALING_FAST_NETWORK);
        const { assert!(SCALING_PCIE < SCALING_DIRECT && SCALING_ETHERNET < SCALING_FAST_NETWORK) };
    }
}

#[cfg(test)]
mod deadline_cap_tests {
    use super::*;

    #[test]
    fn a_rack_of_72_is_capped_by_accelerators_not_instances() {
        // 4,096 eight-GPU servers: 32,768 accelerators, whatever the instance size.
        assert_eq!(max_instances_for(8.0), MAX_INSTANCES);
        assert_eq!(max_instances_for(1.0), MAX_INSTANCES);
        assert_eq!(max_instances_for(72.0), 455);
        assert!(f64::from(max_instances_for(72.0)) * 72.0 <= f64::from(MAX_ACCELERATORS));
        assert_eq!(max_instances_for(f64::NAN), MAX_INSTANCES);
        assert_eq!(max_instances_for(1e9), 1);
    }
}
