//! Tests of the model pages (issue 29): a page per open-weight model in both languages, whose
//! API prices are every price of the catalog sorted by the blend the page states, whose
//! unstated prices say so, whose memory and GPU fits follow the stated rule, and whose
//! calculator link opens a serving job of the model's size. Figures are computed here again
//! from the catalogs, not by the pages' own code.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use engine::bundled;
use engine::catalog::api_prices::{ApiCatalog, ApiModel, ApiPrice, ApiProvider};
use engine::catalog::AsOf;
use engine::catalog::{Catalog, Confidence, Currency, Source, SourceKind};
use engine::share;
use gpu_atlas_site::pages;
use gpu_atlas_site::{File, Site};

const STYLESHEET: &str = "main-0123456789abcdef.css";

fn catalog() -> Catalog {
    bundled::catalog().expect("the bundled catalog decodes")
}

fn api() -> ApiCatalog {
    bundled::api_catalog().expect("the bundled API catalog decodes")
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

/// The rows of the table in section `id`: each `<tr ...>…</tr>` of its body.
fn body_rows<'t>(page: &'t str, id: &str) -> Vec<&'t str> {
    let section = between(page, &format!("<section id=\"{id}\""), "</table>").expect(id);
    let body = section.split("<tbody>").nth(1).unwrap_or("");
    body.split("<tr ").skip(1).collect()
}

/// The blend a page states: three input tokens to one output, no cache hits.
fn blend(price: &ApiPrice) -> Option<f64> {
    Some((3.0 * price.input? + price.output?) / 4.0)
}

#[test]
fn every_open_weight_model_has_a_page_in_both_languages_and_a_closed_one_none() {
    let catalog = catalog();
    let api = api();
    let site = Site::new(&catalog, "/gpu-atlas/", None, STYLESHEET);
    let files = pages::files(&site);
    let paths: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    let mut open = 0;
    for m in &api.models {
        for prefix in ["", "zh/"] {
            let path = format!("{prefix}model/{}/index.html", m.id);
            assert_eq!(paths.contains(path.as_str()), m.open_weights, "{path}");
        }
        open += usize::from(m.open_weights);
    }
    assert!(open >= 30, "{open} open-weight models");
    assert!(paths.contains("model/index.html") && paths.contains("zh/model/index.html"));
    let texts = by_path(&files);
    let sitemap = &texts["sitemap.xml"];
    assert!(sitemap.contains("<loc>/gpu-atlas/model/llama-3.1-70b/</loc>"));
    assert!(sitemap.contains("<loc>/gpu-atlas/zh/model/</loc>"));
}

#[test]
fn a_model_page_lists_every_api_price_by_the_stated_blend() {
    let catalog = catalog();
    let api = api();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let texts_files = pages::files(&site);
    let texts = by_path(&texts_files);
    let mut checked = 0;
    for m in api.models.iter().filter(|m| m.open_weights) {
        let page = &texts[format!("model/{}/index.html", m.id).as_str()];
        let zh = &texts[format!("zh/model/{}/index.html", m.id).as_str()];
        assert!(
            page.contains("3 input tokens to 1 output token"),
            "{}",
            m.id
        );
        let prices: BTreeMap<&str, &ApiPrice> = api
            .prices
            .iter()
            .filter(|p| p.model == m.id)
            .map(|p| (p.provider.as_str(), p))
            .collect();
        let rows = body_rows(page, "api-prices");
        assert_eq!(rows.len(), prices.len(), "{}: one row per provider", m.id);
        let mut last: Option<f64> = None;
        let mut unknown_seen = false;
        for row in &rows {
            let provider = between(row, "data-provider=\"", "\"").expect("a provider");
            let price = prices[provider];
            let at = format!("{} at {provider}", m.id);
            // Cheapest blend first; a price whose blend is unknown follows all known ones.
            match blend(price) {
                Some(b) => {
                    assert!(!unknown_seen, "{at}: a known blend after an unknown one");
                    assert!(
                        last.is_none_or(|l| l <= b + 1e-12),
                        "{at}: {b} after {last:?}"
                    );
                    last = Some(b);
                    let cell = between(row, "class=\"blended numeric\">", "</td>").expect("blend");
                    assert_eq!(
                        cell,
                        engine::catalog::format::money(b, price.currency),
                        "{at}"
                    );
                }
                None => unknown_seen = true,
            }
            // A cached price only where the source states one; "not stated" is never $0.
            let cached = between(row, "class=\"cached numeric\">", "</td>").expect("cached");
            match price.cached_input {
                Some(c) => assert_eq!(cached, engine::catalog::format::money(c, price.currency)),
                None => assert!(cached.contains("not stated"), "{at}: {cached}"),
            }
            assert!(
                !row.contains(">$0.00<") && !row.contains(">$0<"),
                "{at}: {row}"
            );
            // The date, and the source linked.
            assert!(row.contains(&format!(">{}</span>", price.as_of)), "{at}");
            let source = api.price_source(&price.source).expect("a source");
            assert!(
                unescape(row).contains(&format!("href=\"{}\"", source.url)),
                "{at}: no link to {}",
                source.url
            );
            checked += 1;
        }
        // The Chinese page lists the same rows, and says "not stated" in Chinese.
        let zh_rows = body_rows(zh, "api-prices");
        assert_eq!(zh_rows.len(), rows.len(), "{}", m.id);
        if prices.values().any(|p| p.cached_input.is_none()) {
            assert!(zh.contains("未注明"), "{}", m.id);
        }
    }
    assert!(checked > 100, "{checked} price rows checked");
}

#[test]
fn memory_and_fits_follow_the_stated_rule() {
    let catalog = catalog();
    let api = api();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    // Rented GPUs (those with a page) and their memory, from the catalog.
    let rented: BTreeSet<&str> = catalog
        .offers
        .iter()
        .filter_map(|o| o.accelerator.as_deref())
        .collect();
    let memory: BTreeMap<&str, f64> = catalog
        .accelerators
        .iter()
        .filter(|a| rented.contains(a.id.as_str()))
        .filter_map(|a| Some((a.id.as_str(), a.specs.memory_gb?)))
        .collect();
    // Bytes per parameter: BF16, FP8, and INT4 with a 16-bit scale and zero point per 128.
    let bytes = [2.0, 1.0, (4.0 + 32.0 / 128.0) / 8.0];
    for m in api.models.iter().filter(|m| m.open_weights) {
        let params = m.params_b.expect("an open model states its size");
        let page = &texts[format!("model/{}/index.html", m.id).as_str()];
        let needs: Vec<f64> = bytes.iter().map(|b| params * b * 1.2).collect();
        let expected: BTreeSet<&str> = memory
            .iter()
            .filter(|(_, gb)| needs.iter().any(|n| **gb >= *n))
            .map(|(id, _)| *id)
            .collect();
        let rows = if expected.is_empty() {
            assert!(page.contains("class=\"no-single-gpu\""), "{}", m.id);
            Vec::new()
        } else {
            body_rows(page, "fits-on")
        };
        let listed: BTreeSet<&str> = rows
            .iter()
            .map(|r| between(r, "data-accelerator=\"", "\"").expect("an accelerator"))
            .collect();
        assert_eq!(listed, expected, "{}", m.id);
        for row in &rows {
            let id = between(row, "data-accelerator=\"", "\"").expect("id");
            let marks: Vec<bool> = row
                .split("data-fits=\"")
                .skip(1)
                .map(|s| s.starts_with("true"))
                .collect();
            let fits: Vec<bool> = needs.iter().map(|n| memory[id] >= *n).collect();
            assert_eq!(marks, fits, "{} on {id}", m.id);
            assert!(row.contains(&format!("href=\"../../gpu/{id}/\"")), "{id}");
        }
        // The count of GPUs per precision, in the summary table.
        for (i, precision) in ["bf16", "fp8", "int4"].iter().enumerate() {
            let row = between(page, &format!("data-precision=\"{precision}\">"), "</tr>")
                .expect("a precision row");
            let count = memory.values().filter(|gb| **gb >= needs[i]).count();
            assert!(
                row.contains(&format!("class=\"gpu-count numeric\">{count}</td>")),
                "{} {precision}: {row}",
                m.id
            );
        }
    }
    // One model in figures: Llama 3.1 70B, 70.6 billion parameters.
    let page = &texts["model/llama-3.1-70b/index.html"];
    let bf16 = between(page, "data-precision=\"bf16\">", "</tr>").expect("BF16");
    assert!(
        bf16.contains(">141.2 GB<") && bf16.contains(">169.4 GB<"),
        "{bf16}"
    );
    let fp8 = between(page, "data-precision=\"fp8\">", "</tr>").expect("FP8");
    assert!(
        fp8.contains(">70.6 GB<") && fp8.contains(">84.7 GB<"),
        "{fp8}"
    );
    assert!(page.contains("weights × 1.2"));
    // DeepSeek V3's 671 billion fit no single GPU at any precision.
    assert!(texts["model/deepseek-v3/index.html"].contains("class=\"no-single-gpu\""));
}

#[test]
fn the_calculator_link_opens_a_serving_job_of_the_models_size() {
    let catalog = catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    for (path, up, lang) in [
        (
            "model/llama-3.1-70b/index.html",
            "../../?",
            engine::catalog::Lang::En,
        ),
        (
            "zh/model/llama-3.1-70b/index.html",
            "../../../?",
            engine::catalog::Lang::Zh,
        ),
    ] {
        let link = unescape(
            between(&texts[path], "class=\"open-app-link\" href=\"", "\"").expect("a link"),
        );
        let query = link.strip_prefix(up).unwrap_or_else(|| panic!("{link}"));
        let decoded = share::decode(query, &|_| true);
        assert!(decoded.ignored.is_empty(), "{:?}", decoded.ignored);
        assert_eq!(decoded.state.lang, lang);
        let job = decoded.state.job.expect("a job");
        assert!(job.workload.is_inference(), "a serving job");
        assert_eq!(job.workload.params_b(), 70.6);
    }
}

#[test]
fn the_index_names_each_models_cheapest_blend() {
    let catalog = catalog();
    let api = api();
    let site = Site::new(&catalog, "./", None, STYLESHEET);
    let files = pages::files(&site);
    let texts = by_path(&files);
    let index = &texts["model/index.html"];
    for m in api.models.iter() {
        let row = between(index, &format!("<tr data-model=\"{}\">", m.id), "</tr>");
        assert_eq!(row.is_some(), m.open_weights, "{}", m.id);
        let Some(row) = row else { continue };
        assert!(
            row.contains(&format!("href=\"../model/{}/\"", m.id)),
            "{row}"
        );
        let cheapest = api
            .prices
            .iter()
            .filter(|p| p.model == m.id && p.currency == Currency::Usd)
            .filter_map(blend)
            .min_by(f64::total_cmp);
        if let Some(c) = cheapest {
            let shown = engine::catalog::format::money(c, Currency::Usd);
            assert!(
                row.contains(&format!(">{shown}</td>")),
                "{}: {shown} in {row}",
                m.id
            );
        }
    }
}

const HOSTILE: &str = "<script>alert(1)</script> & \"Co\"";

/// A hand-made API catalog whose every text is hostile, with a provider whose homepage is a
/// `javascript:` address and a price with neither cached nor output price.
fn hostile_api() -> ApiCatalog {
    let source = |id: &str, url: &str| Source {
        id: id.into(),
        title: format!("{HOSTILE} list"),
        url: url.into(),
        kind: SourceKind::Vendor,
        date: None,
    };
    ApiCatalog {
        models: vec![ApiModel {
            id: "evil-7b".into(),
            name: format!("Evil {HOSTILE}"),
            maker: HOSTILE.into(),
            family: HOSTILE.into(),
            architecture: Some(engine::catalog::api_prices::ModelArchitecture::Dense),
            params_b: Some(7.0),
            active_params_b: None,
            context_tokens: None,
            open_weights: true,
            released: None,
            source: "card".into(),
            note: Some(format!("<img src=x onerror=alert(2)> {HOSTILE}")),
        }],
        model_sources: vec![source("card", "javascript:alert(3)")],
        providers: vec![ApiProvider {
            id: "evil".into(),
            name: HOSTILE.into(),
            category: engine::catalog::api_prices::ApiProviderCategory::Inference,
            homepage: "javascript:alert(4)".into(),
            gpu_provider: None,
        }],
        price_sources: vec![source("list", "https://evil.example/?a=1&b=\"2\"")],
        prices: vec![ApiPrice {
            model: "evil-7b".into(),
            provider: "evil".into(),
            provider_model: HOSTILE.into(),
            input: Some(0.2),
            output: None,
            cached_input: None,
            batch_input: None,
            batch_output: None,
            currency: Currency::Usd,
            quantization: None,
            context_tokens: None,
            as_of: AsOf::day(2026, 5, 1),
            source: "list".into(),
            confidence: Confidence::Low,
            note: None,
        }],
    }
}

#[test]
fn api_text_never_becomes_markup_and_an_unknown_blend_says_so() {
    let catalog = catalog();
    let site = Site::new(&catalog, "./", None, STYLESHEET).with_api(hostile_api());
    let files = pages::files(&site);
    let texts = by_path(&files);
    for path in [
        "model/evil-7b/index.html",
        "zh/model/evil-7b/index.html",
        "model/index.html",
    ] {
        let page = &texts[path];
        for tag in ["<script", "<img"] {
            assert!(!page.contains(tag), "{path} writes {tag}");
        }
        assert!(!page.contains("javascript:"), "{path} links to javascript:");
    }
    let page = &texts["model/evil-7b/index.html"];
    assert!(
        page.contains("<title>Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; \"Co\" API prices")
    );
    let row = between(page, "<tr data-provider=\"evil\">", "</tr>").expect("the row");
    // No output price: the blend is unknown, not the input price alone, and not zero.
    assert!(
        row.contains("class=\"blended numeric\"><span class=\"unknown\""),
        "{row}"
    );
    assert!(
        row.contains("class=\"output numeric\"><span class=\"unknown\">not stated"),
        "{row}"
    );
    assert!(
        row.contains("href=\"https://evil.example/?a=1&amp;b=&quot;2&quot;\""),
        "{row}"
    );
    // Without a cheapest blend, the index says unknown.
    let index = between(
        &texts["model/index.html"],
        "<tr data-model=\"evil-7b\">",
        "</tr>",
    )
    .expect("the index row");
    assert!(
        index.contains("<span class=\"unknown\">unknown</span>"),
        "{index}"
    );
}
