//! A page per accelerator variant (`gpu/<id>/`) and per provider (`provider/<id>/`), and
//! `sitemap.xml` listing them with the app.

use crate::{File, Site};

/// Every page of this module, and the sitemap.
pub fn files(_site: &Site) -> Vec<File> {
    Vec::new()
}
