//! The Share menu: the link to this exact view, to copy, to hand to the system share sheet,
//! or to scan as a QR code.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::browser;
use super::context::atlas;
use super::link::write_address;
use crate::engine::present::i18n::pick;
use crate::engine::share::{self, qr};

fn current_href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// This page's address with `query` instead of its own.
fn href_with(query: &str) -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    );
    if query.is_empty() {
        base
    } else {
        format!("{base}?{query}")
    }
}

/// Whether the browser offers the system share sheet.
fn can_share() -> bool {
    web_sys::window()
        .map(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
        .unwrap_or(false)
}

#[component]
pub fn ShareMenu() -> impl IntoView {
    let a = atlas();
    let copied = RwSignal::new(false);
    // Only an open menu follows the view: drawing a QR code on every keystroke would cost
    // more than everything else a change does.
    let open = RwSignal::new(false);
    // The user's discounts are theirs: one click leaves them out of the link (and its QR)
    // without touching the view.
    let leave_discounts = RwSignal::new(false);
    let has_discounts = Memo::new(move |_| a.state.with(|s| !s.discounts.is_empty()));
    let href = Memo::new(move |_| {
        if !open.get() {
            return String::new();
        }
        // The page's own effect writes the address too; writing here first makes sure the
        // link shown is this view's, whichever runs first.
        let version = a.explorer.catalog.history.version;
        a.state.with(|s| write_address(s, version));
        copied.set(false);
        if leave_discounts.get() && has_discounts.get() {
            let query = a.state.with(|s| {
                let mut shared = s.clone();
                shared.discounts.clear();
                share::bounded(&shared).query
            });
            return href_with(&query);
        }
        current_href()
    });
    // What a view too long for a link leaves out of it, said while the menu is open.
    let too_long = Memo::new(move |_| {
        if !open.get() {
            return None;
        }
        let lang = a.lang.get();
        a.state.with(|s| share::bounded(s).message(lang))
    });
    // Drawn as an image from a data URL: the SVG never enters the page as markup.
    let qr_src = move || {
        let link = href.get();
        if link.is_empty() {
            return None;
        }
        qr::svg(&link, 220).map(|svg| {
            format!(
                "data:image/svg+xml;charset=utf-8,{}",
                String::from(js_sys::encode_uri_component(&svg))
            )
        })
    };
    let copy = move |_| {
        let link = href.get_untracked();
        spawn_local(async move {
            if browser::copy_text(link).await {
                copied.set(true);
            }
        });
    };
    let share = move |_| {
        if let Some(window) = web_sys::window() {
            let data = web_sys::ShareData::new();
            data.set_title("GPU Atlas");
            data.set_url(&href.get_untracked());
            let promise = window.navigator().share_with_data(&data);
            spawn_local(async move {
                // A cancelled share sheet is not an error worth showing.
                let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            });
        }
    };
    view! {
        // Follows the element, however it opened or closed (a click, Escape, outside); a click
        // on its button says so at once (the toggle event comes a task later), so the link is
        // there the moment the menu shows.
        <details class="menu" id="share-menu" on:toggle=move |ev| open.set(super::menus::is_open(&ev))>
            <summary on:click=move |ev| open.set(!super::menus::was_open(&ev))>
                {move || pick(a.lang.get(), "Share", "分享")}
            </summary>
            <div class="menu-body share-body">
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Link to this view", "当前视图的链接")}</span>
                    <input id="share-link" type="text" readonly prop:value=move || href.get() />
                </label>
                <Show when=move || has_discounts.get()>
                    <label class="check" id="share-leave-discounts">
                        <input
                            type="checkbox"
                            id="leave-discounts-out"
                            prop:checked=move || leave_discounts.get()
                            on:change=move |ev| leave_discounts.set(event_target_checked(&ev))
                        />
                        <span>{move || pick(a.lang.get(), "Leave my discounts out of this link", "链接中不包含我的折扣")}</span>
                    </label>
                </Show>
                {move || too_long.get().map(|message| view! {
                    <p class="field-error" id="share-too-long" role="status">{message}</p>
                })}
                <div class="share-actions">
                    <button type="button" id="copy-link" on:click=copy>
                        {move || if copied.get() { pick(a.lang.get(), "Copied", "已复制") } else { pick(a.lang.get(), "Copy link", "复制链接") }}
                    </button>
                    <Show when=can_share>
                        <button type="button" id="share-sheet" on:click=share>
                            {move || pick(a.lang.get(), "Share…", "分享…")}
                        </button>
                    </Show>
                </div>
                {move || qr_src().map(|src| view! {
                    <img class="qr" id="share-qr" src=src width="220" height="220" alt=pick(a.lang.get(), "QR code of the link", "链接二维码") />
                })}
            </div>
        </details>
    }
}
