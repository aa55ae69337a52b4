//! The catalog as open, documented files: `data/catalog.json` and its JSON Schema,
//! `data/offers.csv`, `data/changes.atom`, and `llms.txt` describing the site and the files.

use crate::{File, Site};

/// Every file of this module.
pub fn files(_site: &Site) -> Vec<File> {
    Vec::new()
}
