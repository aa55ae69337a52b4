//! A row: an offer as the current view shows it, priced and with the job's figures.

use super::costing::JobFigures;
use super::entry::Entry;
use super::standing::Standing;
use crate::pricing::Quote;

/// An offer as the current view shows it.
#[derive(Debug, Clone)]
pub struct Row<'a> {
    pub entry: &'a Entry<'a>,
    /// `None` only for rows built outside a view (the comparison of a hidden offer).
    pub quote: Option<Quote>,
    /// The calculator's job on this offer, when the view has a job.
    pub job: Option<JobFigures>,
    /// Where its price stands in its market, when the filter stage was asked to say
    /// ([`super::place`]); `None` otherwise, for an unknown price, or without a variant.
    pub place: Option<Standing>,
    /// Shown though it does not state a fact a filter asks for (the view shows such offers,
    /// marked); never set outside the filter stage.
    pub unstated: bool,
}

impl PartialEq for Row<'_> {
    /// Rows are equal when they show the same offer at the same quote; entries are shared,
    /// so the same entry is the same offer.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.entry, other.entry)
            && self.quote == other.quote
            && self.job == other.job
            && self.place == other.place
            && self.unstated == other.unstated
    }
}
