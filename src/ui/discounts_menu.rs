//! "My discounts": the user's own discounts per provider and term, applied by the engine to
//! every price shown. A thin form over `engine::discounts`: the engine checks the rule and
//! says why a value is refused; refused input changes nothing, so the last good discounts
//! stay in force. The discounts live in the view, so the address, share links and saved
//! views carry them; what the menu sets is also kept in this browser and applies on the next
//! visit, unless a link brings its own (a colleague's link never overwrites yours).

use gloo::storage::{LocalStorage, Storage};
use leptos::prelude::*;

use super::context::atlas;
use super::menus::FirstOpen;
use crate::engine::catalog::Term;
use crate::engine::discounts::{Discount, Discounts, MAX_NOTE_CHARS};
use crate::engine::present::discount::{describe, problem, read_percent};
use crate::engine::present::i18n::{self, pick};
use crate::engine::share::{self, StorageKey, Token};

/// The discounts this browser keeps; none when nothing (or nothing readable) is stored.
pub fn load_discounts() -> Discounts {
    LocalStorage::raw()
        .get_item(StorageKey::Discounts.name())
        .ok()
        .flatten()
        .map(|text| share::discounts_from_storage(&text))
        .unwrap_or_default()
}

/// Keeps `discounts` for the next visit; a storage that refuses (full, private mode) only
/// loses the memory, never the view.
fn remember(discounts: &Discounts) {
    let storage = LocalStorage::raw();
    let key = StorageKey::Discounts.name();
    let _ = if discounts.is_empty() {
        storage.remove_item(key)
    } else {
        storage.set_item(key, &share::discounts_to_storage(discounts))
    };
}

#[component]
pub fn DiscountsMenu() -> impl IntoView {
    let a = atlas();
    let provider = RwSignal::new(String::new());
    let term = RwSignal::new(String::new());
    let percent = RwSignal::new(String::new());
    let note = RwSignal::new(String::new());
    // The discount being edited, by its place in the list: saving replaces it.
    let editing = RwSignal::new(None::<usize>);
    let message = RwSignal::new(None::<String>);
    let catalog = a.explorer.catalog;
    let save = move |_| {
        let lang = a.lang.get_untracked();
        let discount = percent
            .with_untracked(|p| read_percent(p))
            .map(|p| Discount {
                provider: Some(provider.get_untracked()).filter(|p| !p.is_empty()),
                term: Term::from_token(&term.get_untracked()),
                percent: p,
                note: note.get_untracked().trim().to_string(),
            });
        let mut next = a.state.with_untracked(|s| s.discounts.clone());
        if let Some(i) = editing.get_untracked() {
            next.remove(i);
        }
        match discount.and_then(|d| next.set(d)) {
            Err(why) => message.set(Some(problem(why, lang))),
            Ok(()) => {
                remember(&next);
                a.update(|s| s.discounts = next);
                editing.set(None);
                percent.set(String::new());
                note.set(String::new());
                message.set(Some(
                    pick(
                        lang,
                        "Saved: every price it covers is now your price.",
                        "已保存：适用的价格均已按您的折扣显示。",
                    )
                    .into(),
                ));
            }
        }
    };
    let edit = move |i: usize| {
        let found = a
            .state
            .with_untracked(|s| s.discounts.iter().nth(i).cloned());
        if let Some(d) = found {
            provider.set(d.provider.unwrap_or_default());
            term.set(d.term.map(|t| t.token().to_string()).unwrap_or_default());
            percent.set(crate::engine::present::discount::percent(d.percent));
            note.set(d.note);
            editing.set(Some(i));
            message.set(None);
            super::browser::focus_by_id("discount-percent");
        }
    };
    let remove = move |i: usize| {
        a.update(|s| {
            s.discounts.remove(i);
            remember(&s.discounts);
        });
        editing.set(None);
        message.set(None);
    };
    let count = move || a.state.with(|s| s.discounts.len());
    let providers = move || {
        let lang = a.lang.get();
        let mut list: Vec<_> = catalog
            .providers
            .iter()
            .filter(|p| p.id != crate::engine::discounts::OWN_OFFERS)
            .map(|p| (p.id.clone(), i18n::provider_name(lang, p).to_string()))
            .collect();
        list.sort_by_key(|x| x.1.to_lowercase());
        list.into_iter()
            .map(|(id, name)| view! { <option value=id>{name}</option> })
            .collect_view()
    };
    let terms = move || {
        Term::ALL
            .iter()
            .copied()
            .filter(|t| *t != Term::Free)
            .map(|t| view! { <option value=t.token()>{move || i18n::term(a.lang.get(), t)}</option> })
            .collect_view()
    };
    let opened = FirstOpen::new();
    view! {
        <details class="menu" id="discounts-menu" on:toggle=opened.on_toggle()>
            <summary>
                {move || pick(a.lang.get(), "My discounts", "我的折扣")}
                {move || (count() > 0).then(|| view! { <span class="badge yours">{count()}</span> })}
            </summary>
            {opened.body(move || view! {
            <div class="menu-body discounts-body">
                <p class="hint">
                    {move || pick(a.lang.get(), "Your negotiated discounts, applied to every price shown — table, market, ranking, calculator, plan, charts and exports — and marked “your price”. The most specific one applies: provider and term, then provider, then term, then all. Your own offers are never discounted. Kept in this browser; the Share menu can leave them out of a link.", "您谈定的折扣，适用于所有显示的价格（表格、市场、排名、计算器、规划、图表与导出），并标为“您的价格”。最具体的一条生效：服务商加计费方式，其次服务商，再次计费方式，最后全部。自定义报价不打折。折扣保存在本浏览器；分享菜单可在链接中省略它们。")}
                </p>
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Provider", "服务商")}</span>
                    <select id="discount-provider" prop:value=move || provider.get() on:change=move |ev| provider.set(event_target_value(&ev))>
                        <option value="">{move || pick(a.lang.get(), "Every provider", "所有服务商")}</option>
                        {providers}
                    </select>
                </label>
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Term", "计费方式")}</span>
                    <select id="discount-term" prop:value=move || term.get() on:change=move |ev| term.set(event_target_value(&ev))>
                        <option value="">{move || pick(a.lang.get(), "Every term", "所有计费方式")}</option>
                        {terms()}
                    </select>
                </label>
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Discount, % off the list price", "折扣（比目录价低的百分比）")}</span>
                    <input
                        id="discount-percent"
                        type="text"
                        inputmode="decimal"
                        placeholder="15"
                        prop:value=move || percent.get()
                        on:input=move |ev| percent.set(event_target_value(&ev))
                    />
                </label>
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Note (optional)", "备注（可选）")}</span>
                    <input
                        id="discount-note"
                        type="text"
                        maxlength=MAX_NOTE_CHARS.to_string()
                        placeholder=move || pick(a.lang.get(), "enterprise agreement", "企业协议")
                        prop:value=move || note.get()
                        on:input=move |ev| note.set(event_target_value(&ev))
                    />
                </label>
                <button type="button" id="save-discount" on:click=save>
                    {move || if editing.get().is_some() { pick(a.lang.get(), "Save changes", "保存修改") } else { pick(a.lang.get(), "Add discount", "添加折扣") }}
                </button>
                <p class="saved-message" role="status" id="discount-message">{move || message.get()}</p>
                <ul id="discount-list">
                    {move || {
                        let lang = a.lang.get();
                        a.state.with(|s| {
                            s.discounts
                                .iter()
                                .enumerate()
                                .map(|(i, d)| {
                                    let who = d.provider.as_deref().and_then(|id| catalog.providers.iter().find(|p| p.id == id));
                                    let text = describe(d, who, lang);
                                    let edit_label = format!("{} {text}", pick(lang, "Edit", "编辑"));
                                    let remove_label = format!("{} {text}", pick(lang, "Remove", "移除"));
                                    view! {
                                        <li class="discount">
                                            <span>{text}</span>
                                            <button type="button" class="edit-discount" aria-label=edit_label on:click=move |_| edit(i)>
                                                {pick(lang, "Edit", "编辑")}
                                            </button>
                                            <button type="button" class="delete-discount" aria-label=remove_label on:click=move |_| remove(i)>
                                                {pick(lang, "Remove", "移除")}
                                            </button>
                                        </li>
                                    }
                                })
                                .collect_view()
                        })
                    }}
                </ul>
            </div>
            })}
        </details>
    }
}
