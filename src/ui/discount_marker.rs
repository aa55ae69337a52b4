//! The line that says the user's discounts are in force, where figures come from many prices
//! at once (the result line, the calculator, the plan, the charts): a total or a chart built
//! on negotiated prices says so even where no single price carries its "−15 %" mark.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::present::discount::in_force;

/// "Your prices: … −15 % (…)" while discounts are in force; nothing otherwise.
#[component]
pub fn DiscountMarker(id: &'static str) -> impl IntoView {
    let a = atlas();
    let said = Memo::new(move |_| {
        let lang = a.lang.get();
        a.rates
            .with(|r| in_force(r.discounts(), &a.explorer.catalog.providers, lang))
    });
    move || {
        said.get().map(|text| {
            view! { <p class="discount-marker" id=id role="status">{text}</p> }
        })
    }
}
