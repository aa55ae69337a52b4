//! Saved views: name the current view and keep it on this device; open, rename or delete it
//! later; move them between browsers as a JSON file. An unreadable stored list is kept aside,
//! never overwritten silently.

use gloo::storage::{LocalStorage, Storage};

use crate::engine::share::StorageKey;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser;
use super::context::atlas;
use super::custom_menu;
use super::menus::FirstOpen;
use crate::engine::present::i18n::{pick, Lang};
use crate::engine::share;
use crate::engine::share::saved::{SavedError, SavedViews};
use crate::engine::view::input_rule;

/// The localStorage key of the saved views.
const STORAGE: StorageKey = StorageKey::SavedViews;

/// What the menu tells the user after an action.
#[derive(Clone, PartialEq)]
enum Message {
    Saved(String),
    Deleted(String),
    Imported(usize),
    /// Views and the user's own offers from one file.
    ImportedWithOffers(usize, usize),
    Refused(SavedError),
    /// The stored list could not be read; it was copied to this key first.
    KeptAside(String),
    /// The browser's storage refused the write (full or disabled); nothing changed.
    StorageRefused,
    /// The stored list could not be read nor copied aside (storage full), so nothing is
    /// written over it this session.
    Unreadable,
}

impl Message {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Message::Saved(n), Lang::En) => format!("Saved “{n}”."),
            (Message::Saved(n), Lang::Zh) => format!("已保存“{n}”。"),
            (Message::Deleted(n), Lang::En) => format!("Deleted “{n}”."),
            (Message::Deleted(n), Lang::Zh) => format!("已删除“{n}”。"),
            (Message::Imported(k), Lang::En) => format!("Imported {k} view(s)."),
            (Message::Imported(k), Lang::Zh) => format!("已导入 {k} 个视图。"),
            (Message::ImportedWithOffers(k, m), Lang::En) => {
                format!("Imported {k} view(s) and {m} custom offer(s).")
            }
            (Message::ImportedWithOffers(k, m), Lang::Zh) => {
                format!("已导入 {k} 个视图和 {m} 个自定义报价。")
            }
            (Message::Refused(e), lang) => e.describe(lang),
            (Message::KeptAside(key), Lang::En) => format!(
                "Your saved views on this device could not be read. They were kept unchanged under “{key}” and a new list was started."
            ),
            (Message::StorageRefused, Lang::En) => {
                "This browser would not store the change (storage full or disabled); nothing changed.".into()
            }
            (Message::Unreadable, Lang::En) => "Your saved views on this device could not be read, and the browser had no room to keep a copy; to avoid overwriting them, nothing is saved until storage is freed.".into(),
            (Message::Unreadable, Lang::Zh) => "本机保存的视图无法读取，且浏览器空间不足以另存副本；为免覆盖，在释放存储空间前不会保存任何更改。".into(),
            (Message::StorageRefused, Lang::Zh) => "浏览器拒绝保存（存储已满或被禁用）；未做任何更改。".into(),
            (Message::KeptAside(key), Lang::Zh) => {
                format!("本机保存的视图无法读取，已原样保留在“{key}”，并新建了列表。")
            }
        }
    }
}

/// Loads the stored list; an unreadable one is copied aside before anything replaces it.
/// When it cannot be copied, the message is `Unreadable` and nothing may be stored.
fn load() -> (SavedViews, Option<Message>) {
    let raw = LocalStorage::raw().get_item(STORAGE.name()).ok().flatten();
    match SavedViews::from_storage(raw.as_deref()) {
        Ok(views) => (views, None),
        Err(_) => {
            let backup = STORAGE.unreadable(browser::today());
            let kept = raw
                .map(|text| LocalStorage::raw().set_item(&backup, &text).is_ok())
                .unwrap_or(false);
            let message = if kept {
                Message::KeptAside(backup)
            } else {
                Message::Unreadable
            };
            (SavedViews::default(), Some(message))
        }
    }
}

fn store(views: &SavedViews) -> Result<(), ()> {
    LocalStorage::raw()
        .set_item(STORAGE.name(), &views.export())
        .map_err(|_| ())
}

#[component]
pub fn SavedMenu() -> impl IntoView {
    let a = atlas();
    let custom_menu::CustomOffers(custom_offers) = expect_context::<custom_menu::CustomOffers>();
    let (initial, first_message) = load();
    let locked = first_message == Some(Message::Unreadable);
    let views = RwSignal::new(initial);
    let message = RwSignal::new(first_message);
    let name = RwSignal::new(String::new());
    // A change is kept only if storage takes it; otherwise the list stays as it was.
    let change = move |act: &dyn Fn(&mut SavedViews) -> Result<Message, SavedError>| {
        let mut next = views.get_untracked();
        match act(&mut next) {
            Ok(_) if locked => message.set(Some(Message::Unreadable)),
            Ok(done) => {
                if store(&next).is_ok() {
                    views.set(next);
                    message.set(Some(done));
                } else {
                    message.set(Some(Message::StorageRefused));
                }
            }
            Err(e) => message.set(Some(Message::Refused(e))),
        }
    };
    let save = move |_| {
        let query = a.state.with_untracked(share::encode);
        let today = browser::today().to_string();
        let wanted = name.get_untracked();
        change(&|v| {
            v.save(&wanted, &query, &today)?;
            Ok(Message::Saved(wanted.trim().to_string()))
        });
        name.set(String::new());
    };
    let open = move |query: String| {
        let decoded = share::decode(&query, &|id| a.entry(id).is_some());
        let (lang, theme) = a.state.with_untracked(|s| (s.lang, s.theme));
        a.state.set(crate::engine::view::state::ViewState {
            lang,
            theme,
            ..decoded.state
        });
        a.link_notice.set(decoded.ignored);
    };
    let reader = StoredValue::new_local(None::<gloo::file::callbacks::FileReader>);
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        input.set_value("");
        let file = gloo::file::File::from(file);
        if file.size() as usize > crate::engine::share::saved::MAX_FILE_BYTES {
            message.set(Some(Message::Refused(SavedError::FileTooLarge(
                file.size() as usize,
            ))));
            return;
        }
        let task = gloo::file::callbacks::read_as_text(&file, move |text| match text {
            Ok(text) => {
                // All or nothing: the file's own offers must be valid before its views count.
                let incoming = SavedViews::offers_in(&text).and_then(|list| {
                    for (index, o) in list.iter().enumerate() {
                        o.validate(a.explorer.catalog)
                            .map_err(|e| SavedError::BadEntry {
                                index,
                                problem: e.describe(Lang::En),
                            })?;
                        // The form's price rule holds for a file too.
                        input_rule::custom_price(o.unit, o.currency)
                            .check(o.price)
                            .map_err(|kind| SavedError::BadEntry {
                                index,
                                problem: input_rule::custom_price(o.unit, o.currency)
                                    .message(kind, Lang::En),
                            })?;
                    }
                    Ok(list)
                });
                match incoming {
                    Err(e) => message.set(Some(Message::Refused(e))),
                    Ok(list) => {
                        change(&|v| v.import(&text).map(Message::Imported));
                        let views_imported = message.with_untracked(|m| match m {
                            Some(Message::Imported(k)) => Some(*k),
                            _ => None,
                        });
                        if let (Some(k), false) = (views_imported, list.is_empty()) {
                            let added = list.len();
                            let mut next = custom_offers.get_untracked();
                            next.extend(list);
                            if custom_menu::store(&next) {
                                custom_offers.set(next);
                                message.set(Some(Message::ImportedWithOffers(k, added)));
                            } else {
                                message.set(Some(Message::StorageRefused));
                            }
                        }
                    }
                }
            }
            Err(e) => message.set(Some(Message::Refused(SavedError::NotJson(e.to_string())))),
        });
        reader.set_value(Some(task));
    };
    let export = move |_| {
        let offers = custom_offers.get_untracked();
        let file = views.with_untracked(|v| v.export_with(&offers));
        let name = format!("gpu-atlas-views-{}.json", browser::today());
        browser::download(&name, "application/json", &file);
    };

    let opened = FirstOpen::new();
    view! {
        <details class="menu" id="saved-menu" on:toggle=opened.on_toggle()>
            <summary>{move || pick(a.lang.get(), "Saved views", "已存视图")}</summary>
            {opened.body(move || view! {
            <div class="menu-body saved-body">
                <div class="save-row">
                    <input
                        id="view-name"
                        type="text"
                        maxlength="120"
                        placeholder=move || pick(a.lang.get(), "Name this view", "为当前视图命名")
                        aria-label=move || pick(a.lang.get(), "Name this view", "为当前视图命名")
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                    />
                    <button type="button" id="save-view" on:click=save>
                        {move || pick(a.lang.get(), "Save", "保存")}
                    </button>
                </div>
                <p class="saved-message" role="status">
                    {move || message.get().map(|m| m.text(a.lang.get()))}
                </p>
                <ul id="saved-list">
                    <For
                        each=move || views.get().views
                        key=|v| (v.name.clone(), v.query.clone())
                        children=move |v| {
                            let rename_to = RwSignal::new(v.name.clone());
                            let (query, old_name, del_name) = (v.query.clone(), v.name.clone(), v.name.clone());
                            view! {
                                <li data-view=v.name.clone()>
                                    <button type="button" class="link-button open-view" on:click=move |_| open(query.clone())>
                                        {v.name.clone()}
                                    </button>
                                    <span class="note">{v.saved.clone()}</span>
                                    <input
                                        type="text"
                                        class="rename-input"
                                        aria-label=move || pick(a.lang.get(), "New name", "新名称")
                                        prop:value=move || rename_to.get()
                                        on:input=move |ev| rename_to.set(event_target_value(&ev))
                                    />
                                    <button
                                        type="button"
                                        class="rename-view"
                                        on:click=move |_| {
                                            let (from, to) = (old_name.clone(), rename_to.get_untracked());
                                            change(&|v| {
                                                v.rename(&from, &to)?;
                                                Ok(Message::Saved(to.trim().to_string()))
                                            });
                                        }
                                    >
                                        {move || pick(a.lang.get(), "Rename", "重命名")}
                                    </button>
                                    <button
                                        type="button"
                                        class="delete-view"
                                        on:click=move |_| {
                                            let gone = del_name.clone();
                                            change(&|v| {
                                                v.delete(&gone)?;
                                                Ok(Message::Deleted(gone.clone()))
                                            });
                                        }
                                    >
                                        {move || pick(a.lang.get(), "Delete", "删除")}
                                    </button>
                                </li>
                            }
                        }
                    />
                </ul>
                <div class="saved-files">
                    <button type="button" id="export-views" on:click=export>
                        {move || pick(a.lang.get(), "Export as file", "导出为文件")}
                    </button>
                    <label class="import">
                        <span>{move || pick(a.lang.get(), "Import a file", "导入文件")}</span>
                        <input id="import-views" type="file" accept="application/json,.json" on:change=import />
                    </label>
                </div>
            </div>
            })}
        </details>
    }
}
