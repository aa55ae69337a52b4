//! The command's answers are the engine's: each question is asked of `gpu-atlas` (its JSON)
//! and of the engine directly for the same view, and the two must agree; where the answer is
//! a single figure it is also checked against a plain reading of the catalog's own files
//! (`catalog/`), without the loader or the explorer.

use std::collections::HashMap;
use std::path::Path;

use engine::bundled;
use engine::catalog::fx::Fx;
use engine::catalog::{Area, AsOf, Currency, Term};
use engine::explorer::Explorer;
use engine::present::market::market;
use engine::pricing::{PriceBasis, Rates};
use engine::share;
use engine::view::state::ViewState;
use engine::workload::Preset;
use gpu_atlas_cli::{failure::Failure, run};
use serde_json::Value;

const CATALOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../catalog");
const TODAY: &str = "2026-12-06";

fn today() -> AsOf {
    AsOf::parse(TODAY).unwrap()
}

/// What `gpu-atlas <args>` prints, or why it failed.
fn gpu_atlas(args: &[&str]) -> Result<String, Failure> {
    let mut out = Vec::new();
    let argv = ["gpu-atlas", "--today", TODAY]
        .iter()
        .chain(args)
        .map(|s| s.into());
    run(argv, &mut out)?;
    Ok(String::from_utf8(out).unwrap())
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let text = gpu_atlas(&all).unwrap_or_else(|f| panic!("{args:?}: {f:?}"));
    serde_json::from_str(&text).unwrap()
}

fn rates(catalog: &engine::catalog::Catalog) -> Rates {
    Rates::new(Fx::newest(&catalog.fx), None)
}

/// The newest reference rate of one US dollar in `currency`, read from `catalog/fx.csv`.
fn plain_rate(currency: &str) -> f64 {
    if currency == "USD" {
        return 1.0;
    }
    let mut reader = csv::Reader::from_path(Path::new(CATALOG).join("fx.csv")).unwrap();
    reader
        .deserialize::<HashMap<String, String>>()
        .map(Result::unwrap)
        .filter(|r| r["base"] == "USD" && r["quote"] == currency)
        .max_by(|a, b| a["date"].cmp(&b["date"]))
        .map(|r| r["rate"].parse().unwrap())
        .unwrap()
}

/// The rows of `catalog/<dir>/<provider>.csv` for one offer, region and term.
fn plain_rows(dir: &str, offer: &str, region: &str, term: &str) -> Vec<HashMap<String, String>> {
    let (provider, instance) = offer.split_once('/').unwrap();
    let path = Path::new(CATALOG).join(dir).join(format!("{provider}.csv"));
    csv::Reader::from_path(path)
        .unwrap()
        .deserialize::<HashMap<String, String>>()
        .map(Result::unwrap)
        .filter(|r| r["offer"] == instance && r["region"] == region && r["term"] == term)
        .collect()
}

#[test]
fn the_cheapest_h100_sxm_in_the_eu_in_eur_is_the_engines() {
    let answer = json(&[
        "cheapest",
        "h100-sxm5-80gb",
        "--region",
        "eu",
        "--currency",
        "eur",
    ]);
    let first = &answer["offers"][0];
    let (offer, price) = (
        first["offer"].as_str().unwrap(),
        first["price"].as_f64().unwrap(),
    );

    // The engine: the market's cheapest for the same view, built by hand.
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let mut state = ViewState::default();
    state.price.currency = Currency::Eur;
    state.regions.areas = [Area::Eu].into();
    let rows = market(&explorer, &state, &rates(&catalog), &today());
    let row = rows
        .iter()
        .find(|r| r.accelerator.id == "h100-sxm5-80gb")
        .unwrap();
    let pick = row.cheapest.as_ref().unwrap();
    assert_eq!(offer, pick.row.entry.offer.id);
    assert!(
        (price - pick.per_accelerator).abs() < 1e-9,
        "{price} vs {}",
        pick.per_accelerator
    );

    // The plain reading: that offer's row in its provider's price file, per accelerator,
    // converted to euros at the newest reference rates.
    let region = first["region"].as_str().unwrap();
    let plain = plain_rows("prices", offer, region, "on-demand");
    assert_eq!(plain.len(), 1, "{offer} {region}: {plain:?}");
    let r = &plain[0];
    let count = first["count"].as_f64().unwrap();
    let per_accelerator = match r["unit"].as_str() {
        "accelerator-hour" => r["price"].parse::<f64>().unwrap(),
        "instance-hour" => r["price"].parse::<f64>().unwrap() / count,
        other => panic!("unit {other}"),
    };
    let eur = per_accelerator / plain_rate(&r["currency"]) * plain_rate("EUR");
    assert!((price - eur).abs() < 1e-6 * eur, "{price} vs plain {eur}");
    // And the claim carries the row's day and a source a reader can open.
    assert_eq!(first["as_of"], r["as_of"].as_str());
    assert!(first["source"]["url"].as_str().unwrap().starts_with("http"));
    // The same view's other answers name the same offer first.
    let market_line = json(&[
        "market",
        "--gpu",
        "h100-sxm5-80gb",
        "--region",
        "eu",
        "--currency",
        "eur",
    ]);
    assert_eq!(
        market_line["variants"][0]["on_demand"]["cheapest"]["offer"],
        offer
    );
    let slice = json(&["gpu", "h100-sxm5-80gb", "--currency", "eur"]);
    let eu = slice["areas"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["area"] == "eu")
        .unwrap();
    assert_eq!(eu["on_demand"]["cheapest"]["offer"], offer);
}

#[test]
fn a_7b_training_job_on_p5_costs_what_the_engine_and_a_plain_sum_say() {
    let answer = json(&[
        "cost",
        "train",
        "--params",
        "7b",
        "--tokens",
        "1t",
        "--offer",
        "aws/p5.48xlarge",
    ]);
    let cost = answer["figures"]["cost"].as_f64().unwrap();
    let hours = answer["figures"]["hours"].as_f64().unwrap();

    // The engine: the calculator's own 7B-on-1T preset, on the same offer.
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let state = ViewState {
        job: Some(Preset::Pretrain7b1t.job()),
        ..ViewState::default()
    };
    let row = explorer
        .row("aws/p5.48xlarge", &state, &rates(&catalog))
        .unwrap();
    let figures = row.job.unwrap();
    // Equal but for JSON's last bit (serde_json reads floats to within one ulp).
    let same = |a: f64, b: Option<f64>| b.is_some_and(|b| (a - b).abs() <= 1e-12 * b.abs());
    assert!(same(cost, figures.cost), "{cost} vs {:?}", figures.cost);
    assert!(
        same(hours, figures.wall_hours),
        "{hours} vs {:?}",
        figures.wall_hours
    );

    // The plain sum: 6 × parameters × tokens at 40 % of eight H100s' dense 989 BF16 TFLOPS,
    // billed per second at the row's hourly price.
    let plain = plain_rows("prices", "aws/p5.48xlarge", "us-east-1", "on-demand");
    let price: f64 = plain[0]["price"].parse().unwrap();
    let seconds: f64 = 6.0 * 7e9 * 1e12 / (8.0 * 989e12 * 0.40);
    let plain_cost = seconds.ceil() / 3600.0 * price;
    assert!(
        (hours - seconds / 3600.0).abs() < 0.01,
        "{hours} h vs plain {}",
        seconds / 3600.0
    );
    assert!(
        (cost - plain_cost).abs() < 1e-3 * plain_cost,
        "{cost} vs plain {plain_cost}"
    );
}

#[test]
fn a_price_on_a_past_day_is_the_historys_and_the_files() {
    let day = "2025-10-15";
    let answer = json(&[
        "price",
        "aws/p5.48xlarge",
        "--at",
        day,
        "--region",
        "us-east-1",
        "--term",
        "spot",
    ]);
    let prices = answer["prices"].as_array().unwrap();
    assert_eq!(prices.len(), 1);
    let then = &prices[0]["then"];

    // The engine: the history's value true on that day.
    let catalog = bundled::catalog().unwrap();
    let history = catalog
        .history
        .of("aws/p5.48xlarge", "us-east-1", Term::Spot)
        .unwrap();
    let true_then = history.true_on(AsOf::parse(day).unwrap()).unwrap();
    assert_eq!(then["amount"].as_f64(), Some(true_then.amount));
    assert_eq!(then["as_of"], true_then.as_of.to_string());

    // The plain reading: of the observations in catalog/history/aws.csv, the latest dated on
    // or before the day (an estimated or partial date counts from its first day).
    let first_day = |d: &str| {
        let d = d.trim_start_matches('~');
        match d.len() {
            4 => format!("{d}-01-01"),
            7 => format!("{d}-01"),
            _ => d.to_string(),
        }
    };
    let plain = plain_rows("history", "aws/p5.48xlarge", "us-east-1", "spot")
        .into_iter()
        .filter(|r| first_day(&r["as_of"]).as_str() <= day)
        .max_by(|a, b| first_day(&a["as_of"]).cmp(&first_day(&b["as_of"])))
        .unwrap();
    assert_eq!(then["amount"].as_f64(), plain["price"].parse().ok());
    assert_eq!(then["as_of"], plain["as_of"].as_str());
    assert_eq!(then["source"]["id"], plain["source"].as_str());
    // A day before anything the catalog knows is unknown, and says so.
    let before = json(&[
        "price",
        "aws/p5.48xlarge",
        "--at",
        "2020-01-01",
        "-r",
        "us-east-1",
        "-t",
        "spot",
    ]);
    assert!(before["prices"][0]["then"].is_null());
    assert!(before["prices"][0]["note"]
        .as_str()
        .unwrap()
        .contains("earliest"));
}

#[test]
fn the_link_is_the_apps_link_of_the_same_view() {
    let answer = json(&[
        "link",
        "h100",
        "--region",
        "eu",
        "--currency",
        "eur",
        "--base",
        "https://example.org/gpu-atlas",
    ]);
    let mut state = ViewState::default();
    state.filters.search = "h100".into();
    state.regions.areas = [Area::Eu].into();
    state.choose_currency(Currency::Eur);
    let catalog = bundled::catalog().unwrap();
    let expected = share::stamp::stamped(&state, catalog.history.version).query;
    assert_eq!(
        answer["link"],
        format!("https://example.org/gpu-atlas/?{expected}")
    );
    // Read back by the app's decoder, the link is the view again.
    let decoded = share::decode(&expected, &|_| true);
    assert!(decoded.ignored.is_empty());
    assert_eq!(decoded.state.filters, state.filters);
    assert_eq!(decoded.state.regions, state.regions);
    assert_eq!(decoded.state.price.currency, Currency::Eur);
}

#[test]
fn offers_are_the_tables_rows_in_its_order() {
    let answer = json(&[
        "offers",
        "a100",
        "--currency",
        "cny",
        "--unit",
        "accelerator",
        "-n",
        "5",
    ]);
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let mut state = ViewState::default();
    state.filters.search = "a100".into();
    state.choose_currency(Currency::Cny);
    state.price.basis = PriceBasis::Accelerator;
    let shown = explorer.show(&state, &rates(&catalog), &today());
    let listed: Vec<&str> = answer["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["offer"].as_str().unwrap())
        .collect();
    let rows: Vec<&str> = shown
        .rows
        .iter()
        .take(5)
        .map(|r| r.entry.offer.id.as_str())
        .collect();
    assert_eq!(listed, rows);
    assert_eq!(answer["matched"].as_u64(), Some(shown.rows.len() as u64));
    for (o, row) in answer["offers"].as_array().unwrap().iter().zip(&shown.rows) {
        assert_eq!(o["price"].as_f64(), row.quote.as_ref().unwrap().value);
        assert!(o["unit"].is_null(), "the unit is said once, at the top");
    }
    assert_eq!(answer["unit"]["currency"], "CNY");
}

#[test]
fn a_newer_catalog_from_a_file_answers_like_the_built_in_one() {
    let catalog = bundled::catalog().unwrap();
    let path = std::env::temp_dir().join(format!("gpu-atlas-cli-test-{}.json", std::process::id()));
    std::fs::write(&path, engine::catalog::file::to_file(&catalog)).unwrap();
    let from_file = json(&["--catalog", path.to_str().unwrap(), "market", "-n", "5"]);
    let built_in = json(&["market", "-n", "5"]);
    assert_eq!(from_file, built_in);
    // A damaged file is refused with exit status 3, naming the file.
    std::fs::write(&path, "{\"providers\": [").unwrap();
    let failure = gpu_atlas(&["--catalog", path.to_str().unwrap(), "market"]).unwrap_err();
    assert_eq!(failure.code, Failure::CATALOG);
    assert!(
        failure.message.contains(path.to_str().unwrap()),
        "{}",
        failure.message
    );
    std::fs::remove_file(&path).ok();
}

/// Serves `body` once per connection at any path on a local port, for `--catalog http://…`;
/// a path ending `missing.json` gets a 404.
fn serve(body: String) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut request = [0u8; 4096];
            let n = stream.read(&mut request).unwrap_or(0);
            let head = String::from_utf8_lossy(&request[..n]);
            let reply = if head.lines().next().unwrap_or("").contains("missing.json") {
                "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .to_string()
            } else {
                format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                )
            };
            let _ = stream.write_all(reply.as_bytes());
        }
    });
    format!("http://{address}")
}

#[test]
fn a_newer_catalog_by_address_answers_like_the_built_in_one() {
    let catalog = bundled::catalog().unwrap();
    let site = serve(engine::catalog::file::to_file(&catalog));
    let url = format!("{site}/gpu-atlas/data/v1/catalog.json");
    let from_site = json(&["--catalog", &url, "cheapest", "b200", "-n", "2"]);
    assert_eq!(from_site, json(&["cheapest", "b200", "-n", "2"]));
    let missing = format!("{site}/missing.json");
    let failure = gpu_atlas(&["--catalog", &missing, "market"]).unwrap_err();
    assert_eq!(failure.code, Failure::CATALOG);
    assert!(failure.message.contains("404"), "{}", failure.message);
}

#[test]
fn wrong_values_say_which_flag_and_exit_2_and_no_answer_exits_1() {
    let usage = |args: &[&str]| {
        let failure = gpu_atlas(args).unwrap_err();
        assert_eq!(failure.code, Failure::USAGE, "{args:?}: {failure:?}");
        failure.message
    };
    assert!(usage(&["offers", "--currency", "gbp"]).starts_with("--currency"));
    let gpu = usage(&["offers", "--gpu", "h100"]);
    assert!(
        gpu.contains("did you mean") && gpu.contains("h100-sxm5-80gb"),
        "{gpu}"
    );
    assert!(usage(&["offers", "--provider", "nosuchcloud"]).contains("--provider"));
    assert!(usage(&["offers", "--max-age", "soon"]).contains("--max-age"));
    assert!(usage(&["offers", "--mem", "-5"]).starts_with("--mem"));
    assert!(usage(&["offers", "--price", "3..1"]).starts_with("--price"));
    let params = usage(&["cost", "train", "--params=-7b"]);
    assert!(params.starts_with("--params"), "{params}");
    assert!(usage(&["cost", "serve", "--tokens-per-day", "lots"]).starts_with("--tokens-per-day"));
    assert!(usage(&["price", "aws/nope", "--at", "2026-01-01"]).contains("aws/nope"));
    assert!(usage(&["price", "aws/p5.48xlarge", "--at", "yesterday"]).contains("--at"));
    assert!(usage(&["offers", "--set", "nonsense"]).contains("key=value"));
    assert!(usage(&["offers", "--link", "https://x/?zz=1"]).contains("zz"));
    assert!(usage(&["nosuchcommand"]).contains("nosuchcommand"));
    let nothing = gpu_atlas(&["offers", "zzzz-no-such-offer"]).unwrap_err();
    assert_eq!(nothing.code, Failure::NOTHING);
    // Help is an answer: examples included.
    let help = gpu_atlas(&["--help"]).unwrap();
    assert!(help.contains("Examples:") && help.contains("gpu-atlas mcp"));
}

#[test]
fn a_table_and_csv_hold_the_same_rows_as_the_json() {
    let args = ["offers", "--gpu", "b200", "--term", "spot", "-n", "4"];
    let table = gpu_atlas(&args).unwrap();
    let mut csv_args = args.to_vec();
    csv_args.push("--csv");
    let csv_text = gpu_atlas(&csv_args).unwrap();
    let listed = json(&args);
    for offer in listed["offers"].as_array().unwrap() {
        let instance = offer["instance"].as_str().unwrap();
        assert!(table.contains(instance), "{instance} not in\n{table}");
        assert!(csv_text.contains(instance));
    }
    assert_eq!(
        csv_text.lines().count(),
        1 + listed["offers"].as_array().unwrap().len()
    );
}

#[test]
fn the_command_line_is_well_formed() {
    use clap::CommandFactory;
    gpu_atlas_cli::args::Cli::command().debug_assert();
}

#[test]
fn a_fit_on_an_assumed_cluster_is_marked_and_multi_node_leaves_it_out() {
    let args = [
        "cost",
        "serve",
        "--model",
        "llama-3.1-70b",
        "--tokens-per-day",
        "100m",
        "-n",
        "30",
    ];
    let listed = json(&args);
    let jobs: Vec<&Value> = listed["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["job"])
        .collect();
    let assumed: Vec<&&Value> = jobs
        .iter()
        .filter(|j| j["clustering_assumed"] == true)
        .collect();
    assert!(
        !assumed.is_empty(),
        "the cheapest 30 include an assumed cluster"
    );
    assert!(assumed
        .iter()
        .all(|j| j["fit"].as_str().unwrap().starts_with('?')));
    assert!(gpu_atlas(&args).unwrap().contains("Rows marked ?"));
    let mut clustered = args.to_vec();
    clustered.push("--multi-node");
    let stated = json(&clustered);
    assert!(stated["offers"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["job"]["clustering_assumed"] == false));
}
