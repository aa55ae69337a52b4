//! GPU Atlas: compare GPU cloud offers in the browser.
//!
//! `engine` is pure Rust (std + serde): the catalog, prices and every rule, tested natively.
//! `ui` is the Leptos shell, compiled only for the browser.

pub mod engine;
#[cfg(target_arch = "wasm32")]
pub mod ui;
