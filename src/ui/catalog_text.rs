//! A text of the catalog (a note, a provider fact) as the reader's language has it: the
//! English, the file's Chinese marked as GPU Atlas's translation, or — where no Chinese is
//! written yet — the English original folded under a Chinese line that says so.

use leptos::prelude::*;

use crate::engine::present::i18n::{
    self, CatalogText, Lang, TRANSLATED_MARK, TRANSLATED_TITLE, UNTRANSLATED_SUMMARY,
};

/// The text inline (a table cell, a line).
pub fn text(lang: Lang, en: &str, zh: Option<&str>) -> AnyView {
    match i18n::catalog_text(lang, en, zh) {
        CatalogText::Own(text) => text.to_string().into_any(),
        CatalogText::Translated(text) => view! {
            {text.to_string()}
            <span class="translated" title=TRANSLATED_TITLE>{TRANSLATED_MARK}</span>
        }
        .into_any(),
        CatalogText::Untranslated(text) => view! {
            <details class="untranslated">
                <summary>{UNTRANSLATED_SUMMARY}</summary>
                <span lang="en">{text.to_string()}</span>
            </details>
        }
        .into_any(),
    }
}

/// A note as its own block.
pub fn note(lang: Lang, en: &str, zh: Option<&str>) -> impl IntoView {
    view! { <div class="note">{text(lang, en, zh)}</div> }
}
