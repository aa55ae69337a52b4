//! `gpu-atlas link`: the app's share link for a view, stamped with the catalog's version as
//! the app stamps it, so the reader sees what changed since.

use serde_json::json;

use engine::share::stamp;

use crate::args::Offers;
use crate::context::Context;
use crate::failure::Failure;
use crate::output::{Answer, Table};
use crate::view;

/// The site's address when neither `--base` nor the environment gives one.
const SITE_ENV: &str = "GPU_ATLAS_SITE_URL";

pub fn answer(cx: &Context<'_>, args: &Offers) -> Result<Answer, Failure> {
    let read = view::read(&args.search, &args.view, None, cx)?;
    let bounded = stamp::stamped(&read.state, cx.catalog().history.version);
    let base = args
        .base
        .clone()
        .or_else(|| std::env::var(SITE_ENV).ok())
        .or_else(|| option_env!("GPU_ATLAS_SITE_URL").map(str::to_string))
        .filter(|b| !b.trim().is_empty());
    let link = match &base {
        Some(base) => format!("{}?{}", with_slash(base), bounded.query),
        None => format!("?{}", bounded.query),
    };
    let mut table = Table::new(&[("link", false)]);
    table.push(vec![link.clone()]);
    let text = Some(link.clone());
    let mut notes = Vec::new();
    if base.is_none() {
        notes.push(format!(
            "Append it to the site's address (or give --base URL, or set {SITE_ENV})."
        ));
    }
    if let Some(left_out) = bounded.message(engine::catalog::Lang::En) {
        notes.push(left_out);
    }
    Ok(Answer {
        json: json!({ "link": link, "query": bounded.query, "left_out": bounded.left_out }),
        table,
        notes,
        text,
    })
}

fn with_slash(base: &str) -> String {
    if base.ends_with('/') {
        base.to_string()
    } else {
        format!("{base}/")
    }
}
