//! What the user is looking at: filters, units, sort and selection.

pub mod chips;
pub mod filters;
pub mod job_form;
pub mod plan;
pub mod plan_offer;
pub mod range;
pub mod saved;
pub mod search;
pub mod state;
