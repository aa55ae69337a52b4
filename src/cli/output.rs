//! How an answer is written: an aligned table for people, JSON or CSV for programs.

use engine::present::export::csv_line;
use serde_json::Value;

/// The format the reader asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
    Csv,
}

impl Format {
    /// How many rows a list shows: what was asked, else 20 in a table and all in JSON or CSV.
    pub fn limit(self, asked: Option<usize>) -> usize {
        asked.unwrap_or(if self == Format::Table {
            20
        } else {
            usize::MAX
        })
    }
}

/// A table of text cells; `numeric` columns align right.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Table {
    pub headers: Vec<String>,
    pub numeric: Vec<bool>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these columns (`true`: a number, aligned right).
    pub fn new(columns: &[(&str, bool)]) -> Table {
        Table {
            headers: columns.iter().map(|(h, _)| h.to_string()).collect(),
            numeric: columns.iter().map(|(_, n)| *n).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.headers.len(), "a row of another table");
        self.rows.push(row);
    }

    /// Columns padded to their widest cell, two spaces apart, a rule under the headers.
    pub fn aligned(&self) -> String {
        let width = |s: &str| s.chars().count();
        let widths: Vec<usize> = (0..self.headers.len())
            .map(|c| {
                std::iter::once(&self.headers[c])
                    .chain(self.rows.iter().map(|r| &r[c]))
                    .map(|s| width(s))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(c, cell)| {
                    let pad = " ".repeat(widths[c] - width(cell));
                    if self.numeric[c] {
                        format!("{pad}{cell}")
                    } else {
                        format!("{cell}{pad}")
                    }
                })
                .collect();
            padded.join("  ").trim_end().to_string()
        };
        let mut out = vec![line(&self.headers)];
        out.push(line(
            &widths.iter().map(|w| "─".repeat(*w)).collect::<Vec<_>>(),
        ));
        out.extend(self.rows.iter().map(|r| line(r)));
        out.join("\n") + "\n"
    }

    /// RFC 4180 CSV with a header line, the app's exports' writer.
    pub fn csv(&self) -> String {
        let mut out = csv_line(&self.headers);
        for row in &self.rows {
            // An unknown number is an empty cell, as in the app's exports.
            let cells: Vec<&str> = row
                .iter()
                .zip(&self.numeric)
                .map(|(cell, numeric)| {
                    if *numeric && cell == UNKNOWN {
                        ""
                    } else {
                        cell
                    }
                })
                .collect();
            out.push_str(&csv_line(&cells));
        }
        out
    }
}

/// What a command answered: the data for programs, the table for people, and lines said
/// under the table (what was left out, the unit).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub json: Value,
    pub table: Table,
    pub notes: Vec<String>,
    /// What people read instead of the table, when the answer is not a table (a link).
    pub text: Option<String>,
}

impl Answer {
    /// The answer in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Json => serde_json::to_string_pretty(&self.json).unwrap_or_default() + "\n",
            Format::Csv => self.table.csv(),
            Format::Table => {
                let mut out = match &self.text {
                    Some(text) => format!("{text}\n"),
                    None => self.table.aligned(),
                };
                for note in &self.notes {
                    out.push_str(note);
                    out.push('\n');
                }
                out
            }
        }
    }
}

/// What a table says where a number is unknown (never a guess, never 0).
pub const UNKNOWN: &str = "unknown";

/// A number as a table shows money: two decimals, more below 0.1 so a cheap slice is not 0.00.
pub fn money(value: Option<f64>) -> String {
    match value {
        None => UNKNOWN.into(),
        Some(v) if v != 0.0 && v.abs() < 0.1 => format!("{v:.4}"),
        Some(v) => format!("{v:.2}"),
    }
}

/// A price, or its range when the source gave one ("1.41–1.50").
pub fn money_range(low: Option<f64>, high: Option<f64>) -> String {
    match (low, high) {
        (Some(low), Some(high)) if high > low => {
            format!("{}–{}", money(Some(low)), money(Some(high)))
        }
        _ => money(low),
    }
}
