//! Rank mode: pick a scenario (or a persona), adjust weights and constraints, and see the
//! filtered offers ranked with a score bar per criterion, a sentence saying why, and which
//! offers sit on the Pareto frontier.

use std::collections::HashMap;

use leptos::prelude::*;

use super::context::{atlas, Atlas};
use super::plain::{self, El, Painted};
use crate::engine::catalog::format;
use crate::engine::catalog::Link;
use crate::engine::present::discount::mark_of;
use crate::engine::present::i18n::{self, pick, Lang};
use crate::engine::scoring::{
    job_rule, pareto, why_in, CostBasis, Criterion, Exclusion, Frontier, Metrics, Persona, Ranking,
    Scenario, WhyContext, MAX_WEIGHT,
};
use crate::engine::share::Token;
use crate::engine::view::input_rule::{constraint, read_constraint, ConstraintBox};
use crate::engine::view::search::SearchQuery;
use crate::engine::workload::ProblemKind;

/// How many ranked offers the list shows: the decision is made among the first few.
const SHOWN: usize = 25;

/// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies; each
/// segment also carries its criterion's name in its title, so colour is not the only signal.
fn colour(c: Criterion) -> &'static str {
    match c {
        Criterion::Performance => "#0072B2",
        Criterion::CostEfficiency => "#E69F00",
        Criterion::Memory => "#009E73",
        Criterion::ScaleOut => "#CC79A7",
        Criterion::Ecosystem => "#56B4E9",
        Criterion::Flexibility => "#D55E00",
        Criterion::Trust => "#999999",
    }
}

#[component]
pub fn RankPanel() -> impl IntoView {
    let a = atlas();
    let (metrics, ranking) = (a.metrics, a.ranking);
    // The constraints alone, so what depends on them and the offers but not on the weights
    // (the frontiers, the "why" context, the lookup below) is not redone when a weight
    // moves: a weight slider then re-explains 25 offers without re-reading every offer.
    let constraints = Memo::new(move |_| a.state.with(|s| s.constraints.clone()));
    // The frontiers among the offers that meet the constraints.
    let frontiers = Memo::new(move |_| {
        constraints.with(|c| {
            metrics.with(|m| {
                let eligible: Vec<&Metrics> = m.iter().filter(|x| c.allows(x)).collect();
                (
                    pareto(&eligible, Frontier::PricePerformance),
                    pareto(&eligible, Frontier::PriceMemory),
                )
            })
        })
    });
    // The best values the "why" sentences' superlatives are checked against.
    let why_context =
        Memo::new(move |_| constraints.with(|c| metrics.with(|m| WhyContext::new(m, c))));
    // Where each offer's metrics are: looking the explained offers up one by one would scan
    // every offer 25 times.
    let metrics_at = Memo::new(move |_| {
        metrics.with(|m| {
            m.iter()
                .enumerate()
                .map(|(i, x)| (x.offer_id.clone(), i))
                .collect::<HashMap<String, usize>>()
        })
    });

    // What each place of the list shows, as plain trees painted by difference (`ui::plain`):
    // a weight step reorders and rescores every place, and rewriting text costs less than
    // rebuilding 25 items.
    // The user's discounts and the term they are read in: an offer whose price carries one
    // is marked "your price" here as in the table.
    let discounted = Memo::new(move |_| {
        (
            a.rates.with(|r| r.discounts().clone()),
            a.state.with(|s| s.term),
        )
    });
    let search = Memo::new(move |_| a.state.with(|s| s.filters.search.clone()));
    let items = Memo::new(move |_| {
        let lang = a.lang.get();
        let search = SearchQuery::parse(&search.get());
        let (discounts, term) = discounted.get();
        frontiers.with(|(ids_pp, ids_pm)| {
            why_context.with(|context| {
                metrics_at.with(|at| {
                    ranking.with(|r| {
                        metrics.with(|all| {
                            r.ranked
                                .iter()
                                .enumerate()
                                .filter_map(|(i, scored)| {
                                    let entry = a.entry(&scored.offer_id)?;
                                    // The search narrows the list; the place stays the
                                    // offer's rank in the filters' market.
                                    entry.found_by(&search).then_some((i, scored, entry))
                                })
                                .take(SHOWN)
                                .filter_map(|(i, scored, entry)| {
                                    let m = all.get(*at.get(&scored.offer_id)?)?;
                                    let why = why_in(context, scored, m, lang);
                                    let on = Frontiers {
                                        price_performance: ids_pp.contains(&scored.offer_id),
                                        price_memory: ids_pm.contains(&scored.offer_id),
                                        yours: discounts.for_price(&entry.provider.id, term).map(
                                            |d| {
                                                mark_of(
                                                    d,
                                                    m.price_per_hour,
                                                    m.currency,
                                                    entry.provider,
                                                    lang,
                                                )
                                            },
                                        ),
                                    };
                                    Some(ranked_tree(i + 1, entry, scored, m, why, on, lang))
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                })
            })
        })
    });
    let places = move || (0..items.with(Vec::len)).collect::<Vec<_>>();
    let open_detail = move |event: web_sys::MouseEvent| {
        if let Some((target, offer)) = plain::delegated(&event, "li[data-offer]", "data-offer") {
            if target.closest(".open-detail").ok().flatten().is_some() {
                a.update(|s| s.detail = Some(offer));
            }
        }
    };

    view! {
        <section class="rank" id="rank-panel">
            <Scenarios />
            <div class="rank-settings">
                <WeightSliders />
                <ConstraintInputs />
            </div>
            <Summary ranking=ranking />
            <ol class="ranked" id="ranked" on:click=open_detail>
                <For each=places key=|place| *place children=move |place| ranked_place(items, place) />
            </ol>
        </section>
    }
}

/// One place of the ranked list: its element stays, the offer it shows changes.
fn ranked_place(items: Memo<Vec<El>>, place: usize) -> impl IntoView {
    let li = NodeRef::<leptos::html::Li>::new();
    let tree = Memo::new(move |_| items.with(|all| all.get(place).cloned()));
    Effect::new(move |painted: Option<Option<Painted>>| {
        let li = li.get()?;
        plain::paint(&li, painted.flatten(), tree.get()?)
    });
    view! { <li node_ref=li></li> }
}

/// The marks an offer's place carries: which Pareto frontiers it is on, and the "your
/// price" mark (its text and sentence) when the user's discount is in its price.
struct Frontiers {
    price_performance: bool,
    price_memory: bool,
    yours: Option<(String, String)>,
}

fn ranked_tree(
    place: usize,
    entry: &'static crate::engine::explorer::Entry<'static>,
    scored: &crate::engine::scoring::Scored,
    m: &Metrics,
    why: String,
    on: Frontiers,
    lang: Lang,
) -> El {
    let accelerator = entry
        .accelerator
        .map(|x| {
            let label = i18n::accelerator_label(lang, x);
            format!("{} × {label}", format::quantity(entry.offer.count))
        })
        .unwrap_or_default();
    let memory = m.memory_per_accelerator_gb.map(|gb| {
        let text = format!(
            "{} GB / {}",
            format::quantity(gb),
            pick(lang, "accelerator", "卡")
        );
        El::new("span").text(text)
    });
    let yours = on.yours.as_ref().map(|(text, label)| {
        El::new("span")
            .attr("class", "badge yours")
            .attr("title", label.as_str())
            .attr("aria-label", label.as_str())
            .text(text.as_str())
    });
    let price = m.price_per_hour.map(|p| {
        El::new("span")
            .attr("class", "money")
            .text(format!("{} / h", format::money(p, m.currency)))
            .children(yours)
    });
    let frontier = |frontier: Frontier, key: &'static str| {
        El::new("span")
            .attr("class", "pareto")
            .attr("data-frontier", key)
            .text(frontier.name(lang))
    };
    let frontiers = [
        on.price_performance
            .then(|| frontier(Frontier::PricePerformance, "price-performance")),
        on.price_memory
            .then(|| frontier(Frontier::PriceMemory, "price-memory")),
    ];
    let earned = || scored.breakdown.iter().filter(|(_, points)| *points > 0.0);
    // The segments are presentational inside role="img"; the bar's label carries the
    // breakdown for screen readers.
    let bar_label = std::iter::once(format!("{:.0} / 100", scored.score))
        .chain(
            earned().map(|(criterion, points)| format!("{}: {:.1}", criterion.name(lang), points)),
        )
        .collect::<Vec<_>>()
        .join("; ");
    let segments = earned().map(|(criterion, points)| {
        El::new("span")
            .attr("class", "segment")
            .attr("data-criterion", format!("{criterion:?}").to_lowercase())
            .attr("title", format!("{}: {:.1}", criterion.name(lang), points))
            .style("width", format!("{points}%"))
            .style("background", colour(*criterion))
    });
    let head = El::new("div")
        .attr("class", "ranked-head")
        .child(
            El::new("span")
                .attr("class", "place")
                .text(place.to_string()),
        )
        .child(
            El::new("button")
                .attr("type", "button")
                .attr("class", "link-button open-detail")
                .text(format!(
                    "{} · {}",
                    entry.provider.name, entry.offer.instance
                )),
        )
        .child(
            El::new("span")
                .attr("class", "score")
                .attr("title", pick(lang, "Score out of 100", "满分 100"))
                .text(format!("{:.0}", scored.score)),
        );
    let facts = El::new("div")
        .attr("class", "ranked-facts")
        .child(El::new("span").text(accelerator))
        .children(memory)
        .children(price)
        .children(frontiers.into_iter().flatten());
    El::new("li")
        .attr("class", "ranked-offer")
        .attr("data-offer", entry.offer.id.as_str())
        .attr("data-score", format!("{:.3}", scored.score))
        .maybe(
            "data-memory",
            m.memory_per_accelerator_gb.map(|gb| gb.to_string()),
        )
        .child(head)
        .child(facts)
        .child(
            El::new("div")
                .attr("class", "score-bar")
                .attr("role", "img")
                .attr("aria-label", bar_label)
                .children(segments),
        )
        .child(El::new("p").attr("class", "why").text(why))
}

#[component]
fn Scenarios() -> impl IntoView {
    let a = atlas();
    let current = Memo::new(move |_| a.state.with(|s| s.scenario()));
    view! {
        <div class="scenarios">
            <div class="scenario-buttons" role="group" aria-label=move || pick(a.lang.get(), "Scenario", "场景")>
                {Scenario::ALL
                    .into_iter()
                    .map(|scenario| {
                        view! {
                            <button
                                type="button"
                                data-scenario=format!("{scenario:?}").to_lowercase()
                                aria-pressed=move || (current.get() == Some(scenario)).to_string()
                                on:click=move |_| a.update(|s| s.apply_scenario(scenario))
                            >
                                {move || scenario.name(a.lang.get())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="scenario-description">
                {move || match current.get() {
                    Some(s) => s.description(a.lang.get()).to_string(),
                    None => pick(a.lang.get(), "Custom weights.", "自定义权重。").to_string(),
                }}
                {move || a.state.with(|s| s.job.is_some()).then(|| {
                    " ".to_string() + job_rule(a.lang.get())
                })}
            </p>
            <div class="personas">
                <span>{move || pick(a.lang.get(), "Or start from who you are:", "或按身份选择：")}</span>
                {Persona::ALL
                    .into_iter()
                    .map(|persona| {
                        view! {
                            <button
                                type="button"
                                class="link-button"
                                data-persona=format!("{persona:?}").to_lowercase()
                                title=move || persona.rationale(a.lang.get())
                                on:click=move |_| a.update(|s| s.apply_scenario(persona.scenario()))
                            >
                                {move || persona.name(a.lang.get())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </div>
    }
}

#[component]
fn WeightSliders() -> impl IntoView {
    let a = atlas();
    let has_job = move || a.state.with(|s| s.job.is_some());
    view! {
        <fieldset class="weights">
            <legend>{move || pick(a.lang.get(), "Weights", "权重")}</legend>
            {Criterion::ALL
                .into_iter()
                .map(|criterion| {
                    let id = format!("weight-{criterion:?}").to_lowercase();
                    let label_for = id.clone();
                    // The weights the ranking uses (a job brings its own over the defaults);
                    // moving one slider keeps the others where they are shown.
                    let value = move || a.state.with(|s| s.ranking_weights().get(criterion));
                    view! {
                        <label class="slider" for=label_for title=move || criterion.description(a.lang.get())>
                            <span class="swatch" style:background=colour(criterion)></span>
                            <span class="name">{move || criterion.name(a.lang.get())}</span>
                            <input
                                type="range"
                                id=id
                                min="0"
                                max=MAX_WEIGHT.to_string()
                                step="1"
                                prop:value=move || value().to_string()
                                on:input=move |ev| {
                                    if let Ok(w) = event_target_value(&ev).parse::<u8>() {
                                        a.update(|s| {
                                            let basis = s.weights.cost_basis;
                                            s.weights = s.ranking_weights();
                                            s.weights.cost_basis = basis;
                                            s.weights.set(criterion, w);
                                        });
                                    }
                                }
                            />
                            <output>{value}</output>
                        </label>
                    }
                })
                .collect_view()}
            <label class="field">
                <span>{move || pick(a.lang.get(), "Cost-efficiency measures", "性价比衡量")}</span>
                <select
                    id="cost-basis"
                    aria-describedby="cost-basis-job"
                    prop:value=move || a.state.with(|s| s.ranking_weights().cost_basis).token()
                    prop:disabled=has_job
                    on:change=move |ev| {
                        if let Some(b) = CostBasis::from_token(&event_target_value(&ev)) {
                            a.update(|s| s.weights.cost_basis = b);
                        }
                    }
                >
                    {CostBasis::ALL
                        .into_iter()
                        .map(|b| {
                            let only_with_a_job = b == CostBasis::Job;
                            view! {
                                <option value=b.token() prop:disabled=move || only_with_a_job && !has_job()>
                                    {move || b.name(a.lang.get())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <p class="note" id="cost-basis-job" data-testid="rank-for-job" hidden=move || !has_job()>
                {move || pick(
                    a.lang.get(),
                    "A job is set in “Cost for my job”: offers are ranked by what it costs on each, and offers it does not fit are left out. Clear the job to rank by price per unit.",
                    "已在“任务成本”中设置任务：按任务在各报价上的成本排名，放不下任务的报价不参与排名。清除任务即可按单位价格排名。",
                )}
            </p>
        </fieldset>
    }
}

/// A number box bound to an optional constraint; empty means no constraint. What the rule
/// refuses ("-5", "0.5" accelerators, "1e999") stays in the box with the allowed range, and the
/// constraint keeps its last good value.
fn number_constraint(
    a: Atlas,
    id: &'static str,
    rule: ConstraintBox,
    label: fn(Lang) -> &'static str,
    get: fn(&crate::engine::scoring::Constraints) -> Option<f64>,
    set: fn(&mut crate::engine::scoring::Constraints, Option<f64>),
) -> impl IntoView {
    let refused = RwSignal::new(None::<ProblemKind>);
    let message_id = format!("{id}-message");
    let in_force = move || {
        a.state.with(|s| {
            get(&s.constraints)
                .map(|v| v.to_string())
                .unwrap_or_default()
        })
    };
    view! {
        <label class="field">
            <span>{move || label(a.lang.get())}</span>
            <input
                type="text"
                inputmode="decimal"
                autocomplete="off"
                maxlength="64"
                id=id
                aria-invalid=move || refused.get().is_some().to_string()
                aria-describedby=message_id.clone()
                prop:value=in_force
                on:input=move |ev| match read_constraint(rule, &event_target_value(&ev)) {
                    Ok(v) => {
                        refused.set(None);
                        a.update(|s| set(&mut s.constraints, v));
                    }
                    Err(kind) => refused.set(Some(kind)),
                }
            />
            <span class="field-problem" id=message_id role="status">
                {move || refused.get().map(|kind| constraint(rule).message(kind, a.lang.get()))}
            </span>
        </label>
    }
}

#[component]
fn ConstraintInputs() -> impl IntoView {
    let a = atlas();
    view! {
        <fieldset class="constraints">
            <legend>{move || pick(a.lang.get(), "Must have", "硬性条件")}</legend>
            {number_constraint(
                a,
                "constraint-memory",
                ConstraintBox::Memory,
                |l| pick(l, "Memory per accelerator ≥ (GB)", "单卡显存 ≥（GB）"),
                |c| c.min_memory_per_accelerator_gb,
                |c, v| c.min_memory_per_accelerator_gb = v,
            )}
            {number_constraint(
                a,
                "constraint-min-count",
                ConstraintBox::Count,
                |l| pick(l, "Accelerators ≥", "加速卡数 ≥"),
                |c| c.min_count,
                |c, v| c.min_count = v,
            )}
            {number_constraint(
                a,
                "constraint-max-count",
                ConstraintBox::Count,
                |l| pick(l, "Accelerators ≤", "加速卡数 ≤"),
                |c| c.max_count,
                |c, v| c.max_count = v,
            )}
            {number_constraint(
                a,
                "constraint-budget",
                ConstraintBox::Budget,
                |l| pick(l, "Budget per instance-hour ≤ (view currency)", "每实例小时预算 ≤（当前货币）"),
                |c| c.max_price_per_hour,
                |c, v| c.max_price_per_hour = v,
            )}
            {[Link::Nvlink, Link::Infiniband]
                .into_iter()
                .map(|link| {
                    view! {
                        <label class="check">
                            <input
                                type="checkbox"
                                data-constraint=format!("link-{link:?}").to_lowercase()
                                prop:checked=move || a.state.with(|s| s.constraints.links.contains(&link))
                                on:change=move |_| a.update(|s| {
                                    if !s.constraints.links.remove(&link) {
                                        s.constraints.links.insert(link);
                                    }
                                })
                            />
                            {move || i18n::link(a.lang.get(), link)}
                        </label>
                    }
                })
                .collect_view()}
            <label class="check">
                <input
                    type="checkbox"
                    data-constraint="multi-node"
                    prop:checked=move || a.state.with(|s| s.constraints.multi_node)
                    on:change=move |_| a.update(|s| s.constraints.multi_node = !s.constraints.multi_node)
                />
                {move || i18n::t(a.lang.get(), i18n::Msg::MultiNode)}
            </label>
        </fieldset>
    }
}

#[component]
fn Summary(ranking: Memo<Ranking>) -> impl IntoView {
    let a = atlas();
    let text = move || {
        let lang = a.lang.get();
        ranking.with(|r| {
            let mut counts: Vec<(Exclusion, usize)> = Exclusion::ALL
                .into_iter()
                .map(|e| {
                    (
                        e,
                        r.excluded
                            .iter()
                            .filter(|(_, why)| why.contains(&e))
                            .count(),
                    )
                })
                .filter(|(_, n)| *n > 0)
                .collect();
            counts.sort_by_key(|c| std::cmp::Reverse(c.1));
            let reasons: Vec<String> = counts
                .into_iter()
                .map(|(e, n)| format!("{n} {}", e.label(lang)))
                .collect();
            let ranked = r.ranked.len();
            let excluded = r.excluded.len();
            match lang {
                Lang::En if excluded == 0 => format!("{ranked} offers ranked."),
                Lang::En => format!(
                    "{ranked} offers ranked; {excluded} excluded: {}.",
                    reasons.join("; ")
                ),
                Lang::Zh if excluded == 0 => format!("已排名 {ranked} 个报价。"),
                Lang::Zh => format!(
                    "已排名 {ranked} 个报价；排除 {excluded} 个：{}。",
                    reasons.join("；")
                ),
            }
        })
    };
    view! {
        <p class="rank-summary" aria-live="polite" data-testid="rank-summary">{text}</p>
    }
}
