//! The bound on an accelerator's dense FP16/BF16 tensor figures: the catalog's `fp16_tflops`
//! and `bf16_tflops` are dense, with FP32 accumulate (what training runs), and cannot exceed
//! what the architecture's streaming multiprocessor does per clock.
//!
//! A datasheet often prints a bigger number for the same card: the figure with 2:4 sparsity
//! (twice the dense one), or, on GeForce cards, the one with FP16 accumulate (GeForce runs FP32
//! accumulate at half that rate). Either doubles the card's speed in the calculator; the LoRA-7B
//! preset once answered with an RTX 3090 at 142.7 TFLOPS, its FP16-accumulate figure (71.2 with
//! FP32 accumulate). Both the tensor rate and the FP32 (non-tensor) rate are the chip's SM count
//! × clock × work per SM per clock, so their ratio is fixed by the architecture and the market
//! the card is sold in: the bound below is that ratio, with [`TOLERANCE`] for rounding.
//!
//! The rule covers NVIDIA's architectures, whose per-SM rates NVIDIA's whitepapers state. A
//! GeForce entry (form factor `consumer`, where the FP16-accumulate figure is the trap) with a
//! tensor figure must name its architecture and state its FP32 rate, so its bound is always
//! checked; other NVIDIA entries are checked whenever they do (every shipped one does: the
//! loader's test of the shipped catalog asserts it). Other vendors' entries are not bounded yet.

use crate::model::{FormFactor, Spec, Vendor};

/// Where a card is sold, which decides its FP32-accumulate rate on NVIDIA's graphics chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment {
    /// A GeForce card (form factor `consumer`): FP32 accumulate at half the FP16-accumulate rate.
    GeForce,
    /// A workstation or data-centre card with GDDR memory (RTX A-series, RTX Ada, RTX PRO,
    /// A10, A40, L4, L40S): the same graphics chip, FP32 accumulate at full rate.
    Gddr,
    /// A data-centre chip with HBM (V100, A100, H100, B200): the compute-only die.
    Hbm,
}

impl Segment {
    pub fn label(self) -> &'static str {
        match self {
            Segment::GeForce => "GeForce (consumer) card",
            Segment::Gddr => "workstation/data-centre GDDR card",
            Segment::Hbm => "HBM data-centre chip",
        }
    }

    /// The segment a catalog entry belongs to; `None` when neither its form factor nor its
    /// memory type says (the architecture's loosest bound then applies).
    pub fn of(form_factor: FormFactor, memory_type: Option<&str>) -> Option<Segment> {
        if form_factor == FormFactor::Consumer {
            return Some(Segment::GeForce);
        }
        let memory = memory_type?.to_ascii_uppercase();
        if memory.starts_with("GDDR") {
            Some(Segment::Gddr)
        } else if memory.starts_with("HBM") {
            Some(Segment::Hbm)
        } else {
            None
        }
    }
}

/// One architecture and segment: dense FP16/BF16 tensor TFLOPS at FP32 accumulate is at most
/// `max_per_fp32` × the FP32 (non-tensor) TFLOPS.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TensorBound {
    /// As the catalog spells it in `architecture` (compared without regard to case).
    pub architecture: &'static str,
    pub segment: Segment,
    pub max_per_fp32: f64,
    /// Why, with the vendor figures it rests on.
    pub why: &'static str,
}

/// Rounding room: datasheets print three or four significant figures (RTX 2070: 29.9 tensor
/// against 7.465 FP32 is 4.005×). A sparse or FP16-accumulate figure is 2× the dense one.
pub const TOLERANCE: f64 = 0.05;

/// NVIDIA architectures without tensor cores: any `fp16_tflops`/`bf16_tflops` is refused.
pub const NO_TENSOR_CORES: &[&str] = &["Kepler", "Maxwell", "Pascal"];

/// The bounds, per architecture and segment. Ratios are per SM per clock, so they hold for every
/// chip of the architecture; the figures in `why` are the vendor's (catalog/accelerators.toml
/// cites each document).
pub const TENSOR_BOUNDS: &[TensorBound] = &[
    TensorBound {
        architecture: "Volta",
        segment: Segment::Hbm,
        max_per_fp32: 8.0,
        why: "8 tensor cores x 64 FP16 FMA per SM per clock against 64 FP32 FMA \
              (V100 SXM2: 125 tensor, 15.7 FP32; NVIDIA V100 datasheet)",
    },
    TensorBound {
        architecture: "Turing",
        segment: Segment::GeForce,
        max_per_fp32: 4.0,
        why: "GeForce Turing runs FP32 accumulate at half its FP16-accumulate rate \
              (RTX 2080 Ti: 53.8 with FP32 accumulate, 107.6 with FP16, 13.4 FP32; \
              NVIDIA Turing Architecture In-Depth, Table 1)",
    },
    TensorBound {
        architecture: "Turing",
        segment: Segment::Gddr,
        max_per_fp32: 8.0,
        why: "Quadro and Tesla Turing run FP32 accumulate at full rate \
              (Quadro RTX 6000: 130.5 tensor, 16.3 FP32; T4: 65, 8.1)",
    },
    TensorBound {
        architecture: "Ampere",
        segment: Segment::GeForce,
        max_per_fp32: 2.0,
        why: "GeForce GA10x runs FP32 accumulate at half its FP16-accumulate rate \
              (RTX 3090: 71 with FP32 accumulate, 142 with FP16, 35.6 FP32; \
              NVIDIA GA102 whitepaper)",
    },
    TensorBound {
        architecture: "Ampere",
        segment: Segment::Gddr,
        max_per_fp32: 4.0,
        why: "professional GA10x runs FP32 accumulate at full rate \
              (RTX A6000: 154.8 BF16 with FP32 accumulate, 38.7 FP32, GA102 whitepaper; \
              A40: 149.7, 37.4, A40 datasheet)",
    },
    TensorBound {
        architecture: "Ampere",
        segment: Segment::Hbm,
        max_per_fp32: 16.0,
        why: "the GA100 SM does 1,024 dense FP16 FMA per clock against 64 FP32 FMA \
              (A100: 312 BF16, 19.5 FP32; NVIDIA A100 datasheet)",
    },
    TensorBound {
        architecture: "Ada Lovelace",
        segment: Segment::GeForce,
        max_per_fp32: 2.0,
        why: "GeForce Ada runs FP32 accumulate at half its FP16-accumulate rate \
              (RTX 4090: 165.2 with FP32 accumulate, 330.3 with FP16, 82.6 FP32; \
              NVIDIA Ada whitepaper)",
    },
    TensorBound {
        architecture: "Ada Lovelace",
        segment: Segment::Gddr,
        max_per_fp32: 4.0,
        why: "professional and data-centre Ada run FP32 accumulate at up to full rate \
              (RTX 6000 Ada: 364.2, 91.1 FP32, RTX PRO Blackwell whitepaper; \
              L40S: 362.05, 91.6; the L40 runs at half: 181.05, 90.5)",
    },
    TensorBound {
        architecture: "Hopper",
        segment: Segment::Hbm,
        max_per_fp32: 16.0,
        why: "the GH100 SM does 4,096 dense FP16 FLOPs per clock against 256 FP32 FLOPs \
              (H100 SXM5: 989.4 BF16, 67 FP32 at a higher clock; NVIDIA H100 whitepaper)",
    },
    TensorBound {
        architecture: "Blackwell",
        segment: Segment::GeForce,
        max_per_fp32: 2.0,
        why: "GeForce Blackwell runs FP32 accumulate at half its FP16-accumulate rate \
              (RTX 5090: 209.5 with FP32 accumulate, 419 with FP16, 104.8 FP32; \
              NVIDIA RTX Blackwell whitepaper)",
    },
    TensorBound {
        architecture: "Blackwell",
        segment: Segment::Gddr,
        max_per_fp32: 4.0,
        why: "RTX PRO Blackwell runs FP32 accumulate at full rate \
              (RTX PRO 6000 Workstation: 503.8, 125 FP32; RTX PRO Blackwell whitepaper)",
    },
    TensorBound {
        architecture: "Blackwell",
        segment: Segment::Hbm,
        max_per_fp32: 32.0,
        why: "the data-centre Blackwell die does about 32 dense FP16 FLOPs per FP32 FLOP \
              (GB200: 2,500 BF16 on 80 FP32, 31x; B200: 2,250 on 75 to 80 FP32; NVIDIA's \
              Blackwell datasheet as ml-engineering quotes it)",
    },
    TensorBound {
        architecture: "Blackwell Ultra",
        segment: Segment::Hbm,
        max_per_fp32: 32.0,
        why: "as data-centre Blackwell (B300: 2,250 BF16, 80 FP32)",
    },
];

/// The bound for an architecture and segment: the segment's row, else (segment unknown, or
/// none listed for it) the architecture's loosest row. `None` when the architecture is not
/// listed.
pub fn bound_for(architecture: &str, segment: Option<Segment>) -> Option<&'static TensorBound> {
    let rows = || {
        TENSOR_BOUNDS
            .iter()
            .filter(move |b| b.architecture.eq_ignore_ascii_case(architecture))
    };
    segment
        .and_then(|s| rows().find(|b| b.segment == s))
        .or_else(|| rows().max_by(|a, b| a.max_per_fp32.total_cmp(&b.max_per_fp32)))
}

/// What the bound looks at in one catalog entry.
#[derive(Debug, Clone, Copy)]
pub struct TensorFigures<'a> {
    pub vendor: Vendor,
    pub architecture: Option<&'a str>,
    pub form_factor: FormFactor,
    pub memory_type: Option<&'a str>,
    pub fp32_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub bf16_tflops: Option<f64>,
}

/// The entry's problems with the bound, each with the spec it is about; empty when it passes.
pub fn check(e: &TensorFigures) -> Vec<(Spec, String)> {
    let tensor = [
        (Spec::Fp16Tflops, e.fp16_tflops),
        (Spec::Bf16Tflops, e.bf16_tflops),
    ];
    let stated: Vec<(Spec, f64)> = tensor
        .iter()
        .filter_map(|&(spec, v)| v.map(|v| (spec, v)))
        .collect();
    if stated.is_empty() || e.vendor != Vendor::Nvidia {
        return Vec::new();
    }
    let names = || {
        let mut known: Vec<&str> = TENSOR_BOUNDS.iter().map(|b| b.architecture).collect();
        known.dedup();
        known.join(", ")
    };
    let geforce = e.form_factor == FormFactor::Consumer;
    let Some(architecture) = e.architecture else {
        if !geforce {
            return Vec::new();
        }
        return vec![(
            Spec::Fp16Tflops,
            format!(
                "a GeForce tensor figure needs the architecture ({}), so that the bound on \
                 dense FP16/BF16 per FP32 can be checked",
                names()
            ),
        )];
    };
    if NO_TENSOR_CORES
        .iter()
        .any(|a| a.eq_ignore_ascii_case(architecture))
    {
        return stated
            .iter()
            .map(|&(spec, _)| {
                (
                    spec,
                    format!(
                        "{architecture} has no tensor cores, and this field is the dense \
                         tensor rate; leave it out"
                    ),
                )
            })
            .collect();
    }
    let segment = Segment::of(e.form_factor, e.memory_type);
    let Some(bound) = bound_for(architecture, segment) else {
        return vec![(
            Spec::Fp16Tflops,
            format!(
                "no tensor bound for the NVIDIA architecture {architecture:?} (known: {}); \
                 add its row to catalog tensor_bound::TENSOR_BOUNDS",
                names()
            ),
        )];
    };
    let Some(fp32) = e.fp32_tflops.filter(|v| v.is_finite() && *v > 0.0) else {
        if !geforce {
            return Vec::new();
        }
        return vec![(
            Spec::Fp32Tflops,
            "state fp32_tflops from the same datasheet: the bound on the dense FP16/BF16 \
             tensor figure is a multiple of it"
                .into(),
        )];
    };
    let limit = bound.max_per_fp32 * fp32;
    stated
        .iter()
        .filter(|&&(_, value)| value > limit * (1.0 + TOLERANCE))
        .map(|&(spec, value)| {
            (
                spec,
                format!(
                    "{value} TFLOPS is above the bound for {architecture} on a {}: dense \
                     FP16/BF16 tensor with FP32 accumulate is at most {}x FP32 = {limit:.1} \
                     TFLOPS (+{:.0}% for rounding) there: {}. A figure this high is usually \
                     the sparse or the FP16-accumulate one: put it in the note",
                    bound.segment.label(),
                    bound.max_per_fp32,
                    TOLERANCE * 100.0,
                    bound.why,
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rtx_3090(fp16: f64) -> TensorFigures<'static> {
        TensorFigures {
            vendor: Vendor::Nvidia,
            architecture: Some("Ampere"),
            form_factor: FormFactor::Consumer,
            memory_type: Some("GDDR6X"),
            fp32_tflops: Some(35.58),
            fp16_tflops: Some(fp16),
            bf16_tflops: None,
        }
    }

    #[test]
    fn the_old_rtx_3090_figure_is_refused_and_the_datasheet_one_passes() {
        let problems = check(&rtx_3090(142.74));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].0, Spec::Fp16Tflops);
        let message = &problems[0].1;
        assert!(message.contains("at most 2x FP32"), "{message}");
        assert!(message.contains("GeForce"), "{message}");
        assert!(
            message.contains("sparse or the FP16-accumulate"),
            "{message}"
        );
        assert!(check(&rtx_3090(71.2)).is_empty());
        let both = TensorFigures {
            bf16_tflops: Some(71.2),
            ..rtx_3090(71.2)
        };
        assert!(check(&both).is_empty());
    }

    #[test]
    fn the_same_chip_sold_as_a_workstation_card_may_run_twice_as_fast() {
        // RTX A6000: 154.8 dense BF16 with FP32 accumulate on 38.71 FP32 (4x), refused as GeForce.
        let a6000 = TensorFigures {
            form_factor: FormFactor::Pcie,
            memory_type: Some("GDDR6"),
            fp32_tflops: Some(38.71),
            fp16_tflops: Some(154.8),
            bf16_tflops: Some(154.8),
            ..rtx_3090(0.0)
        };
        assert!(check(&a6000).is_empty());
        let as_geforce = TensorFigures {
            form_factor: FormFactor::Consumer,
            ..a6000
        };
        assert_eq!(check(&as_geforce).len(), 2);
        // Its sparse figure is refused too.
        let sparse = TensorFigures {
            bf16_tflops: Some(309.7),
            ..a6000
        };
        assert_eq!(check(&sparse).len(), 1);
    }

    #[test]
    fn hbm_chips_have_their_own_ratio_and_an_unknown_segment_takes_the_loosest() {
        let a100 = TensorFigures {
            form_factor: FormFactor::Sxm,
            memory_type: Some("HBM2e"),
            fp32_tflops: Some(19.5),
            fp16_tflops: Some(312.0),
            bf16_tflops: Some(312.0),
            ..rtx_3090(0.0)
        };
        assert!(check(&a100).is_empty());
        assert_eq!(
            check(&TensorFigures {
                bf16_tflops: Some(624.0),
                ..a100
            })
            .len(),
            1
        );
        let unknown = TensorFigures {
            form_factor: FormFactor::Unspecified,
            memory_type: None,
            ..a100
        };
        assert!(check(&unknown).is_empty());
        assert_eq!(
            bound_for("ampere", None).map(|b| b.max_per_fp32),
            Some(16.0)
        );
    }

    #[test]
    fn the_bound_cannot_be_skipped() {
        let no_architecture = TensorFigures {
            architecture: None,
            ..rtx_3090(142.74)
        };
        assert_eq!(check(&no_architecture).len(), 1);
        let no_fp32 = TensorFigures {
            fp32_tflops: None,
            ..rtx_3090(142.74)
        };
        assert_eq!(check(&no_fp32)[0].0, Spec::Fp32Tflops);
        // A data-centre entry that names neither is checked only once it does (the loader's
        // fixtures carry such rows; every shipped entry names both).
        let sxm = TensorFigures {
            architecture: None,
            form_factor: FormFactor::Sxm,
            fp32_tflops: None,
            ..rtx_3090(989.0)
        };
        assert!(check(&sxm).is_empty());
        assert!(check(&TensorFigures {
            architecture: Some("Hopper"),
            ..sxm
        })
        .is_empty());
        let unknown_architecture = TensorFigures {
            architecture: Some("Rubin"),
            ..rtx_3090(71.2)
        };
        assert_eq!(check(&unknown_architecture).len(), 1);
        let pascal = TensorFigures {
            architecture: Some("Pascal"),
            ..rtx_3090(21.2)
        };
        assert!(check(&pascal)[0].1.contains("no tensor cores"));
        // Other vendors are not bounded (no per-CU ratios verified yet).
        let amd = TensorFigures {
            vendor: Vendor::Amd,
            architecture: None,
            ..rtx_3090(1300.0)
        };
        assert!(check(&amd).is_empty());
    }
}
