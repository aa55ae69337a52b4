//! The marker that a typed exchange rate is in force, wherever converted prices are shown:
//! beside the rate box and in the result line, so a rate that came with a link is never
//! silently applied.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::present::custom_rate::marker as custom_rate_marker;

/// "Custom rate in use: 1 USD = x CNY (reference y, date)" while converted prices follow a
/// typed rate; nothing otherwise. Shown beside the rate box and in the result line.
#[component]
pub fn CustomRateMarker(id: &'static str) -> impl IntoView {
    let a = atlas();
    let said = Memo::new(move |_| {
        let currency = a.state.with(|s| s.price.currency);
        a.rates
            .with(|r| custom_rate_marker(r, currency, a.lang.get()))
    });
    move || {
        said.get().map(|text| {
            view! { <span class="custom-rate-marker" id=id role="status">{text}</span> }
        })
    }
}
