//! Where one price stands among the other prices of its market: a plain count, shared by the
//! table's place column ([`super::place`]) and the detail's sentence
//! (`present::market::place`).

/// Where one price stands among the other prices of its market.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Other prices above this one.
    pub dearer: usize,
    /// Other prices equal to this one.
    pub equal: usize,
    /// Other prices below this one.
    pub cheaper: usize,
}

impl Standing {
    /// Where `price` stands among `others` (the market without this offer); unknown and
    /// non-finite prices are not counted.
    pub fn of(price: f64, others: impl IntoIterator<Item = f64>) -> Standing {
        let mut standing = Standing {
            dearer: 0,
            equal: 0,
            cheaper: 0,
        };
        for other in others.into_iter().filter(|p| p.is_finite()) {
            match other.total_cmp(&price) {
                std::cmp::Ordering::Greater => standing.dearer += 1,
                std::cmp::Ordering::Equal => standing.equal += 1,
                std::cmp::Ordering::Less => standing.cheaper += 1,
            }
        }
        standing
    }

    /// How many other prices there are.
    pub fn others(&self) -> usize {
        self.dearer + self.equal + self.cheaper
    }

    /// The share of the other prices this one is below, 0–100, rounded down so "cheaper than
    /// 80 %" never overstates; `None` when it is the only price.
    pub fn cheaper_than_percent(&self) -> Option<u32> {
        let others = self.others();
        (others > 0).then(|| (self.dearer * 100 / others) as u32)
    }
}

impl Standing {
    /// The share of the other prices below this one, 0–100: what the table sorts a place by,
    /// cheapest first; `None` for the only price of its market.
    pub fn share_below(&self) -> Option<f64> {
        let others = self.others();
        (others > 0).then(|| self.cheaper as f64 * 100.0 / others as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standing_counts_ties_apart() {
        let s = Standing::of(2.0, [1.0, 2.0, 3.0, 4.0, f64::NAN]);
        assert_eq!(
            s,
            Standing {
                dearer: 2,
                equal: 1,
                cheaper: 1
            }
        );
        assert_eq!(s.cheaper_than_percent(), Some(50));
        // Alone in its market: no share to state.
        assert_eq!(Standing::of(2.0, []).cheaper_than_percent(), None);
        // The cheapest of four is cheaper than all three others; tied with all, than none.
        assert_eq!(
            Standing::of(1.0, [2.0, 3.0, 4.0]).cheaper_than_percent(),
            Some(100)
        );
        assert_eq!(
            Standing::of(1.0, [1.0, 1.0]).cheaper_than_percent(),
            Some(0)
        );
        // Rounded down: 2 of 3 is 66 %, not 67 %.
        assert_eq!(
            Standing::of(1.0, [0.5, 2.0, 3.0]).cheaper_than_percent(),
            Some(66)
        );
    }
}
