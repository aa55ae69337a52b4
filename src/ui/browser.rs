//! The few browser services the shell needs, each behind one small function: storage of
//! preferences, the browser's languages, page attributes, clipboard and downloads, the
//! window's height.

use gloo::storage::{LocalStorage, Storage};

use crate::engine::share::StorageKey;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

use crate::engine::present::i18n::Lang;
use crate::engine::present::window::on_screen;
use crate::engine::view::state::Theme;

/// What is remembered between visits. The view itself lives in the link, not here.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub lang: Option<Lang>,
    pub theme: Theme,
}

/// Stored preferences; anything unreadable counts as none (nothing of the user's is lost:
/// preferences are two choices the page shows).
pub fn load_preferences() -> Preferences {
    LocalStorage::get(StorageKey::Preferences.name()).unwrap_or_default()
}

pub fn save_preferences(preferences: Preferences) {
    // A full or disabled storage only means the choice is not remembered.
    let _ = LocalStorage::set(StorageKey::Preferences.name(), preferences);
}

/// The browser's preferred languages, most preferred first.
pub fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let list: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}

/// Sets the page's language and theme attributes, which the stylesheet and screen readers use.
pub fn apply_page_settings(lang: Lang, theme: Theme) {
    let Some(root) = gloo::utils::document().document_element() else {
        return;
    };
    let _ = root.set_attribute("lang", lang.code());
    match theme {
        Theme::System => {
            let _ = root.remove_attribute("data-theme");
        }
        Theme::Light => {
            let _ = root.set_attribute("data-theme", "light");
        }
        Theme::Dark => {
            let _ = root.set_attribute("data-theme", "dark");
        }
    }
}

/// Copies text to the clipboard; resolves to whether it worked.
pub async fn copy_text(text: String) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let promise = window.navigator().clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Offers `contents` as a file download.
pub fn download(file_name: &str, mime: &str, contents: &str) {
    let blob = gloo::file::Blob::new_with_options(contents, Some(mime));
    let url = gloo::file::ObjectUrl::from(blob);
    let document = gloo::utils::document();
    let Ok(anchor) = document.create_element("a") else {
        return;
    };
    let Ok(anchor) = anchor.dyn_into::<web_sys::HtmlAnchorElement>() else {
        return;
    };
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    // The object URL is revoked when `url` drops, after the click has started the download.
}

/// Downloads what `href` points at (a data: URL of a chart's PNG) under `file_name`.
pub fn download_href(file_name: &str, href: &str) {
    let Some(anchor) = gloo::utils::document()
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        return;
    };
    anchor.set_href(href);
    anchor.set_download(file_name);
    anchor.click();
}

/// Today in the user's calendar, for judging how old a price is.
pub fn today() -> crate::engine::catalog::AsOf {
    let now = js_sys::Date::new_0();
    crate::engine::catalog::AsOf::day(
        now.get_full_year() as u16,
        now.get_month() as u8 + 1,
        now.get_date() as u8,
    )
}

/// Moves the keyboard focus to the element with this id, if it exists.
pub fn focus_by_id(id: &str) {
    use wasm_bindgen::JsCast;
    if let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

/// The part of the scrolling frame `frame`'s content that is on screen (`on_screen`): reading
/// its box lays the page out first if anything in it changed since the last layout.
pub fn band_of(frame: &web_sys::Element) -> (f64, f64) {
    let rect = frame.get_bounding_client_rect();
    let scrolled = f64::from(frame.scroll_top());
    on_screen(rect.top(), rect.height(), scrolled, window_height())
}

/// The window's inner height in CSS pixels (900 where the browser does not say), which the
/// tables' windows of rows are cut to.
pub fn window_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(900.0)
}
