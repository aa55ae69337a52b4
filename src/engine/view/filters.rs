//! The explorer's filters as the user set them.
//!
//! Filters hold what the user typed (range text included) so nothing they entered is lost;
//! `explorer::filter` compiles them into the predicate once per change.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::range::{NumRange, RangeError, RangeErrorKind};
use crate::catalog::{Link, ProviderCategory, Vendor};

/// The longest age limit in months, from the box or a link: fifty years, older than any
/// price the catalog could hold.
pub const MAX_AGE_MONTHS: u32 = 600;

/// Numeric fields the user can limit with a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RangeField {
    /// Accelerators per instance.
    Count,
    MemoryPerAccelerator,
    MemoryTotal,
    Vcpus,
    Ram,
    /// In the chosen currency, basis and duration.
    Price,
    /// Dense BF16 TFLOPS per accelerator.
    Bf16,
}

impl RangeField {
    pub const ALL: [RangeField; 7] = [
        RangeField::Count,
        RangeField::MemoryPerAccelerator,
        RangeField::MemoryTotal,
        RangeField::Vcpus,
        RangeField::Ram,
        RangeField::Price,
        RangeField::Bf16,
    ];

    /// Reads a range typed into this field's box: the syntax of [`NumRange::parse`], then
    /// the field's one rule. Every field counts, measures or prices something, so a bound
    /// below zero could match no offer: it is refused and said, never an empty table. And
    /// every offer that states a count, a memory, vCPUs, RAM or TFLOPS states more than 0
    /// (a share of one accelerator is 0.125 or more), so a range that reaches no higher than
    /// 0 ("0", "<=0") is refused the same way; only a price can be 0 (the free tiers).
    pub fn parse(self, text: &str) -> Result<Option<NumRange>, RangeError> {
        let range = NumRange::parse(text)?;
        let refuse = |kind| {
            Err(RangeError {
                text: text.trim().to_string(),
                kind,
            })
        };
        let below_zero = |bound: Option<f64>| bound.is_some_and(|b| b < 0.0);
        if range.is_some_and(|r| below_zero(r.min) || below_zero(r.max)) {
            return refuse(RangeErrorKind::Negative);
        }
        if self.above_zero() && range.is_some_and(|r| r.max.is_some_and(|max| max <= 0.0)) {
            return refuse(RangeErrorKind::NoneAboveZero);
        }
        Ok(range)
    }

    /// Whether every offer that states this quantity states more than 0.
    pub fn above_zero(self) -> bool {
        self != RangeField::Price
    }

    pub fn key(self) -> &'static str {
        match self {
            RangeField::Count => "count",
            RangeField::MemoryPerAccelerator => "mem",
            RangeField::MemoryTotal => "total-mem",
            RangeField::Vcpus => "vcpus",
            RangeField::Ram => "ram",
            RangeField::Price => "price",
            RangeField::Bf16 => "bf16",
        }
    }
}

/// Everything the user filters by. Empty sets and `false` toggles filter nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Filters {
    pub search: String,
    pub providers: BTreeSet<String>,
    pub categories: BTreeSet<ProviderCategory>,
    pub vendors: BTreeSet<Vendor>,
    /// Model names ("H100"), any variant.
    pub models: BTreeSet<String>,
    /// Exact accelerator ids ("h100-sxm5-80gb").
    pub accelerators: BTreeSet<String>,
    pub architectures: BTreeSet<String>,
    /// Range text as typed, by field.
    pub ranges: BTreeMap<RangeField, String>,
    /// Any of these interconnects.
    pub links: BTreeSet<Link>,
    pub multi_node: bool,
    pub per_second_billing: bool,
    pub no_commitment: bool,
    pub kubernetes: bool,
    pub framework_images: bool,
    pub notebooks: bool,
    pub hide_unknown_price: bool,
    /// Hide prices older than this many months, 1 to [`MAX_AGE_MONTHS`].
    pub max_age_months: Option<u32>,
    /// Show, marked, the offers that do not state a fact a filter asks for (multi-node
    /// clusters, an interconnect, a range's quantity …); otherwise they are counted apart.
    pub unstated: bool,
}

/// A fact a filter asks for that an offer may leave unstated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskedFact {
    Range(RangeField),
    Interconnect,
    MultiNode,
    Kubernetes,
    FrameworkImages,
    Notebooks,
}

impl Filters {
    /// These filters without the search text: the market a place or a score is measured in.
    pub fn without_search(&self) -> Filters {
        Filters {
            search: String::new(),
            ..self.clone()
        }
    }

    /// The facts these filters ask for that an offer may not state, in the panel's order: what
    /// the count of offers set apart for not stating them is about.
    pub fn asked_facts(&self) -> Vec<AskedFact> {
        let mut asked: Vec<AskedFact> = self
            .ranges
            .iter()
            .filter(|(field, text)| matches!(field.parse(text), Ok(Some(_))))
            .map(|(field, _)| AskedFact::Range(*field))
            .collect();
        let toggles = [
            (!self.links.is_empty(), AskedFact::Interconnect),
            (self.multi_node, AskedFact::MultiNode),
            (self.kubernetes, AskedFact::Kubernetes),
            (self.framework_images, AskedFact::FrameworkImages),
            (self.notebooks, AskedFact::Notebooks),
        ];
        asked.extend(toggles.into_iter().filter(|(on, _)| *on).map(|(_, f)| f));
        asked
    }

    /// True when no filter is set.
    pub fn is_clear(&self) -> bool {
        *self == Filters::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(field: RangeField, text: &str) -> Option<RangeErrorKind> {
        field.parse(text).err().map(|e| e.kind)
    }

    #[test]
    fn a_count_or_memory_of_0_is_refused_as_matching_no_offer() {
        for field in [
            RangeField::Count,
            RangeField::MemoryPerAccelerator,
            RangeField::MemoryTotal,
            RangeField::Vcpus,
            RangeField::Ram,
            RangeField::Bf16,
        ] {
            for text in ["0", "<=0", "<0", "0..0", "=0"] {
                assert_eq!(
                    kind(field, text),
                    Some(RangeErrorKind::NoneAboveZero),
                    "{field:?} {text}"
                );
            }
            // Ranges that reach above 0 stay, fractional shares of one accelerator included.
            for text in [">=0", "0..8", "<1", "0.125", ">0", ""] {
                assert_eq!(kind(field, text), None, "{field:?} {text}");
            }
            assert_eq!(kind(field, "-1..8"), Some(RangeErrorKind::Negative));
        }
        // A price can be 0: the free tiers.
        assert_eq!(kind(RangeField::Price, "0"), None);
        assert_eq!(kind(RangeField::Price, "<=0"), None);
    }
}
