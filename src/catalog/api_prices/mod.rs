//! Hosted API prices: what Together, Groq, Bedrock, OpenRouter and the others charge per
//! million tokens for the open-weight models people also run on rented GPUs (and a few
//! closed models as reference points), each price with its source and date.
//!
//! Its own catalog, read from `catalog/api/`, beside the GPU offer [`crate::Catalog`] and
//! never inside it: the app sets one against the other (rent a GPU or call an API?), and
//! either can change without the other's file format moving.
//!
//! - [`model`]: [`ApiCatalog`], [`ApiModel`], [`ApiProvider`], [`ApiPrice`]; unknown is `None`.
//! - `load` (feature `load`): reading and validating the three files; every problem names
//!   file, row and field.

#[cfg(feature = "load")]
mod load;
pub mod model;

#[cfg(all(test, feature = "load"))]
mod tests;

#[cfg(feature = "load")]
pub use load::{load_api, ApiFiles, COLUMNS as PRICE_COLUMNS, SANE_PER_MILLION};
pub use model::*;
