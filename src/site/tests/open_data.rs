//! Tests of the site's open_data module: the published files read back to the catalog they
//! were made from, the schema describes exactly what serde writes, every CSV row is dated and
//! sourced, and the feed is well-formed, stable and honest about the seeding of the history.

use std::collections::BTreeSet;
use std::path::Path;

use engine::bundled;
use engine::catalog::{AsOf, Catalog};
use gpu_atlas_site::open_data::{
    self, answers_json, api_prices_csv, api_prices_json, atom, changes, gpu_json, offers_csv,
    schema, HistoryFile, ANSWERS_SCHEMA, API_PRICES_CSV, API_PRICES_JSON, API_PRICES_SCHEMA,
    CATALOG_JSON, CATALOG_SCHEMA, CHANGES_ATOM, LLMS_TXT, MARKET_JSON, OFFERS_CSV,
};
use gpu_atlas_site::{File, Site};
use serde_json::Value;

const ORIGIN: &str = "https://example.github.io/gpu-atlas/";

fn real_catalog() -> Catalog {
    bundled::catalog().expect("the bundled catalog decodes")
}

fn real_history() -> Vec<HistoryFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/history");
    open_data::read_history(&dir).expect("catalog/history reads")
}

fn render(catalog: &Catalog, origin: Option<&str>, history: &[HistoryFile]) -> Vec<File> {
    let site = Site::new(catalog, "/gpu-atlas/", origin, "main-test.css");
    open_data::files(&site, history).expect("the open data renders")
}

fn text<'f>(files: &'f [File], path: &str) -> &'f str {
    let file = files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path}"));
    std::str::from_utf8(&file.body).expect("UTF-8")
}

#[test]
fn writes_every_file_at_its_versioned_path() {
    let catalog = real_catalog();
    let files = render(&catalog, None, &[]);
    let paths: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    // One small answer per variant some offer sells, as there is a page per such variant.
    let sold: BTreeSet<String> = catalog
        .offers
        .iter()
        .filter_map(|o| o.accelerator.as_ref())
        .map(|id| format!("data/v1/gpu/{id}.json"))
        .collect();
    let mut expected: BTreeSet<&str> = [
        "data/v1/catalog.json",
        "data/v1/catalog.schema.json",
        "data/v1/offers.csv",
        "data/v1/api-prices.json",
        "data/v1/api-prices.schema.json",
        "data/v1/api-prices.csv",
        "data/v1/market.json",
        "data/v1/answers.schema.json",
        "data/changes.atom",
        "llms.txt",
    ]
    .into();
    expected.extend(sold.iter().map(String::as_str));
    assert!(sold.len() > 50, "{} variants sold", sold.len());
    assert_eq!(paths, expected);
}

// ---------------------------------------------------------------------------------------
// catalog.json

#[test]
fn catalog_json_round_trips_into_the_engine() {
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let json = text(&files, CATALOG_JSON);
    assert_eq!(bundled::decode(json).expect("decodes"), catalog);
    // The very bytes the app fetches as catalog-<hash>.json.
    assert_eq!(json, bundled::CATALOG_JSON);
}

// ---------------------------------------------------------------------------------------
// The schema, walked structurally against JSON (no validator crate).

/// How strictly [`walk`] compares an object's keys with its schema.
#[derive(Clone, Copy, PartialEq)]
enum Keys {
    /// Every key is described and every required key is present.
    Described,
    /// The keys are exactly the required ones: a value with every optional field empty.
    OnlyRequired,
    /// The keys are exactly the described ones: a value with every optional field set.
    All,
}

fn resolve<'s>(root: &'s Value, schema: &'s Value) -> &'s Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(r) => {
            let name = r.strip_prefix("#/$defs/").expect("local $ref");
            let def = root["$defs"].get(name).unwrap_or_else(|| panic!("{r}"));
            resolve(root, def)
        }
        None => schema,
    }
}

fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn walk(
    root: &Value,
    schema: &Value,
    value: &Value,
    at: &str,
    keys: Keys,
    errors: &mut Vec<String>,
) {
    let is_as_of = schema.get("$ref").and_then(Value::as_str) == Some("#/$defs/as_of");
    let schema = resolve(root, schema);
    // One of several shapes (a price or null): the value must fit one of them.
    if let Some(options) = schema.get("anyOf").and_then(Value::as_array) {
        let misfits: Vec<Vec<String>> = options
            .iter()
            .map(|option| {
                let mut found = Vec::new();
                walk(root, option, value, at, keys, &mut found);
                found
            })
            .collect();
        if misfits.iter().all(|m| !m.is_empty()) {
            errors.push(format!("{at}: fits none of anyOf: {misfits:?}"));
        }
        return;
    }
    if is_as_of {
        if let Some(s) = value.as_str() {
            if AsOf::parse(s).is_err() {
                errors.push(format!("{at}: {s:?} is not an as_of date"));
            }
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
        if !allowed.contains(value) {
            errors.push(format!("{at}: {value} is not in the schema's enum"));
        }
        return;
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        other => {
            errors.push(format!("{at}: the schema gives no type ({other})"));
            return;
        }
    };
    let actual = type_of(value);
    let fits = types.contains(&actual)
        || (actual == "number" && types.contains(&"integer") && value.is_u64());
    if !fits {
        errors.push(format!("{at}: {actual} where the schema says {types:?}"));
        return;
    }
    match value {
        Value::Object(map) => {
            let properties = schema["properties"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            let required: BTreeSet<&str> = schema["required"]
                .as_array()
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let present: BTreeSet<&str> = map.keys().map(String::as_str).collect();
            let described: BTreeSet<&str> = properties.keys().map(String::as_str).collect();
            for key in present.difference(&described) {
                errors.push(format!("{at}: key {key:?} is not in the schema"));
            }
            for key in required.difference(&present) {
                errors.push(format!("{at}: required key {key:?} is missing"));
            }
            if keys == Keys::OnlyRequired && present != required {
                errors.push(format!(
                    "{at}: serde always writes {present:?}, the schema requires {required:?}"
                ));
            }
            if keys == Keys::All && present != described {
                errors.push(format!(
                    "{at}: a full value has {present:?}, the schema describes {described:?}"
                ));
            }
            for (key, v) in map {
                if let Some(s) = properties.get(key) {
                    walk(root, s, v, &format!("{at}/{key}"), keys, errors);
                }
            }
        }
        Value::Array(items) => {
            let prefix = schema["prefixItems"].as_array();
            for (i, item) in items.iter().enumerate() {
                let s = match prefix.and_then(|p| p.get(i)) {
                    Some(s) => s,
                    None if schema["items"] == Value::Bool(false) => {
                        errors.push(format!("{at}/{i}: no item allowed here"));
                        continue;
                    }
                    None => &schema["items"],
                };
                walk(root, s, item, &format!("{at}/{i}"), keys, errors);
            }
            if let Some(min) = schema["minItems"].as_u64() {
                if (items.len() as u64) < min {
                    errors.push(format!("{at}: fewer than {min} items"));
                }
            }
            if let Some(max) = schema["maxItems"].as_u64() {
                if (items.len() as u64) > max {
                    errors.push(format!("{at}: more than {max} items"));
                }
            }
        }
        _ => {}
    }
}

fn schema_value() -> Value {
    serde_json::from_str(schema::SCHEMA).expect("the schema is JSON")
}

fn check(json: &str, keys: Keys) -> Vec<String> {
    check_against(schema::SCHEMA, json, keys)
}

/// `json` walked against the kept schema `schema`.
fn check_against(schema: &str, json: &str, keys: Keys) -> Vec<String> {
    let value: Value = serde_json::from_str(json).expect("JSON");
    let root: Value = serde_json::from_str(schema).expect("the schema is JSON");
    let mut errors = Vec::new();
    walk(&root, &root, &value, "", keys, &mut errors);
    errors
}

#[test]
fn schema_describes_every_key_of_the_real_catalog() {
    let errors = check(bundled::CATALOG_JSON, Keys::Described);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// A catalog with every optional field left out: what serde writes for it is what it always
/// writes.
const MINIMAL: &str = r#"{
  "providers": [{"id": "p", "name": "P", "category": "gpu-cloud", "currencies": ["USD"],
    "homepage": "https://p.example/",
    "regions": [{"id": "global", "name": "Global", "area": "global"}],
    "sources": [{"id": "s", "title": "S", "url": "https://p.example/prices", "kind": "vendor"}]}],
  "accelerators": [{"id": "a", "vendor": "NVIDIA", "model": "A", "variant": "V",
    "form_factor": "SXM", "sources": ["s"]}],
  "accelerator_sources": [{"id": "s", "title": "S", "url": "https://x.example/", "kind": "vendor"}],
  "offers": [{"id": "p/o", "provider": "p", "instance": "o", "count": 1, "source": "s",
    "prices": [{"region": "global", "term": "on-demand", "currency": "USD",
      "unit": "instance-hour", "as_of": "2026-01", "source": "s", "confidence": "high"}]}],
  "fx": [{"date": "2026-01-02", "base": "USD", "quote": "CNY", "rate": 7.1,
    "source_title": "ECB", "source_url": "https://ecb.example/"}]
}"#;

/// The same with every optional field set.
const FULL: &str = r#"{
  "providers": [{"id": "p", "name": "P", "name_zh": "P", "category": "china",
    "headquarters": "CN", "currencies": ["CNY"], "homepage": "https://p.example/",
    "billing_increment": "per-minute",
    "facts": {"source": "s", "sources": [["kubernetes", "s"]], "minimum_charge": "1 min",
      "free_tier": "f", "kubernetes": "k", "storage": "s", "framework_images": "i",
      "notebooks": "n", "cli": "c", "credits": "c", "spot": "s", "reserved": "r", "note": "n",
      "zh": [["note", "注"]]},
    "regions": [{"id": "cn-1", "name": "One", "name_zh": "一区", "area": "cn"}],
    "sources": [{"id": "s", "title": "S", "url": "https://p.example/prices",
      "kind": "third-party", "date": "~2025"}],
    "retired": [{"id": "old", "merged_into": "o", "date": "2026-12-05", "note": "n"}]}],
  "accelerators": [{"id": "a", "vendor": "AWS", "model": "A", "variant": "V",
    "form_factor": "module", "architecture": "X", "release_year": 2024, "memory_type": "HBM3",
    "specs": {"memory_gb": 80, "memory_bandwidth_gbs": 1, "fp32_tflops": 1, "fp16_tflops": 1,
      "bf16_tflops": 1, "fp8_tflops": 1, "int8_tops": 1, "tdp_w": 700, "interconnect_gbs": 1},
    "sources": ["s"], "spec_sources": [["tdp_w", "s"]], "note": "n"}],
  "accelerator_sources": [{"id": "s", "title": "S", "url": "https://x.example/",
    "kind": "community", "date": "2026-03-04"}],
  "offers": [{"id": "p/o", "provider": "p", "instance": "o", "accelerator": "a", "count": 0.5,
    "vcpus": 8, "ram_gb": 64, "interconnect": "nvswitch", "network": "IB", "network_zh": "IB",
    "multi_node": true, "source": "s", "note": "n", "note_zh": "注",
    "prices": [{"region": "cn-1", "term": "reserved-1y", "amount": 1.5, "amount_high": 2.5,
      "currency": "CNY", "unit": "instance-term", "billing": "per-month", "as_of": "~2025-06",
      "source": "s", "confidence": "low", "note": "n",
      "live": {"available": {"count": 3, "as_of": "2026-12-01", "source": "s", "note": "n"},
        "interruption": {"band": "5-10%", "as_of": "2026-12-01", "source": "s", "note": "n"}}}]}],
  "fx": [{"date": "2026-01", "base": "EUR", "quote": "CNY", "rate": 7.9,
    "source_title": "ECB", "source_url": "https://ecb.example/"}],
  "built_on": "2026-12-02",
  "history": {"start": "2026-12-01", "version": "2026-12-02", "prices": [{"offer": "p/o",
    "region": "cn-1", "term": "reserved-1y", "values": [{"p": 1.5, "h": 2.5, "c": "CNY",
      "u": "instance-term", "a": "~2025-06", "s": "s", "r": "2026-12-01"}]}]}
}"#;

/// What serde writes back for a catalog file.
fn rewritten(json: &str) -> String {
    let catalog = bundled::decode(json).expect("the hand-made catalog decodes");
    serde_json::to_string(&catalog).expect("serialises")
}

#[test]
fn schema_requires_what_serde_always_writes_and_describes_what_it_may() {
    let errors = check(&rewritten(MINIMAL), Keys::OnlyRequired);
    assert!(errors.is_empty(), "minimal:\n{}", errors.join("\n"));
    let errors = check(&rewritten(FULL), Keys::All);
    assert!(errors.is_empty(), "full:\n{}", errors.join("\n"));
}

#[test]
fn schema_rejects_what_the_engine_would_not_write() {
    let mut broken: Value = serde_json::from_str(&rewritten(FULL)).expect("JSON");
    broken["offers"][0]["prices"][0]["term"] = "hourly".into();
    broken["offers"][0]["prices"][0]["amount"] = "1.5".into();
    broken["offers"][0]["extra"] = 1.into();
    let root = schema_value();
    let mut errors = Vec::new();
    walk(&root, &root, &broken, "", Keys::Described, &mut errors);
    assert_eq!(errors.len(), 3, "{errors:#?}");
}

#[test]
fn schema_is_draft_2020_12_and_its_id_names_the_v1_url() {
    let root = schema_value();
    assert_eq!(
        root["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(root["$id"], schema::TAG_ID);
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let published: Value = serde_json::from_str(text(&files, CATALOG_SCHEMA)).expect("JSON");
    assert_eq!(
        published["$id"],
        format!("{ORIGIN}data/v1/catalog.schema.json")
    );
    // Apart from its id, the published schema is the kept one.
    let mut without_id = published.clone();
    without_id["$id"] = root["$id"].clone();
    assert_eq!(without_id, root);
}

// ---------------------------------------------------------------------------------------
// offers.csv

#[test]
fn offers_csv_has_one_dated_sourced_row_per_price() {
    let catalog = real_catalog();
    let files = render(&catalog, None, &[]);
    let mut reader = csv::Reader::from_reader(text(&files, OFFERS_CSV).as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(String::from)
        .collect();
    assert_eq!(header, offers_csv::COLUMNS);
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
    let prices: Vec<_> = catalog
        .offers
        .iter()
        .flat_map(|o| o.prices.iter().map(move |p| (o, p)))
        .collect();
    assert_eq!(rows.len(), prices.len());
    assert!(rows.len() > 1000, "{} rows", rows.len());

    let amount =
        |cell: &str| -> Option<f64> { (!cell.is_empty()).then(|| cell.parse().expect("a number")) };
    for (row, (offer, price)) in rows.iter().zip(&prices) {
        let at = format!("{} {} {:?}", offer.id, price.region, price.term);
        assert_eq!(&row[col("offer_id")], offer.id, "{at}");
        assert_eq!(&row[col("region")], &*price.region, "{at}");
        assert!(
            row[col("source_url")].starts_with("http"),
            "{at}: no source URL"
        );
        assert!(
            !row[col("source_title")].is_empty(),
            "{at}: no source title"
        );
        assert!(!row[col("source_kind")].is_empty(), "{at}: no source kind");
        assert_eq!(AsOf::parse(&row[col("as_of")]), Ok(price.as_of), "{at}");
        assert_eq!(amount(&row[col("price")]), price.amount, "{at}");
        assert_eq!(amount(&row[col("price_high")]), price.amount_high, "{at}");
        assert_eq!(&row[col("currency")], price.currency.code(), "{at}");
        // Per accelerator-hour: known exactly when the price and the accelerators are.
        let per_gpu = amount(&row[col("price_per_accelerator_hour")]);
        assert_eq!(
            per_gpu.is_some(),
            price.amount.is_some() && offer.accelerator.is_some(),
            "{at}: {per_gpu:?}"
        );
        if let (Some(per_gpu), Some(exact)) =
            (per_gpu, offers_csv::per_accelerator_hour(offer, price))
        {
            assert!(
                (per_gpu - exact).abs() <= 5e-11,
                "{at}: {per_gpu} vs {exact}"
            );
        }
    }
    // Estimated dates keep their marker.
    assert!(rows.iter().any(|r| r[col("as_of")].starts_with('~')));
}

#[test]
fn per_accelerator_hour_spreads_units_as_the_engine_does() {
    let catalog = bundled::decode(FULL).expect("decodes");
    let offer = &catalog.offers[0];
    // 1.5 for a 1-year term of an instance with half an accelerator.
    let per_gpu = offers_csv::per_accelerator_hour(offer, &offer.prices[0]).expect("known");
    assert!((per_gpu - 1.5 / 8_760.0 / 0.5).abs() < 1e-12, "{per_gpu}");
}

// ---------------------------------------------------------------------------------------
// The feed

const HOSTILE: &str = "Evil <script>alert(\"x\")</script> & Co ]]> '";

/// A provider with a hostile name: one price moved (2.44 → 2.10), one arrived with it, one
/// was seeded and never moved, one was cleared, one moved only in how its number is written.
fn small_world() -> (Catalog, Vec<HistoryFile>) {
    let catalog = format!(
        r#"{{
  "providers": [{{"id": "evil", "name": {name}, "category": "gpu-cloud", "currencies": ["USD"],
    "homepage": "https://evil.example/",
    "regions": [{{"id": "global", "name": "Global", "area": "global"}}],
    "sources": [
      {{"id": "old", "title": "Old list <b>", "url": "https://evil.example/old?a=1&b=2", "kind": "community"}},
      {{"id": "new", "title": "New & improved", "url": "https://evil.example/new", "kind": "vendor"}}]}}],
  "accelerators": [{{"id": "h100", "vendor": "NVIDIA", "model": "H100", "variant": "80GB",
    "form_factor": "unspecified", "sources": ["s"]}}],
  "accelerator_sources": [{{"id": "s", "title": "S", "url": "https://x.example/", "kind": "vendor"}}],
  "offers": [
    {{"id": "evil/h100-x1", "provider": "evil", "instance": "1x H100", "accelerator": "h100",
      "count": 1, "source": "new", "prices": [{{"region": "global", "term": "on-demand",
      "amount": 2.1, "currency": "USD", "unit": "accelerator-hour", "as_of": "2026-03-22",
      "source": "new", "confidence": "high"}}]}},
    {{"id": "evil/h100-x8", "provider": "evil", "instance": "8x H100", "accelerator": "h100",
      "count": 8, "source": "new", "prices": [{{"region": "global", "term": "on-demand",
      "amount": 16, "currency": "USD", "unit": "instance-hour", "as_of": "2026-03-22",
      "source": "new", "confidence": "high"}}]}},
    {{"id": "evil/a100-x1", "provider": "evil", "instance": "1x A100", "count": 1,
      "source": "old", "prices": [{{"region": "global", "term": "on-demand", "amount": 1.4,
      "currency": "USD", "unit": "accelerator-hour", "as_of": "2025-05-29", "source": "old",
      "confidence": "low"}}, {{"region": "global", "term": "spot", "currency": "USD",
      "unit": "accelerator-hour", "as_of": "2025-05-29", "source": "old", "confidence": "low",
      "note": "cleared: <not below on-demand>"}}]}}],
  "fx": []
}}"#,
        name = serde_json::Value::String(HOSTILE.into())
    );
    let catalog = bundled::decode(catalog).expect("the small catalog decodes");
    let history = HistoryFile::parse(
        "evil",
        "offer,region,term,price,price_high,currency,unit,as_of,source\n\
         h100-x1,global,on-demand,2.44,,USD,accelerator-hour,2025-05-30,old\n\
         a100-x1,global,on-demand,1.40,,USD,accelerator-hour,2025-05-29,old\n\
         a100-x1,global,spot,0.90,,USD,accelerator-hour,2025-05-29,old\n\
         h100-x1,global,on-demand,2.10,,USD,accelerator-hour,2026-03-22,new\n\
         h100-x8,global,on-demand,16,,USD,instance-hour,2026-03-22,new\n\
         a100-x1,global,on-demand,1.4,,USD,accelerator-hour,2026-04-01,old\n",
    )
    .expect("the small history parses");
    (catalog, vec![history])
}

/// A small XML well-formedness check: balanced tags, quoted attributes, known entities only,
/// one root element.
fn well_formed(xml: &str) -> Result<(), String> {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = body;
    let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"];
    let check_text = |text: &str| -> Result<(), String> {
        for (i, _) in text.match_indices('&') {
            if !entities.iter().any(|e| text[i..].starts_with(e)) {
                return Err(format!("bare & in {:?}", &text[i..text.len().min(i + 20)]));
            }
        }
        Ok(())
    };
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open])?;
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        if tag.contains('<') {
            return Err(format!("'<' inside tag {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().ok_or("close without open")?;
            if top != name {
                return Err(format!("</{name}> closes <{top}>"));
            }
        } else {
            let self_closing = tag.ends_with('/');
            let inner = tag.trim_end_matches('/');
            let name = inner.split_whitespace().next().ok_or("empty tag")?;
            let attributes = &inner[name.len()..];
            if attributes.matches('"').count() % 2 != 0 {
                return Err(format!("unbalanced quotes in <{tag}>"));
            }
            check_text(attributes)?;
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name);
            }
        }
        rest = &rest[close + 1..];
    }
    check_text(rest)?;
    if !stack.is_empty() || roots != 1 {
        return Err(format!("open at the end: {stack:?}, {roots} roots"));
    }
    Ok(())
}

/// The feed's entries as (id, updated, content text unescaped once).
fn entries(feed: &str) -> Vec<(String, String, String)> {
    let between = |s: &str, a: &str, b: &str| -> String {
        let start = s.find(a).map(|i| i + a.len()).unwrap_or(0);
        let end = s[start..].find(b).map(|i| i + start).unwrap_or(s.len());
        s[start..end].to_string()
    };
    let unescape = |s: &str| {
        s.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    };
    feed.split("<entry>")
        .skip(1)
        .map(|e| {
            (
                between(e, "<id>", "</id>"),
                between(e, "<updated>", "</updated>"),
                unescape(&between(e, "<content type=\"html\">", "</content>")),
            )
        })
        .collect()
}

#[test]
fn feed_escapes_a_hostile_provider_and_stays_well_formed() {
    let (catalog, history) = small_world();
    let files = render(&catalog, None, &history);
    let feed = text(&files, CHANGES_ATOM);
    well_formed(feed).unwrap_or_else(|e| panic!("{e}\n{feed}"));
    assert!(
        !feed.contains("<script>") && !feed.contains("]]>"),
        "{feed}"
    );
    // In the title, escaped once as XML text; in the HTML content, escaped as HTML and again.
    assert!(
        feed.contains(
            "<title>Evil &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co ]]&gt; &#39;: "
        ),
        "{feed}"
    );
    assert!(feed.contains("Evil &amp;lt;script&amp;gt;"), "{feed}");
    for (_, _, html) in entries(feed) {
        assert!(!html.contains("<script>"), "{html}");
        assert!(
            !html.contains("<b>"),
            "a source title became markup: {html}"
        );
    }
    // The escaper drops characters XML cannot carry.
    assert_eq!(atom::escape("a\u{0}b\u{1b}c\td"), "abc\td");
}

#[test]
fn feed_shows_old_and_new_values_with_dates_and_sources() {
    let (catalog, history) = small_world();
    let files = render(&catalog, Some(ORIGIN), &history);
    let feed = text(&files, CHANGES_ATOM);
    let entries = entries(feed);
    let day = entries
        .iter()
        .find(|(id, _, _)| id == "tag:gpu-atlas,2026:changes/evil/2026-03-22")
        .unwrap_or_else(|| panic!("no entry for the day of the change:\n{feed}"));
    assert_eq!(day.1, "2026-03-22T00:00:00Z");
    let html = &day.2;
    assert!(
        html.contains("h100-x1 · global · on-demand: <del>2.44 USD/accelerator-hour</del> (2025-05-30, <a href=\"https://evil.example/old?a=1&amp;b=2\">Old list &lt;b&gt;</a>) → <ins>2.10 USD/accelerator-hour</ins> (2026-03-22, <a href=\"https://evil.example/new\">New &amp; improved</a>)"),
        "{html}"
    );
    // The 8x price arrived in the same pull (same day, same source): new, not baseline.
    assert!(
        html.contains("<h3>New</h3><ul><li>h100-x8 · global · on-demand: 16 USD/instance-hour"),
        "{html}"
    );
    // 1.40 rewritten as 1.4 is the same price: no entry for 2026-04-01.
    assert!(!feed.contains("changes/evil/2026-04-01"), "{feed}");
    // Links are absolute when the origin is known.
    assert!(
        feed.contains(&format!("href=\"{ORIGIN}provider/evil/\"")),
        "{feed}"
    );
    assert!(feed.contains(&format!(
        "rel=\"self\" type=\"application/atom+xml\" href=\"{ORIGIN}data/changes.atom\""
    )));
}

#[test]
fn feed_treats_the_seeding_as_one_baseline_entry() {
    let (catalog, history) = small_world();
    let feed_files = render(&catalog, None, &history);
    let entries = entries(text(&feed_files, CHANGES_ATOM));
    let ids: Vec<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(
        ids,
        [
            "tag:gpu-atlas,2026:changes/baseline",
            "tag:gpu-atlas,2026:changes/evil/no-longer-priced",
            "tag:gpu-atlas,2026:changes/evil/2026-03-22",
        ],
        "{entries:#?}"
    );
    let baseline = &entries[0];
    assert_eq!(baseline.1, "2026-12-01T00:00:00Z");
    // h100-x1's first value and both a100 prices were seeded: baseline, never listed as
    // changes or new.
    assert!(
        baseline
            .2
            .contains("3 first values of 1 provider are baseline"),
        "{}",
        baseline.2
    );
    assert!(!entries[2].2.contains("a100-x1"), "{}", entries[2].2);
    // The spot price the catalog cleared is no longer priced, with its last value and why.
    let unpriced = &entries[1];
    assert!(
        unpriced
            .2
            .contains("a100-x1 · global · spot: last 0.90 USD/accelerator-hour (2025-05-29, "),
        "{}",
        unpriced.2
    );
    assert!(
        unpriced
            .2
            .contains("now unknown: cleared: &lt;not below on-demand&gt;"),
        "{}",
        unpriced.2
    );
    // Dated by the provider's newest observation, not the build.
    assert_eq!(unpriced.1, "2026-04-01T00:00:00Z");
}

#[test]
fn feed_is_the_same_on_every_build_and_dated_by_the_data() {
    let (mut catalog, history) = small_world();
    let first = render(&catalog, None, &history);
    catalog.built_on = Some(AsOf::day(2099, 7, 7));
    let second = render(&catalog, None, &history);
    assert_eq!(text(&first, CHANGES_ATOM), text(&second, CHANGES_ATOM));
    assert!(!text(&second, CHANGES_ATOM).contains("2099"));
}

#[test]
fn real_history_makes_a_feed_of_changes_not_of_the_seed() {
    let catalog = real_catalog();
    let history = real_history();
    assert!(history.len() > 30, "{} history files", history.len());
    let observations: usize = history.iter().map(|h| h.observations.len()).sum();
    let found = changes::of(&catalog, &history);
    let moved: usize = found.days.iter().map(|d| d.moved.len()).sum();
    let added: usize = found.days.iter().map(|d| d.added.len()).sum();
    // Every observation is a move, a new price, a baseline value, or repeats a value in
    // another spelling (1.50 for 1.5), which is none of them.
    assert!(moved + added + found.baseline_prices <= observations);
    assert!(
        found.baseline_prices > moved + added,
        "the seed is most of the history"
    );
    assert!(
        moved > 0 && moved < observations / 4,
        "{moved} of {observations}"
    );
    // No entry is a provider's seeding alone: each day has a move.
    assert!(found.days.iter().all(|d| !d.moved.is_empty()));

    let files = render(&catalog, None, &history);
    let feed = text(&files, CHANGES_ATOM);
    well_formed(feed).unwrap_or_else(|e| panic!("{e}"));
    let entries = entries(feed);
    let ids: BTreeSet<&str> = entries.iter().map(|e| e.0.as_str()).collect();
    assert_eq!(ids.len(), entries.len(), "ids are unique");
    assert!(ids.contains("tag:gpu-atlas,2026:changes/baseline"));
    // Stable: a second render is the same bytes.
    let again = render(&catalog, None, &history);
    assert_eq!(feed, text(&again, CHANGES_ATOM));
}

#[test]
fn history_is_read_by_column_name_and_errors_name_the_row() {
    // Columns in another order, and one more, still read.
    let file = HistoryFile::parse(
        "x",
        "source,as_of,offer,region,term,price,price_high,currency,unit,recorded_on\n\
         s,2026-01,o,global,spot,1,,USD,instance-hour,2026-12-01\n",
    )
    .expect("reads");
    assert_eq!(file.observations[0].as_of.to_string(), "2026-01");
    assert_eq!(file.observations[0].offer, "o");

    let err = HistoryFile::parse(
        "x",
        "offer,region,term,price,price_high,currency,unit,as_of,source\n\
         o,global,spot,1,,USD,instance-hour,2026-01,s\n\
         o,global,spot,2,,USD,instance-hour,soon,s\n",
    )
    .expect_err("a bad date");
    assert!(err.contains("history/x.csv: row 3: as_of"), "{err}");
    let err = HistoryFile::parse("x", "offer,region\n").expect_err("columns missing");
    assert!(err.contains("no column \"term\""), "{err}");

    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("no-such-history");
    let err = open_data::read_history(&missing).expect_err("missing folder");
    assert!(err.contains("no-such-history"), "{err}");
}

// ---------------------------------------------------------------------------------------
// llms.txt

#[test]
fn llms_txt_links_the_app_the_files_and_every_page() {
    let catalog = real_catalog();
    for origin in [None, Some(ORIGIN)] {
        let files = render(&catalog, origin, &[]);
        let txt = text(&files, LLMS_TXT);
        assert!(txt.starts_with("# GPU Atlas\n\n> "), "{txt}");
        let prefix = origin.unwrap_or("");
        for path in [CATALOG_JSON, CATALOG_SCHEMA, OFFERS_CSV, CHANGES_ATOM] {
            assert!(txt.contains(&format!("]({prefix}{path})")), "{path}");
        }
        assert!(
            txt.contains(&format!("]({})", origin.unwrap_or("./"))),
            "the app"
        );
        // A link to the page of every accelerator and provider that has an offer (the pages
        // module writes those), and to no other.
        for a in &catalog.accelerators {
            let offered = catalog
                .offers
                .iter()
                .any(|o| o.accelerator.as_ref() == Some(&a.id));
            let link = format!("]({prefix}gpu/{}/)", a.id);
            assert_eq!(txt.contains(&link), offered, "{}", a.id);
        }
        for p in &catalog.providers {
            let offered = catalog.offers.iter().any(|o| o.provider == p.id);
            let link = format!("]({prefix}provider/{}/)", p.id);
            assert_eq!(txt.contains(&link), offered, "{}", p.id);
        }
        assert!(txt.contains(&format!("]({prefix}gpu/)")));
        assert!(txt.contains(&format!("]({prefix}provider/)")));
        for section in [
            "## App",
            "## Data (format v1)",
            "## Citing",
            "## Accelerators",
            "## Providers",
        ] {
            assert!(txt.contains(section), "{section}");
        }
        assert_eq!(
            txt.contains("relative to the site's root"),
            origin.is_none(),
            "says when its links are relative"
        );
    }
}

// ---------------------------------------------------------------------------------------
// api-prices.json, its schema, and api-prices.csv (the hosted-API catalog, issue 29)

fn real_api() -> engine::catalog::api_prices::ApiCatalog {
    bundled::api_catalog().expect("the bundled API catalog decodes")
}

#[test]
fn api_prices_json_is_the_engines_file_and_reads_back() {
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let json = text(&files, API_PRICES_JSON);
    assert_eq!(
        json,
        bundled::API_PRICES_JSON,
        "the bytes the engine embeds"
    );
    assert_eq!(bundled::decode_api(json).expect("decodes"), real_api());
}

#[test]
fn api_schema_describes_every_key_of_the_real_file() {
    let errors = check_against(
        api_prices_json::SCHEMA,
        bundled::API_PRICES_JSON,
        Keys::Described,
    );
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// A hosted-API catalog with every optional field left out.
const API_MINIMAL: &str = r#"{
  "models": [{"id": "m", "name": "M", "maker": "X", "family": "F", "open_weights": false,
    "source": "card"}],
  "model_sources": [{"id": "card", "title": "Card", "url": "https://x.example/m", "kind": "vendor"}],
  "providers": [{"id": "p", "name": "P", "category": "inference", "homepage": "https://p.example/"}],
  "price_sources": [{"id": "s", "title": "S", "url": "https://p.example/prices", "kind": "vendor"}],
  "prices": [{"model": "m", "provider": "p", "provider_model": "x/m", "currency": "USD",
    "as_of": "2026-05", "source": "s", "confidence": "high"}]
}"#;

/// The same with every optional field set.
const API_FULL: &str = r#"{
  "models": [{"id": "m", "name": "M", "maker": "X", "family": "F", "architecture": "moe",
    "params_b": 109, "active_params_b": 17, "context_tokens": 131072, "open_weights": true,
    "released": "2025-04-05", "source": "card", "note": "16 experts"}],
  "model_sources": [{"id": "card", "title": "Card", "url": "https://x.example/m",
    "kind": "vendor", "date": "2025-04"}],
  "providers": [{"id": "p", "name": "P", "category": "model-maker",
    "homepage": "https://p.example/", "gpu_provider": "p"}],
  "price_sources": [{"id": "s", "title": "S", "url": "https://p.example/prices",
    "kind": "aggregator", "date": "~2026"}],
  "prices": [{"model": "m", "provider": "p", "provider_model": "x/m", "input": 0.2,
    "output": 0.6, "cached_input": 0.05, "batch_input": 0.1, "batch_output": 0.3,
    "currency": "EUR", "quantization": "nvfp4", "context_tokens": 65536,
    "as_of": "2026-05-15", "source": "s", "confidence": "low", "note": "n"}]
}"#;

fn api_rewritten(json: &str) -> String {
    let api = bundled::decode_api(json).expect("the hand-made API catalog decodes");
    serde_json::to_string(&api).expect("serialises")
}

#[test]
fn api_schema_requires_what_serde_always_writes_and_rejects_the_rest() {
    let schema = api_prices_json::SCHEMA;
    let errors = check_against(schema, &api_rewritten(API_MINIMAL), Keys::OnlyRequired);
    assert!(errors.is_empty(), "minimal:\n{}", errors.join("\n"));
    let errors = check_against(schema, &api_rewritten(API_FULL), Keys::All);
    assert!(errors.is_empty(), "full:\n{}", errors.join("\n"));

    let mut broken: Value = serde_json::from_str(&api_rewritten(API_FULL)).expect("JSON");
    broken["prices"][0]["input"] = "0.2".into();
    broken["prices"][0]["quantization"] = "q4_k_m".into();
    broken["models"][0]["open_weights"] = "yes".into();
    broken["providers"][0]["extra"] = 1.into();
    let errors = check_against(schema, &broken.to_string(), Keys::Described);
    assert_eq!(errors.len(), 4, "{errors:#?}");
}

#[test]
fn api_schema_is_draft_2020_12_and_its_id_names_the_v1_url() {
    let kept: Value = serde_json::from_str(api_prices_json::SCHEMA).expect("JSON");
    assert_eq!(
        kept["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(kept["$id"], api_prices_json::TAG_ID);
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let published: Value = serde_json::from_str(text(&files, API_PRICES_SCHEMA)).expect("JSON");
    assert_eq!(published["$id"], format!("{ORIGIN}{API_PRICES_SCHEMA}"));
    let mut without_id = published.clone();
    without_id["$id"] = kept["$id"].clone();
    assert_eq!(without_id, kept);
    // Without the origin, the kept file as it is.
    let files = render(&catalog, None, &[]);
    assert_eq!(text(&files, API_PRICES_SCHEMA), api_prices_json::SCHEMA);
}

/// `catalog/api/prices.csv` read as plain CSV: the file the published rows must match, read
/// without the engine.
fn api_source_rows() -> Vec<std::collections::HashMap<String, String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/api/prices.csv");
    let mut reader = csv::Reader::from_path(&path).expect("catalog/api/prices.csv");
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(String::from)
        .collect();
    reader
        .records()
        .map(|r| {
            let r = r.expect("row");
            header
                .iter()
                .cloned()
                .zip(r.iter().map(|c| c.trim().to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn api_prices_csv_has_a_row_per_price_matching_the_catalog_files() {
    let catalog = real_catalog();
    let files = render(&catalog, None, &[]);
    let mut reader = csv::Reader::from_reader(text(&files, API_PRICES_CSV).as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(String::from)
        .collect();
    assert_eq!(header, api_prices_csv::COLUMNS);
    let rows: Vec<std::collections::HashMap<String, String>> = reader
        .records()
        .map(|r| {
            let r = r.expect("row");
            header
                .iter()
                .cloned()
                .zip(r.iter().map(String::from))
                .collect()
        })
        .collect();
    let source = api_source_rows();
    assert_eq!(
        rows.len(),
        source.len(),
        "one row per row of catalog/api/prices.csv"
    );
    assert!(rows.len() > 150, "{} rows", rows.len());

    let models = api_source_models();
    let number =
        |cell: &str| -> Option<f64> { (!cell.is_empty()).then(|| cell.parse().expect("a number")) };
    let mut unstated_cache = 0;
    for (row, file) in rows.iter().zip(&source) {
        let at = format!("{} at {}", file["model"], file["provider"]);
        assert_eq!(row["model_id"], file["model"], "{at}");
        assert_eq!(row["provider_id"], file["provider"], "{at}");
        assert_eq!(row["provider_model"], file["provider_model"], "{at}");
        for (column, cell) in [
            ("input_per_million", "input"),
            ("output_per_million", "output"),
            ("cached_input_per_million", "cached_input"),
            ("batch_input_per_million", "batch_input"),
            ("batch_output_per_million", "batch_output"),
        ] {
            // The same number, and unknown stays empty: never written as 0.
            assert_eq!(number(&row[column]), number(&file[cell]), "{at}: {column}");
            assert_ne!(row[column], "0", "{at}: {column}");
        }
        unstated_cache += usize::from(row["cached_input_per_million"].is_empty());
        for column in [
            "currency",
            "quantization",
            "context_tokens",
            "as_of",
            "confidence",
        ] {
            assert_eq!(row[column], file[column], "{at}: {column}");
        }
        assert_eq!(row["source_id"], file["source"], "{at}");
        assert_eq!(row["note"], file["note"], "{at}");
        assert!(
            row["source_url"].starts_with("https://"),
            "{at}: no source URL"
        );
        assert!(!row["source_title"].is_empty(), "{at}: no source title");
        assert!(!row["source_kind"].is_empty(), "{at}: no source kind");
        // The model's facts, from models.toml read apart.
        let model = &models[&file["model"]];
        let size = |key: &str| {
            model.get(key).map(|v| {
                v.as_float()
                    .or(v.as_integer().map(|i| i as f64))
                    .expect(key)
            })
        };
        assert_eq!(
            Some(row["model_name"].as_str()),
            model["name"].as_str(),
            "{at}"
        );
        assert_eq!(Some(row["maker"].as_str()), model["maker"].as_str(), "{at}");
        assert_eq!(number(&row["params_b"]), size("params_b"), "{at}");
        assert_eq!(
            number(&row["active_params_b"]),
            size("active_params_b"),
            "{at}"
        );
        assert_eq!(
            row["open_weights"],
            model["open_weights"]
                .as_bool()
                .expect("open_weights")
                .to_string(),
            "{at}"
        );
        assert!(!row["provider_name"].is_empty(), "{at}: no provider name");
    }
    assert!(
        unstated_cache > 50,
        "{unstated_cache} rows state no cached price"
    );

    // One row in full: Llama 3.1 70B at OpenRouter, its figures as the catalog files state.
    let (row, file) = rows
        .iter()
        .zip(&source)
        .find(|(r, _)| r["model_id"] == "llama-3.1-70b" && r["provider_id"] == "openrouter")
        .expect("OpenRouter serves Llama 3.1 70B");
    assert_eq!(row["model_name"], "Llama 3.1 70B Instruct");
    assert_eq!(row["maker"], "Meta");
    assert_eq!(row["architecture"], "dense");
    assert_eq!(row["params_b"], "70.6");
    assert_eq!(
        row["active_params_b"], "",
        "a dense model states no active part"
    );
    assert_eq!(row["open_weights"], "true");
    assert_eq!(row["provider_name"], "OpenRouter");
    assert_eq!(row["input_per_million"], file["input"]);
    assert_eq!(
        row["cached_input_per_million"], "",
        "OpenRouter states no cached price"
    );
    assert_eq!(row["currency"], "USD");
    assert!(row["model_source_url"].starts_with("https://huggingface.co/meta-llama/"));
}

/// `catalog/api/models.toml`'s models by id, read as plain TOML, apart from the engine.
fn api_source_models() -> std::collections::HashMap<String, toml::Table> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/api/models.toml");
    let text = std::fs::read_to_string(path).expect("models.toml");
    let file: toml::Table = text.parse().expect("models.toml is TOML");
    file["model"]
        .as_array()
        .expect("[[model]] tables")
        .iter()
        .filter_map(|m| {
            let m = m.as_table()?.clone();
            Some((m["id"].as_str()?.to_string(), m))
        })
        .collect()
}

#[test]
fn llms_txt_lists_the_api_files_and_every_model_page() {
    let catalog = real_catalog();
    let api = real_api();
    for origin in [None, Some(ORIGIN)] {
        let files = render(&catalog, origin, &[]);
        let txt = text(&files, LLMS_TXT);
        let prefix = origin.unwrap_or("");
        for path in [API_PRICES_JSON, API_PRICES_SCHEMA, API_PRICES_CSV] {
            assert!(txt.contains(&format!("]({prefix}{path})")), "{path}");
        }
        assert!(txt.contains("## Models"));
        assert!(txt.contains(&format!("]({prefix}model/)")));
        for m in &api.models {
            let link = format!("]({prefix}model/{}/)", m.id);
            assert_eq!(txt.contains(&link), m.open_weights, "{}", m.id);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The small answers: market.json and data/v1/gpu/<id>.json

/// `json` walked against one `$defs` entry of the answers' kept schema.
fn check_answer(def: &str, json: &str) -> Vec<String> {
    let root: Value = serde_json::from_str(answers_json::SCHEMA).expect("the schema is JSON");
    let value: Value = serde_json::from_str(json).expect("JSON");
    let mut errors = Vec::new();
    let schema = serde_json::json!({ "$ref": format!("#/$defs/{def}") });
    walk(&root, &schema, &value, "", Keys::Described, &mut errors);
    errors
}

#[test]
fn every_small_answer_is_described_by_its_schema() {
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let mut checked = 0;
    for file in &files {
        let def = if file.path == MARKET_JSON {
            "market"
        } else if file.path.starts_with("data/v1/gpu/") {
            "gpu"
        } else {
            continue;
        };
        let errors = check_answer(def, text(&files, &file.path));
        assert!(errors.is_empty(), "{}:\n{}", file.path, errors.join("\n"));
        checked += 1;
    }
    assert!(checked > 50, "{checked} answers checked");
    let schema: Value = serde_json::from_str(text(&files, ANSWERS_SCHEMA)).unwrap();
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(schema["$id"], format!("{ORIGIN}{ANSWERS_SCHEMA}"));
}

#[test]
fn the_answers_schema_rejects_a_price_as_text_a_missing_date_and_an_unknown_key() {
    let catalog = real_catalog();
    let files = render(&catalog, None, &[]);
    let good: Value = serde_json::from_str(text(&files, &gpu_json("h100-sxm5-80gb"))).unwrap();
    assert!(check_answer("gpu", &good.to_string()).is_empty());
    let broken = |change: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        change(&mut v);
        check_answer("gpu", &v.to_string())
    };
    assert!(!broken(&|v| v["cheapest_on_demand"][0]["price"] = "2.99".into()).is_empty());
    assert!(!broken(&|v| {
        v["cheapest_on_demand"][0]
            .as_object_mut()
            .unwrap()
            .remove("as_of");
    })
    .is_empty());
    assert!(!broken(&|v| v["everywhere"]["guess"] = 1.into()).is_empty());
    assert!(!broken(&|v| v["cheapest_on_demand"][0]["as_of"] = "last week".into()).is_empty());
}

#[test]
fn the_h100_file_is_small_and_agrees_with_the_market_file_and_the_engine() {
    use std::io::Write as _;
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let h100 = text(&files, &gpu_json("h100-sxm5-80gb"));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(h100.as_bytes()).unwrap();
    let gzipped = gz.finish().unwrap().len();
    println!(
        "h100-sxm5-80gb.json: {} bytes, {gzipped} gzipped",
        h100.len()
    );
    assert!(gzipped < 10 * 1024, "{gzipped} bytes gzipped");

    let slice: Value = serde_json::from_str(h100).unwrap();
    let market: Value = serde_json::from_str(text(&files, MARKET_JSON)).unwrap();
    let line = market["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["accelerator"]["id"] == "h100-sxm5-80gb")
        .unwrap();
    let cheapest = &slice["cheapest_on_demand"][0];
    assert_eq!(line["on_demand"]["cheapest"], *cheapest);
    assert_eq!(slice["everywhere"]["on_demand"]["cheapest"], *cheapest);
    // The engine's market on the first screen's view names the same offer at the same price.
    let site = Site::new(&catalog, "/gpu-atlas/", None, "main-test.css");
    let rows = engine::present::market::market(
        &site.explorer,
        &engine::view::state::ViewState::default(),
        &site.rates,
        &site.today,
    );
    let row = rows
        .iter()
        .find(|r| r.accelerator.id == "h100-sxm5-80gb")
        .unwrap();
    let pick = row.cheapest.as_ref().unwrap();
    assert_eq!(cheapest["offer"], pick.row.entry.offer.id.as_str());
    assert_eq!(
        cheapest["per_accelerator"].as_f64(),
        Some(pick.per_accelerator)
    );
    // Cheapest first, and none of them old.
    let prices: Vec<f64> = slice["cheapest_on_demand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["per_accelerator"].as_f64().unwrap())
        .collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    assert!(slice["cheapest_on_demand"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["freshness"] != "stale"));
}

#[test]
fn llms_txt_lists_the_small_answers_and_tells_an_agent_what_to_fetch() {
    let catalog = real_catalog();
    let files = render(&catalog, Some(ORIGIN), &[]);
    let llms = text(&files, LLMS_TXT);
    assert!(llms.contains("## For agents"));
    assert!(llms.contains(&format!("({ORIGIN}{MARKET_JSON})")));
    assert!(llms.contains(&format!("({ORIGIN}{ANSWERS_SCHEMA})")));
    assert!(llms.contains(&format!("({ORIGIN}data/v1/gpu/h100-sxm5-80gb.json)")));
    assert!(llms.contains("gpu-atlas mcp"));
}
