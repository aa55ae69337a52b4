//! The AWS Spot Instance Advisor's public data (`https://spot-bid-advisor.s3.amazonaws.com/
//! spot-advisor-data.json`, no key): for each region, OS and instance type, `r` — the index
//! of its frequency-of-interruption band in `ranges` ("<5%" … ">20%" of instances interrupted
//! over the trailing month) — and `s`, the typical saving against on-demand.
//!
//! Only Linux is read (the catalog's spot prices are Linux), and only the band, as a live
//! fact about the offer's spot price in that region: the saving is no price and is not used —
//! except that an entry whose saving is `0` is passed over. The real file lists such entries
//! by the dozen (`{"s": 0, "r": 0}` for c6i and c6id sizes in ap-east-2, for dl1.24xlarge in
//! us-west-2, in the copy of 2026 imported on 2026-12-06) beside sizes saving 60–90 %: they
//! carry no data, and their `r` of 0 would read as "under 5 %", a claim nobody made.

use std::collections::BTreeMap;

use catalog::{InterruptionBand, Term};
use serde::Deserialize;

use crate::quote::{Fact, FactKind, Parsed, SourceProblem};

#[derive(Deserialize)]
struct Advisor {
    ranges: Vec<Range>,
    spot_advisor: BTreeMap<String, BTreeMap<String, BTreeMap<String, serde_json::Value>>>,
}

#[derive(Deserialize)]
struct Range {
    index: u32,
    label: String,
}

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let doc: Advisor = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(
            format!("line {}", e.line()),
            "",
            format!("not the Spot Instance Advisor's data: {e}"),
        )
    })?;
    let mut parsed = Parsed::default();
    let mut bands = BTreeMap::new();
    for range in &doc.ranges {
        match InterruptionBand::parse(&range.label) {
            Some(band) => {
                bands.insert(range.index, band);
            }
            None => parsed.skipped.push(SourceProblem::new(
                format!("range {}", range.index),
                "label",
                format!("{:?} is not a band the catalog knows", range.label),
            )),
        }
    }
    let mut n = 0;
    for (region, systems) in &doc.spot_advisor {
        let Some(types) = systems.get("Linux") else {
            continue;
        };
        for (instance, entry) in types {
            n += 1;
            let place = format!("{region} Linux {instance}");
            if entry.get("s").and_then(|s| s.as_f64()) == Some(0.0) {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "s",
                    "a saving of 0: the entry carries no data, its band is not read",
                ));
                continue;
            }
            let Some(index) = entry.get("r").and_then(|r| r.as_u64()) else {
                parsed
                    .skipped
                    .push(SourceProblem::new(&place, "r", "no band index"));
                continue;
            };
            let Some(&band) = u32::try_from(index).ok().and_then(|i| bands.get(&i)) else {
                parsed.skipped.push(SourceProblem::new(
                    &place,
                    "r",
                    format!("{index} is not one of the document's ranges"),
                ));
                continue;
            };
            parsed.facts.push(Fact {
                sku: instance.clone(),
                region: region.clone(),
                term: Term::Spot,
                kind: FactKind::Interruption(band),
                line: n,
                note: None,
            });
        }
    }
    Ok(parsed)
}
