//! The catalog's own words on a page in the page's language: a provider's name, a note or a
//! fact as `engine::present::i18n::catalog_text` decides (the English, the file's Chinese
//! marked as GPU Atlas's translation, or the English folded under a Chinese line saying it
//! is not translated yet).

use engine::catalog::Provider;
use engine::present::i18n::{
    self, CatalogText, Lang, TRANSLATED_MARK, TRANSLATED_TITLE, UNTRANSLATED_SUMMARY,
};
use engine::present::markup::El;

/// A catalog text as inline elements of `parent`.
pub fn into(parent: El, lang: Lang, en: &str, zh: Option<&str>) -> El {
    match i18n::catalog_text(lang, en, zh) {
        CatalogText::Own(text) => parent.text(text),
        CatalogText::Translated(text) => parent.text(text).child(
            El::new("span")
                .attr("class", "translated")
                .attr("title", TRANSLATED_TITLE)
                .text(TRANSLATED_MARK),
        ),
        CatalogText::Untranslated(text) => parent.child(
            El::new("details")
                .attr("class", "untranslated")
                .child(El::new("summary").text(UNTRANSLATED_SUMMARY))
                .child(El::new("span").attr("lang", "en").text(text)),
        ),
    }
}

/// A note as its own block.
pub fn note(lang: Lang, en: &str, zh: Option<&str>) -> El {
    into(El::new("div").attr("class", "note"), lang, en, zh)
}

/// A provider's heading name: its name in the page's language, and on a Chinese page also
/// its own (Latin) name where that differs, marked as English.
pub fn provider_heading(parent: El, lang: Lang, p: &Provider) -> El {
    let name = i18n::provider_name(lang, p);
    let own = (lang == Lang::Zh && name != p.name).then(|| {
        El::new("span")
            .attr("class", "own-name")
            .attr("lang", Lang::En.code())
            .text(format!(" {}", p.name))
    });
    parent.text(name).children(own)
}
