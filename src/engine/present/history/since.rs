//! What changed since the catalog a link was made with: a link carries the catalog's version
//! (its newest recorded day, `share`'s `cv` key), and opening a link made with an older one
//! lists the prices of its view that the catalog recorded a new value for since.
//!
//! "Its view" is the offers the link shows, most specific first: the open detail, the selected
//! and compared offers, then the rows as listed; each in the view's term and allowed regions.

use std::collections::BTreeSet;

use catalog::history::Change;
use catalog::{AsOf, Lang, Term};

use super::dates::long_date;
use super::detail::value_text;
use crate::explorer::{Entry, Explorer};
use crate::present::i18n;
use crate::pricing::{PriceView, Rates, RegionChoice};

/// The most changed prices a notice lists; the rest are counted.
pub const MAX_LISTED: usize = 8;

/// A move this large (as a share either way) is called a big change: the share beyond which
/// the refresh holds a move for review (`refresh --threshold`, 0.4 by default).
pub const BIG_MOVE: f64 = 0.4;

/// One price of the view that changed since the link's catalog.
#[derive(Debug, Clone)]
pub struct Changed<'a> {
    pub entry: &'a Entry<'a>,
    pub region: &'a str,
    pub term: Term,
    /// The value the link's catalog held, and the value now.
    pub change: Change<'a>,
}

/// What a link's catalog version means for the prices it shows.
#[derive(Debug, Clone)]
pub enum Since<'a> {
    /// Nothing to say: the link's catalog is this one, nothing in its view changed, or this
    /// catalog keeps no history.
    Nothing,
    /// Made with an older catalog; these prices of its view changed since (`more` not listed).
    Older {
        version: AsOf,
        current: AsOf,
        changed: Vec<Changed<'a>>,
        more: usize,
    },
    /// Made with a newer catalog than this one: what it showed may be newer than what is here.
    Newer { version: AsOf, current: AsOf },
}

/// The changes since `version` among `offers` (ids, most specific first; repeats and unknown
/// ids are skipped) in `term` and the regions `regions` allows.
pub fn changed_since<'a, 'o>(
    explorer: &'a Explorer<'a>,
    offers: impl IntoIterator<Item = &'o str>,
    term: Term,
    regions: &RegionChoice,
    version: AsOf,
) -> Since<'a> {
    let history = explorer.history();
    let Some(current) = history.version else {
        return Since::Nothing;
    };
    if version > current {
        return Since::Newer { version, current };
    }
    if version == current {
        return Since::Nothing;
    }
    let mut seen = BTreeSet::new();
    let mut changed = Vec::new();
    for id in offers {
        if !seen.insert(id) {
            continue;
        }
        let Some(entry) = explorer.entry(id) else {
            continue;
        };
        for price in history.of_offer(id).filter(|p| p.term == term) {
            if !regions.allows(entry.provider, &price.region) {
                continue;
            }
            if let Some(change) = price.changed_since(version) {
                changed.push(Changed {
                    entry,
                    region: price.region.as_str(),
                    term,
                    change,
                });
            }
        }
    }
    if changed.is_empty() {
        return Since::Nothing;
    }
    let more = changed.len().saturating_sub(MAX_LISTED);
    changed.truncate(MAX_LISTED);
    Since::Older {
        version,
        current,
        changed,
        more,
    }
}

/// The notice's words: a heading, one line per price listed, and "and N more".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SinceNotice {
    pub heading: String,
    pub lines: Vec<String>,
    pub more: Option<String>,
}

impl Since<'_> {
    /// The notice in `lang`, prices as `view` shows them; `None` when there is nothing to say.
    pub fn notice(&self, lang: Lang, view: &PriceView, rates: &Rates) -> Option<SinceNotice> {
        match self {
            Since::Nothing => None,
            Since::Newer { version, current } => {
                let (link, here) = (long_date(version, lang), long_date(current, lang));
                Some(SinceNotice {
                    heading: match lang {
                        Lang::En => format!(
                            "This link was made with a newer catalog ({link}) than the one loaded here ({here}): its prices may differ from what its sender saw. Reload the page to get the newest catalog."
                        ),
                        Lang::Zh => format!(
                            "此链接由更新的目录（{link}）生成，而此处加载的是 {here} 的目录：价格可能与发送者所见不同。请刷新页面以获取最新目录。"
                        ),
                    },
                    ..SinceNotice::default()
                })
            }
            Since::Older {
                version,
                current,
                changed,
                more,
            } => {
                let (then, now) = (long_date(version, lang), long_date(current, lang));
                let heading = match lang {
                    Lang::En => format!(
                        "Prices in this view changed since this link was made (its catalog: {then}; this catalog: {now}):"
                    ),
                    Lang::Zh => format!(
                        "自此链接生成以来，此视图中的以下价格已变化（链接的目录：{then}；当前目录：{now}）："
                    ),
                };
                let lines = changed.iter().map(|c| c.line(lang, view, rates)).collect();
                let more = (*more > 0).then(|| match lang {
                    Lang::En => format!("and {more} more"),
                    Lang::Zh => format!("另有 {more} 项"),
                });
                Some(SinceNotice {
                    heading,
                    lines,
                    more,
                })
            }
        }
    }
}

impl Changed<'_> {
    /// "Google Cloud · a3-highgpu-8g · us-central1 · On-demand: $43.07 → $88.49 (true as of
    /// 22 Jul 2026; recorded 2 Dec 2026)".
    pub fn line(&self, lang: Lang, view: &PriceView, rates: &Rates) -> String {
        let value = |o| value_text(o, self.entry, self.region, self.term, view, rates, lang);
        let ((was, old), (is, new)) = (value(self.change.from), value(self.change.to));
        // The move as a share, and a word when it is as large as the refresh flags for review
        // (its default --threshold): a price that doubled should not read like a rounding.
        let moved = was
            .zip(is)
            .filter(|(was, _)| *was > 0.0)
            .map(|(was, is)| is / was - 1.0);
        let moved = moved.map(|m| {
            let percent = format!(
                "{}{:.0} %",
                if m >= 0.0 { "+" } else { "−" },
                m.abs() * 100.0
            );
            match (lang, m.abs() >= BIG_MOVE) {
                (Lang::En, true) => format!("{percent}, a big change; "),
                (Lang::Zh, true) => format!("{percent}，大幅变动；"),
                (Lang::En, false) => format!("{percent}; "),
                (Lang::Zh, false) => format!("{percent}；"),
            }
        });
        let moved = moved.unwrap_or_default();
        let name = format!(
            "{} · {} · {} · {}",
            catalog::lang::provider_name(lang, self.entry.provider),
            self.entry.offer.instance,
            self.region,
            i18n::term(lang, self.term)
        );
        let (as_of, recorded) = (
            long_date(&self.change.to.as_of, lang),
            long_date(&self.change.to.recorded, lang),
        );
        match lang {
            Lang::En => {
                format!("{name}: {old} → {new} ({moved}true as of {as_of}; recorded {recorded})")
            }
            Lang::Zh => {
                format!("{name}：{old} → {new}（{moved}{as_of} 生效；记录于 {recorded}）")
            }
        }
    }
}
