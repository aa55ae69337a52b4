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
    let words = Memo::new(move |_| {
        let unpriced = total.saturating_sub(a.shown.with(|s| s.priced));
        a.state.with(|s| {
            let regions = !s.regions.areas.is_empty() || !s.regions.regions.is_empty();
            hidden::unpriced_note(a.lang.get(), s.term, unpriced, regions)
        })
    });
    // Built when the note appears, its words changed in place (a search or a filter changes
    // the count, not whether there is one; rebuilding it relaid out the count line).
    let has_words = Memo::new(move |_| words.with(Option::is_some));
    move || {
        has_words.get().then(|| {
            view! {
                <span class="unpriced" id="unpriced">
                    {move || words.get().map(|text| format!(" · {text}"))}
                </span>
            }
        })
    }
}

/// The offers that do not state what the filters ask: counted, and one click to show them.
#[component]
pub fn Unstated() -> impl IntoView {
    let a = atlas();
    let shown = Memo::new(move |_| a.state.with(|s| s.filters.unstated));
    let words = Memo::new(move |_| {
        let count = a.shown.with(|s| s.unstated);
        let asked = a.state.with(|s| s.filters.asked_facts());
        hidden::unstated_note(a.lang.get(), &asked, count, shown.get())
    });
    // As `Unpriced`: built when it appears, its words changed in place.
    let has_words = Memo::new(move |_| words.with(Option::is_some));
    let part = move |pick: fn((String, &'static str)) -> String| move || words.get().map(pick);
    move || {
        has_words.get().then(|| {
            view! {
                <p class="unstated-note" id="unstated-note">
                    {part(|(text, _)| format!("{text} "))}
                    <button
                        type="button"
                        class="link-button"
                        id="unstated-toggle"
                        aria-pressed=move || if shown.get() { "true" } else { "false" }
                        on:click=move |_| a.update(|s| s.filters.unstated = !s.filters.unstated)
                    >
                        {part(|(_, switch)| switch.to_string())}
                    </button>
                </p>
            }
        })
    }
}
