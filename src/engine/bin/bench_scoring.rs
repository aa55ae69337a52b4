//! How long scoring takes on large synthetic offer sets: `cargo run --release --bin
//! bench_scoring`.
//!
//! A plain timing binary, not a test: it generates 1k, 10k and 100k seeded synthetic offers
//! and prints the median over a few runs of ranking them (constraints, scores, sort) and of
//! computing both Pareto frontiers. The target is 100k offers ranked in under 50 ms natively.
//! Generating the offers is not timed: in the app they come from the explorer's rows.

/// The browser build compiles every binary of the crate; this one has nothing to do there.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use std::hint::black_box;
    use std::time::Instant;

    use gpu_atlas_engine::scoring::{
        pareto, rank, synthetic, Constraints, Frontier, Scenario, Weights,
    };

    const RUNS: usize = 7;
    const SEED: u64 = 42;

    /// The median of `RUNS` timings of `work`, in milliseconds.
    fn median_ms(mut work: impl FnMut()) -> f64 {
        let mut times: Vec<f64> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                work();
                start.elapsed().as_secs_f64() * 1_000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[RUNS / 2]
    }

    let setups = [("balanced", Weights::default(), Constraints::default()), {
        let (weights, constraints) = Scenario::Training.preset();
        ("training", weights, constraints)
    }];
    println!("scoring benchmark: median of {RUNS} runs, seed {SEED}");
    println!(
        "{:>8}  {:<9} {:>8}  {:>10}  {:>10}  {:>10}",
        "offers", "weights", "ranked", "rank ms", "pareto ms", "total ms"
    );
    for n in [1_000, 10_000, 100_000] {
        let metrics = synthetic::offers(n, SEED);
        for (name, weights, constraints) in &setups {
            let ranked = rank(&metrics, weights, constraints).ranked.len();
            let rank_ms = median_ms(|| {
                black_box(rank(black_box(&metrics), weights, constraints));
            });
            let pareto_ms = median_ms(|| {
                for frontier in Frontier::ALL {
                    black_box(pareto(black_box(&metrics), frontier));
                }
            });
            let total_ms = median_ms(|| {
                black_box(rank(black_box(&metrics), weights, constraints));
                for frontier in Frontier::ALL {
                    black_box(pareto(black_box(&metrics), frontier));
                }
            });
            println!(
                "{n:>8}  {name:<9} {ranked:>8}  {rank_ms:>10.2}  {pareto_ms:>10.2}  {total_ms:>10.2}"
            );
        }
    }
}
