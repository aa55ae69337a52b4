//! The offer table: the visible columns of the shown rows, sortable, each row selectable for
//! comparison, openable for details, and linked to its source.

use leptos::prelude::*;

use super::cells;
use super::context::{atlas, Atlas};
use crate::engine::explorer::Row;
use crate::engine::i18n::{self, Msg};
use crate::engine::pricing::PriceBasis;
use crate::engine::table::{Column, Direction};

#[component]
pub fn OfferTable() -> impl IntoView {
    let a = atlas();
    let columns = Memo::new(move |_| a.state.with(|s| s.columns.clone()));
    let headers = move || {
        columns
            .get()
            .into_iter()
            .map(|column| header(a, column))
            .collect_view()
    };
    let body = move || {
        let columns = columns.get();
        let lang = a.lang.get();
        a.shown.with(|shown| {
            shown
                .rows
                .iter()
                .map(|row| row_view(a, row, &columns, lang))
                .collect_view()
        })
    };
    let empty = move || a.shown.with(|s| s.rows.is_empty());
    view! {
        <div class="table-wrap">
            <table id="catalog" class="catalog">
                <thead>
                    <tr>
                        <th scope="col" class="select">
                            <span class="visually-hidden">{move || a.t(Msg::Select)}</span>
                        </th>
                        {headers}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
            <Show when=empty>
                <p class="no-match">{move || a.t(Msg::NoMatch)}</p>
            </Show>
        </div>
    }
}

fn header(a: Atlas, column: Column) -> impl IntoView {
    let sort = move || a.state.with(|s| s.sort);
    let aria = move || match (sort().column == column, sort().direction) {
        (false, _) => "none",
        (true, Direction::Ascending) => "ascending",
        (true, Direction::Descending) => "descending",
    };
    let arrow = move || match (sort().column == column, sort().direction) {
        (false, _) => "",
        (true, Direction::Ascending) => " ▲",
        (true, Direction::Descending) => " ▼",
    };
    let label = move || {
        let lang = a.lang.get();
        let name = i18n::column(lang, column);
        match column {
            // The price header names its unit, so the numbers below need none.
            Column::Price | Column::PricePerAccelerator => {
                let (view, _) = a.state.with(|s| (s.price, s.term));
                let basis = match column {
                    Column::Price => view.basis,
                    _ => PriceBasis::Accelerator,
                };
                format!(
                    "{name} ({})",
                    i18n::price_unit(lang, view.currency.code(), basis, view.duration)
                )
            }
            _ => name.to_string(),
        }
    };
    view! {
        <th scope="col" aria-sort=aria data-col=column.key() class:numeric=column.is_numeric()>
            <button type="button" on:click=move |_| a.update(|s| s.sort = s.sort.toggled(column))>
                {label}
                <span class="arrow" aria-hidden="true">{arrow}</span>
            </button>
        </th>
    }
}

fn row_view(a: Atlas, row: &Row<'static>, columns: &[Column], lang: i18n::Lang) -> impl IntoView {
    let offer = row.entry.offer;
    let provider = row.entry.provider;
    let id = offer.id.clone();
    let is_selected = {
        let id = id.clone();
        move || a.state.with(|s| s.selection.contains(&id))
    };
    let selected = is_selected.clone();
    let toggle = {
        let id = id.clone();
        move |_| {
            a.update(|s| {
                s.toggle_selected(&id);
            })
        }
    };
    let cells = columns
        .iter()
        .map(|column| cell_view(a, row, *column, lang))
        .collect_view();
    let select_label = format!("{} {}", i18n::t(lang, Msg::Select), offer.instance);
    view! {
        <tr data-offer=id.clone() data-provider=provider.id.clone() class:selected=is_selected>
            <td class="select">
                <input type="checkbox" aria-label=select_label prop:checked=selected on:change=toggle />
            </td>
            {cells}
        </tr>
    }
}

fn cell_view(a: Atlas, row: &Row<'static>, column: Column, lang: i18n::Lang) -> AnyView {
    let offer = row.entry.offer;
    let provider = row.entry.provider;
    let numeric = column.is_numeric();
    match column {
        Column::Provider => view! {
            <td class="provider">
                <a href=provider.homepage.clone() target="_blank" rel="noopener noreferrer">
                    {provider.name.clone()}
                </a>
                {provider.name_zh.clone().map(|zh| view! { <span class="zh" lang="zh-CN">{zh}</span> })}
            </td>
        }
        .into_any(),
        Column::Instance => {
            let id = offer.id.clone();
            view! {
                <td class="instance">
                    <button
                        type="button"
                        class="link-button open-detail"
                        title=i18n::t(lang, Msg::Details)
                        on:click=move |_| a.update(|s| s.detail = Some(id.clone()))
                    >
                        {offer.instance.clone()}
                    </button>
                </td>
            }
            .into_any()
        }
        Column::AsOf => {
            // The date links to the source of the shown price (or of the offer's specs).
            let quote = row.quote.as_ref();
            let source_id = quote.map_or(offer.source.as_str(), |q| q.source.as_str());
            let source = provider.source(source_id);
            let href = source.map(|s| s.url.clone()).unwrap_or_default();
            let title = source.map(|s| s.title.clone()).unwrap_or_default();
            let confidence = quote.map(|q| q.confidence);
            let weak = confidence == Some(crate::engine::catalog::Confidence::Low);
            view! {
                <td class="as-of">
                    <a href=href target="_blank" rel="noopener noreferrer" title=title>
                        {match quote {
                            Some(q) => cells::date_view(&q.as_of, lang, &a.today).into_any(),
                            None => i18n::t(lang, Msg::Source).into_any(),
                        }}
                    </a>
                    {weak.then(|| {
                        let label = format!(
                            "{}: {}",
                            i18n::t(lang, Msg::Confidence),
                            i18n::confidence(lang, crate::engine::catalog::Confidence::Low),
                        );
                        view! { <span class="weak" title=label.clone() aria-label=label>"?"</span> }
                    })}
                </td>
            }
            .into_any()
        }
        _ => {
            let cell = column.cell(row);
            let region_title = (matches!(column, Column::Price | Column::PricePerAccelerator))
                .then(|| row.quote.as_ref())
                .flatten()
                .map(|q| {
                    let name = provider.region(&q.region).map_or(q.region.as_str(), |r| r.name.as_str());
                    format!("{}: {name}", i18n::t(lang, Msg::Region))
                });
            let class = if numeric {
                format!("{} numeric", column.key())
            } else {
                column.key().to_string()
            };
            view! {
                <td class=class title=region_title>
                    {cells::render(cell, column, lang, &a.today)}
                </td>
            }
            .into_any()
        }
    }
}
