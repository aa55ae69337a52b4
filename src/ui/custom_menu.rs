//! The user's own offers: a form to add one (a sales quote, an own cluster's cost), the list
//! to remove them, kept in this browser. They appear in the table, comparison and ranking
//! marked "custom".

use gloo::storage::{LocalStorage, Storage};

use crate::engine::share::StorageKey;
use leptos::prelude::*;

use super::browser;
use super::context::atlas;
use super::menus::FirstOpen;
use crate::engine::catalog::{Currency, PriceUnit, Term};
use crate::engine::explorer::custom::{CustomError, CustomOffer, MAX_OFFERS};
use crate::engine::present::i18n::{self, pick, Lang};
use crate::engine::share::Token;
use crate::engine::view::input_rule;

/// The localStorage key of the custom offers.
const STORAGE: StorageKey = StorageKey::CustomOffers;

/// The signal holding the custom offers, shared through the context.
#[derive(Clone, Copy)]
pub struct CustomOffers(pub RwSignal<Vec<CustomOffer>>);

/// The stored offers; an unreadable list is copied aside first and reported by its key.
/// Whether the visitor has kept offers of their own (readable or not), without reading them.
pub fn any_stored() -> bool {
    LocalStorage::raw()
        .get_item(STORAGE.name())
        .ok()
        .flatten()
        .is_some_and(|text| !matches!(text.trim(), "" | "[]"))
}

pub fn load_offers() -> (Vec<CustomOffer>, Option<String>) {
    let raw = LocalStorage::raw().get_item(STORAGE.name()).ok().flatten();
    let Some(text) = raw else {
        return (Vec::new(), None);
    };
    match serde_json::from_str::<Vec<CustomOffer>>(&text) {
        Ok(offers) => (offers, None),
        Err(_) => {
            let backup = STORAGE.unreadable(browser::today());
            let _ = LocalStorage::raw().set_item(&backup, &text);
            (Vec::new(), Some(backup))
        }
    }
}

/// Writes the offers, unless that would overwrite an unreadable list that has no copy aside
/// (the copy failed, say for a full storage): the user's data wins over the new write.
pub fn store(offers: &[CustomOffer]) -> bool {
    let storage = LocalStorage::raw();
    if let Some(current) = storage.get_item(STORAGE.name()).ok().flatten() {
        if serde_json::from_str::<Vec<CustomOffer>>(&current).is_err() && !kept_aside(&current) {
            return false;
        }
    }
    serde_json::to_string(offers)
        .ok()
        .is_some_and(|text| storage.set_item(STORAGE.name(), &text).is_ok())
}

/// Whether `text` is already saved under one of the "unreadable" backup keys.
fn kept_aside(text: &str) -> bool {
    let storage = LocalStorage::raw();
    let prefix = STORAGE.unreadable_prefix();
    (0..storage.length().unwrap_or(0))
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|key| key.starts_with(&prefix))
        .any(|key| storage.get_item(&key).ok().flatten().as_deref() == Some(text))
}

const UNITS: [PriceUnit; 3] = [
    PriceUnit::InstanceHour,
    PriceUnit::AcceleratorHour,
    PriceUnit::InstanceMonth,
];

#[component]
pub fn CustomMenu() -> impl IntoView {
    let a = atlas();
    let CustomOffers(offers) = expect_context::<CustomOffers>();
    let (_, unreadable) = load_offers();
    let lang = a.lang.get_untracked();
    let message = RwSignal::new(unreadable.map(|key| {
        if lang == Lang::Zh {
            format!("本机保存的自定义报价无法读取，已原样保留在“{key}”。")
        } else {
            format!("Your custom offers could not be read; they were kept unchanged under “{key}”.")
        }
    }));
    let seller = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let accelerator = RwSignal::new(String::from("h100-sxm5-80gb"));
    let count = RwSignal::new(String::from("8"));
    let price_text = RwSignal::new(String::new());
    let currency = RwSignal::new(Currency::Usd);
    let unit = RwSignal::new(PriceUnit::InstanceHour);
    let term = RwSignal::new(Term::OnDemand);
    let note = RwSignal::new(String::new());

    let add = move |_| {
        let lang = a.lang.get_untracked();
        // The price by its rule first: 1e-300 is not a price, and a refused one adds nothing.
        let (unit_now, currency_now) = (unit.get_untracked(), currency.get_untracked());
        let price = match input_rule::custom_price(unit_now, currency_now)
            .read(&price_text.get_untracked())
        {
            Ok(p) => p,
            Err(kind) => {
                message.set(Some(input_rule::custom_price_refused(
                    unit_now,
                    currency_now,
                    kind,
                    lang,
                )));
                return;
            }
        };
        let offer = CustomOffer {
            seller: seller.get_untracked(),
            name: name.get_untracked(),
            accelerator: Some(accelerator.get_untracked()).filter(|x| !x.is_empty()),
            count: count.get_untracked().trim().parse().unwrap_or(f64::NAN),
            term: term.get_untracked(),
            price,
            currency: currency_now,
            unit: unit_now,
            note: note.get_untracked(),
            as_of: a.today,
        };
        let mut next = offers.get_untracked();
        let checked = offer.validate(a.explorer.catalog).and_then(|()| {
            (next.len() < MAX_OFFERS)
                .then_some(())
                .ok_or(CustomError::TooMany)
        });
        match checked {
            Err(e) => message.set(Some(e.describe(lang))),
            Ok(()) => {
                next.push(offer);
                if store(&next) {
                    offers.set(next);
                    message.set(Some(
                        pick(
                            lang,
                            "Added to the table as a custom offer.",
                            "已作为自定义报价加入表格。",
                        )
                        .into(),
                    ));
                    name.set(String::new());
                    price_text.set(String::new());
                } else {
                    message.set(Some(
                        pick(
                            lang,
                            "This browser would not store it; nothing changed.",
                            "浏览器拒绝保存；未做任何更改。",
                        )
                        .into(),
                    ));
                }
            }
        }
    };
    let remove = move |index: usize| {
        let mut next = offers.get_untracked();
        if index < next.len() {
            next.remove(index);
            if store(&next) {
                offers.set(next);
            }
        }
    };
    let mut accelerators: Vec<_> = a.explorer.catalog.accelerators.iter().collect();
    accelerators.sort_by_key(|x| x.label());
    let accelerator_options = move || {
        accelerators
            .iter()
            .map(|x| view! { <option value=x.id.clone()>{x.label()}</option> })
            .collect_view()
    };
    let opened = FirstOpen::new();
    let text_field =
        move |id: &'static str, label: fn(Lang) -> &'static str, value: RwSignal<String>| {
            view! {
                <label class="field">
                    <span>{move || label(a.lang.get())}</span>
                    <input
                        id=id
                        type="text"
                        maxlength="120"
                        prop:value=move || value.get()
                        on:input=move |ev| value.set(event_target_value(&ev))
                    />
                </label>
            }
        };
    view! {
        <details class="menu" id="custom-menu" on:toggle=opened.on_toggle()>
            <summary>{move || pick(a.lang.get(), "My offers", "自定义报价")}</summary>
            {opened.body(move || view! {
            <div class="menu-body custom-body">
                <p class="hint">
                    {move || pick(a.lang.get(), "Add a quote or your own cluster's price; it joins the table, comparison and ranking, marked “custom”, and stays in this browser.", "添加报价或自有集群价格；它会加入表格、对比和排名，标为“自定义”，仅保存在本浏览器。")}
                </p>
                {text_field("custom-seller", |l| pick(l, "Seller", "提供方"), seller)}
                {text_field("custom-name", |l| pick(l, "Name", "名称"), name)}
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Accelerator", "加速器")}</span>
                    <select id="custom-accelerator" prop:value=move || accelerator.get() on:change=move |ev| accelerator.set(event_target_value(&ev))>
                        {accelerator_options()}
                    </select>
                </label>
                {text_field("custom-count", |l| pick(l, "Accelerators per instance", "每实例加速卡数"), count)}
                {text_field("custom-price", |l| pick(l, "Price", "价格"), price_text)}
                <div class="custom-row">
                    <select id="custom-currency" aria-label=move || pick(a.lang.get(), "Currency", "币种") prop:value=move || currency.get().code() on:change=move |ev| {
                        if let Some(c) = Currency::from_code(&event_target_value(&ev)) { currency.set(c) }
                    }>
                        {[Currency::Usd, Currency::Cny, Currency::Eur].into_iter().map(|c| view! { <option value=c.code()>{c.code()}</option> }).collect_view()}
                    </select>
                    <select id="custom-unit" aria-label=move || pick(a.lang.get(), "Price unit", "计价单位") prop:value=move || format!("{:?}", unit.get()) on:change=move |ev| {
                        let key = event_target_value(&ev);
                        if let Some(u) = UNITS.into_iter().find(|u| format!("{u:?}") == key) { unit.set(u) }
                    }>
                        {UNITS.into_iter().map(|u| view! { <option value=format!("{u:?}")>{move || i18n::price_unit_label(a.lang.get(), u)}</option> }).collect_view()}
                    </select>
                    <select id="custom-term" aria-label=move || pick(a.lang.get(), "Term", "计费方式") prop:value=move || term.get().token() on:change=move |ev| {
                        if let Some(t) = Term::from_token(&event_target_value(&ev)) { term.set(t) }
                    }>
                        {Term::ALL.iter().copied().map(|t| view! { <option value=t.token()>{move || i18n::term(a.lang.get(), t)}</option> }).collect_view()}
                    </select>
                </div>
                {text_field("custom-note", |l| pick(l, "Source (quote number, date…)", "来源（报价单号、日期…）"), note)}
                <button type="button" id="add-custom" on:click=add>
                    {move || pick(a.lang.get(), "Add offer", "添加报价")}
                </button>
                <p class="saved-message" role="status" id="custom-message">{move || message.get()}</p>
                <ul id="custom-list">
                    {move || {
                        offers
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, o)| {
                                view! {
                                    <li data-custom=format!("custom/{}", i + 1)>
                                        <span>{format!("{} — {}", o.seller, o.name)}</span>
                                        <button type="button" class="delete-custom" on:click=move |_| remove(i)>
                                            {move || pick(a.lang.get(), "Remove", "移除")}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </div>
            })}
        </details>
    }
}
