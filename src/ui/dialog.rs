//! A modal dialog over the page. It closes from its backdrop or Close button, and Escape
//! closes it through the app-wide key handler in `app.rs`.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::i18n::Msg;

#[component]
pub fn Dialog(
    id: &'static str,
    #[prop(into)] title: Signal<String>,
    on_close: impl Fn() + Copy + Send + Sync + 'static,
    children: Children,
) -> impl IntoView {
    let a = atlas();
    let title_id = format!("{id}-title");
    view! {
        <div class="overlay" on:click=move |_| on_close()>
            <div
                class="dialog wide"
                role="dialog"
                aria-modal="true"
                aria-labelledby=title_id.clone()
                id=id
                on:click=|ev| ev.stop_propagation()
            >
                <header class="dialog-head">
                    <h2 id=title_id.clone()>{title}</h2>
                    <button type="button" class="close" autofocus on:click=move |_| on_close()>
                        {move || a.t(Msg::Close)}
                    </button>
                </header>
                <div class="dialog-body">{children()}</div>
            </div>
        </div>
    }
}
