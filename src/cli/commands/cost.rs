//! `gpu-atlas cost`: the calculator — what a job needs and costs on each offer, cheapest
//! first, or on one offer with the assumptions behind it.

use serde_json::json;

use engine::explorer::estimate_row;
use engine::present::answers::claim::PriceClaim;

use super::listing::{self, JobCost};
use crate::args::Cost;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{money, Answer, Format, Table};
use crate::view;

pub fn answer(cx: &Context<'_>, args: &Cost, format: Format) -> Result<Answer, Failure> {
    let mut view_args = args.view.clone();
    // Cheapest job first unless told otherwise: the question is what the job costs.
    view_args.sort.get_or_insert_with(|| "job-cost".into());
    let read = view::read(&[], &view_args, Some((args.kind, &args.job)), cx)?;
    let state = read.state;
    match &args.offer {
        None => {
            let answer = listing::answer(cx, &state, format.limit(args.limit));
            if answer.table.rows.is_empty() {
                return Err(Failure::nothing("no offer matches the view"));
            }
            Ok(answer)
        }
        Some(id) => one_offer(cx, &state, id),
    }
}

/// The job on one offer: its figures, the price they use and every assumption behind them.
fn one_offer(
    cx: &Context<'_>,
    state: &engine::view::state::ViewState,
    id: &str,
) -> Result<Answer, Failure> {
    let rates = cx.rates(state);
    let row = cx.explorer.row(id, state, &rates).ok_or_else(|| {
        Failure::usage(format!(
            "--offer {id}: no such offer (ids are provider/instance, e.g. aws/p5.48xlarge)"
        ))
    })?;
    let job = state.job.as_ref().expect("a cost view has a job");
    let claim = PriceClaim::of(&row, &cx.today).ok_or_else(|| {
        Failure::nothing(format!("{id} has no price in the view's term and regions"))
    })?;
    let figures = row.job.as_ref().map(JobCost::of);
    let estimate = estimate_row(job, row.entry, row.quote.as_ref(), &rates);
    let mut table = Table::new(&[("what", false), ("value", false)]);
    let mut put = |k: &str, v: String| table.push(vec![k.to_string(), v]);
    put(
        "offer",
        format!(
            "{} ({} × {})",
            claim.offer,
            claim.count,
            claim.accelerator.clone().unwrap_or_default()
        ),
    );
    put(
        "price",
        format!(
            "{} {} in {}, {} ({})",
            money(claim.price),
            listing::unit_label(&engine::present::answers::claim::Unit::from(&state.price)),
            claim.region,
            listing::dated(&claim),
            claim.source.url
        ),
    );
    if let Some(f) = &figures {
        put("fits", f.fit.clone());
        put(
            "instances",
            f.instances.map_or_else(|| "—".into(), |n| n.to_string()),
        );
        put(
            "hours a run",
            f.hours.map_or_else(|| "—".into(), |h| format!("{h:.1}")),
        );
        put(
            "cost",
            format!(
                "{} {}",
                money(f.cost),
                format!("{:?}", state.price.currency).to_uppercase()
            ),
        );
        if let Some(t) = f.per_million_tokens {
            put("per million output tokens", money(Some(t)));
        }
    }
    for a in &estimate.assumptions {
        put("assumed", format!("{}: {} ({})", a.name, a.value, a.source));
    }
    let width = table
        .rows
        .iter()
        .map(|r| r[0].chars().count())
        .max()
        .unwrap_or(0);
    let text = table
        .rows
        .iter()
        .map(|r| format!("{:width$}  {}", r[0], r[1]))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Answer {
        json: json!({
            "link": engine::share::stamp::stamped(state, cx.catalog().history.version).query,
            "today": cx.today,
            "job": job,
            "offer": claim,
            "figures": figures,
            "memory_gb": estimate.memory,
            "assumptions": estimate.assumptions,
        }),
        table,
        notes: Vec::new(),
        text: Some(text),
    })
}
