//! Reads the human-editable catalog files into a validated [`Catalog`].
//!
//! Host only: `build.rs` runs this to embed the catalog (a bad row fails the build) and the
//! tests run it to pin the rules. Every rule reports the file, the row and the field, and the
//! loader keeps going after a problem so one build lists them all.

mod accelerators;
mod files;
mod fx;
mod history;
mod live;
mod prices;
mod provider;
// Shared with the hosted-API loader (`crate::api_prices`), which keeps the same rules.
pub(crate) mod rules;

pub use files::{CatalogFiles, ProviderFiles, SourceFile};
pub use live::COLUMNS as LIVE_COLUMNS;
pub use prices::{COLUMNS as PRICE_COLUMNS, HISTORY_COLUMNS};

use crate::date::AsOf;
use crate::history::History;
use crate::model::Catalog;
use crate::problem::Problem;

/// Parses and validates every file. `today` bounds dates: a price cannot be from the future.
pub fn load(files: &CatalogFiles, today: AsOf) -> Result<Catalog, Vec<Problem>> {
    let mut problems = Vec::new();
    let (accelerator_sources, accelerators) =
        accelerators::load(&files.accelerators, today, &mut problems);
    let fx = fx::load(&files.fx, today, &mut problems);

    let mut catalog = Catalog {
        providers: Vec::new(),
        accelerators,
        accelerator_sources,
        offers: Vec::new(),
        fx,
        built_on: Some(today),
        history: History::default(),
    };
    let mut histories = Vec::new();
    for pf in &files.providers {
        let Some((provider, mut offers)) =
            provider::load(&pf.provider, &catalog, today, &mut problems)
        else {
            continue;
        };
        match &pf.prices {
            Some(prices) => {
                prices::load(prices, &provider, &mut offers, today, &mut problems);
            }
            None => problems.push(Problem::new(
                &pf.provider.path,
                "file",
                "",
                format!("no price table: add prices/{}.csv", provider.id),
            )),
        }
        if let Some(file) = &pf.live {
            live::load(file, &provider, &mut offers, today, &mut problems);
        }
        if let Some(file) = &pf.history {
            history::load(
                file,
                &provider,
                &offers,
                today,
                &mut histories,
                &mut problems,
            );
        }
        catalog.providers.push(provider);
        catalog.offers.extend(offers);
    }
    catalog.history = History::from_prices(histories);
    if problems.is_empty() {
        Ok(catalog)
    } else {
        Err(problems)
    }
}
