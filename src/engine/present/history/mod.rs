//! How prices moved, as the app shows it: the detail's step chart and "last changed"
//! ([`detail`]), and what changed since the catalog a link was made with ([`since`]). The
//! market's 90-day movement reads the same priced observations (`market::movement`).
//!
//! Every value is priced as the view asks (currency, basis, duration) by the engine's own
//! `pricing`, so a history reads like the prices around it. Dates say which date they are: a
//! value's `as_of` (when it was true at its source, marked ≈ when estimated) or the day the
//! catalog recorded it.

pub mod dates;
pub mod detail;
pub mod observed;
pub mod since;

#[cfg(test)]
mod tests;
