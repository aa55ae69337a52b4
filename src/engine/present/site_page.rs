//! Where each page of the static site (src/site/pages) lives: its folder under the site root, in each language, and the relative
//! links between pages. Every link on a page is relative, so the pages work under any base
//! (`/gpu-atlas/`, a custom domain's `/`, a copied folder).

use super::i18n::Lang;

/// Which page.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Page {
    /// All accelerators.
    Accelerators,
    /// One accelerator variant, by catalog id.
    Accelerator(String),
    /// All providers.
    Providers,
    /// One provider, by catalog id.
    Provider(String),
}

impl Page {
    /// The page's folder under the site root in `lang`, ending in `/`: `gpu/h100-sxm5-80gb/`,
    /// `zh/provider/aws/`. Chinese pages sit under `zh/`, so both languages share one tree.
    pub fn folder(&self, lang: Lang) -> String {
        let prefix = match lang {
            Lang::En => "",
            Lang::Zh => "zh/",
        };
        let rest = match self {
            Page::Accelerators => "gpu/".to_string(),
            Page::Accelerator(id) => format!("gpu/{}/", segment(id)),
            Page::Providers => "provider/".to_string(),
            Page::Provider(id) => format!("provider/{}/", segment(id)),
        };
        format!("{prefix}{rest}")
    }

    /// The file the server sends for the folder.
    pub fn file(&self, lang: Lang) -> String {
        format!("{}index.html", self.folder(lang))
    }

    /// From this page back to the site root (where the app is): `../../` for `gpu/<id>/`.
    pub fn to_root(&self, lang: Lang) -> String {
        "../".repeat(self.folder(lang).matches('/').count())
    }

    /// A relative link from this page to `other`.
    pub fn link_to(&self, lang: Lang, other: &Page, other_lang: Lang) -> String {
        format!("{}{}", self.to_root(lang), other.folder(other_lang))
    }
}

/// A catalog id as one path segment. Ids are plain (letters, digits, `.`, `_`, `-`) by the
/// catalog's rules, and such an id is its own segment; anything else (`~` included) is written
/// `~xx` per byte, and a leading dot too (`.` and `..` would leave the folder), so two ids
/// never share a segment. The app's offer detail links to the pages through this same rule.
pub fn segment(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for (i, b) in id.bytes().enumerate() {
        let plain = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-') || (b == b'.' && i > 0);
        if plain {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("~{b:02x}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ids_are_their_own_segment_and_others_cannot_escape_the_folder() {
        assert_eq!(segment("h100-sxm5-80gb"), "h100-sxm5-80gb");
        assert_eq!(segment("rtx-6000-ada_48gb.v2"), "rtx-6000-ada_48gb.v2");
        assert_eq!(segment(".."), "~2e.");
        assert_eq!(segment("a/b c"), "a~2fb~20c");
        assert_ne!(segment("a~2f"), segment("a/"));
    }

    #[test]
    fn links_climb_to_the_root_and_down_again() {
        let gpu = Page::Accelerator("h100-sxm5-80gb".into());
        assert_eq!(gpu.file(Lang::Zh), "zh/gpu/h100-sxm5-80gb/index.html");
        assert_eq!(gpu.to_root(Lang::En), "../../");
        assert_eq!(gpu.to_root(Lang::Zh), "../../../");
        assert_eq!(Page::Providers.to_root(Lang::En), "../");
        assert_eq!(
            gpu.link_to(Lang::Zh, &Page::Provider("aws".into()), Lang::En),
            "../../../provider/aws/"
        );
    }
}
