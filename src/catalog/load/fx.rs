//! `fx.csv`: reference exchange rates with their date and source.

use super::files::SourceFile;
use crate::date::AsOf;
use crate::model::{Currency, FxRate};
use crate::problem::Problem;

const COLUMNS: [&str; 6] = [
    "date",
    "base",
    "quote",
    "rate",
    "source_title",
    "source_url",
];

pub(super) fn load(file: &SourceFile, today: AsOf, problems: &mut Vec<Problem>) -> Vec<FxRate> {
    let path = file.path.as_str();
    let mut reader = csv::Reader::from_reader(file.text.as_bytes());
    match reader.headers() {
        Ok(headers) if headers.iter().eq(COLUMNS) => {}
        _ => {
            problems.push(Problem::new(
                path,
                "row 1",
                "",
                format!("columns must be exactly {}", COLUMNS.join(",")),
            ));
            return Vec::new();
        }
    }
    let mut rates = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let place = format!("row {}", i + 2);
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                problems.push(Problem::new(path, &place, "", err.to_string()));
                continue;
            }
        };
        let cell = |i: usize| record.get(i).unwrap_or("").trim();
        let before = problems.len();
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        let date = AsOf::parse(cell(0))
            .map_err(|e| report("date", e.to_string()))
            .ok();
        if date.is_some_and(|d| d > today) {
            report("date", "lies in the future".into());
        }
        let currency = |field: &str, text: &str, report: &mut dyn FnMut(&str, String)| {
            let c = Currency::from_code(text);
            if c.is_none() {
                report(field, format!("{text:?} is not a known currency"));
            }
            c
        };
        let base = currency("base", cell(1), &mut report);
        let quote = currency("quote", cell(2), &mut report);
        let rate = cell(3)
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && *r > 0.0);
        if rate.is_none() {
            report("rate", format!("{:?} is not a positive number", cell(3)));
        }
        if base.is_some() && base == quote {
            report("quote", "same currency as base".into());
        }
        if cell(4).is_empty() {
            report("source_title", "name the source".into());
        }
        if !cell(5).starts_with("http") {
            report("source_url", "not a web address".into());
        }
        if problems.len() > before {
            continue;
        }
        if let (Some(date), Some(base), Some(quote), Some(rate)) = (date, base, quote, rate) {
            rates.push(FxRate {
                date,
                base,
                quote,
                rate,
                source_title: cell(4).to_string(),
                source_url: cell(5).to_string(),
            });
        }
    }
    if rates.is_empty() && problems.is_empty() {
        problems.push(Problem::new(path, "file", "", "no exchange rate at all"));
    }
    rates
}
