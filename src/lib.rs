//! The GPU Atlas app: the Leptos shell (`ui`, compiled for wasm32 only) over the pure engine.
//!
//! The shell reads signals, calls the engine and renders; no price arithmetic lives here.
//! `docs/architecture.md` maps the crates.

pub use engine;
#[cfg(target_arch = "wasm32")]
pub mod ui;
