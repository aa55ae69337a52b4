//! The address bar holds the view: read once at start, rewritten (without new history
//! entries) as the user works, and re-read when the browser moves through history. What a
//! link asked for but could not get is listed in a dismissible notice.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::context::atlas;
use crate::engine::catalog::AsOf;
use crate::engine::present::i18n::pick;
use crate::engine::share::{self, Ignored};
use crate::engine::view::state::ViewState;

/// The query of the current address, without the '?'.
pub fn current_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
        .trim_start_matches('?')
        .to_string()
}

/// Whether the link sets `key` itself (then it wins over saved preferences).
pub fn query_sets(query: &str, key: &str) -> bool {
    query
        .split('&')
        .any(|pair| pair.split('=').next() == Some(key))
}

/// Rewrites the address for `state` when it differs, keeping the path and fragment. The
/// address holds the link within its length limit, stamped with the catalog's `version`
/// (`share::stamp`): it is what gets copied.
pub fn write_address(state: &ViewState, version: Option<AsOf>) {
    let query = share::stamp::stamped(state, version).query;
    if query == current_query() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = if query.is_empty() {
        format!("{path}{hash}")
    } else {
        format!("{path}?{query}{hash}")
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The notice listing what a link asked for that could not be honoured.
#[component]
pub fn LinkNotice(ignored: RwSignal<Vec<Ignored>>) -> impl IntoView {
    let a = atlas();
    view! {
        <Show when=move || ignored.with(|i| !i.is_empty())>
            <div class="link-notice" id="link-notice" role="alert">
                <p>
                    {move || pick(a.lang.get(), "This link opened with what could be read. Left out:", "此链接已按可读取的部分打开。未使用：")}
                </p>
                <ul>
                    {move || {
                        let lang = a.lang.get();
                        ignored
                            .get()
                            .into_iter()
                            .map(|i| {
                                let value: String = i.value.chars().take(80).collect();
                                view! {
                                    <li>
                                        <code>{format!("{}={value}", i.key)}</code>
                                        " — "
                                        {i.reason.describe(lang)}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
                <button type="button" id="dismiss-link-notice" on:click=move |_| ignored.set(Vec::new())>
                    {move || pick(a.lang.get(), "Dismiss", "关闭")}
                </button>
            </div>
        </Show>
    }
}
