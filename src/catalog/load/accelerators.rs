//! `accelerators.toml`: one entry per exact variant, with the sources of its specs.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::files::SourceFile;
use super::rules::{check_range, check_sources, is_plain_id, toml_message};
use crate::date::AsOf;
use crate::model::{Accelerator, FormFactor, Source, Spec, Specs, Vendor};
use crate::problem::Problem;
use crate::tensor_bound::{self, TensorFigures};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AcceleratorsFile {
    #[serde(default)]
    source: Vec<Source>,
    #[serde(default)]
    accelerator: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    vendor: Vendor,
    model: String,
    variant: String,
    form_factor: FormFactor,
    architecture: Option<String>,
    release_year: Option<u16>,
    memory_type: Option<String>,
    memory_gb: Option<f64>,
    memory_bandwidth_gbs: Option<f64>,
    fp32_tflops: Option<f64>,
    fp16_tflops: Option<f64>,
    bf16_tflops: Option<f64>,
    fp8_tflops: Option<f64>,
    int8_tops: Option<f64>,
    tdp_w: Option<f64>,
    interconnect_gbs: Option<f64>,
    sources: Vec<String>,
    #[serde(default)]
    spec_sources: BTreeMap<String, String>,
    note: Option<String>,
}

pub(super) fn load(
    file: &SourceFile,
    today: AsOf,
    problems: &mut Vec<Problem>,
) -> (Vec<Source>, Vec<Accelerator>) {
    let parsed: AcceleratorsFile = match toml::from_str(&file.text) {
        Ok(parsed) => parsed,
        Err(err) => {
            problems.push(Problem::new(&file.path, "file", "", toml_message(&err)));
            return (Vec::new(), Vec::new());
        }
    };
    check_sources(&file.path, &parsed.source, today, problems);
    let known_source = |id: &str| parsed.source.iter().any(|s| s.id == id);

    let mut accelerators: Vec<Accelerator> = Vec::new();
    for e in parsed.accelerator {
        let place = format!("accelerator {}", e.id);
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(&file.path, &place, field, message));
        };
        if !is_plain_id(&e.id) || e.id.bytes().any(|b| b.is_ascii_uppercase()) {
            report("id", "use lowercase letters, digits, . _ -".into());
        }
        if accelerators.iter().any(|a| a.id == e.id) {
            report("id", "duplicate accelerator id".into());
        }
        if e.sources.is_empty() {
            report("sources", "name at least one source".into());
        }
        for s in &e.sources {
            if !known_source(s) {
                report("sources", format!("no [[source]] with id {s:?}"));
            }
        }
        let mut spec_sources = Vec::new();
        for (key, source) in &e.spec_sources {
            match Spec::from_key(key) {
                Some(spec) => spec_sources.push((spec, source.clone())),
                None => report("spec_sources", format!("{key:?} is not a spec")),
            }
            if !known_source(source) {
                report("spec_sources", format!("no [[source]] with id {source:?}"));
            }
        }
        if let Some(year) = e.release_year {
            if !(1990..=2035).contains(&year) {
                report("release_year", format!("{year} is not plausible"));
            }
        }
        let specs = Specs {
            memory_gb: e.memory_gb,
            memory_bandwidth_gbs: e.memory_bandwidth_gbs,
            fp32_tflops: e.fp32_tflops,
            fp16_tflops: e.fp16_tflops,
            bf16_tflops: e.bf16_tflops,
            fp8_tflops: e.fp8_tflops,
            int8_tops: e.int8_tops,
            tdp_w: e.tdp_w,
            interconnect_gbs: e.interconnect_gbs,
        };
        for spec in Spec::ALL {
            check_range(spec.value(&specs), spec.sane_range(), |m| {
                report(spec.key(), m)
            });
        }
        let figures = TensorFigures {
            vendor: e.vendor,
            architecture: e.architecture.as_deref(),
            form_factor: e.form_factor,
            memory_type: e.memory_type.as_deref(),
            fp32_tflops: specs.fp32_tflops,
            fp16_tflops: specs.fp16_tflops,
            bf16_tflops: specs.bf16_tflops,
        };
        for (spec, message) in tensor_bound::check(&figures) {
            report(spec.key(), message);
        }
        accelerators.push(Accelerator {
            id: e.id,
            vendor: e.vendor,
            model: e.model,
            variant: e.variant,
            form_factor: e.form_factor,
            architecture: e.architecture,
            release_year: e.release_year,
            memory_type: e.memory_type,
            specs,
            sources: e.sources,
            spec_sources,
            note: e.note,
        });
    }
    (parsed.source, accelerators)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> AsOf {
        AsOf::parse("2026-12-20").unwrap()
    }

    fn load_text(text: &str) -> (Vec<Accelerator>, Vec<Problem>) {
        let mut problems = Vec::new();
        let file = SourceFile::new("catalog/accelerators.toml", text);
        let (_, accelerators) = load(&file, today(), &mut problems);
        (accelerators, problems)
    }

    fn rtx_3090(fp16: f64, bf16: Option<f64>) -> String {
        let bf16 = bf16
            .map(|v| format!("bf16_tflops = {v}\n"))
            .unwrap_or_default();
        format!(
            r#"
[[source]]
id = "ga102"
title = "NVIDIA Ampere GA102 GPU architecture whitepaper"
url = "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf"
kind = "vendor"

[[accelerator]]
id = "rtx-3090-24gb"
vendor = "NVIDIA"
model = "GeForce RTX 3090"
variant = "24GB"
form_factor = "consumer"
architecture = "Ampere"
fp32_tflops = 35.58
fp16_tflops = {fp16}
{bf16}sources = ["ga102"]
"#
        )
    }

    #[test]
    fn the_old_rtx_3090_figure_is_refused_with_the_rule_in_the_message() {
        let (_, problems) = load_text(&rtx_3090(142.74, None));
        assert_eq!(problems.len(), 1, "{problems:#?}");
        let p = &problems[0];
        assert_eq!(p.place, "accelerator rtx-3090-24gb");
        assert_eq!(p.field, "fp16_tflops");
        assert!(
            p.message.contains("142.74 TFLOPS is above the bound"),
            "{p}"
        );
        assert!(p.message.contains("at most 2x FP32 = 71.2 TFLOPS"), "{p}");
    }

    #[test]
    fn the_datasheet_rtx_3090_figures_pass() {
        let (accelerators, problems) = load_text(&rtx_3090(71.2, Some(71.2)));
        assert!(problems.is_empty(), "{problems:#?}");
        assert_eq!(accelerators[0].specs.bf16_tflops, Some(71.2));
    }

    /// Every accelerator the app ships passes the bound (and every other accelerator rule),
    /// and every NVIDIA accelerator with a tensor figure names its architecture and FP32 rate.
    #[test]
    fn every_shipped_accelerator_passes() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../catalog/accelerators.toml"
        );
        let text = std::fs::read_to_string(path).expect("catalog/accelerators.toml");
        let (accelerators, problems) = load_text(&text);
        assert!(problems.is_empty(), "{problems:#?}");
        assert!(accelerators.len() > 100);
        for a in &accelerators {
            let tensor = a.specs.fp16_tflops.or(a.specs.bf16_tflops);
            if a.vendor == Vendor::Nvidia && tensor.is_some() {
                assert!(
                    a.architecture.is_some() && a.specs.fp32_tflops.is_some(),
                    "{}",
                    a.id
                );
            }
        }
    }
}
