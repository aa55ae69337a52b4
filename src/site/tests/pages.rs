//! Tests of the site's pages module: a page per accelerator and per provider, in both
//! languages, whose numbers are the app's, whose links all lead somewhere, and whose catalog
//! text can never become markup.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use engine::bundled;
use engine::catalog::fx::Fx;
use engine::catalog::{
    Accelerator, Area, AsOf, Catalog, Confidence, Currency, FormFactor, FxRate, Offer, Price,
    PriceUnit, Provider, ProviderCategory, ProviderFacts, Region, Source, SourceKind, Specs, Term,
    Vendor,
};
use engine::explorer::Row;
use engine::pricing::Rates;
use engine::share;
use engine::view::columns::{Column, Direction};
use engine::view::state::ViewState;
use gpu_atlas_site::pages::address::segment;
use gpu_atlas_site::pages::market::{self, Market};
use gpu_atlas_site::pages::{self, accelerator_facts};
use gpu_atlas_site::{File, Site};

const STYLESHEET: &str = "main-0123456789abcdef.css";
const ORIGIN: &str = "https://example.github.io/gpu-atlas/";

fn bundled_catalog() -> Catalog {
    bundled::catalog().expect("the bundled catalog decodes")
}

fn by_path(files: &[File]) -> HashMap<&str, String> {
    files
        .iter()
        .map(|f| {
            let text = String::from_utf8(f.body.clone()).expect("pages are UTF-8");
            (f.path.as_str(), text)
        })
        .collect()
}

/// The text between `start` and the next `end` after it.
fn between<'t>(text: &'t str, start: &str, end: &str) -> Option<&'t str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Every `href="..."` of a page, unescaped.
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(unescape)
        .collect()
}

/// The app's rows for `gpu=<id>`, computed as the app does, in one go.
fn app_rows<'c>(site: &'c Site<'c>, state: &ViewState) -> Vec<Row<'c>> {
    let rates = Rates::new(Fx::newest(&site.catalog.fx), None);
    site.explorer.show(state, &rates, &site.today).rows
}

fn on_demand_for(id: &str) -> ViewState {
    market::view(Term::OnDemand, None, market::accelerator(id))
}

#[test]
fn every_rented_accelerator_and_every_provider_has_a_page_in_both_languages() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", None, STYLESHEET);
    let files = pages::files(&site);
    let paths: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths.len(), files.len(), "no file is written twice");
    let mut rented = 0;
    for a in &catalog.accelerators {
        let sold = catalog
            .offers
            .iter()
            .any(|o| o.accelerator.as_deref() == Some(a.id.as_str()));
        for prefix in ["", "zh/"] {
            let path = format!("{prefix}gpu/{}/index.html", segment(&a.id));
            assert_eq!(paths.contains(path.as_str()), sold, "{path}");
        }
        rented += usize::from(sold);
    }
    assert!(rented > 50, "{rented} accelerators rented");
    for p in &catalog.providers {
        if catalog.offers.iter().any(|o| o.provider == p.id) {
            assert!(paths.contains(format!("provider/{}/index.html", p.id).as_str()));
            assert!(paths.contains(format!("zh/provider/{}/index.html", p.id).as_str()));
        }
    }
    for index in [
        "gpu/index.html",
        "zh/gpu/index.html",
        "provider/index.html",
        "zh/provider/index.html",
        "pages.css",
        "sitemap.xml",
    ] {
        assert!(paths.contains(index), "{index}");
    }
}

#[test]
fn the_cheapest_on_demand_offer_on_a_page_is_the_apps_first_row() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", None, STYLESHEET);
    let market = Market::new(&site);
    let all = accelerator_facts(&market);
    let mut priced = 0;
    for facts in &all {
        let id = &facts.accelerator.id;
        let app = app_rows(&site, &on_demand_for(id));
        // The app's first row with a known price that is not past the "old" mark (over 18
        // calendar months): old prices follow the rest and are never named cheapest.
        let first = app.iter().find(|r| {
            r.quote.as_ref().is_some_and(|q| {
                q.per_accelerator.is_some() && q.as_of.months_until(&site.today) <= 18
            })
        });
        let page = facts.cheapest();
        assert_eq!(
            page.map(|r| &r.entry.offer.id),
            first.map(|r| &r.entry.offer.id),
            "{id}"
        );
        assert_eq!(
            page.and_then(|r| r.quote.clone()),
            first.and_then(|r| r.quote.clone()),
            "{id}"
        );
        priced += usize::from(page.is_some());
    }
    assert!(priced > 30, "{priced} accelerators with an on-demand price");

    // And the page says it: the headline's price, provider and instance are the app's first
    // row's, and so is its first on-demand table row.
    let id = "h100-sxm5-80gb";
    let html = accelerator::page_html(&site, id);
    let first = app_rows(&site, &on_demand_for(id))
        .into_iter()
        .next()
        .expect("H100 SXM5 has on-demand offers");
    let quote = first.quote.as_ref().expect("a quote");
    let price = engine::catalog::format::money(
        quote.per_accelerator.expect("a known price"),
        Currency::Usd,
    );
    let headline = between(&html, "class=\"lead\">", "</p>").expect("a lead");
    assert!(headline.contains(&price), "{headline} lacks {price}");
    assert!(headline.contains(&unescape_back(&first.entry.provider.name)));
    assert!(headline.contains(&unescape_back(&first.entry.offer.instance)));
    let on_demand = between(&html, "data-term=\"on-demand\"", "</section>").expect("on-demand");
    let first_row = between(on_demand, "<tbody><tr data-offer=\"", "\"").expect("a row");
    assert_eq!(unescape(first_row), first.entry.offer.id);
}

/// The page of accelerator `id` in English.
mod accelerator {
    use super::*;

    pub fn page_html(site: &Site, id: &str) -> String {
        let files = pages::files(site);
        let path = format!("gpu/{}/index.html", segment(id));
        let file = files
            .into_iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("no {path}"));
        String::from_utf8(file.body).expect("UTF-8")
    }
}

/// How `text` reads once escaped as HTML text (quotes stay as they are there).
fn unescape_back(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[test]
fn open_in_gpu_atlas_opens_the_pages_own_view() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let html = accelerator::page_html(&site, "h100-sxm5-80gb");
    let link = between(&html, "class=\"open-app-link\" href=\"", "\"").expect("an app link");
    let link = unescape(link);
    let query = link
        .strip_prefix("../../?")
        .unwrap_or_else(|| panic!("{link} is not the app at the site root"));
    let decoded = share::decode(query, &|id| site.explorer.entry(id).is_some());
    assert!(decoded.ignored.is_empty(), "{:?}", decoded.ignored);
    let state = decoded.state;
    assert_eq!(
        state.filters.accelerators,
        BTreeSet::from(["h100-sxm5-80gb".to_string()])
    );
    assert_eq!(state.term, Term::OnDemand);
    assert_eq!(state.sort.column, Column::PricePerAccelerator);
    assert_eq!(state.sort.direction, Direction::Ascending);
    let from_link = app_rows(&site, &state);
    let expected = app_rows(&site, &on_demand_for("h100-sxm5-80gb"));
    assert_eq!(from_link, expected);
    assert!(!from_link.is_empty());

    // The Chinese page opens the app in Chinese on the same view.
    let files = pages::files(&site);
    let zh = by_path(&files)["zh/gpu/h100-sxm5-80gb/index.html"].clone();
    let link = unescape(between(&zh, "class=\"open-app-link\" href=\"", "\"").expect("a link"));
    let query = link.strip_prefix("../../../?").expect("three levels up");
    let decoded = share::decode(query, &|_| true);
    assert_eq!(decoded.state.lang, engine::catalog::Lang::Zh);
    assert_eq!(decoded.state.filters, state.filters);
}

#[test]
fn every_relative_link_leads_to_a_written_page_or_the_app() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", Some(ORIGIN), STYLESHEET);
    let files = pages::files(&site);
    let paths: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let mut checked = 0;
    for file in &files {
        let Some(folder) = file.path.strip_suffix("index.html") else {
            continue;
        };
        let html = String::from_utf8(file.body.clone()).expect("UTF-8");
        for href in hrefs(&html) {
            if href.starts_with("https://") || href.starts_with("http://") || href == "#main" {
                continue;
            }
            // Resolve against the page's folder.
            let (path, query) = href.split_once('?').unwrap_or((&href, ""));
            let mut parts: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
            for piece in path.split('/') {
                match piece {
                    ".." => {
                        assert!(parts.pop().is_some(), "{href} climbs above the site");
                    }
                    "" | "." => {}
                    name => parts.push(name),
                }
            }
            let target = parts.join("/");
            let exists = if target.is_empty() {
                true // the app, written by Trunk
            } else if path.ends_with('/') {
                paths.contains(format!("{target}/index.html").as_str())
            } else {
                paths.contains(target.as_str())
                    || target == STYLESHEET
                    || target == "public/icon.svg"
            };
            assert!(exists, "{}: {href} leads nowhere", file.path);
            assert!(query.is_empty() || target.is_empty(), "{href}");
            checked += 1;
        }
    }
    assert!(checked > 1_000, "{checked} links");
}

#[test]
fn pages_are_complete_documents_that_run_no_script() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", Some(ORIGIN), STYLESHEET);
    let files = pages::files(&site);
    let mut titles = BTreeSet::new();
    let mut descriptions = BTreeSet::new();
    let mut pages_seen = 0;
    for file in &files {
        let Some(folder) = file.path.strip_suffix("index.html") else {
            continue;
        };
        pages_seen += 1;
        let html = String::from_utf8(file.body.clone()).expect("UTF-8");
        let lang = if folder.starts_with("zh/") {
            "zh-CN"
        } else {
            "en"
        };
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\""),
            "{}",
            file.path
        );
        assert!(
            html.contains(&format!("<html lang=\"{lang}\">")),
            "{}",
            file.path
        );
        assert!(!html.contains("<script"), "{}", file.path);
        assert!(html.contains("script-src &#39;none&#39;"), "{}", file.path);
        assert!(html.contains(&format!(
            "<link rel=\"canonical\" href=\"{ORIGIN}{folder}\">"
        )));
        let english = folder.strip_prefix("zh/").unwrap_or(folder);
        assert!(html.contains(&format!(
            "<link rel=\"alternate\" hreflang=\"zh-CN\" href=\"{ORIGIN}zh/{english}\">"
        )));
        assert!(html.contains(&format!(
            "<link rel=\"alternate\" hreflang=\"en\" href=\"{ORIGIN}{english}\">"
        )));
        let up = "../".repeat(folder.matches('/').count());
        assert!(html.contains(&format!(
            "<link rel=\"stylesheet\" href=\"{up}{STYLESHEET}\">"
        )));
        assert!(html.contains(&format!("<link rel=\"stylesheet\" href=\"{up}pages.css\">")));
        assert_eq!(html.matches("<h1>").count(), 1, "{}", file.path);
        assert!(html.contains("<main id=\"main\""));
        let title = between(&html, "<title>", "</title>").expect("a title");
        let description =
            between(&html, "<meta name=\"description\" content=\"", "\"").expect("a description");
        assert!(title.len() > 20 && description.len() > 50, "{}", file.path);
        assert!(titles.insert(title.to_string()), "title twice: {title}");
        assert!(
            descriptions.insert(description.to_string()),
            "description twice: {description}"
        );
    }
    assert!(pages_seen > 200, "{pages_seen} pages");
    let h100 = by_path(&files)["gpu/h100-sxm5-80gb/index.html"].clone();
    let title = between(&h100, "<title>", "</title>").expect("a title");
    assert!(
        title.starts_with("NVIDIA H100 SXM5 80GB cloud prices: from $"),
        "{title}"
    );
    assert!(title.contains("/GPU-hour at ") && title.contains("providers compared"));
}

#[test]
fn the_sitemap_lists_the_app_and_every_page_in_both_languages() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "/gpu-atlas/", Some(ORIGIN), STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    let sitemap = &texts["sitemap.xml"];
    assert!(sitemap.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset"));
    let locs: BTreeSet<&str> = sitemap
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split("</loc>").next())
        .collect();
    assert!(locs.contains(ORIGIN), "the app itself");
    let pages: Vec<&str> = texts
        .keys()
        .filter_map(|p| p.strip_suffix("index.html"))
        .collect();
    for folder in &pages {
        assert!(
            locs.contains(format!("{ORIGIN}{folder}").as_str()),
            "{folder}"
        );
    }
    assert_eq!(locs.len(), pages.len() + 1, "nothing else is listed");
    assert_eq!(
        texts["robots.txt"],
        format!("User-agent: *\nAllow: /\n\nSitemap: {ORIGIN}sitemap.xml\n")
    );

    // Without an origin: paths under the base, said so, and no robots.txt naming it.
    let site = Site::new(&catalog, "/gpu-atlas/", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    assert!(!texts.contains_key("robots.txt"));
    let sitemap = &texts["sitemap.xml"];
    assert!(sitemap.contains("GPU_ATLAS_SITE_URL"));
    assert!(sitemap.contains("<loc>/gpu-atlas/gpu/h100-sxm5-80gb/</loc>"));
    assert!(sitemap.contains("<loc>/gpu-atlas/zh/provider/aws/</loc>"));
}

// ---- A small hand-made catalog: hostile text, unknown specs, an old price. ----

const HOSTILE: &str = "<script>alert(1)</script> & \"Co\" 'Ltd'";

fn source(id: &str, url: &str) -> Source {
    Source {
        id: id.into(),
        title: format!("{HOSTILE} price list"),
        url: url.into(),
        kind: SourceKind::Vendor,
        date: None,
    }
}

fn price(region: &str, term: Term, amount: f64, as_of: AsOf, source: &str) -> Price {
    Price {
        region: Arc::from(region),
        term,
        amount: Some(amount),
        amount_high: None,
        currency: Currency::Usd,
        unit: PriceUnit::InstanceHour,
        billing: None,
        as_of,
        source: Arc::from(source),
        confidence: Confidence::High,
        note: None,
        live: Default::default(),
    }
}

fn tiny_catalog() -> Catalog {
    let provider = Provider {
        id: "evil".into(),
        name: HOSTILE.into(),
        name_zh: Some("<b>恶意</b>".into()),
        category: ProviderCategory::GpuCloud,
        headquarters: None,
        currencies: vec![Currency::Usd],
        homepage: "javascript:alert(1)".into(),
        billing_increment: None,
        facts: ProviderFacts {
            source: Some("list".into()),
            storage: Some("<img src=x onerror=alert(1)>".into()),
            ..ProviderFacts::default()
        },
        regions: vec![
            Region {
                id: "us-1".into(),
                name: "<i>Ohio</i>".into(),
                name_zh: None,
                area: Area::Us,
            },
            Region {
                id: "eu-1".into(),
                name: "Paris".into(),
                name_zh: None,
                area: Area::Eu,
            },
        ],
        sources: vec![
            source("list", "https://evil.example/prices?a=1&b=\"2\""),
            source("js", "javascript:alert(2)"),
        ],
        retired: vec![],
    };
    let accelerator = Accelerator {
        id: "mystery-x1".into(),
        vendor: Vendor::Nvidia,
        model: "X1 <blink>".into(),
        variant: "96GB".into(),
        form_factor: FormFactor::Unspecified,
        architecture: None,
        release_year: None,
        memory_type: None,
        specs: Specs {
            memory_gb: Some(96.0),
            ..Specs::default()
        },
        sources: vec!["spec".into()],
        spec_sources: Vec::new(),
        note: None,
    };
    let offer = |id: &str, count: f64, prices: Vec<Price>| Offer {
        id: format!("evil/{id}"),
        provider: "evil".into(),
        instance: format!("{id}\"><svg onload=alert(3)>"),
        accelerator: Some("mystery-x1".into()),
        count,
        vcpus: None,
        ram_gb: None,
        interconnect: None,
        network: None,
        network_zh: None,
        multi_node: None,
        source: "list".into(),
        note: None,
        note_zh: None,
        prices,
    };
    Catalog {
        providers: vec![provider],
        accelerators: vec![accelerator],
        accelerator_sources: vec![Source {
            id: "spec".into(),
            title: "Spec sheet".into(),
            url: "https://specs.example/x1".into(),
            kind: SourceKind::Vendor,
            date: None,
        }],
        offers: vec![
            offer(
                "one",
                1.0,
                vec![
                    price("us-1", Term::OnDemand, 3.0, AsOf::day(2020, 1, 15), "list"),
                    price("eu-1", Term::OnDemand, 2.5, AsOf::day(2026, 5, 1), "js"),
                    price("us-1", Term::Spot, 1.0, AsOf::day(2026, 5, 1), "list"),
                ],
            ),
            offer(
                "eight",
                8.0,
                vec![price(
                    "us-1",
                    Term::OnDemand,
                    16.0,
                    AsOf::day(2026, 5, 1),
                    "list",
                )],
            ),
        ],
        fx: vec![FxRate {
            date: AsOf::day(2026, 5, 1),
            base: Currency::Usd,
            quote: Currency::Cny,
            rate: 7.2,
            source_title: "rates".into(),
            source_url: "https://rates.example".into(),
        }],
        built_on: Some(AsOf::day(2026, 6, 1)),
        history: Default::default(),
    }
}

#[test]
fn catalog_text_never_becomes_markup_and_only_web_addresses_become_links() {
    let catalog = tiny_catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    assert!(texts.contains_key("gpu/mystery-x1/index.html"));
    assert!(texts.contains_key("provider/evil/index.html"));
    for (path, text) in &texts {
        for tag in ["<script", "<img", "<svg", "<blink", "<i>", "<b>"] {
            assert!(!text.contains(tag), "{path} writes {tag}");
        }
        for href in hrefs(text) {
            let safe = ["https://", "http://", "../", "#"];
            assert!(
                safe.iter().any(|s| href.starts_with(s)),
                "{path} links to {href}"
            );
        }
    }
    let provider = &texts["provider/evil/index.html"];
    assert!(provider.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Co\" 'Ltd'"));
    assert!(provider.contains("&lt;img src=x onerror=alert(1)&gt;"));
    assert!(provider.contains("href=\"https://evil.example/prices?a=1&amp;b=&quot;2&quot;\""));
    // In an attribute, quotes are escaped too: the title cannot end early.
    let page = &texts["gpu/mystery-x1/index.html"];
    assert!(page.contains("<title>NVIDIA X1 &lt;blink&gt; 96GB cloud prices"));
    assert!(page.contains("title=\"&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#39;Ltd&#39; price list\""));
    assert!(
        page.contains("one&quot;&gt;&lt;svg onload=alert(3)&gt;")
            || page.contains("one\"&gt;&lt;svg onload=alert(3)&gt;")
    );
}

#[test]
fn unknown_specs_say_unknown_and_cite_nothing() {
    let catalog = tiny_catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    for (path, unknown) in [
        ("gpu/mystery-x1/index.html", "unknown"),
        ("zh/gpu/mystery-x1/index.html", "未知"),
    ] {
        let page = &texts[path];
        let bf16 = between(page, "data-spec=\"bf16_tflops\">", "</tr>").expect("a BF16 row");
        assert!(
            bf16.contains(&format!("<span class=\"unknown\">{unknown}</span>")),
            "{bf16}"
        );
        assert!(!bf16.contains("<a "), "an unknown cites no source: {bf16}");
        let memory = between(page, "data-spec=\"memory_gb\">", "</tr>").expect("a memory row");
        assert!(memory.contains("96 GB"), "{memory}");
        assert!(
            memory.contains("href=\"https://specs.example/x1\""),
            "{memory}"
        );
    }
    // The bundled catalog too: a variant whose BF16 nobody states says so.
    let catalog = bundled_catalog();
    let unknown_bf16 = catalog
        .accelerators
        .iter()
        .find(|a| {
            a.specs.bf16_tflops.is_none()
                && catalog
                    .offers
                    .iter()
                    .any(|o| o.accelerator.as_deref() == Some(a.id.as_str()))
        })
        .expect("some rented accelerator has no stated BF16");
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let page = accelerator::page_html(&site, &unknown_bf16.id);
    let bf16 = between(&page, "data-spec=\"bf16_tflops\">", "</tr>").expect("a BF16 row");
    assert!(bf16.contains("unknown"), "{}: {bf16}", unknown_bf16.id);
}

#[test]
fn old_prices_look_old_and_each_price_has_its_date_and_source() {
    let catalog = tiny_catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    let page = &texts["gpu/mystery-x1/index.html"];
    // On demand, the cheapest per accelerator is the eight-way offer at $2/GPU-hour.
    let on_demand = between(page, "data-term=\"on-demand\"", "</section>").expect("on-demand");
    let first = between(on_demand, "<tbody>", "</tr>").expect("a first row");
    assert!(first.contains("data-offer=\"evil/eight\""), "{first}");
    assert!(first.contains("$2.00"), "{first}");
    assert!(
        first.contains("<span class=\"date fresh\">2026-05-01</span>"),
        "{first}"
    );
    assert!(first.contains("href=\"https://evil.example/prices?a=1&amp;b=&quot;2&quot;\""));
    // In the US alone the one-GPU offer is quoted at its 2020 price: old, and marked so.
    let us = between(page, "data-area=\"us\"", "</tr>").expect("a US row");
    assert!(us.contains("$2.00"), "{us}");
    let eu = between(page, "data-area=\"eu\"", "</tr>").expect("an EU row");
    assert!(eu.contains("$2.50"), "{eu}");
    // Its source is a javascript: address in the file: named, not linked.
    assert!(
        eu.contains("<td class=\"source\"><span>&lt;script&gt;"),
        "{eu}"
    );
    let provider = &texts["provider/evil/index.html"];
    let spot = between(provider, "data-term=\"spot\">", "</tr>").expect("a spot row");
    assert!(spot.contains("$1.00"), "{spot}");
    // Spot is the only term of a fresh price; the old one shows where it is the cheapest.
    let old = Catalog {
        offers: vec![catalog.offers[0].clone()],
        ..catalog.clone()
    };
    let mut old = old;
    old.offers[0].prices.retain(|p| p.region.as_ref() == "us-1");
    let site = Site::new(&old, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    let page = &texts["gpu/mystery-x1/index.html"];
    let on_demand = between(page, "data-term=\"on-demand\"", "</section>").expect("on-demand");
    // An old price is never the page's cheapest: counted apart, and no "no price" claim.
    assert!(
        on_demand.contains(
            "<p class=\"older-prices\">Prices older than 18 months, not counted here (the app lists them last, marked old): 1</p>"
        ),
        "{on_demand}"
    );
    assert!(!on_demand.contains("No source we found states a price"));
    assert!(!on_demand.contains("2020-01-15"), "{on_demand}");
    let zh = &texts["zh/gpu/mystery-x1/index.html"];
    assert!(zh.contains("超过 18 个月的价格，此处不计入"));
}

#[test]
fn a_page_lists_the_providers_that_sell_it_with_their_offer_counts() {
    let catalog = bundled_catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let market = Market::new(&site);
    let facts = accelerator_facts(&market);
    let h100 = facts
        .iter()
        .find(|f| f.accelerator.id == "h100-sxm5-80gb")
        .expect("an H100 SXM5 page");
    let counted: usize = h100.sellers.iter().map(|s| s.offers).sum();
    let in_catalog = catalog
        .offers
        .iter()
        .filter(|o| o.accelerator.as_deref() == Some("h100-sxm5-80gb"))
        .count();
    assert_eq!(counted, in_catalog);
    assert_eq!(h100.offers, in_catalog);
    let html = accelerator::page_html(&site, "h100-sxm5-80gb");
    for seller in &h100.sellers {
        let row = between(
            &html,
            &format!("<tr data-provider=\"{}\">", seller.provider.id),
            "</tr>",
        )
        .expect("a seller row");
        assert!(row.contains(&format!("<td class=\"numeric\">{}</td>", seller.offers)));
        assert!(row.contains(&format!("href=\"../../provider/{}/\"", seller.provider.id)));
    }
}
