//! The two languages every layer speaks, and the words for catalog terms that every layer shows.
//!
//! It sits in the catalog because the catalog already carries `name_zh`, and the scoring
//! engine's explanations need the same words the table uses.

use serde::{Deserialize, Serialize};

use crate::{Confidence, Link, Provider};

/// A provider's name as a reader of `lang` knows it: in Chinese its Chinese name where it has
/// one (亚马逊云科技, 阿里云), else its own name — once, never both.
pub fn provider_name(lang: Lang, provider: &Provider) -> &str {
    match (lang, &provider.name_zh) {
        (Lang::Zh, Some(zh)) => zh,
        _ => &provider.name,
    }
}

/// The language of everything shown: English or Simplified Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// Picks the language from the browser's list (navigator.languages), English otherwise.
    pub fn from_browser<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        for tag in preferred {
            let tag = tag.to_ascii_lowercase();
            if tag.starts_with("zh") {
                return Lang::Zh;
            }
            if tag.starts_with("en") {
                return Lang::En;
            }
        }
        Lang::En
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh-CN",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "zh" | "zh-CN" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The language's own name, for the switcher.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
        }
    }
}

/// The English or the Chinese of a phrase: the one helper every bilingual string goes through.
pub fn pick(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

pub fn link(lang: Lang, link: Link) -> &'static str {
    let (en, zh) = match link {
        Link::Nvlink => ("NVLink / NVSwitch", "NVLink / NVSwitch"),
        Link::Infiniband => ("InfiniBand / RoCE / EFA", "InfiniBand / RoCE / EFA"),
        Link::PcieOnly => ("PCIe only", "仅 PCIe"),
        Link::Ici => ("TPU ICI", "TPU ICI"),
    };
    pick(lang, en, zh)
}

pub fn confidence(lang: Lang, confidence: Confidence) -> &'static str {
    let (en, zh) = match confidence {
        Confidence::High => ("high", "高"),
        Confidence::Medium => ("medium", "中"),
        Confidence::Low => ("low", "低"),
    };
    pick(lang, en, zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_language_picks_chinese_or_english() {
        assert_eq!(Lang::from_browser(["zh-CN", "en"]), Lang::Zh);
        assert_eq!(Lang::from_browser(["zh-TW"]), Lang::Zh);
        assert_eq!(Lang::from_browser(["de-DE", "en-GB"]), Lang::En);
        assert_eq!(Lang::from_browser(["fr"]), Lang::En);
        assert_eq!(Lang::from_browser([]), Lang::En);
    }

    #[test]
    fn a_provider_is_named_in_the_readers_language_once() {
        let provider = |name: &str, name_zh: Option<&str>| crate::Provider {
            id: "p".into(),
            name: name.into(),
            name_zh: name_zh.map(Into::into),
            category: crate::ProviderCategory::China,
            headquarters: None,
            currencies: vec![],
            homepage: String::new(),
            billing_increment: None,
            facts: crate::ProviderFacts::default(),
            regions: vec![],
            sources: vec![],
            retired: vec![],
        };
        let aws = provider("Amazon Web Services (EC2)", Some("亚马逊云科技"));
        assert_eq!(provider_name(Lang::En, &aws), "Amazon Web Services (EC2)");
        assert_eq!(provider_name(Lang::Zh, &aws), "亚马逊云科技");
        assert_eq!(provider_name(Lang::Zh, &provider("Lambda", None)), "Lambda");
    }
}
