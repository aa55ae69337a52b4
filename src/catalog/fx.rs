//! Reference exchange rates: converting between USD, CNY and EUR.

use crate::{AsOf, Currency, FxRate};

/// The newest reference rate for each currency pair, usable both ways.
#[derive(Debug, Clone, PartialEq)]
pub struct Fx {
    rates: Vec<FxRate>,
}

impl Fx {
    /// Keeps the newest rate per pair; full dates win over month means of the same month.
    pub fn newest(all: &[FxRate]) -> Fx {
        let mut rates: Vec<FxRate> = Vec::new();
        for r in all {
            match rates
                .iter_mut()
                .find(|k| k.base == r.base && k.quote == r.quote)
            {
                Some(kept) if kept.date >= r.date => {}
                Some(kept) => *kept = r.clone(),
                None => rates.push(r.clone()),
            }
        }
        Fx { rates }
    }

    /// The rate that turns one `from` into `to`, with the date it was fixed.
    pub fn rate(&self, from: Currency, to: Currency) -> Option<(f64, AsOf)> {
        if from == to {
            return Some((1.0, AsOf::day(1970, 1, 1)));
        }
        self.rates.iter().find_map(|r| {
            if r.base == from && r.quote == to {
                Some((r.rate, r.date))
            } else if r.base == to && r.quote == from {
                Some((1.0 / r.rate, r.date))
            } else {
                None
            }
        })
    }

    pub fn convert(&self, amount: f64, from: Currency, to: Currency) -> Option<f64> {
        self.rate(from, to).map(|(rate, _)| amount * rate)
    }

    /// The rate shown to users, with its source.
    pub fn reference(&self, base: Currency, quote: Currency) -> Option<&FxRate> {
        self.rates
            .iter()
            .find(|r| r.base == base && r.quote == quote)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(date: &str, rate: f64) -> FxRate {
        FxRate {
            date: AsOf::parse(date).unwrap(),
            base: Currency::Usd,
            quote: Currency::Cny,
            rate,
            source_title: "ECB".into(),
            source_url: "https://www.ecb.europa.eu/".into(),
        }
    }

    #[test]
    fn newest_rate_wins_and_converts_both_ways() {
        let fx = Fx::newest(&[
            rate("2025-10-23", 7.12),
            rate("2026-10-30", 7.0),
            rate("2026-03", 6.9),
        ]);
        assert_eq!(fx.rate(Currency::Usd, Currency::Cny).unwrap().0, 7.0);
        let back = fx.convert(7.0, Currency::Cny, Currency::Usd).unwrap();
        assert!((back - 1.0).abs() < 1e-12);
        assert_eq!(fx.convert(3.0, Currency::Eur, Currency::Eur), Some(3.0));
        assert_eq!(fx.convert(3.0, Currency::Eur, Currency::Usd), None);
    }
}
