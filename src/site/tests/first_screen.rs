//! Tests of the pre-rendered first screen: it shows the default view's first rows as the app
//! computes them, in both languages, with every control but the search box waiting for the
//! app, and it goes into Trunk's page without losing anything of it.

use engine::bundled;
use engine::catalog::fx::Fx;
use engine::catalog::Catalog;
use engine::present::face::RowFace;
use engine::present::i18n::Lang;
use engine::present::markup::{El, Plain};
use engine::present::table_row;
use engine::pricing::Rates;
use engine::share::filter_box;
use engine::view::state::ViewState;
use gpu_atlas_site::first_screen::{self, ROWS};
use gpu_atlas_site::Site;

/// A page as Trunk writes it: its loader, the module preload and the wasm's preload.
const TRUNK_PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>GPU Atlas</title>
<script type="module">
import init, * as bindings from '/gpu-atlas/gpu-atlas-0123.js';
const wasm = await init({ module_or_path: '/gpu-atlas/gpu-atlas-0123_bg.wasm' });
</script>
  <link rel="modulepreload" href="/gpu-atlas/gpu-atlas-0123.js" crossorigin="anonymous"><link rel="preload" href="/gpu-atlas/gpu-atlas-0123_bg.wasm" crossorigin="anonymous" as="fetch" type="application/wasm"><link rel="preload" href="public/icon.svg" as="image">
  </head>
  <body>
    <noscript>needs JavaScript</noscript>
  </body>
</html>"#;

fn catalog() -> Catalog {
    bundled::catalog().expect("the bundled catalog decodes")
}

/// Every element of `el` with tag `tag`, depth first.
fn all<'e>(el: &'e El, tag: &str, out: &mut Vec<&'e El>) {
    if el.tag == tag {
        out.push(el);
    }
    for child in &el.children {
        if let Plain::Element(child) = child {
            all(child, tag, out);
        }
    }
}

fn attr<'e>(el: &'e El, name: &str) -> Option<&'e str> {
    el.attrs
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn the_rows_are_the_default_views_first_rows_as_the_app_paints_them() {
    let catalog = catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", None, "main-0.css");
    for lang in [Lang::En, Lang::Zh] {
        let screen = first_screen::screen(&site, lang);
        let mut rows = Vec::new();
        all(&screen, "tr", &mut rows);
        let rows: Vec<&El> = rows
            .into_iter()
            .filter(|r| attr(r, "data-offer").is_some())
            .collect();
        assert_eq!(rows.len(), ROWS, "{lang:?}");

        // The same computation the app makes for a first visit in `lang` (Chinese readers get
        // yuan), then the same row markup.
        let state = ViewState::first_screen(lang);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let shown = site.explorer.show(&state, &rates, &site.today);
        assert!(shown.rows.len() > ROWS);
        for (i, (row, painted)) in shown.rows.iter().zip(&rows).enumerate() {
            let face = RowFace::of(row, &state.columns, lang, &site.today, false);
            let mut expected = table_row::row(&face).attr("aria-rowindex", (i + 2).to_string());
            // The page's row differs only in its checkbox waiting for the app.
            let mut painted = (*painted).clone();
            strip_disabled(&mut painted);
            strip_disabled(&mut expected);
            assert_eq!(painted, expected, "row {i} in {lang:?}");
        }
        let html = screen.to_html();
        let price_header = if lang == Lang::Zh { "CNY" } else { "USD" };
        assert!(
            html.contains(&format!("({price_header} ")),
            "{lang:?} prices in {price_header}"
        );
    }
}

fn strip_disabled(el: &mut El) {
    el.attrs.retain(|(n, _)| *n != "disabled");
    for child in &mut el.children {
        if let Plain::Element(child) = child {
            strip_disabled(child);
        }
    }
}

#[test]
fn every_control_waits_for_the_app_but_the_search_box_and_the_filter_boxes() {
    let catalog = catalog();
    let site = Site::new(&catalog, "./", None, "main-0.css");
    let screen = first_screen::screen(&site, Lang::En);
    let mut controls = Vec::new();
    for tag in ["input", "select", "button"] {
        all(&screen, tag, &mut controls);
    }
    assert!(controls.len() > 100, "{} controls", controls.len());
    let mut boxes = 0;
    for control in controls {
        let search = attr(control, "id") == Some("search");
        // A filter box takes a tick before the app runs: the app takes it over, so its key
        // must be one the app knows, and ticking it must change the view.
        let filter = attr(control, "data-filter");
        if let Some(key) = filter {
            boxes += 1;
            let mut state = ViewState::default();
            assert!(filter_box::check(&mut state, key), "unknown box {key}");
            assert_ne!(state, ViewState::default(), "ticking {key} changed nothing");
        }
        assert_eq!(
            attr(control, "disabled").is_some(),
            !search && filter.is_none(),
            "{:?} {:?}",
            control.tag,
            control.attrs
        );
    }
    // Every provider, category, vendor, link, area and yes/no filter.
    assert!(boxes > catalog.providers.len() + 20, "{boxes} boxes");
}

#[test]
fn both_languages_say_the_same_counts_in_their_own_words() {
    let catalog = catalog();
    let site = Site::new(&catalog, "./", None, "main-0.css");
    let en = first_screen::screen(&site, Lang::En).to_html();
    let zh = first_screen::screen(&site, Lang::Zh).to_html();
    assert!(en.contains("lang=\"en\"") && en.contains("Cost for my job"));
    assert!(zh.contains("lang=\"zh-CN\"") && zh.contains("按作业估算成本"));
    assert!(!zh.contains("Cost for my job"));
    let offers = catalog.offers.len().to_string();
    let count = format!("data-testid=\"offer-count\">{offers}</span>");
    assert!(en.contains(&count) && zh.contains(&count));
    // The Chinese page selects its language in the picker.
    assert!(zh.contains("<option value=\"zh-CN\" selected=\"\">"));
}

#[test]
fn the_page_keeps_trunks_head_and_body_and_adds_the_screens_and_scripts() {
    let catalog = catalog();
    let site = Site::new(&catalog, "./", None, "main-0.css");
    let page = first_screen::into_page(TRUNK_PAGE, &site, "catalog-0123456789abcdef.json")
        .expect("a page with a head and a body");
    assert!(page.contains("<title>GPU Atlas</title>"));
    assert!(page.contains("<noscript>needs JavaScript</noscript>"));
    assert!(page
        .contains("<meta name=\"gpu-atlas-catalog\" content=\"catalog-0123456789abcdef.json\" />"));
    // The wasm the loader starts is named for the start script, which preloads it for a view
    // the page did not pre-render.
    assert!(page.contains(
        "<meta name=\"gpu-atlas-wasm\" content=\"/gpu-atlas/gpu-atlas-0123_bg.wasm\" />"
    ));
    assert!(first_screen::START.contains("meta[name=${name}]"));
    assert!(first_screen::AFTER_PAINT.contains("gpuAtlasBeginDownloads()"));
    // The app starts after the first paint: no wasm preload in the page, and the loader waits
    // before starting the wasm (both preloads are added then, by the start script's function).
    assert!(!page.contains("_bg.wasm\" crossorigin"), "{page}");
    assert!(page.contains("<link rel=\"modulepreload\""));
    assert!(page.contains("<link rel=\"preload\" href=\"public/icon.svg\" as=\"image\">"));
    let wait = page
        .find(first_screen::AFTER_PAINT)
        .expect("the wait in the loader");
    let init = page.find("const wasm = await init(").expect("the loader");
    let import = page.find("import init").expect("the import");
    assert!(import < wait && wait < init);
    // The start script in the head, the English screen, the Chinese one in a template, and the
    // script choosing between them after both.
    let start = page.find(first_screen::START).expect("start script");
    let head_end = page.find("</head>").expect("head");
    let english = page
        .find("<div id=\"prerendered\" lang=\"en\">")
        .expect("English screen");
    let chinese = page
        .find("<template id=\"prerendered-zh\"><div id=\"prerendered\" lang=\"zh-CN\">")
        .expect("Chinese screen");
    let show = page.find(first_screen::SHOW).expect("show script");
    let choose = page.find(first_screen::CHOOSE).expect("choose script");
    assert!(start < head_end && head_end < english && english < show);
    assert!(show < chinese && chinese < choose);
    // Scripts go into the page as written: nothing in them may need escaping.
    for script in [
        first_screen::START,
        first_screen::CHOOSE,
        first_screen::FOLD,
    ] {
        assert!(!script.contains("</script"), "{script}");
    }
    assert!(!first_screen::FOLD.contains(['<', '>', '&']));

    let broken = first_screen::into_page("<html><p>no head</p></html>", &site, "catalog-0.json");
    assert!(broken.unwrap_err().contains("</head>"));
    // A page whose loader is not Trunk's as known fails the build rather than start early.
    let no_loader = TRUNK_PAGE.replace("const wasm = await init(", "await start(");
    let broken = first_screen::into_page(&no_loader, &site, "catalog-0.json");
    assert!(broken.unwrap_err().contains("Trunk loader"));
    let no_wasm = TRUNK_PAGE.replace("module_or_path: '/gpu-atlas/gpu-atlas-0123_bg.wasm'", "");
    let broken = first_screen::into_page(&no_wasm, &site, "catalog-0.json");
    assert!(broken.unwrap_err().contains("names no wasm"));
}

#[test]
fn catalog_text_is_escaped_in_the_screen() {
    let mut catalog = catalog();
    catalog.providers[0].name = "<script>alert(1)</script> & \"co\"".into();
    let site = Site::new(&catalog, "./", None, "main-0.css");
    let html = first_screen::screen(&site, Lang::En).to_html();
    assert!(!html.contains("<script>alert(1)"));
    // As text (its filter box's label) and, quotes escaped too, as an attribute.
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"co\""));
    assert!(!html.contains("=\"<script") && !html.contains("\"co\"\""));
}
