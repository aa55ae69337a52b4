//! A whole refresh over the recorded feeds and the small test catalog: sources that fail,
//! sources that work, the report, the written files, and a dry run that writes nothing.

use std::fs;
use std::path::{Path, PathBuf};

use catalog::AsOf;

use crate::merge::Options;
use crate::report;
use crate::run::{run, Refresh, Settings, Status};
use crate::table;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A fresh copy of the test catalog, so a run may write into it.
fn scratch_catalog(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpu-atlas-refresh-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&fixtures().join("catalog"), &dir);
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn refresh(catalog: &Path, options: Options) -> Refresh {
    refresh_on(catalog, options, "2026-12-01")
}

fn refresh_on(catalog: &Path, options: Options, today: &str) -> Refresh {
    run(&Settings {
        catalog: catalog.to_path_buf(),
        inputs: fixtures().join("inputs"),
        feeds: None,
        today: AsOf::parse(today).unwrap(),
        options,
        only: vec![],
    })
    .unwrap()
}

fn status<'a>(r: &'a Refresh, feed: &str) -> &'a Status {
    &r.feeds.iter().find(|f| f.feed.id == feed).unwrap().status
}

#[test]
fn failing_sources_leave_their_rows_and_the_others_go_on() {
    let dir = scratch_catalog("failing");
    let before = fs::read_to_string(dir.join("prices/oci.csv")).unwrap();
    let r = refresh(&dir, Options::default());
    assert!(r.is_valid(), "{:?}", r.problems);
    match status(&r, "skypilot-aws-mirror") {
        Status::Failed { why, problems } => {
            assert!(
                why.contains("error-page.html is not a readable skypilot-vms document"),
                "{why}"
            );
            assert!(problems[0].message.contains("not a SkyPilot vms.csv"));
        }
        other => panic!("{other:?}"),
    }
    match status(&r, "oci-price-list-eur") {
        Status::Failed { why, .. } => assert!(why.starts_with("not fetched"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(status(&r, "skypilot-aws"), Status::Applied(_)));
    // OCI's own feed worked: its H100 price is confirmed and A10 gains a price, via aliases.
    let oci = r.files.get("prices/oci.csv").expect("oci was refreshed");
    assert_ne!(*oci, before);
    let rows = table::read(oci).unwrap();
    let a10 = rows.iter().find(|r| r.offer == "VM.GPU.A10.1").unwrap();
    assert_eq!(
        (a10.price.as_str(), a10.unit.as_str()),
        ("2", "accelerator-hour")
    );
    assert_eq!(a10.as_of, "2026-08-14");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn the_report_names_every_change_flag_and_failure() {
    let dir = scratch_catalog("report");
    let md = report::render(&refresh(&dir, Options::default()));
    for needle in [
        "# Catalog refresh, 2026-12-01",
        "## Sources that failed (their providers' rows are unchanged)",
        "`skypilot-aws-mirror` (aws)",
        "`oci-price-list-eur` (oci): not fetched",
        // p5 us-west-2: 98.32 → 55.04 is beyond 40 %: flagged, not applied.
        "| p5.48xlarge | us-west-2 | on-demand | 98.32 | 55.04 | moves -44.0 % | no |",
        // p4d us-east-1: the price list of 2024 yields to the later feed.
        "sources disagree: kept the newer `skypilot-v8` (~2025-09)",
        // p4d us-west-2: 24.0 → 21.95764, a small move, applied.
        "| p4d.24xlarge | us-west-2 | on-demand | 24.0 (~2025-06) | 21.95764 USD | -8.5 % |",
        "### Gone from the source (1)",
        "p3.2xlarge-retired · us-east-1 · on-demand",
        "`p5en.48xlarge`: 8 × h200-141gb",
        "`g6e.xlarge` (GPU \"L40S\"",
        "`1x_RTX4090_SECURE` (GPU \"RTX4090\"",
        "which accelerators.toml lacks",
        "`CA` (",
    ] {
        assert!(md.contains(needle), "report lacks {needle:?}:\n{md}");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_written_refresh_loads_again_keeps_history_and_a_dry_run_writes_nothing() {
    let dir = scratch_catalog("write");
    let untouched = fs::read_to_string(dir.join("prices/aws.csv")).unwrap();
    let r = refresh(&dir, Options::default());
    // A dry run is a run not written.
    assert_eq!(
        fs::read_to_string(dir.join("prices/aws.csv")).unwrap(),
        untouched
    );
    r.write(&dir).unwrap();
    let toml = fs::read_to_string(dir.join("providers/aws.toml")).unwrap();
    assert!(toml.contains("id = \"p5en.48xlarge\"\ninstance = \"p5en.48xlarge\"\naccelerator = \"h200-141gb\"\ncount = 8"));
    // The feed's source now names what was read and the day it was true.
    assert!(toml.contains("url = \"https://github.com/skypilot-org/skypilot-catalog/blob/e385a0d348eda9cefd9806423e7725944dc249e4/catalogs/v8/aws/vms.csv\"\nkind = \"aggregator\"\ndate = \"~2025-09\""), "{toml}");
    let history = fs::read_to_string(dir.join("history/aws.csv")).unwrap();
    assert!(history.contains(
        "p4d.24xlarge,us-west-2,on-demand,21.95764,,USD,instance-hour,~2025-09,skypilot-v8,2026-12-01\n"
    ));
    // The refreshed files pass the same loader the build uses.
    let again = refresh(&dir, Options::default());
    assert!(again.is_valid(), "{:?}", again.problems);
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn an_estimated_copy_date_yields_to_the_date_the_document_states() {
    let dir = scratch_catalog("dates");
    let r = refresh(&dir, Options::default());
    let run = r
        .feeds
        .iter()
        .find(|f| f.feed.id == "aws-price-list-us-east-1")
        .unwrap();
    assert_eq!(run.dated.as_ref().unwrap().text, "2024-05-28");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_refresh_stamps_the_history_with_the_day_it_runs_and_keeps_earlier_stamps() {
    let dir = scratch_catalog("recorded");
    let first = refresh_on(&dir, Options::default(), "2026-12-07");
    assert!(first.is_valid(), "{:?}", first.problems);
    first.write(&dir).unwrap();
    let history = fs::read_to_string(dir.join("history/aws.csv")).unwrap();
    let mut lines = history.lines();
    assert!(lines.next().unwrap().ends_with(",source,recorded"));
    let rows: Vec<&str> = lines.collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r.ends_with(",2026-12-07")), "{history}");
    // A later run that finds the same values records nothing, so every row keeps the day the
    // catalog first took its value in; the loader accepts the result.
    let again = refresh_on(&dir, Options::default(), "2026-12-09");
    assert!(again.is_valid(), "{:?}", again.problems);
    assert_eq!(again.history_added, 0);
    again.write(&dir).unwrap();
    assert_eq!(
        fs::read_to_string(dir.join("history/aws.csv")).unwrap(),
        history
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn interruption_bands_become_live_facts_of_listed_spot_prices_only() {
    let dir = scratch_catalog("live");
    let inputs = dir.join("live-inputs");
    fs::create_dir_all(&inputs).unwrap();
    // The advisor's own shape, for two of the test catalog's instance types and one it lacks.
    let advisor = r#"{"ranges": [{"index": 0, "label": "<5%"}, {"index": 4, "label": ">20%"}],
      "spot_advisor": {"us-west-2": {"Linux": {"p5.48xlarge": {"s": 60, "r": 4},
        "g4dn.xlarge": {"s": 70, "r": 0}, "m5.large": {"s": 70, "r": 0}},
        "Windows": {"p5.48xlarge": {"s": 10, "r": 0}}}}}"#;
    fs::write(inputs.join("advisor.json"), advisor).unwrap();
    let feeds = inputs.join("feeds.toml");
    fs::write(
        &feeds,
        r#"[[feed]]
id = "aws-spot-advisor"
provider = "aws"
format = "aws-spot-advisor"
url = "https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json"
source = "aws-spot-advisor"
title = "AWS Spot Instance Advisor data"
kind = "vendor"
confidence = "high"
"#,
    )
    .unwrap();
    let manifest = |as_of: &str| {
        format!(
            "[[copy]]\nfeed = \"aws-spot-advisor\"\nfile = \"advisor.json\"\nas_of = \"{as_of}\"\n"
        )
    };
    let settings = |today: &str| Settings {
        catalog: dir.clone(),
        inputs: inputs.clone(),
        feeds: Some(feeds.clone()),
        today: AsOf::parse(today).unwrap(),
        options: Options::default(),
        only: vec![],
    };
    // A band is a trailing month's share: a copy dated to its year only cannot carry one
    // (nothing is written, all is said), one estimated to its month can (below).
    fs::write(inputs.join("manifest.toml"), manifest("~2026")).unwrap();
    let r = run(&settings("2026-12-05")).unwrap();
    assert!(
        r.files.keys().all(|f| !f.starts_with("live/")),
        "{:?}",
        r.files.keys()
    );
    assert!(
        report::render(&r).contains("an interruption band needs at least its month"),
        "{}",
        report::render(&r)
    );
    fs::write(inputs.join("manifest.toml"), manifest("~2026-11")).unwrap();
    let r = run(&settings("2026-12-05")).unwrap();
    assert!(r.is_valid(), "{:?}", r.problems);
    assert!(
        r.files["live/aws.csv"]
            .contains("p5.48xlarge,us-west-2,spot,interruption,>20%,~2026-11,aws-spot-advisor,"),
        "{}",
        r.files["live/aws.csv"]
    );
    fs::write(inputs.join("manifest.toml"), manifest("2026-12-05")).unwrap();
    let r = run(&settings("2026-12-05")).unwrap();
    assert!(r.is_valid(), "{:?}", r.problems);
    let live = &r.files["live/aws.csv"];
    // p5.48xlarge has a spot price in us-west-2: its band is written, the Windows one is not.
    assert!(
        live.contains("p5.48xlarge,us-west-2,spot,interruption,>20%,2026-12-05,aws-spot-advisor,"),
        "{live}"
    );
    // g4dn.xlarge has no spot price there and m5.large is no offer: reported, not written.
    assert_eq!(live.lines().count(), 2, "{live}");
    let md = report::render(&r);
    assert!(
        md.contains("1 live facts (capacity, interruption band) written"),
        "{md}"
    );
    assert!(md.contains("`m5.large` in `us-west-2`: no offer"), "{md}");
    // The loader reads the written facts back onto the price.
    r.write(&dir).unwrap();
    let files = catalog::load::CatalogFiles::read_dir(&dir, "catalog").unwrap();
    let catalog = catalog::load::load(&files, AsOf::parse("2026-12-05").unwrap()).unwrap();
    let p5 = catalog
        .offers
        .iter()
        .find(|o| o.id == "aws/p5.48xlarge")
        .unwrap();
    let spot = p5
        .prices
        .iter()
        .find(|p| &*p.region == "us-west-2" && p.term == catalog::Term::Spot)
        .unwrap();
    assert_eq!(
        spot.live.interruption.as_ref().map(|i| i.band),
        Some(catalog::InterruptionBand::Over20)
    );
    let _ = fs::remove_dir_all(dir);
}
