//! The explorer's first stage: one offer with everything about it that does not depend on the
//! view, computed once when the page opens.

use std::sync::OnceLock;

use crate::catalog::{Accelerator, Offer, Provider};
use crate::pricing::Divisors;
use crate::view::search::{Haystack, SearchQuery};

/// One offer with everything about it that does not depend on the view.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub offer: &'a Offer,
    pub provider: &'a Provider,
    pub accelerator: Option<&'a Accelerator>,
    pub divisors: Divisors,
    pub region_count: usize,
    /// What a search reads, written the first time one asks (`Entry::haystack`): building it
    /// for every offer was most of the explorer's build, and a shared link or the first screen
    /// is answered without a search (issue 28). The browser's start writes them all in slices
    /// once the page is answered (`Explorer::prepare_search`).
    pub(super) haystack: OnceLock<Haystack>,
}

impl<'a> Entry<'a> {
    /// The entry of `offer`, sold by `provider`, on `accelerator`.
    pub fn new(
        offer: &'a Offer,
        provider: &'a Provider,
        accelerator: Option<&'a Accelerator>,
    ) -> Entry<'a> {
        Entry {
            offer,
            provider,
            accelerator,
            divisors: Divisors::of(offer, accelerator),
            region_count: sold_in(offer).len(),
            haystack: OnceLock::new(),
        }
    }

    /// Whether `search` finds the offer; an empty search finds every offer without reading
    /// (or writing) its search text.
    pub fn found_by(&self, search: &SearchQuery) -> bool {
        search.is_empty() || search.matches(self.haystack())
    }

    /// The offer's search text: its provider's names, its instance, its accelerator and its
    /// regions, by id and by name.
    pub fn haystack(&self) -> &Haystack {
        self.haystack.get_or_init(|| {
            let regions = sold_in(self.offer);
            let label = self.accelerator.map(Accelerator::label).unwrap_or_default();
            Haystack::new(search_pieces(
                self.offer,
                self.provider,
                self.accelerator,
                &label,
                &regions,
            ))
        })
    }
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
