//! `gpu-atlas market`: what each accelerator variant costs, as the app's Market tab.

use engine::present::answers::claim::PriceClaim;
use engine::present::answers::market;

use super::listing::{dated, unit_label};
use crate::args::MarketArgs;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{money, Answer, Format, Table};
use crate::view;

pub fn answer(cx: &Context<'_>, args: &MarketArgs, format: Format) -> Result<Answer, Failure> {
    let read = view::read(&[], &args.view, None, cx)?;
    let state = read.state;
    let mut answer = market::answer(&cx.explorer, &state, &cx.rates(&state), &cx.today);
    let all = answer.variants.len();
    answer.variants.truncate(format.limit(args.limit));
    if answer.variants.is_empty() {
        return Err(Failure::nothing("no accelerator is sold in the view"));
    }
    let mut table = Table::new(&[
        ("accelerator", false),
        ("cheapest", true),
        ("who", false),
        ("as of", false),
        ("median", true),
        ("providers", true),
        ("spot", true),
        ("committed", true),
    ]);
    let price = |c: &Option<PriceClaim>| money(c.as_ref().and_then(|c| c.per_accelerator));
    for v in &answer.variants {
        let on_demand = v.prices.on_demand.as_ref();
        let cheapest = on_demand.map(|o| &o.cheapest);
        table.push(vec![
            v.accelerator.id.clone(),
            money(cheapest.and_then(|c| c.per_accelerator)),
            cheapest.map_or_else(|| "—".into(), |c| c.offer.clone()),
            cheapest.map_or_else(|| "—".into(), dated),
            money(on_demand.map(|o| o.median)),
            on_demand.map_or(0, |o| o.providers).to_string(),
            price(&v.prices.spot),
            price(&v.prices.committed),
        ]);
    }
    let notes = vec![format!(
        "{} of {all} variants; on-demand prices in {}; prices older than 18 months left out as the app leaves them out.",
        answer.variants.len(),
        unit_label(&answer.unit)
    )];
    Ok(Answer {
        json: serde_json::to_value(&answer).unwrap_or_default(),
        table,
        notes,
        text: None,
    })
}
