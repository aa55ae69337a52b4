//! The bar above the table: search, term, currency and units, columns, export, and the active
//! filters as removable chips with the result count.

use leptos::prelude::*;

use super::columns_menu::ColumnsMenu;
use super::context::{atlas, Atlas};
use super::custom_menu::CustomMenu;
use super::custom_rate_marker::CustomRateMarker;
use super::discounts_menu::DiscountsMenu;
use super::export_menu::ExportMenu;
use super::saved_menu::SavedMenu;
use super::share_menu::ShareMenu;
use super::stages::{Part, Stages};
use super::typed_value::TypedValue;
use crate::engine::catalog::Currency;
use crate::engine::present::i18n::{self, Lang, Msg};
use crate::engine::share::Token;
use crate::engine::view::custom_rate;
use crate::engine::view::state::{Mode, ViewState};

/// A select over a closed set of choices, bound to one field of the view state. Option values
/// are the words share links use for them.
fn choice<T: Token + Send + Sync>(
    a: Atlas,
    id: &'static str,
    label: fn(Lang, T) -> String,
    get: fn(&ViewState) -> T,
    set: fn(&mut ViewState, T),
) -> impl IntoView {
    view! {
        <select
            id=id
            prop:value=move || a.state.with(get).token()
            on:change=move |ev| {
                if let Some(value) = T::from_token(&event_target_value(&ev)) {
                    a.update(|s| set(s, value));
                }
            }
        >
            {T::ALL
                .iter()
                .copied()
                .map(|o| view! { <option value=o.token()>{move || label(a.lang.get(), o)}</option> })
                .collect_view()}
        </select>
    }
}

/// The mode tabs: the table, the ranking, the charts and the market.
#[component]
pub fn ModeTabs() -> impl IntoView {
    let a = atlas();
    let mode = Memo::new(move |_| a.state.with(|s| s.mode));
    let tab = move |m: Mode, id: &'static str, en: &'static str, zh: &'static str| {
        view! {
            <button
                type="button"
                role="tab"
                id=id
                aria-selected=move || (mode.get() == m).to_string()
                on:click=move |_| a.update(|s| s.mode = m)
            >
                {move || match a.lang.get() {
                    Lang::En => en,
                    Lang::Zh => zh,
                }}
            </button>
        }
    };
    view! {
        <div class="mode-tabs" role="tablist">
            {tab(Mode::Table, "mode-table", "Table", "表格")}
            {tab(Mode::Rank, "mode-rank", "Rank for my job", "按用途排名")}
            {tab(Mode::Charts, "mode-charts", "Charts", "图表")}
            {tab(Mode::Market, "mode-market", "Market", "市场")}
        </div>
    }
}

/// The view's controls: search, term, currency, unit and the bar's menus. Today's market sits
/// between them and the tabs, the chips below them; each is built on its own (`ui::stages`).
#[component]
pub fn Controls() -> impl IntoView {
    let a = atlas();
    let currencies = [Currency::Usd, Currency::Cny, Currency::Eur]
        .into_iter()
        .filter(|c| {
            a.rates
                .with_untracked(|r| r.convert(1.0, Currency::Usd, *c).is_some())
        })
        .collect::<Vec<_>>();
    let mode = Memo::new(move |_| a.state.with(|s| s.mode));
    // While the app's page is being built, the menus are a task of their own after the fields
    // (`Part::BarMenus`): with them the bar was one of the start's longest parts.
    let menus_turn =
        use_context::<Stages>().map_or_else(|| Signal::from(true), |s| s.reached(Part::BarMenus));
    view! {
        <section class="controls" aria-label="View">
            <label class="search">
                <span>{move || a.t(Msg::Search)}</span>
                <input
                    id="search"
                    type="search"
                    autocomplete="off"
                    placeholder=move || a.t(Msg::SearchPlaceholder)
                    prop:value=move || a.state.with(|s| s.filters.search.clone())
                    on:input=move |ev| a.update(|s| s.filters.search = event_target_value(&ev))
                />
            </label>
            <label>
                <span>{move || a.t(Msg::Term)}</span>
                {choice(
                    a,
                    "term",
                    |lang, t| i18n::term(lang, t).to_string(),
                    |s| s.term,
                    |s, t| s.term = t,
                )}
            </label>
            <label>
                <span>{move || a.t(Msg::Currency)}</span>
                <select
                    id="currency"
                    prop:value=move || a.state.with(|s| s.price.currency.code())
                    on:change=move |ev| {
                        if let Some(c) = Currency::from_code(&event_target_value(&ev)) {
                            a.update(|s| s.choose_currency(c));
                        }
                    }
                >
                    {currencies
                        .into_iter()
                        .map(|c| view! { <option value=c.code()>{c.code()}</option> })
                        .collect_view()}
                </select>
            </label>
            <CustomRate />
            <label>
                <span>{move || a.t(Msg::Unit)}</span>
                <span class="unit-pair">
                    {choice(
                        a,
                        "basis",
                        |lang, b| format!("{} {}", i18n::t(lang, Msg::Per), i18n::basis(lang, b)),
                        |s| s.price.basis,
                        |s, b| s.price.basis = b,
                    )}
                    {choice(
                        a,
                        "duration",
                        |lang, d| format!("{} {}", i18n::t(lang, Msg::Per), i18n::duration(lang, d)),
                        |s| s.price.duration,
                        |s, d| s.price.duration = d,
                    )}
                </span>
            </label>
            <div class="control-buttons">
                {move || menus_turn.get().then(|| view! {
                    // Columns are the table's: other tabs have none to choose.
                    <Show when=move || mode.get() == Mode::Table>
                        <ColumnsMenu />
                    </Show>
                    <ExportMenu />
                    <ShareMenu />
                    <SavedMenu />
                    <CustomMenu />
                    <DiscountsMenu />
                })}
            </div>
        </section>
    }
}

/// The user's own USD→CNY rate: typed text stays as typed; text the engine's rule refuses
/// is said inline with the band a rate must fall in, and changes nothing: the last good rate
/// (by [`TypedValue`]: never one that was only the first keystrokes of the refused text),
/// or the reference, stays in force. While a typed rate is in force, a marker beside the box
/// says so.
#[component]
fn CustomRate() -> impl IntoView {
    let a = atlas();
    let rate = TypedValue::new(
        a,
        |s| s.custom_rate,
        |r| r.map(|r| r.to_string()).unwrap_or_default(),
    );
    let text = rate.text;
    let reference = move || {
        a.rates
            .with(|r| r.reference().rate(Currency::Usd, Currency::Cny))
            .map(|(rate, _)| rate)
    };
    let problem = move || {
        let lang = a.lang.get();
        custom_rate::read(&text.get(), reference())
            .err()
            .map(|p| p.message(lang, a.rates.with(|r| r.custom_usd_cny())))
    };
    let on_input = move |ev| {
        let typed = event_target_value(&ev);
        let read = custom_rate::read(&typed, reference());
        if let Some(changed) = rate.input(typed, read) {
            a.update(|s| s.custom_rate = changed);
        }
    };
    view! {
        <label class="custom-rate">
            <span>{move || a.t(Msg::CustomRate)}</span>
            <input
                id="custom-rate"
                type="text"
                inputmode="decimal"
                placeholder=move || reference().map(|rate| format!("{rate:.4}")).unwrap_or_default()
                title=move || a.t(Msg::CustomRateHelp)
                aria-invalid=move || problem().is_some().to_string()
                prop:value=move || text.get()
                on:input=on_input
            />
            {move || problem().map(|message| view! {
                <span class="field-error" role="alert">{message}</span>
            })}
        </label>
        <CustomRateMarker id="custom-rate-marker" />
    }
}
