//! The score of each compared offer, split by criterion: why one ranks above another.

use crate::present::i18n::{pick, Lang};
use charts::{StackedData, StackedRow};
use scoring::{Criterion, Ranking};

/// One stacked bar per compared offer that the ranking scored, in the order compared;
/// `label` names an offer by id.
pub fn score_breakdown(
    ranking: &Ranking,
    compared: &[String],
    label: &dyn Fn(&str) -> String,
    lang: Lang,
) -> StackedData {
    let rows = compared
        .iter()
        .filter_map(|id| {
            let scored = ranking.get(id)?;
            Some(StackedRow {
                label: label(id),
                parts: scored.breakdown.iter().map(|(_, points)| *points).collect(),
            })
        })
        .collect();
    StackedData {
        title: pick(lang, "Score by criterion", "各项得分").into(),
        value_label: pick(lang, "points of 100", "分（满分 100）").into(),
        criteria: Criterion::ALL
            .iter()
            .map(|c| c.name(lang).to_string())
            .collect(),
        rows,
        words: super::words(lang, pick(lang, "Offer", "报价")),
    }
}
