//! `live/<id>.csv`: what live sources reported about a provider's prices beyond their amounts —
//! capacity reported available, and for spot the interruption band — each row dated and
//! sourced, attached to the price row it speaks of.
//!
//! ```text
//! offer,region,term,fact,value,as_of,source,note
//! p5.48xlarge,us-east-1,spot,interruption,>20%,2026-12-05,aws-spot-advisor,
//! h100-sxm5-80gb-x1,global,on-demand,available,3,2026-10-07,silybench-vast,verified rentable 1x listings
//! ```
//!
//! Capacity goes stale in hours, so an `available` fact is a day (`YYYY-MM-DD`), never an
//! estimate. An `interruption` band is a share over the trailing month: it may be dated to its
//! month, estimated when a stored copy names no date (`~2026-08`, the reasoning in the import's
//! manifest). A fact about a price the catalog does not list is a problem: it would say
//! something of nothing shown.

use std::sync::Arc;

use super::files::SourceFile;
use crate::date::AsOf;
use crate::model::{Available, Interruption, InterruptionBand, Offer, Provider, Term};
use crate::problem::Problem;

/// The columns of `live/<id>.csv`, in order.
pub const COLUMNS: [&str; 8] = [
    "offer", "region", "term", "fact", "value", "as_of", "source", "note",
];

pub(super) fn load(
    file: &SourceFile,
    provider: &Provider,
    offers: &mut [Offer],
    today: AsOf,
    problems: &mut Vec<Problem>,
) {
    let path = file.path.as_str();
    let Some(mut reader) = file.csv_table(&COLUMNS, problems) else {
        return;
    };
    for (i, record) in reader.records().enumerate() {
        let place = format!("row {}", i + 2);
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                problems.push(Problem::new(path, &place, "", err.to_string()));
                continue;
            }
        };
        let cell = |name: &str| {
            let idx = COLUMNS.iter().position(|c| *c == name).unwrap_or(0);
            record.get(idx).unwrap_or("").trim()
        };
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        let as_of = match AsOf::parse(cell("as_of")) {
            Ok(d) if d > today => {
                report("as_of", format!("{d} is in the future"));
                continue;
            }
            Ok(d) if d.day.is_some() && !d.estimated => d,
            Ok(d) if cell("fact") == "interruption" && d.month.is_some() => d,
            Ok(_) if cell("fact") == "interruption" => {
                report(
                    "as_of",
                    "an interruption band is dated by its day or month (~YYYY-MM when estimated)"
                        .into(),
                );
                continue;
            }
            Ok(_) => {
                report(
                    "as_of",
                    "a capacity fact is dated by its day (YYYY-MM-DD), never estimated".into(),
                );
                continue;
            }
            Err(e) => {
                report("as_of", e.to_string());
                continue;
            }
        };
        let source = cell("source");
        if provider.source(source).is_none() {
            report(
                "source",
                format!("{source:?} is not a [[source]] of {}", provider.id),
            );
            continue;
        }
        let term = match serde_plain_term(cell("term")) {
            Some(t) => t,
            None => {
                report("term", format!("{:?} is not a term", cell("term")));
                continue;
            }
        };
        let id = format!("{}/{}", provider.id, cell("offer"));
        let Some(price) = offers.iter_mut().find(|o| o.id == id).and_then(|o| {
            o.prices
                .iter_mut()
                .find(|p| &*p.region == cell("region") && p.term == term)
        }) else {
            report(
                "offer",
                format!(
                    "no price row {} {} {}: a fact must speak of a listed price",
                    cell("offer"),
                    cell("region"),
                    cell("term")
                ),
            );
            continue;
        };
        let note = Some(cell("note").to_string()).filter(|n| !n.is_empty());
        let source: Arc<str> = source.into();
        match cell("fact") {
            "available" => {
                let count = match cell("value") {
                    "yes" => None,
                    "no" => Some(0),
                    v => match v.parse::<u32>() {
                        Ok(n) => Some(n),
                        Err(_) => {
                            report("value", format!("{v:?} is not a count, yes or no"));
                            continue;
                        }
                    },
                };
                price.live.available = Some(Available {
                    count,
                    as_of,
                    source,
                    note,
                });
            }
            "interruption" => {
                if term != Term::Spot {
                    report(
                        "term",
                        "an interruption band speaks of spot prices only".into(),
                    );
                    continue;
                }
                let Some(band) = InterruptionBand::parse(cell("value")) else {
                    let labels: Vec<&str> =
                        InterruptionBand::ALL.iter().map(|b| b.label()).collect();
                    report(
                        "value",
                        format!("{:?} is not a band ({})", cell("value"), labels.join(", ")),
                    );
                    continue;
                };
                price.live.interruption = Some(Interruption {
                    band,
                    as_of,
                    source,
                    note,
                });
            }
            other => report(
                "fact",
                format!("{other:?} is not a fact (available, interruption)"),
            ),
        }
    }
}

/// A term as the files write it ("spot").
fn serde_plain_term(text: &str) -> Option<Term> {
    use serde::de::{value::Error, IntoDeserializer};
    use serde::Deserialize;
    Term::deserialize(IntoDeserializer::<Error>::into_deserializer(text)).ok()
}
