//! Hostile inputs: every combination of broken hardware, extreme jobs and odd prices must give
//! numbers that are finite and not negative (or `None`), and nothing may panic.

use super::super::billing::{billed_seconds, PER_MONTH};
use super::super::commitment::{break_even, term_costs, TermPrices};
use super::super::ownership::{break_even_months, cumulative_costs, Ownership, Plan};
use super::super::spot::expected_hours;
use super::super::{
    estimate, parse_amount, Deadline, Estimate, FineTuneMethod, Hardware, Inside, Job, Network,
    Precision, Preset, PriceInput, Quant, TrainingSize, Workload,
};

const ODD_NUMBERS: [f64; 9] = [
    0.0,
    -1.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e-300,
    1e300,
    f64::MAX,
    0.25,
];

fn hardware_grid() -> Vec<Hardware> {
    let base = Hardware {
        accelerators: Some(8.0),
        memory_per_accelerator_gb: Some(80.0),
        bandwidth_per_accelerator_gbs: Some(3350.0),
        bf16_tflops: Some(989.0),
        fp16_tflops: Some(989.0),
        fp8_tflops: Some(1979.0),
        architecture: Some("Hopper".into()),
        inside: Inside::Direct { derived: false },
        between: Network::Fast,
        multi_node: true,
        ..Hardware::default()
    };
    let mut grid = vec![Hardware::default(), base.clone()];
    for x in ODD_NUMBERS {
        grid.push(Hardware {
            accelerators: Some(x),
            ..base.clone()
        });
        grid.push(Hardware {
            memory_per_accelerator_gb: Some(x),
            ..base.clone()
        });
        grid.push(Hardware {
            bandwidth_per_accelerator_gbs: Some(x),
            ..base.clone()
        });
        grid.push(Hardware {
            bf16_tflops: Some(x),
            fp16_tflops: Some(x),
            fp8_tflops: Some(x),
            ..base.clone()
        });
        // Everything odd at once.
        grid.push(Hardware {
            accelerators: Some(x),
            memory_per_accelerator_gb: Some(x),
            bandwidth_per_accelerator_gbs: Some(x),
            bf16_tflops: Some(x),
            fp16_tflops: None,
            fp8_tflops: Some(x),
            release_year: Some(u16::MAX),
            architecture: Some("\u{0}💥".repeat(1000)),
            inside: Inside::Pcie,
            between: Network::Ordinary,
            multi_node: x > 1.0,
            multi_node_not_stated: x < 0.0,
        });
    }
    grid
}

fn job_grid() -> Vec<Job> {
    let mut jobs: Vec<Job> = Preset::ALL.iter().map(|p| p.job()).collect();
    let training = |params_b: f64, size: TrainingSize, mfu: Option<f64>| {
        Job::new(Workload::Training {
            params_b,
            size,
            precision: Precision::Fp8,
            mfu,
        })
    };
    for x in ODD_NUMBERS.into_iter().chain([1e9, 1e12]) {
        jobs.push(training(x, TrainingSize::Tokens { tokens_b: 1.0 }, None));
        jobs.push(training(7.0, TrainingSize::Tokens { tokens_b: x }, None));
        jobs.push(training(7.0, TrainingSize::Flops { flops: x }, Some(0.5)));
        jobs.push(training(
            7.0,
            TrainingSize::ReferenceHours {
                hours: x,
                reference: "A100".into(),
            },
            Some(x),
        ));
        for method in [
            FineTuneMethod::Full,
            FineTuneMethod::Lora,
            FineTuneMethod::Qlora,
        ] {
            jobs.push(Job {
                deadline_hours: Some(x),
                runs: u32::MAX,
                checkpoint_minutes: x,
                restart_minutes: x,
                ..Job::new(Workload::FineTune {
                    params_b: 1e9,
                    method,
                    tokens_b: 1e12,
                    precision: Precision::Bf16,
                    mfu: Some(1e-300),
                })
            });
        }
        for (context, concurrency) in [(1, 1), (u32::MAX, u32::MAX), (0, 0), (4_096, 10_000)] {
            jobs.push(Job {
                deadline_hours: Some(x),
                ..Job::new(Workload::Inference {
                    params_b: if x.is_finite() && x > 0.0 {
                        x.min(1e9)
                    } else {
                        70.0
                    },
                    quant: Quant::Int4,
                    context_tokens: context,
                    concurrency,
                    tokens_per_day: x,
                    input_tokens_per_day: x,
                    layers: Some(u32::MAX),
                    kv_heads: Some(context),
                    head_dim: Some(concurrency),
                    cache_hit_share: 0.0,
                    model: None,
                })
            });
        }
    }
    jobs.push(Job {
        deadline_hours: Some(1e-300),
        checkpoint_minutes: 0.0,
        restart_minutes: 1e9,
        ..Preset::Pretrain7b1t.job()
    });
    jobs
}

fn price_grid() -> Vec<Option<PriceInput>> {
    let mut prices = vec![None];
    for x in ODD_NUMBERS {
        prices.push(Some(PriceInput {
            per_instance_hour: x,
            billing_seconds: Some(PER_MONTH),
            minimum_charge_seconds: Some(u32::MAX),
            scales_to_zero: false,
            spot_interruptions_per_hour: None,
            spot_interruption_basis: None,
        }));
        // Serverless: a day's busy time billed with broken increments and minimums.
        prices.push(Some(PriceInput {
            per_instance_hour: x,
            billing_seconds: Some(0),
            minimum_charge_seconds: Some(u32::MAX),
            scales_to_zero: true,
            ..PriceInput::default()
        }));
        prices.push(Some(PriceInput {
            per_instance_hour: 2.0,
            billing_seconds: Some(0),
            minimum_charge_seconds: None,
            scales_to_zero: false,
            spot_interruptions_per_hour: Some(x),
            spot_interruption_basis: None,
        }));
    }
    prices
}

fn check(estimate: &Estimate, context: &dyn Fn() -> String) {
    let m = &estimate.memory;
    let numbers = [
        Some(m.weights_gb),
        Some(m.gradients_gb),
        Some(m.optimizer_gb),
        Some(m.activations_gb),
        Some(m.kv_cache_gb),
        Some(m.total_gb),
        estimate.wall_hours,
        estimate.accelerator_hours,
        estimate.instance_hours,
        estimate.cost,
        estimate.tokens_per_second,
        estimate.cost_per_million_tokens,
        estimate.cost_per_million_tokens_at_full_load,
    ];
    for (i, x) in numbers.iter().enumerate() {
        if let Some(x) = x {
            assert!(
                x.is_finite() && *x >= 0.0,
                "number {i} is {x}: {}",
                context()
            );
        }
    }
    if let Deadline::Met {
        wall_hours, cost, ..
    } = estimate.deadline
    {
        assert!(wall_hours.is_finite() && wall_hours >= 0.0, "{}", context());
        assert!(
            cost.is_none_or(|c| c.is_finite() && c >= 0.0),
            "{}",
            context()
        );
    }
    for a in &estimate.assumptions {
        assert!(
            !a.value.contains("NaN") && !a.value.contains("inf"),
            "{a:?}: {}",
            context()
        );
    }
    // The estimate must also serialise (the UI keeps it in signals and may log it).
    serde_json::to_string(estimate).expect("serialisable");
}

#[test]
fn no_estimate_is_ever_nan_or_infinite() {
    let hardware = hardware_grid();
    let jobs = job_grid();
    let prices = price_grid();
    let mut count = 0;
    for hw in &hardware {
        for job in &jobs {
            for price in &prices {
                let e = estimate(job, hw, price.clone());
                check(&e, &|| format!("{job:?} on {hw:?} at {price:?}"));
                count += 1;
            }
        }
    }
    assert!(count > 10_000, "{count} combinations");
}

#[test]
fn money_functions_survive_odd_numbers() {
    for x in ODD_NUMBERS {
        assert!(billed_seconds(x, Some(PER_MONTH), Some(u32::MAX)).is_finite());
        if let Some(hours) = expected_hours(x, x, x, x) {
            assert!(hours.is_finite() && hours >= 0.0);
        }
        let prices = TermPrices {
            on_demand: Some(x),
            spot: Some(x),
            reserved_1y: Some(x),
            reserved_3y: Some(1.0),
            monthly: Some(x),
            serverless: Some(x),
        };
        for cost in term_costs(&prices, x, x) {
            assert!(
                cost.monthly.is_finite() && cost.yearly.is_finite(),
                "{x}: {cost:?}"
            );
        }
        for even in break_even(&prices) {
            assert!(even
                .utilisation
                .is_none_or(|u| u.is_finite() && (0.0..=1.0).contains(&u)));
        }
        let own = Ownership {
            purchase_per_gpu: x,
            host_per_gpu: x,
            power_per_gpu_w: Some(x),
            tdp_w: Some(x),
            host_power_per_gpu_w: x,
            electricity_per_kwh: x,
            pue: x,
            years: x,
            maintenance_per_year: x,
        };
        for u in ODD_NUMBERS {
            assert!(own.cost_per_used_hour(u).is_none_or(f64::is_finite));
            assert!(own.break_even_utilisation(u).is_none_or(f64::is_finite));
        }
        let plan = Plan {
            hours_per_month: x,
            prices,
            spot_overhead: x,
            own: Some(own),
        };
        for series in cumulative_costs(&plan, 36) {
            assert!(
                series.cumulative.iter().all(|c| c.is_finite()),
                "{x}: {series:?}"
            );
        }
        for even in break_even_months(&plan) {
            assert!(even.month.is_none_or(f64::is_finite));
        }
    }
}

#[test]
fn the_parser_survives_generated_garbage() {
    // A small deterministic generator: no dependency, same strings every run.
    let pool: Vec<char> = "0123456789.,eE+-kMBT亿万 \t７．，ＢxNaNinf💥\u{0}\u{FEFF}"
        .chars()
        .collect();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..20_000 {
        let len = (next() % 24) as usize;
        let text: String = (0..len)
            .map(|_| pool[(next() % pool.len() as u64) as usize])
            .collect();
        if let Ok(value) = parse_amount(&text) {
            assert!(value.is_finite(), "{text:?} gave {value}");
        }
    }
    let huge = "1,000".repeat(20_000);
    assert!(parse_amount(&huge).is_err());
}
