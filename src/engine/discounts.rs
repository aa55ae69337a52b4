//! The user's own discounts: "AWS −15 %, enterprise agreement", "AWS 1-year reserved −30 %",
//! "spot −10 % everywhere". [`pricing`](crate::pricing) applies them to every quote, so the
//! table, market view, ranking, calculator, plan, charts and exports all show the user's
//! price without knowing discounts exist; the catalog itself is never changed.
//!
//! # Which discount applies
//!
//! Discounts do not stack: a price gets at most one, the most specific that matches its
//! provider and term —
//!
//! 1. this provider and this term (AWS, 1-year reserved),
//! 2. this provider, every term (AWS),
//! 3. every provider, this term (spot),
//! 4. every provider, every term.
//!
//! A negotiated "AWS 1-year reserved −30 %" is the whole deal for those prices, not 30 % on
//! top of an "AWS −15 %" agreement, which is how providers write such contracts. There is one
//! discount per provider and term (the form replaces, a link keeps the first), so no tie is
//! left to break.
//!
//! The user's own offers (provider [`OWN_OFFERS`]) are already the user's price: a quote the
//! user typed is never discounted again, not even by an every-provider discount.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use catalog::Term;
use workload::ProblemKind;

/// A discount lies between these percentages, both allowed. A hundredth of a percent is the
/// finest a discount is written to; 0 % changes nothing. No provider discounts a GPU by more
/// than 95 %: even spot prices stop near 90 % off on-demand, and a 99.999 % "discount" once
/// turned every price into "$0.000 −100 %".
pub const MIN_PERCENT: f64 = 0.01;
pub const MAX_PERCENT: f64 = 95.0;
/// A note says where the discount comes from ("enterprise agreement"), in a menu and a cell's
/// title: a sentence, not a contract.
pub const MAX_NOTE_CHARS: usize = 60;
/// More than one per provider and term for a few providers is not a use but a typo loop, and
/// each one lengthens the link.
pub const MAX_DISCOUNTS: usize = 24;
/// The provider id of the user's own offers (`explorer::custom::PROVIDER_ID`, which a test
/// there keeps equal): their prices are never discounted.
pub const OWN_OFFERS: &str = "custom";

/// One discount: who it applies to and how much it takes off.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Discount {
    /// A provider id; `None` for every provider.
    pub provider: Option<String>,
    /// A pricing term; `None` for every term.
    pub term: Option<Term>,
    /// Percent off the list price, from [`MIN_PERCENT`] to [`MAX_PERCENT`].
    pub percent: f64,
    /// Where it comes from; may be empty.
    pub note: String,
}

/// Why a discount is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountProblem {
    /// The percentage is outside [`MIN_PERCENT`]..=[`MAX_PERCENT`] (or not a number at all):
    /// which way.
    Percent(ProblemKind),
    /// The note is longer than [`MAX_NOTE_CHARS`].
    NoteTooLong,
    /// More than [`MAX_DISCOUNTS`].
    TooMany,
}

/// Whether `percent` is a discount: a finite number from [`MIN_PERCENT`] to [`MAX_PERCENT`].
pub fn percent_allowed(percent: f64) -> bool {
    percent_breach(percent).is_none()
}

/// What is wrong with `percent` as a discount, if anything.
pub fn percent_breach(percent: f64) -> Option<ProblemKind> {
    if !percent.is_finite() {
        Some(ProblemKind::NotFinite)
    } else if percent < MIN_PERCENT {
        Some(ProblemKind::BelowMin)
    } else if percent > MAX_PERCENT {
        Some(ProblemKind::AboveMax)
    } else {
        None
    }
}

impl Discount {
    /// What the list price is multiplied by: 0.85 for −15 %.
    pub fn factor(&self) -> f64 {
        1.0 - self.percent / 100.0
    }

    /// How specific the discount is; the highest that matches wins (see the module's rule).
    pub fn specificity(&self) -> u8 {
        u8::from(self.provider.is_some()) * 2 + u8::from(self.term.is_some())
    }

    /// Whether it covers prices of `provider` (an id) for `term`.
    pub fn covers(&self, provider: &str, term: Term) -> bool {
        provider != OWN_OFFERS
            && self.provider.as_deref().is_none_or(|p| p == provider)
            && self.term.is_none_or(|t| t == term)
    }

    /// Two discounts for the same provider and term: one replaces the other.
    pub fn same_scope(&self, other: &Discount) -> bool {
        self.provider == other.provider && self.term == other.term
    }

    pub fn validate(&self) -> Result<(), DiscountProblem> {
        if let Some(kind) = percent_breach(self.percent) {
            return Err(DiscountProblem::Percent(kind));
        }
        if self.note.chars().count() > MAX_NOTE_CHARS {
            return Err(DiscountProblem::NoteTooLong);
        }
        Ok(())
    }
}

/// The user's discounts, in the order they were added. Each is shared (`Arc`) with every
/// quote it applies to, so a quote remembering its discount costs a reference count, not a
/// copy of the note, at 100k offers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Discounts(Vec<Arc<Discount>>);

impl Discounts {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Discount> {
        self.0.iter().map(|d| &**d)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Adds `discount`, replacing the one of the same provider and term in its place; refused
    /// (and nothing changed) when it breaks a rule.
    pub fn set(&mut self, discount: Discount) -> Result<(), DiscountProblem> {
        discount.validate()?;
        let full = self.0.len() >= MAX_DISCOUNTS;
        match self.0.iter_mut().find(|d| d.same_scope(&discount)) {
            Some(slot) => *slot = Arc::new(discount),
            None if full => return Err(DiscountProblem::TooMany),
            None => self.0.push(Arc::new(discount)),
        }
        Ok(())
    }

    /// Removes the discount at `index` (as [`iter`](Self::iter) lists them), if any.
    pub fn remove(&mut self, index: usize) {
        if index < self.0.len() {
            self.0.remove(index);
        }
    }

    /// The discount that applies to `provider`'s prices for `term`: the most specific one
    /// that covers them, or none.
    pub fn for_price(&self, provider: &str, term: Term) -> Option<&Arc<Discount>> {
        self.0
            .iter()
            .filter(|d| d.covers(provider, term))
            // The first of equals: `set` keeps one per scope, so this only orders scopes.
            .rev()
            .max_by_key(|d| d.specificity())
    }
}

impl FromIterator<Discount> for Discounts {
    /// Discounts that keep the rules, one per scope (the first); the rest are dropped.
    fn from_iter<I: IntoIterator<Item = Discount>>(iter: I) -> Discounts {
        let mut out = Discounts::default();
        for discount in iter {
            if !out.iter().any(|d| d.same_scope(&discount)) {
                let _ = out.set(discount);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn discount(provider: Option<&str>, term: Option<Term>, percent: f64) -> Discount {
        Discount {
            provider: provider.map(str::to_string),
            term,
            percent,
            note: String::new(),
        }
    }

    #[test]
    fn the_most_specific_discount_wins_whatever_the_order() {
        let all = discount(None, None, 5.0);
        let spot = discount(None, Some(Term::Spot), 10.0);
        let aws = discount(Some("aws"), None, 15.0);
        let aws_1y = discount(Some("aws"), Some(Term::Reserved1y), 30.0);
        for order in [
            vec![&all, &spot, &aws, &aws_1y],
            vec![&aws_1y, &aws, &spot, &all],
            vec![&spot, &aws_1y, &all, &aws],
        ] {
            let set: Discounts = order.into_iter().cloned().collect();
            let got = |p: &str, t: Term| set.for_price(p, t).map(|d| d.percent);
            assert_eq!(got("aws", Term::Reserved1y), Some(30.0));
            // Provider over term: AWS spot takes the AWS agreement, not the spot one.
            assert_eq!(got("aws", Term::Spot), Some(15.0));
            assert_eq!(got("aws", Term::OnDemand), Some(15.0));
            assert_eq!(got("gcp", Term::Spot), Some(10.0));
            assert_eq!(got("gcp", Term::OnDemand), Some(5.0));
            // The user's own offers are their price already.
            assert_eq!(got(OWN_OFFERS, Term::OnDemand), None);
        }
        assert_eq!(Discounts::default().for_price("aws", Term::OnDemand), None);
    }

    #[test]
    fn a_discount_is_from_0_01_to_95_percent_with_a_short_note() {
        for (bad, kind) in [
            (0.0, ProblemKind::BelowMin),
            (-0.0, ProblemKind::BelowMin),
            (0.001, ProblemKind::BelowMin),
            (-5.0, ProblemKind::BelowMin),
            (95.01, ProblemKind::AboveMax),
            (99.999, ProblemKind::AboveMax),
            (100.0, ProblemKind::AboveMax),
            (150.0, ProblemKind::AboveMax),
            (f64::NAN, ProblemKind::NotFinite),
            (f64::INFINITY, ProblemKind::NotFinite),
        ] {
            assert_eq!(
                discount(None, None, bad).validate(),
                Err(DiscountProblem::Percent(kind)),
                "{bad}"
            );
        }
        for good in [0.01, 15.0, 95.0] {
            assert_eq!(discount(None, None, good).validate(), Ok(()));
        }
        let mut long = discount(None, None, 15.0);
        long.note = "é".repeat(MAX_NOTE_CHARS);
        assert_eq!(long.validate(), Ok(()), "characters, not bytes");
        long.note.push('x');
        assert_eq!(long.validate(), Err(DiscountProblem::NoteTooLong));
    }

    #[test]
    fn setting_replaces_the_same_scope_and_refuses_without_changing_anything() {
        let mut set = Discounts::default();
        set.set(discount(Some("aws"), None, 15.0)).unwrap();
        set.set(discount(Some("aws"), Some(Term::Spot), 20.0))
            .unwrap();
        set.set(discount(Some("aws"), None, 12.0)).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().next().map(|d| d.percent), Some(12.0));
        let before = set.clone();
        assert_eq!(
            set.set(discount(Some("gcp"), None, 99.999)),
            Err(DiscountProblem::Percent(ProblemKind::AboveMax))
        );
        assert_eq!(set, before);
        for i in 0..MAX_DISCOUNTS {
            let _ = set.set(discount(Some(&format!("p{i}")), None, 10.0));
        }
        assert_eq!(set.len(), MAX_DISCOUNTS);
        assert_eq!(
            set.set(discount(Some("one-more"), None, 10.0)),
            Err(DiscountProblem::TooMany)
        );
        set.remove(0);
        set.remove(999);
        assert_eq!(set.len(), MAX_DISCOUNTS - 1);
    }

    #[test]
    fn the_factor_is_what_is_left_to_pay() {
        assert!((discount(None, None, 15.0).factor() - 0.85).abs() < 1e-12);
    }
}
