//! A modal dialog over the page. It closes from its backdrop or Close button, and Escape
//! closes it through the app-wide key handler in `app.rs`. Opening moves the keyboard focus
//! into it; closing gives the focus back to where it was, so keyboard users are not lost.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
    let close_button = NodeRef::<leptos::html::Button>::new();
    // The element that had the focus before the dialog opened (browser objects stay on this
    // thread, hence the local store).
    let before = StoredValue::new_local(
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()),
    );
    Effect::new(move |_| {
        if let Some(button) = close_button.get() {
            let _ = button.focus();
        }
    });
    on_cleanup(move || {
        if let Some(Some(element)) = before.try_get_value() {
            let _ = element.focus();
        }
    });
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
                    <button type="button" class="close" node_ref=close_button on:click=move |_| on_close()>
                        {move || a.t(Msg::Close)}
                    </button>
                </header>
                <div class="dialog-body">{children()}</div>
            </div>
        </div>
    }
}
