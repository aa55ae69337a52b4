//! The pure engine: no browser, no Leptos. Everything the app shows is computed here.

pub mod bench;
pub mod bundled;
pub mod catalog;
pub mod chart_data;
pub mod charts;
pub mod cli;
pub mod costing;
pub mod custom;
pub mod explorer;
pub mod export;
pub mod face;
pub mod format;
pub mod freshness;
pub mod fx;
pub mod i18n;
pub mod pricing;
pub mod qr;
pub mod scoring;
pub mod share;
pub mod table;
pub mod view;
pub mod window;
pub mod workload;
