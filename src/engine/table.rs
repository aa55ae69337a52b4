//! The catalog table: one row per offer, and sorting by any column.
//!
//! An offer is sold in several regions at different prices; a row shows the lowest on-demand
//! price among them (SkyPilot shows the cheapest region too), with that region named, so a
//! row never mixes a price from one region with a date from another. An offer that is only
//! given away (a free tier) shows its free price, so it reads "free", not "unknown".

use std::cmp::Ordering;

use super::catalog::{
    Accelerator, AsOf, Catalog, Confidence, Currency, Offer, Provider, Source, Term,
};
use super::fx::Fx;

/// The price a row shows, with everything needed to trust it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownPrice {
    /// On-demand, or free for a free tier.
    pub term: Term,
    pub currency: Currency,
    pub per_hour: f64,
    /// Upper end when the source gives a range.
    pub per_hour_high: Option<f64>,
    /// `None` for CPU-only offers.
    pub per_accelerator_hour: Option<f64>,
    /// The same per-hour price in USD at the reference rate: the sort key across currencies.
    pub per_hour_usd: Option<f64>,
    pub region: String,
    pub as_of: AsOf,
    pub confidence: Confidence,
    pub source_title: String,
    pub source_url: String,
}

/// One line of the catalog table.
#[derive(Debug, Clone)]
pub struct OfferRow<'a> {
    pub offer: &'a Offer,
    pub provider: &'a Provider,
    pub accelerator: Option<&'a Accelerator>,
    /// Accelerator memory of the whole instance, in GB.
    pub memory_gb: Option<f64>,
    pub region_count: usize,
    pub on_demand: Option<ShownPrice>,
    /// Where the offer's specs come from, when no price names a source.
    pub offer_source: Option<&'a Source>,
}

impl OfferRow<'_> {
    /// The page a user opens to check this row: the shown price's source, else the offer's.
    pub fn source_url(&self) -> Option<&str> {
        self.on_demand
            .as_ref()
            .map(|p| p.source_url.as_str())
            .or(self.offer_source.map(|s| s.url.as_str()))
    }
}

/// Builds a row per offer, in catalog order.
pub fn rows<'a>(catalog: &'a Catalog, fx: &Fx) -> Vec<OfferRow<'a>> {
    catalog
        .offers
        .iter()
        .filter_map(|offer| {
            let provider = catalog.providers.iter().find(|p| p.id == offer.provider)?;
            let accelerator = offer
                .accelerator
                .as_deref()
                .and_then(|id| catalog.accelerators.iter().find(|a| a.id == id));
            let memory_gb = accelerator
                .and_then(|a| a.specs.memory_gb)
                .map(|gb| gb * offer.count);
            let mut regions: Vec<&str> = offer.prices.iter().map(|p| p.region.as_str()).collect();
            regions.sort_unstable();
            regions.dedup();
            Some(OfferRow {
                offer,
                provider,
                accelerator,
                memory_gb,
                region_count: regions.len(),
                on_demand: cheapest(offer, provider, fx, Term::OnDemand)
                    .or_else(|| cheapest(offer, provider, fx, Term::Free)),
                offer_source: provider.source(&offer.source),
            })
        })
        .collect()
}

fn cheapest(offer: &Offer, provider: &Provider, fx: &Fx, term: Term) -> Option<ShownPrice> {
    offer
        .prices
        .iter()
        .filter(|p| p.term == term)
        .filter_map(|p| {
            let per_hour = p.per_instance_hour(offer.count)?;
            // The range's upper end scales exactly like the price itself.
            let high = p
                .amount_high
                .map(|high| per_hour * high / p.amount.unwrap_or(high));
            let source = provider.source(&p.source);
            Some(ShownPrice {
                term: p.term,
                currency: p.currency,
                per_hour,
                per_hour_high: high,
                per_accelerator_hour: (offer.count > 0.0).then(|| per_hour / offer.count),
                per_hour_usd: fx.convert(per_hour, p.currency, Currency::Usd),
                region: p.region.clone(),
                as_of: p.as_of,
                confidence: p.confidence,
                source_title: source.map(|s| s.title.clone()).unwrap_or_default(),
                source_url: source.map(|s| s.url.clone()).unwrap_or_default(),
            })
        })
        .min_by(|a, b| {
            cmp_known(a.per_hour_usd, b.per_hour_usd).then_with(|| a.region.cmp(&b.region))
        })
}

/// Columns of the catalog table, in display order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    Provider,
    Instance,
    Accelerator,
    Count,
    Memory,
    Vcpus,
    Ram,
    Regions,
    PricePerHour,
    PricePerAcceleratorHour,
    AsOf,
}

impl Column {
    pub const ALL: [Column; 11] = [
        Column::Provider,
        Column::Instance,
        Column::Accelerator,
        Column::Count,
        Column::Memory,
        Column::Vcpus,
        Column::Ram,
        Column::Regions,
        Column::PricePerHour,
        Column::PricePerAcceleratorHour,
        Column::AsOf,
    ];

    /// A stable key for tests, URLs and CSS.
    pub fn key(self) -> &'static str {
        match self {
            Column::Provider => "provider",
            Column::Instance => "instance",
            Column::Accelerator => "accelerator",
            Column::Count => "count",
            Column::Memory => "memory",
            Column::Vcpus => "vcpus",
            Column::Ram => "ram",
            Column::Regions => "regions",
            Column::PricePerHour => "price",
            Column::PricePerAcceleratorHour => "price-per-accelerator",
            Column::AsOf => "as-of",
        }
    }

    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            Column::Provider | Column::Instance | Column::Accelerator
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

/// A sort order: a column and a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: Column,
    pub direction: Direction,
}

impl Sort {
    /// Clicking a column sorts by it; clicking it again reverses. Numbers start with the
    /// smallest (cheapest), except memory and counts where bigger is what people look for.
    pub fn toggled(self, column: Column) -> Sort {
        if self.column == column {
            let direction = match self.direction {
                Direction::Ascending => Direction::Descending,
                Direction::Descending => Direction::Ascending,
            };
            return Sort { column, direction };
        }
        let direction = match column {
            Column::Count | Column::Memory | Column::Vcpus | Column::Ram | Column::Regions => {
                Direction::Descending
            }
            Column::AsOf => Direction::Descending,
            _ => Direction::Ascending,
        };
        Sort { column, direction }
    }
}

impl Default for Sort {
    fn default() -> Sort {
        Sort {
            column: Column::PricePerAcceleratorHour,
            direction: Direction::Ascending,
        }
    }
}

/// The order to show `rows` in: numbers as numbers, text case-insensitively, unknowns always
/// last, and ties broken by offer id so the same inputs always give the same order.
pub fn sort_order(rows: &[OfferRow<'_>], sort: Sort) -> Vec<usize> {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| compare(&rows[a], &rows[b], sort));
    order
}

fn compare(a: &OfferRow<'_>, b: &OfferRow<'_>, sort: Sort) -> Ordering {
    let by_column = match sort.column {
        Column::Provider => text(&a.provider.name, &b.provider.name),
        Column::Instance => text(&a.offer.instance, &b.offer.instance),
        Column::Accelerator => match (a.accelerator, b.accelerator) {
            (Some(x), Some(y)) => text(&x.label(), &y.label()),
            (x, y) => return unknown_last(x.is_some(), y.is_some(), a, b),
        },
        column => match (number(a, column), number(b, column)) {
            (Some(x), Some(y)) => x.total_cmp(&y),
            (x, y) => return unknown_last(x.is_some(), y.is_some(), a, b),
        },
    };
    let ordered = match sort.direction {
        Direction::Ascending => by_column,
        Direction::Descending => by_column.reverse(),
    };
    ordered.then_with(|| a.offer.id.cmp(&b.offer.id))
}

/// Unknowns go last whichever way the column is sorted.
fn unknown_last(a_known: bool, b_known: bool, a: &OfferRow<'_>, b: &OfferRow<'_>) -> Ordering {
    b_known
        .cmp(&a_known)
        .then_with(|| a.offer.id.cmp(&b.offer.id))
}

fn number(row: &OfferRow<'_>, column: Column) -> Option<f64> {
    let price = row.on_demand.as_ref();
    match column {
        Column::Count => row.accelerator.map(|_| row.offer.count),
        Column::Memory => row.memory_gb,
        Column::Vcpus => row.offer.vcpus,
        Column::Ram => row.offer.ram_gb,
        Column::Regions => Some(row.region_count as f64),
        Column::PricePerHour => price.and_then(|p| p.per_hour_usd),
        Column::PricePerAcceleratorHour => price
            .and_then(|p| p.per_hour_usd)
            .filter(|_| row.offer.count > 0.0)
            .map(|usd| usd / row.offer.count),
        Column::AsOf => price.map(|p| p.as_of.days_since_epoch() as f64),
        Column::Provider | Column::Instance | Column::Accelerator => None,
    }
}

fn text(a: &str, b: &str) -> Ordering {
    a.to_lowercase().cmp(&b.to_lowercase())
}

/// Orders two known numbers; `None` sorts after any number.
fn cmp_known(a: Option<f64>, b: Option<f64>) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}
