//! Reference accelerators for "this run takes N hours on an A100": the hours become compute
//! (hours × dense peak × the generation's default MFU), which then runs on any offer.

use serde::Serialize;

use super::hardware::default_mfu_for;
use super::sources::{Source, ML_ENGINEERING_ACCELERATORS};

/// One accelerator a training size may be given against.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ReferenceAccelerator {
    /// The key users type and the URL keeps ("A100").
    pub key: &'static str,
    /// Selects the default MFU row.
    pub architecture: &'static str,
    /// Dense BF16 (FP16 where there is no BF16) tensor TFLOPS.
    pub tflops: f64,
    pub source: Source,
}

/// Dense 16-bit tensor peaks, the values the bundled catalog carries for these variants
/// (ml-engineering's table of vendor datasheet figures).
pub const REFERENCE_ACCELERATORS: &[ReferenceAccelerator] = &[
    reference("A100", "Ampere", 312.0),
    reference("H100", "Hopper", 989.0),
    reference("H200", "Hopper", 989.0),
    reference("V100", "Volta", 125.0),
    reference("T4", "Turing", 65.0),
    reference("A10", "Ampere", 125.0),
    reference("L4", "Ada Lovelace", 121.0),
    reference("L40S", "Ada Lovelace", 362.0),
    reference("MI300X", "CDNA3", 1_300.0),
    reference("TPU v4", "TPU v4", 275.0),
    reference("TPU v5e", "TPU v5e", 197.0),
];

const fn reference(
    key: &'static str,
    architecture: &'static str,
    tflops: f64,
) -> ReferenceAccelerator {
    ReferenceAccelerator {
        key,
        architecture,
        tflops,
        source: ML_ENGINEERING_ACCELERATORS,
    }
}

/// The reference accelerator a key names, ignoring case, spaces and dashes ("tpu-v4" = "TPU v4").
pub fn find_reference(key: &str) -> Option<&'static ReferenceAccelerator> {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let wanted = squash(key);
    REFERENCE_ACCELERATORS
        .iter()
        .find(|r| squash(r.key) == wanted)
}

impl ReferenceAccelerator {
    /// Model FLOPs one hour on this accelerator delivers at its default MFU.
    pub fn flops_per_hour(&self) -> f64 {
        self.tflops * 1e12 * default_mfu_for(Some(self.architecture)).mfu * 3_600.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_loosely() {
        assert_eq!(find_reference("a100").unwrap().tflops, 312.0);
        assert_eq!(find_reference(" tpu-v4 ").unwrap().key, "TPU v4");
        assert!(find_reference("A1000").is_none());
        assert!(find_reference("").is_none());
    }

    #[test]
    fn an_a100_hour_is_312_tflops_at_forty_percent() {
        let a100 = find_reference("A100").unwrap();
        assert!((a100.flops_per_hour() - 312e12 * 0.40 * 3600.0).abs() < 1.0);
    }
}
