//! Fetching the catalog file the page names (`<meta name="gpu-atlas-catalog">`, written by
//! `scripts/catalog-file.mjs`); the page preloads it, so this usually finds it downloaded.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The catalog file's bytes, or a sentence saying why it could not be had. Bytes, not text:
/// a JS string would be decoded to UTF-16 and back for nothing.
pub async fn fetch() -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let document = window.document().ok_or("no document")?;
    let name = document
        .query_selector("meta[name=gpu-atlas-catalog]")
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|name| !name.is_empty())
        .ok_or("this page does not name its catalog file")?;
    fetch_file(&name, "the catalog file").await
}

/// A file of the site by its address relative to the page, as bytes; `what` names it in
/// the sentence that says why it could not be had.
pub async fn fetch_file(name: &str, what: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(name))
        .await
        .map_err(|_| format!("{what} {name} could not be downloaded (offline?)"))?
        .dyn_into()
        .map_err(|_| format!("{what} {name} did not answer as a file"))?;
    if !response.ok() {
        return Err(format!(
            "{what} {name} could not be downloaded (HTTP {})",
            response.status()
        ));
    }
    let body = response
        .array_buffer()
        .map_err(|_| format!("{what} {name} could not be read"))?;
    let buffer = JsFuture::from(body)
        .await
        .map_err(|_| format!("{what} {name} could not be read"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
