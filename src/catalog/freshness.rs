//! How old a fact is, in the words the UI uses to make old data look old.

use crate::AsOf;

/// Months after which a price is no longer "fresh": clouds revise GPU prices about twice a year.
pub const FRESH_MONTHS: i32 = 6;
/// Months after which a price is "stale": likely changed since, treat as historical.
pub const STALE_MONTHS: i32 = 18;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Freshness {
    Fresh,
    Aging,
    Stale,
}

impl Freshness {
    /// An estimated date counts as one step older: nobody checked it on that day.
    pub fn of(as_of: &AsOf, today: &AsOf) -> Freshness {
        let months = as_of.months_until(today);
        let by_age = if months <= FRESH_MONTHS {
            Freshness::Fresh
        } else if months <= STALE_MONTHS {
            Freshness::Aging
        } else {
            Freshness::Stale
        };
        if as_of.estimated && by_age == Freshness::Fresh {
            Freshness::Aging
        } else {
            by_age
        }
    }

    /// The CSS class and test hook for this freshness.
    pub fn class(self) -> &'static str {
        match self {
            Freshness::Fresh => "fresh",
            Freshness::Aging => "aging",
            Freshness::Stale => "stale",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> AsOf {
        AsOf::parse(s).unwrap()
    }

    #[test]
    fn age_decides_freshness() {
        let today = d("2026-11-30");
        assert_eq!(Freshness::of(&d("2026-11-09"), &today), Freshness::Fresh);
        assert_eq!(Freshness::of(&d("2026-03-21"), &today), Freshness::Aging);
        assert_eq!(Freshness::of(&d("2023-06-30"), &today), Freshness::Stale);
    }

    #[test]
    fn an_estimated_recent_date_is_not_fresh() {
        let today = d("2026-11-30");
        assert_eq!(Freshness::of(&d("~2026-10"), &today), Freshness::Aging);
        assert_eq!(Freshness::of(&d("~2021"), &today), Freshness::Stale);
    }
}
