//! The engine of GPU Atlas: everything the app shows is computed here, natively testable, with
//! no browser and no Leptos.
//!
//! # Brief overview
//!
//! One plain [`ViewState`](view::state::ViewState) holds what the user chose; the app derives
//! everything else from it and the bundled catalog, in four stages that are the four folders:
//!
//! - [`view`]: what the user chose — filters, columns, units, the job and plan forms.
//! - [`explorer`]: catalog → rows — each offer priced, costed for the job, sorted, filtered.
//! - [`present`]: rows → what is shown — cell faces, words in two languages, exports, chart
//!   data, the money plan of one offer.
//! - [`share`]: the view as a link and as saved views — a codec that never fails.
//!
//! Below them sit [`pricing`] (quotes in the view's term, regions, unit and currency, at the
//! user's [`discounts`]) and [`bundled`] (the catalog `build.rs` validated and embedded). The lower crates are
//! re-exported under their short names, so the app reaches all of the engine through one
//! dependency.
//!
//! # Never
//!
//! - No Leptos, web-sys, js-sys or gloo: the app (`src/ui`) is the only browser code.
//! - A folder imports only from folders before it in the list above (`tests/architecture/`
//!   checks it, with no import loop between files either).

pub use catalog;
pub use charts;
pub use scoring;
pub use workload;

#[cfg(test)]
mod answers_tests;
pub mod bench;
pub mod bundled;
pub mod discounts;
pub mod explorer;
pub mod present;
pub mod pricing;
pub mod share;
pub mod view;
