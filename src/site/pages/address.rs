//! Where each page lives. The accelerator and provider pages follow the engine's rule
//! (`engine::present::site_page`), which the app's offer detail follows too when it links
//! here; the model pages (hosted-API prices) are the site's own, since the app does not link
//! to them. [`Place`] is what both kinds share: a folder per language, and relative links.

pub use engine::present::site_page::{segment, Page};

use engine::present::i18n::Lang;

/// A page of the site: where it lives in each language. Every link between pages is
/// relative, so the pages work under any base.
pub trait Place {
    /// The page's folder under the site root in `lang`, ending in `/`.
    fn folder(&self, lang: Lang) -> String;

    /// The file the server sends for the folder.
    fn file(&self, lang: Lang) -> String {
        format!("{}index.html", self.folder(lang))
    }

    /// From this page back to the site root (where the app is).
    fn to_root(&self, lang: Lang) -> String {
        "../".repeat(self.folder(lang).matches('/').count())
    }

    /// A relative link from this page to `other`.
    fn link_to(&self, lang: Lang, other: &dyn Place, other_lang: Lang) -> String {
        format!("{}{}", self.to_root(lang), other.folder(other_lang))
    }
}

impl Place for Page {
    fn folder(&self, lang: Lang) -> String {
        Page::folder(self, lang)
    }
}

/// The hosted-API model pages: every open-weight model, and one page per model.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModelPage {
    Models,
    /// One model, by its `catalog/api/models.toml` id.
    Model(String),
}

impl Place for ModelPage {
    fn folder(&self, lang: Lang) -> String {
        let prefix = match lang {
            Lang::En => "",
            Lang::Zh => "zh/",
        };
        match self {
            ModelPage::Models => format!("{prefix}model/"),
            ModelPage::Model(id) => format!("{prefix}model/{}/", segment(id)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_pages_sit_beside_the_accelerator_pages() {
        let page = ModelPage::Model("llama-3.1-70b".into());
        assert_eq!(page.file(Lang::Zh), "zh/model/llama-3.1-70b/index.html");
        assert_eq!(Place::to_root(&page, Lang::En), "../../");
        let gpu = Page::Accelerator("h100-sxm5-80gb".into());
        assert_eq!(
            Place::link_to(&page, Lang::Zh, &gpu, Lang::Zh),
            "../../../zh/gpu/h100-sxm5-80gb/"
        );
        assert_eq!(
            Place::link_to(&gpu, Lang::En, &ModelPage::Models, Lang::En),
            "../../model/"
        );
    }
}
