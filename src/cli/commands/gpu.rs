//! `gpu-atlas gpu <id>`: one variant's prices by term and region group (the site's
//! `data/v1/gpu/<id>.json`).

use engine::present::answers::claim::PriceClaim;
use engine::present::answers::gpu;
use engine::present::answers::market::Prices;

use super::listing::{dated, unit_label};
use crate::args::Gpu;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{money, Answer, Table};
use crate::view;

pub fn answer(cx: &Context<'_>, args: &Gpu) -> Result<Answer, Failure> {
    let read = view::read(&[], &args.view, None, cx)?;
    let state = read.state;
    let answer = gpu::answer(&cx.explorer, &args.id, &state, &cx.rates(&state), &cx.today)
        .ok_or_else(|| {
            Failure::usage(format!(
                "no accelerator variant \"{}\" (`gpu-atlas market` lists them)",
                args.id
            ))
        })?;
    let mut table = Table::new(&[
        ("where", false),
        ("on demand", true),
        ("who", false),
        ("as of", false),
        ("median", true),
        ("offers", true),
        ("spot", true),
        ("committed", true),
    ]);
    let price = |c: &Option<PriceClaim>| money(c.as_ref().and_then(|c| c.per_accelerator));
    let mut put = |place: String, p: &Prices| {
        let cheapest = p.on_demand.as_ref().map(|o| &o.cheapest);
        table.push(vec![
            place,
            money(cheapest.and_then(|c| c.per_accelerator)),
            cheapest.map_or_else(|| "—".into(), |c| c.offer.clone()),
            cheapest.map_or_else(|| "—".into(), dated),
            money(p.on_demand.as_ref().map(|o| o.median)),
            p.on_demand.as_ref().map_or(0, |o| o.offers).to_string(),
            price(&p.spot),
            price(&p.committed),
        ]);
    };
    put("everywhere".into(), &answer.everywhere);
    for area in &answer.areas {
        let name = serde_json::to_value(area.area).unwrap_or_default();
        put(name.as_str().unwrap_or_default().to_string(), &area.prices);
    }
    let mut notes = vec![format!(
        "{}: prices in {}.",
        answer.accelerator.name,
        unit_label(&answer.unit)
    )];
    for (i, c) in answer.cheapest_on_demand.iter().enumerate() {
        notes.push(format!(
            "{}. {} {} in {}, {} — {}",
            i + 1,
            c.offer,
            money(c.per_accelerator),
            c.region,
            dated(c),
            c.source.url
        ));
    }
    Ok(Answer {
        json: serde_json::to_value(&answer).unwrap_or_default(),
        table,
        notes,
        text: None,
    })
}
