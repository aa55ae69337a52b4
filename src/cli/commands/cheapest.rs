//! `gpu-atlas cheapest <variant>`: the cheapest prices per accelerator of one variant in the
//! view's term and regions, as the market counts them (prices older than 18 months and free
//! tiers do not compete), each with its day and source.

use serde_json::json;

use engine::present::answers::claim::Unit;
use engine::present::answers::gpu;
use engine::present::answers::market::per_accelerator;

use super::listing::{dated, unit_label};
use crate::args::{Cheapest, View};
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{money, Answer, Table};
use crate::view;

/// How many unless told.
pub const DEFAULT: usize = 3;

pub fn answer(cx: &Context<'_>, args: &Cheapest) -> Result<Answer, Failure> {
    let view_args = View {
        gpu: vec![args.variant.clone()],
        ..args.view.clone()
    };
    let state = per_accelerator(&view::read(&[], &view_args, None, cx)?.state);
    let rates = cx.rates(&state);
    let claims = gpu::cheapest(
        &cx.explorer,
        &state,
        &rates,
        &cx.today,
        args.limit.unwrap_or(DEFAULT),
    );
    if claims.is_empty() {
        return Err(Failure::nothing(format!(
            "no known price of {} in the view",
            args.variant
        )));
    }
    let unit = Unit::from(&state.price);
    let mut table = Table::new(&[
        ("offer", false),
        ("price", true),
        ("region", false),
        ("as of", false),
        ("source", false),
    ]);
    for c in &claims {
        table.push(vec![
            c.offer.clone(),
            money(c.price),
            c.region.clone(),
            dated(c),
            c.source.url.clone(),
        ]);
    }
    Ok(Answer {
        json: json!({ "unit": unit, "today": cx.today, "offers": claims }),
        table,
        notes: vec![format!("Prices in {}.", unit_label(&unit))],
        text: None,
    })
}
