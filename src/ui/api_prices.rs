//! The hosted-API price catalog: the site's own open-data file (`data/v1/api-prices.json`,
//! the engine's validated bytes), fetched the first time a serving job asks for it rather
//! than carried in the wasm every visitor downloads (issue 28), then kept for the page's life.

use leptos::prelude::*;

use super::catalog_file;
use crate::engine::bundled;
use crate::engine::catalog::api_prices::ApiCatalog;

/// Where the file is, relative to the app's page.
const FILE: &str = "data/v1/api-prices.json";

/// How far the catalog has come.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiPrices {
    NotAsked,
    Loading,
    Ready(&'static ApiCatalog),
    /// Why it could not be had; the serving comparison then says so and goes without it.
    Failed(String),
}

thread_local! {
    // Reference-counted, not owned: the first reader is some memo, and a signal it created
    // would be disposed with its next run.
    static STATE: ArcRwSignal<ApiPrices> = ArcRwSignal::new(ApiPrices::NotAsked);
}

/// The catalog's state, tracked: the first call starts the download, and whatever reads this
/// is run again when it arrives.
pub fn wanted() -> ApiPrices {
    let state = STATE.with(ArcRwSignal::clone);
    if state.with_untracked(|s| *s == ApiPrices::NotAsked) {
        state.set(ApiPrices::Loading);
        let arrived = state.clone();
        leptos::task::spawn_local(async move {
            let got = catalog_file::fetch_file(FILE, "the hosted-API price file")
                .await
                .and_then(|bytes| {
                    String::from_utf8(bytes)
                        .map_err(|_| "the hosted-API price file is not text".into())
                })
                .and_then(|text| bundled::decode_api(&text));
            arrived.set(match got {
                Ok(api) => ApiPrices::Ready(Box::leak(Box::new(api))),
                Err(why) => ApiPrices::Failed(why),
            });
        });
    }
    state.get()
}

impl ApiPrices {
    pub fn catalog(&self) -> Option<&'static ApiCatalog> {
        match self {
            ApiPrices::Ready(api) => Some(api),
            _ => None,
        }
    }
}
