//! Reference accelerators for "this run takes N hours on an A100": the hours become compute
//! (hours × dense peak × the generation's default MFU), which then runs on any offer.

use serde::Serialize;

use super::hardware::{default_mfu_for, MfuDefault};
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
    /// Memory bandwidth, GB/s: tells HBM parts from GDDR cards of one generation.
    pub bandwidth_gbs: f64,
    pub source: Source,
}

/// Dense 16-bit tensor peaks and memory bandwidths, the values the bundled catalog carries for
/// these variants (ml-engineering's table of vendor datasheet figures; A100 is the SXM 80GB,
/// H100 the SXM5).
pub const REFERENCE_ACCELERATORS: &[ReferenceAccelerator] = &[
    reference("A100", "Ampere", 312.0, 2_039.0),
    reference("H100", "Hopper", 989.0, 3_350.0),
    reference("H200", "Hopper", 989.0, 4_800.0),
    reference("V100", "Volta", 125.0, 900.0),
    reference("T4", "Turing", 65.0, 320.0),
    reference("A10", "Ampere", 125.0, 600.0),
    reference("L4", "Ada Lovelace", 121.0, 300.0),
    reference("L40S", "Ada Lovelace", 362.0, 864.0),
    reference("MI300X", "CDNA3", 1_300.0, 5_300.0),
    reference("TPU v4", "TPU v4", 275.0, 1_200.0),
    reference("TPU v5e", "TPU v5e", 197.0, 820.0),
];

const fn reference(
    key: &'static str,
    architecture: &'static str,
    tflops: f64,
    bandwidth_gbs: f64,
) -> ReferenceAccelerator {
    ReferenceAccelerator {
        key,
        architecture,
        tflops,
        bandwidth_gbs,
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
        self.tflops * 1e12 * self.default_mfu().mfu * 3_600.0
    }

    /// The MFU row this accelerator's hours are read at.
    pub fn default_mfu(&self) -> &'static MfuDefault {
        default_mfu_for(Some(self.architecture), Some(self.bandwidth_gbs))
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
    fn an_a100_hour_is_312_tflops_at_the_ampere_mfu() {
        let a100 = find_reference("A100").unwrap();
        assert!((a100.flops_per_hour() - 312e12 * 0.43 * 3600.0).abs() < 1.0);
    }
}
