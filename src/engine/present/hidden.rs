//! What a view leaves out, said beside its count: the offers with no price in its term (and
//! regions), and the offers that do not state a fact a filter asks for — unknown is not "no",
//! so those are counted apart with one switch to show them, marked (link key `unstated`).

use super::i18n::{pick, Lang};
use crate::view::filters::{AskedFact, RangeField};
use catalog::Term;

/// A fact as a sentence names it ("multi-node clusters").
fn fact(lang: Lang, fact: AskedFact) -> String {
    let (en, zh) = match fact {
        AskedFact::Range(RangeField::Count) => ("the accelerator count", "加速卡数量"),
        AskedFact::Range(RangeField::MemoryPerAccelerator) => {
            ("memory per accelerator", "单卡显存")
        }
        AskedFact::Range(RangeField::MemoryTotal) => ("total accelerator memory", "总显存"),
        AskedFact::Range(RangeField::Vcpus) => ("vCPUs", "vCPU 数"),
        AskedFact::Range(RangeField::Ram) => ("RAM", "内存"),
        AskedFact::Range(RangeField::Price) => ("a price", "价格"),
        AskedFact::Range(RangeField::Bf16) => ("BF16 TFLOPS", "BF16 算力"),
        AskedFact::Interconnect => ("the interconnect", "互联方式"),
        AskedFact::MultiNode => ("multi-node clusters", "多节点集群"),
        AskedFact::Kubernetes => ("managed Kubernetes", "托管 Kubernetes"),
        AskedFact::FrameworkImages => ("framework images", "预装框架镜像"),
        AskedFact::Notebooks => ("notebooks", "Notebook"),
    };
    pick(lang, en, zh).to_string()
}

/// "a or b" / "a、b": the facts asked, in one phrase.
fn facts(lang: Lang, asked: &[AskedFact]) -> String {
    let words: Vec<String> = asked.iter().map(|&a| fact(lang, a)).collect();
    match (lang, words.as_slice()) {
        (Lang::En, [.., last]) if words.len() > 1 => {
            format!("{} or {last}", words[..words.len() - 1].join(", "))
        }
        (Lang::Zh, _) => words.join("、"),
        _ => words.concat(),
    }
}

/// The sentence on offers that do not state what the filters ask, and its switch's words;
/// `None` when there are none. `shown`: whether the view shows them (marked).
pub fn unstated_note(
    lang: Lang,
    asked: &[AskedFact],
    count: usize,
    shown: bool,
) -> Option<(String, &'static str)> {
    if count == 0 {
        return None;
    }
    let what = facts(lang, asked);
    Some(match (lang, shown) {
        (Lang::En, false) => (
            match count {
                1 => format!("1 more offer does not state {what}: not counted as “no”."),
                n => format!("{n} more offers do not state {what}: not counted as “no”."),
            },
            "Show them, marked",
        ),
        (Lang::En, true) => (
            match count {
                1 => format!("1 offer listed does not state {what}; it is marked “not stated”."),
                n => {
                    format!("{n} offers listed do not state {what}; they are marked “not stated”.")
                }
            },
            "Leave them out",
        ),
        (Lang::Zh, false) => (
            format!("另有 {count} 个报价未注明{what}：未注明不等于“没有”。"),
            "显示它们（标注）",
        ),
        (Lang::Zh, true) => (
            format!("列表中 {count} 个报价未注明{what}，已标为“未注明”。"),
            "不显示它们",
        ),
    })
}

/// The row mark for an offer shown though it does not state what a filter asks, and what the
/// mark means.
pub fn unstated_mark(lang: Lang) -> (&'static str, &'static str) {
    (
        pick(lang, "not stated", "未注明"),
        pick(
            lang,
            "This offer does not state a fact the filters ask for; it is shown because you asked to see such offers.",
            "该报价未注明筛选条件所问的信息；因您选择显示此类报价而列出。",
        ),
    )
}

/// A term's price as a count line names it ("an on-demand price").
fn term_price(lang: Lang, term: Term) -> &'static str {
    let (en, zh) = match term {
        Term::OnDemand => ("an on-demand price", "按量价格"),
        Term::Spot => ("a spot price", "竞价价格"),
        Term::Reserved1y => ("a 1-year reserved price", "1 年预留价格"),
        Term::Reserved3y => ("a 3-year reserved price", "3 年预留价格"),
        Term::Monthly => ("a monthly price", "包月价格"),
        Term::Free => ("a free tier", "免费额度"),
        Term::Serverless => ("a serverless price", "Serverless 价格"),
    };
    pick(lang, en, zh)
}

/// What the term (and chosen regions) leave out before any filter: "+80 without an on-demand
/// price". `None` when every offer has a price in them.
pub fn unpriced_note(lang: Lang, term: Term, unpriced: usize, regions: bool) -> Option<String> {
    if unpriced == 0 {
        return None;
    }
    let price = term_price(lang, term);
    Some(match (lang, regions) {
        (Lang::En, false) => format!("+{unpriced} without {price}"),
        (Lang::En, true) => format!("+{unpriced} without {price} in these regions"),
        (Lang::Zh, false) => format!("另有 {unpriced} 个无{price}"),
        (Lang::Zh, true) => format!("另有 {unpriced} 个在所选地区无{price}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_what_is_unstated_and_counts_it() {
        let asked = [AskedFact::Range(RangeField::Vcpus), AskedFact::MultiNode];
        let (text, switch) = unstated_note(Lang::En, &asked, 12, false).unwrap();
        assert_eq!(
            text,
            "12 more offers do not state vCPUs or multi-node clusters: not counted as “no”."
        );
        assert_eq!(switch, "Show them, marked");
        let (text, _) = unstated_note(Lang::En, &asked[1..], 1, true).unwrap();
        assert!(text.starts_with("1 offer listed does not state multi-node clusters;"));
        assert!(unstated_note(Lang::En, &asked, 0, false).is_none());
        let (zh, _) = unstated_note(Lang::Zh, &asked, 3, false).unwrap();
        assert!(zh.contains("3") && zh.contains("多节点集群"), "{zh}");
    }

    #[test]
    fn the_term_note_says_what_has_no_price_in_it() {
        assert_eq!(
            unpriced_note(Lang::En, Term::OnDemand, 80, false).as_deref(),
            Some("+80 without an on-demand price")
        );
        assert!(unpriced_note(Lang::En, Term::Spot, 3, true)
            .unwrap()
            .ends_with("in these regions"));
        assert!(unpriced_note(Lang::En, Term::Spot, 0, true).is_none());
    }
}
