//! What the user is looking at: filters, units, sort and selection.

pub mod chips;
pub mod filters;
pub mod range;
pub mod saved;
pub mod search;
pub mod state;
