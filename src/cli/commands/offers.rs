//! `gpu-atlas offers`: the app's table for a search and filters.

use crate::args::Offers;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{Answer, Format};
use crate::view;

pub fn answer(cx: &Context<'_>, args: &Offers, format: Format) -> Result<Answer, Failure> {
    let read = view::read(&args.search, &args.view, None, cx)?;
    let answer = super::listing::answer(cx, &read.state, format.limit(args.limit));
    if answer.table.rows.is_empty() {
        return Err(Failure::nothing(format!(
            "no offer matches{}",
            if read.query.is_empty() {
                String::new()
            } else {
                format!(" {}", read.query)
            }
        )));
    }
    Ok(answer)
}
