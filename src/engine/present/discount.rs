//! How the user's discount reads wherever a price carries it: "AWS −15 % (enterprise
//! agreement)" in the menu, and on every discounted price a "−15 %" mark whose title and
//! accessible name say "Your price: AWS −15 % (enterprise agreement); list price $98.32", so a
//! price the user negotiated is never mistaken for the catalog's, and the list price is one
//! hover away.

use super::i18n::{self, pick, Lang};
use crate::discounts::{Discount, DiscountProblem, Discounts, MAX_DISCOUNTS, MAX_NOTE_CHARS};
use crate::pricing::Quote;
use crate::view::input_rule;
use catalog::{format, Currency, Provider};

/// A percentage as typed back: "15", "12.5", "0.01"; never "15.000000001".
pub fn percent(p: f64) -> String {
    let text = format!("{p:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Who and what a discount covers, then how much: "AWS −15 % (enterprise agreement)",
/// "AWS · Reserved 1 year −30 %", "Every provider · Spot / preemptible −10 %".
/// `provider` is the discount's provider as the catalog names it, when it has one.
pub fn describe(discount: &Discount, provider: Option<&Provider>, lang: Lang) -> String {
    let who = match (&discount.provider, provider) {
        (None, _) => pick(lang, "Every provider", "所有服务商").to_string(),
        (Some(_), Some(p)) => i18n::provider_name(lang, p).to_string(),
        (Some(id), None) => id.clone(),
    };
    let scope = match discount.term {
        Some(term) => format!("{who} · {}", i18n::term(lang, term)),
        None => who,
    };
    let off = format!("−{} %", percent(discount.percent));
    match (discount.note.trim(), lang) {
        ("", _) => format!("{scope} {off}"),
        (note, Lang::En) => format!("{scope} {off} ({note})"),
        (note, Lang::Zh) => format!("{scope} {off}（{note}）"),
    }
}

/// "Your prices: Amazon Web Services (EC2) −15 % (enterprise agreement); Every provider ·
/// Spot / preemptible −10 %" while discounts are in force, `None` without. Shown where a
/// figure comes from many prices at once (the result line, the calculator, the plan, the
/// charts), so a total or a chart built on the user's prices says so even where no single
/// price carries its mark. `providers` names the discounts' providers.
pub fn in_force(discounts: &Discounts, providers: &[Provider], lang: Lang) -> Option<String> {
    if discounts.is_empty() {
        return None;
    }
    let each: Vec<String> = discounts
        .iter()
        .map(|d| {
            let provider = d
                .provider
                .as_deref()
                .and_then(|id| providers.iter().find(|p| p.id == id));
            describe(d, provider, lang)
        })
        .collect();
    Some(match lang {
        Lang::En => format!(
            "Your prices: {} (list prices in each marked price's title; your own offers \
             are never discounted)",
            each.join("; ")
        ),
        Lang::Zh => format!(
            "正在使用您的价格：{}（标记的价格悬停可见原价；自定义报价不打折）",
            each.join("；")
        ),
    })
}

/// The mark's text and its full sentence for a figure `shown` (in the quote's currency) that
/// `quote`'s discount moved; `None` for a list price. The list price named is `shown` before
/// the discount, so a per-accelerator price or a job's cost names its own list figure.
/// `provider` is the quote's offer's provider.
pub fn mark(
    quote: &Quote,
    shown: Option<f64>,
    provider: &Provider,
    lang: Lang,
) -> Option<(String, String)> {
    let discount = quote.discount.as_deref()?;
    Some(mark_of(discount, shown, quote.currency, provider, lang))
}

/// The same mark for a figure whose quote is not at hand (the ranking lists metrics): the
/// `discount` in force for its provider and term, `shown` in `currency`.
pub fn mark_of(
    discount: &Discount,
    shown: Option<f64>,
    currency: Currency,
    provider: &Provider,
    lang: Lang,
) -> (String, String) {
    let text = format!("−{} %", percent(discount.percent));
    let what = describe(discount, Some(provider), lang);
    let list = shown
        .map(|v| format::money(v / discount.factor(), currency))
        .unwrap_or_else(|| i18n::t(lang, i18n::Msg::Unknown).to_string());
    let label = match lang {
        Lang::En => format!("Your price: {what}; list price {list}"),
        Lang::Zh => format!("您的价格：{what}；目录价 {list}"),
    };
    (text, label)
}

/// Why the menu refused a discount, with the range the rule allows; the last good discounts
/// stay in force.
pub fn problem(problem: DiscountProblem, lang: Lang) -> String {
    match (problem, lang) {
        (DiscountProblem::Percent(kind), Lang::En) => format!(
            "{} Your discounts are unchanged.",
            input_rule::discount().message(kind, lang)
        ),
        (DiscountProblem::Percent(kind), Lang::Zh) => format!(
            "{}您的折扣未改变。",
            input_rule::discount().message(kind, lang)
        ),
        (DiscountProblem::NoteTooLong, Lang::En) => {
            format!("A note is at most {MAX_NOTE_CHARS} characters: your discounts are unchanged.")
        }
        (DiscountProblem::NoteTooLong, Lang::Zh) => {
            format!("备注最多 {MAX_NOTE_CHARS} 个字符：您的折扣未改变。")
        }
        (DiscountProblem::TooMany, Lang::En) => {
            format!("At most {MAX_DISCOUNTS} discounts: remove one first.")
        }
        (DiscountProblem::TooMany, Lang::Zh) => {
            format!("最多 {MAX_DISCOUNTS} 个折扣：请先删除一个。")
        }
    }
}

/// Reads the menu's percentage box by the discount's rule: "15", "15 %", "１５".
pub fn read_percent(text: &str) -> Result<f64, DiscountProblem> {
    let trimmed = text.trim().trim_end_matches(['%', '％']).trim();
    input_rule::discount()
        .read(trimmed)
        .map_err(DiscountProblem::Percent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::Term;

    fn discount(provider: Option<&str>, term: Option<Term>, note: &str) -> Discount {
        Discount {
            provider: provider.map(str::to_string),
            term,
            percent: 15.0,
            note: note.into(),
        }
    }

    #[test]
    fn a_discount_reads_with_its_scope_and_note_in_both_languages() {
        let d = discount(Some("aws"), None, "enterprise agreement");
        assert_eq!(
            describe(&d, None, Lang::En),
            "aws −15 % (enterprise agreement)"
        );
        assert_eq!(
            describe(&d, None, Lang::Zh),
            "aws −15 %（enterprise agreement）"
        );
        let spot = discount(None, Some(Term::Spot), "");
        assert_eq!(
            describe(&spot, None, Lang::En),
            "Every provider · Spot / preemptible −15 %"
        );
        assert_eq!(
            describe(&spot, None, Lang::Zh),
            "所有服务商 · 竞价 / 抢占式 −15 %"
        );
    }

    #[test]
    fn discounts_in_force_are_named_in_one_line_and_none_is_said_without() {
        let catalog = crate::bundled::catalog().unwrap();
        assert_eq!(
            in_force(&Discounts::default(), &catalog.providers, Lang::En),
            None
        );
        let mut discounts = Discounts::default();
        discounts
            .set(discount(Some("aws"), None, "enterprise agreement"))
            .unwrap();
        discounts.set(discount(None, Some(Term::Spot), "")).unwrap();
        let aws = catalog.providers.iter().find(|p| p.id == "aws").unwrap();
        let line = in_force(&discounts, &catalog.providers, Lang::En).unwrap();
        assert!(line.starts_with("Your prices: "), "{line}");
        assert!(
            line.contains(&format!("{} −15 % (enterprise agreement)", aws.name)),
            "{line}"
        );
        assert!(
            line.contains("Every provider · Spot / preemptible −15 %"),
            "{line}"
        );
        let zh = in_force(&discounts, &catalog.providers, Lang::Zh).unwrap();
        assert!(zh.starts_with("正在使用您的价格："), "{zh}");
    }

    #[test]
    fn the_percentage_box_takes_plain_and_percent_text_and_refuses_the_rest() {
        assert_eq!(read_percent("15"), Ok(15.0));
        assert_eq!(read_percent(" 12.5 % "), Ok(12.5));
        assert_eq!(read_percent("95 %"), Ok(95.0));
        for bad in [
            "0", "100", "99.999", "95.5", "-5", "NaN", "abc", "", "1e400",
        ] {
            assert!(
                matches!(read_percent(bad), Err(DiscountProblem::Percent(_))),
                "{bad}"
            );
        }
        let too_much = read_percent("99.999").unwrap_err();
        assert_eq!(
            problem(too_much, Lang::En),
            "A discount must be at most 95 %. Allowed: 0.01 to 95 % (no provider discounts a \
             GPU by more: even spot prices stop near 90 % off; type 15 for −15 %). Your \
             discounts are unchanged."
        );
        assert!(
            problem(too_much, Lang::Zh).starts_with("折扣不能大于 95 %。允许范围：0.01 至 95 %")
        );
        assert!(problem(too_much, Lang::Zh).ends_with("您的折扣未改变。"));
        assert!(problem(read_percent("fifteen").unwrap_err(), Lang::En)
            .starts_with("A discount is not a number. Allowed: 0.01 to 95 %"));
        assert!(problem(DiscountProblem::NoteTooLong, Lang::En).contains("60"));
        assert_eq!(percent(12.5), "12.5");
        assert_eq!(percent(15.0), "15");
    }
}
