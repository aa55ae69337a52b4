//! A Rust panic must never leave a blank page: show what broke and how to recover.

use std::panic;

use wasm_bindgen::JsCast;

/// Logs every panic to the console and puts a notice at the top of the page.
pub fn install_hook() {
    panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&format!("GPU Atlas panicked: {message}").into());
        show_notice(&message);
    }));
}

/// The address fragment that makes the app panic on purpose, so anyone (and the end-to-end
/// tests) can check that a failure shows a notice instead of a blank page.
pub const SELF_TEST_FRAGMENT: &str = "#debug-panic";

pub fn self_test_if_asked() {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok());
    if hash.as_deref() == Some(SELF_TEST_FRAGMENT) {
        panic!("deliberate panic requested by {SELF_TEST_FRAGMENT}");
    }
}

/// Builds the notice with plain DOM calls: the reactive runtime may be what broke. Text goes
/// in as text, never as HTML.
fn show_notice(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let Ok(notice) = document.create_element("div") else {
        return;
    };
    notice.set_id("panic-notice");
    let _ = notice.set_attribute("role", "alert");
    let title = document.create_element("strong").ok();
    if let Some(title) = &title {
        title.set_text_content(Some("Something broke — please reload the page. "));
        let _ = notice.append_child(title);
    }
    let detail = document.create_element("code").ok();
    if let Some(detail) = &detail {
        detail.set_text_content(Some(message));
        let _ = notice.append_child(detail);
    }
    if let Some(element) = notice.dyn_ref::<web_sys::HtmlElement>() {
        let _ = body.prepend_with_node_1(element);
    }
}
