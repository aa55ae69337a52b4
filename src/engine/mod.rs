//! The pure engine: no browser, no Leptos. Everything the app shows is computed here.

pub mod bundled;
pub mod catalog;
pub mod format;
pub mod freshness;
pub mod fx;
pub mod table;
