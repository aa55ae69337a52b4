//! The merge rules, one by one, on small tables. The quotes stand in for what a parser read.

use std::collections::BTreeSet;

use catalog::{AsOf, Confidence, Currency, PriceUnit, Provider, Region, SourceKind, Term};

use crate::aliases::Aliases;
use crate::feeds::Feed;
use crate::formats::Format;
use crate::history::{self, Observation};
use crate::merge::{merge, Known, Options, Outcome, Why};
use crate::quote::{Dated, Parsed, Quote};
use crate::table::{self, Row};

const HEADER: &str =
    "offer,region,term,price,price_high,currency,unit,billing,as_of,source,confidence,note\n";

fn feed() -> Feed {
    Feed {
        id: "skypilot-aws".into(),
        provider: "aws".into(),
        format: Format::SkypilotVms,
        url: "https://example.org/vms.csv".into(),
        source: "feed".into(),
        title: "A feed".into(),
        kind: SourceKind::Aggregator,
        confidence: Confidence::Medium,
        regions: vec![],
        sku_prefix: None,
        region_map: Default::default(),
        existing_rows_only: false,
        partial_list: false,
        currency: None,
        note: None,
    }
}

fn provider() -> Provider {
    let region = |id: &str| Region {
        id: id.into(),
        name: id.into(),
        name_zh: None,
        area: catalog::Area::Us,
    };
    Provider {
        id: "aws".into(),
        name: "AWS".into(),
        name_zh: None,
        category: catalog::ProviderCategory::Hyperscaler,
        headquarters: None,
        currencies: vec![Currency::Usd],
        homepage: "https://aws.amazon.com".into(),
        billing_increment: None,
        facts: Default::default(),
        regions: vec![region("r1"), region("r2")],
        sources: vec![],
        retired: vec![],
    }
}

fn quote(sku: &str, region: &str, term: Term, price: f64) -> Quote {
    Quote {
        sku: sku.into(),
        gpu: Some("H100".into()),
        count: Some(8.0),
        vcpus: None,
        ram_gb: None,
        region: region.into(),
        term,
        price,
        price_high: None,
        currency: Currency::Usd,
        unit: PriceUnit::InstanceHour,
        line: 2,
        note: None,
        cited: None,
    }
}

fn dated(text: &str) -> Dated {
    Dated {
        as_of: AsOf::parse(text).unwrap(),
        text: text.into(),
        note: None,
    }
}

/// Runs one merge of `quotes` (true on `date`) into `csv`, with the offers `a` and `b`.
fn run(
    csv: &str,
    quotes: Vec<Quote>,
    date: &str,
    options: Options,
    aliases: &str,
) -> (Vec<Row>, Outcome) {
    let mut rows = table::read(&format!("{HEADER}{csv}")).unwrap();
    let provider = provider();
    let aliases = Aliases::parse(aliases).unwrap();
    let accelerators: BTreeSet<String> = ["h100-sxm5-80gb".to_string()].into();
    let known = Known {
        provider: &provider,
        offers: vec![("a".into(), "a".into()), ("b".into(), "b".into())],
        aliases: &aliases,
        accelerators: &accelerators,
    };
    let parsed = Parsed {
        quotes,
        ..Parsed::default()
    };
    let out = merge(&feed(), &dated(date), &parsed, &known, &mut rows, options);
    (rows, out)
}

fn row<'a>(rows: &'a [Row], offer: &str, region: &str, term: &str) -> &'a Row {
    rows.iter()
        .find(|r| (r.offer.as_str(), r.region.as_str(), r.term.as_str()) == (offer, region, term))
        .unwrap()
}

#[test]
fn a_small_move_is_applied_with_the_old_value_in_the_note_and_history() {
    let (rows, out) = run(
        "a,r1,on-demand,10,,USD,instance-hour,,2026-01-05,feed,medium,\n",
        vec![quote("a", "r1", Term::OnDemand, 9.0)],
        "2026-11-30",
        Options::default(),
        "",
    );
    let r = row(&rows, "a", "r1", "on-demand");
    assert_eq!((r.price.as_str(), r.as_of.as_str()), ("9", "2026-11-30"));
    assert_eq!(r.note, "was 10 (2026-01-05, feed)");
    assert_eq!(out.changed.len(), 1);
    assert!((out.changed[0].moved.unwrap() + 0.1).abs() < 1e-12);
    let mut kept: Vec<Observation> = Vec::new();
    assert_eq!(
        history::append(&mut kept, &out.observed, day("2026-11-30")),
        1
    );
    assert_eq!(kept[0].price, "9");
    assert_eq!(kept[0].recorded, "2026-11-30");
}

#[test]
fn a_move_beyond_the_threshold_is_flagged_and_not_applied_unless_accepted() {
    let csv = "a,r1,on-demand,98.32,,USD,instance-hour,,~2025-06,old,high,\n";
    let q = || vec![quote("a", "r1", Term::OnDemand, 55.04)];
    let (rows, out) = run(csv, q(), "2026-11-30", Options::default(), "");
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "98.32");
    assert_eq!(out.flagged.len(), 1);
    assert!(matches!(out.flagged[0].why, Why::BigMove(m) if (m + 0.4402).abs() < 1e-3));
    assert!(!out.flagged[0].applied && out.changed.is_empty());

    let accept = Options {
        accept_moves: true,
        ..Options::default()
    };
    let (rows, out) = run(csv, q(), "2026-11-30", accept, "");
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "55.04");
    assert!(out.flagged[0].applied, "an accepted move is still listed");
}

#[test]
fn spot_at_or_above_on_demand_is_flagged_and_not_applied() {
    let csv = "a,r1,on-demand,2.69,,USD,instance-hour,,2026-10-01,feed,medium,\n\
               a,r1,spot,1.75,,USD,instance-hour,,2026-10-01,feed,medium,\n";
    let quotes = vec![
        quote("a", "r1", Term::OnDemand, 2.69),
        quote("a", "r1", Term::Spot, 2.99),
    ];
    let (rows, out) = run(csv, quotes, "2026-11-30", Options::default(), "");
    assert_eq!(row(&rows, "a", "r1", "spot").price, "1.75");
    assert!(
        matches!(out.flagged[0].why, Why::SpotAboveOnDemand { on_demand } if on_demand == 2.69)
    );
    // The on-demand price beside it is confirmed at the new date.
    assert_eq!(row(&rows, "a", "r1", "on-demand").as_of, "2026-11-30");
    assert_eq!(out.confirmed, 1);
}

#[test]
fn a_row_dated_later_by_another_source_is_kept_and_a_big_gap_reported() {
    let csv = "a,r1,on-demand,55.04,,USD,instance-hour,,2026-11-09,vendor,high,\n";
    let (rows, out) = run(
        csv,
        vec![quote("a", "r1", Term::OnDemand, 98.32)],
        "~2025-06",
        Options::default(),
        "",
    );
    let r = row(&rows, "a", "r1", "on-demand");
    assert_eq!((r.price.as_str(), r.source.as_str()), ("55.04", "vendor"));
    assert!(
        matches!(&out.flagged[0].why, Why::NewerElsewhere { source, .. } if source == "vendor")
    );
}

#[test]
fn a_stale_copy_of_the_same_source_does_not_roll_a_price_back() {
    // A mirror that stopped updating still names the feed's own source; its older price
    // must not replace the newer row, and the report counts the row as kept.
    let csv = "a,r1,on-demand,2.4,,USD,instance-hour,,2026-10-19,feed,medium,\n";
    let (rows, out) = run(
        csv,
        vec![quote("a", "r1", Term::OnDemand, 1.93)],
        "~2025-06",
        Options::default(),
        "",
    );
    let r = row(&rows, "a", "r1", "on-demand");
    assert_eq!((r.price.as_str(), r.as_of.as_str()), ("2.4", "2026-10-19"));
    assert_eq!((out.kept_newer, out.changed.len()), (1, 0));
    assert!(out.observed.is_empty());
}

#[test]
fn binary_noise_in_a_source_price_is_the_price_it_means() {
    let csv = "a,r1,on-demand,0.3698,,USD,instance-hour,,2025-06-01,feed,medium,\n";
    let (rows, out) = run(
        csv,
        vec![
            quote("a", "r1", Term::OnDemand, 0.369_799_999_999_999_96),
            quote("b", "r1", Term::OnDemand, 2.000_000_000_000_000_4),
        ],
        "2026-11-30",
        Options::default(),
        "",
    );
    assert_eq!((out.confirmed, out.changed.len()), (1, 0));
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "0.3698");
    assert_eq!(row(&rows, "b", "r1", "on-demand").price, "2");
    assert_eq!(table::number(27.447_05), "27.44705");
    assert_eq!(table::number(1_234_567.891), "1234567.891");
}

#[test]
fn a_feed_of_existing_rows_only_refreshes_them_and_adds_none() {
    // Google prices a machine in every region that has the SKUs, sold there or not.
    let csv = "a,r1,on-demand,10,,USD,instance-hour,,2026-01-05,feed,medium,\n";
    let quotes = || {
        vec![
            quote("a", "r1", Term::OnDemand, 9.5),
            quote("a", "r2", Term::OnDemand, 9.0),
        ]
    };
    let mut rows = table::read(&format!("{HEADER}{csv}")).unwrap();
    let provider = provider();
    let aliases = Aliases::parse("").unwrap();
    let accelerators: BTreeSet<String> = ["h100-sxm5-80gb".to_string()].into();
    let known = Known {
        provider: &provider,
        offers: vec![("a".into(), "a".into())],
        aliases: &aliases,
        accelerators: &accelerators,
    };
    let mut only_listed = feed();
    only_listed.existing_rows_only = true;
    let parsed = Parsed {
        quotes: quotes(),
        ..Parsed::default()
    };
    let out = merge(
        &only_listed,
        &dated("2026-11-30"),
        &parsed,
        &known,
        &mut rows,
        Options::default(),
    );
    assert_eq!(rows.len(), 1);
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "9.5");
    assert!(out.added.is_empty());
    // Without the rule the second region is added.
    let (rows, _) = run(csv, quotes(), "2026-11-30", Options::default(), "");
    assert_eq!(rows.len(), 2);
}

#[test]
fn a_row_the_source_no_longer_lists_is_marked_once_and_kept() {
    let csv = "a,r1,on-demand,10,,USD,instance-hour,,2026-01-05,feed,medium,\n\
               b,r1,on-demand,3.06,,USD,instance-hour,,2026-01-05,feed,medium,old note\n\
               b,r1,on-demand-other,1,,USD,instance-hour,,2026-01-05,other,medium,\n";
    let csv = &csv.replace("b,r1,on-demand-other", "b,r2,on-demand");
    let quotes = || vec![quote("a", "r1", Term::OnDemand, 10.0)];
    let (rows, out) = run(csv, quotes(), "2026-11-30", Options::default(), "");
    let gone = row(&rows, "b", "r1", "on-demand");
    assert_eq!(gone.price, "3.06");
    assert_eq!(gone.note, "gone from feed since 2026-11-30; old note");
    assert_eq!(out.gone.len(), 1);
    // Another source's row, and a region the feed did not cover, are left alone.
    assert_eq!(row(&rows, "b", "r2", "on-demand").note, "");
    // A second run does not mark it again (the first day it was missed stays).
    let again = table::write(&rows);
    let (rows, out) = run(
        again.trim_start_matches(HEADER),
        quotes(),
        "2026-12-30",
        Options::default(),
        "",
    );
    assert!(out.gone.is_empty());
    assert_eq!(row(&rows, "b", "r1", "on-demand").note, gone.note);
}

#[test]
fn an_unknown_sku_is_reported_and_an_aliased_one_becomes_an_offer() {
    let aliases = r#"
[[alias]]
provider = "aws"
sku_prefix = "p5."
accelerator = "h100-sxm5-80gb"
evidence = "https://aws.amazon.com/ec2/instance-types/p5/"
"#;
    let mut near = quote("p5e.48xlarge", "r1", Term::OnDemand, 40.0);
    near.gpu = Some("H200".into());
    let quotes = vec![quote("p5.4xlarge", "r1", Term::OnDemand, 6.88), near];
    let (rows, out) = run("", quotes, "2026-11-30", Options::default(), aliases);
    assert_eq!(out.new_offers.len(), 1);
    assert_eq!(out.new_offers[0].id, "p5.4xlarge");
    assert_eq!(out.new_offers[0].accelerator, "h100-sxm5-80gb");
    assert_eq!(row(&rows, "p5.4xlarge", "r1", "on-demand").price, "6.88");
    // "p5e." is not "p5.": no near match, a report instead.
    assert_eq!(out.unknown_skus.len(), 1);
    assert_eq!(out.unknown_skus[0].sku, "p5e.48xlarge");
    assert!(rows.iter().all(|r| r.offer != "p5e.48xlarge"));
}

#[test]
fn a_cpu_instance_is_passed_over_and_an_unknown_region_counted() {
    let mut cpu = quote("c5.large", "r1", Term::OnDemand, 0.085);
    cpu.gpu = None;
    cpu.count = None;
    let quotes = vec![cpu, quote("a", "mars-1", Term::OnDemand, 10.0)];
    let (rows, out) = run("", quotes, "2026-11-30", Options::default(), "");
    assert!(rows.is_empty() && out.unknown_skus.is_empty());
    assert_eq!(out.unknown_regions.get("mars-1"), Some(&1));
}

#[test]
fn a_change_of_unit_is_flagged_not_compared() {
    let csv = "a,r1,on-demand,1.25,,USD,accelerator-hour,,2026-01-05,feed,medium,\n";
    let (rows, out) = run(
        csv,
        vec![quote("a", "r1", Term::OnDemand, 10.0)],
        "2026-11-30",
        Options::default(),
        "",
    );
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "1.25");
    assert!(matches!(&out.flagged[0].why, Why::UnitOrCurrency { .. }));
}

#[test]
fn tables_and_history_read_back_as_written() {
    let path = format!(
        "{}/../../catalog/prices/aws.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let rows = table::read(&text).unwrap();
    assert_eq!(table::read(&table::write(&rows)).unwrap(), rows);
    let mut kept = Vec::new();
    let n = history::append(&mut kept, &rows, day("2026-12-01"));
    assert_eq!(n, rows.iter().filter(|r| !r.price.is_empty()).count());
    assert_eq!(history::read(&history::write(&kept)).unwrap(), kept);
    // Recording again adds nothing; a changed value is added once.
    assert_eq!(history::append(&mut kept, &rows, day("2026-12-03")), 0);
    let mut edited = rows.clone();
    let i = edited.iter().position(|r| !r.price.is_empty()).unwrap();
    edited[i].price = "123.45".into();
    assert_eq!(history::append(&mut kept, &edited, day("2026-12-03")), 1);
    assert_eq!(kept.last().unwrap().price, "123.45");
    // The change is stamped with the day it was recorded; the rows before keep theirs.
    assert_eq!(kept.last().unwrap().recorded, "2026-12-03");
    assert_eq!(kept[0].recorded, "2026-12-01");
}

#[test]
fn a_stale_spot_price_above_a_new_on_demand_is_cleared_and_flagged() {
    // On-demand falls from 113.068 to 63.296; the old spot row (equal to the old on-demand,
    // as the audit found) is not in the feed and cannot stand beside the new price.
    let csv = "a,r1,on-demand,113.068,,USD,instance-hour,,~2025-06,feed,medium,\n\
               a,r1,spot,113.068,,USD,instance-hour,,~2025-06,old,medium,\n";
    let accept = Options {
        accept_moves: true,
        ..Options::default()
    };
    let (rows, out) = run(
        csv,
        vec![quote("a", "r1", Term::OnDemand, 63.296)],
        "2026-08-26",
        accept,
        "",
    );
    let spot = row(&rows, "a", "r1", "spot");
    assert_eq!(spot.price, "");
    assert!(spot.note.starts_with("cleared: spot 113.068 (~2025-06, old) was not below the on-demand price 63.296 of 2026-08-26"), "{}", spot.note);
    assert!(out
        .flagged
        .iter()
        .any(|f| matches!(f.why, Why::SpotAboveOnDemand { .. }) && f.applied));
}

fn day(text: &str) -> AsOf {
    AsOf::parse(text).unwrap()
}

// --- Issue 25, feeds2 ---------------------------------------------------------------------

#[test]
fn a_feed_of_existing_rows_only_reports_an_unlisted_sku_instead_of_adding_its_offer() {
    let csv = "a,r1,on-demand,10,,USD,instance-hour,,2026-01-05,feed,medium,\n";
    let mut rows = table::read(&format!("{HEADER}{csv}")).unwrap();
    let provider = provider();
    let aliases = Aliases::parse(
        "[[alias]]\nprovider = \"aws\"\nsku = \"b\"\naccelerator = \"h100-sxm5-80gb\"\nevidence = \"test\"\n",
    )
    .unwrap();
    let accelerators: BTreeSet<String> = ["h100-sxm5-80gb".to_string()].into();
    let known = Known {
        provider: &provider,
        offers: vec![("a".into(), "a".into())],
        aliases: &aliases,
        accelerators: &accelerators,
    };
    let mut only_listed = feed();
    only_listed.existing_rows_only = true;
    let mut b = quote("b", "r1", Term::OnDemand, 4.0);
    b.count = Some(1.0);
    let parsed = Parsed {
        quotes: vec![quote("a", "r1", Term::OnDemand, 9.5), b],
        ..Parsed::default()
    };
    let out = merge(
        &only_listed,
        &dated("2026-11-30"),
        &parsed,
        &known,
        &mut rows,
        Options::default(),
    );
    assert!(out.new_offers.is_empty(), "{:?}", out.new_offers);
    assert_eq!(out.unknown_skus.len(), 1);
    assert_eq!(out.unknown_skus[0].sku, "b");
    assert_eq!(rows.len(), 1);
}

#[test]
fn one_page_of_a_paged_list_marks_nothing_gone() {
    let csv = "a,r1,on-demand,10,,USD,instance-hour,,2026-01-05,feed,medium,\n\
               b,r1,on-demand,3.06,,USD,instance-hour,,2026-01-05,feed,medium,\n";
    let mut rows = table::read(&format!("{HEADER}{csv}")).unwrap();
    let provider = provider();
    let aliases = Aliases::parse("").unwrap();
    let accelerators: BTreeSet<String> = BTreeSet::new();
    let known = Known {
        provider: &provider,
        offers: vec![("a".into(), "a".into()), ("b".into(), "b".into())],
        aliases: &aliases,
        accelerators: &accelerators,
    };
    let mut page = feed();
    page.partial_list = true;
    let parsed = Parsed {
        quotes: vec![quote("a", "r1", Term::OnDemand, 9.5)],
        ..Parsed::default()
    };
    let out = merge(
        &page,
        &dated("2026-11-30"),
        &parsed,
        &known,
        &mut rows,
        Options::default(),
    );
    assert!(out.gone.is_empty());
    assert_eq!(row(&rows, "b", "r1", "on-demand").note, "");
    assert_eq!(row(&rows, "a", "r1", "on-demand").price, "9.5");
}
