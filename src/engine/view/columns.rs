//! The offer table's columns as choices: which exist, which show by default, their link keys,
//! which way each is better and how the table is sorted. What a column shows for a row
//! (`Column::cell`) belongs to the explorer, which has the rows.

use serde::{Deserialize, Serialize};

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
