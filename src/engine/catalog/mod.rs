//! The catalog: what is rented where, at what price, according to whom.

pub mod date;
#[cfg(not(target_arch = "wasm32"))]
pub mod load;
pub mod model;
pub mod problem;

pub use date::AsOf;
pub use model::*;
pub use problem::Problem;
