//! Provider SKUs and sources' GPU names → the exact accelerator variant (`catalog/aliases.toml`).
//!
//! Sources name GPUs loosely ("A100", "H100", "A100-80GB") and the variant decides the specs:
//! an H100 SXM5 is not an H100 PCIe. So an importer never guesses: a new offer is added only
//! when an alias says, for that provider, which variant a name means — and a name with no
//! alias is reported, never dropped silently and never matched to a near name.

use serde::Deserialize;

/// One rule: in `provider`'s offers, `gpu` (optionally only for SKUs starting with
/// `sku_prefix`, or exactly the SKU `sku`) is `accelerator`.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Alias {
    /// A provider id, or "*" for a name that means one variant at every provider.
    pub provider: String,
    /// The source's GPU name, compared without case.
    #[serde(default)]
    pub gpu: Option<String>,
    /// Only SKUs starting with this (e.g. "p5." — AWS's P5 family is SXM5).
    #[serde(default)]
    pub sku_prefix: Option<String>,
    /// Exactly this SKU.
    #[serde(default)]
    pub sku: Option<String>,
    /// An id from `accelerators.toml`.
    pub accelerator: String,
    /// For a `sku` that prices several offers at once (Oracle prices a GPU per hour for every
    /// shape holding it): the offer ids it prices.
    #[serde(default)]
    pub offers: Vec<String>,
    /// The provider's document that names the exact part.
    pub evidence: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AliasFile {
    #[serde(default)]
    alias: Vec<Alias>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Aliases {
    rules: Vec<Alias>,
}

impl Aliases {
    pub fn parse(text: &str) -> Result<Aliases, String> {
        let file: AliasFile = toml::from_str(text).map_err(|e| e.to_string())?;
        for (i, a) in file.alias.iter().enumerate() {
            if a.gpu.is_none() && a.sku.is_none() && a.sku_prefix.is_none() {
                return Err(format!(
                    "alias {} ({} → {}) names no gpu, sku or sku_prefix",
                    i + 1,
                    a.provider,
                    a.accelerator
                ));
            }
        }
        Ok(Aliases { rules: file.alias })
    }

    pub fn rules(&self) -> &[Alias] {
        &self.rules
    }

    /// The offers an exact `sku` rule of `provider` says the SKU prices, if any.
    pub fn offers_of(&self, provider: &str, sku: &str) -> &[String] {
        self.rules
            .iter()
            .find(|a| {
                a.provider == provider && a.sku.as_deref() == Some(sku) && !a.offers.is_empty()
            })
            .map(|a| a.offers.as_slice())
            .unwrap_or(&[])
    }

    /// The accelerator `provider`'s `sku` with the source's `gpu` name holds, by the most
    /// specific rule: an exact SKU, then the longest SKU prefix, then the provider's own
    /// name, then a name that holds everywhere. `None`: no rule says — report it.
    pub fn resolve(&self, provider: &str, sku: &str, gpu: Option<&str>) -> Option<&str> {
        self.rules
            .iter()
            .filter_map(|a| {
                let provider_rank = match a.provider.as_str() {
                    p if p == provider => 1,
                    "*" => 0,
                    _ => return None,
                };
                if let Some(exact) = &a.sku {
                    return (exact == sku).then_some((3, 0, provider_rank, a));
                }
                // A rule's name, when it gives one, must be the source's; its prefix, when it
                // gives one, must begin the SKU; a rule with neither was refused at parse time.
                let named = match (&a.gpu, gpu) {
                    (None, _) => true,
                    (Some(want), Some(have)) => want.eq_ignore_ascii_case(have.trim()),
                    (Some(_), None) => false,
                };
                if !named {
                    return None;
                }
                match &a.sku_prefix {
                    Some(prefix) if sku.starts_with(prefix.as_str()) => {
                        Some((2, prefix.len(), provider_rank, a))
                    }
                    Some(_) => None,
                    None => Some((1, 0, provider_rank, a)),
                }
            })
            .max_by_key(|(kind, len, provider_rank, _)| (*kind, *len, *provider_rank))
            .map(|(_, _, _, a)| a.accelerator.as_str())
    }
}
