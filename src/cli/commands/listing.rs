//! The table's rows as an answer: each a sourced price claim, with the job's figures when the
//! view has a job. `offers` and `cost` list this way.

use serde::Serialize;
use serde_json::json;

use engine::catalog::Lang;
use engine::explorer::{JobFigures, Row};
use engine::present::answers::claim::{PriceClaim, Unit};
use engine::present::i18n::fit_short;
use engine::share;
use engine::view::state::ViewState;
use engine::workload::Fit;

use crate::context::Context;
use crate::output::{money, money_range, Answer, Table};

/// The job on one offer, as the table's job columns show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobCost {
    /// `None`: cannot be told (a spec no source states).
    pub fits: Option<bool>,
    /// It fits only on instances joined into a cluster the offer does not say it offers: the
    /// figures assume it can (the app lists such an offer marked, and never names it cheapest).
    pub clustering_assumed: bool,
    /// The fit in the app's words ("✓ sharded × 4", "? 12 instances, clustering not stated").
    pub fit: String,
    pub instances: Option<u32>,
    /// Hours one run takes (training and fine-tuning).
    pub hours: Option<f64>,
    /// All runs (serving: one day), in the view's currency, billing rounding and spot rework in.
    pub cost: Option<f64>,
    /// Serving: output tokens a second per instance, and the cost per million output tokens.
    pub tokens_per_second: Option<f64>,
    pub per_million_tokens: Option<f64>,
    /// A deadline was set: whether this offer meets it.
    pub deadline_met: Option<bool>,
}

impl JobCost {
    pub fn of(figures: &JobFigures) -> JobCost {
        JobCost {
            fits: match figures.fit {
                Fit::DoesNotFit { .. } => Some(false),
                Fit::Unknown { .. } => None,
                _ => Some(true),
            },
            clustering_assumed: matches!(
                figures.fit,
                Fit::Instances {
                    clustering_assumed: true,
                    ..
                }
            ),
            fit: fit_short(Lang::En, &figures.fit),
            instances: figures.instances,
            hours: figures.wall_hours,
            cost: figures.cost,
            tokens_per_second: figures.tokens_per_second,
            per_million_tokens: figures.per_million_tokens,
            deadline_met: (figures.deadline_met || figures.deadline_missed)
                .then_some(figures.deadline_met),
        }
    }
}

/// One listed offer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Listed {
    #[serde(flatten)]
    pub claim: PriceClaim,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<JobCost>,
}

/// The rows `state` shows (filtered and sorted as the app's table), as listed offers.
pub fn rows<'a>(cx: &'a Context<'_>, state: &ViewState) -> Vec<Row<'a>> {
    cx.explorer.show(state, &cx.rates(state), &cx.today).rows
}

pub fn listed(row: &Row<'_>, cx: &Context<'_>) -> Option<Listed> {
    Some(Listed {
        claim: PriceClaim::of(row, &cx.today)?,
        job: row.job.as_ref().map(JobCost::of),
    })
}

/// "USD per instance-hour".
pub fn unit_label(unit: &Unit) -> String {
    let value = serde_json::to_value(unit).unwrap_or_default();
    let word = |key: &str| value[key].as_str().unwrap_or_default().to_string();
    format!(
        "{} per {}-{}",
        word("currency").to_uppercase(),
        word("basis"),
        word("per")
    )
}

/// A date as the table shows it: estimated dates keep their `~`, old ones say so.
pub fn dated(claim: &PriceClaim) -> String {
    match claim.freshness {
        "fresh" => claim.as_of.to_string(),
        mark => format!("{} ({mark})", claim.as_of),
    }
}

/// The listing of `state`: at most `limit` rows, the job's columns when it has a job.
pub fn answer(cx: &Context<'_>, state: &ViewState, limit: usize) -> Answer {
    let rows = rows(cx, state);
    let listed: Vec<Listed> = rows
        .iter()
        .filter_map(|r| listed(r, cx))
        .take(limit)
        .collect();
    let unit = Unit::from(&state.price);
    let link = share::stamp::stamped(state, cx.catalog().history.version).query;
    let with_job = state.job.is_some();
    let mut table = if with_job {
        Table::new(&[
            ("provider", false),
            ("instance", false),
            ("accelerator", false),
            ("count", true),
            ("fits", false),
            ("instances", true),
            ("hours", true),
            ("job cost", true),
            ("price", true),
            ("as of", false),
            ("source", false),
        ])
    } else {
        Table::new(&[
            ("provider", false),
            ("instance", false),
            ("accelerator", false),
            ("count", true),
            ("region", false),
            ("price", true),
            ("per accelerator", true),
            ("as of", false),
            ("source", false),
        ])
    };
    for l in &listed {
        let c = &l.claim;
        let price = money_range(c.price, c.price_high);
        let head = vec![
            c.provider.clone(),
            c.instance.clone(),
            c.accelerator.clone().unwrap_or_else(|| "—".into()),
            format!("{}", c.count),
        ];
        let tail = vec![dated(c), c.source.id.clone()];
        let middle = match &l.job {
            Some(job) => vec![
                job.fit.clone(),
                job.instances.map_or_else(|| "—".into(), |n| n.to_string()),
                job.hours.map_or_else(|| "—".into(), |h| format!("{h:.1}")),
                money(job.cost),
                price,
            ],
            None => vec![c.region.clone(), price, money(c.per_accelerator)],
        };
        table.push([head, middle, tail].concat());
    }
    let mut notes = vec![format!(
        "{} of {} offers; prices in {}{}.",
        listed.len(),
        rows.len(),
        unit_label(&unit),
        if with_job {
            ", job cost for all runs (serving: a day)"
        } else {
            ""
        },
    )];
    if listed
        .iter()
        .any(|l| l.job.as_ref().is_some_and(|j| j.clustering_assumed))
    {
        notes.push(
            "Rows marked ? fit only if the offer can join instances into a cluster, which it does \
             not state; --multi-node keeps the offers that state it."
                .into(),
        );
    }
    if listed.len() < rows.len() {
        notes.push("More with --limit N, or all with --json / --csv.".into());
    }
    Answer {
        json: json!({
            "link": link,
            "unit": unit,
            "today": cx.today,
            "job": state.job,
            "matched": rows.len(),
            "offers": listed,
        }),
        table,
        notes,
        text: None,
    }
}
