//! The two languages every layer speaks, and the words for catalog terms that every layer shows.
//!
//! It sits in the catalog because the catalog already carries `name_zh`, and the scoring
//! engine's explanations need the same words the table uses.

use serde::{Deserialize, Serialize};

use crate::fabric::{Basis, InsideLink};
use crate::{Accelerator, Confidence, Interconnect, Link, Provider, Region};

/// A provider's name as a reader of `lang` knows it: in Chinese its Chinese name where it has
/// one (亚马逊云科技, 阿里云), else its own name — once, never both.
pub fn provider_name(lang: Lang, provider: &Provider) -> &str {
    match (lang, &provider.name_zh) {
        (Lang::Zh, Some(zh)) => zh,
        _ => &provider.name,
    }
}

/// A region's name as a reader of `lang` knows it: its Chinese name where the file gives one.
pub fn region_name(lang: Lang, region: &Region) -> &str {
    match (lang, &region.name_zh) {
        (Lang::Zh, Some(zh)) => zh,
        _ => &region.name,
    }
}

/// An accelerator variant in the reader's language: the words of its qualifier ("(form factor
/// not stated)") translated, the names in it (SXM5, 80GB, Grace Hopper) kept.
pub fn variant(lang: Lang, variant: &str) -> &str {
    if lang == Lang::En {
        return variant;
    }
    VARIANTS_ZH
        .iter()
        .find(|(en, _)| *en == variant)
        .map_or(variant, |(_, zh)| zh)
}

/// The Chinese of every variant that has words besides names; the catalog test checks that
/// no variant with such words is missing.
const VARIANTS_ZH: &[(&str, &str)] = &[
    (
        "(generation not stated: Quadro RTX 4000 or RTX 4000 Ada)",
        "（未注明代次：Quadro RTX 4000 或 RTX 4000 Ada）",
    ),
    (
        "(generation not stated: Quadro RTX 5000 or RTX 5000 Ada)",
        "（未注明代次：Quadro RTX 5000 或 RTX 5000 Ada）",
    ),
    (
        "(generation not stated: Quadro RTX 6000 or RTX 6000 Ada)",
        "（未注明代次：Quadro RTX 6000 或 RTX 6000 Ada）",
    ),
    (
        "(memory and form factor not stated)",
        "（未注明显存与外形规格）",
    ),
    ("(memory not stated)", "（未注明显存）"),
    (
        "(memory not stated: 8 or 12 GB)",
        "（未注明显存：8 或 12 GB）",
    ),
    (
        "12GB (one GK210 GPU of a K80 board)",
        "12GB（K80 板卡上的一颗 GK210 GPU）",
    ),
    ("16GB (form factor not stated)", "16GB（未注明外形规格）"),
    (
        "16GB (one GPU of an A16 board)",
        "16GB（A16 板卡上的一颗 GPU）",
    ),
    (
        "20GB (full-size or SFF card not stated)",
        "20GB（未注明全尺寸卡或 SFF 卡）",
    ),
    ("24GB (AWS G5)", "24GB（AWS G5）"),
    ("32GB (form factor not stated)", "32GB（未注明外形规格）"),
    ("40GB (form factor not stated)", "40GB（未注明外形规格）"),
    ("80GB (form factor not stated)", "80GB（未注明外形规格）"),
    (
        "8GB (one GPU of an M60 board)",
        "8GB（M60 板卡上的一颗 GPU）",
    ),
    (
        "96GB HBM3 (Grace Hopper superchip, GPU)",
        "96GB HBM3（Grace Hopper 超级芯片中的 GPU）",
    ),
    (
        "Blackwell 96GB (Server or Workstation edition not stated)",
        "Blackwell 96GB（未注明服务器版或工作站版）",
    ),
    ("Blackwell Server Edition 32GB", "Blackwell 服务器版 32GB"),
    (
        "HBM3e (Grace Hopper superchip, GPU)",
        "HBM3e（Grace Hopper 超级芯片中的 GPU）",
    ),
    ("HL-205 32GB (first generation)", "HL-205 32GB（第一代）"),
    (
        "Inferentia2 (Inf2 chip) 32GB",
        "Inferentia2（Inf2 芯片）32GB",
    ),
    ("Ironwood, per chip", "Ironwood，每芯片"),
    (
        "Trainium (Trn1/Trn1n chip) 32GB",
        "Trainium（Trn1/Trn1n 芯片）32GB",
    ),
    ("Trainium2 (Trn2 chip) 96GB", "Trainium2（Trn2 芯片）96GB"),
    (
        "per Blackwell GPU (Grace Blackwell superchip)",
        "每颗 Blackwell GPU（Grace Blackwell 超级芯片）",
    ),
    (
        "per Blackwell Ultra GPU (Grace Blackwell superchip)",
        "每颗 Blackwell Ultra GPU（Grace Blackwell 超级芯片）",
    ),
    ("per chip", "每芯片"),
];

/// "NVIDIA H100 80GB（未注明外形规格）": [`Accelerator::label`] in the reader's language.
pub fn accelerator_label(lang: Lang, accelerator: &Accelerator) -> String {
    match lang {
        Lang::En => accelerator.label(),
        Lang::Zh => format!(
            "{} {} {}",
            accelerator.vendor.label(),
            accelerator.model,
            variant(lang, &accelerator.variant)
        ),
    }
}

/// How a text of the catalog (a note, a provider fact) reaches a reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CatalogText<'a> {
    /// In the reader's language as written (English to an English reader).
    Own(&'a str),
    /// The file's Chinese beside an English original: GPU Atlas's translation, marked so.
    Translated(&'a str),
    /// No Chinese yet: the English original, which a Chinese page folds away under a
    /// Chinese line saying so (never shown as if it were Chinese).
    Untranslated(&'a str),
}

/// The text a reader of `lang` gets from an English original and its Chinese, if any.
pub fn catalog_text<'a>(lang: Lang, en: &'a str, zh: Option<&'a str>) -> CatalogText<'a> {
    match (lang, zh.filter(|z| !z.trim().is_empty())) {
        (Lang::En, _) => CatalogText::Own(en),
        (Lang::Zh, Some(zh)) if zh == en => CatalogText::Own(zh),
        (Lang::Zh, Some(zh)) => CatalogText::Translated(zh),
        (Lang::Zh, None) if !en.chars().any(|c| c.is_ascii_alphabetic()) => CatalogText::Own(en),
        (Lang::Zh, None) => CatalogText::Untranslated(en),
    }
}

/// The mark after a translated catalog text, and what it says on hover.
pub const TRANSLATED_MARK: &str = "（译）";
pub const TRANSLATED_TITLE: &str = "GPU Atlas 据英文原文翻译，以原文为准";
/// The line an untranslated English original is folded under on a Chinese page.
pub const UNTRANSLATED_SUMMARY: &str = "英文原文（尚无中文译文）";

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

/// The link inside an instance as a reader names it ("NVSwitch", "PCIe"), saying when it is
/// read off the SXM board rather than stated by the offer.
pub fn inside_link(lang: Lang, inside: InsideLink) -> String {
    let name = match inside.link {
        Interconnect::Nvswitch => "NVSwitch",
        Interconnect::Nvlink => "NVLink",
        Interconnect::Pcie => "PCIe",
        Interconnect::Ici => "TPU ICI",
        Interconnect::None => pick(lang, "none", "无"),
    };
    match inside.basis {
        Basis::Stated => name.to_string(),
        Basis::FormFactor => match lang {
            Lang::En => format!("{name} (SXM board)"),
            Lang::Zh => format!("{name}（SXM 板）"),
        },
    }
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
