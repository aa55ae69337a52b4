//! The offer table's columns: what each shows as a typed cell, how it sorts, which way is
//! better. The UI renders these cells, the export writes them as plain numbers and the
//! comparison highlights the best, so the three never disagree.

use std::cmp::Ordering;

use super::row::Row;
use crate::pricing::Missing;
use crate::view::columns::{Better, Column, Direction, Sort};
use catalog::{AsOf, Confidence, Currency, Interconnect, ProviderCategory, Term};
use workload::Fit;

/// A typed table cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number(f64),
    Money {
        value: f64,
        high: Option<f64>,
        currency: Currency,
        converted: bool,
        term: Term,
    },
    Date(AsOf),
    /// Where the calculator's job fits on the offer.
    Fit(Fit),
    /// No value, and why.
    Unknown(Option<Missing>),
    /// The job's time on an offer that cannot meet the deadline: the hours the fewest
    /// instances that hold it would take, if known. Sorts by those hours.
    Late(Option<f64>),
}

impl Cell {
    /// The number a cell sorts and compares by.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Number(v) => Some(*v),
            Cell::Money { value, .. } => Some(*value),
            Cell::Date(d) => Some(d.days_since_epoch() as f64),
            Cell::Fit(fit) => accelerators_needed(fit),
            Cell::Late(hours) => *hours,
            Cell::Text(_) | Cell::Unknown(_) => None,
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Cell::Text(t) => Some(t),
            _ => None,
        }
    }
}

impl Column {
    /// The cell of `row` in this column.
    pub fn cell(self, row: &Row<'_>) -> Cell {
        let entry = row.entry;
        let offer = entry.offer;
        let accelerator = entry.accelerator;
        let specs = accelerator.map(|a| &a.specs);
        let number = |v: Option<f64>| v.map_or(Cell::Unknown(None), Cell::Number);
        let text = |v: Option<String>| v.map_or(Cell::Unknown(None), Cell::Text);
        let quote = row.quote.as_ref();
        match self {
            Column::Provider => Cell::Text(entry.provider.name.clone()),
            Column::Category => Cell::Text(category_key(entry.provider.category).into()),
            Column::Instance => Cell::Text(offer.instance.clone()),
            Column::Accelerator => text(accelerator.map(|a| a.label())),
            Column::Vendor => text(accelerator.map(|a| a.vendor.label().to_string())),
            Column::Architecture => text(accelerator.and_then(|a| a.architecture.clone())),
            Column::Count => number(entry.divisors.accelerators),
            Column::MemoryPerAccelerator => number(specs.and_then(|s| s.memory_gb)),
            Column::Memory => number(entry.divisors.memory_gb),
            Column::MemoryBandwidth => number(specs.and_then(|s| s.memory_bandwidth_gbs)),
            Column::Bf16 => number(specs.and_then(|s| s.bf16_tflops.or(s.fp16_tflops))),
            Column::Fp8 => number(specs.and_then(|s| s.fp8_tflops)),
            Column::Interconnect => text(offer.interconnect.map(|i| interconnect_key(i).into())),
            Column::Vcpus => number(offer.vcpus),
            Column::Ram => number(offer.ram_gb),
            Column::Regions => Cell::Number(entry.region_count as f64),
            Column::Region => text(quote.map(|q| {
                entry
                    .provider
                    .region(&q.region)
                    .map_or_else(|| q.region.to_string(), |r| r.name.clone())
            })),
            Column::Price => money(
                row,
                quote.and_then(|q| q.value),
                quote.and_then(|q| q.value_high),
            ),
            Column::PricePerAccelerator => money(
                row,
                quote.and_then(|q| q.per_accelerator),
                quote.and_then(|q| q.per_accelerator_high),
            ),
            Column::Confidence => quote.map_or(Cell::Unknown(None), |q| {
                Cell::Number(match q.confidence {
                    Confidence::Low => 1.0,
                    Confidence::Medium => 2.0,
                    Confidence::High => 3.0,
                })
            }),
            Column::AsOf => quote.map_or(Cell::Unknown(None), |q| Cell::Date(q.as_of)),
            Column::JobFit => row
                .job
                .as_ref()
                .map_or(Cell::Unknown(None), |j| Cell::Fit(j.fit)),
            Column::JobInstances => {
                number(row.job.as_ref().and_then(|j| j.instances).map(f64::from))
            }
            Column::JobTime => match row.job.as_ref() {
                // A time past the deadline read as a plain time would look like an answer.
                Some(j) if j.deadline_missed => Cell::Late(j.wall_hours),
                j => number(j.and_then(|j| j.wall_hours)),
            },
            Column::JobThroughput => number(row.job.as_ref().and_then(|j| j.tokens_per_second)),
            Column::JobCost => money(row, row.job.as_ref().and_then(|j| j.cost), None),
            Column::JobPerMillionTokens => money(
                row,
                row.job.as_ref().and_then(|j| j.per_million_tokens),
                None,
            ),
        }
    }
}

fn money(row: &Row<'_>, value: Option<f64>, high: Option<f64>) -> Cell {
    let Some(q) = row.quote.as_ref() else {
        return Cell::Unknown(None);
    };
    match value {
        Some(value) => Cell::Money {
            value,
            high,
            currency: q.currency,
            converted: q.converted,
            term: q.term,
        },
        None => Cell::Unknown(q.missing),
    }
}

/// Accelerators it takes to hold the job, so "fits on fewer" sorts first; a job that cannot
/// run sorts after every one that can, and an unknown fit after both.
fn accelerators_needed(fit: &Fit) -> Option<f64> {
    match *fit {
        Fit::OneAccelerator => Some(1.0),
        Fit::Sharded { accelerators } | Fit::Instances { accelerators, .. } => {
            Some(f64::from(accelerators))
        }
        Fit::DoesNotFit { .. } => Some(1e9),
        Fit::Unknown { .. } => None,
    }
}

/// The category as the catalog files write it ("gpu-cloud").
pub fn category_key(category: ProviderCategory) -> &'static str {
    match category {
        ProviderCategory::Hyperscaler => "hyperscaler",
        ProviderCategory::GpuCloud => "gpu-cloud",
        ProviderCategory::Marketplace => "marketplace",
        ProviderCategory::China => "china",
    }
}

pub fn interconnect_key(i: Interconnect) -> &'static str {
    match i {
        Interconnect::Nvswitch => "nvswitch",
        Interconnect::Nvlink => "nvlink",
        Interconnect::Pcie => "pcie",
        Interconnect::Ici => "ici",
        Interconnect::None => "none",
    }
}

/// The order to show `rows` in: numbers as numbers, text case-insensitively, unknowns always
/// last, and ties broken by offer id so the same inputs always give the same order.
pub fn sort_order(rows: &[Row<'_>], sort: Sort) -> Vec<usize> {
    /// What a row sorts by, worked out once per row: building and reading cells in every
    /// comparison, and lowercasing both texts in every comparison of a text column, made
    /// sorting 100k rows cost several times the sort itself.
    enum Key {
        Number(f64),
        /// Lowercased.
        Text(String),
        /// Neither a number nor text (an unknown value, an unknown fit).
        Neither,
    }
    let mut keys: Vec<(Key, &str, usize)> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let cell = sort.column.cell(row);
            let key = match (cell.number(), cell.text()) {
                (Some(number), _) => Key::Number(number),
                (None, Some(text)) => Key::Text(text.to_lowercase()),
                (None, None) => Key::Neither,
            };
            (key, row.entry.offer.id.as_str(), i)
        })
        .collect();
    // Numbers, then text, then neither: a total order, which Rust's sort needs (it may panic
    // otherwise), whatever a column mixes.
    let class = |k: &Key| match k {
        Key::Number(_) => 0,
        Key::Text(_) => 1,
        Key::Neither => 2,
    };
    // The keys sort along with their rows' positions: a stable sort starting in row order, as
    // sorting the positions was, so the same order, but with each key read in place.
    keys.sort_by(|(x, x_id, _), (y, y_id, _)| {
        let by_column = match (x, y) {
            (Key::Number(p), Key::Number(q)) => p.total_cmp(q),
            (Key::Text(s), Key::Text(t)) => s.cmp(t),
            _ => Ordering::Equal,
        };
        let ordered = match sort.direction {
            Direction::Ascending => by_column,
            Direction::Descending => by_column.reverse(),
        };
        // The classes are never reversed: unknowns go last whichever way the column is sorted.
        class(x)
            .cmp(&class(y))
            .then(ordered)
            .then_with(|| x_id.cmp(y_id))
    });
    keys.into_iter().map(|(_, _, i)| i).collect()
}

/// The best value of a column among some rows, for highlighting; `None` when the column has
/// no better end or fewer than two rows have a value (one known value beats nothing).
pub fn best(rows: &[Row<'_>], column: Column) -> Option<f64> {
    let better = column.better()?;
    let known: Vec<f64> = rows
        .iter()
        .filter_map(|r| column.cell(r).number())
        .collect();
    if known.len() < 2 {
        return None;
    }
    let values = known.into_iter();
    match better {
        Better::Lower => values.min_by(f64::total_cmp),
        Better::Higher => values.max_by(f64::total_cmp),
    }
}
