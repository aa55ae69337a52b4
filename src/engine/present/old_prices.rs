//! The "old prices" rule said where it applies: above the table and the market, a sentence on
//! what is left out of "cheapest", and the words of the one switch that lets them back in
//! (see [`crate::explorer::Competition`]).

use super::markup::El;
use catalog::freshness::STALE_MONTHS;
use catalog::Lang;

/// The switch's words where the table's order note already says the rule (one line on a
/// phone matters: the first offer must stay on the first screen).
pub fn switch(lang: Lang, old_prices: bool) -> &'static str {
    match (lang, old_prices) {
        (Lang::En, false) => "Count old prices",
        (Lang::En, true) => "Old prices last",
        (Lang::Zh, false) => "计入旧价",
        (Lang::Zh, true) => "旧价排后",
    }
}

/// The switch as the first screen writes it before the app takes over; the app renders the
/// same (`#old-prices-toggle`), at the end of the order note.
pub fn switch_button(lang: Lang, old_prices: bool) -> El {
    El::new("button")
        .attr("type", "button")
        .attr("class", "link-button")
        .attr("id", "old-prices-toggle")
        .attr("aria-pressed", if old_prices { "true" } else { "false" })
        .text(switch(lang, old_prices))
}

/// The sentence, and the switch's label, for a view that lets old prices compete or not;
/// `left_out`: how many prices the view leaves out for their age.
pub fn note(lang: Lang, old_prices: bool, left_out: usize) -> (String, &'static str) {
    match (lang, old_prices) {
        (Lang::En, false) => (
            match left_out {
                0 => format!(
                    "Prices older than {STALE_MONTHS} months would not count towards cheapest, place or best; none is in view."
                ),
                1 => format!(
                    "1 price older than {STALE_MONTHS} months is not counted towards cheapest, place or best; it is listed last, marked old."
                ),
                n => format!(
                    "{n} prices older than {STALE_MONTHS} months are not counted towards cheapest, place or best; they are listed last, marked old."
                ),
            },
            "Count them",
        ),
        (Lang::En, true) => (
            format!("Prices older than {STALE_MONTHS} months count towards cheapest, place and best, like the rest."),
            "Leave them out",
        ),
        (Lang::Zh, false) => (
            match left_out {
                0 => format!("超过 {STALE_MONTHS} 个月的价格不参与最低价、排位与最佳比较；当前视图中没有。"),
                n => format!("{n} 个超过 {STALE_MONTHS} 个月的价格不参与最低价、排位与最佳比较；它们排在最后并标为旧价。"),
            },
            "计入它们",
        ),
        (Lang::Zh, true) => (
            format!("超过 {STALE_MONTHS} 个月的价格与其他价格一样参与最低价、排位与最佳比较。"),
            "不计入",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_is_said_with_its_count_and_its_switch() {
        let (text, switch) = note(Lang::En, false, 3);
        assert!(
            text.starts_with("3 prices older than 18 months are not counted"),
            "{text}"
        );
        assert_eq!(switch, "Count them");
        assert!(note(Lang::En, false, 1).0.starts_with("1 price older"));
        assert!(note(Lang::En, true, 0).0.contains("count towards cheapest"));
        assert_eq!(note(Lang::En, true, 0).1, "Leave them out");
        assert!(note(Lang::Zh, false, 2).0.starts_with("2 个超过 18 个月"));
    }
}
