//! `accelerators.toml`: one entry per exact variant, with the sources of its specs.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::files::SourceFile;
use super::rules::{check_range, check_sources, is_plain_id, toml_message};
use crate::date::AsOf;
use crate::model::{Accelerator, FormFactor, Source, Spec, Specs, Vendor};
use crate::problem::Problem;

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
