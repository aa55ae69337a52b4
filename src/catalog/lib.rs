//! The catalog of GPU Atlas: who rents which accelerator where, at what price, according to
//! whom and as of when — and the plain facts every layer above shares: dates, exchange rates,
//! how old a price may be before it is stale, number formatting, and the two languages.
//!
//! # Brief overview
//!
//! - [`model`]: providers, accelerators (one exact variant each), offers and their prices,
//!   every price with a currency, unit, date and source. Unknown is `None`, never a guess.
//! - [`date`]: [`AsOf`], the day a price was true (or the month, marked as estimated).
//! - [`history`]: how prices moved (each value with the day it was true and the day it was
//!   recorded), and the catalog's version.
//! - [`load`] (feature `load`): reading and validating the human-editable files; every
//!   problem names file, row and field.
//! - [`fabric`]: the links inside and between instances, stated or implied by the form factor.
//! - [`tensor_bound`]: the most dense FP16/BF16 tensor TFLOPS an architecture can reach per
//!   FP32 TFLOPS; the loader refuses a figure above it (a sparse or FP16-accumulate one).
//! - [`api_prices`]: hosted API prices per million tokens for open-weight models, a catalog of
//!   its own (`catalog/api/`) beside the GPU offers.
//! - [`fx`], [`freshness`], [`format`], [`lang`]: exchange rates, the age rule, money and
//!   quantities as text, and the English/Chinese words of catalog terms.
//!
//! # Never
//!
//! - Depends on nothing of GPU Atlas, and on no browser crate: the build script, the importers,
//!   the engine and the app all read the catalog through this crate alone.
//! - Reads no file unless the `load` feature is on; the browser app never turns it on.

pub mod api_prices;
pub mod date;
pub mod fabric;
pub mod file;
pub mod format;
pub mod freshness;
pub mod fx;
pub mod history;
pub mod lang;
#[cfg(feature = "load")]
pub mod load;
pub mod model;
pub mod problem;
pub mod short_label;
pub mod tensor_bound;

/// Test only: every accelerator with an offer has its architecture and dense tensor figure,
/// or is on the commented list of what is still unknown and why.
#[cfg(all(test, feature = "load"))]
mod datasheet_coverage;
#[cfg(test)]
mod english_texts;

pub use date::AsOf;
pub use lang::{pick, Lang};
pub use model::*;
pub use problem::Problem;
