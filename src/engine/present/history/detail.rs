//! One offer's price history in the view's term: the step chart (one line per region whose
//! price has recorded values), and the sentence "last changed …" or "no change recorded".

use catalog::format;
use catalog::history::{Change, History, PriceHistory};
use catalog::{AsOf, Lang, Term};
use charts::{ChartWords, Step, StepSeries, StepsData};

use super::dates::long_date;
use super::observed::quote_of;
use crate::explorer::Entry;
use crate::present::i18n::{self, pick};
use crate::pricing::{PriceView, Rates};

/// One region's price of the offer with its recorded values.
#[derive(Debug, Clone, Copy)]
pub struct RegionHistory<'a> {
    pub region: &'a str,
    pub history: &'a PriceHistory,
}

/// The offer's prices in `term` that have a recorded history, by region id.
pub fn regions<'a>(entry: &Entry<'a>, history: &'a History, term: Term) -> Vec<RegionHistory<'a>> {
    let mut found: Vec<RegionHistory<'a>> = history
        .of_offer(&entry.offer.id)
        .filter(|h| h.term == term)
        .map(|h| RegionHistory {
            region: h.region.as_str(),
            history: h,
        })
        .collect();
    found.sort_by(|a, b| a.region.cmp(b.region));
    found
}

/// The region's name as the provider gives it, else its id.
fn region_name(entry: &Entry<'_>, region: &str, lang: Lang) -> String {
    entry.provider.region(region).map_or_else(
        || region.to_string(),
        |r| crate::present::i18n::region_name(lang, r).to_string(),
    )
}

/// A source's title, else its id.
pub(super) fn source_title(entry: &Entry<'_>, source: &str) -> String {
    entry
        .provider
        .source(source)
        .map_or_else(|| source.to_string(), |s| s.title.clone())
}

/// A value as the view shows it, or "unknown" when the view cannot price it (a basis the
/// offer lacks, a missing rate).
pub(super) fn value_text(
    observation: &catalog::history::Observation,
    entry: &Entry<'_>,
    region: &str,
    term: Term,
    view: &PriceView,
    rates: &Rates,
    lang: Lang,
) -> (Option<f64>, String) {
    let quote = quote_of(observation, entry, region, term, view, rates);
    match quote.value {
        Some(v) => (
            Some(v),
            format::money_range(v, quote.value_high, quote.currency),
        ),
        None => (None, i18n::t(lang, i18n::Msg::Unknown).to_string()),
    }
}

/// The step chart's data: one line per region with recorded values, running on to `today`.
#[allow(clippy::too_many_arguments)]
pub fn steps(
    entry: &Entry<'_>,
    history: &History,
    term: Term,
    view: &PriceView,
    rates: &Rates,
    lang: Lang,
    today: &AsOf,
) -> StepsData {
    let series = regions(entry, history, term)
        .into_iter()
        .map(|r| StepSeries {
            name: region_name(entry, r.region, lang),
            steps: r
                .history
                .observations
                .iter()
                .filter_map(|o| {
                    let (value, value_text) =
                        value_text(o, entry, r.region, term, view, rates, lang);
                    Some(Step {
                        x: o.as_of.days_since_epoch() as f64,
                        value: value?,
                        date: format::date(&o.as_of),
                        value_text,
                        source: source_title(entry, &o.source),
                        estimated: o.as_of.estimated,
                    })
                })
                .collect(),
        })
        .collect();
    StepsData {
        title: format!(
            "{} — {}",
            pick(lang, "Price history", "价格历史"),
            i18n::term(lang, term)
        ),
        x_label: pick(
            lang,
            "Date the price was true (≈ estimated)",
            "价格生效日期（≈ 为估计）",
        )
        .into(),
        y_label: i18n::price_unit(lang, view.currency.code(), view.basis, view.duration),
        series,
        end_x: Some(today.days_since_epoch() as f64),
        words: ChartWords {
            no_data: pick(lang, "No recorded change", "无变价记录").into(),
            unknown: i18n::t(lang, i18n::Msg::Unknown).into(),
            name: i18n::t(lang, i18n::Msg::Region).into(),
            group: i18n::t(lang, i18n::Msg::Source).into(),
            ..ChartWords::default()
        },
    }
}

/// The offer's newest change in `term` over its regions, with its region: newest by the day
/// the new value was true, then by the day it was recorded.
pub fn last_change<'a>(
    entry: &Entry<'a>,
    history: &'a History,
    term: Term,
) -> Option<(&'a str, Change<'a>)> {
    regions(entry, history, term)
        .into_iter()
        .filter_map(|r| Some((r.region, r.history.last_change()?)))
        .max_by_key(|(_, c)| (c.to.as_of.days_since_epoch(), c.to.recorded))
}

/// What the detail says of the offer's last move in a term: the sentence, and the title of the
/// source that stated the new price, cited apart (a title stays in its own language).
#[derive(Debug, Clone, PartialEq)]
pub struct LastChanged {
    /// "Last changed 22 Jul 2026 in Iowa: $43.07 → $88.49 (recorded 2 Dec 2026)." or "No
    /// change recorded since history began (1 Dec 2026)."
    pub sentence: String,
    pub source: Option<String>,
}

impl LastChanged {
    fn only(sentence: String) -> LastChanged {
        LastChanged {
            sentence,
            source: None,
        }
    }
}

/// The offer's newest change in `term`, as [`LastChanged`] says it.
pub fn last_changed(
    entry: &Entry<'_>,
    history: &History,
    term: Term,
    view: &PriceView,
    rates: &Rates,
    lang: Lang,
) -> LastChanged {
    let Some(start) = history.start else {
        return LastChanged::only(
            pick(
                lang,
                "No price history is recorded yet.",
                "尚无价格历史记录。",
            )
            .into(),
        );
    };
    let Some((region, change)) = last_change(entry, history, term) else {
        return LastChanged::only(match lang {
            Lang::En => format!(
                "No change recorded since history began ({}).",
                long_date(&start, lang)
            ),
            Lang::Zh => format!(
                "自价格历史开始记录（{}）以来无变价。",
                long_date(&start, lang)
            ),
        });
    };
    let text = |o| value_text(o, entry, region, term, view, rates, lang).1;
    let (old, new) = (text(change.from), text(change.to));
    let when = long_date(&change.to.as_of, lang);
    let recorded = long_date(&change.to.recorded, lang);
    let place = region_name(entry, region, lang);
    LastChanged {
        sentence: match lang {
            Lang::En => {
                format!("Last changed {when} in {place}: {old} → {new} (recorded {recorded}).")
            }
            Lang::Zh => {
                format!("最近一次变价：{when}，{place}：{old} → {new}（记录于 {recorded}）。")
            }
        },
        source: Some(source_title(entry, &change.to.source)),
    }
}
