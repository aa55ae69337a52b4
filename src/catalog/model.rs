//! The catalog's data model: providers, accelerators, offers and their prices.
//!
//! These are plain values. Unknown facts are `None`, never zero or a guess, so every view can
//! say "unknown" honestly. The same types are read from the human-editable files on the host
//! (see `files`) and from the JSON that `build.rs` embeds into the app.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::date::AsOf;

/// Everything GPU Atlas knows, as compiled into the app.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Catalog {
    pub providers: Vec<Provider>,
    pub accelerators: Vec<Accelerator>,
    /// Sources that accelerator specs cite.
    pub accelerator_sources: Vec<Source>,
    pub offers: Vec<Offer>,
    pub fx: Vec<FxRate>,
    /// The day the catalog file was built: it travels with the file, so a price refresh
    /// changes the file and not the app that shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub built_on: Option<crate::AsOf>,
    /// How prices moved, and the catalog's version (its newest recorded day).
    #[serde(default, skip_serializing_if = "History::is_empty")]
    pub history: History,
}

/// Where a fact comes from.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub id: String,
    pub title: String,
    pub url: String,
    pub kind: SourceKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<AsOf>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// The provider's or chip maker's own price list, API or documentation.
    Vendor,
    /// A service or project that collects vendor prices (SkyPilot's catalog, getdeploying).
    Aggregator,
    /// Someone else's write-up quoting the vendor.
    ThirdParty,
    /// A community-curated list.
    Community,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderCategory {
    Hyperscaler,
    GpuCloud,
    Marketplace,
    China,
}

/// How finely a provider meters usage: per second, minute, hour, day or month.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum BillingIncrement {
    #[serde(rename = "per-second")]
    Second,
    #[serde(rename = "per-minute")]
    Minute,
    #[serde(rename = "per-hour")]
    Hour,
    #[serde(rename = "per-day")]
    Day,
    #[serde(rename = "per-month")]
    Month,
}

impl BillingIncrement {
    pub fn seconds(self) -> u32 {
        match self {
            BillingIncrement::Second => 1,
            BillingIncrement::Minute => 60,
            BillingIncrement::Hour => 3_600,
            BillingIncrement::Day => 86_400,
            BillingIncrement::Month => 730 * 3_600,
        }
    }
}

/// A company that rents accelerators, with the facts users weigh besides price.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Provider {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_zh: Option<String>,
    pub category: ProviderCategory,
    /// ISO 3166 country code of the headquarters, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headquarters: Option<String>,
    pub currencies: Vec<Currency>,
    pub homepage: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing_increment: Option<BillingIncrement>,
    /// Optional facts, each a short phrase from `facts.source` or its own entry in
    /// `facts.sources`.
    #[serde(default)]
    pub facts: ProviderFacts,
    pub regions: Vec<Region>,
    pub sources: Vec<Source>,
    /// Offer ids no longer listed because they were the same product as another offer: their
    /// recorded prices stay in history under the old id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<Retired>,
}

/// An offer id merged into another offer (one product, one set of prices).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Retired {
    /// The old offer id (without the provider).
    pub id: String,
    /// The offer it was the same product as.
    pub merged_into: String,
    /// The day it was merged.
    pub date: AsOf,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The keys of provider facts, as written in the provider files.
pub const FACT_KEYS: [&str; 11] = [
    "minimum_charge",
    "free_tier",
    "kubernetes",
    "storage",
    "framework_images",
    "notebooks",
    "cli",
    "credits",
    "spot",
    "reserved",
    "note",
];

impl ProviderFacts {
    /// The facts a reader is shown, by key, in the order the detail and the provider page list
    /// them (the note aside: it is shown as a paragraph of its own).
    pub fn listed(&self) -> [(&'static str, Option<&str>); 10] {
        [
            ("minimum_charge", self.minimum_charge.as_deref()),
            ("free_tier", self.free_tier.as_deref()),
            ("kubernetes", self.kubernetes.as_deref()),
            ("storage", self.storage.as_deref()),
            ("framework_images", self.framework_images.as_deref()),
            ("notebooks", self.notebooks.as_deref()),
            ("cli", self.cli.as_deref()),
            ("credits", self.credits.as_deref()),
            ("spot", self.spot.as_deref()),
            ("reserved", self.reserved.as_deref()),
        ]
    }

    /// The Chinese of one fact, where the file gives it.
    pub fn zh(&self, key: &str) -> Option<&str> {
        self.zh
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, text)| text.as_str())
    }

    /// The source id behind one fact.
    pub fn source_of(&self, key: &str) -> Option<&str> {
        self.sources
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, s)| s.as_str())
            .or(self.source.as_deref())
    }
}

impl Provider {
    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    pub fn region(&self, id: &str) -> Option<&Region> {
        self.regions.iter().find(|r| r.id == id)
    }
}

/// Ecosystem and commercial facts about a provider; `None` where no source says.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct ProviderFacts {
    /// The default source of every fact below.
    pub source: Option<String>,
    /// Per-fact sources, by key ("kubernetes"), overriding the default.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<(String, String)>,
    pub minimum_charge: Option<String>,
    pub free_tier: Option<String>,
    pub kubernetes: Option<String>,
    pub storage: Option<String>,
    pub framework_images: Option<String>,
    pub notebooks: Option<String>,
    pub cli: Option<String>,
    pub credits: Option<String>,
    pub spot: Option<String>,
    pub reserved: Option<String>,
    pub note: Option<String>,
    /// The Chinese of the facts above, by key ("note", "spot"): `[provider.zh]` in the file.
    /// A fact without one is shown to a Chinese reader as untranslated.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub zh: Vec<(String, String)>,
}

/// Where in the world a region is; the explorer groups regions by it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Area {
    /// China mainland.
    Cn,
    Hk,
    Asia,
    Us,
    /// The EU and EEA (GDPR applies).
    Eu,
    Other,
    /// A price not tied to any one region.
    Global,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub id: String,
    pub name: String,
    /// The region's name in Chinese (the provider's own where it has one: 华东2（上海）).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_zh: Option<String>,
    pub area: Area,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Vendor {
    #[serde(rename = "NVIDIA")]
    Nvidia,
    #[serde(rename = "AMD")]
    Amd,
    Intel,
    Google,
    /// Amazon's own accelerators (Trainium, Inferentia), rented only on AWS.
    #[serde(rename = "AWS")]
    Aws,
}

impl Vendor {
    pub fn label(self) -> &'static str {
        match self {
            Vendor::Nvidia => "NVIDIA",
            Vendor::Amd => "AMD",
            Vendor::Intel => "Intel",
            Vendor::Google => "Google",
            Vendor::Aws => "AWS",
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FormFactor {
    #[serde(rename = "SXM")]
    Sxm,
    #[serde(rename = "PCIe")]
    Pcie,
    #[serde(rename = "NVL")]
    Nvl,
    #[serde(rename = "OAM")]
    Oam,
    #[serde(rename = "TPU")]
    Tpu,
    #[serde(rename = "consumer")]
    Consumer,
    /// The chip maker's own accelerator module, neither an SXM/OAM board nor a PCIe card
    /// (AWS Trainium, Inferentia).
    #[serde(rename = "module")]
    Module,
    /// The seller does not say which variant it is.
    #[serde(rename = "unspecified")]
    Unspecified,
}

/// One exact accelerator variant: an H100 SXM5 80GB is not an H100 PCIe 80GB.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Accelerator {
    pub id: String,
    pub vendor: Vendor,
    pub model: String,
    pub variant: String,
    pub form_factor: FormFactor,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub architecture: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release_year: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_type: Option<String>,
    #[serde(default)]
    pub specs: Specs,
    /// The first is the source of every spec without its own entry in `spec_sources`.
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spec_sources: Vec<(Spec, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Accelerator {
    /// "NVIDIA H100 SXM5 80GB": the name a table shows.
    pub fn label(&self) -> String {
        format!("{} {} {}", self.vendor.label(), self.model, self.variant)
    }

    /// The source id behind one spec.
    pub fn source_of(&self, spec: Spec) -> Option<&str> {
        self.spec_sources
            .iter()
            .find(|(s, _)| *s == spec)
            .map(|(_, id)| id.as_str())
            .or(self.sources.first().map(String::as_str))
    }
}

/// The numeric specs of an accelerator, all per accelerator, all optional.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct Specs {
    pub memory_gb: Option<f64>,
    pub memory_bandwidth_gbs: Option<f64>,
    pub fp32_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub bf16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    pub int8_tops: Option<f64>,
    pub tdp_w: Option<f64>,
    pub interconnect_gbs: Option<f64>,
}

/// Names of the numeric specs, so a source can be attached to one of them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Spec {
    MemoryGb,
    MemoryBandwidthGbs,
    Fp32Tflops,
    Fp16Tflops,
    Bf16Tflops,
    Fp8Tflops,
    Int8Tops,
    TdpW,
    InterconnectGbs,
}

impl Spec {
    pub const ALL: [Spec; 9] = [
        Spec::MemoryGb,
        Spec::MemoryBandwidthGbs,
        Spec::Fp32Tflops,
        Spec::Fp16Tflops,
        Spec::Bf16Tflops,
        Spec::Fp8Tflops,
        Spec::Int8Tops,
        Spec::TdpW,
        Spec::InterconnectGbs,
    ];

    /// The key used in `accelerators.toml`.
    pub fn key(self) -> &'static str {
        match self {
            Spec::MemoryGb => "memory_gb",
            Spec::MemoryBandwidthGbs => "memory_bandwidth_gbs",
            Spec::Fp32Tflops => "fp32_tflops",
            Spec::Fp16Tflops => "fp16_tflops",
            Spec::Bf16Tflops => "bf16_tflops",
            Spec::Fp8Tflops => "fp8_tflops",
            Spec::Int8Tops => "int8_tops",
            Spec::TdpW => "tdp_w",
            Spec::InterconnectGbs => "interconnect_gbs",
        }
    }

    pub fn from_key(key: &str) -> Option<Spec> {
        Spec::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The range a real accelerator's value can take; outside it the row is a typo.
    pub fn sane_range(self) -> (f64, f64) {
        match self {
            Spec::MemoryGb => (1.0, 1_024.0),
            Spec::MemoryBandwidthGbs => (10.0, 20_000.0),
            Spec::Fp32Tflops => (0.1, 1_000.0),
            Spec::Fp16Tflops | Spec::Bf16Tflops | Spec::Fp8Tflops | Spec::Int8Tops => {
                (1.0, 50_000.0)
            }
            Spec::TdpW => (10.0, 3_000.0),
            Spec::InterconnectGbs => (1.0, 10_000.0),
        }
    }

    pub fn value(self, specs: &Specs) -> Option<f64> {
        match self {
            Spec::MemoryGb => specs.memory_gb,
            Spec::MemoryBandwidthGbs => specs.memory_bandwidth_gbs,
            Spec::Fp32Tflops => specs.fp32_tflops,
            Spec::Fp16Tflops => specs.fp16_tflops,
            Spec::Bf16Tflops => specs.bf16_tflops,
            Spec::Fp8Tflops => specs.fp8_tflops,
            Spec::Int8Tops => specs.int8_tops,
            Spec::TdpW => specs.tdp_w,
            Spec::InterconnectGbs => specs.interconnect_gbs,
        }
    }
}

/// How the accelerators inside one instance talk to each other.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Interconnect {
    Nvswitch,
    Nvlink,
    Pcie,
    /// Google TPU inter-chip interconnect.
    Ici,
    None,
}

/// Interconnect choices, as users ask for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Link {
    /// NVLink or NVSwitch between the instance's GPUs.
    Nvlink,
    /// An RDMA fabric between instances: InfiniBand, or RoCE / EFA at similar speed
    /// ([`crate::fabric::network`]). The key keeps its first name so old links still read.
    Infiniband,
    /// GPUs talk over PCIe only.
    PcieOnly,
    /// TPU inter-chip interconnect.
    Ici,
}

impl Link {
    pub const ALL: [Link; 4] = [Link::Nvlink, Link::Infiniband, Link::PcieOnly, Link::Ici];
}

/// An instance type a provider rents, with its prices per region and term.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Offer {
    /// Unique in the catalog: "provider/offer".
    pub id: String,
    pub provider: String,
    pub instance: String,
    /// `None` for CPU-only offers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerator: Option<String>,
    /// Accelerators per instance; fractional for vGPU slices.
    pub count: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcpus: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ram_gb: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interconnect: Option<Interconnect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// The network in Chinese (a translation, as `note_zh` is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_zh: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multi_node: Option<bool>,
    /// Source of the offer's specs (a source id of its provider).
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The note in Chinese (a translation; see `catalog::lang::catalog_text`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_zh: Option<String>,
    pub prices: Vec<Price>,
}

/// How a price is paid for.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Term {
    OnDemand,
    /// Spot, preemptible or interruptible capacity.
    Spot,
    #[serde(rename = "reserved-1y")]
    Reserved1y,
    #[serde(rename = "reserved-3y")]
    Reserved3y,
    /// A monthly subscription (包月).
    Monthly,
    Free,
    /// Pay per second of actual use; the deployment scales to zero when idle (serverless GPU).
    Serverless,
}

impl Term {
    /// Every term, in the order the app lists them.
    pub const ALL: [Term; 7] = [
        Term::OnDemand,
        Term::Spot,
        Term::Reserved1y,
        Term::Reserved3y,
        Term::Monthly,
        Term::Free,
        Term::Serverless,
    ];

    /// Hours a term's total covers, for prices given per whole term.
    pub fn term_hours(self) -> Option<f64> {
        match self {
            Term::Reserved1y => Some(HOURS_PER_YEAR),
            Term::Reserved3y => Some(3.0 * HOURS_PER_YEAR),
            _ => None,
        }
    }
}

/// The hours in a billing month, as the clouds count them (8,760 / 12).
pub const HOURS_PER_MONTH: f64 = 730.0;
pub const HOURS_PER_YEAR: f64 = 8_760.0;
pub const SECONDS_PER_HOUR: f64 = 3_600.0;

/// What one unit of a price buys.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum PriceUnit {
    InstanceHour,
    /// Per accelerator (GPU or TPU chip) and hour.
    AcceleratorHour,
    InstanceMonth,
    AcceleratorMonth,
    /// The total for a whole reserved term.
    InstanceTerm,
    /// Per accelerator and second, as serverless platforms price.
    AcceleratorSecond,
}

#[derive(
    Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash, Default,
)]
pub enum Currency {
    #[default]
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "CNY")]
    Cny,
    #[serde(rename = "EUR")]
    Eur,
}

impl Currency {
    pub fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Cny => "CNY",
            Currency::Eur => "EUR",
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Currency::Usd => "$",
            Currency::Cny => "¥",
            Currency::Eur => "€",
        }
    }

    pub fn from_code(code: &str) -> Option<Currency> {
        match code {
            "USD" => Some(Currency::Usd),
            "CNY" => Some(Currency::Cny),
            "EUR" => Some(Currency::Eur),
            _ => None,
        }
    }
}

/// How much to trust a price.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Confidence {
    Low,
    Medium,
    High,
}

/// One price of one offer in one region and term.
///
/// `region` and `source` are shared strings: every quote of the price keeps them, and a view
/// over 100k offers quotes each offer again on every pricing change, so a refcount bump there
/// replaces two string copies. They read and write as plain JSON strings.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Price {
    #[serde(deserialize_with = "shared_text")]
    pub region: Arc<str>,
    pub term: Term,
    /// `None`: the offer is sold here but its price is unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<f64>,
    /// Upper end when the source gives a range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_high: Option<f64>,
    pub currency: Currency,
    pub unit: PriceUnit,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub billing: Option<BillingIncrement>,
    pub as_of: AsOf,
    #[serde(deserialize_with = "shared_text")]
    pub source: Arc<str>,
    pub confidence: Confidence,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What a live source reported beyond the price (`live/<id>.csv`): capacity reported
    /// available, and for spot the interruption band. Unknown unless a source said.
    #[serde(default, skip_serializing_if = "Live::is_empty")]
    pub live: Live,
}

/// A shared string read straight from the text where it stands: serde's own way reads a
/// string, boxes it and copies it again into the `Arc` (three allocations' work for each of
/// the catalog's fourteen thousand price regions and sources, where one does).
fn shared_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Arc<str>, D::Error> {
    struct Text;
    impl serde::de::Visitor<'_> for Text {
        type Value = Arc<str>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a string")
        }
        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Arc<str>, E> {
            Ok(Arc::from(text))
        }
    }
    deserializer.deserialize_str(Text)
}

/// Dated, sourced facts a live source reports about a price beyond its amount.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Live {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available: Option<Available>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interruption: Option<Interruption>,
}

impl Live {
    pub fn is_empty(&self) -> bool {
        self.available.is_none() && self.interruption.is_none()
    }
}

/// Capacity a source reported available at a moment: how many units (machines or listings,
/// as the note says), or only that some were.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Available {
    /// `None`: reported available, no count given; `Some(0)`: reported sold out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    pub as_of: AsOf,
    #[serde(deserialize_with = "shared_text")]
    pub source: Arc<str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How often the provider reports its spot capacity being taken back: AWS's Spot Instance
/// Advisor bands (share of instances interrupted over the trailing month).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Interruption {
    pub band: InterruptionBand,
    pub as_of: AsOf,
    #[serde(deserialize_with = "shared_text")]
    pub source: Arc<str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A monthly interruption band, as the Spot Instance Advisor labels them.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub enum InterruptionBand {
    #[serde(rename = "<5%")]
    Under5,
    #[serde(rename = "5-10%")]
    From5To10,
    #[serde(rename = "10-15%")]
    From10To15,
    #[serde(rename = "15-20%")]
    From15To20,
    #[serde(rename = ">20%")]
    Over20,
}

impl InterruptionBand {
    pub const ALL: [InterruptionBand; 5] = [
        InterruptionBand::Under5,
        InterruptionBand::From5To10,
        InterruptionBand::From10To15,
        InterruptionBand::From15To20,
        InterruptionBand::Over20,
    ];

    /// The label the source and the files use ("5-10%").
    pub fn label(self) -> &'static str {
        match self {
            InterruptionBand::Under5 => "<5%",
            InterruptionBand::From5To10 => "5-10%",
            InterruptionBand::From10To15 => "10-15%",
            InterruptionBand::From15To20 => "15-20%",
            InterruptionBand::Over20 => ">20%",
        }
    }

    pub fn parse(text: &str) -> Option<InterruptionBand> {
        Self::ALL.into_iter().find(|b| b.label() == text.trim())
    }

    /// The share of instances interrupted in a month that costs are figured with: the band's
    /// upper end (the cautious reading), and for the open band ">20%" its lower end, the
    /// only figure it states.
    pub fn monthly_share(self) -> f64 {
        match self {
            InterruptionBand::Under5 => 0.05,
            InterruptionBand::From5To10 => 0.10,
            InterruptionBand::From10To15 => 0.15,
            InterruptionBand::From15To20 | InterruptionBand::Over20 => 0.20,
        }
    }
}

impl Price {
    /// This price per instance-hour, or `None` when unknown.
    ///
    /// Monthly prices spread over 730 hours and term totals over the term's hours: that is
    /// what the instance costs per hour when it runs all the time, which is how such terms
    /// are compared with hourly ones.
    pub fn per_instance_hour(&self, accelerators: f64) -> Option<f64> {
        let amount = self.amount?;
        let hourly = match self.unit {
            PriceUnit::InstanceHour => amount,
            PriceUnit::AcceleratorHour => amount * accelerators,
            PriceUnit::InstanceMonth => amount / HOURS_PER_MONTH,
            PriceUnit::AcceleratorMonth => amount * accelerators / HOURS_PER_MONTH,
            PriceUnit::InstanceTerm => amount / self.term.term_hours()?,
            PriceUnit::AcceleratorSecond => amount * accelerators * SECONDS_PER_HOUR,
        };
        Some(hourly)
    }
}

/// A reference exchange rate: one `base` buys `rate` of `quote`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FxRate {
    pub date: AsOf,
    pub base: Currency,
    pub quote: Currency,
    pub rate: f64,
    pub source_title: String,
    pub source_url: String,
}

// ---------------------------------------------------------------------------------------
// Price history: the values (how to read them is `history`).

/// One value a price had. Short field names: the app's catalog file holds hundreds of these.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Observation {
    #[serde(rename = "p")]
    pub amount: f64,
    #[serde(rename = "h", default, skip_serializing_if = "Option::is_none")]
    pub amount_high: Option<f64>,
    #[serde(rename = "c")]
    pub currency: Currency,
    #[serde(rename = "u")]
    pub unit: PriceUnit,
    /// When the value was true at its source.
    #[serde(rename = "a")]
    pub as_of: AsOf,
    /// A `[[source]]` id of the provider.
    #[serde(rename = "s")]
    pub source: String,
    /// The day the catalog took the value in.
    #[serde(rename = "r")]
    pub recorded: AsOf,
}

/// Every recorded value of one price, in the order recorded (oldest first).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PriceHistory {
    /// The app's offer id, `provider/offer`.
    pub offer: String,
    pub region: String,
    pub term: Term,
    #[serde(rename = "values")]
    pub observations: Vec<Observation>,
}

/// The price history the catalog ships.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct History {
    /// The day history began: the oldest recorded day. `None`: no history is kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<AsOf>,
    /// The catalog's version: its newest recorded day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<AsOf>,
    /// Sorted by offer, region and term, so a price is found by binary search.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prices: Vec<PriceHistory>,
}
