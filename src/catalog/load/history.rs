//! `history/<id>.csv`: every value a price has had, one observation per row, in the order the
//! catalog recorded them.

use std::collections::BTreeMap;

use super::files::SourceFile;
use super::prices::{parse_amount, parse_enum, HISTORY_COLUMNS};
use crate::date::AsOf;
use crate::history::{Observation, PriceHistory};
use crate::model::{Currency, Offer, PriceUnit, Provider, Term};
use crate::problem::Problem;

/// Reads one provider's history into `out`, one entry per price. A bad row is reported with
/// its file, row and field and left out; the rest is kept so one build lists every problem.
///
/// The history is not checked against the price table: a row may hold a value the table no
/// longer does (that is what history is for), and its newest value may lag a hand edit not
/// yet recorded. What is checked is that each row is a well-formed observation of a price
/// this provider could have: a known offer, region and source, a price, and dates in order.
pub(super) fn load(
    file: &SourceFile,
    provider: &Provider,
    offers: &[Offer],
    today: AsOf,
    out: &mut Vec<PriceHistory>,
    problems: &mut Vec<Problem>,
) {
    let path = file.path.as_str();
    let Some(mut reader) = file.csv_table(&HISTORY_COLUMNS, problems) else {
        return;
    };
    // Where each price of this file sits in `out`.
    let mut index: BTreeMap<(String, String, Term), usize> = BTreeMap::new();
    for (i, record) in reader.records().enumerate() {
        // Row numbers as a spreadsheet shows them: the header is row 1.
        let place = format!("row {}", i + 2);
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                problems.push(Problem::new(path, &place, "", err.to_string()));
                continue;
            }
        };
        let cell = |name: &str| {
            let idx = HISTORY_COLUMNS.iter().position(|c| *c == name).unwrap_or(0);
            record.get(idx).unwrap_or("").trim()
        };
        let before = problems.len();
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        // A retired offer's observations stay under its old id: what it cost then is history.
        let offer_id = offers
            .iter()
            .find(|o| o.id.rsplit_once('/').map(|(_, id)| id) == Some(cell("offer")))
            .map(|o| o.id.clone())
            .or_else(|| {
                provider
                    .retired
                    .iter()
                    .any(|r| r.id == cell("offer"))
                    .then(|| format!("{}/{}", provider.id, cell("offer")))
            });
        if offer_id.is_none() {
            report(
                "offer",
                format!(
                    "no [[offer]] or [[retired]] offer with id {:?}",
                    cell("offer")
                ),
            );
        }
        if provider.region(cell("region")).is_none() {
            let region = cell("region");
            report(
                "region",
                format!("{region:?} is not a [[region]] of {}", provider.id),
            );
        }
        let term = parse_enum::<Term>(cell("term"), "term", &mut report);
        let currency = parse_enum::<Currency>(cell("currency"), "currency", &mut report);
        let unit = parse_enum::<PriceUnit>(cell("unit"), "unit", &mut report);
        let amount = parse_amount(cell("price"), "price", &mut report);
        if amount.is_none() && cell("price").is_empty() {
            report("price", "an observation needs a price".into());
        }
        let amount_high = parse_amount(cell("price_high"), "price_high", &mut report);
        let as_of = match AsOf::parse(cell("as_of")) {
            Ok(date) if date > today => {
                report("as_of", format!("{date} lies in the future"));
                None
            }
            Ok(date) => Some(date),
            Err(err) => {
                report("as_of", err.to_string());
                None
            }
        };
        let recorded = recorded_day(cell("recorded"), today, &mut report);
        if let (Some(as_of), Some(recorded)) = (as_of, recorded) {
            if as_of.days_since_epoch() > recorded.days_since_epoch() {
                report(
                    "as_of",
                    format!("{as_of} is after the day it was recorded ({recorded})"),
                );
            }
        }
        let source = cell("source");
        if provider.source(source).is_none() {
            report("source", format!("no [[source]] with id {source:?}"));
        }
        if problems.len() > before {
            continue;
        }
        let (
            Some(offer_id),
            Some(term),
            Some(currency),
            Some(unit),
            Some(amount),
            Some(as_of),
            Some(recorded),
        ) = (offer_id, term, currency, unit, amount, as_of, recorded)
        else {
            continue;
        };
        let observation = Observation {
            amount,
            amount_high,
            currency,
            unit,
            as_of,
            source: source.to_string(),
            recorded,
        };
        let region = cell("region");
        let key = (offer_id.clone(), region.to_string(), term);
        match index.get(&key).and_then(|&i| out.get_mut(i)) {
            Some(price) => {
                let last = price.observations.last().map(|o| o.recorded);
                if last.is_some_and(|last| recorded < last) {
                    problems.push(Problem::new(
                        path,
                        &place,
                        "recorded",
                        format!(
                            "{recorded} is before the price's previous row ({}): rows are appended in the order recorded",
                            last.map(|d| d.to_string()).unwrap_or_default()
                        ),
                    ));
                    continue;
                }
                price.observations.push(observation);
            }
            None => {
                index.insert(key, out.len());
                out.push(PriceHistory {
                    offer: offer_id,
                    region: region.to_string(),
                    term,
                    observations: vec![observation],
                });
            }
        }
    }
}

/// The `recorded` cell: an exact day (the catalog knows the day it took a value in), not in
/// the future.
fn recorded_day(text: &str, today: AsOf, report: &mut impl FnMut(&str, String)) -> Option<AsOf> {
    match AsOf::parse(text) {
        Ok(date) if date.estimated || date.day.is_none() => {
            report(
                "recorded",
                format!("{text:?} must be an exact day, YYYY-MM-DD"),
            );
            None
        }
        Ok(date) if date > today => {
            report("recorded", format!("{date} lies in the future"));
            None
        }
        Ok(date) => Some(date),
        Err(err) => {
            report("recorded", format!("{text:?}: {}", err.0));
            None
        }
    }
}
