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
    /// Where the price per accelerator stands among the same variant's offers in view.
    MarketPlace,
    Confidence,
    AsOf,
    /// What a live source reported beyond the price: the spot interruption band, capacity
    /// reported available.
    Live,
    // The calculator's job on the offer.
    JobFit,
    JobInstances,
    JobTime,
    JobThroughput,
    JobCost,
    JobPerMillionTokens,
}

impl Column {
    /// Every column, in the order the table shows them: who sells what accelerator at what
    /// price first, then the instance's name and the specs. A phone shows about four columns
    /// before the first sideways scroll: provider and accelerator (held in place on a phone,
    /// see style/main.css) and the price per accelerator beside them, so the price never
    /// loses its owner.
    pub const ALL: [Column; 29] = [
        Column::Provider,
        Column::Category,
        Column::Accelerator,
        Column::PricePerAccelerator,
        Column::MarketPlace,
        Column::Count,
        Column::Price,
        Column::Instance,
        Column::Vendor,
        Column::Architecture,
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
        Column::Live,
    ];

    /// What a new visitor sees: the first screen of the catalog, which fits a 1440 px screen
    /// whole, the price's date (the trust mark) included. vCPUs and RAM are not in it: the
    /// catalog does not know them for about half the offers, and they describe the host, not
    /// the accelerator being compared (the Columns menu adds them).
    pub const DEFAULT: [Column; 9] = [
        Column::Provider,
        Column::Accelerator,
        Column::PricePerAccelerator,
        Column::Count,
        Column::Price,
        Column::Instance,
        Column::Memory,
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

    /// Where the column goes in the table: the order of [`Column::ALL`], except that while a
    /// job is set its columns and the price's date come right after the price per accelerator
    /// (and the place in the market), the instance's own price, count and specs after them.
    /// At 1440 px the job's answer and the date then stay in sight beside the provider and
    /// the accelerator, even sorted by the job's cost.
    pub fn place(self, job: bool) -> usize {
        let at = |c: Column| {
            Column::ALL
                .iter()
                .position(|a| *a == c)
                .unwrap_or(usize::MAX)
        };
        if !job {
            return at(self);
        }
        let lead = at(Column::MarketPlace);
        if let Some(i) = Column::JOB.iter().position(|c| *c == self) {
            lead + 1 + i
        } else if self == Column::AsOf {
            lead + 1 + Column::JOB.len()
        } else if at(self) <= lead {
            at(self)
        } else {
            at(self) + Column::JOB.len() + 1
        }
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
            Column::MarketPlace => "market-place",
            Column::Confidence => "confidence",
            Column::AsOf => "as-of",
            Column::Live => "live",
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
                | Column::Live
        )
    }

    /// Which way is better, for columns where one is.
    pub fn better(self) -> Option<Better> {
        match self {
            Column::Price
            | Column::PricePerAccelerator
            | Column::MarketPlace
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

/// Which offers lead the table before the sort column orders it.
///
/// Most visitors come to compare data-centre accelerators; sorted by price alone, the table
/// opened on free 2021 workstation cards. So the first screen puts data-centre (HBM)
/// accelerators first and says so above the table; a click on a column header sorts by that
/// column alone ([`ViewState::sort_by`](crate::view::state::ViewState::sort_by)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lead {
    /// Accelerators with HBM memory (the data-centre parts: H100, A100, MI300X, TPU, Gaudi,
    /// V100…) before the rest; each group in the sort column's order.
    #[default]
    DataCentre,
    /// The sort column alone.
    None,
}

impl Lead {
    /// The lead that goes with a sort: the first screen's with the first screen's sort, none
    /// once a header was clicked ([`ViewState::sort_by`](crate::view::state::ViewState::sort_by)).
    /// Links write `lead` only when it differs, so a version 1 link that sorted by a column
    /// still sorts by that column alone.
    pub fn implied(sorted_by_hand: bool) -> Lead {
        if sorted_by_hand {
            Lead::None
        } else {
            Lead::DataCentre
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
