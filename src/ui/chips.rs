//! The active filters as removable chips, the result count, and "clear all".

use leptos::prelude::*;

use super::context::{atlas, Atlas};
use super::custom_rate_marker::CustomRateMarker;
use super::discount_marker::DiscountMarker;
use super::left_out::{Unpriced, Unstated};
use crate::engine::present::chips::{chips, clear_all, Chip};
use crate::engine::present::i18n::{self, Msg};
use crate::engine::present::market;
use crate::engine::present::old_prices;
use crate::engine::present::table_row::lead_note;
use crate::engine::view::state::Mode;

/// The words on a chip, in the current language.
fn label(a: &Atlas, chip: &Chip) -> String {
    let lang = a.lang.get();
    let catalog = a.explorer.catalog;
    match chip {
        Chip::Search(text) => format!("“{text}”"),
        Chip::Provider(id) => catalog
            .providers
            .iter()
            .find(|p| &p.id == id)
            .map_or(id.clone(), |p| p.name.clone()),
        Chip::Category(c) => i18n::category(lang, *c).to_string(),
        Chip::Vendor(v) => v.label().to_string(),
        Chip::Model(m) => m.clone(),
        Chip::Accelerator(id) => catalog
            .accelerators
            .iter()
            .find(|x| &x.id == id)
            .map_or(id.clone(), |x| i18n::accelerator_label(lang, x)),
        Chip::Architecture(arch) => arch.clone(),
        Chip::Range(field, text) => format!("{}: {text}", i18n::range_field(lang, *field)),
        Chip::Link(l) => i18n::link(lang, *l).to_string(),
        Chip::MultiNode => i18n::t(lang, Msg::MultiNode).to_string(),
        Chip::PerSecondBilling => i18n::t(lang, Msg::PerSecondBilling).to_string(),
        Chip::NoCommitment => i18n::t(lang, Msg::NoCommitment).to_string(),
        Chip::Kubernetes => i18n::t(lang, Msg::Kubernetes).to_string(),
        Chip::FrameworkImages => i18n::t(lang, Msg::FrameworkImages).to_string(),
        Chip::Notebooks => i18n::t(lang, Msg::Notebooks).to_string(),
        Chip::HideUnknownPrice => i18n::t(lang, Msg::HideUnknownPrice).to_string(),
        Chip::MaxAge(m) => format!("≤ {m} {}", i18n::t(lang, Msg::Months)),
        Chip::Area(area) => i18n::area(lang, *area).to_string(),
        Chip::Region(key) => {
            let (provider, region) = key.split_once('/').unwrap_or((key, ""));
            catalog
                .providers
                .iter()
                .find(|p| p.id == provider)
                .and_then(|p| {
                    p.region(region).map(|r| {
                        let provider = i18n::provider_name(lang, p);
                        format!("{provider} {}", i18n::region_name(lang, r))
                    })
                })
                .unwrap_or_else(|| key.clone())
        }
    }
}

#[component]
pub fn Chips() -> impl IntoView {
    let a = atlas();
    let active = Memo::new(move |_| a.state.with(chips));
    let total = a.explorer.entries.len();
    let market_mode = Memo::new(move |_| a.state.with(|s| s.mode == Mode::Market));
    let table_mode = Memo::new(move |_| a.state.with(|s| s.mode == Mode::Table));
    let note = Memo::new(move |_| {
        let lang = a.lang.get();
        // The note says the table's order: only the table has one (the market has its own rule
        // and switch, the ranking and the charts their own order).
        a.state
            .with(|s| lead_note(lang, s.lead, s.sort, s.old_prices))
            .filter(|_| table_mode.get())
    });
    let has_note = Memo::new(move |_| note.with(Option::is_some));
    view! {
        <div class="chips-row">
            <p class="result-count" aria-live="polite">
                // The market counts its own rows: reading the table's would run the table's
                // stages for a view that does not show it.
                {move || if market_mode.get() {
                    let (variants, offers) = a.market.with(|rows| market::counts(rows));
                    view! {
                        <strong data-testid="market-count">{variants}</strong>
                        " " {i18n::market_count(a.lang.get(), offers)}
                    }.into_any()
                } else {
                    view! {
                        <strong data-testid="shown-count">{move || a.shown.with(|s| s.rows.len())}</strong>
                        " " {move || a.t(Msg::ShownOf)} " " {total} " " {move || a.t(Msg::OffersWord)}
                        <Unpriced />
                    }.into_any()
                }}
                " " <CustomRateMarker id="status-custom-rate" />
            </p>
            <DiscountMarker id="status-discounts" />
            // Built when the note appears, its words changed in place: a filter or a search
            // leaves the same note, and rebuilding it relaid out the line at every input.
            {move || has_note.get().then(|| view! {
                <p class="sort-note" id="sort-note">{move || note.get().map(|text| format!("{text} "))}<OldPricesSwitch
                    id="old-prices-toggle"
                    label=Signal::derive(move || {
                        old_prices::switch(a.lang.get(), a.state.with(|s| s.old_prices))
                    })
                /></p>
            })}
            <Show when=move || market_mode.get()>
                <OldPrices />
            </Show>
            <Show when=move || table_mode.get()>
                <Unstated />
            </Show>
            <ul class="chips" aria-label=move || a.t(Msg::Filters)>
                <For
                    each=move || active.get()
                    key=|chip| format!("{chip:?}")
                    children=move |chip| {
                        let text = {
                            let chip = chip.clone();
                            move || label(&a, &chip)
                        };
                        let aria = {
                            let text = text.clone();
                            move || format!("{} {}", a.t(Msg::Remove), text())
                        };
                        view! {
                            <li class="chip">
                                <span>{text}</span>
                                <button
                                    type="button"
                                    aria-label=aria
                                    on:click=move |_| a.update(|s| chip.remove(s))
                                >
                                    "×"
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <Show when=move || !active.with(Vec::is_empty)>
                <button type="button" id="clear-filters" class="link-button" on:click=move |_| a.update(clear_all)>
                    {move || a.t(Msg::ClearFilters)}
                </button>
            </Show>
        </div>
    }
}

/// The switch that lets old prices compete (link key `old`): at the end of the table's order
/// note, which says the rule, and in the market's own paragraph, each with its words.
#[component]
fn OldPricesSwitch(id: &'static str, #[prop(into)] label: Signal<&'static str>) -> impl IntoView {
    let a = atlas();
    let counted = Memo::new(move |_| a.state.with(|s| s.old_prices));
    view! {
        <button
            type="button"
            class="link-button"
            id=id
            aria-pressed=move || if counted.get() { "true" } else { "false" }
            on:click=move |_| a.update(|s| s.old_prices = !s.old_prices)
        >
            {move || label.get()}
        </button>
    }
}

/// The "old prices" rule where the market names a cheapest: how many on-demand prices it
/// leaves out for their age, and the switch that lets them compete (link key `old`).
#[component]
fn OldPrices() -> impl IntoView {
    let a = atlas();
    let counted = Memo::new(move |_| a.state.with(|s| s.old_prices));
    let left_out = Memo::new(move |_| {
        a.market
            .with(|rows| rows.iter().map(|r| r.older).sum::<usize>())
    });
    let words = move || old_prices::note(a.lang.get(), counted.get(), left_out.get());
    view! {
        <p class="old-prices" id="old-prices">
            {move || format!("{} ", words().0)}
            <OldPricesSwitch id="old-prices-market-toggle" label=Signal::derive(move || words().1) />
        </p>
    }
}
