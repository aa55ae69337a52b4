//! What a link asked for that could not be honoured: the lines of the dismissible notice shown
//! when a damaged, outdated or newer link is opened.

use catalog::Lang;

/// One thing the link asked for that could not be honoured, to list in the notice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// The parameter's name as read (lower-case), or `…` for the link as a whole.
    pub key: String,
    /// A short, printable rendering of the value or list item left out.
    pub value: String,
    pub reason: Reason,
}

/// Why part of a link was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A parameter this version does not know (a typo, or one from a newer version).
    UnknownKey,
    /// A value that does not read: a broken escape, not UTF-8, not a number, not a known choice.
    BadValue,
    /// A number that reads but is outside what the setting allows.
    OutOfRange,
    /// An offer id that is no longer in the catalog.
    UnknownOffer,
    /// More items, text or parameters than a link may hold, or a parameter given twice.
    TooMany,
    /// The link was made by a newer version; what this version knows was still applied.
    UnsupportedVersion,
    /// The link is longer than [`MAX_QUERY_CHARS`]: it was not made by this app, or was
    /// damaged on the way; what it holds was read as far as the other limits allow.
    ///
    /// [`MAX_QUERY_CHARS`]: super::MAX_QUERY_CHARS
    LongLink,
}

impl Reason {
    pub const ALL: [Reason; 7] = [
        Reason::UnknownKey,
        Reason::BadValue,
        Reason::OutOfRange,
        Reason::UnknownOffer,
        Reason::TooMany,
        Reason::UnsupportedVersion,
        Reason::LongLink,
    ];

    /// Why it was ignored, as a short phrase for the notice.
    pub fn describe(&self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Reason::UnknownKey => ("not a setting this version knows", "本版本不认识的设置"),
            Reason::BadValue => ("could not be read", "无法读取"),
            Reason::OutOfRange => ("outside the allowed range", "超出允许范围"),
            Reason::UnknownOffer => (
                "this offer is no longer in the catalog",
                "该方案已不在目录中",
            ),
            Reason::TooMany => (
                "too many, too long or given twice; the rest was left out",
                "过多、过长或重复，多余部分已忽略",
            ),
            Reason::UnsupportedVersion => (
                "made by a newer version; what could be read was applied",
                "由更新版本生成，已应用可读取的部分",
            ),
            Reason::LongLink => (
                "longer than the 2,000 characters a link may hold (damaged, or not made by \
                 GPU Atlas); what could be read was applied",
                "超过链接最多 2,000 个字符的上限（链接可能已损坏，或并非由 GPU Atlas 生成）；\
                 已应用可读取的部分",
            ),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_described_in_both_languages() {
        for reason in Reason::ALL {
            let en = reason.describe(Lang::En);
            let zh = reason.describe(Lang::Zh);
            assert!(!en.is_empty() && !zh.is_empty(), "{reason:?}");
            assert_ne!(en, zh, "{reason:?}");
        }
    }

    #[test]
    fn reasons_are_told_apart() {
        for lang in Lang::ALL {
            let mut texts: Vec<_> = Reason::ALL.iter().map(|r| r.describe(lang)).collect();
            texts.sort_unstable();
            texts.dedup();
            assert_eq!(texts.len(), Reason::ALL.len());
        }
    }
}
