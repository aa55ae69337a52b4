//! The hosted-API importers: each format on its recorded copy and on damaged ones, the merge
//! rules on a small table, and every feed of `catalog/api/feeds.toml` on its recorded copy
//! against the shipped `catalog/api/`.

use std::path::{Path, PathBuf};

use catalog::{AsOf, Confidence, SourceKind};

use crate::api_quote::ApiParsed;
use crate::api_refresh::{
    merge, parse_api_feeds, read_rows, refresh, write_rows, ApiFeed, ApiOutcome,
};
use crate::feeds::parse_manifest;
use crate::formats::ApiFormat;

fn fixture(name: &str) -> String {
    let path = format!("{}/fixtures/feeds/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn repo_catalog() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog")
}

fn today() -> AsOf {
    AsOf::parse("2026-12-06").unwrap()
}

fn openrouter() -> ApiParsed {
    ApiFormat::OpenrouterModels
        .parse(&fixture("openrouter-models.json"))
        .unwrap()
}

#[test]
fn openrouter_models_reads_per_token_prices_as_per_million() {
    let parsed = openrouter();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    let skus: Vec<&str> = parsed.quotes.iter().map(|q| q.sku.as_str()).collect();
    // The free variant and the router ("-1") are not serving prices.
    assert_eq!(
        skus,
        [
            "anthropic/claude-haiku-4.5",
            "openai/gpt-oss-120b",
            "qwen/qwen3-32b",
            "meta-llama/llama-3.3-70b-instruct"
        ]
    );
    let llama = &parsed.quotes[3];
    assert_eq!((llama.input, llama.output), (Some(0.1), Some(0.32)));
    assert_eq!(llama.context_tokens, Some(131072));
    // 0.000000039 per token is 0.039 per million, not 0.039000000000000004.
    assert_eq!(parsed.quotes[1].input, Some(0.039));
    // Unknown stays unknown: no cached price stated, none read.
    assert_eq!(llama.cached_input, None);
    assert_eq!(parsed.quotes[0].cached_input, Some(0.1));
}

#[test]
fn a_damaged_item_is_named_and_the_rest_is_read() {
    let parsed = ApiFormat::OpenrouterModels
        .parse(&fixture("openrouter-models-damaged.json"))
        .unwrap();
    assert_eq!(parsed.quotes.len(), 3);
    assert_eq!(parsed.skipped.len(), 1, "{:?}", parsed.skipped);
    let problem = &parsed.skipped[0];
    assert_eq!(
        (problem.place.as_str(), problem.field.as_str()),
        ("item 5", "pricing.prompt")
    );
    assert!(problem.message.contains("zero point one"), "{problem}");
}

#[test]
fn a_document_that_is_not_the_format_fails_whole() {
    for (text, what) in [
        (fixture("error-page.html"), "line 1"),
        ("{\"models\": []}".to_string(), "no data array"),
        (String::new(), "line"),
    ] {
        let err = ApiFormat::OpenrouterModels.parse(&text).unwrap_err();
        assert!(err.to_string().contains(what), "{err}");
        assert!(
            err.to_string().contains("OpenRouter model list") || what == "line",
            "{err}"
        );
    }
    let binary = fixture_bytes("hostile-garbage.bin");
    let err = ApiFormat::OpenrouterModels
        .parse(&String::from_utf8_lossy(&binary))
        .unwrap_err();
    assert!(!err.message.is_empty());
}

fn fixture_bytes(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/fixtures/feeds/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn feed() -> ApiFeed {
    ApiFeed {
        id: "openrouter-models".into(),
        provider: "openrouter".into(),
        format: ApiFormat::OpenrouterModels,
        url: "https://openrouter.ai/api/v1/models".into(),
        source: "openrouter-models-api".into(),
        title: "OpenRouter's model list".into(),
        kind: SourceKind::Vendor,
        confidence: Confidence::High,
        sku_prefix: None,
        note: None,
    }
}

const TABLE: &str = "\
model,provider,provider_model,input,output,cached_input,batch_input,batch_output,currency,quantization,context_tokens,as_of,source,confidence,note
claude-haiku-4.5,openrouter,anthropic/claude-haiku-4.5,1,5,0.1,,,USD,,,2026-04-01,old,medium,
gpt-oss-120b,openrouter,openai/gpt-oss-120b,0.03,0.15,,,,USD,,,2026-06-27,newer,medium,
qwen3-32b,openrouter,qwen/qwen3-32b,0.08,0.28,0.04,,,USD,,,2026-05-01,old,medium,
llama-3.3-70b,openrouter,meta-llama/llama-3.3-70b-instruct,0.5,0.32,,,,USD,,,2026-05-01,old,medium,
llama-3.3-70b,groq,llama-3.3-70b-versatile,0.59,0.79,,,,USD,,,2026-05-01,old,medium,
mixtral-8x7b,openrouter,mistralai/mixtral-8x7b-instruct,0.54,0.54,,,,USD,,,2026-05-01,old,medium,
";

fn merged() -> (ApiOutcome, Vec<Vec<String>>) {
    let mut rows = read_rows(TABLE).unwrap();
    let outcome = merge(
        &feed(),
        AsOf::day(2026, 5, 15),
        &openrouter(),
        &mut rows,
        0.4,
    );
    (outcome, rows)
}

fn row<'a>(rows: &'a [Vec<String>], provider_model: &str) -> &'a [String] {
    rows.iter().find(|r| r[2] == provider_model).unwrap()
}

#[test]
fn merge_keeps_newer_rows_confirms_equal_ones_and_flags_big_moves() {
    let (outcome, rows) = merged();
    // Equal prices (Claude Haiku, and Qwen3 32B below): confirmed, now dated by the copy and
    // citing the feed.
    assert_eq!(outcome.confirmed, 2);
    let haiku = row(&rows, "anthropic/claude-haiku-4.5");
    assert_eq!(
        (&*haiku[11], &*haiku[12], &*haiku[13]),
        ("2026-05-15", "openrouter-models-api", "high")
    );
    // A row dated after the copy is kept whatever the copy says.
    assert_eq!(outcome.kept_newer, 1);
    assert_eq!(row(&rows, "openai/gpt-oss-120b")[3], "0.03");
    // 0.5 → 0.1 is −80 %: flagged, the row left exactly as it was.
    assert_eq!(outcome.flagged.len(), 1);
    assert_eq!(outcome.flagged[0].0, "meta-llama/llama-3.3-70b-instruct");
    assert!(
        outcome.flagged[0].1.contains("-80 %"),
        "{:?}",
        outcome.flagged
    );
    let llama = row(&rows, "meta-llama/llama-3.3-70b-instruct");
    assert_eq!((&*llama[3], &*llama[11]), ("0.5", "2026-05-01"));
    // Another provider's row is never touched; a row the copy lacks is reported, kept.
    assert_eq!(row(&rows, "llama-3.3-70b-versatile")[11], "2026-05-01");
    assert_eq!(outcome.gone, ["mistralai/mixtral-8x7b-instruct"]);
    assert!(
        outcome.unknown_skus.is_empty(),
        "{:?}",
        outcome.unknown_skus
    );
}

#[test]
fn merge_changes_a_price_with_the_old_value_in_the_note_and_never_erases_a_known_one() {
    let (outcome, rows) = merged();
    // qwen3-32b: same input and output, and the copy states no cached price: the row's 0.04
    // is kept (unknown never erases), so the row is confirmed, not changed.
    let qwen = row(&rows, "qwen/qwen3-32b");
    assert_eq!((&*qwen[3], &*qwen[5]), ("0.08", "0.04"));
    assert!(outcome.changed.is_empty(), "{:?}", outcome.changed);

    let mut rows = read_rows(&TABLE.replace("0.08,0.28,0.04", "0.09,0.28,0.04")).unwrap();
    let outcome = merge(
        &feed(),
        AsOf::day(2026, 5, 15),
        &openrouter(),
        &mut rows,
        0.4,
    );
    assert_eq!(outcome.changed.len(), 1);
    let qwen = row(&rows, "qwen/qwen3-32b");
    assert_eq!((&*qwen[3], &*qwen[5]), ("0.08", "0.04"));
    assert_eq!(&*qwen[14], "was 0.09/0.28 cached 0.04 (2026-05-01, old)");
    assert!(!qwen.iter().any(|cell| cell == "0"));
}

#[test]
fn a_model_the_table_does_not_list_is_reported_never_guessed() {
    let mut rows = read_rows(&TABLE.replace("qwen/qwen3-32b", "qwen/qwen3-32b-fp8")).unwrap();
    let outcome = merge(
        &feed(),
        AsOf::day(2026, 5, 15),
        &openrouter(),
        &mut rows,
        0.4,
    );
    assert_eq!(outcome.unknown_skus, ["qwen/qwen3-32b"]);
    assert!(outcome.gone.contains(&"qwen/qwen3-32b-fp8".to_string()));
}

#[test]
fn the_table_reads_and_writes_without_loss() {
    let text = std::fs::read_to_string(repo_catalog().join("api/prices.csv")).unwrap();
    assert_eq!(write_rows(&read_rows(&text).unwrap()), text);
}

#[test]
fn a_source_that_cannot_be_read_leaves_the_table_as_it_was() {
    let dir = repo_catalog();
    let before = std::fs::read_to_string(dir.join("api/prices.csv")).unwrap();
    for copy in [
        fixture("error-page.html"),
        String::new(),
        "{\"data\": []}".into(),
    ] {
        let err = refresh(&dir, &feed(), &copy, AsOf::day(2026, 5, 15), today(), 0.4).unwrap_err();
        assert!(err.starts_with("openrouter-models: "), "{err}");
    }
    let future = refresh(
        &dir,
        &feed(),
        &fixture("openrouter-models.json"),
        AsOf::day(2027, 1, 1),
        today(),
        0.4,
    )
    .unwrap_err();
    assert!(future.contains("after today"), "{future}");
    assert_eq!(
        std::fs::read_to_string(dir.join("api/prices.csv")).unwrap(),
        before
    );
}

/// Every feed of `catalog/api/feeds.toml` on its recorded copy, against the shipped table:
/// the copy reads, the refreshed table loads, each model the copy prices is a listed row
/// (a model it names that the table lacks would be reported, never added), and the copy
/// meets at least one listed price.
#[test]
fn every_api_feed_lands_on_the_listed_rows_of_its_recorded_copy() {
    let dir = repo_catalog();
    let feeds =
        parse_api_feeds(&std::fs::read_to_string(dir.join("api/feeds.toml")).unwrap()).unwrap();
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/api-feeds");
    let copies =
        parse_manifest(&std::fs::read_to_string(inputs.join("manifest.toml")).unwrap()).unwrap();
    assert!(!feeds.is_empty());
    for feed in &feeds {
        let copy = copies
            .iter()
            .find(|c| c.feed == feed.id)
            .unwrap_or_else(|| panic!("{}: no recorded copy in api-feeds/manifest.toml", feed.id));
        let text = std::fs::read_to_string(inputs.join(&copy.file)).unwrap();
        let as_of = AsOf::parse(&copy.as_of).unwrap();
        let done =
            refresh(&dir, feed, &text, as_of, today(), 0.4).unwrap_or_else(|e| panic!("{e}"));
        let o = &done.outcome;
        assert!(
            o.unknown_skus.is_empty(),
            "{}: {:?}",
            feed.id,
            o.unknown_skus
        );
        assert!(o.flagged.is_empty(), "{}: {:?}", feed.id, o.flagged);
        assert!(
            o.touched() || o.kept_newer > 0,
            "{}: met no listed price",
            feed.id
        );
    }
}
