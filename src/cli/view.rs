//! Flags → the app's view. Every flag is a setting of the app's share links: the flags are
//! written as a link query and read by the app's own decoder (`share::decode`), so a flag
//! means exactly what the same setting means in a link, and `gpu-atlas link` prints the link
//! of the view the other commands answered. Where a link quietly leaves out what it cannot
//! read, the command line refuses it and says which flag was wrong.

use engine::share::{self, Key, Token};
use engine::view::filters::RangeField;
use engine::view::job_form::{self, FIELDS};
use engine::view::state::ViewState;
use engine::workload;

use crate::args::{Job, JobKind, View};
use crate::context::Context;
use crate::failure::Failure;

/// A view read from flags.
pub struct Read {
    pub state: ViewState,
    /// The query the flags were written as (before any link they started from).
    pub query: String,
}

/// The view `search`, `view` and `job` describe in `cx`'s catalog. A provider, variant or
/// offer id the catalog lacks is refused like any other value a link could not read.
pub fn read(
    search: &[String],
    view: &View,
    job: Option<(JobKind, &Job)>,
    cx: &Context<'_>,
) -> Result<Read, Failure> {
    known(cx, view)?;
    let mut pairs: Vec<(String, String, &'static str)> = Vec::new();
    let mut put =
        |key: &str, value: String, flag: &'static str| pairs.push((key.to_string(), value, flag));
    let search = search.join(" ");
    if !search.trim().is_empty() {
        put(Key::Search.name(), search, "search words");
    }
    let lists = [
        (Key::Providers, &view.provider, "--provider"),
        (Key::Accelerators, &view.gpu, "--gpu"),
        (Key::Models, &view.gpu_model, "--gpu-model"),
        (Key::Categories, &view.category, "--category"),
        (Key::Vendors, &view.vendor, "--vendor"),
        (Key::Links, &view.interconnect, "--interconnect"),
    ];
    for (key, values, flag) in lists {
        if !values.is_empty() {
            put(key.name(), values.join(","), flag);
        }
    }
    // A region group or a single provider/region: the link keeps them apart.
    let regions: Vec<&str> = view
        .region
        .iter()
        .flat_map(|r| r.split(','))
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let (single, areas): (Vec<&str>, Vec<&str>) = regions.iter().partition(|r| r.contains('/'));
    if !areas.is_empty() {
        put(Key::Areas.name(), areas.join(","), "--region");
    }
    if !single.is_empty() {
        put(Key::Regions.name(), single.join(","), "--region");
    }
    let words = [
        (Key::Currency, &view.currency, "--currency"),
        (Key::CustomRate, &view.rate, "--rate"),
        (Key::Term, &view.term, "--term"),
        (Key::Unit, &view.unit, "--unit"),
        (Key::Per, &view.per, "--per"),
        (Key::Sort, &view.sort, "--sort"),
        (Key::Lang, &view.lang, "--lang"),
    ];
    for (key, value, flag) in words {
        if let Some(value) = value {
            put(key.name(), value.clone(), flag);
        }
    }
    if let Some(age) = &view.max_age {
        put(Key::MaxAge.name(), months(age)?.to_string(), "--max-age");
    }
    let ranges = [
        (RangeField::Count, &view.count, "--count"),
        (RangeField::MemoryPerAccelerator, &view.mem, "--mem"),
        (RangeField::Price, &view.price, "--price"),
    ];
    for (field, value, flag) in ranges {
        if let Some(value) = value {
            put(field.key(), value.clone(), flag);
        }
    }
    let toggles = [
        (Key::MultiNode, view.multi_node, "--multi-node"),
        (Key::PerSecond, view.per_second, "--per-second"),
        (Key::KnownPrice, view.known_price, "--known-price"),
        (Key::OldPrices, view.old_prices, "--old-prices"),
    ];
    for (key, on, flag) in toggles {
        if on {
            put(key.name(), "1".into(), flag);
        }
    }
    if let Some((kind, job)) = job {
        job_pairs(kind, job, &mut put)?;
    }
    for set in &view.set {
        let (key, value) = set
            .split_once('=')
            .ok_or_else(|| Failure::usage(format!("--set {set}: write it as key=value (a setting of the app's links, e.g. --set j.mfu=0.4)")))?;
        put(key.trim(), value.to_string(), "--set");
    }

    let query = share::from_pairs(pairs.iter().map(|(k, v, _)| (k.as_str(), v.as_str())));
    // Flags first: where a link starts the view, a repeated key counts once (the first).
    let from_link = view.link.as_deref().map(link_query).unwrap_or_default();
    let whole = [query.as_str(), from_link]
        .into_iter()
        .filter(|q| !q.is_empty())
        .collect::<Vec<_>>()
        .join("&");
    let decoded = share::decode(&whole, &|id| cx.has_offer(id));
    if let Some(first) = decoded.ignored.first() {
        let flag = pairs.iter().find(|(k, _, _)| *k == first.key).map_or_else(
            || format!("the link's {}", first.key),
            |(_, _, flag)| (*flag).to_string(),
        );
        let all: Vec<String> = decoded
            .ignored
            .iter()
            .map(|i| {
                format!(
                    "{}={} ({})",
                    i.key,
                    i.value,
                    i.reason.describe(engine::catalog::Lang::En)
                )
            })
            .collect();
        return Err(Failure::usage(format!("{flag}: {}", all.join("; "))));
    }
    // A range the filter box would refuse (a link keeps its text and the app shows why).
    for (field, text) in &decoded.state.filters.ranges {
        if let Err(e) = field.parse(text) {
            let flag = pairs
                .iter()
                .find(|(k, _, _)| k == field.key())
                .map_or("--set", |(_, _, flag)| *flag);
            return Err(Failure::usage(format!("{flag} {text}: {e}")));
        }
    }
    let mut state = decoded.state;
    if decoded.first_screen {
        state.settle_currency();
    }
    Ok(Read { state, query })
}

/// Refuses provider and variant ids the catalog does not have (a link would keep them and
/// show nothing), naming the ids that contain what was typed.
fn known(cx: &Context<'_>, view: &View) -> Result<(), Failure> {
    let catalog = cx.catalog();
    let providers: Vec<&str> = catalog.providers.iter().map(|p| p.id.as_str()).collect();
    let variants: Vec<&str> = catalog.accelerators.iter().map(|a| a.id.as_str()).collect();
    let checks = [
        ("--provider", &view.provider, &providers, "provider"),
        ("--gpu", &view.gpu, &variants, "accelerator variant"),
    ];
    for (flag, values, ids, what) in checks {
        for value in values.iter().flat_map(|v| v.split(',')).map(str::trim) {
            if value.is_empty() || ids.iter().any(|id| id.eq_ignore_ascii_case(value)) {
                continue;
            }
            let lower = value.to_ascii_lowercase();
            let near: Vec<&str> = ids
                .iter()
                .copied()
                .filter(|id| id.contains(&lower))
                .take(8)
                .collect();
            let hint = if near.is_empty() {
                String::new()
            } else {
                format!("; did you mean {}?", near.join(", "))
            };
            return Err(Failure::usage(format!(
                "{flag} {value}: no {what} with that id{hint}"
            )));
        }
    }
    Ok(())
}

/// The query of an app link: its address's part after `?` (before any `#`), or the text
/// itself when it is only a query.
fn link_query(link: &str) -> &str {
    let after = link.split_once('?').map_or(link, |(_, q)| q);
    after.split('#').next().unwrap_or_default()
}

/// Months in "6", "6m", "18 months", "1y" or "2 years".
pub fn months(text: &str) -> Result<u32, Failure> {
    let t = text.trim().to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let n: u32 = number.parse().map_err(|_| {
        Failure::usage(format!(
            "--max-age {text}: write months (6, 6m) or years (1y)"
        ))
    })?;
    match unit.trim() {
        "" | "m" | "mo" | "month" | "months" => Ok(n),
        "y" | "yr" | "year" | "years" => Ok(n.saturating_mul(12)),
        _ => Err(Failure::usage(format!(
            "--max-age {text}: write months (6, 6m) or years (1y)"
        ))),
    }
}

/// The job's flags as the link's `job` and `j.*` keys: numbers through the calculator's own
/// reading ("7b" parameters are 7 billion), words as the link spells them.
fn job_pairs(
    kind: JobKind,
    job: &Job,
    put: &mut dyn FnMut(&str, String, &'static str),
) -> Result<(), Failure> {
    let kind = match kind {
        JobKind::Train => share::job::Kind::Train,
        JobKind::Tune => share::job::Kind::Tune,
        JobKind::Serve => share::job::Kind::Serve,
    };
    put(Key::Job.name(), kind.token().into(), "the job kind");
    let numbers = [
        ("j.p", &job.params, "--params"),
        ("j.tok", &job.tokens, "--tokens"),
        ("j.flops", &job.flops, "--flops"),
        ("j.mfu", &job.mfu, "--mfu"),
        ("j.dl", &job.deadline, "--deadline"),
        ("j.runs", &job.runs, "--runs"),
        ("j.tpd", &job.tokens_per_day, "--tokens-per-day"),
        ("j.in", &job.input_tokens_per_day, "--input-tokens-per-day"),
        ("j.ctx", &job.context, "--context"),
        ("j.conc", &job.concurrency, "--concurrency"),
    ];
    for (key, text, flag) in numbers {
        let Some(text) = text else { continue };
        let field = FIELDS
            .iter()
            .find(|f| f.key == key)
            .expect("every job flag is a field of the calculator's form");
        let value = job_form::number(field, text)
            .and_then(|v| match workload::check_value(field.name, v) {
                Some(problem) if problem.is_error() => Err(problem),
                _ => Ok(v),
            })
            .map_err(|problem| Failure::usage(format!("{flag} {text}: {}", problem.en)))?;
        put(key, value.to_string(), flag);
    }
    let words = [
        (Key::JobPrecision, &job.precision, "--precision"),
        (Key::JobMethod, &job.method, "--method"),
        (Key::JobQuant, &job.quant, "--quant"),
        (Key::JobModel, &job.model, "--model"),
    ];
    for (key, value, flag) in words {
        if let Some(value) = value {
            put(key.name(), value.clone(), flag);
        }
    }
    if job.fits_only {
        put(Key::FitsOnly.name(), "1".into(), "--fits-only");
    }
    Ok(())
}
