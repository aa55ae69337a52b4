//! The column chooser: searchable, with "reset to defaults".

use leptos::prelude::*;

use super::context::atlas;
use super::menus::FirstOpen;
use crate::engine::present::i18n::{self, Msg};
use crate::engine::view::columns::Column;

#[component]
pub fn ColumnsMenu() -> impl IntoView {
    let a = atlas();
    let find = RwSignal::new(String::new());
    let opened = FirstOpen::new();
    view! {
        <details class="menu" id="columns-menu" on:toggle=opened.on_toggle()>
            <summary>{move || a.t(Msg::Columns)}</summary>
            {opened.body(move || view! {
            <div class="menu-body">
                <input
                    type="search"
                    class="column-find"
                    placeholder=move || a.t(Msg::FindColumn)
                    aria-label=move || a.t(Msg::FindColumn)
                    prop:value=move || find.get()
                    on:input=move |ev| find.set(event_target_value(&ev))
                />
                <ul>
                    {Column::ALL
                        .into_iter()
                        .map(|column| {
                            let visible = move || {
                                let needle = find.get().to_lowercase();
                                let lang = a.lang.get();
                                needle.is_empty()
                                    || i18n::column(lang, column).to_lowercase().contains(&needle)
                                    || column.key().contains(&needle)
                            };
                            view! {
                                <li style:display=move || if visible() { "" } else { "none" }>
                                    <label>
                                        <input
                                            type="checkbox"
                                            data-col=column.key()
                                            prop:checked=move || a.state.with(|s| s.columns.contains(&column))
                                            on:change=move |_| a.update(|s| s.toggle_column(column))
                                        />
                                        {move || i18n::column(a.lang.get(), column)}
                                    </label>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
                <button
                    type="button"
                    class="link-button"
                    id="reset-columns"
                    on:click=move |_| a.update(|s| s.columns = Column::DEFAULT.to_vec())
                >
                    {move || a.t(Msg::ResetColumns)}
                </button>
            </div>
            })}
        </details>
    }
}
