//! GPU Atlas's static site, rendered at build time by the engine natively — the same code the
//! app runs in the browser — into files beside the app:
//!
//! - [`first_screen`]: the default view as HTML inside `index.html` (header, controls, the first
//!   screenful of the table with real prices, sources and dates, in both languages), which
//!   the app takes over when its wasm is ready.
//! - [`pages`]: a page per accelerator variant, per provider and per open-weight model (its
//!   hosted-API prices and the GPUs it fits on), and `sitemap.xml`.
//! - [`open_data`]: the catalog as documented files (`data/v1/catalog.json` with its JSON
//!   Schema, `data/v1/offers.csv`, the Atom feed of price changes `data/changes.atom`), the
//!   hosted-API prices (`data/v1/api-prices.json` with its schema, `data/v1/api-prices.csv`)
//!   and `llms.txt` (docs/open-data.md).
//!
//! Every generator is a pure function from a [`Site`] to [`File`]s; only `bin/site.rs` touches
//! the disk. Nothing here is compiled into the app, and nothing else depends on this crate.

pub mod first_screen;
pub mod open_data;
pub mod pages;

use engine::catalog::api_prices::ApiCatalog;
use engine::catalog::fx::Fx;
use engine::catalog::{AsOf, Catalog};
use engine::explorer::Explorer;
use engine::pricing::Rates;

/// What every generator reads: the validated catalog and where the site is served.
pub struct Site<'a> {
    pub catalog: &'a Catalog,
    /// The hosted-API prices (`catalog/api/`): the bundled ones unless [`Site::with_api`]
    /// gives others.
    pub api: ApiCatalog,
    pub explorer: Explorer<'a>,
    /// The newest reference exchange rates, no rate of the visitor's: a first visit's view.
    pub rates: Rates,
    /// The catalog's build day: "today" for freshness marks, as the app shows on that day.
    pub today: AsOf,
    /// The path the app is served under, ending in `/` (Trunk's public URL: `/gpu-atlas/`, or
    /// `./` for a build that works anywhere).
    pub base: String,
    /// The site's absolute address ending in `/` (`https://owner.github.io/gpu-atlas/`), when
    /// the build knows it (`GPU_ATLAS_SITE_URL`); sitemap and feed need absolute URLs.
    pub origin: Option<String>,
    /// The app's stylesheet as Trunk named it (`main-<hash>.css`), for the static pages.
    pub stylesheet: String,
}

impl<'a> Site<'a> {
    pub fn new(
        catalog: &'a Catalog,
        base: &str,
        origin: Option<&str>,
        stylesheet: &str,
    ) -> Site<'a> {
        let with_slash = |s: &str| {
            if s.ends_with('/') {
                s.to_string()
            } else {
                format!("{s}/")
            }
        };
        Site {
            catalog,
            // build.rs validated the bundled file, and the site tool decodes it itself and
            // stops on an error before building; here a broken file could only empty it.
            api: engine::bundled::api_catalog().unwrap_or_default(),
            explorer: Explorer::new(catalog),
            rates: Rates::new(Fx::newest(&catalog.fx), None),
            today: catalog.built_on.unwrap_or_else(engine::bundled::built_on),
            base: with_slash(base),
            origin: origin.filter(|o| !o.is_empty()).map(with_slash),
            stylesheet: stylesheet.to_string(),
        }
    }
}

impl Site<'_> {
    /// The same site with another hosted-API catalog (a test's hand-made one).
    pub fn with_api(mut self, api: ApiCatalog) -> Self {
        self.api = api;
        self
    }
}

/// One file of the site: its path under the site's root (`gpu/h100-sxm5-80gb/index.html`) and
/// its bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub path: String,
    pub body: Vec<u8>,
}

impl File {
    pub fn text(path: impl Into<String>, body: impl Into<String>) -> File {
        File {
            path: path.into(),
            body: body.into().into_bytes(),
        }
    }
}
