//! Prices as the user wants to read them: one term, the chosen regions, a unit and a currency.
//!
//! A catalog price is native: its own currency, unit and term. A [`Quote`] is that price
//! turned into what the user asked for — per instance, per accelerator, per GB of accelerator
//! memory or per dense BF16 PFLOP; per hour, day, month or year; in USD, CNY or EUR — and it
//! remembers whether a conversion happened, so a converted price can say so.
//!
//! The user's discounts ([`crate::discounts`]) are applied here too, in [`price_quote`], the
//! one function every quote passes through: each figure of a discounted quote is the list
//! figure times the discount's factor, and the quote keeps the discount and the list price so
//! what shows it can say "your price".

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::discounts::{Discount, Discounts};
use catalog::fx::Fx;
use catalog::{
    Accelerator, Area, AsOf, BillingIncrement, Confidence, Currency, Offer, Price, Provider, Term,
    HOURS_PER_MONTH, HOURS_PER_YEAR,
};

/// What one unit of a shown price buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriceBasis {
    #[default]
    Instance,
    Accelerator,
    /// Per GB of accelerator memory.
    MemoryGb,
    /// Per PFLOP/s of dense BF16 tensor throughput (FP16 where the chip has no BF16).
    Bf16Pflop,
}

impl PriceBasis {
    pub const ALL: [PriceBasis; 4] = [
        PriceBasis::Instance,
        PriceBasis::Accelerator,
        PriceBasis::MemoryGb,
        PriceBasis::Bf16Pflop,
    ];
}

/// The time a shown price covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    #[default]
    Hour,
    Day,
    /// 730 hours, as the clouds bill a month.
    Month,
    Year,
}

impl Duration {
    pub const ALL: [Duration; 4] = [
        Duration::Hour,
        Duration::Day,
        Duration::Month,
        Duration::Year,
    ];

    pub fn hours(self) -> f64 {
        match self {
            Duration::Hour => 1.0,
            Duration::Day => 24.0,
            Duration::Month => HOURS_PER_MONTH,
            Duration::Year => HOURS_PER_YEAR,
        }
    }
}

/// How prices are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PriceView {
    pub currency: Currency,
    pub basis: PriceBasis,
    pub duration: Duration,
}

/// What turns a catalog price into the user's: the exchange rates in force (the newest
/// reference rates, or a rate the user typed) and the user's discounts. Every quote reads
/// them, so both reach every figure shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Rates {
    fx: Fx,
    /// One USD buys this much CNY, as the user typed it.
    custom_usd_cny: Option<f64>,
    discounts: Discounts,
}

/// How far a typed USD→CNY rate may be from the reference, as a factor either way. Ten
/// times covers every rate the yuan has had against the dollar and catches a decimal point
/// misplaced by two places or more.
pub const CUSTOM_RATE_BAND: f64 = 10.0;

/// The rates (CNY per USD) a typed rate must fall between, around `reference`.
pub fn custom_rate_band(reference: f64) -> (f64, f64) {
    (reference / CUSTOM_RATE_BAND, reference * CUSTOM_RATE_BAND)
}

/// Whether a typed `rate` (CNY per USD) is usable against `reference`. Without a reference
/// there is nothing to compare with, and any positive finite rate is taken as typed.
pub fn custom_rate_allowed(rate: f64, reference: Option<f64>) -> bool {
    rate.is_finite()
        && rate > 0.0
        && reference.is_none_or(|r| {
            let (low, high) = custom_rate_band(r);
            (low..=high).contains(&rate)
        })
}

impl Rates {
    /// The reference rates, and the user's USD→CNY rate when it keeps the rule (a link may
    /// carry any number; one outside the band is not applied).
    pub fn new(fx: Fx, custom_usd_cny: Option<f64>) -> Rates {
        let reference = fx.rate(Currency::Usd, Currency::Cny).map(|(r, _)| r);
        Rates {
            custom_usd_cny: custom_usd_cny.filter(|r| custom_rate_allowed(*r, reference)),
            fx,
            discounts: Discounts::default(),
        }
    }

    /// These rates with the user's `discounts` applied to every quote.
    pub fn with_discounts(mut self, discounts: Discounts) -> Rates {
        self.discounts = discounts;
        self
    }

    pub fn discounts(&self) -> &Discounts {
        &self.discounts
    }

    pub fn reference(&self) -> &Fx {
        &self.fx
    }

    pub fn custom_usd_cny(&self) -> Option<f64> {
        self.custom_usd_cny
    }

    /// `amount` in `from` expressed in `to`; `None` when no rate links the two.
    pub fn convert(&self, amount: f64, from: Currency, to: Currency) -> Option<f64> {
        if from == to {
            return Some(amount);
        }
        // A typed rate was set for the yuan: it applies into CNY (EUR goes there through USD)
        // and between CNY and USD, never to what a CNY price costs in euros, which the
        // reference rates give.
        let custom = self
            .custom_usd_cny
            .filter(|_| to == Currency::Cny || (from == Currency::Cny && to == Currency::Usd));
        // Every pair goes through USD: the reference rates are all quoted against it.
        let usd = match (from, custom) {
            (Currency::Cny, Some(rate)) => amount / rate,
            _ => self.fx.convert(amount, from, Currency::Usd)?,
        };
        match (to, custom) {
            (Currency::Usd, _) => Some(usd),
            (Currency::Cny, Some(rate)) => Some(usd * rate),
            _ => self.fx.convert(usd, Currency::Usd, to),
        }
    }

    /// The user's rate when the view's `currency` uses it: the CNY view, and the USD view
    /// (whose CNY prices it converts). `None` for EUR, which the reference rates serve.
    pub fn custom_in_use(&self, currency: Currency) -> Option<f64> {
        self.custom_usd_cny
            .filter(|_| matches!(currency, Currency::Cny | Currency::Usd))
    }
}

/// Which regions' prices count: empty sets mean every region.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct RegionChoice {
    pub areas: BTreeSet<Area>,
    /// Single regions as "provider/region".
    pub regions: BTreeSet<String>,
}

impl RegionChoice {
    pub fn is_everywhere(&self) -> bool {
        self.areas.is_empty() && self.regions.is_empty()
    }

    pub fn allows(&self, provider: &Provider, region: &str) -> bool {
        if self.is_everywhere() {
            return true;
        }
        let area = provider.region(region).map(|r| r.area);
        area.is_some_and(|a| self.areas.contains(&a))
            || self.regions.contains(&format!("{}/{region}", provider.id))
    }
}

/// Why a quote has no value to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Missing {
    /// The catalog says the offer is sold, but no source gave its price.
    Price,
    /// Per-accelerator units on an offer without accelerators.
    NoAccelerator,
    /// Per-GB units where the accelerator's memory is unknown.
    MemorySpec,
    /// Per-PFLOP units where the accelerator's BF16/FP16 throughput is unknown.
    ThroughputSpec,
    /// No exchange rate links the price's currency to the chosen one.
    Rate,
}

/// One offer's price as the user asked to see it, with its provenance.
///
/// Its text is the catalog price's own shared strings, not copies: the price stage builds a
/// quote for every price row of every offer and the filter stage clones every row it keeps,
/// so at 100k offers copied strings were most of their time. The price's note is not here:
/// what shows it (the detail view) reads it from the catalog price.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    pub term: Term,
    pub region: Arc<str>,
    /// The price behind the quote, in its native currency and unit: the catalog's, times the
    /// discount's factor when one applies.
    pub native_currency: Currency,
    pub native_per_hour: Option<f64>,
    pub native_per_hour_high: Option<f64>,
    /// In the view's currency, basis and duration; `None` says why in `missing`.
    pub value: Option<f64>,
    pub value_high: Option<f64>,
    /// The same price per accelerator, in the view's currency and duration.
    pub per_accelerator: Option<f64>,
    pub per_accelerator_high: Option<f64>,
    pub missing: Option<Missing>,
    pub currency: Currency,
    /// The value was converted from another currency.
    pub converted: bool,
    pub as_of: AsOf,
    pub confidence: Confidence,
    pub source: Arc<str>,
    pub billing: Option<BillingIncrement>,
    /// The user's discount in this price, if one applies; every figure above already has it.
    pub discount: Option<Arc<Discount>>,
    /// The list (catalog) price of `value`, before the discount; `None` without one.
    pub list_value: Option<f64>,
}

/// What the offer's specs give to divide a price by.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Divisors {
    pub accelerators: Option<f64>,
    pub memory_gb: Option<f64>,
    pub bf16_pflops: Option<f64>,
}

impl Divisors {
    pub fn of(offer: &Offer, accelerator: Option<&Accelerator>) -> Divisors {
        let count = Some(offer.count).filter(|c| *c > 0.0 && accelerator.is_some());
        let per = |v: Option<f64>| Some(v? * count?);
        let specs = accelerator.map(|a| &a.specs);
        Divisors {
            accelerators: count,
            memory_gb: per(specs.and_then(|s| s.memory_gb)),
            bf16_pflops: per(specs.and_then(|s| s.bf16_tflops.or(s.fp16_tflops)))
                .map(|tflops| tflops / 1_000.0),
        }
    }

    fn for_basis(&self, basis: PriceBasis) -> Result<f64, Missing> {
        match basis {
            PriceBasis::Instance => Ok(1.0),
            PriceBasis::Accelerator => self.accelerators.ok_or(Missing::NoAccelerator),
            PriceBasis::MemoryGb => self.memory_gb.ok_or(Missing::MemorySpec),
            PriceBasis::Bf16Pflop => self.bf16_pflops.ok_or(Missing::ThroughputSpec),
        }
    }
}

/// The offer's price for `term` in the chosen regions, as `view` asks; the cheapest region wins
/// (ties by region id). `None` when the offer has no price row for that term there: it is not
/// sold that way in those regions. On-demand falls back to a free tier, so a free-only offer
/// reads "free" rather than disappearing.
pub fn quote(
    offer: &Offer,
    provider: &Provider,
    divisors: &Divisors,
    term: Term,
    regions: &RegionChoice,
    view: &PriceView,
    rates: &Rates,
) -> Option<Quote> {
    // The cheapest price is chosen before it is quoted: quoting every candidate (conversions
    // and all) and converting both sides again in every comparison cost most of the price stage
    // at 100k offers. The key is the quote's own (its native hourly price in USD), so the
    // choice is the same.
    let best = |term: Term| {
        offer
            .prices
            .iter()
            .filter(|p| p.term == term && regions.allows(provider, &p.region))
            .map(|p| {
                let usd = p
                    .per_instance_hour(offer.count)
                    .and_then(|v| rates.convert(v, p.currency, Currency::Usd));
                (p, usd)
            })
            .min_by(|(a, a_usd), (b, b_usd)| {
                match (a_usd, b_usd) {
                    (Some(x), Some(y)) => x.total_cmp(y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                }
                .then_with(|| a.region.cmp(&b.region))
            })
            .map(|(p, _)| price_quote(p, offer, divisors, view, rates))
    };
    best(term).or_else(|| (term == Term::OnDemand).then(|| best(Term::Free)).flatten())
}

/// One catalog price as `view` asks to see it (the detail view lists every price this way).
pub fn price_quote(
    price: &Price,
    offer: &Offer,
    divisors: &Divisors,
    view: &PriceView,
    rates: &Rates,
) -> Quote {
    let native = price.per_instance_hour(offer.count);
    let native_high = price
        .amount_high
        .zip(price.amount)
        .filter(|(_, low)| *low > 0.0)
        .and_then(|(high, low)| Some(native? * high / low));
    let in_basis = |per_hour: f64, basis: PriceBasis| -> Result<f64, Missing> {
        let divisor = divisors.for_basis(basis)?;
        let converted = rates
            .convert(per_hour, price.currency, view.currency)
            .ok_or(Missing::Rate)?;
        Ok(converted / divisor * view.duration.hours())
    };
    let shown = |per_hour: f64| in_basis(per_hour, view.basis);
    let per_accelerator = |per_hour: Option<f64>| in_basis(per_hour?, PriceBasis::Accelerator).ok();
    let (value, missing) = match native.map(shown) {
        None => (None, Some(Missing::Price)),
        Some(Ok(v)) => (Some(v), None),
        Some(Err(m)) => (None, Some(m)),
    };
    let list = Quote {
        term: price.term,
        region: Arc::clone(&price.region),
        native_currency: price.currency,
        native_per_hour: native,
        native_per_hour_high: native_high,
        value,
        value_high: native_high.and_then(|h| shown(h).ok()),
        per_accelerator: per_accelerator(native),
        per_accelerator_high: per_accelerator(native_high),
        missing,
        currency: view.currency,
        converted: price.currency != view.currency,
        as_of: price.as_of,
        confidence: price.confidence,
        source: Arc::clone(&price.source),
        billing: price.billing,
        discount: None,
        list_value: None,
    };
    // A free tier has nothing to take a discount off: marking "−15 %" on "free" would say a
    // price moved that did not.
    let discount = rates
        .discounts
        .for_price(&offer.provider, price.term)
        .filter(|_| price.term != Term::Free);
    match discount {
        Some(discount) => list.discounted(discount),
        None => list,
    }
}

impl Quote {
    /// This list-price quote at `discount`: every money figure times its factor (the job's
    /// cost, the plan and the ranking all start from these), the list value kept beside.
    fn discounted(self, discount: &Arc<Discount>) -> Quote {
        let factor = discount.factor();
        let times = |v: Option<f64>| v.map(|v| v * factor);
        Quote {
            native_per_hour: times(self.native_per_hour),
            native_per_hour_high: times(self.native_per_hour_high),
            value: times(self.value),
            value_high: times(self.value_high),
            per_accelerator: times(self.per_accelerator),
            per_accelerator_high: times(self.per_accelerator_high),
            list_value: self.value,
            discount: Some(Arc::clone(discount)),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::{AsOf, FxRate};

    fn fx() -> Fx {
        let rate = |quote, rate| FxRate {
            base: Currency::Usd,
            quote,
            rate,
            date: AsOf::day(2026, 11, 28),
            source_title: String::new(),
            source_url: String::new(),
        };
        Fx::newest(&[rate(Currency::Cny, 7.0), rate(Currency::Eur, 0.9)])
    }

    #[test]
    fn a_custom_cny_rate_does_not_leak_into_the_euro_view() {
        let own = Rates::new(fx(), Some(8.0));
        let reference = Rates::new(fx(), None);
        // CNY 100 in euros: the reference way (100 / 7 × 0.9), not the typed rate.
        let eur = own.convert(100.0, Currency::Cny, Currency::Eur).unwrap();
        let expected = reference
            .convert(100.0, Currency::Cny, Currency::Eur)
            .unwrap();
        assert!((eur - expected).abs() < 1e-9, "{eur} vs {expected}");
        // Into CNY and between CNY and USD, the typed rate applies.
        assert_eq!(own.convert(1.0, Currency::Usd, Currency::Cny), Some(8.0));
        assert_eq!(own.convert(8.0, Currency::Cny, Currency::Usd), Some(1.0));
        let eur_in_cny = own.convert(0.9, Currency::Eur, Currency::Cny).unwrap();
        assert!((eur_in_cny - 8.0).abs() < 1e-9);
        assert_eq!(own.custom_in_use(Currency::Cny), Some(8.0));
        assert_eq!(own.custom_in_use(Currency::Eur), None);
    }

    #[test]
    fn a_custom_rate_far_from_the_reference_is_not_applied() {
        for absurd in [1e-300, 0.5, 71.0, 1e300, -7.0, f64::NAN] {
            assert_eq!(
                Rates::new(fx(), Some(absurd)).custom_usd_cny(),
                None,
                "{absurd}"
            );
        }
        assert_eq!(Rates::new(fx(), Some(0.7)).custom_usd_cny(), Some(0.7));
        assert_eq!(Rates::new(fx(), Some(70.0)).custom_usd_cny(), Some(70.0));
    }
}
