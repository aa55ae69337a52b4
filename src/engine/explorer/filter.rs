//! The filter stage's predicate: the user's `Filters`, parsed once per change, tested against
//! each priced offer.
//!
//! A range that does not parse is reported and ignored, never turned into an empty table.

use std::collections::BTreeSet;

use super::entry::Entry;
use crate::catalog::{AsOf, BillingIncrement, Term};
use crate::pricing::{Missing, Quote};
use crate::view::filters::{Filters, RangeField};
use crate::view::range::{NumRange, RangeError};
use crate::view::search::SearchQuery;

/// Filters parsed and ready to test offers; built once per change.
#[derive(Debug, Clone)]
pub struct Compiled {
    filters: Filters,
    search: SearchQuery,
    ranges: Vec<(RangeField, NumRange)>,
    /// Ranges that did not parse, with the reason, for inline messages.
    pub errors: Vec<(RangeField, RangeError)>,
}

impl Filters {
    /// The ranges that do not parse, with the reason: what the filter boxes say inline. Their
    /// own pass, so the boxes need no priced rows (the market view runs no table stages).
    pub fn range_errors(&self) -> Vec<(RangeField, RangeError)> {
        self.ranges
            .iter()
            .filter_map(|(field, text)| field.parse(text).err().map(|e| (*field, e)))
            .collect()
    }

    pub fn compile(&self) -> Compiled {
        let mut ranges = Vec::new();
        let mut errors = Vec::new();
        for (field, text) in &self.ranges {
            match field.parse(text) {
                Ok(Some(range)) => ranges.push((*field, range)),
                Ok(None) => {}
                Err(err) => errors.push((*field, err)),
            }
        }
        Compiled {
            filters: self.clone(),
            search: SearchQuery::parse(&self.search),
            ranges,
            errors,
        }
    }
}

impl RangeField {
    /// The field's value for an offer, priced by `quote`; `None` when unknown.
    pub fn value(self, entry: &Entry<'_>, quote: Option<&Quote>) -> Option<f64> {
        let specs = entry.accelerator.map(|a| &a.specs);
        match self {
            RangeField::Count => entry.divisors.accelerators,
            RangeField::MemoryPerAccelerator => specs.and_then(|s| s.memory_gb),
            RangeField::MemoryTotal => entry.divisors.memory_gb,
            RangeField::Vcpus => entry.offer.vcpus,
            RangeField::Ram => entry.offer.ram_gb,
            RangeField::Price => quote.and_then(|q| q.value),
            RangeField::Bf16 => specs.and_then(|s| s.bf16_tflops.or(s.fp16_tflops)),
        }
    }
}

/// What the filters say of one offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    Yes,
    /// It passes every filter whose fact it states, but one filter asks for a fact it does
    /// not state (multi-node clusters, an interconnect, Kubernetes, vCPUs …). Unknown is not
    /// "no": such an offer is counted apart and shown, marked, when the view asks
    /// ([`Filters::unstated`]).
    Unstated,
    No,
}

/// One filter's answer for an offer: yes, no, or the offer does not say.
fn answer(fact: Option<bool>) -> Kept {
    match fact {
        Some(true) => Kept::Yes,
        Some(false) => Kept::No,
        None => Kept::Unstated,
    }
}

/// Several filters' answers together: any "no" is no; else any unstated is unstated.
fn all(answers: impl IntoIterator<Item = Kept>) -> Kept {
    let mut verdict = Kept::Yes;
    for a in answers {
        match a {
            Kept::No => return Kept::No,
            Kept::Unstated => verdict = Kept::Unstated,
            Kept::Yes => {}
        }
    }
    verdict
}

impl Compiled {
    /// Whether an offer, priced by `quote` for the chosen term and regions, is shown: it
    /// passes every filter, or states nothing for one and the view shows such offers.
    pub fn keep(&self, entry: &Entry<'_>, quote: &Quote, today: &AsOf) -> bool {
        self.admits(self.judge(entry, quote, today))
    }

    /// Whether the view shows an offer the filters judged `kept`.
    pub fn admits(&self, kept: Kept) -> bool {
        kept == Kept::Yes || kept == Kept::Unstated && self.filters.unstated
    }

    /// What the filters say of an offer, priced by `quote` for the chosen term and regions.
    pub fn judge(&self, entry: &Entry<'_>, quote: &Quote, today: &AsOf) -> Kept {
        let f = &self.filters;
        let offer = entry.offer;
        let provider = entry.provider;
        let accelerator = entry.accelerator;
        let in_set = |set: &BTreeSet<String>, value: Option<&str>| {
            set.is_empty() || value.is_some_and(|v| set.contains(v))
        };
        let facts = &provider.facts;
        // Facts every offer states: a miss is a plain no.
        let known = entry.found_by(&self.search)
            && in_set(&f.providers, Some(&provider.id))
            && (f.categories.is_empty() || f.categories.contains(&provider.category))
            && (f.vendors.is_empty() || accelerator.is_some_and(|a| f.vendors.contains(&a.vendor)))
            && in_set(&f.models, accelerator.map(|a| a.model.as_str()))
            && in_set(&f.accelerators, accelerator.map(|a| a.id.as_str()))
            && in_set(
                &f.architectures,
                accelerator.and_then(|a| a.architecture.as_deref()),
            )
            && (!f.per_second_billing
                || quote.billing.or(provider.billing_increment) == Some(BillingIncrement::Second))
            && (!f.no_commitment
                || matches!(
                    quote.term,
                    Term::OnDemand | Term::Spot | Term::Free | Term::Serverless
                ) && facts.minimum_charge.is_none())
            && (!f.hide_unknown_price || quote.missing != Some(Missing::Price))
            && f.max_age_months
                .is_none_or(|months| quote.as_of.months_until(today) <= months as i32);
        if !known {
            return Kept::No;
        }
        // Facts an offer may leave unstated: a range over a quantity it does not give, a
        // link it does not name, multi-node clusters, the provider's tooling.
        let stated = |wanted: bool, fact: Option<&String>| {
            if wanted {
                answer(fact.map(|_| true))
            } else {
                Kept::Yes
            }
        };
        all([
            all(self.ranges.iter().map(|(field, range)| {
                answer(field.value(entry, Some(quote)).map(|v| range.contains(v)))
            })),
            if f.links.is_empty() {
                Kept::Yes
            } else {
                any(f
                    .links
                    .iter()
                    .map(|l| answer(l.held_by(offer, accelerator))))
            },
            if f.multi_node {
                answer(offer.multi_node)
            } else {
                Kept::Yes
            },
            stated(f.kubernetes, facts.kubernetes.as_ref()),
            stated(f.framework_images, facts.framework_images.as_ref()),
            stated(f.notebooks, facts.notebooks.as_ref()),
        ])
    }
}

/// "Any of these": any yes is yes; else any unstated is unstated.
fn any(answers: impl IntoIterator<Item = Kept>) -> Kept {
    let mut verdict = Kept::No;
    for a in answers {
        match a {
            Kept::Yes => return Kept::Yes,
            Kept::Unstated => verdict = Kept::Unstated,
            Kept::No => {}
        }
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::i18n::{range_error, Lang};

    fn errors(field: RangeField, text: &str) -> Vec<String> {
        let mut filters = Filters::default();
        filters.ranges.insert(field, text.to_string());
        filters
            .compile()
            .errors
            .iter()
            .map(|(f, e)| range_error(Lang::En, *f, &e.text, &e.kind))
            .collect()
    }

    #[test]
    fn a_negative_range_is_refused_as_impossible_for_its_quantity() {
        assert_eq!(
            errors(RangeField::MemoryPerAccelerator, "-5..-1"),
            ["Memory per accelerator (GB) cannot be negative: “-5..-1” goes below 0."]
        );
        assert_eq!(errors(RangeField::Price, "<=-2").len(), 1);
        assert_eq!(errors(RangeField::Count, "-1-8").len(), 1);
        for fine in ["0..4", ">=80", "8"] {
            assert!(errors(RangeField::MemoryTotal, fine).is_empty(), "{fine}");
        }
    }

    #[test]
    fn nan_is_said_to_be_not_a_number() {
        let said = errors(RangeField::Price, "NaN");
        assert_eq!(said.len(), 1);
        assert!(said[0].starts_with("“NaN” is not a number."), "{}", said[0]);
        assert!(!said[0].contains("too large"));
    }
}
