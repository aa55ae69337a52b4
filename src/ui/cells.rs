//! How a typed table cell reads: money with its currency and a "converted" mark, dates with
//! their age, unknowns written out with the reason.

use leptos::prelude::*;

use crate::engine::catalog::{AsOf, ProviderCategory, Term};
use crate::engine::format;
use crate::engine::freshness::Freshness;
use crate::engine::i18n::{self, Lang, Msg};
use crate::engine::table::{category_key, Cell, Column};
use crate::engine::workload::Fit;

/// Renders `cell` of `column` for the table, the comparison and the detail view.
pub fn render(cell: Cell, column: Column, lang: Lang, today: &AsOf) -> AnyView {
    match cell {
        Cell::Text(key) if column == Column::Category => {
            let label = [
                ProviderCategory::Hyperscaler,
                ProviderCategory::GpuCloud,
                ProviderCategory::Marketplace,
                ProviderCategory::China,
            ]
            .into_iter()
            .find(|c| category_key(*c) == key)
            .map_or(key, |c| i18n::category(lang, c).to_string());
            view! { <span>{label}</span> }.into_any()
        }
        Cell::Text(text) => view! { <span>{text}</span> }.into_any(),
        Cell::Number(n) => view! { <span>{number(column, n, lang)}</span> }.into_any(),
        Cell::Money {
            term: Term::Free, ..
        } => view! { <span class="free">{i18n::t(lang, Msg::Free)}</span> }.into_any(),
        Cell::Money {
            value,
            high,
            currency,
            converted,
            ..
        } => {
            let text = format::money_range(value, high, currency);
            let mark = converted.then(|| {
                let label = i18n::t(lang, Msg::Converted);
                view! { <abbr class="converted" title=label aria-label=label>"≈"</abbr> }
            });
            view! { <span class="money">{mark}{text}</span> }.into_any()
        }
        Cell::Date(date) => date_view(&date, lang, today).into_any(),
        Cell::Fit(fit) => {
            let class = match fit {
                Fit::DoesNotFit { .. } => "fit no-fit",
                Fit::Unknown { .. } => "fit unknown",
                _ => "fit fits",
            };
            let title = fit.describe(lang == Lang::Zh);
            view! { <span class=class title=title>{i18n::fit_short(lang, &fit)}</span> }.into_any()
        }
        Cell::Unknown(missing) => {
            view! { <span class="unknown">{i18n::missing(lang, missing)}</span> }.into_any()
        }
    }
}

fn number(column: Column, n: f64, lang: Lang) -> String {
    let unit = i18n::column_unit(lang, column);
    match column {
        Column::Confidence => {
            let level = match n as u8 {
                3 => crate::engine::catalog::Confidence::High,
                2 => crate::engine::catalog::Confidence::Medium,
                _ => crate::engine::catalog::Confidence::Low,
            };
            i18n::confidence(lang, level).to_string()
        }
        Column::JobTime => format::duration(n, lang == Lang::Zh),
        Column::JobThroughput => format!("{} {unit}", format::quantity(n.round())),
        _ if unit.is_empty() => format::quantity(n),
        _ => format!("{} {unit}", format::quantity(n)),
    }
}

/// A date, coloured and labelled by age: old data must look old.
pub fn date_view(date: &AsOf, lang: Lang, today: &AsOf) -> impl IntoView {
    let freshness = Freshness::of(date, today);
    let old = (freshness == Freshness::Stale).then(|| {
        view! { <span class="badge">{i18n::t(lang, Msg::Old)}</span> }
    });
    let title = date.estimated.then(|| i18n::t(lang, Msg::Estimated));
    view! {
        <span class=format!("date {}", freshness.class()) title=title>
            {format::date(date)}
            {old}
        </span>
    }
}
