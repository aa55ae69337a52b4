//! The default view, rendered to HTML inside `index.html`: the header, the filters, the
//! controls in their initial state and the table's first screenful with the real prices,
//! sources and dates, in both languages. It is the page until the app's wasm is ready; the app
//! then takes the page over (src/ui/takeover.rs) keeping what was typed into the search box.
//!
//! Why not Leptos' own server rendering and hydration: the shell is browser-only code, and
//! hydration needs the exact view the app would build, which depends on the link, saved
//! preferences and the window; a first screen that is only the default view, made of the
//! engine's own row markup and the same elements and classes, is a page the app can replace
//! in one frame. The e2e tests compare the two, row by row and box by box.

mod controls;
mod filters;
mod masthead;
mod scripts;

use engine::present::i18n::{pick, Lang};
use engine::present::market::{today, today_markup};
use engine::present::markup::El;
use engine::present::offer_screen;
use engine::view::state::ViewState;

use crate::Site;

pub use engine::present::offer_screen::ROWS;
pub use scripts::{AFTER_PAINT, CHOOSE, FOLD, SHOW, START};

/// The first screen in `lang`: `<div id="prerendered">`, its controls disabled (visibly) until
/// the app takes over, except the search box, whose text the app keeps.
pub fn screen(site: &Site, lang: Lang) -> El {
    // Priced as the app prices a first visit in `lang` (CNY for Chinese readers).
    let state = ViewState::first_screen(lang);
    let rates = &site.rates;
    let shown = site.explorer.show(&state, rates, &site.today);
    let results = El::new("main")
        .attr("class", "results")
        .child(
            El::new("p")
                .attr("class", "prerender-note")
                .attr("role", "status")
                .text(pick(
                    lang,
                    "Loading your view… (the offers below appear when it is ready)",
                    "正在载入你的视图……（就绪后显示报价）",
                )),
        )
        .child(controls::mode_tabs(lang))
        .child(today_markup::section(
            &today::lines(
                &site.explorer,
                &today::asked_about(&site.explorer, rates, &site.today),
                &state,
                rates,
                &site.today,
            ),
            &state,
            lang,
            &site.today,
            &|view| format!("?{}", engine::share::encode(view)),
        ))
        .child(controls::controls(&state, rates, lang))
        .child(offer_screen::count_row(
            &state,
            &shown,
            site.explorer.entries.len(),
            lang,
        ))
        .child(controls::calculator(lang))
        .child(offer_screen::table(&state, &shown.rows, lang, &site.today));
    let mut screen = El::new("div")
        .attr("id", "prerendered")
        .attr("lang", lang.code())
        .child(masthead::header(site.catalog, rates, lang))
        .child(
            El::new("div")
                .attr("class", "layout")
                .child(filters::panel(site.catalog, lang))
                .child(results),
        )
        .child(masthead::footer(lang));
    offer_screen::disable_controls(&mut screen);
    screen
}

/// `page` (Trunk's `index.html`) with the catalog file named in its head (a `<meta>` the app
/// reads), the start script, the first screen in both languages at the top of its body, and
/// the app's two downloads (its wasm and the catalog) started from the head at low priority,
/// the app itself only after the first paint (its loader waits, `AFTER_PAINT`).
///
/// Low priority, because a download that competes with the page's own files delays the first
/// paint on a slow network: Trunk's preload of the wasm is replaced by one that says
/// `fetchpriority="low"` (and carries no `integrity`, which the loader's own request for the
/// wasm would not match, downloading it twice). Chromium holds such requests back while the
/// head's render-blocking files load. Measured (2026-12-06, issue 28): started from the head
/// this way the downloads begin ~300 ms sooner on a desktop and ~800 ms sooner on slow 4G with a
/// 4× slower CPU, the app is ready ~100–200 ms and ~500 ms sooner, and the first paint is
/// unchanged; started after the first paint, as before, they waited for the whole page to be
/// parsed. Preloads at the default priority had put the first paint 250 ms later on slow 4G.
pub fn into_page(page: &str, site: &Site, catalog_file: &str) -> Result<String, String> {
    if !page.contains("</head>") || !page.contains("<body>") {
        return Err("index.html has no </head> and <body> to write the first screen into".into());
    }
    let (page, wasm) = without_wasm_preload(page);
    let wasm = wasm.ok_or("index.html has no preload of the app's wasm to start it early")?;
    let start = "const wasm = await init(";
    if !page.contains(start) {
        return Err(format!(
            "index.html has no Trunk loader ({start}…) to start after the first paint"
        ));
    }
    let page = page.replacen(start, &format!("{AFTER_PAINT}{start}"), 1);
    let early = |href: &str, kind: &str| {
        format!(
            "<link rel=\"preload\" as=\"fetch\" crossorigin=\"anonymous\" fetchpriority=\"low\" \
             type=\"{kind}\" href=\"{href}\" />"
        )
    };
    let head = format!(
        "{}\n    {}\n    \
         <meta name=\"gpu-atlas-catalog\" content=\"{catalog_file}\" />\n    \
         <script>{START}</script>\n  </head>",
        early(&wasm, "application/wasm"),
        early(catalog_file, "application/json"),
    );
    let body = format!(
        "<body>\n{}\n<script>{SHOW}</script>\n<template id=\"prerendered-zh\">{}</template>\n<script>{CHOOSE}</script>",
        screen(site, Lang::En).to_html(),
        screen(site, Lang::Zh).to_html(),
    );
    Ok(page
        .replacen("</head>", &head, 1)
        .replacen("<body>", &body, 1))
}

/// `page` without Trunk's `<link rel="preload" … _bg.wasm …>` (other preloads stay), and the
/// wasm's address it named.
fn without_wasm_preload(page: &str) -> (String, Option<String>) {
    let mut out = String::with_capacity(page.len());
    let mut wasm = None;
    let mut rest = page;
    while let Some(at) = rest.find("<link rel=\"preload\"") {
        let len = rest[at..].find('>').map_or(rest.len() - at, |end| end + 1);
        let tag = &rest[at..at + len];
        out.push_str(&rest[..at]);
        if tag.contains("_bg.wasm") {
            wasm = href(tag).map(str::to_string);
        } else {
            out.push_str(tag);
        }
        rest = &rest[at + len..];
    }
    out.push_str(rest);
    (out, wasm)
}

/// The `href` of a tag.
fn href(tag: &str) -> Option<&str> {
    let value = &tag[tag.find("href=\"")? + "href=\"".len()..];
    Some(&value[..value.find('"')?])
}
