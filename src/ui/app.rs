//! The page: a header that says what the data is and how old, then the catalog table.

use leptos::prelude::*;

use crate::engine::bundled;
use crate::engine::catalog::{AsOf, Catalog, Currency};
use crate::engine::format;
use crate::engine::fx::Fx;

use super::catalog_table::CatalogTable;

/// Today in the user's calendar, for judging how old a price is.
fn today() -> AsOf {
    let now = js_sys::Date::new_0();
    AsOf::day(
        now.get_full_year() as u16,
        now.get_month() as u8 + 1,
        now.get_date() as u8,
    )
}

#[component]
pub fn App() -> impl IntoView {
    match bundled::catalog() {
        // The catalog lives as long as the page; leaking it lets rows borrow it freely.
        Ok(catalog) => {
            let catalog: &'static Catalog = Box::leak(Box::new(catalog));
            view! { <Atlas catalog=catalog /> }.into_any()
        }
        Err(message) => view! {
            <main class="error" role="alert">
                <h1>"GPU Atlas could not load its catalog"</h1>
                <p>{message}</p>
            </main>
        }
        .into_any(),
    }
}

#[component]
fn Atlas(catalog: &'static Catalog) -> impl IntoView {
    let fx = Fx::newest(&catalog.fx);
    let today = today();
    let reference = fx.reference(Currency::Usd, Currency::Cny).map(|r| {
        view! {
            <span class="fx">
                "Reference rate: 1 USD = " {format!("{:.4}", r.rate)} " CNY on "
                {format::date(&r.date)} " ("
                <a
                    href=r.source_url.clone()
                    target="_blank"
                    rel="noopener noreferrer"
                    title=r.source_title.clone()
                >
                    "source"
                </a>
                ")"
            </span>
        }
    });
    let priced = catalog
        .offers
        .iter()
        .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
        .count();
    view! {
        <header class="masthead">
            <h1>"GPU Atlas"</h1>
            <p class="tagline">
                "Every GPU and TPU cloud offer we could source — hyperscalers, GPU clouds, "
                "marketplaces and Chinese platforms — in one table, each price with its source and date."
            </p>
            <p class="stats" id="catalog-stats">
                <span data-testid="offer-count">{catalog.offers.len()}</span>
                " offers ("
                {priced}
                " with a known price) from "
                <span data-testid="provider-count">{catalog.providers.len()}</span>
                " providers · catalog built "
                <time datetime=bundled::BUILT_ON>{bundled::BUILT_ON}</time>
                " · "
                {reference}
            </p>
        </header>
        <main>
            <CatalogTable catalog=catalog fx=fx today=today />
        </main>
        <footer class="colophon">
            <p>
                "Prices are list prices in each provider's own currency, excluding tax, storage and traffic. "
                "A row shows the lowest on-demand price among the regions the offer is sold in; "
                "prices in different currencies sort by their value at the reference rate. "
                "Dates marked ≈ are estimates; "
                <span class="aging">"amber"</span>
                " dates are over six months old, "
                <span class="stale">"grey, marked “old”"</span>
                " ones over eighteen. Unknown means no source we found states it."
            </p>
        </footer>
    }
}
