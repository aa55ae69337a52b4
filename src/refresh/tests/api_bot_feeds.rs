//! The bot's hosted-API path, offline: the feeds of `catalog/api/feeds.toml` run by
//! [`run_api`] on a copy of the shipped `catalog/api/`, with local files standing in for the
//! downloads (as `bot_feeds` does for the GPU feeds). A copy that reads writes a table that
//! loads and cites the feed's source, re-dated to what was read; a damaged copy or a failed
//! download changes no file and is named in the report.

use std::fs;
use std::path::{Path, PathBuf};

use catalog::api_prices::{load_api, ApiFiles};
use catalog::{AsOf, SourceKind};

use crate::api_report::render;
use crate::api_run::{run_api, ApiRun, ApiSettings, ApiStatus};
use crate::run::today;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch catalog holding a copy of the shipped `api/`, so a run may write into it.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpu-atlas-api-bot-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("api")).unwrap();
    for file in ["models.toml", "providers.toml", "prices.csv", "feeds.toml"] {
        fs::copy(
            crate_dir().join("../../catalog/api").join(file),
            dir.join("api").join(file),
        )
        .unwrap();
    }
    dir
}

/// An inputs folder as scripts/refresh.sh leaves it: `file` (if any) copied in as the feed's
/// download, and a manifest entry dated by the download day, citing the address read.
fn downloaded(name: &str, copy: Option<&[u8]>, url: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gpu-atlas-api-inputs-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let mut manifest = String::from("# Written by the test, as scripts/refresh.sh writes it.\n");
    if let Some(bytes) = copy {
        fs::write(dir.join("openrouter-models.json"), bytes).unwrap();
        manifest.push_str(&format!(
            "\n[[copy]]\nfeed = \"openrouter-models\"\nfile = \"openrouter-models.json\"\nas_of = \"{}\"\nurl = \"{url}\"\n",
            today()
        ));
    }
    fs::write(dir.join("manifest.toml"), manifest).unwrap();
    dir
}

fn recorded_copy() -> Vec<u8> {
    fs::read(crate_dir().join("fixtures/feeds/openrouter-models.json")).unwrap()
}

fn run_on(catalog: &Path, inputs: &Path) -> ApiRun {
    run_api(&ApiSettings {
        catalog: catalog.to_path_buf(),
        inputs: inputs.to_path_buf(),
        feeds: None,
        today: today(),
        threshold: 0.4,
        only: vec![],
    })
    .unwrap()
}

/// The feed's `[[source]]` in the written providers file: (url, date), always a vendor's.
fn source_of(catalog: &Path, id: &str) -> (String, Option<AsOf>) {
    let files = ApiFiles::read_dir(catalog, "catalog").unwrap();
    let api = load_api(&files, today()).unwrap_or_else(|p| panic!("{p:#?}"));
    let source = api.price_source(id).unwrap();
    assert_eq!(source.kind, SourceKind::Vendor);
    (source.url.clone(), source.date)
}

#[test]
fn the_recorded_copy_through_the_bot_path_writes_a_table_that_loads_and_cites_its_source() {
    let catalog = scratch("recorded");
    let run = run_on(&catalog, &crate_dir().join("fixtures/api-feeds"));
    assert!(run.is_valid(), "{:#?}", run.problems);
    let feed = &run.feeds[0];
    let ApiStatus::Applied(outcome) = &feed.status else {
        panic!("{:?}", feed.status)
    };
    assert!(outcome.touched(), "{outcome:?}");
    run.write(&catalog).unwrap();

    // The written table loads, and every row the copy met cites the feed's source on the
    // copy's own day (2026-05-15, as the fixtures' manifest dates it), not today.
    let files = ApiFiles::read_dir(&catalog, "catalog").unwrap();
    let api = load_api(&files, today()).unwrap_or_else(|p| panic!("{p:#?}"));
    let cited: Vec<_> = api
        .prices
        .iter()
        .filter(|p| p.source == feed.feed.source)
        .collect();
    assert_eq!(cited.len(), outcome.confirmed + outcome.changed.len());
    assert!(cited.iter().all(|p| p.as_of == AsOf::day(2026, 5, 15)));
    assert_eq!(
        source_of(&catalog, &feed.feed.source),
        (feed.url.clone(), Some(AsOf::day(2026, 5, 15)))
    );
    assert!(feed
        .url
        .starts_with("https://github.com/anomalyco/models.dev/blob/"));

    let md = render(&run);
    assert!(md.contains("1 sources read, 0 failed"), "{md}");
    assert!(md.contains("`openrouter-models`") && md.contains("cited as `openrouter-api`"));
    let _ = fs::remove_dir_all(&catalog);
}

#[test]
fn a_live_download_cites_the_live_api_dated_by_the_download_day() {
    let catalog = scratch("live");
    // The recorded copy stands in for today's download of the feed's own address.
    let inputs = downloaded(
        "live",
        Some(&recorded_copy()),
        "https://openrouter.ai/api/v1/models",
    );
    let run = run_on(&catalog, &inputs);
    assert!(run.is_valid(), "{:#?}", run.problems);
    assert!(
        matches!(run.feeds[0].status, ApiStatus::Applied(_)),
        "{:?}",
        run.feeds[0]
    );
    run.write(&catalog).unwrap();
    assert_eq!(
        source_of(&catalog, "openrouter-api"),
        ("https://openrouter.ai/api/v1/models".into(), Some(today()))
    );
    let prices = fs::read_to_string(catalog.join("api/prices.csv")).unwrap();
    let today_row = format!(",{},openrouter-api,high,", today());
    assert!(prices.lines().any(|l| l.contains(&today_row)), "{prices}");
    for dir in [catalog, inputs] {
        let _ = fs::remove_dir_all(dir);
    }
}

#[test]
fn a_damaged_copy_or_a_failed_download_leaves_the_files_and_is_named_in_the_report() {
    let catalog = scratch("damaged");
    let before: Vec<String> = ["prices.csv", "providers.toml"]
        .iter()
        .map(|f| fs::read_to_string(catalog.join("api").join(f)).unwrap())
        .collect();
    let whole = recorded_copy();
    let url = "https://openrouter.ai/api/v1/models";
    for (name, copy, why) in [
        // Cut off mid-download: not JSON any more.
        (
            "cut",
            Some(&whole[..whole.len() / 2]),
            "openrouter-models.json is not a readable openrouter-models document",
        ),
        (
            "empty",
            Some(&b""[..]),
            "not a readable openrouter-models document",
        ),
        // curl failed: the script wrote no manifest entry.
        ("failed", None, "not fetched"),
    ] {
        let inputs = downloaded(name, copy, url);
        let run = run_on(&catalog, &inputs);
        assert!(run.is_valid(), "{name}: {:#?}", run.problems);
        match &run.feeds[0].status {
            ApiStatus::Failed(reason) => assert!(reason.contains(why), "{name}: {reason}"),
            other => panic!("{name}: {other:?}"),
        }
        assert!(run.files.is_empty(), "{name}: {:?}", run.files.keys());
        run.write(&catalog).unwrap();
        let md = render(&run);
        assert!(md.contains("0 sources read, 1 failed"), "{md}");
        assert!(
            md.contains("## Sources that failed")
                && md.contains("- `openrouter-models` (openrouter): ")
                && md.contains(why),
            "{md}"
        );
        let _ = fs::remove_dir_all(inputs);
    }
    for (file, was) in ["prices.csv", "providers.toml"].iter().zip(&before) {
        assert_eq!(
            &fs::read_to_string(catalog.join("api").join(file)).unwrap(),
            was
        );
    }
    let _ = fs::remove_dir_all(&catalog);
}
