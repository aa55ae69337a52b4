//! Side-by-side comparison of up to eight selected offers, the best value of each row marked.

use leptos::prelude::*;

use super::chart::{Chart, ChartData};
use crate::engine::present::chart_data::breakdown::score_breakdown;

use super::cells;
use super::context::atlas;
use super::dialog::Dialog;
use crate::engine::explorer::Competition;
use crate::engine::explorer::Row;
use crate::engine::present::compare::lines;
use crate::engine::present::i18n::{self, Msg};
use crate::engine::view::state::MAX_COMPARED;

/// The bar that appears once offers are selected.
#[component]
pub fn CompareBar() -> impl IntoView {
    let a = atlas();
    let count = move || a.state.with(|s| s.selection.len());
    view! {
        <Show when=move || { count() > 0 }>
            <div class="compare-bar" role="region" aria-label=move || a.t(Msg::Compare)>
                <span>
                    <strong data-testid="selected-count">{count}</strong>
                    " " {move || a.t(Msg::Selected)} " (≤ " {MAX_COMPARED} ")"
                </span>
                <button type="button" id="open-compare" on:click=move |_| a.update(|s| s.comparing = true)>
                    {move || a.t(Msg::Compare)}
                </button>
                <button
                    type="button"
                    class="link-button"
                    on:click=move |_| a.update(|s| {
                        s.selection.clear();
                        s.comparing = false;
                    })
                >
                    {move || a.t(Msg::ClearSelection)}
                </button>
            </div>
        </Show>
    }
}

#[component]
pub fn CompareDialog() -> impl IntoView {
    let a = atlas();
    let open = move || a.state.with(|s| s.comparing && !s.selection.is_empty());
    let close = move || a.update(|s| s.comparing = false);
    let body = move || {
        let lang = a.lang.get();
        let rows: Vec<Row<'static>> = a.state.with(|s| {
            a.rates.with(|rates| {
                let mut rows: Vec<Row<'static>> = s
                    .selection
                    .iter()
                    .filter_map(|id| a.row(id, s, rates))
                    .collect();
                // Each compared offer's place in the filters' market, whatever is typed in
                // the search box.
                a.explorer.place_in_market(&mut rows, s, rates, &a.today);
                rows
            })
        });
        let head = rows
            .iter()
            .map(|r| {
                let id = r.entry.offer.id.clone();
                view! {
                    <th scope="col">
                        <span class="provider-name">{i18n::provider_name(lang, r.entry.provider).to_string()}</span>
                        <span class="instance-name">{r.entry.offer.instance.clone()}</span>
                        // The exact variant heads its column: a V100 among A100s says so.
                        <span class="accelerator-name">
                            {r.entry.accelerator.map(|x| i18n::accelerator_label(lang, x))}
                        </span>
                        <button
                            type="button"
                            class="link-button"
                            on:click=move |_| a.update(|s| {
                                s.toggle_selected(&id);
                            })
                        >
                            {i18n::t(lang, Msg::Remove)}
                        </button>
                    </th>
                }
            })
            .collect_view();
        let job = a
            .state
            .with(|s| s.job.as_ref().map(|j| j.workload.is_inference()));
        let competition = a.state.with(|s| Competition::of(s, &a.today));
        let lines = lines(&rows, job, lang, &a.today, competition)
            .into_iter()
            .map(|line| {
                let cells = line
                    .cells
                    .into_iter()
                    .map(|cell| {
                        let is_best = cell.best;
                        let yours = cell.yours.map(|mark| {
                            let label = mark.label.unwrap_or_default();
                            view! { " " <span class=mark.class title=label.clone() aria-label=label>{mark.text}</span> }
                        });
                        view! {
                            <td class:best=is_best>
                                {cells::face(cell.face)}
                                {yours}
                                {is_best.then(|| view! { <span class="best-mark">{i18n::t(lang, Msg::BestValue)}</span> })}
                            </td>
                        }
                    })
                    .collect_view();
                view! {
                    <tr data-row=line.column.key()>
                        <th scope="row">{i18n::column(lang, line.column)}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="compare-table" id="compare-table">
                <thead>
                    <tr>
                        <td></td>
                        {head}
                    </tr>
                </thead>
                <tbody>{lines}</tbody>
            </table>
        }
    };
    view! {
        <Show when=open>
            <Dialog id="compare-dialog" title=Signal::derive(move || a.t(Msg::CompareTitle).to_string()) on_close=close>
                {body}
                <ScoreBreakdown />
            </Dialog>
        </Show>
    }
}

/// The compared offers' scores for the current weights, split by criterion.
#[component]
fn ScoreBreakdown() -> impl IntoView {
    let a = atlas();
    let data = Memo::new(move |_| {
        let lang = a.lang.get();
        let selection = a.selection.get();
        let label = |id: &str| {
            a.entry(id)
                .map_or_else(|| id.to_string(), |e| e.label_in(lang))
        };
        ChartData::Stacked(
            a.ranking
                .with(|r| score_breakdown(r, &selection, &label, lang)),
        )
    });
    let rows = Memo::new(move |_| {
        data.with(|d| match d {
            ChartData::Stacked(s) => s.rows.len(),
            _ => 0,
        })
    });
    move || {
        (rows.get() > 0).then(|| {
            let height = 120.0 + 34.0 * rows.get() as f64;
            view! { <Chart id="score-breakdown" data=data height=height /> }
        })
    }
}
