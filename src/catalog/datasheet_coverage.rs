//! Every accelerator that has an offer names its architecture and its dense FP16/BF16 tensor
//! rate with FP32 accumulate (`fp16_tflops` or `bf16_tflops`), from the vendor's document
//! (docs/data.md, "Datasheet review (2026-12)"). The exceptions are listed below, each with
//! its reason; an entry leaves the list when its figure is sourced (the test says so).
//!
//! Test only: it reads the shipped catalog (`catalog/`), with the `load` feature the crate's
//! self dev-dependency turns on.

use std::collections::BTreeSet;
use std::path::Path;

use crate::load::{load, CatalogFiles};
use crate::model::{Accelerator, Catalog};
use crate::tensor_bound::NO_TENSOR_CORES;
use crate::AsOf;

/// Accelerators with an offer that may lack the dense figure (or, for the first three, the
/// architecture too), and why. Not a place for a figure nobody looked for: each was searched
/// for in the vendor's documents (docs/data.md says where) and is either not one product or
/// not sourced.
const UNKNOWN_ALLOWED: &[(&str, &str)] = &[
    // The id does not fix the product, and its variants' figures differ (rule: unknown unless
    // every real variant has the same figure).
    (
        "rtx-4000-unspecified",
        "generation not stated: Quadro RTX 4000 (Turing, 57 dense) or RTX 4000 Ada",
    ),
    (
        "rtx-5000-unspecified",
        "generation not stated: Quadro RTX 5000 (Turing, 89.2) or RTX 5000 Ada",
    ),
    (
        "rtx-6000-unspecified",
        "generation not stated: Quadro RTX 6000 (Turing, 130.5) or RTX 6000 Ada (364.2)",
    ),
    (
        "h100-80gb",
        "form factor not stated: H100 SXM5 989.4 vs H100 PCIe 756 dense BF16",
    ),
    (
        "h100-unspecified",
        "variant not stated: SXM5 989.4, PCIe 756, NVL 835.5 dense BF16",
    ),
    (
        "h800-80gb",
        "form factor not stated: H800 SXM 989 vs H800 PCIe 756 dense BF16",
    ),
    (
        "v100-16gb",
        "form factor not stated: V100 SXM2 125 vs PCIe 112 tensor TFLOPS (V100 datasheet)",
    ),
    (
        "v100-32gb",
        "form factor not stated: V100 SXM2 125 vs PCIe 112 tensor TFLOPS (V100 datasheet)",
    ),
    (
        "v100-unspecified",
        "memory and form factor not stated: SXM2 125 vs PCIe 112 tensor TFLOPS",
    ),
    (
        "rtx-a2000-unspecified",
        "memory not stated (6 or 12 GB), and no copy of NVIDIA's RTX A2000 datasheet read: \
         its 63.9 'Tensor performance' is quoted only by third parties, without the footnote \
         saying whether it is the sparse figure",
    ),
    (
        "rtx-3050-8gb",
        "three desktop 8 GB versions with different FP32 rates (8.09 or 9.01 TFLOPS)",
    ),
    (
        "rtx-4000-ada-20gb",
        "full-size (26.7 FP32) and SFF (19.2 FP32) cards share the name; sellers rarely say",
    ),
    (
        "rtx-pro-6000-96gb",
        "Server or Workstation Edition not stated; NVIDIA gives dense BF16 (503.8) only for \
         the Workstation Edition, and the editions' FP32 differ (120 vs 125)",
    ),
    // One product, but no vendor document with the figure was found in the stored material.
    (
        "a30-24gb",
        "NVIDIA's A30 datasheet not found in a stored copy (only third-party tables: 165)",
    ),
    (
        "a10g-24gb",
        "AWS-only part with no NVIDIA spec sheet; the A10's datasheet figures are not its own",
    ),
    (
        "l20-48gb",
        "only retailer and third-party tables (119.5 FP16/BF16, 59.8 FP32), which disagree \
         whether 119.5 is the dense or the sparse figure; no NVIDIA document read",
    ),
    (
        "h20-96gb",
        "NVIDIA publishes no H20 datasheet; 148 dense BF16 is from press reports and leaks",
    ),
    (
        "rtx-4090d-24gb",
        "no NVIDIA spec read for the cut-down China card (the one quote found carries the \
         RTX 4090's 165.2)",
    ),
    (
        "rtx-2080-8gb",
        "the Turing whitepaper's RTX 2080 column (FP32-accumulate tensor rate) was not found \
         in a stored copy",
    ),
    (
        "rtx-pro-4500-32gb",
        "no NVIDIA datasheet of the RTX PRO 4500 Blackwell Server Edition read",
    ),
    (
        "gaudi-32gb",
        "no Intel/Habana document stating the first-generation Gaudi's BF16 rate was found",
    ),
    // The product has no tensor cores: the dense tensor figure does not exist. (Kepler,
    // Maxwell and Pascal entries are exempt by their architecture, NO_TENSOR_CORES.)
    (
        "gtx-1650-4gb",
        "GeForce GTX 16 (Turing TU117) has no tensor cores",
    ),
    (
        "gtx-1660-super-6gb",
        "GeForce GTX 16 (Turing TU116) has no tensor cores",
    ),
];

fn shipped_catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog");
    let files = CatalogFiles::read_dir(&dir, "catalog").expect("catalog/ is readable");
    // The real date, so that the shipped prices are checked as the build checks them.
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs() as i64;
    let today = AsOf::from_days_since_epoch(secs / 86_400);
    load(&files, today).unwrap_or_else(|problems| {
        panic!(
            "the shipped catalog does not load:\n{}",
            problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

fn has_dense_figure(a: &Accelerator) -> bool {
    a.specs.fp16_tflops.is_some() || a.specs.bf16_tflops.is_some()
}

fn has_no_tensor_cores(a: &Accelerator) -> bool {
    a.architecture
        .as_deref()
        .is_some_and(|arch| NO_TENSOR_CORES.iter().any(|n| n.eq_ignore_ascii_case(arch)))
}

#[test]
fn every_accelerator_with_an_offer_has_its_architecture_and_dense_figure() {
    let catalog = shipped_catalog();
    let offered: BTreeSet<&str> = catalog
        .offers
        .iter()
        .filter_map(|o| o.accelerator.as_deref())
        .collect();
    assert!(offered.len() > 50, "only {} offered", offered.len());
    let allowed = |id: &str| UNKNOWN_ALLOWED.iter().any(|(a, _)| *a == id);

    let mut missing = Vec::new();
    for id in &offered {
        let a = catalog
            .accelerators
            .iter()
            .find(|a| a.id == *id)
            .unwrap_or_else(|| panic!("offer names unknown accelerator {id}"));
        let mut lacks = Vec::new();
        if a.architecture.is_none() {
            lacks.push("architecture");
        }
        if !has_dense_figure(a) && !has_no_tensor_cores(a) {
            lacks.push("dense fp16_tflops/bf16_tflops (FP32 accumulate)");
        }
        if !lacks.is_empty() && !allowed(id) {
            missing.push(format!("{id}: lacks {}", lacks.join(" and ")));
        }
    }
    assert!(
        missing.is_empty(),
        "accelerators with an offer but no datasheet figure: cite the vendor's figure in \
         catalog/accelerators.toml, or add the id to UNKNOWN_ALLOWED with the reason:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_allow_list_holds_only_what_is_still_unknown() {
    let catalog = shipped_catalog();
    let mut ids = BTreeSet::new();
    for (id, why) in UNKNOWN_ALLOWED {
        assert!(ids.insert(*id), "{id} is listed twice");
        assert!(!why.trim().is_empty(), "{id} needs its reason");
        let a = catalog
            .accelerators
            .iter()
            .find(|a| a.id == *id)
            .unwrap_or_else(|| panic!("{id} is not in catalog/accelerators.toml: drop it"));
        assert!(
            !has_dense_figure(a) || a.architecture.is_none(),
            "{id} now has its architecture and dense figure: remove it from UNKNOWN_ALLOWED"
        );
    }
}
