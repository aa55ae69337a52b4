//! Serving a model: rent a GPU or call an API? The model chosen by name, and the three ways
//! side by side for the job (issue 29) — the cheapest hosted API for the model, the cheapest
//! serverless and always-on offers shown, where they cross, and a chart of the three.

use leptos::prelude::*;

use super::api_prices::{self, ApiPrices};
use super::context::atlas;
use crate::engine::explorer::Competition;
use crate::engine::present::i18n::pick;
use crate::engine::present::serving_choice;
use crate::engine::workload::Workload;

/// For a serving job, the three ways side by side: the cheapest hosted API for the model, the
/// cheapest serverless offer shown (billed by use) and the cheapest always-on offer, a day
/// each at the job's volume, where they cross, and a chart of each way's cost a day against
/// the volume (`present::serving_choice`, `present::serving_chart`).
#[component]
pub fn ServingSummary() -> impl IntoView {
    let a = atlas();
    let choice = Memo::new(move |_| {
        let rates = a.rates.get();
        a.state.with(|s| {
            let job = s.job.as_ref()?;
            job.workload.is_inference().then_some(())?;
            let competition = Competition::of(s, &a.today);
            let api = api_prices::wanted();
            a.shown.with(|shown| {
                serving_choice::choice(
                    job,
                    &shown.rows,
                    &rates,
                    competition,
                    api.catalog(),
                    s.price.currency,
                )
            })
        })
    });
    let texts = move || {
        let lang = a.lang.get();
        choice.with(|c| {
            c.as_ref().map(|c| {
                let gpu = (c.serverless.is_some() || c.always_on.is_some())
                    .then(|| serving_choice::sentence(c, lang));
                let api =
                    serving_choice::api_sentence(c, lang).or_else(|| match api_prices::wanted() {
                        ApiPrices::Failed(why) => Some(format!(
                            "{} ({why})",
                            pick(
                                lang,
                                "Hosted API prices could not be loaded",
                                "托管 API 价格无法载入"
                            )
                        )),
                        _ => None,
                    });
                (gpu, api)
            })
        })
    };
    view! {
        {move || {
            texts().map(|(gpu, api)| {
                view! {
                    {gpu.map(|text| view! { <p class="serving-summary" id="serving-summary" role="status">{text}</p> })}
                    {api.map(|text| view! { <p class="serving-summary" id="api-summary" role="status">{text}</p> })}
                }
            })
        }}
        <ServingChart choice=choice />
    }
}

/// Each way's cost a day against output tokens a day (log scales), the job's volume and the
/// break-even marked; the lines' values are in the sentences above and the table below.
#[component]
fn ServingChart(choice: Memo<Option<serving_choice::ServingChoice>>) -> impl IntoView {
    use crate::engine::present::serving_chart::{self, WayKind, HEIGHT, WIDTH};
    let a = atlas();
    let chart = Memo::new(move |_| {
        let lang = a.lang.get();
        let currency = a.state.with(|s| s.price.currency);
        choice.with(|c| {
            c.as_ref()
                .and_then(|c| serving_chart::chart(c, currency, lang))
        })
    });
    let name = move |way: WayKind| {
        let lang = a.lang.get();
        match way {
            WayKind::Api => pick(lang, "Hosted API", "托管 API"),
            WayKind::Serverless => pick(lang, "Serverless", "Serverless"),
            WayKind::AlwaysOn => pick(lang, "Always-on GPU", "常驻 GPU"),
        }
    };
    move || {
        chart.get().map(|c| {
            let (left, top, right, bottom) = c.plot;
            let title = pick(
                a.lang.get(),
                "Cost a day against output tokens a day",
                "每天成本与每天输出 token 数",
            );
            let lines = c
                .lines
                .iter()
                .flat_map(|l| {
                    let class = way_class(l.way);
                    l.segments.iter().map(move |points| {
                        view! { <polyline class=class points=points.clone()></polyline> }
                    })
                })
                .collect_view();
            let legend = c
                .lines
                .iter()
                .map(|l| {
                    view! { <li class=way_class(l.way)>{name(l.way)}</li> }
                })
                .collect_view();
            let x_ticks = c
                .x_ticks
                .iter()
                .map(|t| {
                    view! { <text class="tick" x=format!("{:.1}", t.at) y=format!("{:.1}", bottom + 18.0) text-anchor="middle">{t.label.clone()}</text> }
                })
                .collect_view();
            let y_ticks = c
                .y_ticks
                .iter()
                .map(|t| {
                    view! {
                        <line class="grid" x1=format!("{left:.1}") x2=format!("{right:.1}") y1=format!("{:.1}", t.at) y2=format!("{:.1}", t.at)></line>
                        <text class="tick" x=format!("{:.1}", left - 6.0) y=format!("{:.1}", t.at + 4.0) text-anchor="end">{t.label.clone()}</text>
                    }
                })
                .collect_view();
            let job = c.job_x.map(|x| {
                view! { <line class="job-volume" x1=format!("{x:.1}") x2=format!("{x:.1}") y1=format!("{top:.1}") y2=format!("{bottom:.1}")></line> }
            });
            let even = c.break_even.map(|(x, y)| {
                view! { <circle class="break-even" cx=format!("{x:.1}") cy=format!("{y:.1}") r="5"></circle> }
            });
            view! {
                <figure class="serving-chart" id="serving-chart">
                    <figcaption>{title}</figcaption>
                    <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") role="img" aria-label=title>
                        {y_ticks}
                        {x_ticks}
                        {lines}
                        {job}
                        {even}
                    </svg>
                    <ul class="serving-legend">{legend}</ul>
                </figure>
            }
        })
    }
}

/// A way's class: its line and its legend swatch share it (style/main.css).
fn way_class(way: crate::engine::present::serving_chart::WayKind) -> &'static str {
    use crate::engine::present::serving_chart::WayKind;
    match way {
        WayKind::Api => "way-api",
        WayKind::Serverless => "way-serverless",
        WayKind::AlwaysOn => "way-always-on",
    }
}

/// The model served, by name: choosing one sets the job's size to the model's and keeps its
/// name in the link, so its own API prices are set against renting; "by size" keeps the size
/// typed and compares with the nearest model that has API prices.
#[component]
pub fn ServedModel() -> impl IntoView {
    let a = atlas();
    let models = move || {
        api_prices::wanted()
            .catalog()
            .map(|api| {
                let mut open: Vec<_> = api
                    .models
                    .iter()
                    .filter(|m| {
                        m.self_hostable()
                            && m.params_b.is_some()
                            && api.prices_of(&m.id).next().is_some()
                    })
                    .collect();
                open.sort_by(|x, y| {
                    x.params_b
                        .partial_cmp(&y.params_b)
                        .unwrap_or(std::cmp::Ordering::Equal)
                        .then_with(|| x.name.cmp(&y.name))
                });
                open.into_iter()
                    .map(|m| {
                        (
                            m.id.clone(),
                            format!("{} ({}B)", m.name, m.params_b.unwrap_or(0.0)),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    let chosen = Memo::new(move |_| {
        a.state.with(|s| match s.job.as_ref().map(|j| &j.workload) {
            Some(Workload::Inference { model, .. }) => model.clone().unwrap_or_default(),
            _ => String::new(),
        })
    });
    let choose = move |ev| {
        let id = event_target_value(&ev);
        let size = api_prices::wanted()
            .catalog()
            .and_then(|api| api.model(&id))
            .and_then(|m| m.params_b);
        a.update(|s| {
            if let Some(Workload::Inference {
                model, params_b, ..
            }) = s.job.as_mut().map(|j| &mut j.workload)
            {
                *model = (!id.is_empty()).then(|| id.clone());
                if let Some(size) = size {
                    *params_b = size;
                }
            }
        });
    };
    // The options arrive with the price file; the choice is set after them, so a link's model
    // shows as chosen once it can be.
    let options = move || {
        models()
            .into_iter()
            .map(|(id, label)| view! { <option value=id>{label}</option> })
            .collect_view()
    };
    view! {
        <label class="field">
            <span>{move || pick(a.lang.get(), "Model", "模型")}</span>
            <select
                id="job-model"
                on:change=choose
                prop:value=move || {
                    api_prices::wanted();
                    chosen.get()
                }
            >
                <option value="">{move || pick(a.lang.get(), "By size (below)", "按规模（见下）")}</option>
                {options}
            </select>
        </label>
    }
}
