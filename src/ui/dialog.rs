//! A modal dialog over the page. It closes from its backdrop or Close button, and Escape
//! closes it through the app-wide key handler in `app.rs`. Opening moves the keyboard focus
//! into it, Tab and Shift+Tab cycle inside it (aria-modal promises the page behind is
//! inert), and closing gives the focus back to where it was, so keyboard users are not lost.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::atlas;
use crate::engine::present::i18n::Msg;

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
                on:keydown=trap_focus
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

/// Keeps Tab inside the dialog: past the last control it wraps to the first, and back.
fn trap_focus(ev: web_sys::KeyboardEvent) {
    if ev.key() != "Tab" {
        return;
    }
    let Some(dialog) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let Ok(nodes) = dialog.query_selector_all(
        "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), \
         textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])",
    ) else {
        return;
    };
    let focusable: Vec<web_sys::HtmlElement> = (0..nodes.length())
        .filter_map(|i| nodes.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect();
    let (Some(first), Some(last)) = (focusable.first(), focusable.last()) else {
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let is = |e: &web_sys::HtmlElement| active.as_ref() == Some(e.unchecked_ref());
    let target = if ev.shift_key() && is(first) {
        last
    } else if !ev.shift_key() && is(last) {
        first
    } else {
        return;
    };
    ev.prevent_default();
    let _ = target.focus();
}
