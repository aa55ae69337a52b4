//! Building an explorer (`super::Explorer::built`): an entry per offer, a slice of offers at a time when the caller
//! wants to give the page back between slices (the browser's start), all at once otherwise.

use catalog::{Accelerator, Catalog, Offer};

use super::entry::{search_pieces, sold_in, Entry};
use crate::pricing::Divisors;
use crate::view::search::Haystack;

/// An explorer built a slice of offers at a time, so a browser can paint and answer input
/// between slices (the search pieces of a thousand offers took 30 ms in one go; issue 28).
pub struct ExplorerBuild<'a> {
    catalog: &'a Catalog,
    entries: Vec<Entry<'a>>,
    /// The next offer to enter.
    next: usize,
}

impl<'a> ExplorerBuild<'a> {
    pub fn new(catalog: &'a Catalog) -> ExplorerBuild<'a> {
        ExplorerBuild {
            catalog,
            entries: Vec::with_capacity(catalog.offers.len()),
            next: 0,
        }
    }

    /// Enters up to `count` more offers; says whether every offer is in.
    pub fn step(&mut self, count: usize) -> bool {
        let catalog = self.catalog;
        let end = self.next.saturating_add(count).min(catalog.offers.len());
        for offer in &catalog.offers[self.next..end] {
            if let Some(entry) = entry_of(catalog, offer) {
                self.entries.push(entry);
            }
        }
        self.next = end;
        end == catalog.offers.len()
    }

    /// The catalog and its entries, for [`super::Explorer::built`].
    pub(super) fn into_parts(self) -> (&'a Catalog, Vec<Entry<'a>>) {
        (self.catalog, self.entries)
    }
}

/// An offer's entry: its provider, accelerator and what searching and pricing it need; none
/// for an offer whose provider the catalog lacks.
fn entry_of<'a>(catalog: &'a Catalog, offer: &'a Offer) -> Option<Entry<'a>> {
    let provider = catalog.providers.iter().find(|p| p.id == offer.provider)?;
    let accelerator = offer
        .accelerator
        .as_deref()
        .and_then(|id| catalog.accelerators.iter().find(|a| a.id == id));
    let regions = sold_in(offer);
    let label = accelerator.map(Accelerator::label).unwrap_or_default();
    let haystack = Haystack::new(search_pieces(
        offer,
        provider,
        accelerator,
        &label,
        &regions,
    ));
    Some(Entry {
        offer,
        provider,
        accelerator,
        divisors: Divisors::of(offer, accelerator),
        region_count: regions.len(),
        haystack,
    })
}
