//! The short name of an accelerator variant, for where room is short (a phone's table, the
//! market's rows, the landing's lines): "H100 SXM 80G", "A100 PCIe 40G", "RTX 4090 24G".
//!
//! The vendor and a brand line ("GeForce", "Tesla") are left out (model names do not collide
//! across vendors), the board is named
//! only where it tells variants of one model apart (SXM or PCIe), and memory is written as
//! "80G". A variant whose board or memory is not stated says less, never a guess: "H100 80G"
//! is an H100 of unstated board, distinct at a glance from "H100 SXM 80G". The full name
//! stays a tap away ([`Accelerator::label`]).

use crate::model::{Accelerator, FormFactor};

/// A model's name without its brand line: "GeForce RTX 4090" and "Tesla T4" are known by the
/// rest of their names.
pub fn short_model(model: &str) -> &str {
    ["GeForce ", "Tesla "]
        .iter()
        .find_map(|brand| model.strip_prefix(brand))
        .unwrap_or(model)
}

/// A provider's or region's name up to its first aside: "Paperspace (DigitalOcean): Core
/// machines and Gradient" is "Paperspace", "Global (price not tied to a region)" is "Global".
/// The whole name stays in the element's title.
pub fn short_name(name: &str) -> &str {
    let cut = [name.find(" ("), name.find('（'), name.find(':')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(name.len());
    let short = name[..cut].trim_end();
    if short.is_empty() {
        name
    } else {
        short
    }
}

/// A provider's name where room is short (a phone's frozen column): [`short_name`], less the
/// words every cloud shares ("Thunder Compute" is "Thunder", "Oracle Cloud Infrastructure"
/// is "Oracle", "Microsoft Azure" is "Azure"). The whole name stays in the title.
pub fn short_provider(name: &str) -> &str {
    const SHARED_ENDS: [&str; 10] = [
        " Cloud Services",
        " Cloud Infrastructure",
        " Web Services",
        " AI Cloud",
        " GPU Cloud",
        " Global Cloud",
        " Cloud",
        " Compute",
        " Computing",
        " Dataworks",
    ];
    let name = short_name(name);
    let name = name.strip_prefix("Microsoft ").unwrap_or(name);
    SHARED_ENDS
        .iter()
        .find_map(|end| name.strip_suffix(end))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(name)
}

impl Accelerator {
    /// "H100 SXM 80G": see the module's rule.
    pub fn short_label(&self) -> String {
        let mut out = short_model(&self.model).to_string();
        // The board, where the variant's own words name it: "SXM5 80GB", "PCIe 40GB".
        let variant = self.variant.to_ascii_uppercase();
        let board = match self.form_factor {
            FormFactor::Sxm if variant.contains("SXM") => Some("SXM"),
            FormFactor::Pcie if variant.contains("PCIE") => Some("PCIe"),
            _ => None,
        };
        if let Some(board) = board {
            out.push(' ');
            out.push_str(board);
        }
        if let Some(gb) = self.specs.memory_gb.filter(|g| *g > 0.0) {
            out.push_str(&format!(" {}G", crate::format::quantity(gb)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Accelerator, FormFactor, Specs, Vendor};

    fn part(
        model: &str,
        variant: &str,
        form_factor: FormFactor,
        memory: Option<f64>,
    ) -> Accelerator {
        Accelerator {
            id: "x".into(),
            vendor: Vendor::Nvidia,
            model: model.into(),
            variant: variant.into(),
            form_factor,
            architecture: None,
            release_year: None,
            memory_type: None,
            specs: Specs {
                memory_gb: memory,
                ..Specs::default()
            },
            sources: Vec::new(),
            spec_sources: Vec::new(),
            note: None,
        }
    }

    #[test]
    fn a_provider_drops_the_words_every_cloud_shares() {
        use super::short_provider;
        for (name, short) in [
            ("Thunder Compute", "Thunder"),
            ("Oracle Cloud Infrastructure (OCI Compute)", "Oracle"),
            ("Amazon Web Services (EC2)", "Amazon"),
            ("Microsoft Azure (Virtual Machines)", "Azure"),
            ("Nebius AI Cloud", "Nebius"),
            ("Voltage Park", "Voltage Park"),
            ("Lambda", "Lambda"),
            ("腾讯云", "腾讯云"),
        ] {
            assert_eq!(short_provider(name), short, "{name}");
        }
    }

    #[test]
    fn a_name_is_cut_at_its_first_aside() {
        use super::short_name;
        assert_eq!(
            short_name("Paperspace (DigitalOcean): Core machines and Gradient"),
            "Paperspace"
        );
        assert_eq!(
            short_name("Amazon Web Services (EC2)"),
            "Amazon Web Services"
        );
        assert_eq!(short_name("Global (price not tied to a region)"), "Global");
        assert_eq!(short_name("RunPod"), "RunPod");
        assert_eq!(short_name("Verda (formerly DataCrunch)"), "Verda");
        assert_eq!(short_name("Lium: GPU rental"), "Lium");
        assert_eq!(short_name("(unnamed)"), "(unnamed)");
    }

    #[test]
    fn variants_of_one_model_read_apart_and_unstated_says_less() {
        let cases = [
            (
                part("H100", "SXM5 80GB", FormFactor::Sxm, Some(80.0)),
                "H100 SXM 80G",
            ),
            (
                part("H100", "PCIe 80GB", FormFactor::Pcie, Some(80.0)),
                "H100 PCIe 80G",
            ),
            (
                part(
                    "H100",
                    "80GB (form factor not stated)",
                    FormFactor::Unspecified,
                    Some(80.0),
                ),
                "H100 80G",
            ),
            (
                part(
                    "H100",
                    "(memory and form factor not stated)",
                    FormFactor::Unspecified,
                    None,
                ),
                "H100",
            ),
            (
                part("A100", "PCIe 40GB", FormFactor::Pcie, Some(40.0)),
                "A100 PCIe 40G",
            ),
            (
                part("GeForce RTX 4090", "24GB", FormFactor::Consumer, Some(24.0)),
                "RTX 4090 24G",
            ),
            (
                part("H200", "SXM 141GB", FormFactor::Sxm, Some(141.0)),
                "H200 SXM 141G",
            ),
        ];
        for (accelerator, want) in cases {
            assert_eq!(accelerator.short_label(), want, "{}", accelerator.variant);
        }
    }
}
