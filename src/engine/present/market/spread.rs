//! How a set of prices spreads (where one price stands among them is
//! [`crate::explorer::place`]).
//!
//! Quartiles interpolate between the two nearest ranks (Hyndman & Fan's definition 7, the
//! default of R, NumPy and spreadsheets), so a reader who checks a median in a spreadsheet
//! gets the same number. Unknown prices never enter: a spread is over known prices only, and
//! says how many it had.

/// The spread of known prices: lowest, quartiles, highest and how many.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spread {
    pub count: usize,
    pub low: f64,
    pub p25: f64,
    pub median: f64,
    pub p75: f64,
    pub high: f64,
}

impl Spread {
    /// The spread of the finite prices among `prices`; `None` when there are none.
    pub fn of(prices: impl IntoIterator<Item = f64>) -> Option<Spread> {
        let mut sorted: Vec<f64> = prices.into_iter().filter(|p| p.is_finite()).collect();
        sorted.sort_by(f64::total_cmp);
        Some(Spread {
            count: sorted.len(),
            low: *sorted.first()?,
            p25: quantile(&sorted, 0.25),
            median: quantile(&sorted, 0.5),
            p75: quantile(&sorted, 0.75),
            high: *sorted.last()?,
        })
    }
}

/// The `q` quantile of ascending `sorted` (non-empty), interpolated between nearest ranks.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    let last = sorted.len() - 1;
    let at = q.clamp(0.0, 1.0) * last as f64;
    let below = at.floor() as usize;
    let above = (below + 1).min(last);
    let part = at - below as f64;
    sorted[below] + (sorted[above] - sorted[below]) * part
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate_like_a_spreadsheet() {
        // =QUARTILE.INC({1,2,3,4,10}, 1..3) gives 2, 3, 4.
        let s = Spread::of([10.0, 1.0, 4.0, 3.0, 2.0]).unwrap();
        assert_eq!(
            (s.low, s.p25, s.median, s.p75, s.high),
            (1.0, 2.0, 3.0, 4.0, 10.0)
        );
        // An even count: the median halves the middle pair.
        let s = Spread::of([1.0, 2.0, 3.0, 4.0]).unwrap();
        assert_eq!((s.p25, s.median, s.p75), (1.75, 2.5, 3.25));
    }

    #[test]
    fn one_price_is_its_own_spread_and_none_is_no_spread() {
        let s = Spread::of([2.5]).unwrap();
        assert_eq!(
            (s.count, s.low, s.p25, s.median, s.p75, s.high),
            (1, 2.5, 2.5, 2.5, 2.5, 2.5)
        );
        assert_eq!(Spread::of([]), None);
        assert_eq!(Spread::of([f64::NAN, f64::INFINITY]), None);
        assert_eq!(Spread::of([f64::NAN, 3.0]).unwrap().count, 1);
    }
}
