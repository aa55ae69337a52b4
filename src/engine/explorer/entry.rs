//! The explorer's first stage: one offer with everything about it that does not depend on the
//! view, computed once when the page opens.

use crate::catalog::{Accelerator, Offer, Provider};
use crate::pricing::Divisors;
use crate::view::search::Haystack;

/// One offer with everything about it that does not depend on the view.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub offer: &'a Offer,
    pub provider: &'a Provider,
    pub accelerator: Option<&'a Accelerator>,
    pub divisors: Divisors,
    pub region_count: usize,
    pub haystack: Haystack,
}

impl Entry<'_> {
    /// The offer's name where space is short (charts, dialog titles): "Provider · instance".
    pub fn label(&self) -> String {
        format!("{} · {}", self.provider.name, self.offer.instance)
    }

    /// [`Entry::label`] with the provider named in the reader's language.
    pub fn label_in(&self, lang: catalog::lang::Lang) -> String {
        let provider = catalog::lang::provider_name(lang, self.provider);
        format!("{provider} · {}", self.offer.instance)
    }
}

/// The regions an offer has a price in, once each, by id.
pub fn sold_in(offer: &Offer) -> Vec<&str> {
    let mut regions: Vec<&str> = offer.prices.iter().map(|p| &*p.region).collect();
    regions.sort_unstable();
    regions.dedup();
    regions
}

/// What a search looks through for one offer: its provider's names, the instance, the
/// accelerator's `label` and architecture, and the `regions` it is sold in, ids and names.
pub fn search_pieces<'a>(
    offer: &'a Offer,
    provider: &'a Provider,
    accelerator: Option<&'a Accelerator>,
    label: &'a str,
    regions: &[&'a str],
) -> Vec<&'a str> {
    let mut pieces = vec![
        provider.name.as_str(),
        provider.id.as_str(),
        provider.name_zh.as_deref().unwrap_or(""),
        offer.instance.as_str(),
        label,
        accelerator
            .and_then(|a| a.architecture.as_deref())
            .unwrap_or(""),
    ];
    pieces.extend(regions.iter().copied());
    pieces.extend(
        regions
            .iter()
            .filter_map(|r| provider.region(r).map(|r| r.name.as_str())),
    );
    pieces
}
