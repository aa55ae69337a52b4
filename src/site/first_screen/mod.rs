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

/// `page` (Trunk's `index.html`) with the catalog and wasm files named in its head (`<meta>`s
/// the app and the start script read), the start script, the first screen in both languages at
/// the top of its body, and the app started only after the first paint: Trunk's preload of the
/// wasm is dropped and its loader waits (`AFTER_PAINT`), then has the start script preload the
/// wasm and the catalog. Downloads that start before the first paint compete with it on a slow
/// network (and Lighthouse counts them into the largest paint). A view the page did not
/// pre-render has no answer to paint first, so the start script begins both at once (`START`).
pub fn into_page(page: &str, site: &Site, catalog_file: &str) -> Result<String, String> {
    if !page.contains("</head>") || !page.contains("<body>") {
        return Err("index.html has no </head> and <body> to write the first screen into".into());
    }
    let page = without_wasm_preload(page);
    let start = "const wasm = await init(";
    if !page.contains(start) {
        return Err(format!(
            "index.html has no Trunk loader ({start}…) to start after the first paint"
        ));
    }
    let wasm_file = loaded_wasm(&page)
        .ok_or("index.html's Trunk loader names no wasm file (module_or_path: '…')")?
        .to_owned();
    let page = page.replacen(start, &format!("{AFTER_PAINT}{start}"), 1);
    let head = format!(
        "<meta name=\"gpu-atlas-catalog\" content=\"{catalog_file}\" />\n    \
         <meta name=\"gpu-atlas-wasm\" content=\"{wasm_file}\" />\n    \
         <script>{START}</script>\n  </head>"
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

/// The wasm file Trunk's loader starts: `init({ module_or_path: '<file>' })`.
fn loaded_wasm(page: &str) -> Option<&str> {
    let key = "module_or_path: '";
    let from = page.find(key)? + key.len();
    let len = page[from..].find('\'')?;
    Some(&page[from..from + len]).filter(|file| file.ends_with(".wasm") && !file.contains('"'))
}

/// `page` without Trunk's `<link rel="preload" … _bg.wasm …>`; other preloads stay.
fn without_wasm_preload(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    let mut rest = page;
    while let Some(at) = rest.find("<link rel=\"preload\"") {
        let len = rest[at..].find('>').map_or(rest.len() - at, |end| end + 1);
        let tag = &rest[at..at + len];
        out.push_str(&rest[..at]);
        if !tag.contains("_bg.wasm") {
            out.push_str(tag);
        }
        rest = &rest[at + len..];
    }
    out.push_str(rest);
    out
}
