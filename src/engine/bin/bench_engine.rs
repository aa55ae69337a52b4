//! How long the engine's steps take natively, from the real catalog up to 100k offers:
//! `cargo run --release --bin bench_engine [-- --runs 7 --json target/bench/engine.json]`.
//!
//! A timing binary, not a test: nothing here asserts a time. For each size it builds the real
//! catalog multiplied to that many offers (`engine::bench::multiplied`, not timed) and prints
//! the median, minimum and maximum over `--runs` runs of each step the app takes: decoding the
//! catalog JSON, building the explorer, showing a view (filter, price, sort) for the changes a
//! user makes — in one pass, and as the app runs it, re-running only the stages a change
//! touches — and the rank panel's work (metrics, ranking, both Pareto frontiers, the "why"
//! sentences of the first 25, and what it keeps between weight changes to write them). `scripts/bench.sh` runs it and puts the numbers in its report.
//! The release profile optimises for size (`opt-level = "z"`), as the wasm build does.

/// The browser build compiles every binary of the crate; this one has nothing to do there.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::collections::HashMap;
    use std::hint::black_box;
    use std::time::Instant;

    use gpu_atlas_engine::bench::multiplied;
    use gpu_atlas_engine::bundled;
    use gpu_atlas_engine::catalog::fx::Fx;
    use gpu_atlas_engine::catalog::Lang;
    use gpu_atlas_engine::catalog::{Catalog, Currency, Vendor};
    use gpu_atlas_engine::explorer::{metrics, Competition, Explorer, Row};
    use gpu_atlas_engine::present::market::market;
    use gpu_atlas_engine::present::market::markup::{lines, market_table, market_window};
    use gpu_atlas_engine::pricing::Rates;
    use gpu_atlas_engine::scoring::{
        pareto, rank, why_among, why_in, Constraints, Frontier, Metrics, Weights, WhyContext,
    };
    use gpu_atlas_engine::view::columns::{Column, Direction, Sort};
    use gpu_atlas_engine::view::state::ViewState;

    /// How many ranked offers the rank panel explains (as `ui::rank` shows).
    const EXPLAINED: usize = 25;

    /// The calculator once over `rows` (the shown rows, as the app would with a job set):
    /// the table's job figures for every offer, for the 7B LoRA preset.
    fn calculator(rows: &[Row<'_>], rates: &Rates) -> Option<usize> {
        let job = gpu_atlas_engine::workload::Preset::LoraFineTune7b.job();
        let figures = rows
            .iter()
            .map(|r| gpu_atlas_engine::explorer::figures(&job, r.entry, r.quote.as_ref(), rates))
            .filter(|f| f.cost.is_some())
            .count();
        Some(figures)
    }

    /// Where each offer's metrics are, by offer id, as the rank panel keeps it.
    fn metrics_at(metrics: &[Metrics]) -> HashMap<String, usize> {
        metrics
            .iter()
            .enumerate()
            .map(|(i, m)| (m.offer_id.clone(), i))
            .collect()
    }

    struct Timing {
        offers: usize,
        step: &'static str,
        median_ms: f64,
        min_ms: f64,
        max_ms: f64,
        /// What one run produced (rows shown, offers ranked, ...), as a sanity check.
        output: usize,
    }

    /// Times `runs` runs of `work`, which returns the size of what it produced.
    fn time(runs: usize, mut work: impl FnMut() -> usize) -> (f64, f64, f64, usize) {
        let mut output = 0;
        let mut ms: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                output = black_box(work());
                start.elapsed().as_secs_f64() * 1_000.0
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        (ms[runs / 2], ms[0], ms[runs - 1], output)
    }

    fn arg(name: &str) -> Option<String> {
        let args: Vec<String> = std::env::args().collect();
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    }

    pub fn main() {
        let runs: usize = arg("--runs")
            .and_then(|r| r.parse().ok())
            .filter(|r| *r > 0)
            .unwrap_or(7);
        let real = bundled::catalog().expect("the bundled catalog decodes");
        let today = bundled::built_on();
        let sizes = [real.offers.len(), 1_000, 10_000, 100_000];
        println!("engine benchmark: median (min–max) of {runs} runs, milliseconds");
        let mut all = Vec::new();
        for n in sizes {
            let catalog = multiplied(&real, n);
            let timings = measure(&catalog, runs, &today);
            for t in &timings {
                println!(
                    "{:>8}  {:<42} {:>10.3}  ({:.3}–{:.3})  -> {}",
                    t.offers, t.step, t.median_ms, t.min_ms, t.max_ms, t.output
                );
            }
            if timings.iter().all(|t| t.step != "calculator") {
                println!(
                    "{n:>8}  {:<42} n/a (calculator engine not merged yet)",
                    "calculator"
                );
            }
            all.extend(timings);
        }
        if let Some(path) = arg("--json") {
            let json = serde_json::json!({
                "runs": runs,
                "profile": "release (opt-level z, lto), native",
                "timings": all.iter().map(|t| serde_json::json!({
                    "offers": t.offers,
                    "step": t.step,
                    "median_ms": t.median_ms,
                    "min_ms": t.min_ms,
                    "max_ms": t.max_ms,
                    "output": t.output,
                })).collect::<Vec<_>>(),
            });
            if let Some(dir) = std::path::Path::new(&path).parent() {
                std::fs::create_dir_all(dir).expect("the output folder can be made");
            }
            std::fs::write(&path, serde_json::to_string_pretty(&json).unwrap())
                .expect("the JSON report can be written");
            println!("written: {path}");
        }
    }

    fn measure(
        catalog: &Catalog,
        runs: usize,
        today: &gpu_atlas_engine::catalog::AsOf,
    ) -> Vec<Timing> {
        let n = catalog.offers.len();
        let mut out = Vec::new();
        let mut push = |step: &'static str, (median_ms, min_ms, max_ms, output)| {
            out.push(Timing {
                offers: n,
                step,
                median_ms,
                min_ms,
                max_ms,
                output,
            })
        };

        let json = serde_json::to_string(catalog).expect("a catalog serialises");
        push(
            "parse catalog JSON",
            time(runs, || {
                let parsed: Catalog = serde_json::from_str(black_box(&json)).unwrap();
                parsed.offers.len()
            }),
        );
        push(
            "build explorer",
            time(runs, || Explorer::new(black_box(catalog)).entries.len()),
        );

        let explorer = Explorer::new(catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let base = ViewState::default();
        let views: [(&'static str, ViewState); 5] = [
            ("show: default view", base.clone()),
            ("show: search \"h100\"", {
                let mut s = base.clone();
                s.filters.search = "h100".into();
                s
            }),
            ("show: vendor NVIDIA", {
                let mut s = base.clone();
                s.filters.vendors.insert(Vendor::Nvidia);
                s
            }),
            ("show: sort by price", {
                let mut s = base.clone();
                s.sort = Sort {
                    column: Column::Price,
                    direction: Direction::Descending,
                };
                s
            }),
            ("show: currency CNY", {
                let mut s = base.clone();
                s.price.currency = Currency::Cny;
                s
            }),
        ];
        for (step, state) in &views {
            push(
                step,
                time(runs, || {
                    explorer.show(black_box(state), &rates, today).rows.len()
                }),
            );
        }

        // The stages as the app keeps them: a filter change re-runs only the filter stage
        // over the default view's prices and order, a sort change the order and filter stages.
        let priced = explorer.price(&base, &rates);
        let order = priced.order(base.sort, base.lead, Competition::of(&base, today));
        push(
            "show: price stage only",
            time(runs, || explorer.price(black_box(&base), &rates).rows.len()),
        );
        for (step, state) in [
            ("show: search \"h100\" (filter stage only)", &views[1].1),
            ("show: vendor NVIDIA (filter stage only)", &views[2].1),
        ] {
            push(
                step,
                time(runs, || {
                    let filters = &black_box(state).filters;
                    priced
                        .shown(&order, filters, state.fits_only, today)
                        .rows
                        .len()
                }),
            );
        }
        let by_price = &views[3].1;
        push(
            "show: sort by price (order+filter)",
            time(runs, || {
                let order = priced.order(
                    black_box(by_price).sort,
                    by_price.lead,
                    Competition::of(by_price, today),
                );
                priced
                    .shown(&order, &by_price.filters, by_price.fits_only, today)
                    .rows
                    .len()
            }),
        );

        let rows = explorer.show(&base, &rates, today).rows;
        push(
            "rank: metrics of rows",
            time(runs, || {
                rows.iter()
                    .filter_map(|r| metrics(r, &rates, today))
                    .count()
            }),
        );
        let metrics: Vec<Metrics> = rows
            .iter()
            .filter_map(|r| metrics(r, &rates, today))
            .collect();
        let (weights, constraints) = (Weights::default(), Constraints::default());
        push(
            "rank: score and sort",
            time(runs, || {
                rank(black_box(&metrics), &weights, &constraints)
                    .ranked
                    .len()
            }),
        );
        push(
            "rank: both Pareto frontiers",
            time(runs, || {
                Frontier::ALL
                    .into_iter()
                    .map(|f| pareto(black_box(&metrics), f).len())
                    .sum()
            }),
        );
        let ranking = rank(&metrics, &weights, &constraints);
        // What the rank panel keeps while only the weights change (see `ui::rank`): the
        // superlatives' best values, and where each offer's metrics are.
        push(
            "rank: why context (once per constraints)",
            time(runs, || {
                let context = WhyContext::new(black_box(&metrics), &constraints);
                usize::from(context != WhyContext::new(&[], &constraints))
            }),
        );
        push(
            "rank: metrics by offer id (once)",
            time(runs, || metrics_at(black_box(&metrics)).len()),
        );
        let context = WhyContext::new(&metrics, &constraints);
        let at = metrics_at(&metrics);
        push(
            "rank: why of first 25",
            time(runs, || {
                ranking
                    .ranked
                    .iter()
                    .take(EXPLAINED)
                    .filter_map(|scored| {
                        let m = metrics.get(*at.get(scored.offer_id.as_str())?)?;
                        Some(why_in(black_box(&context), scored, m, Lang::En).len())
                    })
                    .sum()
            }),
        );
        // The one-off way, rescanning every offer for each sentence: what a weight change
        // cost before the panel kept the context.
        push(
            "rank: why of first 25 via why_among",
            time(runs, || {
                ranking
                    .ranked
                    .iter()
                    .take(EXPLAINED)
                    .filter_map(|scored| {
                        let m = metrics.iter().find(|m| m.offer_id == scored.offer_id)?;
                        Some(why_among(scored, m, &metrics, &constraints, Lang::En).len())
                    })
                    .sum()
            }),
        );
        // The market view: every variant's row over every term it shows (on demand, spot,
        // the commitments), as a currency or region change recomputes it.
        push(
            "market: every variant, every term",
            time(runs, || {
                market(&explorer, black_box(&base), &rates, today).len()
            }),
        );
        // The market's markup after each such change: the page's window (the rows crossing
        // a 836 px frame, as at 1400×900), and the whole table it stands for.
        let market_rows = market(&explorer, &base, &rates, today);
        let folds = Default::default();
        push(
            "market: the page's window of markup",
            time(runs, || {
                let lines = lines(black_box(&market_rows), &folds);
                let shown = market_window(
                    &market_rows,
                    &lines,
                    Lang::En,
                    today,
                    &base.price,
                    &Default::default(),
                    0.0,
                    836.0,
                );
                shown.children.len()
            }),
        );
        push(
            "market: the whole table's markup",
            time(runs, || {
                market_table(
                    black_box(&market_rows),
                    Lang::En,
                    today,
                    &base.price,
                    &folds,
                )
                .children
                .len()
            }),
        );
        if calculator(&rows, &rates).is_some() {
            push(
                "calculator",
                time(runs, || calculator(black_box(&rows), &rates).unwrap_or(0)),
            );
        }
        out
    }
}
