//! `sitemap.xml`, listing the app and every page in both languages, and `robots.txt` naming it.
//!
//! The sitemap protocol wants absolute addresses. With the site's origin known
//! (`GPU_ATLAS_SITE_URL`) they are; without it the sitemap still lists every page, by its path
//! under the base the app is served at (`/gpu-atlas/gpu/<id>/`), and says so in a comment:
//! a build without an origin is a local or test build, and no search engine reads it. Only a
//! sitemap with absolute addresses is named in `robots.txt`, which is then written too
//! (crawlers read `robots.txt` only at a host's root, so it counts on a custom domain or a
//! user site; on a project site it is harmless).

use engine::catalog::format;
use engine::present::markup::escape;

use super::address::Place;
use crate::{File, Site};
use engine::present::i18n::Lang;

pub const SITEMAP: &str = "sitemap.xml";

/// The sitemap of `pages` (each in both languages) and the app, and `robots.txt` when the
/// addresses are absolute.
pub fn files(site: &Site, pages: &[&dyn Place]) -> Vec<File> {
    let prefix = site.origin.as_deref().unwrap_or(&site.base);
    // The catalog's build day is when every page last changed: they are rebuilt with it.
    let lastmod =
        (!site.today.estimated && site.today.day.is_some()).then(|| format::date(&site.today));
    let entry = |folder: &str| {
        let lastmod = lastmod
            .as_ref()
            .map(|d| format!("<lastmod>{d}</lastmod>"))
            .unwrap_or_default();
        format!(
            "  <url><loc>{}</loc>{lastmod}</url>\n",
            escape(&format!("{prefix}{folder}"))
        )
    };
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    if site.origin.is_none() {
        xml.push_str(
            "<!-- Built without GPU_ATLAS_SITE_URL: locations are paths under the site, \
             not the absolute URLs search engines need. -->\n",
        );
    }
    xml.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    xml.push_str(&entry(""));
    for page in pages {
        for lang in Lang::ALL {
            xml.push_str(&entry(&page.folder(lang)));
        }
    }
    xml.push_str("</urlset>\n");
    let mut files = vec![File::text(SITEMAP, xml)];
    if let Some(origin) = &site.origin {
        files.push(File::text(
            "robots.txt",
            format!("User-agent: *\nAllow: /\n\nSitemap: {origin}{SITEMAP}\n"),
        ));
    }
    files
}
