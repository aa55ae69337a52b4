//! `gpu-atlas price <offer> --at <day>`: what the offer's prices were on a day, per which
//! source, beside today's.

use engine::catalog::{AsOf, Term};
use engine::present::answers::claim::Unit;
use engine::present::answers::price_at::{self, Observed};
use engine::share::Token;

use super::listing::unit_label;
use crate::args::{Price, View};
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{money_range, Answer, Table};
use crate::view;

pub fn answer(cx: &Context<'_>, args: &Price) -> Result<Answer, Failure> {
    let day = match &args.at {
        Some(text) => AsOf::parse(text)
            .ok()
            .filter(|d| d.day.is_some() && !d.estimated)
            .ok_or_else(|| Failure::usage(format!("--at {text}: write a day as YYYY-MM-DD")))?,
        None => cx.today,
    };
    let term = match &args.term {
        Some(text) => Some(Term::from_token(text).ok_or_else(|| {
            let all: Vec<&str> = Term::ALL.iter().map(|t| t.token()).collect();
            Failure::usage(format!("--term {text}: one of {}", all.join(", ")))
        })?),
        None => None,
    };
    let view_args = View {
        currency: args.currency.clone(),
        ..View::default()
    };
    let state = view::read(&[], &view_args, None, cx)?.state;
    let answer = price_at::answer(
        &cx.explorer,
        &args.offer,
        day,
        args.region.as_deref(),
        term,
        &state,
        &cx.rates(&state),
    )
    .map_err(Failure::usage)?;
    if answer.prices.is_empty() {
        return Err(Failure::nothing(format!(
            "{} has no price in that region and term",
            args.offer
        )));
    }
    let mut table = Table::new(&[
        ("region", false),
        ("term", false),
        ("then", true),
        ("true on", false),
        ("source", false),
        ("now", true),
        ("as of", false),
    ]);
    let term_word = |t: Term| t.token().to_string();
    let value = |o: &Option<Observed>| {
        money_range(
            o.as_ref().and_then(|o| o.price),
            o.as_ref().and_then(|o| o.price_high),
        )
    };
    for p in &answer.prices {
        table.push(vec![
            p.region.clone(),
            term_word(p.term),
            value(&p.then),
            p.then.as_ref().map_or_else(
                || p.note.clone().unwrap_or_default(),
                |o| o.as_of.to_string(),
            ),
            p.then
                .as_ref()
                .map_or_else(String::new, |o| o.source.id.clone()),
            value(&p.now),
            p.now
                .as_ref()
                .map_or_else(String::new, |o| o.as_of.to_string()),
        ]);
    }
    let unit: &Unit = &answer.unit;
    let notes = vec![format!(
        "{} on {day}; prices in {} at today's reference rates (a move is the price's, not the rate's).",
        args.offer,
        unit_label(unit)
    )];
    Ok(Answer {
        json: serde_json::to_value(&answer).unwrap_or_default(),
        table,
        notes,
        text: None,
    })
}
