//! The plan section of an offer's detail: what the planned hours cost under each term the
//! offer is sold on, where each commitment starts to pay, and whether buying the GPUs would.
//! The inputs live in the view state (so in the link); the section edits them through the
//! engine's form rules and shows what the engine computed.

use leptos::prelude::*;

use super::assumptions;
use super::chart::{Chart, ChartData};
use super::context::atlas;
use super::discount_marker::DiscountMarker;
use super::number_field::{NumberField, Tried};
use crate::engine::catalog::format;
use crate::engine::catalog::{Provider, Term};
use crate::engine::present::i18n::{self, pick, Lang, Msg};
use crate::engine::present::plan_offer;
use crate::engine::present::plan_offer::{
    number, percent, plan_offer, term_name, BuyFigures, BuyGap, OfferPlan, TermRow, BUY_FORMULAS,
    RENT_FORMULAS,
};
use crate::engine::share::Token;
use crate::engine::view::plan::FIELDS;
use crate::engine::view::plan::{self, Edit, PlanInputs};
use crate::engine::workload::{field_label, Assumption};

/// The ownership inputs, as (link key, element id).
const BUY_INPUTS: [(&str, &str); 7] = [
    ("pl.buy", "plan-buy"),
    ("pl.host", "plan-host"),
    ("pl.w", "plan-watts"),
    ("pl.kwh", "plan-kwh"),
    ("pl.pue", "plan-pue"),
    ("pl.yr", "plan-years"),
    ("pl.maint", "plan-maintenance"),
];

#[component]
pub fn PlanSection(offer_id: String) -> impl IntoView {
    let a = atlas();
    let id = offer_id.clone();
    let figures = Memo::new(move |_| {
        let entry = a.entry(&id)?;
        a.state
            .with(|s| a.rates.with(|r| Some(plan_offer(entry, s, r))))
    });
    // Cumulative cost over 36 months per way to pay, break-even points marked.
    let has_figures = Memo::new(move |_| figures.with(Option::is_some));
    let timeline = Memo::new(move |_| {
        let lang = a.lang.get();
        figures.with(|f| {
            ChartData::Timeline(
                f.as_ref()
                    .map(|f| plan_offer::timeline(f, lang))
                    .unwrap_or_default(),
            )
        })
    });
    let tdp = a
        .entry(&offer_id)
        .and_then(|e| e.accelerator)
        .and_then(|x| x.specs.tdp_w);
    let provider = a.entry(&offer_id).map(|e| e.provider);
    let buy_open = a
        .state
        .with_untracked(|s| s.plan.purchase_per_gpu.is_some());
    let placeholder = move |key: &'static str| -> Signal<String> {
        Signal::derive(move || {
            let lang = a.lang.get();
            match key {
                "pl.buy" => pick(lang, "not buying", "不购买").to_string(),
                "pl.w" => match tdp {
                    Some(w) => format!("TDP {} W", format::quantity(w)),
                    None => pick(lang, "unknown: type it", "未知：请填写").to_string(),
                },
                "pl.kwh" => {
                    let currency = a.state.with(|s| s.price.currency);
                    let default = a
                        .rates
                        .with(|r| PlanInputs::default().electricity(currency, r));
                    default
                        .map(|p| {
                            format!(
                                "{} {}",
                                pick(lang, "default", "默认"),
                                format::money(p, currency)
                            )
                        })
                        .unwrap_or_default()
                }
                _ => String::new(),
            }
        })
    };
    let buy_inputs = BUY_INPUTS
        .into_iter()
        .map(|(key, id)| view! { <PlanNumber key=key id=id placeholder=placeholder(key) /> })
        .collect_view();
    view! {
        <section id="detail-plan" class="plan" aria-labelledby="detail-plan-title">
            <h3 id="detail-plan-title">
                {move || pick(a.lang.get(), "Plan: rent, commit or buy", "规划：租用、预留还是购买")}
            </h3>
            <DiscountMarker id="plan-discounts" />
            <div class="plan-inputs">
                <PlanNumber key="pl.h" id="plan-hours" placeholder=placeholder("pl.h") />
            </div>
            // The default hours are a choice: it says so where it applies.
            {move || {
                let default = a
                    .state
                    .with(|s| s.plan.hours_per_month == plan::DEFAULT_HOURS_PER_MONTH);
                default.then(|| view! {
                    <p class="hint" id="plan-hours-why">
                        {plan_offer::default_hours_note(a.lang.get())}
                    </p>
                })
            }}
            {move || figures.get().map(|f| terms_table(&f, a.lang.get(), provider))}
            <details class="plan-buy" id="plan-buy-block" prop:open=buy_open>
                <summary>{move || pick(a.lang.get(), "Buy instead?", "改为购买？")}</summary>
                <div class="plan-inputs">{buy_inputs}</div>
                {move || figures.get().map(|f| buy_results(&f, a.lang.get()))}
            </details>
            {move || has_figures.get().then(|| view! { <Chart id="plan-timeline" data=timeline height=320.0 /> })}
        </section>
    }
}

/// One number of the plan, typed as text: refused text stays in the box with the reason, and
/// the plan keeps its last good value.
#[component]
fn PlanNumber(key: &'static str, id: &'static str, placeholder: Signal<String>) -> impl IntoView {
    let a = atlas();
    let name = FIELDS.iter().find(|f| f.key == key).map_or("", |f| f.name);
    let (en, zh) = field_label(name);
    let in_money = matches!(key, "pl.buy" | "pl.host" | "pl.kwh");
    let label = move || {
        let text = pick(a.lang.get(), en, zh);
        if in_money {
            format!("{text} ({})", a.state.with(|s| s.price.currency.code()))
        } else {
            text.to_string()
        }
    };
    // A memo, so the box hears only of changes to its own value.
    let value = Memo::new(move |_| a.state.with(|s| plan::text(&s.plan, key)));
    let try_text = Callback::new(move |typed: String| -> Tried {
        let current = a.state.with_untracked(|s| s.plan.clone());
        match plan::edit(&current, key, &typed) {
            Edit::Applied { plan, warnings } => {
                a.update(|s| s.plan = plan);
                Ok(warnings)
            }
            Edit::Refused(found) => Err(found),
        }
    });
    view! {
        <NumberField
            id=id.to_string()
            class="plan-field"
            label=Signal::derive(label)
            value=value
            try_text=try_text
            placeholder=placeholder
        />
    }
}

fn money(amount: f64, plan: &OfferPlan) -> String {
    format::money(amount, plan.currency)
}

/// The table of terms: per hour, per month and per year at the planned hours, and where each
/// commitment breaks even with on-demand.
fn terms_table(plan: &OfferPlan, lang: Lang, provider: Option<&'static Provider>) -> AnyView {
    if plan.rows.is_empty() {
        return view! {
            <p class="note" id="plan-terms-none">
                {pick(
                    lang,
                    "This offer has no prices to plan with in the chosen regions.",
                    "所选地区内该方案没有可用于规划的价格。",
                )}
            </p>
        }
        .into_any();
    }
    let hours = format::quantity(plan.hours_per_month);
    let per = match plan.accelerators {
        Some(n) => match lang {
            Lang::En => format!(
                "Per instance ({} accelerator{}), {}; each term's cheapest region of those chosen, the low end of a price range.",
                format::quantity(n),
                if n == 1.0 { "" } else { "s" },
                plan.currency.code()
            ),
            Lang::Zh => format!(
                "按实例计（{} 张加速卡），{}；每种计费方式取所选地区中最便宜者，价格区间取低值。",
                format::quantity(n),
                plan.currency.code()
            ),
        },
        None => match lang {
            Lang::En => format!(
                "Per instance, {}; each term's cheapest region of those chosen, the low end of a price range.",
                plan.currency.code()
            ),
            Lang::Zh => format!(
                "按实例计，{}；每种计费方式取所选地区中最便宜者，价格区间取低值。",
                plan.currency.code()
            ),
        },
    };
    let rows = plan
        .rows
        .iter()
        .map(|row| {
            let region = provider.and_then(|p| p.region(&row.region)).map_or_else(
                || row.region.clone(),
                |r| i18n::region_name(lang, r).to_string(),
            );
            term_row(row, region, plan, lang)
        })
        .collect_view();
    let month_head = match lang {
        Lang::En => format!("Per month at {hours} h"),
        Lang::Zh => format!("每月（{hours} 小时）"),
    };
    view! {
        <p class="plan-basis" id="plan-terms-basis">{per}</p>
        <div class="table-scroll" tabindex="0">
            <table class="detail-table plan-terms" id="plan-terms" aria-describedby="plan-terms-basis">
                <thead>
                    <tr>
                        <th scope="col">{pick(lang, "Term", "计费方式")}</th>
                        <th scope="col">{i18n::t(lang, Msg::Region)}</th>
                        <th scope="col">{pick(lang, "Per hour", "每小时")}</th>
                        <th scope="col">{month_head}</th>
                        <th scope="col">{pick(lang, "Per year", "每年")}</th>
                        <th scope="col">{pick(lang, "Pays off vs on-demand from", "相对按量付费的回本使用量")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        <ul class="plan-formulas">
            {RENT_FORMULAS
                .iter()
                .map(|(en, zh)| view! { <li>{pick(lang, en, zh)}</li> })
                .collect_view()}
        </ul>
        {assumption_list(&plan.rent_assumptions, lang, "plan-rent-assumptions")}
    }
    .into_any()
}

fn term_row(row: &TermRow, region: String, plan: &OfferPlan, lang: Lang) -> impl IntoView {
    let spot_note = (row.term == Term::Spot).then(|| {
        let rework = percent(plan.spot_rework());
        let text = match lang {
            Lang::En => {
                format!("monthly cost includes +{rework} expected rework after interruptions")
            }
            Lang::Zh => format!("月成本含中断后预计返工 +{rework}"),
        };
        view! { <span class="plan-note">{text}</span> }
    });
    let monthly_note = (row.term == Term::Monthly).then(|| {
        let fee = money(row.monthly, plan);
        let text = match lang {
            Lang::En => format!("{fee} a month ÷ 730 h"),
            Lang::Zh => format!("月费 {fee} ÷ 730 小时"),
        };
        view! { <span class="plan-note">{text}</span> }
    });
    let even = match (row.term, row.break_even) {
        (Term::Reserved1y | Term::Reserved3y | Term::Monthly, Some(b)) => match b.utilisation {
            Some(u) => {
                let hours = b.hours_per_month.map(number).unwrap_or_default();
                match lang {
                    Lang::En => format!("{} of the month ({hours} h)", percent(u)),
                    Lang::Zh => format!("每月 {}（{hours} 小时）", percent(u)),
                }
            }
            None => pick(lang, "never: dearer than on-demand", "从不：比按量付费更贵").to_string(),
        },
        (Term::Reserved1y | Term::Reserved3y | Term::Monthly, None) => {
            pick(lang, "no on-demand price to compare", "无按量价格可比").to_string()
        }
        (Term::Spot, _) => pick(lang, "no commitment", "无需承诺").to_string(),
        (Term::Serverless, _) => pick(
            lang,
            "no commitment; idle hours cost nothing",
            "无需承诺；空闲不计费",
        )
        .to_string(),
        _ => "—".to_string(),
    };
    let cheapest = row.cheapest;
    view! {
        <tr data-term=row.term.token() class:cheapest=cheapest>
            <th scope="row">
                {term_name(lang, row.term)}
                {cheapest.then(|| view! { <span class="best-mark">{i18n::t(lang, Msg::Cheapest)}</span> })}
                {spot_note}
                {monthly_note}
            </th>
            <td data-region=row.region.clone()>{region}</td>
            <td class="numeric plan-hourly">{money(row.hourly, plan)}</td>
            <td class="numeric plan-monthly">{money(row.monthly, plan)}</td>
            <td class="numeric plan-yearly">{money(row.yearly, plan)}</td>
            <td class="plan-break-even">{even}</td>
        </tr>
    }
}

/// What owning would cost, or why it cannot be compared.
fn buy_results(plan: &OfferPlan, lang: Lang) -> AnyView {
    let buy = match &plan.buy {
        Ok(buy) => buy,
        Err(gap) => {
            let (en, zh) = match gap {
                BuyGap::NoPurchase => (
                    "Type a purchase price per GPU to compare buying with renting.",
                    "填写每卡购置价，即可比较购买与租用。",
                ),
                BuyGap::NoAccelerator => (
                    "This offer has no accelerators to buy.",
                    "该方案没有可购买的加速卡。",
                ),
                BuyGap::UnknownPower => (
                    "The accelerator's power is unknown: type its watts.",
                    "该加速卡功耗未知：请填写功耗（W）。",
                ),
                BuyGap::NoElectricityPrice => (
                    "No exchange rate converts the default electricity price: type a price per kWh.",
                    "没有汇率可换算默认电价：请填写电价。",
                ),
            };
            return view! { <p class="note" id="plan-buy-results">{pick(lang, en, zh)}</p> }
                .into_any();
        }
    };
    view! {
        <div id="plan-buy-results">
            {buy_facts(buy, plan, lang)}
            <ul class="plan-formulas">
                {BUY_FORMULAS
                    .iter()
                    .map(|(en, zh)| view! { <li>{pick(lang, en, zh)}</li> })
                    .collect_view()}
            </ul>
            {assumption_list(&plan.buy_assumptions, lang, "plan-buy-assumptions")}
        </div>
    }
    .into_any()
}

fn buy_facts(buy: &BuyFigures, plan: &OfferPlan, lang: Lang) -> impl IntoView {
    let unknown = i18n::t(lang, Msg::Unknown).to_string();
    let or_unknown = |x: Option<f64>| x.map(|v| money(v, plan)).unwrap_or_else(|| unknown.clone());
    let use_share = percent(buy.utilisation);
    let own_label = match lang {
        Lang::En => format!("Owned, per GPU-hour of use at {use_share} utilisation"),
        Lang::Zh => format!("自有，每卡每使用小时（利用率 {use_share}）"),
    };
    let verdict = buy.owning_cheaper().map(|cheaper| match (cheaper, lang) {
        (true, Lang::En) => "Owning costs less per hour of use at this utilisation.",
        (true, Lang::Zh) => "在此利用率下，自有每使用小时更便宜。",
        (false, Lang::En) => "Renting on demand costs less per hour of use at this utilisation.",
        (false, Lang::Zh) => "在此利用率下，按量租用每使用小时更便宜。",
    });
    let even_use = match buy.break_even_utilisation {
        Some(u) => {
            let hours = buy.break_even_hours.map(number).unwrap_or_default();
            match lang {
                Lang::En => format!("{} of the month ({hours} h)", percent(u)),
                Lang::Zh => format!("每月 {}（{hours} 小时）", percent(u)),
            }
        }
        None if buy.rent_per_gpu_hour.is_none() => {
            pick(lang, "no on-demand price to compare", "无按量价格可比").to_string()
        }
        None => pick(lang, "never, even used all month", "即使全月使用也不回本").to_string(),
    };
    let years = plan.own.as_ref().map_or(0.0, |o| o.years);
    let month_text = |month: Option<f64>| match month {
        Some(m) => match lang {
            Lang::En => format!("month {}", number(m)),
            Lang::Zh => format!("第 {} 个月", number(m)),
        },
        None => match lang {
            Lang::En => format!("not within the {} years of use", format::quantity(years)),
            Lang::Zh => format!("{} 年使用期内不回本", format::quantity(years)),
        },
    };
    let months = buy
        .months
        .iter()
        .map(|m| {
            view! {
                <li data-term=m.against.token()>
                    {term_name(lang, m.against)} ": " {month_text(m.month)}
                </li>
            }
        })
        .collect_view();
    let rent_label = pick(
        lang,
        "This offer on demand, per accelerator-hour",
        "本方案按量付费，每卡每小时",
    );
    view! {
        <dl class="plan-buy-facts">
            <dt>{own_label}</dt>
            <dd id="plan-own-cost">{or_unknown(buy.cost_per_gpu_hour)}</dd>
            <dt>{rent_label}</dt>
            <dd id="plan-rent-gpu">{or_unknown(buy.rent_per_gpu_hour)}</dd>
            <dt>{pick(lang, "Buying pays off vs on-demand from", "相对按量付费的回本利用率")}</dt>
            <dd id="plan-break-even-use">{even_use}</dd>
            <dt>{pick(lang, "Buying has paid for itself, at these hours, by", "按此使用量，购买回本于")}</dt>
            <dd id="plan-break-even-month">
                <ul>{months}</ul>
            </dd>
        </dl>
        {verdict.map(|v| view! { <p class="plan-verdict" id="plan-verdict">{v}</p> })}
    }
}

/// Assumptions with their values and sources, as the calculator lists them.
fn assumption_list(items: &[Assumption], lang: Lang, id: &'static str) -> Option<impl IntoView> {
    if items.is_empty() {
        return None;
    }
    let items = assumptions::items(items, lang);
    Some(view! {
        <details class="assumptions" id=id>
            <summary>{pick(lang, "Assumptions and sources", "假设与来源")}</summary>
            <ul>{items}</ul>
        </details>
    })
}
