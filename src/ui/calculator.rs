//! The calculator panel: pick a preset or describe a job, and every offer in the table gains
//! what the job needs and costs on it. The job lives in the view state (so in the link); the
//! panel only edits it through the engine's form rules and shows what they said.

use leptos::prelude::*;

use crate::engine::view::state::Mode;

use super::assumptions;
use super::context::atlas;
use super::discount_marker::DiscountMarker;
use super::number_field::{NumberField, Tried};
use super::serving::{ServedModel, ServingSummary};
use crate::engine::explorer::estimate_row;
use crate::engine::present::deadline;
use crate::engine::present::i18n::{pick, Lang};
use crate::engine::share::job::{set_word, word, Kind};
use crate::engine::share::Token;
use crate::engine::view::job_form::{self, Edit};
use crate::engine::view::job_form::{DEFAULT_REFERENCE, FIELDS};
use crate::engine::workload::{
    field_label, memory::memory_need, reference::REFERENCE_ACCELERATORS, FineTuneMethod, Precision,
    Preset, Quant, TrainingSize, Workload,
};

#[component]
pub fn Calculator() -> impl IntoView {
    let a = atlas();
    let job = Memo::new(move |_| a.state.with(|s| s.job.clone()));
    let kind = Memo::new(move |_| job.with(|j| j.as_ref().map(Kind::of)));
    let set_kind = move |ev| {
        let word = event_target_value(&ev);
        a.update(|s| s.set_job(Kind::from_token(&word).map(Kind::preset)));
    };
    let presets = Preset::ALL
        .into_iter()
        .map(|preset| {
            let pressed = move || job.with(|j| j.as_ref() == Some(&preset.job())).to_string();
            view! {
                <button
                    type="button"
                    class="preset"
                    data-preset=preset.key()
                    aria-pressed=pressed
                    on:click=move |_| a.update(|s| s.set_job(Some(preset.job())))
                >
                    {move || preset.label(a.lang.get() == Lang::Zh)}
                </button>
            }
        })
        .collect_view();
    let kind_options = move || {
        let lang = a.lang.get();
        [
            ("", pick(lang, "No job", "不计算作业")),
            ("train", pick(lang, "Pre-train a model", "预训练模型")),
            ("tune", pick(lang, "Fine-tune a model", "微调模型")),
            ("serve", pick(lang, "Serve a model", "部署推理")),
        ]
        .into_iter()
        .map(|(value, label)| view! { <option value=value>{label}</option> })
        .collect_view()
    };
    view! {
        // The job acts on the table, the ranking and the charts; the market prices no job.
        <section
            class="calculator"
            id="calculator"
            aria-labelledby="calculator-title"
            hidden=move || a.state.with(|s| s.mode == Mode::Market)
        >
            <div class="calculator-head">
                <h2 id="calculator-title">{move || pick(a.lang.get(), "Cost for my job", "按作业估算成本")}</h2>
                <label class="field inline">
                    <span class="visually-hidden">{move || pick(a.lang.get(), "Kind of job", "作业类型")}</span>
                    <select
                        id="job-kind"
                        on:change=set_kind
                        prop:value=move || kind.get().map(Kind::token).unwrap_or("")
                    >
                        {kind_options}
                    </select>
                </label>
                <div class="presets" role="group" aria-label=move || pick(a.lang.get(), "Presets", "预设")>
                    {presets}
                </div>
            </div>
            {move || kind.get().map(|k| view! { <JobInputs kind=k /> })}
        </section>
    }
}

/// The inputs of one kind of job, the memory it needs and what the estimate assumes.
#[component]
fn JobInputs(kind: Kind) -> impl IntoView {
    let a = atlas();
    let numbers: &[&'static str] = match kind {
        Kind::Train => &["j.p", "j.mfu", "j.dl", "j.runs", "j.ckpt", "j.rst"],
        Kind::Tune => &["j.p", "j.tok", "j.mfu", "j.dl", "j.runs", "j.ckpt", "j.rst"],
        Kind::Serve => &["j.p", "j.ctx", "j.conc", "j.tpd", "j.in", "j.cache"],
    };
    let fields = numbers
        .iter()
        .map(|key| view! { <JobNumber key=key /> })
        .collect_view();
    let choices = match kind {
        Kind::Train => view! {
            <TrainingSizeInput />
            <JobChoice key="j.prec" label=("Precision", "精度") options=Precision::ALL.map(|p| (p.token(), p.label())).to_vec() />
        }
        .into_any(),
        Kind::Tune => view! {
            <JobChoice key="j.m" label=("Method", "方法") options=FineTuneMethod::ALL.map(|m| (m.token(), m.label())).to_vec() />
            <JobChoice key="j.prec" label=("Precision", "精度") options=Precision::ALL.map(|p| (p.token(), p.label())).to_vec() />
        }
        .into_any(),
        Kind::Serve => view! {
            <ServedModel />
            <JobChoice key="j.q" label=("Weights", "权重精度") options=Quant::ALL.map(|q| (q.token(), q.label())).to_vec() />
        }
        .into_any(),
    };
    let fits_only = move || a.state.with(|s| s.fits_only);
    view! {
        <div class="job-inputs">
            {choices}
            {fields}
            <label class="check">
                <input
                    type="checkbox"
                    id="fits-only"
                    prop:checked=fits_only
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        a.update(|s| s.fits_only = on);
                    }
                />
                {move || pick(a.lang.get(), "Only offers the job fits", "只看装得下的报价")}
            </label>
            <button type="button" id="job-clear" on:click=move |_| a.update(|s| s.set_job(None))>
                {move || pick(a.lang.get(), "Clear the job", "清除作业")}
            </button>
        </div>
        <DeadlineSummary />
        <ServingSummary />
        {move || a.state.with(|s| s.job.is_some()).then(|| view! { <DiscountMarker id="calculator-discounts" /> })}
        <MemorySummary />
        <Assumptions />
    }
}

/// Whether the offers shown meet the job's deadline, in one sentence from the engine: an
/// impossible deadline is said, not left to be inferred from a column of long times.
#[component]
fn DeadlineSummary() -> impl IntoView {
    let a = atlas();
    let said = Memo::new(move |_| {
        let lang = a.lang.get();
        a.state.with(|s| {
            let job = s.job.as_ref()?;
            a.shown
                .with(|shown| deadline::summary(job, &shown.rows, lang))
        })
    });
    move || {
        said.get().map(|said| {
            view! {
                <p class="deadline-summary" class:deadline-missed=said.none_met id="deadline-summary" role="status">
                    {said.text}
                </p>
            }
        })
    }
}

/// One number of the job, typed as text and checked by the engine's form rules.
#[component]
fn JobNumber(key: &'static str) -> impl IntoView {
    let a = atlas();
    let name = FIELDS.iter().find(|f| f.key == key).map_or("", |f| f.name);
    let (en, zh) = field_label(name);
    // A memo, so the box hears only of changes to its own value.
    let value = Memo::new(move |_| {
        a.state
            .with(|s| s.job.as_ref().map(|j| job_form::text(j, key)))
            .unwrap_or_default()
    });
    let try_text = Callback::new(move |typed: String| -> Tried {
        let Some(job) = a.state.with_untracked(|s| s.job.clone()) else {
            return Ok(Vec::new());
        };
        match job_form::edit(&job, key, &typed) {
            Edit::Applied { job, warnings } => {
                a.update(|s| s.job = Some(job));
                Ok(warnings)
            }
            Edit::Refused(found) => Err(found),
        }
    });
    let placeholder = Signal::derive(move || {
        match key {
            "j.mfu" => pick(a.lang.get(), "default for the GPU", "按显卡默认"),
            "j.dl" => pick(a.lang.get(), "none", "不限"),
            _ => "",
        }
        .to_string()
    });
    view! {
        <NumberField
            id=format!("job-{}", key.trim_start_matches("j."))
            class="job-field"
            label=Signal::derive(move || pick(a.lang.get(), en, zh).to_string())
            value=value
            try_text=try_text
            placeholder=placeholder
        />
    }
}

/// A closed choice of the job (precision, method, quantization) as a select.
#[component]
fn JobChoice(
    key: &'static str,
    label: (&'static str, &'static str),
    options: Vec<(&'static str, &'static str)>,
) -> impl IntoView {
    let a = atlas();
    let current = move || {
        a.state
            .with(|s| s.job.as_ref().and_then(|j| word(j, key)))
            .unwrap_or_default()
    };
    let id = match key {
        "j.prec" => "job-precision",
        "j.m" => "job-method",
        _ => "job-quant",
    };
    view! {
        <label class="field job-field">
            <span>{move || pick(a.lang.get(), label.0, label.1)}</span>
            <select
                id=id
                prop:value=current
                on:change=move |ev| {
                    let word = event_target_value(&ev);
                    a.update(|s| {
                        if let Some(job) = s.job.as_mut() {
                            let _ = set_word(job, key, &word);
                        }
                    });
                }
            >
                {options
                    .into_iter()
                    .map(|(value, text)| view! { <option value=value>{text}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// How big a training run is: tokens, total FLOP, or hours on a reference accelerator.
#[component]
fn TrainingSizeInput() -> impl IntoView {
    let a = atlas();
    let by = move || {
        a.state.with(|s| match s.job.as_ref().map(|j| &j.workload) {
            Some(Workload::Training { size, .. }) => match size {
                TrainingSize::Tokens { .. } => "tokens",
                TrainingSize::Flops { .. } => "flops",
                TrainingSize::ReferenceHours { .. } => "reference",
            },
            _ => "tokens",
        })
    };
    let reference = move || {
        a.state.with(|s| match s.job.as_ref().map(|j| &j.workload) {
            Some(Workload::Training {
                size: TrainingSize::ReferenceHours { reference, .. },
                ..
            }) => Some(reference.clone()),
            _ => None,
        })
    };
    let set_by = move |ev| {
        let chosen = event_target_value(&ev);
        a.update(|s| {
            if let Some(Workload::Training { size, .. }) = s.job.as_mut().map(|j| &mut j.workload) {
                *size = match chosen.as_str() {
                    "flops" => TrainingSize::Flops { flops: 1e21 },
                    "reference" => TrainingSize::ReferenceHours {
                        hours: 1_000.0,
                        reference: DEFAULT_REFERENCE.into(),
                    },
                    _ => TrainingSize::Tokens { tokens_b: 20.0 },
                };
            }
        });
    };
    view! {
        <label class="field job-field">
            <span>{move || pick(a.lang.get(), "Size given as", "规模按")}</span>
            <select id="job-size" prop:value=by on:change=set_by>
                <option value="tokens">{move || pick(a.lang.get(), "training tokens", "训练 token 数")}</option>
                <option value="flops">{move || pick(a.lang.get(), "total compute (FLOP)", "总计算量（FLOP）")}</option>
                <option value="reference">{move || pick(a.lang.get(), "hours on a reference GPU", "参考显卡上的时长")}</option>
            </select>
        </label>
        {move || match by() {
            "flops" => view! { <JobNumber key="j.flops" /> }.into_any(),
            "reference" => view! {
                <JobNumber key="j.refh" />
                <label class="field job-field">
                    <span>{move || pick(a.lang.get(), "Reference accelerator", "参考加速卡")}</span>
                    <select
                        id="job-reference"
                        prop:value=move || reference().unwrap_or_default()
                        on:change=move |ev| {
                            let word = event_target_value(&ev);
                            a.update(|s| {
                                if let Some(job) = s.job.as_mut() {
                                    let _ = set_word(job, "j.ref", &word);
                                }
                            });
                        }
                    >
                        {REFERENCE_ACCELERATORS
                            .iter()
                            .map(|r| view! { <option value=r.key>{r.key}</option> })
                            .collect_view()}
                    </select>
                </label>
            }
            .into_any(),
            _ => view! { <JobNumber key="j.tok" /> }.into_any(),
        }}
    }
}

/// What one copy of the job keeps in accelerator memory, whatever the offer.
#[component]
fn MemorySummary() -> impl IntoView {
    let a = atlas();
    let need = Memo::new(move |_| {
        a.state
            .with(|s| s.job.as_ref().map(|j| memory_need(&j.workload)))
    });
    move || {
        let lang = a.lang.get();
        need.get().map(|m| {
            let gb = |v: f64| {
                format!(
                    "{} GB",
                    crate::engine::catalog::format::quantity((v * 10.0).round() / 10.0)
                )
            };
            let parts = [
                (pick(lang, "weights", "权重"), m.weights_gb),
                (pick(lang, "gradients", "梯度"), m.gradients_gb),
                (pick(lang, "optimizer", "优化器状态"), m.optimizer_gb),
                (pick(lang, "activations", "激活值"), m.activations_gb),
                (pick(lang, "KV cache", "KV 缓存"), m.kv_cache_gb),
            ]
            .into_iter()
            .filter(|(_, v)| *v > 0.0)
            .map(|(name, v)| format!("{name} {}", gb(v)))
            .collect::<Vec<_>>()
            .join(" + ");
            view! {
                <p class="memory-need" id="memory-need">
                    {pick(lang, "Memory for one copy: ", "单份所需显存：")}
                    <strong>{gb(m.total_gb)}</strong>
                    " (" {parts} ")"
                </p>
            }
        })
    }
}

/// What the estimates assume, with sources, as computed for the first offer shown.
#[component]
fn Assumptions() -> impl IntoView {
    let a = atlas();
    let listed = Memo::new(move |_| {
        a.state.with(|s| {
            let job = s.job.as_ref()?;
            a.shown.with(|shown| {
                let row = shown.rows.first()?;
                let name = row.entry.label();
                let e = a
                    .rates
                    .with(|r| estimate_row(job, row.entry, row.quote.as_ref(), r));
                Some((name, e.assumptions))
            })
        })
    });
    move || {
        let lang = a.lang.get();
        listed.get().map(|(offer, assumptions)| {
            let items = assumptions::items(&assumptions, lang);
            view! {
                <details class="assumptions" id="job-assumptions">
                    <summary>
                        {pick(lang, "Assumptions and sources (for ", "假设与来源（以 ")}
                        {offer}
                        {pick(lang, ")", " 为例）")}
                    </summary>
                    <ul>{items}</ul>
                </details>
            }
        })
    }
}
