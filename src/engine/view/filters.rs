//! The explorer's filters: what the user set, and the predicate that keeps or hides an offer.
//!
//! Filters hold what the user typed (range text included) so nothing they entered is lost;
//! `compile` parses it once per change. A range that does not parse is reported and ignored,
//! never turned into an empty table.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::range::{NumRange, RangeError};
use super::search::SearchQuery;
use crate::engine::catalog::{
    AsOf, BillingIncrement, Interconnect, ProviderCategory, Term, Vendor,
};
use crate::engine::explorer::Entry;
use crate::engine::pricing::{Missing, Quote};

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

    fn value(self, entry: &Entry<'_>, quote: Option<&Quote>) -> Option<f64> {
        let specs = entry.accelerator.map(|a| &a.specs);
        match self {
            RangeField::Count => entry.divisors.accelerators,
            RangeField::MemoryPerAccelerator => specs.and_then(|s| s.memory_gb),
            RangeField::MemoryTotal => entry.divisors.memory_gb,
            RangeField::Vcpus => entry.offer.vcpus,
            RangeField::Ram => entry.offer.ram_gb,
            RangeField::Price => quote.and_then(|q| q.value),
            RangeField::Bf16 => specs.and_then(|s| s.bf16_tflops.or(s.fp16_tflops)),
        }
    }
}

/// Interconnect choices, as users ask for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Link {
    /// NVLink or NVSwitch between the instance's GPUs.
    Nvlink,
    /// An InfiniBand fabric between instances.
    Infiniband,
    /// GPUs talk over PCIe only.
    PcieOnly,
    /// TPU inter-chip interconnect.
    Ici,
}

impl Link {
    pub const ALL: [Link; 4] = [Link::Nvlink, Link::Infiniband, Link::PcieOnly, Link::Ici];

    fn holds(self, entry: &Entry<'_>) -> bool {
        let offer = entry.offer;
        match self {
            Link::Nvlink => matches!(
                offer.interconnect,
                Some(Interconnect::Nvlink | Interconnect::Nvswitch)
            ),
            Link::Infiniband => offer.has_infiniband(),
            Link::PcieOnly => offer.interconnect == Some(Interconnect::Pcie),
            Link::Ici => offer.interconnect == Some(Interconnect::Ici),
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
    /// Hide prices older than this many months.
    pub max_age_months: Option<u32>,
}

/// Filters parsed and ready to test offers; built once per change.
#[derive(Debug, Clone)]
pub struct Compiled {
    filters: Filters,
    search: SearchQuery,
    ranges: Vec<(RangeField, NumRange)>,
    /// Ranges that did not parse, with the reason, for inline messages.
    pub errors: Vec<(RangeField, RangeError)>,
}

impl Filters {
    pub fn compile(&self) -> Compiled {
        let mut ranges = Vec::new();
        let mut errors = Vec::new();
        for (field, text) in &self.ranges {
            match NumRange::parse(text) {
                Ok(Some(range)) => ranges.push((*field, range)),
                Ok(None) => {}
                Err(err) => errors.push((*field, err)),
            }
        }
        Compiled {
            filters: self.clone(),
            search: SearchQuery::parse(&self.search),
            ranges,
            errors,
        }
    }

    /// True when no filter is set.
    pub fn is_clear(&self) -> bool {
        *self == Filters::default()
    }
}

impl Compiled {
    /// Whether an offer, priced by `quote` for the chosen term and regions, passes every filter.
    pub fn keep(&self, entry: &Entry<'_>, quote: &Quote, today: &AsOf) -> bool {
        let f = &self.filters;
        let offer = entry.offer;
        let provider = entry.provider;
        let accelerator = entry.accelerator;
        let in_set = |set: &BTreeSet<String>, value: Option<&str>| {
            set.is_empty() || value.is_some_and(|v| set.contains(v))
        };
        let facts = &provider.facts;
        self.search.matches(&entry.haystack)
            && in_set(&f.providers, Some(&provider.id))
            && (f.categories.is_empty() || f.categories.contains(&provider.category))
            && (f.vendors.is_empty() || accelerator.is_some_and(|a| f.vendors.contains(&a.vendor)))
            && in_set(&f.models, accelerator.map(|a| a.model.as_str()))
            && in_set(&f.accelerators, accelerator.map(|a| a.id.as_str()))
            && in_set(
                &f.architectures,
                accelerator.and_then(|a| a.architecture.as_deref()),
            )
            && self.ranges.iter().all(|(field, range)| {
                field
                    .value(entry, Some(quote))
                    .is_some_and(|v| range.contains(v))
            })
            && (f.links.is_empty() || f.links.iter().any(|l| l.holds(entry)))
            && (!f.multi_node || offer.multi_node == Some(true))
            && (!f.per_second_billing
                || quote.billing.or(provider.billing_increment) == Some(BillingIncrement::Second))
            && (!f.no_commitment
                || matches!(quote.term, Term::OnDemand | Term::Spot | Term::Free)
                    && facts.minimum_charge.is_none())
            && (!f.kubernetes || facts.kubernetes.is_some())
            && (!f.framework_images || facts.framework_images.is_some())
            && (!f.notebooks || facts.notebooks.is_some())
            && (!f.hide_unknown_price || quote.missing != Some(Missing::Price))
            && f.max_age_months
                .is_none_or(|months| quote.as_of.months_until(today) <= months as i32)
    }
}
