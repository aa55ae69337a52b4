//! `llms.txt` (the llms.txt convention, llmstxt.org): what the site is, in Markdown a language
//! model reads before anything else — a title, a one-paragraph summary, then sections of
//! links: the app, the open data files, the page of every accelerator, provider and
//! open-weight model, and how to cite a price with its date and source.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use super::paths::{
    gpu_json, url, ANSWERS_SCHEMA, API_PRICES_CSV, API_PRICES_JSON, API_PRICES_SCHEMA,
    CATALOG_JSON, CATALOG_SCHEMA, CHANGES_ATOM, LLMS_TXT, MARKET_JSON, OFFERS_CSV,
};
use crate::pages::api_models;
use crate::{File, Site};
use engine::catalog::freshness::{FRESH_MONTHS, STALE_MONTHS};

pub fn file(site: &Site) -> File {
    let catalog = site.catalog;
    let prices: usize = catalog.offers.iter().map(|o| o.prices.len()).sum();
    let link = |path: &str| url(site, path);
    let mut text = String::from("# GPU Atlas\n\n");
    let _ = writeln!(
        text,
        "> GPU Atlas compares what GPU and AI-accelerator clouds charge: {} offers from {} \
         providers of {} exact accelerator variants, {prices} prices in all. Every price is a \
         claim by a cited source, true as of a stated date, with a confidence level; what no \
         source states is left unknown, never guessed. The app runs in the browser; the same \
         catalog is published as open, documented files.\n",
        catalog.offers.len(),
        catalog.providers.len(),
        catalog.accelerators.len(),
    );
    if site.origin.is_none() {
        text.push_str("Links below are relative to the site's root (where this file is).\n\n");
    }
    let _ = writeln!(
        text,
        "Dates: a price's `as_of` is the day it was true at its source — `YYYY-MM-DD`, or \
         `YYYY-MM`/`YYYY` when the source says no more, with a leading `~` when the date is \
         estimated. This catalog was built on {}; that is not the date of any price.\n",
        site.today
    );

    text.push_str("## App\n\n");
    let _ = writeln!(
        text,
        "- [GPU Atlas]({}): the whole catalog as one sortable, filterable table, with cost \
         calculators; the view is kept in the link\n",
        link("")
    );

    text.push_str("## Data (format v1)\n\n");
    let files = [
        (
            CATALOG_JSON,
            "the catalog in the app's own format: providers, regions, sources, accelerators \
             and their specs, offers, prices and exchange rates",
        ),
        (
            CATALOG_SCHEMA,
            "JSON Schema (draft 2020-12) of catalog.json, every field described",
        ),
        (
            OFFERS_CSV,
            "one row per price (RFC 4180 CSV): provider, offer, accelerator, term, region, \
             price, currency, unit, price per accelerator-hour, as_of, source title, URL and \
             kind, confidence; unknown is an empty cell",
        ),
        (
            API_PRICES_JSON,
            "hosted API prices per million tokens (input, output, cached input, batch) of \
             open-weight models and a few closed reference models, per provider, each with \
             its date and source, and the models' facts (parameters, architecture, context)",
        ),
        (
            API_PRICES_SCHEMA,
            "JSON Schema (draft 2020-12) of api-prices.json, every field described",
        ),
        (
            API_PRICES_CSV,
            "one row per model and API provider (RFC 4180 CSV): model, maker, parameters, \
             provider, prices per million input, output, cached-input and batch tokens, \
             currency, quantization as served, context, as_of, source title and URL, \
             confidence; unknown is an empty cell, never 0",
        ),
        (
            MARKET_JSON,
            "a small answer: what each accelerator variant costs now — the cheapest on-demand \
             price per accelerator-hour in USD with who, where, when and its source, the \
             quartiles, the number of providers, the cheapest spot and committed prices",
        ),
        (
            ANSWERS_SCHEMA,
            "JSON Schema (draft 2020-12) of market.json ($defs/market) and of the \
             data/v1/gpu/<id>.json files ($defs/gpu), every field described",
        ),
        (
            CHANGES_ATOM,
            "Atom feed of price changes (old and new value, each with its date and source), \
             dated by the data",
        ),
    ];
    for (path, what) in files {
        let name = path.rsplit('/').next().unwrap_or(path);
        let _ = writeln!(text, "- [{name}]({}): {what}", link(path));
    }
    text.push_str(
        "\nv1 only gains optional keys, columns or enum values; a breaking change is published \
         as v2 beside it, and v1 stays.\n\n",
    );

    agents(site, &mut text);

    text.push_str("## Citing\n\n");
    let _ = write!(
        text,
        "Quote a price with its date and its source, as the data gives them: \"H100 SXM5 80GB \
         on-demand at $X per GPU-hour on <provider> (<source title>, as of <as_of>), via GPU \
         Atlas\". Prices move: the app marks a price aging after {} months and stale after {} \
         (an estimated date counts one step older). Confidence is \
         high for the vendor's own list or API, medium for a reputable aggregator or simple \
         arithmetic from vendor figures, low for third-party or community quotes. The files \
         are MIT-licensed; the prices are facts quoted from the sources they cite.\n\n",
        FRESH_MONTHS, STALE_MONTHS,
    );

    accelerator_pages(site, &mut text);
    provider_pages(site, &mut text);
    model_pages(site, &mut text);
    File::text(LLMS_TXT, text)
}

/// What to fetch for which question: the small answers first, the whole catalog last.
fn agents(site: &Site, text: &mut String) {
    let link = |path: &str| url(site, path);
    let _ = writeln!(
        text,
        "## For agents\n\n\
         - \"What does an H100 cost?\": fetch [gpu/h100-sxm5-80gb.json]({}) (a few kilobytes): \
         the three cheapest on-demand prices, and per region group (us, eu, asia, cn, hk, \
         other) the cheapest on-demand, spot and committed prices and the median. Variant ids \
         are exact (H100 SXM5 is not H100 PCIe); the Accelerators section below names each \
         one's file.\n\
         - \"Which GPU is cheapest?\" or \"what does the market look like?\": fetch \
         [market.json]({}), one line per variant.\n\
         - Any other filter, a currency other than USD, a job's cost, a price on a past day: \
         the `gpu-atlas` command line answers from the same engine as the app \
         (`gpu-atlas offers h100 --region eu --currency eur --json`, `gpu-atlas cost train \
         --params 7b --tokens 1t --json`, `gpu-atlas price aws/p5.48xlarge --at 2026-10-01`), \
         and `gpu-atlas mcp` serves the same questions as Model Context Protocol tools; or \
         read [catalog.json]({}) whole.\n\
         - Give a person the app's view: `gpu-atlas link …` writes its share link.\n\
         - Every price object carries `as_of`, `freshness`, `confidence` and `source` (title \
         and URL): cite them; null is unknown, never zero.\n",
        link(&gpu_json("h100-sxm5-80gb")),
        link(MARKET_JSON),
        link(CATALOG_JSON),
    );
}

fn accelerator_pages(site: &Site, text: &mut String) {
    // The pages module writes a page for every accelerator and provider with an offer: the
    // same rule here, so every link answers.
    let mut providers: HashMap<&str, BTreeSet<&str>> = HashMap::new();
    for entry in &site.explorer.entries {
        if let Some(a) = entry.accelerator {
            providers
                .entry(a.id.as_str())
                .or_default()
                .insert(entry.provider.id.as_str());
        }
    }
    let _ = writeln!(
        text,
        "## Accelerators\n\n[All accelerators]({}): a page per exact variant, with its specs and \
         their sources, and every offer of it.\n",
        url(site, "gpu/")
    );
    for a in &site.catalog.accelerators {
        let Some(sellers) = providers.get(a.id.as_str()) else {
            continue;
        };
        let _ = writeln!(
            text,
            "- [{}]({}): offered by {}; prices as data: [{}.json]({})",
            link_text(&a.label()),
            url(site, &format!("gpu/{}/", a.id)),
            match sellers.len() {
                1 => "1 provider".to_string(),
                n => format!("{n} providers"),
            },
            a.id,
            url(site, &gpu_json(&a.id)),
        );
    }
    text.push('\n');
}

fn provider_pages(site: &Site, text: &mut String) {
    let mut offers: HashMap<&str, usize> = HashMap::new();
    for entry in &site.explorer.entries {
        *offers.entry(entry.provider.id.as_str()).or_default() += 1;
    }
    let _ = writeln!(
        text,
        "## Providers\n\n[All providers]({}): a page per provider, with its facts and their \
         sources, its regions and its offers.\n",
        url(site, "provider/")
    );
    for p in &site.catalog.providers {
        let Some(count) = offers.get(p.id.as_str()) else {
            continue;
        };
        let _ = writeln!(
            text,
            "- [{}]({}): {count} {}",
            link_text(&p.name),
            url(site, &format!("provider/{}/", p.id)),
            if *count == 1 { "offer" } else { "offers" }
        );
    }
    text.push('\n');
}

fn model_pages(site: &Site, text: &mut String) {
    let _ = writeln!(
        text,
        "## Models\n\n[All open-weight models]({}): a page per model, with its facts, every \
         hosted API's price per million tokens sorted by a 3:1 input:output blend, the memory \
         its weights need at BF16, FP8 and INT4, and the rented GPUs it fits on.\n",
        url(site, "model/")
    );
    // The pages module writes a page for exactly these models.
    for m in api_models::listed(&site.api) {
        let providers: BTreeSet<&str> = site
            .api
            .prices_of(&m.id)
            .map(|p| p.provider.as_str())
            .collect();
        let _ = writeln!(
            text,
            "- [{}]({}): API prices from {}",
            link_text(&m.name),
            url(
                site,
                &format!("model/{}/", crate::pages::address::segment(&m.id))
            ),
            match providers.len() {
                1 => "1 provider".to_string(),
                n => format!("{n} providers"),
            }
        );
    }
    text.push('\n');
}

/// A name as Markdown link text: brackets would end the link early.
fn link_text(name: &str) -> String {
    name.replace('[', "\\[").replace(']', "\\]")
}
