//! The answers suite: the questions users ask, asked of the engine, each checked against a
//! second, deliberately simple computation that reads the catalog's own files (the provider
//! TOML and price CSV under `catalog/`) without the loader, the explorer or the market.
//!
//! "Cheapest" here is what the app names first: on demand, per accelerator-hour, among
//! prices at most 18 months old (older ones do not compete unless the user lets them).

use std::collections::HashMap;
use std::path::Path;

use crate::bundled;
use crate::explorer::{Competition, Explorer};
use crate::present::market::market;
use crate::present::serving_choice;
use crate::pricing::{Rates, RegionChoice};
use crate::view::state::ViewState;
use catalog::fx::Fx;
use catalog::{Area, AsOf, Currency};
use workload::crossover::Crossover;
use workload::serverless::{cold_start_seconds, COLD_STARTS_PER_DAY};
use workload::{Preset, Quant, Workload};

fn today() -> AsOf {
    AsOf::day(2026, 12, 5)
}

const CATALOG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../catalog");

/// One on-demand price row read straight from the files: whole accelerators only.
#[derive(Debug, Clone)]
struct PlainRow {
    offer: String,
    area: String,
    per_accelerator: f64,
    currency: String,
    months_old: i32,
}

/// Every on-demand price of `variant`, per accelerator-hour in its own currency.
fn plain_rows(variant: &str) -> Vec<PlainRow> {
    let dir = Path::new(CATALOG);
    let mut rows = Vec::new();
    for file in std::fs::read_dir(dir.join("providers")).unwrap() {
        let path = file.unwrap().path();
        let provider = path.file_stem().unwrap().to_str().unwrap().to_string();
        let toml: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        let list = |key: &str| toml.get(key).and_then(|v| v.as_array()).cloned();
        let areas: HashMap<String, String> = list("region")
            .unwrap_or_default()
            .iter()
            .map(|r| {
                (
                    r["id"].as_str().unwrap().into(),
                    r["area"].as_str().unwrap().into(),
                )
            })
            .collect();
        let counts: HashMap<String, f64> = list("offer")
            .unwrap_or_default()
            .iter()
            .filter(|o| o.get("accelerator").and_then(|a| a.as_str()) == Some(variant))
            .filter_map(|o| {
                let count = o.get("count")?;
                let count = count.as_float().or(count.as_integer().map(|i| i as f64))?;
                Some((o["id"].as_str()?.to_string(), count))
            })
            .collect();
        let prices = dir.join("prices").join(format!("{provider}.csv"));
        if counts.is_empty() || !prices.exists() {
            continue;
        }
        let mut reader = csv::Reader::from_path(prices).unwrap();
        for record in reader.deserialize::<HashMap<String, String>>() {
            let r = record.unwrap();
            let Some(&count) = counts.get(&r["offer"]) else {
                continue;
            };
            let Ok(price) = r["price"].parse::<f64>() else {
                continue;
            };
            let per_accelerator = match r["unit"].as_str() {
                "accelerator-hour" => price,
                "instance-hour" => price / count,
                _ => continue,
            };
            if r["term"] != "on-demand" || count < 1.0 {
                continue;
            }
            rows.push(PlainRow {
                offer: format!("{provider}/{}", r["offer"]),
                area: areas.get(&r["region"]).cloned().unwrap_or_default(),
                per_accelerator,
                currency: r["currency"].clone(),
                months_old: months_old(&r["as_of"]),
            });
        }
    }
    rows
}

/// Whole months from a catalog date ("2026-08-17", "2026-03", "~2025") to today; a date
/// without a month counts from January, as the app does.
fn months_old(date: &str) -> i32 {
    let mut parts = date.trim_start_matches('~').split('-');
    let year: i32 = parts.next().unwrap().parse().unwrap();
    let month: i32 = parts.next().map_or(1, |m| m.parse().unwrap());
    (2026 * 12 + 12) - (year * 12 + month)
}

/// The newest reference rate of one US dollar in `currency`, from `catalog/fx.csv`.
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

/// The simple answer: the cheapest current price in `currency`, optionally in one area.
fn plain_cheapest(variant: &str, currency: &str, area: Option<&str>) -> (f64, Vec<String>) {
    let to = plain_rate(currency);
    let rows: Vec<(f64, String)> = plain_rows(variant)
        .into_iter()
        .filter(|r| r.months_old <= 18 && area.is_none_or(|a| r.area == a))
        .map(|r| (r.per_accelerator / plain_rate(&r.currency) * to, r.offer))
        .collect();
    let best = rows.iter().map(|r| r.0).fold(f64::INFINITY, f64::min);
    let at: Vec<String> = rows
        .into_iter()
        .filter(|r| (r.0 - best).abs() < 1e-9 * best.max(1.0))
        .map(|r| r.1)
        .collect();
    (best, at)
}

/// The engine's answer: the market's cheapest on demand for `variant` in `state`.
fn engine_cheapest(state: &ViewState, variant: &str) -> (f64, String) {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), state.custom_rate);
    let rows = market(&explorer, state, &rates, &today());
    let row = rows.iter().find(|r| r.accelerator.id == variant).unwrap();
    let pick = row.cheapest.as_ref().unwrap();
    (pick.per_accelerator, pick.row.entry.offer.id.clone())
}

fn asked(currency: Currency, area: Option<Area>) -> ViewState {
    let mut state = ViewState::default();
    state.price.currency = currency;
    if let Some(area) = area {
        state.regions = RegionChoice {
            areas: [area].into(),
            ..RegionChoice::default()
        };
    }
    state
}

fn agree(question: &str, engine: (f64, String), plain: (f64, Vec<String>)) {
    println!("{question}: {} at {:.4}", engine.1, engine.0);
    assert!(
        (engine.0 - plain.0).abs() <= 1e-6 * plain.0,
        "{question}: engine {engine:?}, plain walk {plain:?}"
    );
    assert!(
        plain.1.contains(&engine.1),
        "{question}: {engine:?} vs {plain:?}"
    );
}

#[test]
fn the_cheapest_current_h100_sxm_h200_and_b200_in_usd() {
    for variant in ["h100-sxm5-80gb", "h200-141gb", "b200"] {
        agree(
            &format!("cheapest {variant}, USD"),
            engine_cheapest(&asked(Currency::Usd, None), variant),
            plain_cheapest(variant, "USD", None),
        );
    }
}

#[test]
fn the_cheapest_current_h100_sxm_in_the_eu_in_eur() {
    agree(
        "cheapest H100 SXM, EU, EUR",
        engine_cheapest(&asked(Currency::Eur, Some(Area::Eu)), "h100-sxm5-80gb"),
        plain_cheapest("h100-sxm5-80gb", "EUR", Some("eu")),
    );
}

#[test]
fn the_cheapest_current_h100_sxm_in_cny() {
    agree(
        "cheapest H100 SXM, CNY",
        engine_cheapest(&asked(Currency::Cny, None), "h100-sxm5-80gb"),
        plain_cheapest("h100-sxm5-80gb", "CNY", None),
    );
}

/// Serve an 8B model at 1M output tokens a day: the cheapest serverless offer costs its busy
/// hours and cold starts, billed by the second (never 24 hours), and the crossover is where
/// a plain line through the two daily costs meets.
#[test]
fn serving_8b_at_1m_tokens_a_day_serverless_against_always_on() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let mut job = Preset::Serve70bInt8.job();
    if let Workload::Inference {
        params_b, quant, ..
    } = &mut job.workload
    {
        *params_b = 8.0;
        *quant = Quant::Bf16;
    }
    let state = ViewState {
        job: Some(job.clone()),
        ..ViewState::default()
    };
    let rows = explorer.show(&state, &rates, &today()).rows;
    let competition = Competition::of(&state, &today());
    let choice =
        serving_choice::choice(&job, &rows, &rates, competition, None, Currency::Usd).unwrap();
    let serverless = choice.serverless.clone().unwrap();
    let always_on = choice.always_on.clone().unwrap();
    // The plain bill of every serverless row shown: per second, 24 starts of 15 s + 16 GB.
    let plain = rows
        .iter()
        .filter(|r| {
            r.quote
                .as_ref()
                .is_some_and(|q| q.term == catalog::Term::Serverless)
        })
        .filter(|r| r.quote.as_ref().is_some_and(|q| competition.admits(q)))
        .filter_map(|r| {
            let per_hour = r.quote.as_ref()?.native_per_hour?;
            let tps = r.job.as_ref()?.tokens_per_second?;
            let starts = f64::from(COLD_STARTS_PER_DAY);
            let busy_seconds = 1e6 / tps;
            let per_start = (busy_seconds / starts + cold_start_seconds(16e9)).ceil();
            Some((
                starts * per_start / 3_600.0 * per_hour,
                r.entry.offer.id.clone(),
            ))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    println!(
        "serve 8B, 1M/day: serverless {} {:.3}/day, always-on {} {:.2}/day, crossover {:?}",
        serverless.offer, serverless.per_day, always_on.offer, always_on.per_day, choice.crossover
    );
    assert!(
        (serverless.per_day - plain.0).abs() < 1e-9,
        "{serverless:?} vs {plain:?}"
    );
    assert!(serverless.per_day < always_on.per_day);
    // The always-on offer is kept 24 hours: a day is 24 times its hourly price.
    let kept = rows
        .iter()
        .find(|r| r.entry.offer.id == always_on.offer)
        .and_then(|r| r.quote.as_ref()?.native_per_hour)
        .unwrap();
    assert!((always_on.per_day - 24.0 * kept).abs() < 1e-9);
    // Where the plain serverless line (starts fixed, busy time growing with the volume)
    // reaches the always-on day, within one instance's capacity.
    let Some(Crossover::At { tokens_per_day }) = choice.crossover else {
        panic!("{:?}", choice.crossover);
    };
    let row = rows
        .iter()
        .find(|r| r.entry.offer.id == serverless.offer)
        .unwrap();
    let tps = row.job.as_ref().unwrap().tokens_per_second.unwrap();
    let per_hour = row.quote.as_ref().unwrap().native_per_hour.unwrap();
    let starts_hours = f64::from(COLD_STARTS_PER_DAY) * cold_start_seconds(16e9) / 3_600.0;
    let simple = (always_on.per_day / per_hour - starts_hours) * tps * 3_600.0;
    assert!(
        (tokens_per_day / simple - 1.0).abs() < 0.01,
        "{tokens_per_day} vs {simple}"
    );
}

/// The cheapest LoRA fine-tune of a 7B model on 100M tokens, over every current offer: the
/// engine's answer against the plain formula 4 · N · D / (peak · MFU) hours × the hourly price,
/// over the one-accelerator offers (no scaling to assume).
#[test]
fn the_cheapest_lora_7b_fine_tune() {
    use workload::hardware::default_mfu_for;
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let state = ViewState {
        job: Some(Preset::LoraFineTune7b.job()),
        ..ViewState::default()
    };
    let competition = Competition::of(&state, &today());
    let rows = explorer.show(&state, &rates, &today()).rows;
    let competing =
        |r: &&crate::explorer::Row<'_>| r.quote.as_ref().is_some_and(|q| competition.admits(q));
    let engine = rows
        .iter()
        .filter(competing)
        .filter(|r| r.job.as_ref().is_some_and(|j| !j.does_not_fit()))
        .filter_map(|r| Some((r.job.as_ref()?.cost?, r.entry.offer.id.clone())))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    let flops = 4.0 * 7e9 * 0.1e9;
    let plain = rows
        .iter()
        .filter(competing)
        .filter(|r| r.entry.divisors.accelerators == Some(1.0))
        .filter_map(|r| {
            let a = r.entry.accelerator?;
            let peak = a.specs.bf16_tflops.or(a.specs.fp16_tflops)?;
            // The 7B weights (14 GB) and adapters fit on 24 GB and more.
            if a.specs.memory_gb? < 24.0 {
                return None;
            }
            let mfu = default_mfu_for(a.architecture.as_deref(), a.specs.memory_bandwidth_gbs).mfu;
            let hours = flops / (peak * 1e12 * mfu) / 3_600.0;
            let q = r.quote.as_ref()?;
            let usd = q.native_per_hour? / plain_rate(q.native_currency.code());
            Some((hours * usd, r.entry.offer.id.clone()))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap();
    println!("cheapest LoRA-7B: engine {engine:?}, plain {plain:?}");
    assert_eq!(engine.1, plain.1);
    assert!(
        (engine.0 / plain.0 - 1.0).abs() < 0.01,
        "{engine:?} vs {plain:?}"
    );
}

/// The cheapest hosted API for a model, read plainly from `catalog/api/prices.csv`: a day of
/// `output` and `input` tokens (no cache hits) at the lowest USD price of any provider.
fn plain_api_day(model: &str, output: f64, input: f64) -> f64 {
    let text = std::fs::read_to_string(format!("{CATALOG}/api/prices.csv")).unwrap();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (m, i, o, c) = (col("model"), col("input"), col("output"), col("currency"));
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[m] == model && f[c] == "USD")
        .filter_map(|f| {
            let price = |k: usize| f[k].parse::<f64>().ok();
            Some((input * price(i)? + output * price(o)?) / 1e6)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Serve Llama 3.1 70B at 10k, 1M and 100M output tokens a day: the cheapest hosted API (read
/// plainly from the price file, at a 3:1 prompt mix), the cheapest always-on offer (instances
/// the load needs, kept 24 hours), the cheapest serverless offer (cold starts and busy time,
/// to the offer's billing increment), and the volume from which a GPU costs no more than the
/// API, found by a plain scan of the plain lines.
#[test]
fn serving_70b_an_api_against_a_gpu_at_three_volumes() {
    let catalog = bundled::catalog().unwrap();
    let api = bundled::api_catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let model = "llama-3.1-70b";
    let size = api.model(model).and_then(|m| m.params_b).unwrap();
    let job_at = |output: f64, input: f64| {
        let mut job = Preset::Serve70bInt8.job();
        if let Workload::Inference {
            params_b,
            tokens_per_day,
            input_tokens_per_day,
            concurrency,
            model: named,
            ..
        } = &mut job.workload
        {
            // Chosen by name, the job takes the model's own size; a busy service batches
            // 128 sequences.
            *params_b = size;
            *concurrency = 128;
            *tokens_per_day = output;
            *input_tokens_per_day = input;
            *named = Some(model.to_string());
        }
        job
    };
    for volume in [1e4, 1e6, 1e8] {
        // The API side alone, with prompts: three prompt tokens per output token.
        let job = job_at(volume, 3.0 * volume);
        let way = crate::present::api_way::cheapest(&api, &job, &rates, Currency::Usd).unwrap();
        let plain = plain_api_day(model, volume, 3.0 * volume);
        assert!(
            (way.per_day / plain - 1.0).abs() < 1e-9,
            "{volume}: {way:?} vs {plain}"
        );

        // The three ways, without prompts (so a GPU's busy time is decode alone).
        let job = job_at(volume, 0.0);
        let state = ViewState {
            job: Some(job.clone()),
            ..ViewState::default()
        };
        let rows = explorer.show(&state, &rates, &today()).rows;
        let competition = Competition::of(&state, &today());
        let choice =
            serving_choice::choice(&job, &rows, &rates, competition, Some(&api), Currency::Usd)
                .unwrap();
        let api_day = choice.api.as_ref().unwrap().per_day;
        assert!((api_day / plain_api_day(model, volume, 0.0) - 1.0).abs() < 1e-9);
        // Always-on: the instances a day's decode needs, in whole copies, kept 24 hours.
        let always_on_day = |r: &crate::explorer::Row<'_>, v: f64| -> Option<f64> {
            let q = r.quote.as_ref()?;
            let figures = r.job.as_ref()?;
            let group = f64::from(figures.copy_instances?);
            let busy = v / (figures.tokens_per_second? * 3_600.0);
            let instances = (busy / 24.0 / group).ceil().max(1.0) * group;
            // More instances than the calculator considers is no answer.
            (instances <= f64::from(workload::hardware::MAX_INSTANCES))
                .then(|| instances * 24.0 * q.native_per_hour.unwrap_or(f64::NAN))
                .filter(|day| day.is_finite())
        };
        let eligible: Vec<_> = rows
            .iter()
            .filter(|r| {
                r.quote.as_ref().is_some_and(|q| {
                    !matches!(q.term, catalog::Term::Serverless | catalog::Term::Free)
                        && competition.admits(q)
                })
            })
            .filter(|r| {
                r.job.as_ref().is_some_and(|f| {
                    f.cost.is_some()
                        && !matches!(
                            f.fit,
                            workload::Fit::DoesNotFit { .. }
                                | workload::Fit::Instances {
                                    clustering_assumed: true,
                                    ..
                                }
                        )
                })
            })
            .collect();
        let cheapest_always_on = |v: f64| {
            eligible
                .iter()
                .filter_map(|r| Some((always_on_day(r, v)?, r.entry.offer.id.clone())))
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        let plain_always_on = cheapest_always_on(volume).unwrap();
        let always_on = choice.always_on.as_ref().unwrap();
        println!(
            "70B at {volume}: API {} {api_day:.2}/day; always-on {} {:.2}/day (plain {} {:.2}); break-even {:?}",
            choice.api.as_ref().unwrap().provider,
            always_on.offer,
            always_on.per_day,
            plain_always_on.1,
            plain_always_on.0,
            choice.break_even
        );
        assert!((always_on.per_day / plain_always_on.0 - 1.0).abs() < 1e-9);

        // Serverless: 24 cold starts a day per worker, each billed its share of the busy
        // time plus the cold start, rounded up to the offer's increment.
        let serverless_day = |r: &crate::explorer::Row<'_>, v: f64| -> Option<f64> {
            let q = r.quote.as_ref()?;
            let figures = r.job.as_ref()?;
            let price = crate::explorer::price_input(r.entry, q, &rates)?;
            let group = f64::from(figures.copy_instances?);
            let busy = v / (figures.tokens_per_second? * 3_600.0);
            let workers = (busy / 24.0 / group).ceil().max(1.0) * group;
            if workers > f64::from(workload::hardware::MAX_INSTANCES) {
                return None;
            }
            let starts = f64::from(COLD_STARTS_PER_DAY) * workers;
            let run = busy * 3_600.0 / starts + cold_start_seconds(size * 1e9);
            let step = f64::from(price.billing_seconds.unwrap_or(1).max(1));
            let billed = ((run / step).ceil() * step)
                .max(f64::from(price.minimum_charge_seconds.unwrap_or(0)));
            Some(starts * billed / 3_600.0 * q.native_per_hour?)
        };
        let serverless_rows: Vec<_> =
            rows.iter()
                .filter(|r| {
                    r.quote.as_ref().is_some_and(|q| {
                        q.term == catalog::Term::Serverless && competition.admits(q)
                    }) && r.job.as_ref().is_some_and(|f| {
                        // An offer costed on an assumed cluster is not named (as always-on).
                        f.cost.is_some()
                            && !matches!(
                                f.fit,
                                workload::Fit::DoesNotFit { .. }
                                    | workload::Fit::Instances {
                                        clustering_assumed: true,
                                        ..
                                    }
                            )
                    })
                })
                .collect();
        let cheapest_serverless = |v: f64| {
            serverless_rows
                .iter()
                .filter_map(|r| Some((serverless_day(r, v)?, *r)))
                .min_by(|a, b| a.0.total_cmp(&b.0))
        };
        let plain_serverless = cheapest_serverless(volume).unwrap();
        let serverless = choice.serverless.as_ref().unwrap();
        assert!(
            (serverless.per_day / plain_serverless.0 - 1.0).abs() < 1e-6,
            "{serverless:?} vs {} {} {:?} {:?}",
            plain_serverless.0,
            plain_serverless.1.entry.offer.id,
            plain_serverless.1.job,
            plain_serverless.1.quote
        );

        // The break-even: the first volume where the cheapest plain GPU day (serverless or
        // always-on) is no dearer than the plain API day, scanned 200 steps a decade.
        let api_line = |v: f64| plain_api_day(model, v, 0.0);
        let gpu_line = |v: f64| {
            let a = cheapest_always_on(v).map(|c| c.0);
            let s = cheapest_serverless(v).map(|c| c.0);
            a.into_iter().chain(s).min_by(f64::total_cmp)
        };
        let first = (0..=2_000)
            .map(|k| 1e3 * 10f64.powf(f64::from(k) / 200.0))
            .find(|&v| gpu_line(v).is_some_and(|gpu| gpu <= api_line(v)));
        match (choice.break_even, first) {
            (Some(workload::crossing::Crossing::At { tokens_per_day }), Some(first)) => assert!(
                (tokens_per_day / first - 1.0).abs() < 0.012,
                "{tokens_per_day} vs {first}"
            ),
            (Some(workload::crossing::Crossing::FirstThroughout { .. }), None) => {}
            other => panic!("{other:?}"),
        }
    }
}
