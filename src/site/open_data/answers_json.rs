//! The small answers beside the catalog: `data/v1/market.json` (what each variant costs, the
//! app's Market tab) and `data/v1/gpu/<id>.json` (one variant's prices by term and region
//! group), written by `engine::present::answers` — the code the `gpu-atlas` command and its
//! MCP server answer with — on the first screen's view (US dollars per accelerator-hour, the
//! reference rates, prices older than 18 months left out). Their JSON Schema,
//! `data/v1/answers.schema.json`, is kept by hand beside this file.

use engine::catalog::Currency;
use engine::present::answers::{gpu, market};
use engine::view::state::ViewState;

use super::paths::{gpu_json, ANSWERS_SCHEMA, MARKET_JSON};
use super::schema::published;
use crate::{File, Site};

/// The schema as kept in the crate.
pub const SCHEMA: &str = include_str!("answers.schema.json");

/// The kept schema's `$id` (see `schema::TAG_ID`).
pub const TAG_ID: &str = "tag:gpu-atlas,2026:data/v1/answers.schema.json";

/// The variants with a file: every one some offer sells, as the pages have a page for.
pub fn variants<'s>(site: &'s Site) -> Vec<&'s str> {
    let mut ids: Vec<&str> = site
        .explorer
        .entries
        .iter()
        .filter_map(|e| e.accelerator.map(|a| a.id.as_str()))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

pub fn files(site: &Site) -> Result<Vec<File>, String> {
    let state = ViewState::default();
    let market = market::answer(&site.explorer, &state, &site.rates, &site.today);
    let mut files = vec![
        File::text(MARKET_JSON, to_json(MARKET_JSON, &market)?),
        published(site, SCHEMA, TAG_ID, ANSWERS_SCHEMA),
    ];
    for id in variants(site) {
        let view = gpu::view_of(id, Currency::Usd);
        let path = gpu_json(id);
        let answer = gpu::answer(&site.explorer, id, &view, &site.rates, &site.today)
            .ok_or_else(|| format!("{path}: no variant {id}"))?;
        files.push(File::text(&path, to_json(&path, &answer)?));
    }
    Ok(files)
}

fn to_json(path: &str, value: &impl serde::Serialize) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| format!("{path}: {e}"))
}
