//! One offer's money plan: what the planned hours cost a month and a year under each term it
//! is sold on, the use at which each commitment beats on-demand, and whether buying the GPUs
//! instead would pay, with when.
//!
//! Prices are the offer's cheapest region per term among the regions the view allows, in the
//! view's currency (the low end where the catalog gives a range). Renting is per instance, as
//! it is rented; buying is per GPU, compared with the instance's on-demand price divided by its
//! accelerators. The arithmetic is [`commitment`](workload::commitment),
//! [`ownership`](workload::ownership) and [`spot`]'s; this module only feeds
//! them the offer and the view, and words the results.

use serde::Serialize;

use crate::explorer::Entry;
use crate::present::i18n::{pick, Lang};
use crate::pricing::{quote, Duration, PriceBasis, PriceView, Rates};
use crate::view::plan::{PlanInputs, DEFAULT_ELECTRICITY_USD_PER_KWH, DEFAULT_HOURS_PER_MONTH};
use crate::view::state::ViewState;
use catalog::format;
use catalog::{Currency, Term, HOURS_PER_MONTH};
use charts::{ChartWords, CostLine, TimelineData, TimelineMarker};
use workload::ownership::{
    DEFAULT_PUE, DEFAULT_PUE_SOURCE, DGX_H100_HOST_WATTS_PER_GPU, DGX_H100_SOURCE,
};
use workload::sources::{show, EIA_ELECTRICITY_2023, GPU_ATLAS_ASSUMPTION};
use workload::spot::{
    self, DEFAULT_CHECKPOINT_MINUTES, DEFAULT_INTERRUPTIONS_PER_HOUR, DEFAULT_INTERRUPTIONS_SOURCE,
    DEFAULT_RESTART_MINUTES, DEFAULT_SPOT_TIMING_SOURCE,
};
use workload::{
    break_even, break_even_months, cumulative_costs, term_costs, Acquisition, Assumption,
    BreakEven, BreakEvenMonth, Ownership, Plan, Source, TermPrices,
};

/// The terms a plan compares, in display order (a free tier is no plan).
pub const PLAN_TERMS: [Term; 6] = [
    Term::OnDemand,
    Term::Spot,
    Term::Reserved1y,
    Term::Reserved3y,
    Term::Monthly,
    Term::Serverless,
];

/// Months the cost-over-time chart spans.
pub const TIMELINE_MONTHS: u32 = 36;

/// A number the user typed: cited as theirs.
const YOUR_INPUT: Source = Source {
    short: "your input",
    url: "",
};

/// The accelerator's power as the catalog lists it.
const CATALOG_TDP: Source = Source {
    short: "this offer's catalog entry (accelerator TDP)",
    url: "",
};

/// The formulas behind the rent side, in English and Chinese.
pub const RENT_FORMULAS: [(&str, &str); 3] = [
    (
        "On-demand and spot cost = price per hour × hours used; spot hours are stretched by the expected rework after interruptions.",
        "按量与竞价成本 = 每小时价格 × 使用小时数；竞价按中断后预计返工拉长时长。",
    ),
    (
        "A reservation is paid for all 730 hours of every month, a subscription is a flat monthly fee, whatever the use.",
        "预留实例按每月全部 730 小时付费，包月为固定月费，与使用多少无关。",
    ),
    (
        "Break-even use = committed price per hour ÷ on-demand price per hour (× 730 h for hours a month).",
        "回本使用率 = 预留每小时价格 ÷ 按量每小时价格（× 730 小时即每月小时数）。",
    ),
];

/// The formulas behind the buy side, in English and Chinese.
pub const BUY_FORMULAS: [(&str, &str); 3] = [
    (
        "Cost per hour of use = (purchase + server share) ÷ (years × 8,760 h × utilisation) + purchase × maintenance % ÷ (8,760 h × utilisation) + watts × PUE ÷ 1,000 × price per kWh. Energy is counted only while the GPU works.",
        "每使用小时成本 = （购置价 + 服务器分摊）÷（年限 × 8,760 小时 × 利用率）+ 购置价 × 维护比例 ÷（8,760 小时 × 利用率）+ 功耗 × PUE ÷ 1,000 × 电价。电费只计工作时段。",
    ),
    (
        "Break-even utilisation = fixed cost per hour ÷ (on-demand price per GPU-hour − energy per hour of use).",
        "回本利用率 = 每小时固定成本 ÷（按量每卡小时价格 − 每使用小时电费）。",
    ),
    (
        "Break-even month = (purchase + server share) ÷ (monthly rent − monthly maintenance and energy), within the years of use.",
        "回本月份 = （购置价 + 服务器分摊）÷（月租 − 每月维护与电费），须在使用年限之内。",
    ),
];

/// One offer's prices under each term, in the view's currency.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct OfferPrices {
    /// Per instance-hour (a subscription per month).
    pub per_instance: TermPrices,
    /// The same per accelerator; all `None` for an offer without accelerators.
    pub per_accelerator: TermPrices,
    /// The region each priced term comes from.
    pub regions: Vec<(Term, String)>,
}

impl OfferPrices {
    pub fn region(&self, term: Term) -> Option<&str> {
        self.regions
            .iter()
            .find(|(t, _)| *t == term)
            .map(|(_, r)| r.as_str())
    }
}

fn slot(prices: &mut TermPrices, term: Term) -> Option<&mut Option<f64>> {
    match term {
        Term::OnDemand => Some(&mut prices.on_demand),
        Term::Spot => Some(&mut prices.spot),
        Term::Reserved1y => Some(&mut prices.reserved_1y),
        Term::Reserved3y => Some(&mut prices.reserved_3y),
        Term::Monthly => Some(&mut prices.monthly),
        Term::Serverless => Some(&mut prices.serverless),
        Term::Free => None,
    }
}

/// The offer's price under each term: the cheapest region the view allows, per hour in the
/// view's currency; a subscription as its monthly fee.
pub fn offer_prices(entry: &Entry<'_>, state: &ViewState, rates: &Rates) -> OfferPrices {
    let view = PriceView {
        currency: state.price.currency,
        basis: PriceBasis::Instance,
        duration: Duration::Hour,
    };
    let mut out = OfferPrices::default();
    for term in PLAN_TERMS {
        let Some(q) = quote(
            entry.offer,
            entry.provider,
            &entry.divisors,
            term,
            &state.regions,
            &view,
            rates,
        )
        // On-demand falls back to a free tier, which is not a price to plan with.
        .filter(|q| q.term == term) else {
            continue;
        };
        let Some(hourly) = q.value.filter(|v| v.is_finite() && *v >= 0.0) else {
            continue;
        };
        let scale = if term == Term::Monthly {
            HOURS_PER_MONTH
        } else {
            1.0
        };
        if let Some(s) = slot(&mut out.per_instance, term) {
            *s = Some(hourly * scale);
        }
        if let Some(s) = slot(&mut out.per_accelerator, term) {
            *s = q.per_accelerator.map(|p| p * scale);
        }
        out.regions.push((term, q.region.to_string()));
    }
    out
}

/// Expected hours on spot per hour of work, for `hours` of work a month with the default
/// interruption rate, checkpoint interval and restart time.
pub fn spot_overhead(hours: f64) -> f64 {
    spot_overhead_at(hours, DEFAULT_INTERRUPTIONS_PER_HOUR)
}

/// [`spot_overhead`] at `rate` interruptions per hour (a reported band's, or the default).
pub fn spot_overhead_at(hours: f64, rate: f64) -> f64 {
    spot::overhead(
        hours,
        rate,
        DEFAULT_CHECKPOINT_MINUTES / 60.0,
        DEFAULT_RESTART_MINUTES / 60.0,
    )
    .unwrap_or(1.0)
}

/// The interruption band a live source reported for the spot price the plan uses (the
/// cheapest allowed region's), and the hourly rate the plan's rework is figured with: the
/// band's, else the default rate as the stated fallback.
pub fn spot_rate<'a>(
    entry: &'a Entry<'_>,
    prices: &OfferPrices,
) -> (Option<&'a catalog::Interruption>, f64) {
    let band = prices.region(Term::Spot).and_then(|region| {
        entry
            .offer
            .prices
            .iter()
            .find(|p| p.term == Term::Spot && &*p.region == region)?
            .live
            .interruption
            .as_ref()
    });
    let rate = band
        .and_then(|i| spot::per_hour_from_monthly_share(i.band.monthly_share()))
        .unwrap_or(DEFAULT_INTERRUPTIONS_PER_HOUR);
    (
        band.filter(|_| rate != DEFAULT_INTERRUPTIONS_PER_HOUR),
        rate,
    )
}

/// One term of the plan's table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TermRow {
    pub term: Term,
    pub region: String,
    /// Per instance-hour; a subscription's fee spread over 730 hours.
    pub hourly: f64,
    /// At the planned hours (spot with its rework).
    pub monthly: f64,
    pub yearly: f64,
    /// Against on-demand, for reservations and subscriptions.
    pub break_even: Option<BreakEven>,
    /// The lowest monthly cost of all terms (the first of equals).
    pub cheapest: bool,
}

/// Why buying cannot be compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BuyGap {
    /// No purchase price typed: buying is not considered.
    NoPurchase,
    /// The offer has no accelerators to buy.
    NoAccelerator,
    /// Neither a typed draw nor the accelerator's TDP is known.
    UnknownPower,
    /// No rate converts the default electricity price into the view's currency.
    NoElectricityPrice,
}

/// Buying the offer's GPUs instead of renting them, per GPU.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BuyFigures {
    /// Planned hours ÷ 730.
    pub utilisation: f64,
    /// Depreciation and maintenance per wall-clock hour.
    pub fixed_per_hour: Option<f64>,
    /// Electricity per hour of use, PUE included.
    pub energy_per_used_hour: Option<f64>,
    /// What an hour of use costs owned, at the planned utilisation.
    pub cost_per_gpu_hour: Option<f64>,
    /// This offer's on-demand price per accelerator-hour.
    pub rent_per_gpu_hour: Option<f64>,
    /// Utilisation above which owning beats on-demand; `None`: never within a full month.
    pub break_even_utilisation: Option<f64>,
    pub break_even_hours: Option<f64>,
    /// When buying has paid for itself against each rented term, at the planned hours.
    pub months: Vec<BreakEvenMonth>,
}

impl BuyFigures {
    /// The break-even month against on-demand (`None`: not within the years of use, or the
    /// offer has no on-demand price).
    pub fn month_vs_on_demand(&self) -> Option<f64> {
        self.months
            .iter()
            .find(|m| m.against == Term::OnDemand)
            .and_then(|m| m.month)
    }

    /// Whether an hour of use costs less owned than rented on demand; `None` when either is
    /// unknown.
    pub fn owning_cheaper(&self) -> Option<bool> {
        Some(self.cost_per_gpu_hour? < self.rent_per_gpu_hour?)
    }
}

/// The whole plan for one offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfferPlan {
    pub currency: Currency,
    pub hours_per_month: f64,
    /// Accelerators per instance, when the offer has them.
    pub accelerators: Option<f64>,
    pub prices: OfferPrices,
    /// Expected spot hours per hour of work.
    pub spot_overhead: f64,
    /// One row per priced term, in [`PLAN_TERMS`] order.
    pub rows: Vec<TermRow>,
    /// Owning one GPU, when a purchase price is set and the offer has accelerators.
    pub own: Option<Ownership>,
    pub buy: Result<BuyFigures, BuyGap>,
    /// What the rent side assumed, with sources.
    pub rent_assumptions: Vec<Assumption>,
    /// What the buy side assumed, with sources (empty when buying is not compared).
    pub buy_assumptions: Vec<Assumption>,
}

impl OfferPlan {
    /// The share of extra hours spot needs for its rework after interruptions.
    pub fn spot_rework(&self) -> f64 {
        self.spot_overhead - 1.0
    }

    pub fn row(&self, term: Term) -> Option<&TermRow> {
        self.rows.iter().find(|r| r.term == term)
    }
}

/// The plan for one offer under the view's currency, regions and plan inputs.
pub fn plan_offer(entry: &Entry<'_>, state: &ViewState, rates: &Rates) -> OfferPlan {
    let inputs = &state.plan;
    let currency = state.price.currency;
    let hours = inputs.hours_per_month;
    let prices = offer_prices(entry, state, rates);
    let (band, rate) = spot_rate(entry, &prices);
    let overhead = spot_overhead_at(hours, rate);
    let rows = term_rows(&prices, hours, overhead);
    let tdp = entry.accelerator.and_then(|a| a.specs.tdp_w);
    let accelerators = entry.divisors.accelerators;
    let own = accelerators
        .and_then(|_| inputs.ownership(tdp, currency, rates))
        .filter(|_| entry.accelerator.is_some());
    let buy = buy_figures(inputs, &prices, overhead, own.as_ref(), accelerators, tdp)
        .and_then(|b| b.ok_or(BuyGap::NoElectricityPrice));
    let buy_assumptions = match (&buy, &own) {
        (Ok(_), Some(own)) => buy_assumptions(inputs, own, currency),
        _ => Vec::new(),
    };
    OfferPlan {
        currency,
        hours_per_month: hours,
        accelerators,
        rows,
        own,
        buy,
        rent_assumptions: rent_assumptions(&prices, band, rate),
        buy_assumptions,
        prices,
        spot_overhead: overhead,
    }
}

fn term_rows(prices: &OfferPrices, hours: f64, overhead: f64) -> Vec<TermRow> {
    let p = &prices.per_instance;
    let evens = break_even(p);
    let mut rows: Vec<TermRow> = term_costs(p, hours, overhead)
        .into_iter()
        .filter_map(|cost| {
            let hourly = match cost.term {
                Term::OnDemand => p.on_demand,
                Term::Spot => p.spot,
                Term::Reserved1y => p.reserved_1y,
                Term::Reserved3y => p.reserved_3y,
                Term::Monthly => p.monthly.map(|m| m / HOURS_PER_MONTH),
                Term::Serverless => p.serverless,
                Term::Free => None,
            }?;
            Some(TermRow {
                term: cost.term,
                region: prices.region(cost.term).unwrap_or_default().to_string(),
                hourly,
                monthly: cost.monthly,
                yearly: cost.yearly,
                break_even: evens.iter().find(|b| b.term == cost.term).copied(),
                cheapest: false,
            })
        })
        .collect();
    let lowest = rows
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| a.monthly.total_cmp(&b.monthly))
        .map(|(i, _)| i);
    if let Some(i) = lowest {
        rows[i].cheapest = true;
    }
    rows
}

/// `Err` when buying cannot be compared; `Ok(None)` when the electricity price is missing.
fn buy_figures(
    inputs: &PlanInputs,
    prices: &OfferPrices,
    overhead: f64,
    own: Option<&Ownership>,
    accelerators: Option<f64>,
    tdp: Option<f64>,
) -> Result<Option<BuyFigures>, BuyGap> {
    if inputs.purchase_per_gpu.is_none() {
        return Err(BuyGap::NoPurchase);
    }
    if accelerators.is_none() {
        return Err(BuyGap::NoAccelerator);
    }
    if inputs.power_per_gpu_w.or(tdp).is_none() {
        return Err(BuyGap::UnknownPower);
    }
    let Some(own) = own else {
        return Ok(None);
    };
    let utilisation = inputs.utilisation();
    let rent = prices.per_accelerator.on_demand;
    let break_even_utilisation = rent.and_then(|r| own.break_even_utilisation(r));
    let plan = Plan {
        hours_per_month: inputs.hours_per_month,
        prices: prices.per_accelerator.clone(),
        spot_overhead: overhead,
        own: Some(own.clone()),
    };
    Ok(Some(BuyFigures {
        utilisation,
        fixed_per_hour: own.fixed_per_hour(),
        energy_per_used_hour: own.energy_per_used_hour(),
        cost_per_gpu_hour: own.cost_per_used_hour(utilisation),
        rent_per_gpu_hour: rent,
        break_even_utilisation,
        break_even_hours: break_even_utilisation.map(|u| u * HOURS_PER_MONTH),
        months: break_even_months(&plan),
    }))
}

fn rent_assumptions(
    prices: &OfferPrices,
    band: Option<&catalog::Interruption>,
    rate: f64,
) -> Vec<Assumption> {
    let mut list = Vec::new();
    if prices.per_instance.spot.is_some() {
        // The spot price's own reported band when there is one, cited; else the default
        // rate, labelled as the fallback it is (the calculator's wording).
        let (value, source) = match band {
            Some(i) => (
                format!(
                    "{} ({} of instances interrupted a month, per {} on {})",
                    workload::sources::show_small(rate),
                    i.band.label(),
                    i.source,
                    i.as_of
                ),
                spot::AWS_ADVISOR_SOURCE,
            ),
            None => (
                format!(
                    "{} (fallback: no interruption figure for this offer)",
                    show(rate)
                ),
                DEFAULT_INTERRUPTIONS_SOURCE,
            ),
        };
        list.push(Assumption::new(
            "Spot interruptions per hour",
            "竞价实例每小时中断次数",
            value,
            source,
        ));
        list.push(Assumption::new(
            "Minutes between checkpoints; minutes to restart after an interruption",
            "检查点间隔（分钟）；中断后重启耗时（分钟）",
            format!(
                "{}; {}",
                show(DEFAULT_CHECKPOINT_MINUTES),
                show(DEFAULT_RESTART_MINUTES)
            ),
            DEFAULT_SPOT_TIMING_SOURCE,
        ));
    }
    list
}

fn buy_assumptions(inputs: &PlanInputs, own: &Ownership, currency: Currency) -> Vec<Assumption> {
    let d = PlanInputs::default();
    let or_default = |typed: bool, default: Source| if typed { YOUR_INPUT } else { default };
    let money = |x: f64| format::money(x, currency);
    let mut list = vec![
        Assumption::new(
            "Utilisation = hours used a month ÷ 730",
            "利用率 = 每月使用小时数 ÷ 730",
            format!(
                "{} ({} h)",
                percent(inputs.utilisation()),
                show(inputs.hours_per_month)
            ),
            or_default(
                inputs.hours_per_month != DEFAULT_HOURS_PER_MONTH,
                GPU_ATLAS_ASSUMPTION,
            ),
        ),
        Assumption::new(
            "Purchase price per GPU",
            "每卡购置价",
            money(own.purchase_per_gpu),
            YOUR_INPUT,
        ),
        Assumption::new(
            "Server, network and installation per GPU (0: included in the purchase)",
            "每卡分摊的服务器、网络与安装费用（0：已含在购置价中）",
            money(own.host_per_gpu),
            or_default(inputs.host_per_gpu != d.host_per_gpu, GPU_ATLAS_ASSUMPTION),
        ),
    ];
    let watts = own.power_per_gpu_w.or(own.tdp_w).unwrap_or(0.0);
    list.push(Assumption::new(
        "GPU power under load",
        "GPU 满载功耗",
        format!("{} W", show(watts)),
        if own.power_per_gpu_w.is_some() {
            YOUR_INPUT
        } else {
            CATALOG_TDP
        },
    ));
    list.push(Assumption::new(
        "Host power per GPU: not counted unless added to the GPU's watts (a DGX H100 adds about this much)",
        "每卡主机功耗：未计入，除非加到 GPU 功耗上（DGX H100 约为此值）",
        format!("{} W", show(DGX_H100_HOST_WATTS_PER_GPU)),
        DGX_H100_SOURCE,
    ));
    list.push(Assumption::new(
        "Power usage effectiveness (PUE)",
        "电能使用效率（PUE）",
        show(own.pue),
        or_default(own.pue != DEFAULT_PUE, DEFAULT_PUE_SOURCE),
    ));
    let electricity = if inputs.electricity_per_kwh.is_some() || currency == Currency::Usd {
        format!("{}/kWh", money(own.electricity_per_kwh))
    } else {
        format!(
            "{}/kWh ({})",
            money(own.electricity_per_kwh),
            format::money(DEFAULT_ELECTRICITY_USD_PER_KWH, Currency::Usd)
        )
    };
    list.push(Assumption::new(
        "Electricity price",
        "电价",
        electricity,
        or_default(inputs.electricity_per_kwh.is_some(), EIA_ELECTRICITY_2023),
    ));
    list.push(Assumption::new(
        "Years of use (depreciation period; a GPU is bought again after it)",
        "使用年限（折旧期；期满后重新购买）",
        show(own.years),
        or_default(own.years != d.years, GPU_ATLAS_ASSUMPTION),
    ));
    list.push(Assumption::new(
        "Maintenance and support a year, share of the purchase",
        "每年维护与支持费用占购置价的比例",
        format!("{}%", show(inputs.maintenance_percent_per_year)),
        or_default(
            inputs.maintenance_percent_per_year != d.maintenance_percent_per_year,
            GPU_ATLAS_ASSUMPTION,
        ),
    ));
    list
}

/// A number as the plan shows it (months, hours): at most three significant decimals.
pub fn number(x: f64) -> String {
    show(x)
}

/// A share as a percentage: "64%", "9.37%", "0.52%".
pub fn percent(share: f64) -> String {
    if !share.is_finite() {
        return "?".into();
    }
    format!("{}%", show(share * 100.0))
}

/// A term's short name in the plan.
pub fn term_name(lang: Lang, term: Term) -> &'static str {
    let (en, zh) = match term {
        Term::OnDemand => ("On-demand", "按量付费"),
        Term::Spot => ("Spot", "竞价实例"),
        Term::Reserved1y => ("Reserved 1 year", "预留 1 年"),
        Term::Reserved3y => ("Reserved 3 years", "预留 3 年"),
        Term::Monthly => ("Monthly subscription", "包月"),
        Term::Free => ("Free tier", "免费额度"),
        Term::Serverless => ("Serverless", "Serverless 按秒"),
    };
    pick(lang, en, zh)
}

/// Why the hours box starts at 365 h, shown beside it while it holds the default (see
/// [`DEFAULT_HOURS_PER_MONTH`]).
pub fn default_hours_note(lang: Lang) -> &'static str {
    pick(
        lang,
        "365 h is half of a 730-hour month, a starting point between a team's working hours (about 176 h), which favour on-demand, and round the clock (730 h), which favours every commitment. Type your own use.",
        "365 小时是一个月 730 小时的一半：介于团队工作时间（约 176 小时，利于按量付费）与全天候使用（730 小时，利于各种预留）之间的起点。请填写你的实际用量。",
    )
}

/// Cumulative cost per instance over months 1–36 under each priced term and, when the
/// comparison is possible, of buying the instance's GPUs; markers where buying catches up
/// with a rented term. Words in `lang`.
pub fn timeline(plan: &OfferPlan, lang: Lang) -> TimelineData {
    let months = 1..=TIMELINE_MONTHS;
    let mut series: Vec<CostLine> = plan
        .rows
        .iter()
        .map(|row| CostLine {
            name: term_name(lang, row.term).to_string(),
            points: months
                .clone()
                .map(|m| (f64::from(m), f64::from(m) * row.monthly))
                .collect(),
        })
        .collect();
    let mut markers = Vec::new();
    if let (Ok(buy), Some(own), Some(count)) = (&plan.buy, &plan.own, plan.accelerators) {
        let per_gpu = Plan {
            hours_per_month: plan.hours_per_month,
            prices: plan.prices.per_accelerator.clone(),
            spot_overhead: plan.spot_overhead,
            own: Some(own.clone()),
        };
        let bought = cumulative_costs(&per_gpu, TIMELINE_MONTHS)
            .into_iter()
            .find(|s| s.acquisition == Acquisition::Buy);
        if let Some(bought) = bought {
            series.push(CostLine {
                name: match lang {
                    Lang::En => format!("Buy {} GPUs", format::quantity(count)),
                    Lang::Zh => format!("购买 {} 张卡", format::quantity(count)),
                },
                points: months
                    .clone()
                    .filter_map(|m| {
                        let cost = bought.cumulative.get(m as usize)? * count;
                        Some((f64::from(m), cost))
                    })
                    .collect(),
            });
            for even in &buy.months {
                let (Some(month), Some(row)) = (even.month, plan.row(even.against)) else {
                    continue;
                };
                if month > f64::from(TIMELINE_MONTHS) {
                    continue;
                }
                let name = term_name(lang, even.against);
                let when = show(month);
                markers.push(TimelineMarker {
                    label: match lang {
                        Lang::En => format!("Buying beats {name} at month {when}"),
                        Lang::Zh => format!("购买在第 {when} 个月追平{name}"),
                    },
                    x: month,
                    y: month * row.monthly,
                });
            }
        }
    }
    let code = plan.currency.code();
    TimelineData {
        title: pick(
            lang,
            "Cumulative cost per instance, months 1–36",
            "每实例累计成本（1–36 个月）",
        )
        .to_string(),
        x_label: pick(lang, "months", "月").to_string(),
        y_label: code.to_string(),
        series,
        markers,
        words: ChartWords {
            no_data: pick(lang, "No prices to plan with", "没有可用于规划的价格").to_string(),
            unknown: pick(lang, "unknown", "未知").to_string(),
            ..ChartWords::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use catalog::fx::Fx;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    /// The plan of `id` in the bundled catalog, in USD, with `plan` as inputs.
    fn planned(id: &str, inputs: PlanInputs) -> OfferPlan {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState {
            plan: inputs,
            ..ViewState::default()
        };
        let entry = explorer.entry(id).unwrap();
        plan_offer(entry, &state, &rates)
    }

    fn buying() -> PlanInputs {
        PlanInputs {
            purchase_per_gpu: Some(25_000.0),
            host_per_gpu: 5_000.0,
            ..PlanInputs::default()
        }
    }

    #[test]
    fn the_spot_overhead_of_half_hour_checkpoints_is_about_one_point_four_percent() {
        // 365 h = 730 segments of 0.5 h; λ = 1/24, r = 1/12 h:
        // (e^x − 1)(1/λ + r) with x = 0.5/24 gives 0.506998 h per 0.5 h of work.
        let x: f64 = 0.5 / 24.0;
        let per_segment = x.exp_m1() * (24.0 + 1.0 / 12.0);
        assert!(close(spot_overhead(365.0), per_segment / 0.5));
        assert!((spot_overhead(365.0) - 1.014).abs() < 1e-3);
        assert_eq!(spot_overhead(0.0), 1.0);
    }

    #[test]
    fn each_term_costs_its_hourly_price_at_the_planned_hours() {
        // Azure ND96isr H100 v5: on-demand 98.32/h (eastus), reserved 551,221 for a year and
        // 1,134,310 for three, spot 18.169536/h.
        let plan = planned("azure/Standard_ND96isr_H100_v5", PlanInputs::default());
        let od = plan.row(Term::OnDemand).unwrap();
        assert_eq!(od.region, "eastus");
        assert_eq!(od.hourly, 98.32);
        assert!(close(od.monthly, 98.32 * 365.0)); // 35,886.80
        assert!(close(od.yearly, 98.32 * 365.0 * 12.0));
        let r1 = plan.row(Term::Reserved1y).unwrap();
        assert!(close(r1.hourly, 551_221.0 / 8_760.0));
        assert!(close(r1.monthly, 551_221.0 / 12.0), "paid for every hour");
        assert!(close(r1.yearly, 551_221.0));
        let spot = plan.row(Term::Spot).unwrap();
        assert!(close(
            spot.monthly,
            18.169_536 * 365.0 * spot_overhead(365.0)
        ));
        // Break-even: 62.9248 / 98.32 = 64.0% of the month, 467 h.
        let even = r1.break_even.unwrap();
        assert!(close(
            even.utilisation.unwrap(),
            551_221.0 / 8_760.0 / 98.32
        ));
        assert!((even.hours_per_month.unwrap() - 467.2).abs() < 0.05);
        let r3 = plan.row(Term::Reserved3y).unwrap().break_even.unwrap();
        assert!((r3.utilisation.unwrap() - 0.439).abs() < 5e-4);
        assert!(od.break_even.is_none() && spot.break_even.is_none());
        // At half a month spot is cheapest, and only one row says so.
        assert!(spot.cheapest);
        assert_eq!(plan.rows.iter().filter(|r| r.cheapest).count(), 1);
    }

    #[test]
    fn round_the_clock_the_three_year_reservation_wins_over_on_demand() {
        let plan = planned(
            "azure/Standard_ND96isr_H100_v5",
            PlanInputs {
                hours_per_month: 730.0,
                ..PlanInputs::default()
            },
        );
        let od = plan.row(Term::OnDemand).unwrap().monthly;
        let r3 = plan.row(Term::Reserved3y).unwrap().monthly;
        assert!(close(od, 98.32 * 730.0));
        assert!(r3 < od);
    }

    #[test]
    fn an_offer_without_reservations_lists_on_demand_and_spot_only() {
        // AWS p5en.48xlarge (no reserved price in the catalog): on-demand 63.296/h in
        // us-east-1, spot from the lowest of its regions' spot ranges (refreshed with the
        // spot market, so read from the catalog rather than written here).
        let plan = planned("aws/p5en.48xlarge", PlanInputs::default());
        let terms: Vec<Term> = plan.rows.iter().map(|r| r.term).collect();
        assert_eq!(terms, [Term::OnDemand, Term::Spot]);
        let od = plan.row(Term::OnDemand).unwrap();
        assert_eq!((od.hourly, od.region.as_str()), (63.296, "us-east-1"));
        assert!(close(od.monthly, 63.296 * 365.0)); // 23,103.04
        let catalog = bundled::catalog().unwrap();
        let lowest_spot = catalog
            .offers
            .iter()
            .find(|o| o.id == "aws/p5en.48xlarge")
            .unwrap()
            .prices
            .iter()
            .filter(|p| p.term == Term::Spot)
            .filter_map(|p| p.amount)
            .fold(f64::INFINITY, f64::min);
        assert!(lowest_spot < 63.296, "{lowest_spot}");
        assert_eq!(plan.row(Term::Spot).unwrap().hourly, lowest_spot);
        assert!(close(plan.prices.per_accelerator.on_demand.unwrap(), 7.912));
        assert_eq!(plan.buy, Err(BuyGap::NoPurchase));
        assert!(plan.buy_assumptions.is_empty());
        assert_eq!(plan.rent_assumptions.len(), 2);
    }

    /// The band `catalog/live/aws.csv` states for a spot price, read as plain text, and the
    /// hourly rate a second, simple computation gives it: the band's upper end (">20%": 20 %)
    /// as a monthly share, -ln(1 - share) / 730.
    fn band_in_live_file(offer: &str, region: &str) -> Option<(&'static str, f64)> {
        let row = include_str!("../../../catalog/live/aws.csv")
            .lines()
            .map(|l| l.split(',').collect::<Vec<_>>())
            .find(|c| c[..4] == [offer, region, "spot", "interruption"])?;
        let share = match row[4] {
            "<5%" => 0.05,
            "5-10%" => 0.10,
            "10-15%" => 0.15,
            "15-20%" | ">20%" => 0.20,
            other => panic!("{other} is no band"),
        };
        Some((row[4], -(1.0f64 - share).ln() / 730.0))
    }

    #[test]
    fn an_aws_spot_plan_reworks_at_its_reported_band_and_names_it() {
        // p5.48xlarge: the plan takes the cheapest spot region the view allows, whose price
        // carries the band the Spot Instance Advisor reported (live/aws.csv).
        // us-east-1 only (the cheapest region is one whose bands were not transcribed).
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState {
            regions: crate::pricing::RegionChoice {
                regions: ["aws/us-east-1".to_string()].into(),
                ..Default::default()
            },
            ..ViewState::default()
        };
        let plan = plan_offer(explorer.entry("aws/p5.48xlarge").unwrap(), &state, &rates);
        let region = plan.row(Term::Spot).unwrap().region.clone();
        assert_eq!(region, "us-east-1");
        let (label, rate) = band_in_live_file("p5.48xlarge", &region)
            .unwrap_or_else(|| panic!("live/aws.csv has no band for p5.48xlarge in {region}"));
        assert!(close(plan.spot_overhead, spot_overhead_at(365.0, rate)));
        // Ignoring the band would give the default rate's rework, about 1.4 %, not this.
        assert!(plan.spot_overhead < spot_overhead(365.0));
        let spot = plan.row(Term::Spot).unwrap();
        assert!(close(
            spot.monthly,
            spot.hourly * 365.0 * spot_overhead_at(365.0, rate)
        ));
        let said = &plan.rent_assumptions[0];
        assert_eq!(said.name, "Spot interruptions per hour");
        assert!(
            said.value
                .contains(&format!("{label} of instances interrupted a month")),
            "{}",
            said.value
        );
        assert!(
            said.source.contains("Spot Instance Advisor"),
            "{}",
            said.source
        );
        // The rate itself, not "0": two significant digits.
        assert!(
            said.value.starts_with(&workload::sources::show_small(rate)),
            "{}",
            said.value
        );
        assert_ne!(workload::sources::show_small(rate), "0");
    }

    #[test]
    fn a_spot_plan_without_a_reported_band_says_its_rate_is_the_fallback() {
        // Azure reports no eviction band in any public file: the default rate, labelled.
        let plan = planned("azure/Standard_ND96isr_H100_v5", PlanInputs::default());
        assert!(close(plan.spot_overhead, spot_overhead(365.0)));
        let said = &plan.rent_assumptions[0];
        assert!(said.value.contains("fallback"), "{}", said.value);
        assert_eq!(said.source, DEFAULT_INTERRUPTIONS_SOURCE.short);
    }

    #[test]
    fn buying_an_h100_against_renting_it_hand_checked() {
        // Per GPU: 30,000 over 3 × 8,760 h = 1.141553/h; 700 W × 1.58 × 0.10 = 0.1106/h.
        // On-demand per GPU: 98.32 / 8 = 12.29/h.
        let plan = planned("azure/Standard_ND96isr_H100_v5", buying());
        let buy = plan.buy.as_ref().unwrap();
        let fixed = 30_000.0 / 26_280.0;
        assert!(close(buy.fixed_per_hour.unwrap(), fixed));
        assert!(close(buy.energy_per_used_hour.unwrap(), 0.7 * 1.58 * 0.10));
        assert_eq!(buy.utilisation, 0.5);
        assert!(close(buy.cost_per_gpu_hour.unwrap(), 2.0 * fixed + 0.1106)); // 2.3937
        assert!(close(buy.rent_per_gpu_hour.unwrap(), 12.29));
        assert_eq!(buy.owning_cheaper(), Some(true));
        // 1.141553 / (12.29 − 0.1106) = 9.37% of the month, 68 h.
        let u = buy.break_even_utilisation.unwrap();
        assert!(close(u, fixed / (12.29 - 0.1106)));
        assert!((u - 0.0937).abs() < 1e-4);
        assert!(close(buy.break_even_hours.unwrap(), u * 730.0));
        // 30,000 / (365 × (12.29 − 0.1106)) = 6.75 months against on-demand.
        let month = buy.month_vs_on_demand().unwrap();
        assert!(close(month, 30_000.0 / (365.0 * (12.29 - 0.1106))));
        assert!((month - 6.748).abs() < 1e-3);
        // The sources shown: the catalog's TDP, Uptime's PUE, EIA's power price.
        let sources: Vec<&str> = plan.buy_assumptions.iter().map(|a| a.source).collect();
        assert!(sources.contains(&CATALOG_TDP.short));
        assert!(sources.contains(&DEFAULT_PUE_SOURCE.short));
        assert!(sources.contains(&EIA_ELECTRICITY_2023.short));
        let power = &plan.buy_assumptions[3];
        assert_eq!(power.value, "700 W");
    }

    #[test]
    fn buying_is_compared_only_when_it_can_be() {
        let bought = planned("aws/p5.48xlarge", buying());
        assert!(bought.buy.is_ok(), "an H100 box can be bought");
        let typed_power = planned(
            "aws/p5.48xlarge",
            PlanInputs {
                power_per_gpu_w: Some(1_000.0),
                electricity_per_kwh: Some(0.2),
                pue: 1.2,
                ..buying()
            },
        );
        let buy = typed_power.buy.unwrap();
        assert!(close(buy.energy_per_used_hour.unwrap(), 1.0 * 1.2 * 0.2));
        let cheap_rent = planned(
            "aws/p5.48xlarge",
            PlanInputs {
                hours_per_month: 10.0,
                purchase_per_gpu: Some(1e6),
                ..PlanInputs::default()
            },
        );
        let buy = cheap_rent.buy.unwrap();
        assert_eq!(
            buy.break_even_utilisation, None,
            "a million a GPU never pays"
        );
        assert_eq!(buy.month_vs_on_demand(), None);
    }

    #[test]
    fn the_timeline_has_one_line_per_priced_term_plus_buying_and_its_break_evens() {
        let plan = planned("azure/Standard_ND96isr_H100_v5", buying());
        let data = timeline(&plan, Lang::En);
        assert_eq!(data.series.len(), plan.rows.len() + 1);
        assert_eq!(plan.rows.len(), 4);
        let names: Vec<&str> = data.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "On-demand",
                "Spot",
                "Reserved 1 year",
                "Reserved 3 years",
                "Buy 8 GPUs"
            ]
        );
        for line in &data.series {
            assert_eq!(line.points.len(), 36);
            assert_eq!(line.points[0].0, 1.0);
            assert_eq!(line.points[35].0, 36.0);
        }
        // On-demand after 12 months: 12 × 365 × 98.32.
        assert!(close(data.series[0].points[11].1, 12.0 * 365.0 * 98.32));
        // Buying 8 GPUs: 8 × (30,000 + m × 365 × 0.1106).
        let buy = &data.series[4];
        assert!(close(buy.points[0].1, 8.0 * (30_000.0 + 365.0 * 0.1106)));
        // A marker at each break-even month within 36, on the rented line it crosses.
        let months = &plan.buy.as_ref().unwrap().months;
        let within: Vec<&BreakEvenMonth> = months
            .iter()
            .filter(|m| m.month.is_some_and(|x| x <= 36.0))
            .collect();
        assert_eq!(data.markers.len(), within.len());
        assert!(!data.markers.is_empty());
        let od = &data.markers[0];
        let month = plan.buy.as_ref().unwrap().month_vs_on_demand().unwrap();
        assert_eq!(od.x, month);
        assert!(close(od.y, month * 365.0 * 98.32));
        // …where buying's own line is: the two costs meet.
        let bought_then = 8.0 * (30_000.0 + month * 365.0 * 0.1106);
        assert!((od.y - bought_then).abs() < 1e-6 * bought_then);
        assert_eq!(
            od.label,
            format!("Buying beats On-demand at month {}", show(month))
        );
        assert_eq!(data.y_label, "USD");
    }

    #[test]
    fn without_a_purchase_price_the_timeline_is_renting_only_and_in_chinese() {
        let plan = planned("aws/p5en.48xlarge", PlanInputs::default());
        let data = timeline(&plan, Lang::Zh);
        assert_eq!(data.series.len(), 2);
        assert!(data.markers.is_empty());
        assert_eq!(data.series[0].name, "按量付费");
        assert_eq!(data.x_label, "月");
    }
}
