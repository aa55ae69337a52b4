//! What the user chose: filters, columns, units, sort and selection, the Charts view's
//! settings, and the calculator's and the plan's forms. One [`state::ViewState`] holds it all;
//! the rest of the engine only reads it.

pub mod chart_choices;
pub mod columns;
pub mod custom_rate;
pub mod filters;
pub mod input_rule;
pub mod job_form;
pub mod plan;
pub mod range;
pub mod search;
pub mod state;
