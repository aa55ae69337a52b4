//! Export of the current view: CSV, Markdown or JSON, copied or downloaded.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::browser;
use super::context::atlas;
use super::menus::FirstOpen;
use crate::engine::present::chart_data::scatter::price_scatter;
use crate::engine::present::export::{self, Export};
use crate::engine::present::i18n::Msg;
use crate::engine::view::state::Mode;

#[derive(Clone, Copy, PartialEq)]
enum Format {
    Csv,
    Markdown,
    Json,
}

impl Format {
    const ALL: [Format; 3] = [Format::Csv, Format::Markdown, Format::Json];

    fn key(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Markdown => "md",
            Format::Json => "json",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Format::Csv => "CSV",
            Format::Markdown => "Markdown",
            Format::Json => "JSON",
        }
    }

    fn mime(self) -> &'static str {
        match self {
            Format::Csv => "text/csv;charset=utf-8",
            Format::Markdown => "text/markdown;charset=utf-8",
            Format::Json => "application/json",
        }
    }

    /// The text of `table` in this format: as a file to download, or for the clipboard (a
    /// CSV file starts with a byte-order mark for Excel; pasted text must not).
    fn write(self, table: &Export, file: bool) -> String {
        match self {
            Format::Csv if file => export::to_csv_file(table),
            Format::Csv => export::to_csv(table),
            Format::Markdown => export::to_markdown(table),
            Format::Json => export::to_json(table),
        }
    }
}

#[component]
pub fn ExportMenu() -> impl IntoView {
    let a = atlas();
    let copied = RwSignal::new(None::<Format>);
    // The Charts view exports what its main chart draws: every shown offer with its price and
    // the chart's measure; the other views export the table's visible columns.
    let text = move |format: Format, file: bool| {
        let (columns, view, lang, mode, measure, selection) = a.state.with(|s| {
            (
                s.columns.clone(),
                s.price,
                s.lang,
                s.mode,
                s.chart_measure,
                s.selection.clone(),
            )
        });
        a.shown.with(|shown| {
            let table = if mode == Mode::Charts {
                let data = price_scatter(&shown.rows, measure, &view, &selection, lang);
                let unknown = data.words.unknown.clone();
                export::from_chart_table(
                    vec!["offer", "provider", "price", "measure"],
                    data.table(),
                    &unknown,
                )
            } else {
                export::build(&shown.rows, &columns, &view, lang)
            };
            format.write(&table, file)
        })
    };
    let opened = FirstOpen::new();
    view! {
        <details class="menu" id="export-menu" on:toggle=opened.on_toggle()>
            <summary>{move || a.t(Msg::Export)}</summary>
            {opened.body(move || view! {
            <div class="menu-body">
                <table class="export-table">
                    <tbody>
                        {Format::ALL
                            .into_iter()
                            .map(|format| {
                                view! {
                                    <tr>
                                        <th scope="row">{format.label()}</th>
                                        <td>
                                            <button
                                                type="button"
                                                data-export=format!("copy-{}", format.key())
                                                on:click=move |_| {
                                                    let contents = text(format, false);
                                                    spawn_local(async move {
                                                        if browser::copy_text(contents).await {
                                                            copied.set(Some(format));
                                                        }
                                                    });
                                                }
                                            >
                                                {move || {
                                                    if copied.get() == Some(format) {
                                                        a.t(Msg::Copied)
                                                    } else {
                                                        a.t(Msg::Copy)
                                                    }
                                                }}
                                            </button>
                                        </td>
                                        <td>
                                            <button
                                                type="button"
                                                data-export=format!("download-{}", format.key())
                                                on:click=move |_| {
                                                    let name = export::file_name(&a.today.to_string(), format.key());
                                                    browser::download(&name, format.mime(), &text(format, true));
                                                }
                                            >
                                                {move || a.t(Msg::Download)}
                                            </button>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
            })}
        </details>
    }
}
