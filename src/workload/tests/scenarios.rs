//! Hand-checked jobs on typical offers: fit decisions, wall time, deadlines, billing, spot and
//! serving arithmetic, and the assumptions an estimate lists.

use super::super::billing::PER_HOUR;
use super::super::compute::DECODE_BANDWIDTH_EFFICIENCY;
use super::super::fit::NoFit;
use super::super::hardware::SCALING_DIRECT;
use super::super::spot::DEFAULT_INTERRUPTIONS_PER_HOUR;
use super::super::{
    estimate, CostBasis, Deadline, FineTuneMethod, Fit, Hardware, Inside, Job, Network, Precision,
    PriceInput, Quant, UnknownFit, Workload,
};
use super::{pretraining, within};

/// The default MFU of an HBM Ampere part (A100).
const AMPERE_MFU: f64 = 0.43;

fn gpus(count: f64, memory_gb: f64, tflops: f64, bandwidth: f64, architecture: &str) -> Hardware {
    Hardware {
        accelerators: Some(count),
        memory_per_accelerator_gb: Some(memory_gb),
        bandwidth_per_accelerator_gbs: Some(bandwidth),
        bf16_tflops: Some(tflops),
        fp16_tflops: Some(tflops),
        architecture: Some(architecture.into()),
        ..Hardware::default()
    }
}

fn h100x8() -> Hardware {
    Hardware {
        fp8_tflops: Some(1979.0),
        inside: Inside::Direct { derived: false },
        ..gpus(8.0, 80.0, 989.0, 3350.0, "Hopper")
    }
}

fn rtx4090() -> Hardware {
    gpus(1.0, 24.0, 165.0, 1008.0, "Ada Lovelace")
}

fn fine_tune(params_b: f64, method: FineTuneMethod) -> Job {
    Job::new(Workload::FineTune {
        params_b,
        method,
        tokens_b: 0.1,
        precision: Precision::Bf16,
        mfu: None,
    })
}

fn serve(params_b: f64, quant: Quant, context_tokens: u32, concurrency: u32) -> Workload {
    Workload::Inference {
        params_b,
        quant,
        context_tokens,
        concurrency,
        tokens_per_day: 1e6,
        input_tokens_per_day: 0.0,
        layers: None,
        kv_heads: None,
        head_dim: None,
        cache_hit_share: 0.0,
        model: None,
    }
}

fn price(per_hour: f64) -> Option<PriceInput> {
    Some(PriceInput {
        per_instance_hour: per_hour,
        ..PriceInput::default()
    })
}

#[test]
fn a_70b_full_fine_tune_needs_several_eight_gpu_instances() {
    let job = fine_tune(70.0, FineTuneMethod::Full);
    // 16 B × 70e9 = 1,120 GB of model state: not one 80 GB GPU…
    let one = estimate(&job, &gpus(1.0, 80.0, 989.0, 3350.0, "Hopper"), None);
    assert!(matches!(one.fit, Fit::DoesNotFit { .. }), "{:?}", one.fit);
    assert!(
        (one.memory.total_gb - 1_126.55).abs() < 0.01,
        "{:?}",
        one.memory
    );
    // …nor one instance of 8 × 80 GB (576 GB usable): 1,120 / (72 − 6.55) → 18 GPUs.
    let single = estimate(&job, &h100x8(), None);
    assert_eq!(
        single.fit,
        Fit::DoesNotFit {
            why: NoFit::NeedsMultiNode { instances: 3 }
        }
    );
    assert_eq!(single.wall_hours, None);
    let due = Job {
        deadline_hours: Some(100.0),
        ..job.clone()
    };
    assert_eq!(
        estimate(&due, &h100x8(), None).deadline,
        Deadline::NeedsMultiNode
    );
    let cluster = Hardware {
        multi_node: true,
        between: Network::Fast,
        ..h100x8()
    };
    let clustered = estimate(&job, &cluster, price(30.0));
    assert_eq!(
        clustered.fit,
        Fit::Instances {
            instances: 3,
            accelerators: 18,
            clustering_assumed: false
        }
    );
    assert_eq!(clustered.instances, Some(3));
    assert!(clustered.cost.is_some());
}

#[test]
fn a_13b_full_fine_tune_shards_within_one_eight_gpu_instance() {
    let e = estimate(&fine_tune(13.0, FineTuneMethod::Full), &h100x8(), None);
    assert_eq!(e.fit, Fit::Sharded { accelerators: 3 });
    assert_eq!(e.instances, Some(1));
}

#[test]
fn a_7b_lora_fits_one_24_gb_gpu() {
    let e = estimate(&fine_tune(7.0, FineTuneMethod::Lora), &rtx4090(), None);
    assert_eq!(e.fit, Fit::OneAccelerator);
    // 14 GB frozen + 0.56 GB adapter states + 1.73 GB activations.
    assert!((e.memory.total_gb - 16.29).abs() < 0.01, "{:?}", e.memory);
    let small = gpus(1.0, 16.0, 65.0, 320.0, "Turing");
    assert!(matches!(
        estimate(&fine_tune(7.0, FineTuneMethod::Lora), &small, None).fit,
        Fit::DoesNotFit { .. }
    ));
}

#[test]
fn qlora_fits_a_70b_model_on_one_80_gb_gpu() {
    let job = fine_tune(70.0, FineTuneMethod::Qlora);
    let a100 = gpus(1.0, 80.0, 312.0, 2039.0, "Ampere");
    let e = estimate(&job, &a100, None);
    assert_eq!(e.fit, Fit::OneAccelerator);
    assert!((45.0..50.0).contains(&e.memory.total_gb), "{:?}", e.memory);
    // One 48 GB card is too small; two shard it.
    let a6000 = gpus(1.0, 48.0, 155.0, 768.0, "Ampere");
    assert!(matches!(
        estimate(&job, &a6000, None).fit,
        Fit::DoesNotFit { .. }
    ));
    let two = gpus(2.0, 48.0, 155.0, 768.0, "Ampere");
    assert_eq!(
        estimate(&job, &two, None).fit,
        Fit::Sharded { accelerators: 2 }
    );
}

#[test]
fn a_70b_model_at_int4_fits_two_24_gb_gpus() {
    // 70e9 × 0.53125 B = 37.2 GB + 1.2 GB KV (4k context, one sequence) ≤ 2 × 21.6 GB.
    let job = Job::new(serve(70.0, Quant::Int4, 4_096, 1));
    let two = gpus(2.0, 24.0, 165.0, 1008.0, "Ada Lovelace");
    let e = estimate(&job, &two, price(1.0));
    assert!((e.memory.weights_gb - 37.1875).abs() < 1e-9);
    assert_eq!(e.fit, Fit::Sharded { accelerators: 2 });
    assert!(e.tokens_per_second.is_some());
    assert_eq!(
        estimate(&job, &rtx4090(), None).fit,
        Fit::DoesNotFit {
            why: NoFit::NeedsMultiNode { instances: 2 }
        }
    );
}

#[test]
fn decoding_a_7b_model_is_bandwidth_bound() {
    // Llama 2 7B's real shape (32 layers, 32 KV heads of 128) with a one-token context, so the
    // KV cache is 0.5 MB against 14 GB of weights: tokens/s ≈ e · 2000 GB/s / 14 GB.
    let job = Job::new(Workload::Inference {
        params_b: 7.0,
        quant: Quant::Fp16,
        context_tokens: 1,
        concurrency: 1,
        tokens_per_day: 1e6,
        input_tokens_per_day: 0.0,
        layers: Some(32),
        kv_heads: Some(32),
        head_dim: Some(128),
        cache_hit_share: 0.0,
        model: None,
    });
    let hw = gpus(1.0, 80.0, 312.0, 2000.0, "Ampere");
    let e = estimate(&job, &hw, price(2.0));
    let expected = DECODE_BANDWIDTH_EFFICIENCY * 2000e9 / (14e9 + 524_288.0);
    let tps = e.tokens_per_second.unwrap();
    assert!((tps - expected).abs() < 1e-9, "{tps} vs {expected}");
    assert!(within(
        tps,
        DECODE_BANDWIDTH_EFFICIENCY * 2000.0 / 14.0,
        1e-4
    ));
    // 1M tokens at 85.7/s = 3.24 busy hours: one instance kept up for the day, 48.
    assert_eq!(e.cost_basis, CostBasis::PerDay);
    assert!(within(
        e.instance_hours.unwrap(),
        1e6 / (tps * 3600.0),
        1e-12
    ));
    assert_eq!(e.instances_for_deadline(), Some(1));
    assert!(within(e.cost.unwrap(), 48.0, 1e-12));
    assert!(within(e.cost_per_million_tokens.unwrap(), 48.0, 1e-12));
    assert!(within(
        e.cost_per_million_tokens_at_full_load.unwrap(),
        2.0 / (tps * 3600.0 / 1e6),
        1e-12
    ));
}

#[test]
fn large_batches_become_compute_bound() {
    // 7B at FP16 with 4,000 short sequences: bandwidth alone would allow ~25k tokens/s, the
    // compute cap is 312 TFLOPS × 0.43 / (2 × 7e9) = 9,583 tokens/s.
    let job = Job::new(Workload::Inference {
        params_b: 7.0,
        quant: Quant::Fp16,
        context_tokens: 16,
        concurrency: 4_000,
        tokens_per_day: 1e9,
        input_tokens_per_day: 0.0,
        layers: Some(32),
        kv_heads: Some(8),
        head_dim: Some(128),
        cache_hit_share: 0.0,
        model: None,
    });
    let hw = gpus(1.0, 80.0, 312.0, 2000.0, "Ampere");
    let tps = estimate(&job, &hw, None).tokens_per_second.unwrap();
    assert!(within(tps, 312e12 * AMPERE_MFU / 14e9, 1e-12), "{tps}");
}

#[test]
fn eight_gpus_serve_eight_copies_of_a_small_model() {
    let job = Job::new(serve(7.0, Quant::Fp16, 4_096, 8));
    let one = estimate(&job, &gpus(1.0, 80.0, 989.0, 3350.0, "Hopper"), None);
    let eight = estimate(&job, &h100x8(), None);
    let ratio = eight.tokens_per_second.unwrap() / one.tokens_per_second.unwrap();
    assert!(within(ratio, 8.0, 1e-12), "{ratio}");
}

#[test]
fn prefill_adds_compute_hours() {
    let mut job = Job::new(serve(7.0, Quant::Fp16, 4_096, 8));
    let hw = gpus(1.0, 80.0, 312.0, 2000.0, "Ampere");
    let without = estimate(&job, &hw, None).instance_hours.unwrap();
    if let Workload::Inference {
        input_tokens_per_day,
        ..
    } = &mut job.workload
    {
        *input_tokens_per_day = 1e9;
    }
    let with = estimate(&job, &hw, None).instance_hours.unwrap();
    // 2 × 7e9 × 1e9 FLOP at 312 TFLOPS × 0.43 = 104,353 s = 28.99 h.
    assert!(within(
        with - without,
        2.0 * 7e9 * 1e9 / (312e12 * AMPERE_MFU) / 3600.0,
        1e-9
    ));
}

#[test]
fn chinchilla_1b_on_eight_h100s() {
    // 6 × 1e9 × 20e9 = 1.2e20 FLOP at 8 × 989 TFLOPS × 0.40 on NVLink = 10.53 h.
    let job = pretraining(1.0, 20.0, None);
    let e = estimate(&job, &h100x8(), price(30.0));
    let expected = 1.2e20 / (8.0 * 989e12 * 0.40 * SCALING_DIRECT) / 3600.0;
    assert!(within(e.wall_hours.unwrap(), expected, 1e-12));
    assert!(within(e.accelerator_hours.unwrap(), 8.0 * expected, 1e-12));
    // Per-second billing, rounded up to the whole second.
    let billed = (expected * 3600.0).ceil() / 3600.0;
    assert!(within(e.cost.unwrap(), 30.0 * billed, 1e-12));
}

#[test]
fn a_deadline_buys_more_instances_where_the_offer_clusters() {
    // 7B × 1T: 4.2e22 FLOP = 3,880 h on one 8×H100 instance; 720 h needs
    // ⌈3,686 / 720⌉ = 6 instances over InfiniBand, which loses nothing beyond the MFU.
    let job = Job {
        deadline_hours: Some(720.0),
        ..pretraining(7.0, 1_000.0, None)
    };
    let cluster = Hardware {
        multi_node: true,
        between: Network::Fast,
        ..h100x8()
    };
    let e = estimate(&job, &cluster, price(30.0));
    let one = e.wall_hours.unwrap();
    assert!(within(one, 4.2e22 / (8.0 * 989e12 * 0.40) / 3600.0, 1e-12));
    match e.deadline {
        Deadline::Met {
            instances,
            wall_hours,
            cost,
        } => {
            assert_eq!(instances, 6);
            assert!(wall_hours <= 720.0 && one / 5.0 > 720.0);
            // Over a fabric like the reference runs' nothing is lost: the same
            // instance-hours, give or take the billing rounding.
            assert!(within(cost.unwrap(), e.cost.unwrap(), 1e-3), "{cost:?}");
        }
        other => panic!("{other:?}"),
    }
    assert!(e
        .assumptions
        .iter()
        .any(|a| a.name.contains("across instances (InfiniBand/RoCE/EFA")));
    // Over an unstated network the assumed loss costs more instances and more money.
    let ethernet = estimate(
        &job,
        &Hardware {
            between: Network::NotStated,
            ..cluster.clone()
        },
        price(30.0),
    );
    match ethernet.deadline {
        Deadline::Met {
            instances, cost, ..
        } => {
            assert_eq!(instances, 8, "⌈3,686 / (720 × 0.67)⌉");
            assert!(cost.unwrap() > e.cost.unwrap() * 1.4);
        }
        other => panic!("{other:?}"),
    }
    assert!(ethernet
        .assumptions
        .iter()
        .any(|a| a.name.contains("network not stated")));
    let alone = estimate(&job, &h100x8(), None);
    assert_eq!(alone.deadline, Deadline::NeedsMultiNode);
    let impossible = Job {
        deadline_hours: Some(0.001),
        ..job.clone()
    };
    assert_eq!(
        estimate(&impossible, &cluster, None).deadline,
        Deadline::Unreachable
    );
    let easy = Job {
        deadline_hours: Some(10_000.0),
        ..job
    };
    assert_eq!(
        estimate(&easy, &h100x8(), None).instances_for_deadline(),
        Some(1)
    );
}

#[test]
fn each_short_run_is_billed_a_whole_hour() {
    // Pick a job of 5 minutes on one instance and run it ten times at per-hour billing.
    let hw = gpus(1.0, 80.0, 312.0, 2000.0, "Ampere");
    let five_minutes = 312e12 * AMPERE_MFU * 300.0;
    let job = Job {
        runs: 10,
        ..Job::new(Workload::Training {
            params_b: 0.1,
            size: super::super::TrainingSize::Flops {
                flops: five_minutes,
            },
            precision: Precision::Bf16,
            mfu: None,
        })
    };
    let per_hour = Some(PriceInput {
        per_instance_hour: 2.0,
        billing_seconds: Some(PER_HOUR),
        minimum_charge_seconds: None,
        scales_to_zero: false,
        spot_interruptions_per_hour: None,
        spot_interruption_basis: None,
    });
    let e = estimate(&job, &hw, per_hour);
    assert!(within(e.wall_hours.unwrap(), 5.0 / 60.0, 1e-12));
    assert!(within(e.instance_hours.unwrap(), 50.0 / 60.0, 1e-12));
    assert!(within(e.cost.unwrap(), 20.0, 1e-12));
}

#[test]
fn spot_prices_add_the_expected_rework() {
    let job = pretraining(1.0, 20.0, None);
    let plain = estimate(&job, &h100x8(), price(30.0));
    let spot = |rate| {
        estimate(
            &job,
            &h100x8(),
            Some(PriceInput {
                per_instance_hour: 30.0,
                spot_interruptions_per_hour: Some(rate),
                ..PriceInput::default()
            }),
        )
    };
    assert_eq!(spot(0.0).cost, plain.cost);
    let default = spot(DEFAULT_INTERRUPTIONS_PER_HOUR);
    let double = spot(2.0 * DEFAULT_INTERRUPTIONS_PER_HOUR);
    assert!(default.cost.unwrap() > plain.cost.unwrap());
    assert!(double.cost.unwrap() > default.cost.unwrap());
    // Roughly T · (1 + λ (c/2 + r)) = 1 + (1/24)(0.25 + 1/12) ≈ +1.4%.
    let overhead = default.wall_hours.unwrap() / plain.wall_hours.unwrap();
    assert!(
        (overhead - (1.0 + (0.25 + 1.0 / 12.0) / 24.0)).abs() < 1e-3,
        "{overhead}"
    );
    assert!(default
        .assumptions
        .iter()
        .any(|a| a.name == "Spot interruptions per hour"));
}

#[test]
fn unknown_specs_give_unknown_results() {
    let job = pretraining(1.0, 20.0, None);
    let no_compute = Hardware {
        bf16_tflops: None,
        fp16_tflops: None,
        ..h100x8()
    };
    let e = estimate(&job, &no_compute, price(30.0));
    assert_eq!(
        (e.wall_hours, e.cost, e.accelerator_hours),
        (None, None, None)
    );
    assert_eq!(e.fit, Fit::OneAccelerator);
    let no_memory = Hardware {
        memory_per_accelerator_gb: None,
        ..h100x8()
    };
    let e = estimate(&job, &no_memory, None);
    assert_eq!(
        e.fit,
        Fit::Unknown {
            why: UnknownFit::Memory
        }
    );
    assert!(
        e.wall_hours.is_some(),
        "the time on one instance is still known"
    );
    let serve_job = Job::new(serve(7.0, Quant::Fp16, 4_096, 1));
    let no_bandwidth = Hardware {
        bandwidth_per_accelerator_gbs: None,
        ..h100x8()
    };
    let e = estimate(&serve_job, &no_bandwidth, price(30.0));
    assert_eq!(
        (e.tokens_per_second, e.cost_per_million_tokens),
        (None, None)
    );
    assert_eq!(e.deadline, Deadline::Unknown);
    let e = estimate(&job, &Hardware::default(), price(1.0));
    assert_eq!(
        e.fit,
        Fit::Unknown {
            why: UnknownFit::Accelerators
        }
    );
    assert_eq!(e.cost, None);
}

#[test]
fn an_invalid_job_gets_no_numbers() {
    let e = estimate(&pretraining(-1.0, 20.0, None), &h100x8(), price(30.0));
    assert_eq!(
        e.fit,
        Fit::Unknown {
            why: UnknownFit::InvalidJob
        }
    );
    assert_eq!((e.wall_hours, e.cost), (None, None));
}

#[test]
fn assumptions_name_their_sources() {
    let fp8 = Job::new(Workload::Training {
        params_b: 1.0,
        size: super::super::TrainingSize::Tokens { tokens_b: 20.0 },
        precision: Precision::Fp8,
        mfu: None,
    });
    let a100 = gpus(8.0, 80.0, 312.0, 2039.0, "Ampere");
    let e = estimate(&fp8, &a100, price(10.0));
    assert!(e
        .assumptions
        .iter()
        .any(|a| a.name.contains("FP8 rate unknown")));
    let mfu = e
        .assumptions
        .iter()
        .find(|a| a.name.starts_with("Ampere"))
        .unwrap();
    assert_eq!(mfu.value, "0.43");
    assert!(mfu.source.contains("arXiv:2307.09288"));
    let hopper = estimate(&fp8, &h100x8(), None);
    assert!(hopper
        .assumptions
        .iter()
        .any(|a| a.name.starts_with("FP8 reaches")));
    let serving = estimate(
        &Job::new(serve(70.0, Quant::Int8, 4_096, 16)),
        &h100x8(),
        price(30.0),
    );
    assert!(serving
        .assumptions
        .iter()
        .any(|a| a.name.starts_with("KV cache")));
    assert!(serving
        .assumptions
        .iter()
        .any(|a| a.name.starts_with("Model shape")));
    for e in [e, hopper, serving] {
        for a in &e.assumptions {
            assert!(
                !a.name.is_empty() && !a.name_zh.is_empty() && !a.value.is_empty(),
                "{a:?}"
            );
            assert!(!a.source.is_empty(), "{a:?}");
            let ours = a.source.starts_with("GPU Atlas")
                || a.source == "your input"
                || a.source == "this offer's catalog entry";
            assert_eq!(a.url.is_empty(), ours, "{a:?}");
            if !ours {
                assert!(a.url.starts_with("https://"), "{a:?}");
            }
        }
    }
}

#[test]
fn presets_estimate_on_a_big_instance() {
    let cluster = Hardware {
        multi_node: true,
        between: Network::Fast,
        ..h100x8()
    };
    for preset in super::super::Preset::ALL {
        let e = estimate(&preset.job(), &cluster, price(30.0));
        assert!(
            e.cost.is_some() && e.wall_hours.is_some(),
            "{preset:?}: {e:?}"
        );
        assert!(!e.assumptions.is_empty());
    }
}

/// RTX A6000: 48 GB, 309.7 dense BF16 (FP32 accumulate 154.8), 768 GB/s.
fn a6000() -> Hardware {
    gpus(1.0, 48.0, 154.8, 768.0, "Ampere")
}

fn serverless(per_hour: f64) -> PriceInput {
    PriceInput {
        per_instance_hour: per_hour,
        scales_to_zero: true,
        ..PriceInput::default()
    }
}

#[test]
fn serverless_serving_bills_busy_hours_and_cold_starts_not_the_day() {
    use super::super::serverless::{cold_start_seconds, COLD_STARTS_PER_DAY};
    let job = Job::new(serve(8.0, Quant::Bf16, 4_096, 8));
    let always = estimate(&job, &a6000(), price(0.75));
    let by_use = estimate(&job, &a6000(), Some(serverless(0.75)));
    assert_eq!(always.cost, Some(24.0 * 0.75));
    // The same speed either way; only the bill differs.
    assert_eq!(always.tokens_per_second, by_use.tokens_per_second);
    let busy = 1e6 / (by_use.tokens_per_second.unwrap() * 3_600.0);
    let starts = f64::from(COLD_STARTS_PER_DAY);
    let per_start = (busy * 3_600.0 / starts + cold_start_seconds(16e9)).ceil();
    let expected = starts * per_start / 3_600.0 * 0.75;
    assert!(within(by_use.cost.unwrap(), expected, 1e-12), "{by_use:?}");
    assert!(by_use.cost.unwrap() < 2.0, "{:?}", by_use.cost);
    assert!(by_use
        .assumptions
        .iter()
        .any(|a| a.name.starts_with("Serverless")));
    assert!(!always
        .assumptions
        .iter()
        .any(|a| a.name.starts_with("Serverless")));
}

#[test]
fn serverless_and_always_on_cross_where_their_daily_costs_meet() {
    use super::super::crossover::{at_volume, crossover, Crossover};
    let job = Job::new(serve(8.0, Quant::Bf16, 4_096, 8));
    let (hw, s, a) = (a6000(), serverless(0.75), price(0.50).unwrap());
    let Some(Crossover::At { tokens_per_day }) = crossover(&job, (&hw, &s), (&hw, &a)) else {
        panic!("no crossover");
    };
    let cost = |tokens: f64, p: &PriceInput| {
        estimate(&at_volume(&job, tokens), &hw, Some(p.clone()))
            .cost
            .unwrap()
    };
    // Below it serverless is cheaper; at it always-on is no dearer.
    assert!(cost(tokens_per_day * 0.99, &s) < cost(tokens_per_day * 0.99, &a));
    assert!(cost(tokens_per_day, &s) >= cost(tokens_per_day, &a));
    // An independent line: serverless ≈ 0.75 × (V / (tps·3600) + 24 cold starts), always-on
    // 12 $/day at one instance: V* ≈ (16 − starts) × tps × 3600.
    let tps = estimate(&job, &hw, None).tokens_per_second.unwrap();
    let starts_hours = 24.0 * 31.0 / 3_600.0;
    let simple = (12.0 / 0.75 - starts_hours) * tps * 3_600.0;
    assert!(
        within(tokens_per_day, simple, 1e-3),
        "{tokens_per_day} vs {simple}"
    );
    // A cheaper serverless rate than the always-on one never loses.
    let cheap = serverless(0.40);
    let Some(Crossover::ServerlessThroughout {
        up_to_tokens_per_day,
    }) = crossover(&job, (&hw, &cheap), (&hw, &a))
    else {
        panic!("serverless lost");
    };
    // Up to the most instances considered (1,000 instances a day's load).
    assert!(up_to_tokens_per_day > 1e10, "{up_to_tokens_per_day}");
}
