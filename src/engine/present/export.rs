//! Exports of the current view: CSV, Markdown and JSON of the visible columns, in the chosen
//! units and currency. Units live in the headers and cells hold plain numbers, so a
//! spreadsheet can compute with them (the field's recurring complaint about exports).

use serde_json::{json, Map, Value};

use super::i18n::{self, Lang};
use crate::explorer::Cell;
use crate::explorer::Row;
use crate::pricing::PriceView;
use crate::view::columns::Column;

/// A table ready to write: headers with units, typed cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    pub keys: Vec<&'static str>,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Value>>,
}

/// A chart's table as an export (the Charts view exports what it draws): numbers become
/// numbers, the chart's word for unknown becomes empty, and the rest stays text.
pub fn from_chart_table(
    keys: Vec<&'static str>,
    (headers, rows): (Vec<String>, Vec<Vec<String>>),
    unknown: &str,
) -> Export {
    let cell = |text: String| match text.parse::<f64>() {
        Ok(n) if n.is_finite() => json_number(n),
        _ if text == unknown => Value::Null,
        _ => Value::from(text),
    };
    Export {
        keys,
        headers,
        rows: rows
            .into_iter()
            .map(|row| row.into_iter().map(cell).collect())
            .collect(),
    }
}

/// Builds the export of `rows` (already filtered and sorted) for `columns`.
pub fn build(rows: &[Row<'_>], columns: &[Column], view: &PriceView, lang: Lang) -> Export {
    let with_price = columns
        .iter()
        .any(|c| matches!(c, Column::Price | Column::PricePerAccelerator));
    let mut keys: Vec<&'static str> = columns.iter().map(|c| c.key()).collect();
    let mut headers: Vec<String> = columns.iter().map(|c| header(*c, view, lang)).collect();
    // A price in a file is a claim like in the table: which currency it was quoted in, the
    // day it was true, where, and who says so travel with it, whatever columns are shown.
    let claims: Vec<Claim> = if with_price {
        Claim::ALL
            .into_iter()
            .filter(|c| c.column().is_none_or(|col| !columns.contains(&col)))
            .collect()
    } else {
        Vec::new()
    };
    // A file with the user's prices says so on every row, with the list price beside: a
    // spreadsheet passed on must not present a negotiated price as the market's.
    let mut claims = claims;
    if with_price
        && rows
            .iter()
            .any(|r| r.quote.as_ref().is_some_and(|q| q.discount.is_some()))
    {
        claims.extend([Claim::ListPrice, Claim::Discount]);
    }
    for claim in &claims {
        keys.push(claim.key());
        headers.push(claim.header(lang).to_string());
    }
    let rows = rows
        .iter()
        .map(|row| {
            let mut cells: Vec<Value> = columns.iter().map(|c| value(c.cell(row))).collect();
            cells.extend(claims.iter().map(|claim| claim.value(row)));
            cells
        })
        .collect();
    Export {
        keys,
        headers,
        rows,
    }
}

/// What travels with every exported price, each unless its column is already exported.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Claim {
    /// Which prices were converted from another currency, as the table marks them.
    NativeCurrency,
    Date,
    Region,
    Source,
    /// The catalog's price in the price column's units, where the user's discount applies.
    ListPrice,
    /// The user's discount in the price: "−15 % (enterprise agreement)".
    Discount,
}

impl Claim {
    const ALL: [Claim; 4] = [
        Claim::NativeCurrency,
        Claim::Date,
        Claim::Region,
        Claim::Source,
    ];

    fn column(self) -> Option<Column> {
        match self {
            Claim::Date => Some(Column::AsOf),
            Claim::Region => Some(Column::Region),
            Claim::NativeCurrency | Claim::Source | Claim::ListPrice | Claim::Discount => None,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Claim::NativeCurrency => "native-currency",
            Claim::Date => "as-of",
            Claim::Region => "region",
            Claim::Source => "source",
            Claim::ListPrice => "list-price",
            Claim::Discount => "your-discount",
        }
    }

    fn header(self, lang: Lang) -> &'static str {
        match self {
            Claim::NativeCurrency => i18n::pick(lang, "Native currency", "原始货币"),
            Claim::Date => i18n::pick(lang, "Price date", "价格日期"),
            Claim::Region => i18n::pick(lang, "Price region", "价格区域"),
            Claim::Source => i18n::pick(lang, "Source", "来源"),
            Claim::ListPrice => i18n::pick(lang, "List price", "目录价"),
            Claim::Discount => i18n::pick(lang, "Your discount", "您的折扣"),
        }
    }

    fn value(self, row: &Row<'_>) -> Value {
        let Some(quote) = row.quote.as_ref() else {
            return Value::Null;
        };
        match self {
            Claim::NativeCurrency => Value::from(quote.native_currency.code()),
            Claim::Date => Value::from(quote.as_of.to_string()),
            Claim::Region => Value::from(&*quote.region),
            Claim::Source => row
                .entry
                .provider
                .source(&quote.source)
                .map_or(Value::Null, |s| Value::from(s.url.as_str())),
            Claim::ListPrice => match (&quote.discount, quote.list_value) {
                (Some(_), Some(list)) => json_number(list),
                (Some(_), None) => Value::Null,
                (None, _) => quote.value.map_or(Value::Null, json_number),
            },
            Claim::Discount => quote.discount.as_deref().map_or(Value::Null, |d| {
                let off = format!("−{} %", super::discount::percent(d.percent));
                Value::from(match d.note.trim() {
                    "" => off,
                    note => format!("{off} ({note})"),
                })
            }),
        }
    }
}

fn header(column: Column, view: &PriceView, lang: Lang) -> String {
    let label = i18n::column(lang, column);
    let unit = match column {
        Column::Price => i18n::price_unit(lang, view.currency.code(), view.basis, view.duration),
        Column::PricePerAccelerator => i18n::price_unit(
            lang,
            view.currency.code(),
            crate::pricing::PriceBasis::Accelerator,
            view.duration,
        ),
        // Money the job costs is in the view's currency too.
        Column::JobCost | Column::JobPerMillionTokens => view.currency.code().to_string(),
        other => i18n::column_unit(lang, other).to_string(),
    };
    if unit.is_empty() {
        label.to_string()
    } else {
        format!("{label} ({unit})")
    }
}

fn value(cell: Cell) -> Value {
    match cell {
        Cell::Text(t) => Value::from(t),
        Cell::Number(n) => json_number(n),
        Cell::Money { value, .. } => json_number(value),
        Cell::Date(d) => Value::from(d.to_string()),
        Cell::Fit(fit) => Value::from(fit.describe(false)),
        Cell::Unknown(_) => Value::Null,
        Cell::Late(hours) => hours.map_or(Value::Null, json_number),
        Cell::Place(standing) => standing
            .cheaper_than_percent()
            .map_or(Value::Null, Value::from),
        Cell::Live(live) => {
            super::live::short(&live, catalog::Lang::En).map_or(Value::Null, Value::from)
        }
    }
}

/// Numbers are rounded to what a price list can mean (6 significant decimals), so exports do
/// not show float noise like 0.30000000000000004.
fn json_number(n: f64) -> Value {
    let rounded = (n * 1e6).round() / 1e6;
    if rounded.fract() == 0.0 && rounded.abs() < 1e15 {
        // Whole numbers read as counts do: "8", not "8.0".
        return Value::from(rounded as i64);
    }
    serde_json::Number::from_f64(rounded).map_or(Value::Null, Value::Number)
}

fn plain(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One CSV line (with CRLF) of `cells`: quoted when needed, and leading formula characters
/// neutralised so a spreadsheet never runs a provider name as a formula.
pub fn csv_line<S: AsRef<str>>(cells: &[S]) -> String {
    let field = |text: &str| {
        let text = if text.starts_with(['=', '+', '-', '@']) && text.parse::<f64>().is_err() {
            format!("'{text}")
        } else {
            text.to_string()
        };
        if text.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text
        }
    };
    cells
        .iter()
        .map(|c| field(c.as_ref()))
        .collect::<Vec<_>>()
        .join(",")
        + "\r\n"
}

/// A byte-order mark starts a CSV file: Excel on Windows reads a file without one in the
/// system's code page and garbles Chinese. The clipboard's copy has none ([`to_csv`]).
pub const BOM: char = '\u{feff}';

/// The CSV as a file to download: the byte-order mark, then [`to_csv`].
pub fn to_csv_file(export: &Export) -> String {
    format!("{BOM}{}", to_csv(export))
}

pub fn to_csv(export: &Export) -> String {
    let mut out = csv_line(&export.headers);
    for row in &export.rows {
        out.push_str(&csv_line(&row.iter().map(plain).collect::<Vec<_>>()));
    }
    out
}

pub fn to_markdown(export: &Export) -> String {
    let cell = |text: &str| text.replace('|', "\\|").replace(['\n', '\r'], " ");
    let mut out = String::new();
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    out.push_str(&line(export.headers.iter().map(|h| cell(h)).collect()));
    out.push_str(&line(
        export.headers.iter().map(|_| "---".to_string()).collect(),
    ));
    for row in &export.rows {
        out.push_str(&line(row.iter().map(|v| cell(&plain(v))).collect()));
    }
    out
}

/// JSON: the columns with their headers, then one object per row keyed by column key.
pub fn to_json(export: &Export) -> String {
    let columns: Vec<Value> = export
        .keys
        .iter()
        .zip(&export.headers)
        .map(|(k, h)| json!({ "key": k, "header": h }))
        .collect();
    let rows: Vec<Value> = export
        .rows
        .iter()
        .map(|row| {
            let object: Map<String, Value> = export
                .keys
                .iter()
                .zip(row)
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect();
            Value::Object(object)
        })
        .collect();
    let doc = json!({ "columns": columns, "rows": rows });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// A file name for a download: "gpu-atlas-2026-11-30.csv".
pub fn file_name(date: &str, extension: &str) -> String {
    format!("gpu-atlas-{date}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_table_exports_numbers_as_numbers_and_unknown_as_empty() {
        let table = (
            vec!["Offer".to_string(), "Price".to_string()],
            vec![
                vec!["a · x".to_string(), "1.5".to_string()],
                vec!["b · y".to_string(), "unknown".to_string()],
            ],
        );
        let e = from_chart_table(vec!["offer", "price"], table, "unknown");
        assert_eq!(e.rows[0][1], json!(1.5));
        assert_eq!(e.rows[1][1], Value::Null);
        assert_eq!(to_csv(&e), "Offer,Price\r\na · x,1.5\r\nb · y,\r\n");
    }
}
