//! The frame every page shares: the head a search result and a browser read (title,
//! description, canonical and language alternates, a policy that allows no script), the
//! breadcrumbs and language switch, and the footer saying how to read prices and dates. And
//! the small pieces the pages are built of: links, tables, values as the app shows them.

use engine::catalog::format;
use engine::present::face::Face;
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::{El, Plain};
use engine::present::table_row::face_nodes;
use engine::share;
use engine::view::state::ViewState;

use super::address::Place;
use super::words::{self, w, Word};
use crate::Site;

/// No script at all: the pages are complete HTML. Styles and images come from the site only.
pub const POLICY: &str = "default-src 'self'; script-src 'none'; style-src 'self'; \
     img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'";

/// The stylesheet of the pages' own few rules, beside the app's at the site root.
pub const STYLESHEET: &str = "pages.css";

/// What a page says about itself.
pub struct Head {
    pub title: String,
    pub description: String,
}

/// One step of the breadcrumbs: its text and, unless it is this page, where it leads.
pub struct Crumb {
    pub text: String,
    pub href: Option<String>,
}

/// A whole page: `<!DOCTYPE html>` and the document, `main` inside the shared frame.
pub fn document(
    site: &Site,
    page: &dyn Place,
    lang: Lang,
    head: Head,
    crumbs: Vec<Crumb>,
    main: Vec<El>,
) -> String {
    let root = page.to_root(lang);
    let html = El::new("html")
        .attr("lang", lang.code())
        .child(head_of(site, page, lang, head, &root))
        .child(
            El::new("body")
                .attr("class", "static-page")
                .child(
                    El::new("a")
                        .attr("class", "skip-link")
                        .attr("href", "#main")
                        .text(w(lang, Word::SkipToContent)),
                )
                .child(header(page, lang, crumbs, &root))
                .child(
                    El::new("main")
                        .attr("id", "main")
                        .attr("class", "page")
                        .children(main),
                )
                .child(footer(site, lang, &root)),
        );
    format!("<!DOCTYPE html>\n{}\n", html.to_html())
}

fn head_of(site: &Site, page: &dyn Place, lang: Lang, head: Head, root: &str) -> El {
    let meta = |name: &'static str, content: &str| {
        El::new("meta").attr("name", name).attr("content", content)
    };
    let mut el = El::new("head")
        .child(El::new("meta").attr("charset", "utf-8"))
        .child(
            El::new("meta")
                .attr("http-equiv", "Content-Security-Policy")
                .attr("content", POLICY),
        )
        .child(meta("viewport", "width=device-width, initial-scale=1"))
        .child(meta("color-scheme", "light dark"))
        .child(El::new("title").text(head.title))
        .child(meta("description", &head.description));
    // Search engines want absolute addresses; without the site's origin the alternates are
    // still right for browsers, relative to this page.
    let address = |lang_: Lang| match &site.origin {
        Some(origin) => format!("{origin}{}", page.folder(lang_)),
        None => page.link_to(lang, page, lang_),
    };
    if site.origin.is_some() {
        el = el.child(
            El::new("link")
                .attr("rel", "canonical")
                .attr("href", address(lang)),
        );
    }
    for (hreflang, lang_) in [
        (Lang::En.code(), Lang::En),
        (Lang::Zh.code(), Lang::Zh),
        ("x-default", Lang::En),
    ] {
        el = el.child(
            El::new("link")
                .attr("rel", "alternate")
                .attr("hreflang", hreflang)
                .attr("href", address(lang_)),
        );
    }
    el.child(stylesheet(format!("{root}{}", site.stylesheet)))
        .child(stylesheet(format!("{root}{STYLESHEET}")))
        .child(
            El::new("link")
                .attr("rel", "icon")
                .attr("href", format!("{root}public/icon.svg"))
                .attr("type", "image/svg+xml"),
        )
}

fn stylesheet(href: String) -> El {
    El::new("link").attr("rel", "stylesheet").attr("href", href)
}

fn header(page: &dyn Place, lang: Lang, crumbs: Vec<Crumb>, root: &str) -> El {
    let other = match lang {
        Lang::En => Lang::Zh,
        Lang::Zh => Lang::En,
    };
    let items = crumbs.into_iter().map(|crumb| match crumb.href {
        Some(href) => El::new("li").child(link(href, crumb.text)),
        None => El::new("li").child(
            El::new("span")
                .attr("aria-current", "page")
                .text(crumb.text),
        ),
    });
    let home = El::new("li").child(
        El::new("a")
            .attr("href", root)
            .attr("class", "home")
            .text(w(lang, Word::SiteName)),
    );
    El::new("header")
        .attr("class", "masthead page-head")
        .child(
            El::new("nav")
                .attr("aria-label", w(lang, Word::Breadcrumbs))
                .child(
                    El::new("ol")
                        .attr("class", "crumbs")
                        .child(home)
                        .children(items),
                ),
        )
        .child(
            El::new("p").attr("class", "lang-switch").child(
                El::new("a")
                    .attr("href", page.link_to(lang, page, other))
                    .attr("hreflang", other.code())
                    .attr("lang", other.code())
                    .text(other.name()),
            ),
        )
}

fn footer(site: &Site, lang: Lang, root: &str) -> El {
    El::new("footer")
        .attr("class", "colophon page-foot")
        .child(El::new("p").text(w(lang, Word::PriceDateNote)))
        .child(El::new("p").text(i18n::t(lang, Msg::Footer)))
        .child(
            El::new("p")
                .text(words::catalog_built(lang, &format::date(&site.today)))
                .text(" ")
                .child(link(root.to_string(), w(lang, Word::SiteName))),
        )
}

/// A link within the site.
pub fn link(href: impl Into<String>, text: impl Into<String>) -> El {
    El::new("a").attr("href", href).text(text)
}

/// A link within the site named by `full`, which a phone writes `short` ("H100 SXM 80G" for
/// "NVIDIA H100 SXM5 80GB", `pages.css`): there the full name stays in the link for screen
/// readers, visually hidden after the short one, and on hover (its title); the page it leads to
/// opens with it. A wide screen shows the full name only.
pub fn short_link(href: impl Into<String>, full: &str, short: &str) -> El {
    let a = El::new("a").attr("href", href);
    if full == short {
        return a.text(full);
    }
    a.attr("title", full)
        .child(El::new("span").attr("class", "name-short").text(short))
        .child(El::new("span").attr("class", "name-full").text(full))
}

/// A link to somewhere else, only when the address is a web address: a catalog string never
/// becomes a `javascript:` or `data:` link, whatever the file says.
pub fn external(url: &str, text: impl Into<String>) -> El {
    let text = text.into();
    if is_web(url) {
        El::new("a")
            .attr("href", url)
            .attr("rel", "noopener noreferrer")
            .text(text)
    } else {
        El::new("span").text(text)
    }
}

/// A source, named by the site it is on (`aws.amazon.com`) with its whole title on hover:
/// source titles run to a paragraph, too long for a table cell.
/// A source whose address is not a web address is named by its title, unlinked.
pub fn source(url: &str, title: &str) -> El {
    if is_web(url) {
        external(url, host(url)).attr("title", title)
    } else {
        El::new("span").text(title)
    }
}

fn is_web(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

/// `https://www.example.com/a/b` → `example.com`.
pub fn host(url: &str) -> &str {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .unwrap_or(url);
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    host.strip_prefix("www.").unwrap_or(host)
}

/// A value as the app shows it: money with its "converted" mark, dates coloured by age with
/// the "old" badge, unknowns written out.
pub fn face(face: &Face) -> Vec<Plain> {
    face_nodes(face)
}

/// "unknown", looking unknown.
pub fn unknown(lang: Lang) -> El {
    El::new("span")
        .attr("class", "unknown")
        .text(i18n::t(lang, Msg::Unknown))
}

/// A table column's header: its text, whether the column holds numbers (right-aligned), and
/// the class its cells carry (`price-per-accelerator`), which the header carries too: a phone
/// lays a row out as a card and the header row as its legend, each header where its cells go.
pub struct Heading {
    pub text: String,
    pub numeric: bool,
    pub class: Option<&'static str>,
}

pub fn heading(text: impl Into<String>, numeric: bool) -> Heading {
    Heading {
        text: text.into(),
        numeric,
        class: None,
    }
}

impl Heading {
    /// The class of the column's cells.
    pub fn class(mut self, class: &'static str) -> Heading {
        self.class = Some(class);
        self
    }
}

/// A table with a header row and a caption, inside a frame that scrolls sideways on a phone.
pub fn table(
    class: &'static str,
    caption: Option<String>,
    columns: Vec<Heading>,
    rows: Vec<El>,
) -> El {
    let head = El::new("tr").children(columns.into_iter().map(|c| {
        let class: Vec<&str> = c
            .class
            .into_iter()
            .chain(c.numeric.then_some("numeric"))
            .collect();
        El::new("th")
            .attr("scope", "col")
            .maybe("class", (!class.is_empty()).then(|| class.join(" ")))
            .text(c.text)
    }));
    let table = El::new("table")
        .attr("class", class)
        .children(caption.map(|c| El::new("caption").text(c)))
        .child(El::new("thead").child(head))
        .child(El::new("tbody").children(rows));
    El::new("div").attr("class", "table-scroll").child(table)
}

/// A cell of numbers, right-aligned.
pub fn numeric(el: El) -> El {
    el.attr("class", "numeric")
}

/// A section with its heading.
pub fn section(id: &str, level: &'static str, heading: impl Into<String>) -> El {
    El::new("section")
        .attr("id", id)
        .attr("aria-labelledby", format!("{id}-heading"))
        .child(
            El::new(level)
                .attr("id", format!("{id}-heading"))
                .text(heading),
        )
}

/// The app at the site root, opened on `state` in `lang`: the share link's query, so the
/// app shows exactly this view (its filters, term and sort) whatever the base it is served at.
pub fn app_link(page: &dyn Place, lang: Lang, mut state: ViewState) -> String {
    state.lang = lang;
    format!("{}?{}", page.to_root(lang), share::encode(&state))
}

/// The prominent link into the app.
pub fn open_in_app(href: String, text: &str) -> El {
    El::new("p").attr("class", "open-app").child(
        El::new("a")
            .attr("class", "open-app-link")
            .attr("href", href)
            .text(text),
    )
}
