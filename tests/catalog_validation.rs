//! The catalog rules: the real catalog passes them, and each kind of bad row is caught with
//! a message that names its file, row and field.

use std::path::Path;

use gpu_atlas::engine::catalog::load::{load, CatalogFiles, ProviderFiles, SourceFile};
use gpu_atlas::engine::catalog::{AsOf, Catalog, Problem, Term};

fn today() -> AsOf {
    AsOf::parse("2026-11-30").unwrap()
}

const ACCELERATORS: &str = r#"
[[source]]
id = "datasheet"
title = "NVIDIA H100 datasheet"
url = "https://www.nvidia.com/en-us/data-center/h100/"
kind = "vendor"

[[accelerator]]
id = "h100-sxm5-80gb"
vendor = "NVIDIA"
model = "H100"
variant = "SXM5 80GB"
form_factor = "SXM"
memory_gb = 80
bf16_tflops = 989
sources = ["datasheet"]
"#;

const FX: &str = "date,base,quote,rate,source_title,source_url
2026-10-30,USD,CNY,7.1,ECB reference rates,https://www.ecb.europa.eu/
";

const PROVIDER: &str = r#"
[provider]
id = "acme"
name = "Acme GPU"
category = "gpu-cloud"
headquarters = "US"
currencies = ["USD"]
homepage = "https://acme.example/"

[[region]]
id = "us-east"
name = "US East"
area = "us"

[[region]]
id = "eu-west"
name = "EU West"
area = "eu"

[[source]]
id = "pricing"
title = "Acme pricing page"
url = "https://acme.example/pricing"
kind = "vendor"

[[offer]]
id = "h100x8"
instance = "h100x8"
accelerator = "h100-sxm5-80gb"
count = 8
vcpus = 208
ram_gb = 1800
interconnect = "nvswitch"
source = "pricing"
"#;

const PRICES_HEADER: &str =
    "offer,region,term,price,price_high,currency,unit,billing,as_of,source,confidence,note\n";

fn good_prices() -> String {
    format!(
        "{PRICES_HEADER}h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,\n\
         h100x8,us-east,spot,1.2,1.6,USD,accelerator-hour,,2026-09-20,pricing,medium,\n\
         h100x8,eu-west,on-demand,,,USD,accelerator-hour,,2026-09-20,pricing,high,listed; price not published\n"
    )
}

fn files(provider: &str, prices: &str) -> CatalogFiles {
    CatalogFiles {
        accelerators: SourceFile::new("catalog/accelerators.toml", ACCELERATORS),
        fx: SourceFile::new("catalog/fx.csv", FX),
        providers: vec![ProviderFiles {
            provider: SourceFile::new("catalog/providers/acme.toml", provider),
            prices: Some(SourceFile::new("catalog/prices/acme.csv", prices)),
            history: None,
            live: None,
        }],
    }
}

fn problems(provider: &str, prices: &str) -> Vec<Problem> {
    load(&files(provider, prices), today()).expect_err("the bad input must be rejected")
}

/// A table of one good row (row 2) and one bad row (row 3); returns the single problem found.
fn bad_price_row(row: &str) -> Problem {
    let good = "h100x8,eu-west,on-demand,2.9,,USD,accelerator-hour,,2026-09-20,pricing,high,";
    let prices = format!("{PRICES_HEADER}{good}\n{row}\n");
    let mut found = problems(PROVIDER, &prices);
    assert_eq!(found.len(), 1, "expected one problem, got {found:#?}");
    found.remove(0)
}

#[test]
fn the_bundled_catalog_passes_every_rule() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let files = CatalogFiles::read_dir(&dir, "catalog").unwrap();
    let catalog = load(&files, today_or_later()).unwrap_or_else(|problems| {
        panic!(
            "{}",
            problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    assert!(catalog.providers.len() >= 20);
}

/// The real catalog is checked against the real date, so a future-dated price fails.
fn today_or_later() -> AsOf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    AsOf::from_days_since_epoch(secs / 86_400).max(today())
}

#[test]
fn a_good_fixture_loads_with_unknown_prices_kept_as_unknown() {
    let catalog: Catalog = load(&files(PROVIDER, &good_prices()), today()).unwrap();
    let offer = &catalog.offers[0];
    assert_eq!(offer.id, "acme/h100x8");
    assert_eq!(offer.prices.len(), 3);
    let eu = offer
        .prices
        .iter()
        .find(|p| &*p.region == "eu-west")
        .unwrap();
    assert_eq!(eu.amount, None);
    let spot = offer.prices.iter().find(|p| p.term == Term::Spot).unwrap();
    assert_eq!((spot.amount, spot.amount_high), (Some(1.2), Some(1.6)));
    assert_eq!(spot.per_instance_hour(offer.count), Some(1.2 * 8.0));
}

#[test]
fn a_price_that_is_not_a_number_names_file_row_and_field() {
    let p = bad_price_row(
        "h100x8,us-east,on-demand,2,5,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    // The stray comma shifts every later cell: caught as a bad record length or bad fields.
    assert_eq!(p.file, "catalog/prices/acme.csv");
    assert_eq!(p.place, "row 3");
    let p = bad_price_row(
        "h100x8,us-east,on-demand,abc,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert_eq!((p.place.as_str(), p.field.as_str()), ("row 3", "price"));
    assert!(
        p.to_string()
            .contains("catalog/prices/acme.csv: row 3, field `price`"),
        "{p}"
    );
}

#[test]
fn unknown_references_are_rejected() {
    let p = bad_price_row(
        "h200x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert_eq!(p.field, "offer");
    let p = bad_price_row(
        "h100x8,mars-1,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert_eq!(p.field, "region");
    let p =
        bad_price_row("h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,blog,high,");
    assert_eq!(p.field, "source");

    let provider = PROVIDER.replace("\"h100-sxm5-80gb\"", "\"h100-80gb\"");
    let found = problems(&provider, &good_prices());
    assert!(
        found
            .iter()
            .any(|p| p.field == "accelerator" && p.place == "offer h100x8"),
        "{found:#?}"
    );
}

#[test]
fn dates_must_parse_and_not_lie_in_the_future() {
    let p = bad_price_row(
        "h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,last year,pricing,high,",
    );
    assert_eq!(p.field, "as_of");
    let p =
        bad_price_row("h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2027-01,pricing,high,");
    assert!(p.message.contains("future"), "{p}");
}

#[test]
fn currencies_terms_and_units_must_be_known() {
    assert_eq!(
        bad_price_row(
            "h100x8,us-east,on-demand,2.5,,GBP,accelerator-hour,,2026-09-20,pricing,high,"
        )
        .field,
        "currency"
    );
    // Known, but not a currency this provider bills in.
    assert_eq!(
        bad_price_row(
            "h100x8,us-east,on-demand,2.5,,CNY,accelerator-hour,,2026-09-20,pricing,high,"
        )
        .field,
        "currency"
    );
    assert_eq!(
        bad_price_row("h100x8,us-east,weekly,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,")
            .field,
        "term"
    );
    assert_eq!(
        bad_price_row("h100x8,us-east,on-demand,2.5,,USD,gpu-minute,,2026-09-20,pricing,high,")
            .field,
        "unit"
    );
}

#[test]
fn prices_must_be_positive_and_plausible() {
    let zero =
        bad_price_row("h100x8,us-east,on-demand,0,,USD,accelerator-hour,,2026-09-20,pricing,high,");
    assert_eq!(zero.field, "price");
    let negative = bad_price_row(
        "h100x8,us-east,on-demand,-2,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert_eq!(negative.field, "price");
    // A monthly price typed as hourly: 1,800 USD per GPU-hour.
    let absurd = bad_price_row(
        "h100x8,us-east,on-demand,1800,,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert!(absurd.message.contains("check the unit"), "{absurd}");
    let range = bad_price_row(
        "h100x8,us-east,on-demand,2.5,2.0,USD,accelerator-hour,,2026-09-20,pricing,high,",
    );
    assert_eq!(range.field, "price_high");
}

#[test]
fn spot_never_exceeds_on_demand() {
    let prices = format!(
        "{PRICES_HEADER}h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,\n\
         h100x8,us-east,spot,3.1,,USD,accelerator-hour,,2026-09-20,pricing,high,\n"
    );
    let found = problems(PROVIDER, &prices);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].place, "row 3");
    assert!(found[0].message.contains("exceeds on-demand"));
}

#[test]
fn duplicate_rows_and_offers_are_rejected() {
    let prices = format!(
        "{PRICES_HEADER}h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,pricing,high,\n\
         h100x8,us-east,on-demand,2.4,,USD,accelerator-hour,,2026-10-01,pricing,high,\n"
    );
    let found = problems(PROVIDER, &prices);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].message.contains("row 2"), "{}", found[0]);

    let twice = format!(
        "{PROVIDER}\n[[offer]]\nid = \"h100x8\"\ninstance = \"again\"\naccelerator = \"h100-sxm5-80gb\"\ncount = 8\nsource = \"pricing\"\n"
    );
    let found = problems(&twice, &good_prices());
    assert!(
        found
            .iter()
            .any(|p| p.message.contains("duplicate offer id")),
        "{found:#?}"
    );
}

#[test]
fn every_price_needs_a_source_and_a_date() {
    let p = bad_price_row("h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,,pricing,high,");
    assert_eq!(p.field, "as_of");
    let p = bad_price_row("h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,,2026-09-20,,high,");
    assert_eq!(p.field, "source");
}

#[test]
fn a_misspelt_key_in_a_provider_file_is_an_error_not_ignored() {
    let provider = PROVIDER.replace("vcpus = 208", "vpcus = 208");
    let found = problems(&provider, &good_prices());
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].message.contains("vpcus"), "{}", found[0]);
    assert_eq!(found[0].file, "catalog/providers/acme.toml");
}

#[test]
fn an_offer_without_any_price_row_is_reported() {
    let found = problems(PROVIDER, PRICES_HEADER);
    assert!(
        found.iter().any(|p| p.place == "offer acme/h100x8"),
        "{found:#?}"
    );
}

#[test]
fn accelerator_specs_must_be_sane_and_sourced() {
    let mut f = files(PROVIDER, &good_prices());
    f.accelerators.text = ACCELERATORS.replace("memory_gb = 80", "memory_gb = 80000");
    let found = load(&f, today()).unwrap_err();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        (found[0].place.as_str(), found[0].field.as_str()),
        ("accelerator h100-sxm5-80gb", "memory_gb")
    );

    f.accelerators.text =
        ACCELERATORS.replace("sources = [\"datasheet\"]", "sources = [\"rumour\"]");
    let found = load(&f, today()).unwrap_err();
    assert!(found.iter().any(|p| p.field == "sources"), "{found:#?}");
}

#[test]
fn the_provider_id_must_match_its_file() {
    let provider = PROVIDER.replace("id = \"acme\"", "id = \"acme-gpu\"");
    let found = problems(&provider, &good_prices());
    assert!(
        found
            .iter()
            .any(|p| p.place == "[provider]" && p.field == "id"),
        "{found:#?}"
    );
}

/// Copies the real catalog to a scratch folder, damages one cell, and loads it as the build does.
#[test]
fn a_damaged_cell_in_the_real_catalog_is_named_by_file_row_and_field() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let scratch = std::env::temp_dir().join(format!("gpu-atlas-catalog-{}", std::process::id()));
    copy_dir(&source, &scratch);

    let prices = scratch.join("prices/aws.csv");
    let mut reader = csv::Reader::from_path(&prices).unwrap();
    let headers = reader.headers().unwrap().clone();
    let mut records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (price, high) = (column("price"), column("price_high"));
    // A plain price, not a range, so the typo is the only thing wrong with the row.
    let index = records
        .iter()
        .position(|r| !r[price].is_empty() && r[high].is_empty())
        .unwrap();
    let mut cells: Vec<String> = records[index].iter().map(str::to_string).collect();
    cells[price] = "12;5".to_string(); // a typo: not a number
    records[index] = csv::StringRecord::from(cells);
    let row = index + 2; // as a spreadsheet counts: the header is row 1
    let mut writer = csv::Writer::from_path(&prices).unwrap();
    writer.write_record(&headers).unwrap();
    for r in &records {
        writer.write_record(r).unwrap();
    }
    writer.flush().unwrap();

    let files = CatalogFiles::read_dir(&scratch, "catalog").unwrap();
    let found = load(&files, today_or_later()).expect_err("a damaged price must fail the build");
    std::fs::remove_dir_all(&scratch).unwrap();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        found[0].to_string(),
        format!(
            "catalog/prices/aws.csv: row {row}, field `price`: \"12;5\" is not a price (a number >= 0)"
        )
    );
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------
// history/<id>.csv

const HISTORY_HEADER: &str =
    "offer,region,term,price,price_high,currency,unit,as_of,source,recorded\n";

/// The good fixture with `history` as the provider's history file.
fn with_history(history: &str) -> Result<Catalog, Vec<Problem>> {
    let mut files = files(PROVIDER, &good_prices());
    files.providers[0].history = Some(SourceFile::new("catalog/history/acme.csv", history));
    load(&files, today())
}

/// A history of one good row (row 2) and `row` (row 3): the one problem found.
fn bad_history_row(row: &str) -> Problem {
    let good = "h100x8,us-east,on-demand,2.6,,USD,accelerator-hour,2026-08-01,pricing,2026-09-01";
    let mut found = with_history(&format!("{HISTORY_HEADER}{good}\n{row}\n"))
        .expect_err("the bad row must be rejected");
    assert_eq!(found.len(), 1, "expected one problem, got {found:#?}");
    found.remove(0)
}

#[test]
fn a_history_loads_each_price_in_the_order_recorded_with_start_and_version() {
    let history = format!(
        "{HISTORY_HEADER}h100x8,us-east,on-demand,2.6,,USD,accelerator-hour,~2026-07,pricing,2026-09-01\n\
         h100x8,us-east,spot,1.2,1.6,USD,accelerator-hour,2026-09-20,pricing,2026-09-21\n\
         h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,2026-09-20,pricing,2026-10-02\n"
    );
    let catalog = with_history(&history).unwrap();
    let h = &catalog.history;
    assert_eq!(h.start, Some(AsOf::day(2026, 9, 1)));
    assert_eq!(h.version, Some(AsOf::day(2026, 10, 2)));
    let od = h.of("acme/h100x8", "us-east", Term::OnDemand).unwrap();
    let amounts: Vec<f64> = od.observations.iter().map(|o| o.amount).collect();
    assert_eq!(amounts, [2.6, 2.5]);
    assert!(od.observations[0].as_of.estimated);
    assert_eq!(
        h.of("acme/h100x8", "us-east", Term::Spot)
            .unwrap()
            .observations[0]
            .amount_high,
        Some(1.6)
    );
    assert!(h.of("acme/h100x8", "eu-west", Term::OnDemand).is_none());
    // The app gets only what moved, with the same start and version.
    let shipped = h.clone().for_app();
    assert_eq!(shipped.prices.len(), 1);
    assert_eq!((shipped.start, shipped.version), (h.start, h.version));
}

#[test]
fn a_history_row_disagreeing_with_the_price_table_is_kept() {
    // The table says 2.5; the history's newest value says 9.99: history is not the table.
    let history = format!(
        "{HISTORY_HEADER}h100x8,us-east,on-demand,9.99,,USD,accelerator-hour,2026-09-20,pricing,2026-09-21\n"
    );
    let catalog = with_history(&history).unwrap();
    let od = catalog
        .history
        .of("acme/h100x8", "us-east", Term::OnDemand)
        .unwrap();
    assert_eq!(od.current().unwrap().amount, 9.99);
}

#[test]
fn a_bad_recorded_day_names_file_row_and_field() {
    for (recorded, says) in [
        ("2026-09", "exact day"),
        ("~2026-09-02", "exact day"),
        ("yesterday", "yesterday"),
        ("", "\"\""),
        ("2027-01-01", "future"),
    ] {
        let p = bad_history_row(&format!(
            "h100x8,us-east,spot,1.2,,USD,accelerator-hour,2026-08-01,pricing,{recorded}"
        ));
        assert_eq!(p.file, "catalog/history/acme.csv");
        assert_eq!(
            (p.place.as_str(), p.field.as_str()),
            ("row 3", "recorded"),
            "{p}"
        );
        assert!(p.message.contains(says), "{recorded:?}: {p}");
    }
    // Recorded before the day it was true, or before the price's previous row.
    let p = bad_history_row(
        "h100x8,us-east,spot,1.2,,USD,accelerator-hour,2026-09-20,pricing,2026-09-10",
    );
    assert_eq!(p.field, "as_of", "{p}");
    let p = bad_history_row(
        "h100x8,us-east,on-demand,2.4,,USD,accelerator-hour,2026-08-01,pricing,2026-08-15",
    );
    assert_eq!(p.field, "recorded", "{p}");
    assert!(p.message.contains("order recorded"), "{p}");
}

#[test]
fn a_history_row_of_an_unknown_offer_region_or_source_is_rejected() {
    let p = bad_history_row(
        "h200x8,us-east,on-demand,2.5,,USD,accelerator-hour,2026-08-01,pricing,2026-09-01",
    );
    assert_eq!(
        (p.file.as_str(), p.place.as_str(), p.field.as_str()),
        ("catalog/history/acme.csv", "row 3", "offer")
    );
    assert!(p.message.contains("h200x8"), "{p}");
    let p = bad_history_row(
        "h100x8,mars-1,on-demand,2.5,,USD,accelerator-hour,2026-08-01,pricing,2026-09-01",
    );
    assert_eq!(p.field, "region");
    let p = bad_history_row(
        "h100x8,us-east,on-demand,2.5,,USD,accelerator-hour,2026-08-01,blog,2026-09-01",
    );
    assert_eq!(p.field, "source");
    let p = bad_history_row(
        "h100x8,us-east,on-demand,,,USD,accelerator-hour,2026-08-01,pricing,2026-09-01",
    );
    assert_eq!(p.field, "price");
}

#[test]
fn a_history_without_the_recorded_column_is_rejected_as_a_whole() {
    let old = "offer,region,term,price,price_high,currency,unit,as_of,source\n\
               h100x8,us-east,on-demand,2.6,,USD,accelerator-hour,2026-08-01,pricing\n";
    let problems = with_history(old).expect_err("nine columns");
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].place, "row 1");
    assert!(problems[0].message.contains("recorded"), "{}", problems[0]);
}

#[test]
fn the_real_history_is_recorded_from_the_seed_day_and_versions_the_catalog() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let files = CatalogFiles::read_dir(&dir, "catalog").unwrap();
    let catalog = load(&files, today_or_later()).unwrap();
    assert_eq!(catalog.history.start, Some(AsOf::day(2026, 12, 1)));
    // The version is the newest recorded day, read from the files themselves.
    let newest = files
        .providers
        .iter()
        .filter_map(|p| p.history.as_ref())
        .flat_map(|h| {
            h.text
                .lines()
                .skip(1)
                .filter_map(|l| l.rsplit(',').next())
                .collect::<Vec<_>>()
        })
        .filter_map(|d| AsOf::parse(d).ok())
        .max();
    assert_eq!(catalog.history.version, newest);
}

// ---------------------------------------------------------------------------------------
// live/<id>.csv

const LIVE_HEADER: &str = "offer,region,term,fact,value,as_of,source,note\n";

fn with_live(live: &str) -> Result<Catalog, Vec<Problem>> {
    let mut files = files(PROVIDER, &good_prices());
    files.providers[0].live = Some(SourceFile::new("catalog/live/acme.csv", live));
    load(&files, today())
}

#[test]
fn live_facts_attach_to_their_price_dated_and_sourced() {
    use gpu_atlas::engine::catalog::InterruptionBand;
    let catalog = with_live(&format!(
        "{LIVE_HEADER}h100x8,us-east,spot,interruption,5-10%,2026-11-29,pricing,\n\
         h100x8,us-east,on-demand,available,12,2026-11-29,pricing,machines listed\n\
         h100x8,eu-west,on-demand,available,no,2026-11-28,pricing,\n"
    ))
    .unwrap();
    let offer = &catalog.offers[0];
    let price = |region: &str, term: Term| {
        offer
            .prices
            .iter()
            .find(|p| &*p.region == region && p.term == term)
            .unwrap()
    };
    let spot = price("us-east", Term::Spot)
        .live
        .interruption
        .as_ref()
        .unwrap();
    assert_eq!(spot.band, InterruptionBand::From5To10);
    assert_eq!(spot.as_of.to_string(), "2026-11-29");
    let available = price("us-east", Term::OnDemand)
        .live
        .available
        .as_ref()
        .unwrap();
    assert_eq!(
        (available.count, available.note.as_deref()),
        (Some(12), Some("machines listed"))
    );
    assert_eq!(
        price("eu-west", Term::OnDemand)
            .live
            .available
            .as_ref()
            .unwrap()
            .count,
        Some(0)
    );
    // Unknown stays unknown: no fact, no claim.
    assert!(price("us-east", Term::OnDemand).live.interruption.is_none());
}

#[test]
fn an_interruption_band_may_be_dated_to_its_estimated_month() {
    // The band is a share over the trailing month; a stored copy that names no date (AWS's
    // advisor file) is dated to the month its reasoning supports. Capacity still needs a day.
    let catalog = with_live(&format!(
        "{LIVE_HEADER}h100x8,us-east,spot,interruption,>20%,~2026-08,pricing,copy undated\n"
    ))
    .unwrap();
    let spot = catalog.offers[0]
        .prices
        .iter()
        .find(|p| &*p.region == "us-east" && p.term == Term::Spot)
        .and_then(|p| p.live.interruption.as_ref())
        .unwrap();
    assert_eq!(spot.as_of.to_string(), "~2026-08");
    assert!(spot.as_of.estimated);
}

#[test]
fn a_bad_live_fact_names_its_file_row_and_field() {
    let cases = [
        (
            "h100x8,us-east,spot,interruption,5-15%,2026-11-29,pricing,",
            "value",
        ),
        (
            "h100x8,us-east,on-demand,interruption,<5%,2026-11-29,pricing,",
            "term",
        ),
        (
            "h100x8,us-east,on-demand,available,lots,2026-11-29,pricing,",
            "value",
        ),
        (
            "h100x8,us-east,on-demand,available,3,~2026-11,pricing,",
            "as_of",
        ),
        (
            "h100x8,us-east,on-demand,available,3,2027-01-01,pricing,",
            "as_of",
        ),
        // A band may be dated to its month, never to a year alone.
        (
            "h100x8,us-east,spot,interruption,<5%,~2026,pricing,",
            "as_of",
        ),
        (
            "h100x8,us-east,on-demand,available,3,2026-11-29,rumour,",
            "source",
        ),
        (
            "h100x8,ap-south,on-demand,available,3,2026-11-29,pricing,",
            "offer",
        ),
        (
            "h100x8,us-east,on-demand,mood,3,2026-11-29,pricing,",
            "fact",
        ),
    ];
    for (row, field) in cases {
        let found = with_live(&format!("{LIVE_HEADER}{row}\n")).expect_err(row);
        assert_eq!(found.len(), 1, "{row}: {found:#?}");
        assert_eq!(
            (
                found[0].file.as_str(),
                found[0].place.as_str(),
                found[0].field.as_str()
            ),
            ("catalog/live/acme.csv", "row 2", field),
            "{row}"
        );
    }
}
