//! The words a link uses for each choice: `cur=cny`, `term=reserved-1y`, `unit=memory-gb`.
//!
//! Spelled out here, not taken from serde names or `Debug`, because these words are a promise
//! to everyone who saved a link: renaming a variant must not rename its word. The matches are
//! exhaustive, so a new variant cannot compile until it has a word; add it to `ALL` too (the
//! round-trip test walks `ALL`).

use crate::pricing::{Duration, PriceBasis};
use crate::view::chart_choices::Efficiency;
use crate::view::chart_choices::Measure;
use crate::view::columns::{Column, Lead};
use crate::view::state::{Mode, Theme};
use catalog::Lang;
use catalog::Link;
use catalog::{Area, Currency, ProviderCategory, Term, Vendor};
use scoring::{CostBasis, Scenario};
use workload::{FineTuneMethod, Precision, Quant};

/// A closed choice with one word per value in links (and in the page's own selects, so the
/// two never disagree).
pub trait Token: Copy + PartialEq + Sized + 'static {
    const ALL: &'static [Self];

    fn token(self) -> &'static str;

    /// Other spellings a hand-written link may use, already lower-cased.
    fn alias(_word: &str) -> Option<Self> {
        None
    }

    /// The value `word` names, ignoring case and surrounding spaces.
    fn from_token(word: &str) -> Option<Self> {
        let word = word.trim();
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.token().eq_ignore_ascii_case(word))
            .or_else(|| Self::alias(&word.to_ascii_lowercase()))
    }
}

impl Token for Mode {
    const ALL: &'static [Mode] = &[Mode::Table, Mode::Rank, Mode::Charts, Mode::Market];
    fn token(self) -> &'static str {
        match self {
            Mode::Table => "table",
            Mode::Rank => "rank",
            Mode::Charts => "charts",
            Mode::Market => "market",
        }
    }
}

impl Token for Theme {
    const ALL: &'static [Theme] = &[Theme::System, Theme::Light, Theme::Dark];
    fn token(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl Token for Lang {
    const ALL: &'static [Lang] = &Lang::ALL;
    fn token(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
    // BCP 47 tags people copy from elsewhere.
    fn alias(word: &str) -> Option<Lang> {
        match word {
            "zh-cn" | "zh-hans" | "zh-hans-cn" => Some(Lang::Zh),
            "en-us" | "en-gb" => Some(Lang::En),
            _ => None,
        }
    }
}

impl Token for Term {
    const ALL: &'static [Term] = &Term::ALL;
    fn token(self) -> &'static str {
        match self {
            Term::OnDemand => "on-demand",
            Term::Spot => "spot",
            Term::Reserved1y => "reserved-1y",
            Term::Reserved3y => "reserved-3y",
            Term::Monthly => "monthly",
            Term::Free => "free",
            Term::Serverless => "serverless",
        }
    }
}

impl Token for Currency {
    const ALL: &'static [Currency] = &[Currency::Usd, Currency::Cny, Currency::Eur];
    fn token(self) -> &'static str {
        match self {
            Currency::Usd => "usd",
            Currency::Cny => "cny",
            Currency::Eur => "eur",
        }
    }
}

impl Token for PriceBasis {
    const ALL: &'static [PriceBasis] = &PriceBasis::ALL;
    fn token(self) -> &'static str {
        match self {
            PriceBasis::Instance => "instance",
            PriceBasis::Accelerator => "accelerator",
            PriceBasis::MemoryGb => "memory-gb",
            PriceBasis::Bf16Pflop => "bf16-pflop",
        }
    }
}

impl Token for Duration {
    const ALL: &'static [Duration] = &Duration::ALL;
    fn token(self) -> &'static str {
        match self {
            Duration::Hour => "hour",
            Duration::Day => "day",
            Duration::Month => "month",
            Duration::Year => "year",
        }
    }
}

impl Token for Area {
    const ALL: &'static [Area] = &[
        Area::Cn,
        Area::Hk,
        Area::Asia,
        Area::Us,
        Area::Eu,
        Area::Other,
        Area::Global,
    ];
    fn token(self) -> &'static str {
        match self {
            Area::Cn => "cn",
            Area::Hk => "hk",
            Area::Asia => "asia",
            Area::Us => "us",
            Area::Eu => "eu",
            Area::Other => "other",
            Area::Global => "global",
        }
    }
}

impl Token for Vendor {
    const ALL: &'static [Vendor] = &[
        Vendor::Nvidia,
        Vendor::Amd,
        Vendor::Intel,
        Vendor::Google,
        Vendor::Aws,
    ];
    fn token(self) -> &'static str {
        match self {
            Vendor::Nvidia => "nvidia",
            Vendor::Amd => "amd",
            Vendor::Intel => "intel",
            Vendor::Google => "google",
            Vendor::Aws => "aws",
        }
    }
}

impl Token for ProviderCategory {
    const ALL: &'static [ProviderCategory] = &[
        ProviderCategory::Hyperscaler,
        ProviderCategory::GpuCloud,
        ProviderCategory::Marketplace,
        ProviderCategory::China,
    ];
    fn token(self) -> &'static str {
        match self {
            ProviderCategory::Hyperscaler => "hyperscaler",
            ProviderCategory::GpuCloud => "gpu-cloud",
            ProviderCategory::Marketplace => "marketplace",
            ProviderCategory::China => "china",
        }
    }
}

impl Token for Link {
    const ALL: &'static [Link] = &Link::ALL;
    fn token(self) -> &'static str {
        match self {
            Link::Nvlink => "nvlink",
            Link::Infiniband => "infiniband",
            Link::PcieOnly => "pcie-only",
            Link::Ici => "ici",
        }
    }
}

impl Token for CostBasis {
    const ALL: &'static [CostBasis] = &CostBasis::ALL;
    fn token(self) -> &'static str {
        match self {
            CostBasis::Hour => "hour",
            CostBasis::AcceleratorHour => "accelerator-hour",
            CostBasis::Bf16PflopHour => "bf16-pflop-hour",
            CostBasis::Fp8PflopHour => "fp8-pflop-hour",
            CostBasis::GbHour => "gb-hour",
            CostBasis::Bandwidth => "bandwidth",
            CostBasis::Job => "job",
        }
    }
}

impl Token for Scenario {
    const ALL: &'static [Scenario] = &Scenario::ALL;
    fn token(self) -> &'static str {
        match self {
            Scenario::Training => "training",
            Scenario::Inference => "inference",
            Scenario::MemoryBound => "memory-bound",
            Scenario::Prototyping => "prototyping",
            Scenario::Enterprise => "enterprise",
        }
    }
}

/// Columns already have keys "for URLs, tests and CSS"; the fixtures pin them.
impl Token for Lead {
    const ALL: &'static [Lead] = &[Lead::DataCentre, Lead::None];
    fn token(self) -> &'static str {
        match self {
            Lead::DataCentre => "data-centre",
            Lead::None => "none",
        }
    }
}

impl Token for Column {
    const ALL: &'static [Column] = &Column::ALL;
    fn token(self) -> &'static str {
        self.key()
    }
}

impl Token for Precision {
    const ALL: &'static [Precision] = &Precision::ALL;
    fn token(self) -> &'static str {
        match self {
            Precision::Bf16 => "bf16",
            Precision::Fp16 => "fp16",
            Precision::Fp8 => "fp8",
        }
    }
}

impl Token for Quant {
    const ALL: &'static [Quant] = &Quant::ALL;
    fn token(self) -> &'static str {
        match self {
            Quant::Fp16 => "fp16",
            Quant::Bf16 => "bf16",
            Quant::Fp8 => "fp8",
            Quant::Int8 => "int8",
            Quant::Int4 => "int4",
        }
    }
}

impl Token for FineTuneMethod {
    const ALL: &'static [FineTuneMethod] = &FineTuneMethod::ALL;
    fn token(self) -> &'static str {
        match self {
            FineTuneMethod::Full => "full",
            FineTuneMethod::Lora => "lora",
            FineTuneMethod::Qlora => "qlora",
        }
    }
}

impl Token for Measure {
    const ALL: &'static [Measure] = &Measure::ALL;
    fn token(self) -> &'static str {
        match self {
            Measure::Bf16 => "bf16",
            Measure::Memory => "memory",
            Measure::Bandwidth => "bandwidth",
            Measure::JobTime => "job-time",
        }
    }
}

impl Token for Efficiency {
    const ALL: &'static [Efficiency] = &Efficiency::ALL;
    fn token(self) -> &'static str {
        match self {
            Efficiency::PflopHour => "pflop-hour",
            Efficiency::GbHour => "gb-hour",
            Efficiency::Job => "job",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::percent::escape;
    use super::*;

    /// Every word names its value, no two values share one, and none needs escaping.
    fn check<T: Token + std::fmt::Debug>() {
        let mut words: Vec<&str> = T::ALL.iter().map(|v| v.token()).collect();
        for value in T::ALL {
            assert_eq!(T::from_token(value.token()), Some(*value), "{value:?}");
            assert_eq!(escape(value.token(), true), value.token(), "{value:?}");
        }
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), T::ALL.len(), "duplicate words");
    }

    #[test]
    fn every_choice_has_one_url_safe_word() {
        check::<Mode>();
        check::<Theme>();
        check::<Lang>();
        check::<Term>();
        check::<Currency>();
        check::<PriceBasis>();
        check::<Duration>();
        check::<Area>();
        check::<Vendor>();
        check::<ProviderCategory>();
        check::<Link>();
        check::<CostBasis>();
        check::<Scenario>();
        check::<Column>();
        check::<Precision>();
        check::<Quant>();
        check::<FineTuneMethod>();
        check::<super::super::job::Kind>();
        check::<Measure>();
        check::<Efficiency>();
    }

    #[test]
    fn words_are_read_regardless_of_case_and_spaces() {
        assert_eq!(Currency::from_token(" CNY "), Some(Currency::Cny));
        assert_eq!(Vendor::from_token("NVIDIA"), Some(Vendor::Nvidia));
        assert_eq!(Term::from_token("yearly"), None);
    }

    #[test]
    fn language_tags_from_elsewhere_are_understood() {
        assert_eq!(Lang::from_token("zh-CN"), Some(Lang::Zh));
        assert_eq!(Lang::from_token("zh-Hans"), Some(Lang::Zh));
        assert_eq!(Lang::from_token("en-US"), Some(Lang::En));
        assert_eq!(Lang::from_token("fr"), None);
    }
}
