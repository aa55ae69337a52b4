//! The offer table: the visible columns of the shown rows, sortable, each row selectable for
//! comparison, openable for details, and linked to its source.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use leptos::prelude::*;

use super::bench;
use super::cells;
use super::context::{atlas, Atlas};
use crate::engine::explorer::Row;
use crate::engine::i18n::{self, Msg};
use crate::engine::pricing::PriceBasis;
use crate::engine::table::{Column, Direction};
use crate::engine::view::state::ViewState;
use crate::engine::window::visible_rows;

/// A number that changes whenever what a row *shows* changes (columns, language, units,
/// term, regions, rate, the calculator's job), but not when only the filter or the order changes. Rows are keyed by
/// it and their offer, so filtering and sorting move existing rows instead of rebuilding them.
fn render_generation(state: &ViewState) -> u64 {
    let mut hasher = DefaultHasher::new();
    let shown = (
        &state.columns,
        state.lang,
        state.price,
        state.term,
        &state.regions,
        state.custom_rate.map(f64::to_bits),
        // The job holds floats, which do not hash; its debug text says the same.
        state.job.as_ref().map(|job| format!("{job:?}")),
    );
    shown.hash(&mut hasher);
    hasher.finish()
}

/// Every body row is exactly this tall (the stylesheet says so too), which is what lets the
/// table render only the rows on screen.
const ROW_HEIGHT_PX: f64 = 36.0;
/// Rows rendered beyond each edge of the visible area.
const OVERSCAN: usize = 6;

#[component]
pub fn OfferTable() -> impl IntoView {
    let a = atlas();
    let columns = Memo::new(move |_| a.state.with(|s| s.columns.clone()));
    let generation = Memo::new(move |_| a.state.with(render_generation));
    let scroll_top = RwSignal::new(0.0_f64);
    let viewport = RwSignal::new(
        web_sys::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(900.0),
    );
    let total = Memo::new(move |_| a.shown.with(|s| s.rows.len()));
    let window = Memo::new(move |_| {
        visible_rows(
            total.get(),
            scroll_top.get(),
            viewport.get(),
            ROW_HEIGHT_PX,
            OVERSCAN,
        )
    });
    // Benchmarks: marks the first paint with rows (`gpu-atlas:table-painted`, see `ui::bench`).
    Effect::new(move |_| {
        if total.get() > 0 {
            bench::table_has_rows();
        }
    });
    let wrap = NodeRef::<leptos::html::Div>::new();
    // A new filter or order starts at the top, as a new list should.
    Effect::new(move |_| {
        a.shown.track();
        if let Some(el) = wrap.get_untracked() {
            el.set_scroll_top(0);
        }
        scroll_top.set(0.0);
    });
    let on_scroll = move |_| {
        if let Some(el) = wrap.get_untracked() {
            scroll_top.set(f64::from(el.scroll_top()));
            viewport.set(f64::from(el.client_height()));
        }
    };
    let headers = move || {
        columns
            .get()
            .into_iter()
            .map(|column| header(a, column))
            .collect_view()
    };
    let keyed_rows = move || {
        let g = generation.get();
        let range = window.get();
        a.shown.with(|shown| {
            shown.rows[range.clone()]
                .iter()
                .map(|r| (g, r.clone()))
                .collect::<Vec<_>>()
        })
    };
    // Where each rendered offer sits in the whole list. Rows are keyed by offer, not by
    // place, so a sort or a filter moves the existing rows; their row index follows here.
    let places = Memo::new(move |_| {
        let range = window.get();
        a.shown.with(|shown| {
            shown.rows[range.clone()]
                .iter()
                .zip(range)
                .map(|(r, i)| (r.entry.offer.id.clone(), i))
                .collect::<Vec<_>>()
        })
    });
    // Heights go through the CSSOM (`style:`), which the Content-Security-Policy allows;
    // a `style` attribute would need 'unsafe-inline'.
    let spacer = |px: f64| format!("{px}px");
    let above = move || spacer(window.get().start as f64 * ROW_HEIGHT_PX);
    let below = move || spacer((total.get() - window.get().end) as f64 * ROW_HEIGHT_PX);
    let empty = move || a.shown.with(|s| s.rows.is_empty());
    view! {
        <div class="table-wrap" node_ref=wrap on:scroll=on_scroll>
            <table id="catalog" class="catalog" aria-rowcount=move || total.get() + 1>
                <thead>
                    <tr>
                        <th scope="col" class="select">
                            <span class="visually-hidden">{move || a.t(Msg::Select)}</span>
                        </th>
                        {headers}
                    </tr>
                </thead>
                <tbody>
                    <tr class="spacer" aria-hidden="true" style:height=above></tr>
                    <For
                        each=keyed_rows
                        key=|(g, row)| (*g, row.entry.offer.id.clone())
                        children=move |(_, row)| {
                            let columns = columns.get_untracked();
                            let id = row.entry.offer.id.clone();
                            let index = Signal::derive(move || {
                                places.with(|p| p.iter().find(|(o, _)| *o == id).map_or(0, |(_, i)| *i))
                            });
                            row_view(a, &row, index, &columns, a.lang.get_untracked())
                        }
                    />
                    <tr class="spacer" aria-hidden="true" style:height=below></tr>
                </tbody>
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

fn row_view(
    a: Atlas,
    row: &Row<'static>,
    index: Signal<usize>,
    columns: &[Column],
    lang: i18n::Lang,
) -> impl IntoView {
    let offer = row.entry.offer;
    let provider = row.entry.provider;
    let id = offer.id.clone();
    let is_selected = {
        let id = id.clone();
        move || a.selection.with(|s| s.contains(&id))
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
        <tr
            data-offer=id.clone()
            data-provider=provider.id.clone()
            aria-rowindex=move || index.get() + 2
            class:selected=is_selected
        >
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
            <td class="provider" title=provider.name.clone()>
                <a href=provider.homepage.clone() target="_blank" rel="noopener noreferrer">
                    {provider.name.clone()}
                </a>
                {(provider.id == crate::engine::custom::PROVIDER_ID).then(|| {
                    view! { <span class="badge custom">{if lang == i18n::Lang::Zh { "自定义" } else { "custom" }}</span> }
                })}
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
            // Cells cut long text short: the title holds it whole (and a price's region).
            let title = match &cell {
                crate::engine::table::Cell::Text(text) => Some(text.clone()),
                _ => (matches!(column, Column::Price | Column::PricePerAccelerator))
                    .then(|| row.quote.as_ref())
                    .flatten()
                    .map(|q| {
                        let name = provider
                            .region(&q.region)
                            .map_or(q.region.as_str(), |r| r.name.as_str());
                        format!("{}: {name}", i18n::t(lang, Msg::Region))
                    }),
            };
            let class = if numeric {
                format!("{} numeric", column.key())
            } else {
                column.key().to_string()
            };
            view! {
                <td class=class title=title>
                    {cells::render(cell, column, lang, &a.today)}
                </td>
            }
            .into_any()
        }
    }
}
