//! `prices/<id>.csv`: one row per offer, region and term.

use serde::de::{value::Error as ValueError, IntoDeserializer};
use serde::Deserialize;

use super::files::SourceFile;
use crate::date::AsOf;
use crate::model::{Currency, Offer, Price, PriceUnit, Provider, Term};
use crate::problem::Problem;

/// The columns of `prices/<id>.csv`, in order (the importers write the same table).
pub const COLUMNS: [&str; 12] = [
    "offer",
    "region",
    "term",
    "price",
    "price_high",
    "currency",
    "unit",
    "billing",
    "as_of",
    "source",
    "confidence",
    "note",
];

/// The columns of `history/<id>.csv`, in order: the price columns that say what a value was,
/// when and per whom, and the day the catalog recorded it. The importers append these rows;
/// the loader ships them to the app, the site's feed reads them.
pub const HISTORY_COLUMNS: [&str; 10] = [
    "offer",
    "region",
    "term",
    "price",
    "price_high",
    "currency",
    "unit",
    "as_of",
    "source",
    "recorded",
];

/// Prices older than this are surely typos (the first cloud GPUs were rented around 2010).
const EARLIEST_PRICE_YEAR: u16 = 2010;

/// Reads the price table into the provider's offers and checks each row and the table as a whole.
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
    // Row numbers as a spreadsheet shows them (the header is row 1), kept beside each offer's
    // prices so later checks can name the row of any price.
    let mut price_rows: Vec<Vec<usize>> = vec![Vec::new(); offers.len()];
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        let place = format!("row {row}");
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
        let before = problems.len();
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        let offer_index = offers
            .iter()
            .position(|o| o.id.rsplit_once('/').map(|(_, id)| id) == Some(cell("offer")));
        if offer_index.is_none() {
            report("offer", format!("no [[offer]] with id {:?}", cell("offer")));
        }
        if provider.region(cell("region")).is_none() {
            report(
                "region",
                format!(
                    "{:?} is not a [[region]] of {}",
                    cell("region"),
                    provider.id
                ),
            );
        }
        let term = parse_enum::<Term>(cell("term"), "term", &mut report);
        let currency = parse_enum::<Currency>(cell("currency"), "currency", &mut report);
        let unit = parse_enum::<PriceUnit>(cell("unit"), "unit", &mut report);
        let confidence = parse_enum(cell("confidence"), "confidence", &mut report);
        let billing = match cell("billing") {
            "" => None,
            text => parse_enum(text, "billing", &mut report),
        };
        let amount = parse_amount(cell("price"), "price", &mut report);
        let amount_high = parse_amount(cell("price_high"), "price_high", &mut report);
        let as_of = match AsOf::parse(cell("as_of")) {
            Ok(date) if date > today => {
                report("as_of", format!("{date} lies in the future"));
                None
            }
            Ok(date) if date.year < EARLIEST_PRICE_YEAR => {
                report(
                    "as_of",
                    format!("{date} is too old to be a cloud GPU price"),
                );
                None
            }
            Ok(date) => Some(date),
            Err(err) => {
                report("as_of", err.to_string());
                None
            }
        };
        let source = cell("source");
        if provider.source(source).is_none() {
            report("source", format!("no [[source]] with id {source:?}"));
        }
        if let Some(c) = currency {
            if !provider.currencies.contains(&c) {
                report(
                    "currency",
                    format!("{} is not among the provider's currencies", c.code()),
                );
            }
        }
        match (term, amount) {
            (Some(Term::Free), Some(a)) if a != 0.0 => {
                report("price", "a free-tier price must be 0".into())
            }
            (Some(t), Some(a)) if t != Term::Free && a == 0.0 => report(
                "price",
                "0 is only for the free term; leave it empty when unknown".into(),
            ),
            _ => {}
        }
        match (amount, amount_high) {
            (None, Some(_)) => report("price_high", "a range needs its low end in price".into()),
            (Some(low), Some(high)) if high < low => {
                report("price_high", format!("{high} is below price {low}"))
            }
            _ => {}
        }
        if unit == Some(PriceUnit::InstanceTerm)
            && !matches!(term, Some(Term::Reserved1y | Term::Reserved3y))
        {
            report(
                "unit",
                "instance-term is for reserved-1y and reserved-3y totals".into(),
            );
        }
        if problems.len() > before {
            continue;
        }
        let (
            Some(offer_index),
            Some(term),
            Some(currency),
            Some(unit),
            Some(confidence),
            Some(as_of),
        ) = (offer_index, term, currency, unit, confidence, as_of)
        else {
            continue;
        };
        let price = Price {
            region: cell("region").into(),
            term,
            amount,
            amount_high,
            currency,
            unit,
            billing,
            as_of,
            source: source.into(),
            confidence,
            note: Some(cell("note").to_string()).filter(|n| !n.is_empty()),
            live: Default::default(),
        };
        let offer = &mut offers[offer_index];
        if let Some(p) = offer
            .prices
            .iter()
            .position(|p| p.region == price.region && p.term == price.term)
        {
            let first = price_rows[offer_index][p];
            problems.push(Problem::new(
                path,
                &place,
                "",
                format!("same offer, region and term as row {first}"),
            ));
            continue;
        }
        check_sane_hourly(&price, offer.count, &mut |m| {
            problems.push(Problem::new(path, &place, "price", m))
        });
        offer.prices.push(price);
        price_rows[offer_index].push(row);
    }
    check_spot_below_on_demand(path, offers, &price_rows, problems);
    for offer in offers.iter().filter(|o| o.prices.is_empty()) {
        problems.push(Problem::new(
            path,
            format!("offer {}", offer.id),
            "",
            "no price row: add one (an empty price says where it is sold, price unknown)",
        ));
    }
}

pub(super) fn parse_enum<T: for<'de> Deserialize<'de>>(
    text: &str,
    field: &str,
    report: &mut impl FnMut(&str, String),
) -> Option<T> {
    let parsed: Result<T, ValueError> = T::deserialize(text.into_deserializer());
    match parsed {
        Ok(value) => Some(value),
        Err(err) => {
            report(field, format!("{text:?}: {err}"));
            None
        }
    }
}

pub(super) fn parse_amount(
    text: &str,
    field: &str,
    report: &mut impl FnMut(&str, String),
) -> Option<f64> {
    if text.is_empty() {
        return None;
    }
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Some(v),
        _ => {
            report(field, format!("{text:?} is not a price (a number >= 0)"));
            None
        }
    }
}

/// The hourly price per accelerator must look like a price someone charges: this catches a
/// monthly price typed as hourly, a missing decimal point, or a wrong unit.
fn check_sane_hourly(price: &Price, count: f64, report: &mut impl FnMut(String)) {
    let Some(hourly) = price.per_instance_hour(count) else {
        return;
    };
    if price.term == Term::Free {
        return;
    }
    let per_accelerator = hourly / count.max(1.0);
    let (low, high) = match price.currency {
        Currency::Usd | Currency::Eur => (0.005, 150.0),
        Currency::Cny => (0.03, 1_000.0),
    };
    if !(low..=high).contains(&per_accelerator) {
        report(format!(
            "{per_accelerator:.4} {} per accelerator-hour is outside {low}..={high}: check the unit",
            price.currency.code()
        ));
    }
}

/// Spot capacity is never dearer than on-demand for the same offer and region.
fn check_spot_below_on_demand(
    path: &str,
    offers: &[Offer],
    price_rows: &[Vec<usize>],
    problems: &mut Vec<Problem>,
) {
    for (offer, rows) in offers.iter().zip(price_rows) {
        for (spot, row) in offer.prices.iter().zip(rows) {
            if spot.term != Term::Spot {
                continue;
            }
            let on_demand = offer.prices.iter().find(|p| {
                p.term == Term::OnDemand && p.region == spot.region && p.currency == spot.currency
            });
            let (Some(od), Some(sp)) = (
                on_demand.and_then(|p| p.per_instance_hour(offer.count)),
                spot.per_instance_hour(offer.count),
            ) else {
                continue;
            };
            if sp > od * (1.0 + 1e-9) {
                problems.push(Problem::new(
                    path,
                    format!("row {row}"),
                    "price",
                    format!(
                        "spot {sp} per hour exceeds on-demand {od} in {}",
                        spot.region
                    ),
                ));
            }
        }
    }
}
