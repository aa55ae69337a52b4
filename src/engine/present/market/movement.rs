//! How a variant's on-demand price per accelerator moved over the last 90 days.
//!
//! The measure is the **median of the offers' own moves**. For each on-demand offer of the row
//! (the explorer's row in the view's regions: the region its quote names) whose price has a
//! recorded history, the value true at its source 90 days before today and the value true
//! today, both per accelerator in the view's currency and duration (at today's rates, so a
//! move is the price's and not the exchange rate's), give one move, `now / then − 1`. The
//! row's movement is the median of those moves, with the number of offers it covers.
//!
//! Why not the cheapest then against the cheapest now: that mixes a price moving with who
//! sells (an offer gone, a new cheap one), and one offer decides it. Why only prices with a
//! recorded history (more than one value): a price with one value says nothing about whether
//! anyone looked again, so counting it as unchanged would pull every median to 0 %. An offer
//! whose first value is dated inside the window has no "then" and is left out. When no offer
//! is covered, the movement is unknown — never 0 %.

use catalog::history::History;
use catalog::{AsOf, Term};

use super::spread::quantile;
use crate::explorer::Row;
use crate::present::history::observed::quote_of;
use crate::pricing::{PriceView, Rates};

/// The window, in days before today.
pub const WINDOW_DAYS: i64 = 90;

/// A variant's price movement over the window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Movement {
    /// The median move as a share: 0.05 is 5 % dearer than 90 days ago.
    pub change: f64,
    /// The offers whose moves the median is over.
    pub offers: usize,
}

/// Each covered offer's move, as a share, in `rows`' order.
pub fn moves(
    rows: &[(Row<'_>, Option<f64>)],
    history: &History,
    view: &PriceView,
    rates: &Rates,
    today: &AsOf,
) -> Vec<f64> {
    let then_day = AsOf::from_days_since_epoch(today.days_since_epoch() - WINDOW_DAYS);
    rows.iter()
        .filter_map(|(row, _)| {
            let quote = row.quote.as_ref().filter(|q| q.term == Term::OnDemand)?;
            let price = history.of(&row.entry.offer.id, &quote.region, Term::OnDemand)?;
            let per_accelerator = |o| {
                quote_of(o, row.entry, &quote.region, Term::OnDemand, view, rates).per_accelerator
            };
            let then = per_accelerator(price.true_on(then_day)?)?;
            let now = per_accelerator(price.true_on(*today)?)?;
            let change = now / then - 1.0;
            (then > 0.0 && change.is_finite()).then_some(change)
        })
        .collect()
}

/// The median of [`moves`], or `None` when no offer is covered.
pub fn movement(
    rows: &[(Row<'_>, Option<f64>)],
    history: &History,
    view: &PriceView,
    rates: &Rates,
    today: &AsOf,
) -> Option<Movement> {
    let mut moves = moves(rows, history, view, rates, today);
    if moves.is_empty() {
        return None;
    }
    moves.sort_by(f64::total_cmp);
    Some(Movement {
        change: quantile(&moves, 0.5),
        offers: moves.len(),
    })
}
