//! Renting by the hour or committing: monthly and yearly cost of the same use under each term,
//! and the use at which a commitment starts to pay.
//!
//! A reservation is paid for every hour of the month whether used or not; a subscription is a
//! flat monthly fee. Against on-demand at p per hour, a commitment costing c per hour (or F
//! per month) breaks even at a utilisation of c / p (or F / (730 · p)). A serverless deployment
//! is paid per busy hour like on-demand, at its own rate, and never for idle hours.

use serde::{Deserialize, Serialize};

use catalog::{Term, HOURS_PER_MONTH};

/// Prices of one offer (or one GPU) under each term, in one currency. `None`: not offered.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct TermPrices {
    /// Per hour.
    pub on_demand: Option<f64>,
    /// Per hour, before interruption overhead.
    pub spot: Option<f64>,
    /// Effective per hour over the term (any upfront payment spread over its hours).
    pub reserved_1y: Option<f64>,
    pub reserved_3y: Option<f64>,
    /// Per month: a subscription (包月).
    pub monthly: Option<f64>,
    /// Per busy hour of a serverless deployment: it scales to zero, so idle hours cost nothing.
    pub serverless: Option<f64>,
}

/// A price that can be computed with: finite and not negative.
pub(crate) fn usable(price: Option<f64>) -> Option<f64> {
    price.filter(|p| p.is_finite() && *p >= 0.0)
}

/// Hours used in a month, kept within 0–730.
pub(crate) fn month_hours(hours_per_month: f64) -> f64 {
    if hours_per_month.is_nan() {
        0.0
    } else {
        hours_per_month.clamp(0.0, HOURS_PER_MONTH)
    }
}

impl TermPrices {
    /// The terms with a usable price, in display order.
    pub fn terms(&self) -> Vec<Term> {
        [
            (Term::OnDemand, self.on_demand),
            (Term::Spot, self.spot),
            (Term::Reserved1y, self.reserved_1y),
            (Term::Reserved3y, self.reserved_3y),
            (Term::Monthly, self.monthly),
            (Term::Serverless, self.serverless),
        ]
        .into_iter()
        .filter(|(_, price)| usable(*price).is_some())
        .map(|(term, _)| term)
        .collect()
    }

    /// What `hours_per_month` of use costs in a month under `term`; spot is stretched by
    /// `spot_overhead` (expected hours ÷ plain hours, from [`super::spot::overhead`]).
    pub fn monthly_cost(
        &self,
        term: Term,
        hours_per_month: f64,
        spot_overhead: f64,
    ) -> Option<f64> {
        let hours = month_hours(hours_per_month);
        let overhead = if spot_overhead.is_finite() && spot_overhead >= 1.0 {
            spot_overhead
        } else {
            1.0
        };
        let cost = match term {
            Term::OnDemand => hours * usable(self.on_demand)?,
            Term::Spot => hours * overhead * usable(self.spot)?,
            Term::Reserved1y => HOURS_PER_MONTH * usable(self.reserved_1y)?,
            Term::Reserved3y => HOURS_PER_MONTH * usable(self.reserved_3y)?,
            Term::Monthly => usable(self.monthly)?,
            Term::Free => 0.0,
            Term::Serverless => hours * usable(self.serverless)?,
        };
        cost.is_finite().then_some(cost)
    }
}

/// The cost of a month's use under one term.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TermCost {
    pub term: Term,
    pub monthly: f64,
    pub yearly: f64,
}

/// Monthly and yearly cost of `hours_per_month` of use under every priced term.
pub fn term_costs(prices: &TermPrices, hours_per_month: f64, spot_overhead: f64) -> Vec<TermCost> {
    prices
        .terms()
        .into_iter()
        .filter_map(|term| {
            let monthly = prices.monthly_cost(term, hours_per_month, spot_overhead)?;
            let yearly = 12.0 * monthly;
            yearly.is_finite().then_some(TermCost {
                term,
                monthly,
                yearly,
            })
        })
        .collect()
}

/// Where a commitment starts to beat on-demand.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BreakEven {
    pub term: Term,
    /// Share of the month's 730 hours above which the commitment is cheaper; `None`: it never
    /// is (it costs more than on-demand even at full use).
    pub utilisation: Option<f64>,
    pub hours_per_month: Option<f64>,
}

/// Break-even utilisation of each priced commitment against on-demand; empty without an
/// on-demand price above zero.
pub fn break_even(prices: &TermPrices) -> Vec<BreakEven> {
    let Some(on_demand) = usable(prices.on_demand).filter(|p| *p > 0.0) else {
        return Vec::new();
    };
    let committed = [
        (Term::Reserved1y, usable(prices.reserved_1y)),
        (Term::Reserved3y, usable(prices.reserved_3y)),
        (
            Term::Monthly,
            usable(prices.monthly).map(|m| m / HOURS_PER_MONTH),
        ),
    ];
    committed
        .into_iter()
        .filter_map(|(term, hourly)| {
            let share = hourly? / on_demand;
            let utilisation = (share.is_finite() && share <= 1.0).then_some(share);
            Some(BreakEven {
                term,
                utilisation,
                hours_per_month: utilisation.map(|u| u * HOURS_PER_MONTH),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prices() -> TermPrices {
        TermPrices {
            on_demand: Some(2.0),
            spot: Some(0.8),
            reserved_1y: Some(1.2),
            reserved_3y: Some(0.9),
            monthly: Some(1_000.0),
            serverless: Some(3.0),
        }
    }

    #[test]
    fn reserved_at_sixty_percent_breaks_even_at_438_hours() {
        let even = break_even(&prices());
        let one_year = even.iter().find(|b| b.term == Term::Reserved1y).unwrap();
        assert!((one_year.utilisation.unwrap() - 0.6).abs() < 1e-12);
        assert!((one_year.hours_per_month.unwrap() - 438.0).abs() < 1e-9);
        // 1,000 a month = 1.3699/h → 68.5% of on-demand.
        let monthly = even.iter().find(|b| b.term == Term::Monthly).unwrap();
        assert!((monthly.hours_per_month.unwrap() - 500.0).abs() < 1e-9);
    }

    #[test]
    fn monthly_and_yearly_costs_per_term() {
        let costs = term_costs(&prices(), 200.0, 1.1);
        let get = |t| costs.iter().find(|c| c.term == t).unwrap();
        assert_eq!(get(Term::OnDemand).monthly, 400.0);
        assert!((get(Term::Spot).monthly - 200.0 * 0.8 * 1.1).abs() < 1e-9);
        assert!((get(Term::Reserved1y).monthly - 876.0).abs() < 1e-9);
        assert!((get(Term::Reserved1y).yearly - 10_512.0).abs() < 1e-9);
        assert_eq!(get(Term::Monthly).monthly, 1_000.0);
        // Serverless bills busy hours only: 200 h at 3.0 is dearer than the 1,000 subscription
        // only once use passes 333 h.
        assert_eq!(get(Term::Serverless).monthly, 600.0);
        let busy = term_costs(&prices(), 400.0, 1.0);
        let serverless = busy.iter().find(|c| c.term == Term::Serverless).unwrap();
        assert_eq!(serverless.monthly, 1_200.0);
        // A month has no more than 730 hours.
        let full = term_costs(&prices(), 10_000.0, 1.0);
        assert_eq!(full[0].monthly, 1_460.0);
    }

    #[test]
    fn a_dearer_commitment_never_pays_and_missing_prices_are_skipped() {
        let dear = TermPrices {
            on_demand: Some(1.0),
            reserved_1y: Some(1.5),
            ..TermPrices::default()
        };
        let even = break_even(&dear);
        assert_eq!(even.len(), 1);
        assert_eq!(even[0].utilisation, None);
        assert!(break_even(&TermPrices::default()).is_empty());
        let broken = TermPrices {
            on_demand: Some(f64::NAN),
            spot: Some(-1.0),
            ..TermPrices::default()
        };
        assert!(term_costs(&broken, 100.0, 1.0).is_empty());
        assert!(break_even(&broken).is_empty());
        assert_eq!(term_costs(&prices(), f64::NAN, f64::NAN)[0].monthly, 0.0);
    }
}
