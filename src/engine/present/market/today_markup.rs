//! Today's market as plain markup: the landing's first answer, written by the static site for
//! a reader without JavaScript and painted by the app in step with the view.
//!
//! Links are real addresses (a view's link), so the lines work before the app and without
//! it; the app catches the clicks and changes the view in place.

use catalog::format::money;
use catalog::short_label::short_model;
use catalog::{pick, AsOf, Lang};

use super::markup::{price_el, who_where_when};
use super::today::Line;
use crate::present::i18n;
use crate::present::markup::El;
use crate::pricing::PriceBasis;
use crate::view::columns::{Column, Direction, Sort};
use crate::view::state::{Mode, ViewState};
use catalog::freshness::STALE_MONTHS;

/// The view a line's name opens: the table, filtered to the line's variants, cheapest per
/// accelerator first.
pub fn table_view(state: &ViewState, line: &Line<'_>) -> ViewState {
    let mut view = state.clone();
    view.mode = Mode::Table;
    view.filters.accelerators = line.accelerators.iter().map(|id| id.to_string()).collect();
    view.sort = Sort {
        column: Column::PricePerAccelerator,
        direction: Direction::Ascending,
    };
    view
}

/// The view a line's "market" link opens: the market, filtered to the line's family.
pub fn market_view(state: &ViewState, line: &Line<'_>) -> ViewState {
    let mut view = state.clone();
    view.mode = Mode::Market;
    view.filters.models = [line.family.model.to_string()].into();
    view
}

/// A line's name: "H100 SXM", "RTX 4090", "TPU7x".
pub fn name(line: &Line<'_>) -> String {
    let model = short_model(line.family.model);
    match line.board {
        Some(board) => format!("{model} {}", board.label()),
        None => model.to_string(),
    }
}

/// "3 days ago": how old a price is, in words.
pub fn age(lang: Lang, date: &AsOf, today: &AsOf) -> String {
    let days = today.days_since_epoch() - date.days_since_epoch();
    let months = date.months_until(today);
    match (lang, days) {
        (_, d) if d <= 0 => pick(lang, "today", "今天").to_string(),
        (_, 1) => pick(lang, "yesterday", "昨天").to_string(),
        (Lang::En, d) if d < 60 => format!("{d} days ago"),
        (Lang::Zh, d) if d < 60 => format!("{d} 天前"),
        (Lang::En, _) => format!("{months} months ago"),
        (Lang::Zh, _) => format!("{months} 个月前"),
    }
}

/// The section: a heading that says the unit and the rule, then one item per line. `href`
/// writes a view's link.
pub fn section(
    lines: &[Line<'_>],
    state: &ViewState,
    lang: Lang,
    today: &AsOf,
    href: &dyn Fn(&ViewState) -> String,
) -> El {
    let unit = i18n::price_unit(
        lang,
        state.price.currency.code(),
        PriceBasis::Accelerator,
        state.price.duration,
    );
    let rule = if state.old_prices {
        pick(lang, "prices of any age", "含任何时间的价格").to_string()
    } else {
        match lang {
            Lang::En => format!("prices under {STALE_MONTHS} months old"),
            Lang::Zh => format!("仅计 {STALE_MONTHS} 个月内的价格"),
        }
    };
    El::new("section")
        .attr("id", "today")
        .attr("class", "today")
        .attr("aria-labelledby", "today-title")
        .child(
            El::new("h2")
                .attr("id", "today-title")
                .text(pick(lang, "Cheapest on demand today", "今日按量最低价"))
                .child(
                    El::new("span")
                        .attr("class", "today-unit")
                        .text(format!(" {unit} · {rule}")),
                ),
        )
        .child(
            El::new("ul").attr("class", "today-lines").children(
                lines
                    .iter()
                    .map(|line| item(line, state, lang, today, href)),
            ),
        )
}

fn item(
    line: &Line<'_>,
    state: &ViewState,
    lang: Lang,
    today: &AsOf,
    href: &dyn Fn(&ViewState) -> String,
) -> El {
    let name = name(line);
    let open = El::new("a")
        .attr("class", "today-name")
        .attr("href", href(&table_view(state, line)))
        .attr(
            "title",
            pick(
                lang,
                "Show these offers in the table",
                "在表格中查看这些报价",
            ),
        )
        .text(name.as_str());
    let market = El::new("a")
        .attr("class", "today-market")
        .attr("href", href(&market_view(state, line)))
        .text(pick(lang, "market", "市场"));
    let li = El::new("li")
        .attr("class", "today-line")
        .attr("data-line", name.as_str())
        .child(open);
    let Some(cheapest) = &line.cheapest else {
        return li
            .child(El::new("span").attr("class", "today-none").text(pick(
                lang,
                "none in this view",
                "当前视图中没有",
            )))
            .child(market);
    };
    let currency = cheapest
        .row
        .quote
        .as_ref()
        .map_or(state.price.currency, |q| q.currency);
    // The count of sellers is the first thing a narrow screen drops (its own span).
    let median = line.spread.map(|s| {
        let count = match lang {
            Lang::En => format!(
                " of {} {}",
                line.providers,
                if line.providers == 1 {
                    "provider"
                } else {
                    "providers"
                }
            ),
            Lang::Zh => format!("（{} 家服务商）", line.providers),
        };
        El::new("span")
            .attr("class", "today-median")
            .text(format!(
                "{} {}",
                pick(lang, "median", "中位数"),
                money(s.median, currency)
            ))
            .child(El::new("span").attr("class", "today-count").text(count))
    });
    let age = cheapest
        .row
        .quote
        .as_ref()
        .map(|q| age(lang, &q.as_of, today));
    li.child(
        El::new("span")
            .attr("class", "today-price")
            .child(price_el(cheapest, lang)),
    )
    .children(median)
    .child(
        El::new("span")
            .attr("class", "today-who")
            .child(who_where_when(cheapest, lang, today))
            .children(age.map(|a| {
                El::new("span")
                    .attr("class", "today-age")
                    .text(format!(" ({a})"))
            })),
    )
    .child(market)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ages_read_in_days_then_months() {
        let today = AsOf::day(2026, 12, 5);
        assert_eq!(age(Lang::En, &AsOf::day(2026, 12, 5), &today), "today");
        assert_eq!(age(Lang::En, &AsOf::day(2026, 12, 4), &today), "yesterday");
        assert_eq!(
            age(Lang::En, &AsOf::day(2026, 11, 28), &today),
            "7 days ago"
        );
        assert_eq!(
            age(Lang::En, &AsOf::day(2026, 8, 1), &today),
            "4 months ago"
        );
        assert_eq!(age(Lang::Zh, &AsOf::day(2026, 11, 28), &today), "7 天前");
    }
}
