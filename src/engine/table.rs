//! The offer table's columns: what each shows as a typed cell, how it sorts, which way is
//! better. The UI renders these cells, the export writes them as plain numbers and the
//! comparison highlights the best, so the three never disagree.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

use super::catalog::{AsOf, Confidence, Currency, Interconnect, ProviderCategory, Term};
use super::explorer::Row;
use super::pricing::Missing;
use super::workload::Fit;

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
}

impl Cell {
    /// The number a cell sorts and compares by.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Number(v) => Some(*v),
            Cell::Money { value, .. } => Some(*value),
            Cell::Date(d) => Some(d.days_since_epoch() as f64),
            Cell::Fit(fit) => accelerators_needed(fit),
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

/// Which end of a column is better, for highlighting the best offer in a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Better {
    Lower,
    Higher,
}

/// Columns of the offer table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Column {
    Provider,
    Category,
    Instance,
    Accelerator,
    Vendor,
    Architecture,
    Count,
    MemoryPerAccelerator,
    Memory,
    MemoryBandwidth,
    Bf16,
    Fp8,
    Interconnect,
    Vcpus,
    Ram,
    Regions,
    Region,
    Price,
    PricePerAccelerator,
    Confidence,
    AsOf,
    // The calculator's job on the offer.
    JobFit,
    JobInstances,
    JobTime,
    JobThroughput,
    JobCost,
    JobPerMillionTokens,
}

impl Column {
    /// Every column, in the order the table shows them: what an offer is, what it costs, then
    /// the specs, so the prices stay in view on a laptop screen.
    pub const ALL: [Column; 27] = [
        Column::Provider,
        Column::Category,
        Column::Instance,
        Column::Accelerator,
        Column::Vendor,
        Column::Architecture,
        Column::Count,
        Column::Price,
        Column::PricePerAccelerator,
        Column::JobFit,
        Column::JobInstances,
        Column::JobTime,
        Column::JobThroughput,
        Column::JobCost,
        Column::JobPerMillionTokens,
        Column::MemoryPerAccelerator,
        Column::Memory,
        Column::MemoryBandwidth,
        Column::Bf16,
        Column::Fp8,
        Column::Interconnect,
        Column::Vcpus,
        Column::Ram,
        Column::Regions,
        Column::Region,
        Column::Confidence,
        Column::AsOf,
    ];

    /// What a new visitor sees: the first screen of the catalog.
    pub const DEFAULT: [Column; 11] = [
        Column::Provider,
        Column::Instance,
        Column::Accelerator,
        Column::Count,
        Column::Price,
        Column::PricePerAccelerator,
        Column::Memory,
        Column::Vcpus,
        Column::Ram,
        Column::Regions,
        Column::AsOf,
    ];

    /// The calculator's columns, shown while a job is set.
    pub const JOB: [Column; 6] = [
        Column::JobFit,
        Column::JobInstances,
        Column::JobTime,
        Column::JobThroughput,
        Column::JobCost,
        Column::JobPerMillionTokens,
    ];

    pub fn is_job(self) -> bool {
        Column::JOB.contains(&self)
    }

    /// Whether a job column says something for this kind of job: wall time for training,
    /// throughput and price per token for serving.
    pub fn fits_job(self, serving: bool) -> bool {
        match self {
            Column::JobTime => !serving,
            Column::JobThroughput | Column::JobPerMillionTokens => serving,
            _ => true,
        }
    }

    /// A stable key for URLs, tests and CSS.
    pub fn key(self) -> &'static str {
        match self {
            Column::Provider => "provider",
            Column::Category => "category",
            Column::Instance => "instance",
            Column::Accelerator => "accelerator",
            Column::Vendor => "vendor",
            Column::Architecture => "architecture",
            Column::Count => "count",
            Column::MemoryPerAccelerator => "memory-per-accelerator",
            Column::Memory => "memory",
            Column::MemoryBandwidth => "bandwidth",
            Column::Bf16 => "bf16",
            Column::Fp8 => "fp8",
            Column::Interconnect => "interconnect",
            Column::Vcpus => "vcpus",
            Column::Ram => "ram",
            Column::Regions => "regions",
            Column::Region => "region",
            Column::Price => "price",
            Column::PricePerAccelerator => "price-per-accelerator",
            Column::Confidence => "confidence",
            Column::AsOf => "as-of",
            Column::JobFit => "job-fit",
            Column::JobInstances => "job-instances",
            Column::JobTime => "job-time",
            Column::JobThroughput => "job-throughput",
            Column::JobCost => "job-cost",
            Column::JobPerMillionTokens => "job-per-mtok",
        }
    }

    pub fn from_key(key: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.key() == key)
    }

    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            Column::Provider
                | Column::Category
                | Column::Instance
                | Column::Accelerator
                | Column::Vendor
                | Column::Architecture
                | Column::Interconnect
                | Column::Region
        )
    }

    /// Which way is better, for columns where one is.
    pub fn better(self) -> Option<Better> {
        match self {
            Column::Price
            | Column::PricePerAccelerator
            | Column::JobFit
            | Column::JobInstances
            | Column::JobTime
            | Column::JobCost
            | Column::JobPerMillionTokens => Some(Better::Lower),
            Column::Count
            | Column::MemoryPerAccelerator
            | Column::Memory
            | Column::MemoryBandwidth
            | Column::Bf16
            | Column::Fp8
            | Column::Vcpus
            | Column::Ram
            | Column::Regions
            | Column::Confidence
            | Column::AsOf
            | Column::JobThroughput => Some(Better::Higher),
            _ => None,
        }
    }

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
            Column::JobTime => number(row.job.as_ref().and_then(|j| j.wall_hours)),
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    Ascending,
    Descending,
}

/// A sort order: a column and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sort {
    pub column: Column,
    pub direction: Direction,
}

impl Sort {
    /// Clicking a column sorts by it, starting from its better end (cheapest price, most
    /// memory); clicking it again reverses.
    pub fn toggled(self, column: Column) -> Sort {
        if self.column == column {
            let direction = match self.direction {
                Direction::Ascending => Direction::Descending,
                Direction::Descending => Direction::Ascending,
            };
            return Sort { column, direction };
        }
        let direction = match column.better() {
            Some(Better::Higher) => Direction::Descending,
            _ => Direction::Ascending,
        };
        Sort { column, direction }
    }
}

impl Default for Sort {
    fn default() -> Sort {
        Sort {
            column: Column::PricePerAccelerator,
            direction: Direction::Ascending,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bench::multiplied;
    use crate::engine::bundled;
    use crate::engine::explorer::Explorer;
    use crate::engine::fx::Fx;
    use crate::engine::pricing::Rates;
    use crate::engine::view::state::ViewState;
    use crate::engine::workload::Preset;

    /// `sort_order` as it was, reading cells and lowercasing text in every comparison.
    fn sort_order_before(rows: &[Row<'_>], sort: Sort) -> Vec<usize> {
        let keys: Vec<Cell> = rows.iter().map(|r| sort.column.cell(r)).collect();
        let class = |c: &Cell| match (c.number(), c.text()) {
            (Some(_), _) => 0,
            (None, Some(_)) => 1,
            (None, None) => 2,
        };
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&keys[a], &keys[b]);
            let by_column = match (x.number(), y.number(), x.text(), y.text()) {
                (Some(p), Some(q), _, _) => p.total_cmp(&q),
                (None, None, Some(s), Some(t)) => s.to_lowercase().cmp(&t.to_lowercase()),
                _ => Ordering::Equal,
            };
            let ordered = match sort.direction {
                Direction::Ascending => by_column,
                Direction::Descending => by_column.reverse(),
            };
            class(x)
                .cmp(&class(y))
                .then(ordered)
                .then_with(|| rows[a].entry.offer.id.cmp(&rows[b].entry.offer.id))
        });
        order
    }

    #[test]
    fn every_column_sorts_as_it_did_when_each_comparison_read_the_cells() {
        // Copies of every offer, so each column has many ties for the offer id to break.
        let catalog = multiplied(&bundled::catalog().unwrap(), 2_000);
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        for job in [None, Some(Preset::LoraFineTune7b.job())] {
            let state = ViewState {
                job,
                ..ViewState::default()
            };
            let rows = explorer.price(&state, &rates).rows;
            for column in Column::ALL {
                for direction in [Direction::Ascending, Direction::Descending] {
                    let sort = Sort { column, direction };
                    assert_eq!(
                        sort_order(&rows, sort),
                        sort_order_before(&rows, sort),
                        "{sort:?}"
                    );
                }
            }
        }
    }
}
