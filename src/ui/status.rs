//! Whether the app is offline, and the "new version — reload" offer when a deploy is waiting.
//! `public/sw-client.js` registers the service worker and sends the update event.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::present::i18n::pick;

/// The window event sw-client.js sends when a new version is installed and waiting.
const UPDATE_EVENT: &str = "gpu-atlas-update";
/// The window event that asks sw-client.js to switch to the waiting version.
const RELOAD_EVENT: &str = "gpu-atlas-reload";
/// The window event that tells sw-client.js the app has taken over the page, so installing
/// the service worker no longer competes with the start.
const READY_EVENT: &str = "gpu-atlas-ready";

/// Tells sw-client.js, once the frame that shows the app's page is painted, that the start
/// is over.
pub fn announce_taken_over() {
    request_animation_frame(|| {
        set_timeout(
            || {
                if let (Some(window), Ok(event)) =
                    (web_sys::window(), web_sys::Event::new(READY_EVENT))
                {
                    let _ = window.dispatch_event(&event);
                }
            },
            std::time::Duration::ZERO,
        );
    });
}

/// "Offline" in the header while the browser has no network.
#[component]
pub fn OfflineBadge() -> impl IntoView {
    let a = atlas();
    let online = RwSignal::new(web_sys::window().is_none_or(|w| w.navigator().on_line()));
    let _on = window_event_listener_untyped("online", move |_| online.set(true));
    let _off = window_event_listener_untyped("offline", move |_| online.set(false));
    view! {
        <Show when=move || !online.get()>
            <span class="offline-badge" id="offline-badge" role="status">
                {move || pick(a.lang.get(), "offline — showing the catalog saved on this device", "离线——显示本机保存的目录")}
            </span>
        </Show>
    }
}

/// The offer to switch to a newly deployed version, as a whole, when the user is ready.
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let a = atlas();
    let waiting = RwSignal::new(false);
    let _listener = window_event_listener_untyped(UPDATE_EVENT, move |_| waiting.set(true));
    let reload = move |_| {
        if let Some(window) = web_sys::window() {
            if let Ok(event) = web_sys::Event::new(RELOAD_EVENT) {
                let _ = window.dispatch_event(&event);
            }
        }
    };
    view! {
        <Show when=move || waiting.get()>
            <div class="update-banner" id="update-banner" role="status">
                <span>{move || pick(a.lang.get(), "A new version of GPU Atlas is ready.", "GPU Atlas 有新版本。")}</span>
                <button type="button" id="update-reload" on:click=reload>
                    {move || pick(a.lang.get(), "Reload", "重新加载")}
                </button>
            </div>
        </Show>
    }
}
