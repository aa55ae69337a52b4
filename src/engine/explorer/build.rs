//! Building an explorer (`super::Explorer::built`): an entry per offer, a slice of offers at a time when the caller
//! wants to give the page back between slices (the browser's start), all at once otherwise.

use catalog::{Catalog, Offer};

use super::entry::Entry;

/// An explorer built a slice of offers at a time, so a browser can paint and answer input
/// between slices (issue 28).
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

/// An offer's entry: its provider, accelerator and what pricing it needs; none for an offer
/// whose provider the catalog lacks. Its search text waits for a search (`Entry::haystack`).
fn entry_of<'a>(catalog: &'a Catalog, offer: &'a Offer) -> Option<Entry<'a>> {
    let provider = catalog.providers.iter().find(|p| p.id == offer.provider)?;
    let accelerator = offer
        .accelerator
        .as_deref()
        .and_then(|id| catalog.accelerators.iter().find(|a| a.id == id));
    Some(Entry::new(offer, provider, accelerator))
}
