//! Latitude.sh's plan list: every server plan with its specs and its price per country group,
//! as the public pricing page (`www.latitude.sh/pricing`, no key) carries it in its page data
//! — the same plan objects Latitude's API returns for `GET /plans` (`"type":"plans"`, each with
//! `attributes`: `name` such as `g3.h100.small`, `specs.gpu` {`count`, `type`, `vram_per_gpu`},
//! `specs.cpu`, `specs.memory.total` in GB, and `regions`: one entry per country group — "United
//! States", "Australia" … — with `pricing.USD` {`hour`, `month`, `year`}).
//!
//! The page escapes its data as a script string (`\"`); the reader takes the plan objects in
//! either form. Plans without a GPU (`"gpu":{}`) are passed over. A group whose USD hour and
//! month are `null` is not sold there (the page shows it unavailable): no price, not named.
//! A price that is not a number, or a plan object that does not read (a cut-off page), is
//! named; the other plans are read. `year` is twelve months at the monthly rate's discount
//! and is not a third price.

use catalog::{Currency, PriceUnit, Term};
use serde_json::Value;

use crate::quote::{checked_price, paid_price, Parsed, Quote, SourceProblem};

/// Where each plan's attributes start, in the plan objects' own (unescaped) form.
const MARKER: &str = "\"type\":\"plans\",\"attributes\":";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let unescaped;
    let body = if text.contains(MARKER) {
        text
    } else {
        unescaped = unescape(text);
        unescaped.as_str()
    };
    let starts: Vec<usize> = body
        .match_indices(MARKER)
        .map(|(at, m)| at + m.len())
        .collect();
    if starts.is_empty() {
        return Err(SourceProblem::new(
            "file",
            "",
            "not a Latitude.sh plan list: no plan objects (\"type\":\"plans\")",
        ));
    }
    let mut parsed = Parsed::default();
    for (n, start) in starts.into_iter().enumerate() {
        let item = n + 1;
        let mut values = serde_json::Deserializer::from_str(&body[start..]).into_iter::<Value>();
        let attributes = match values.next() {
            Some(Ok(v @ Value::Object(_))) => v,
            Some(Ok(other)) => {
                parsed.skipped.push(SourceProblem::new(
                    format!("plan {item}"),
                    "attributes",
                    format!("{other} is not a plan's attributes"),
                ));
                continue;
            }
            Some(Err(e)) => {
                parsed.skipped.push(SourceProblem::new(
                    format!("plan {item}"),
                    "",
                    format!("does not read as a plan object: {e}"),
                ));
                continue;
            }
            None => {
                parsed.skipped.push(SourceProblem::new(
                    format!("plan {item}"),
                    "",
                    "the page ends before the plan's attributes",
                ));
                continue;
            }
        };
        read_plan(&attributes, item, &mut parsed);
    }
    Ok(parsed)
}

fn read_plan(plan: &Value, item: usize, parsed: &mut Parsed) {
    let name = plan
        .get("name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let Some(name) = name else {
        parsed.skipped.push(SourceProblem::new(
            format!("plan {item}"),
            "name",
            "missing: a plan without a name cannot be matched",
        ));
        return;
    };
    let place = format!("plan {name}");
    let specs = plan.get("specs");
    let gpu = specs.and_then(|s| s.get("gpu"));
    let count = match gpu.and_then(|g| g.get("count")) {
        None | Some(Value::Null) => return, // no GPU: a CPU server
        Some(v) => match v.as_f64() {
            Some(c) if c.is_finite() && c >= 0.0 => c,
            _ => {
                parsed.skipped.push(SourceProblem::new(
                    place,
                    "specs.gpu.count",
                    format!("{v} is not a GPU count"),
                ));
                return;
            }
        },
    };
    if count == 0.0 {
        return;
    }
    let gpu_name = gpu
        .and_then(|g| g.get("type"))
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from);
    let cores = specs
        .and_then(|s| s.get("cpu"))
        .and_then(|c| Some(c.get("cores")?.as_f64()? * c.get("count")?.as_f64()?))
        .filter(|v| v.is_finite() && *v > 0.0);
    let ram_gb = specs
        .and_then(|s| s.get("memory"))
        .and_then(|m| m.get("total"))
        .and_then(Value::as_f64)
        .filter(|v| v.is_finite() && *v > 0.0);
    let Some(regions) = plan.get("regions").and_then(Value::as_array) else {
        parsed.skipped.push(SourceProblem::new(
            place,
            "regions",
            "missing: a GPU plan with no priced region",
        ));
        return;
    };
    for region in regions {
        let Some(group) = region
            .get("name")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
        else {
            parsed.skipped.push(SourceProblem::new(
                &place,
                "regions.name",
                "a region without a name",
            ));
            continue;
        };
        let at = format!("{place}, {group}");
        let Some(usd) = region.get("pricing").and_then(|p| p.get("USD")) else {
            parsed.skipped.push(SourceProblem::new(
                at,
                "pricing.USD",
                "missing: no USD price",
            ));
            continue;
        };
        for (field, term, unit) in [
            ("hour", Term::OnDemand, PriceUnit::InstanceHour),
            ("month", Term::Monthly, PriceUnit::InstanceMonth),
        ] {
            let price = match usd.get(field) {
                // Not sold in this group (the page shows it unavailable, with no price).
                None | Some(Value::Null) => continue,
                Some(Value::Number(p)) => match p.as_f64() {
                    Some(p) => checked_price(p, &at, field),
                    None => Err(SourceProblem::new(
                        &at,
                        field,
                        format!("{p} is not a price"),
                    )),
                },
                Some(other) => Err(SourceProblem::new(
                    &at,
                    field,
                    format!("{other} is not a price"),
                )),
            };
            let Some(price) = paid_price(price, &at, field, "a GPU server", &mut parsed.skipped)
            else {
                continue;
            };
            parsed.quotes.push(Quote {
                sku: name.to_string(),
                gpu: gpu_name.clone(),
                count: Some(count),
                vcpus: cores,
                ram_gb,
                region: group.to_string(),
                term,
                price,
                price_high: None,
                currency: Currency::Usd,
                unit,
                line: item,
                note: None,
                cited: None,
            });
        }
    }
}

/// The page's script-string escapes undone once (`\"` → `"`, `\\` → `\`); other escapes stay,
/// as JSON reads them the same.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('"') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}
