//! What the table's view leaves out, beside its count: offers with no price in the term (and
//! regions), and offers that do not state a fact a filter asks for, with the switch that shows
//! them, marked (link key `unstated`). The words are the engine's (`present::hidden`).

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::present::hidden;

/// "+80 without an on-demand price", inside the count line.
#[component]
pub fn Unpriced() -> impl IntoView {
    let a = atlas();
    let total = a.explorer.entries.len();
    let words = move || {
        let unpriced = total.saturating_sub(a.shown.with(|s| s.priced));
        a.state.with(|s| {
            let regions = !s.regions.areas.is_empty() || !s.regions.regions.is_empty();
            hidden::unpriced_note(a.lang.get(), s.term, unpriced, regions)
        })
    };
    move || {
        words().map(
            |text| view! { <span class="unpriced" id="unpriced">{format!(" · {text}")}</span> },
        )
    }
}

/// The offers that do not state what the filters ask: counted, and one click to show them.
#[component]
pub fn Unstated() -> impl IntoView {
    let a = atlas();
    let shown = Memo::new(move |_| a.state.with(|s| s.filters.unstated));
    let words = move || {
        let count = a.shown.with(|s| s.unstated);
        let asked = a.state.with(|s| s.filters.asked_facts());
        hidden::unstated_note(a.lang.get(), &asked, count, shown.get())
    };
    move || {
        words().map(|(text, switch)| {
            view! {
                <p class="unstated-note" id="unstated-note">
                    {format!("{text} ")}
                    <button
                        type="button"
                        class="link-button"
                        id="unstated-toggle"
                        aria-pressed=move || if shown.get() { "true" } else { "false" }
                        on:click=move |_| a.update(|s| s.filters.unstated = !s.filters.unstated)
                    >
                        {switch}
                    </button>
                </p>
            }
        })
    }
}
