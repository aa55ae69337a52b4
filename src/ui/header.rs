//! The masthead (what the data is, how old, at which rate) and the footer's reading notes.

use leptos::prelude::*;

use super::context::atlas;
use super::status::OfflineBadge;
use crate::engine::catalog::format;
use crate::engine::catalog::Currency;
use crate::engine::present::i18n::{self, Lang, Msg};
use crate::engine::view::state::Theme;

#[component]
pub fn Header() -> impl IntoView {
    let a = atlas();
    let catalog = a.explorer.catalog;
    // The catalog file's own build day (a file from before it carried one: "unknown").
    let built = catalog
        .built_on
        .map_or_else(|| "unknown".to_string(), |d| d.to_string());
    let priced = catalog
        .offers
        .iter()
        .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
        .count();
    let reference = a.rates.with_untracked(|r| {
        r.reference()
            .reference(Currency::Usd, Currency::Cny)
            .cloned()
    });
    let rate = reference.map(|r| {
        view! {
            <span class="fx">
                {move || a.t(Msg::ReferenceRate)} ": 1 USD = " {format!("{:.4}", r.rate)} " CNY, "
                {format::date(&r.date)} " ("
                <a href=r.source_url.clone() target="_blank" rel="noopener noreferrer" title=r.source_title.clone()>
                    {move || a.t(Msg::Source)}
                </a>
                ")"
            </span>
        }
    });
    let on_lang = move |ev| {
        let code = event_target_value(&ev);
        if let Some(lang) = Lang::from_code(&code) {
            a.update(|s| s.switch_lang(lang));
        }
    };
    let on_theme = move |ev| {
        let theme = match event_target_value(&ev).as_str() {
            "light" => Theme::Light,
            "dark" => Theme::Dark,
            _ => Theme::System,
        };
        a.update(|s| s.theme = theme);
    };
    let theme_key = |t: Theme| match t {
        Theme::System => "system",
        Theme::Light => "light",
        Theme::Dark => "dark",
    };
    view! {
        <header class="masthead">
            // Keyboard users reach the offers without tabbing through every filter. A button,
            // not an in-page link: a fragment would add a history entry to a query-only app.
            <button type="button" class="skip-link" id="skip-to-offers" on:click=move |_| super::browser::focus_by_id("search")>
                {move || i18n::pick(a.lang.get(), "Skip to the offers", "跳到报价列表")}
            </button>
            <div class="title-row">
                <h1>"GPU Atlas"</h1>
                <OfflineBadge />
                <div class="settings">
                    <label>
                        <span class="visually-hidden">{move || a.t(Msg::Language)}</span>
                        <select id="language" on:change=on_lang prop:value=move || a.lang.get().code()>
                            {Lang::ALL
                                .into_iter()
                                .map(|l| view! { <option value=l.code()>{l.name()}</option> })
                                .collect_view()}
                        </select>
                    </label>
                    <label>
                        <span class="visually-hidden">{move || a.t(Msg::Theme)}</span>
                        <select
                            id="theme"
                            on:change=on_theme
                            prop:value=move || theme_key(a.state.with(|s| s.theme))
                        >
                            {[Theme::System, Theme::Light, Theme::Dark]
                                .into_iter()
                                .map(|t| {
                                    view! {
                                        <option value=theme_key(t)>
                                            {move || i18n::theme(a.lang.get(), t)}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                </div>
            </div>
            <p class="tagline">{move || a.t(Msg::Tagline)}</p>
            <p class="stats" id="catalog-stats">
                <span data-testid="offer-count">{catalog.offers.len()}</span>
                " " {move || a.t(Msg::OffersFrom)} " "
                <span data-testid="provider-count">{catalog.providers.len()}</span>
                " " {move || a.t(Msg::Providers).to_lowercase()} " (" {priced} " "
                {move || a.t(Msg::WithKnownPrice)} ") · " {move || a.t(Msg::CatalogBuilt)} " "
                <time datetime=built.clone()>{built.clone()}</time>
                " · "
                {rate}
            </p>
        </header>
    }
}

#[component]
pub fn Footer() -> impl IntoView {
    let a = atlas();
    view! {
        <footer class="colophon">
            <p>{move || a.t(Msg::Footer)}</p>
        </footer>
    }
}
