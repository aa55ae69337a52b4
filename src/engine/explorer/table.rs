//! The offer table's columns: what each shows as a typed cell, how it sorts, which way is
//! better. The UI renders these cells, the export writes them as plain numbers and the
//! comparison highlights the best, so the three never disagree.

use std::cmp::Ordering;

use super::competition::Competition;
use super::entry::Entry;
use super::row::Row;
use super::standing::Standing;
use crate::pricing::Missing;
use crate::view::columns::{Better, Column, Direction, Lead, Sort};
use catalog::fabric::{inside_link, Basis};
use catalog::{
    Accelerator, AsOf, Confidence, Currency, FormFactor, Interconnect, Live, Offer,
    ProviderCategory, Term,
};
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
    /// Where a price stands in its market.
    Place(Standing),
    /// What a live source reported beyond the price (at least one fact).
    Live(Live),
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
            Cell::Place(standing) => standing.share_below(),
            // Sorts by how often spot capacity is taken back, least first.
            Cell::Live(live) => live.interruption.as_ref().map(|i| i.band.monthly_share()),
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
            // Never another precision under the BF16 label: a part without BF16 (V100) shows
            // its FP16 figure as text that says FP16, which sorts after every BF16 number and
            // is never "best" among them.
            Column::Bf16 => match specs.map(|s| (s.bf16_tflops, s.fp16_tflops)) {
                Some((Some(bf16), _)) => Cell::Number(bf16),
                Some((None, Some(fp16))) => {
                    Cell::Text(format!("{} TFLOPS FP16", catalog::format::quantity(fp16)))
                }
                _ => Cell::Unknown(None),
            },
            Column::Fp8 => number(specs.and_then(|s| s.fp8_tflops)),
            Column::Interconnect => text(interconnect_text(offer, accelerator)),
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
            Column::MarketPlace => row.place.map_or(Cell::Unknown(None), Cell::Place),
            Column::Confidence => quote.map_or(Cell::Unknown(None), |q| {
                Cell::Number(match q.confidence {
                    Confidence::Low => 1.0,
                    Confidence::Medium => 2.0,
                    Confidence::High => 3.0,
                })
            }),
            Column::AsOf => quote.map_or(Cell::Unknown(None), |q| Cell::Date(q.as_of)),
            Column::Live => quote
                .and_then(|q| {
                    offer
                        .prices
                        .iter()
                        .find(|p| p.term == q.term && p.region == q.region)
                })
                .filter(|p| !p.live.is_empty())
                .map_or(Cell::Unknown(None), |p| Cell::Live(p.live.clone())),
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

/// The link inside an instance as the table and detail write it: its key, and "(SXM)" when the
/// offer does not state it and the form factor implies it.
pub fn interconnect_text(offer: &Offer, accelerator: Option<&Accelerator>) -> Option<String> {
    let inside = inside_link(offer, accelerator)?;
    let key = interconnect_key(inside.link);
    Some(match inside.basis {
        Basis::Stated => key.to_string(),
        Basis::FormFactor => format!("{key} (SXM)"),
    })
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

/// Whether an offer's accelerator is a data-centre part, the group [`Lead::DataCentre`] puts
/// first: HBM memory, or a board that only exists with it (SXM, OAM, NVL, TPU, the chip
/// maker's own module). An unknown accelerator is not one.
pub fn is_data_centre(entry: &Entry<'_>) -> bool {
    entry.accelerator.is_some_and(is_data_centre_part)
}

/// Whether an accelerator is a data-centre part (see [`is_data_centre`]).
pub fn is_data_centre_part(a: &Accelerator) -> bool {
    a.memory_type
        .as_deref()
        .is_some_and(|m| m.to_ascii_uppercase().starts_with("HBM"))
        || matches!(
            a.form_factor,
            FormFactor::Sxm
                | FormFactor::Oam
                | FormFactor::Nvl
                | FormFactor::Tpu
                | FormFactor::Module
        )
}

/// The order to show `rows` in by `sort` alone; see [`sort_order_led`].
pub fn sort_order(rows: &[Row<'_>], sort: Sort) -> Vec<usize> {
    sort_order_led(rows, sort, Lead::None, Competition::everyone())
}

/// The order to show `rows` in: the `lead` group first, then, within each group, numbers as
/// numbers, text case-insensitively, unknowns always last, and ties broken by offer id so the
/// same inputs always give the same order. Under the first screen's lead, prices that do not
/// compete (old ones, see [`Competition`]) follow all that do: the first rows answer
/// "cheapest"; a column sorted by hand orders by that column alone.
pub fn sort_order_led(
    rows: &[Row<'_>],
    sort: Sort,
    lead: Lead,
    competition: Competition,
) -> Vec<usize> {
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
    let mut keys: Vec<(u8, Key, &str, usize)> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let cell = sort.column.cell(row);
            let key = match (cell.number(), cell.text()) {
                (Some(number), _) => Key::Number(number),
                (None, Some(text)) => Key::Text(text.to_lowercase()),
                (None, None) => Key::Neither,
            };
            let group = match lead {
                Lead::DataCentre if row.quote.as_ref().is_some_and(|q| !competition.admits(q)) => 2,
                Lead::DataCentre if is_data_centre(row.entry) => 0,
                Lead::DataCentre => 1,
                Lead::None => 0,
            };
            (group, key, row.entry.offer.id.as_str(), i)
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
    keys.sort_by(|(x_group, x, x_id, _), (y_group, y, y_id, _)| {
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
        x_group
            .cmp(y_group)
            .then(class(x).cmp(&class(y)))
            .then(ordered)
            .then_with(|| x_id.cmp(y_id))
    });
    keys.into_iter().map(|(_, _, _, i)| i).collect()
}

/// The best of a column's values (one per compared row, `None` where unknown), for
/// highlighting; `None` when the column has no better end or fewer than two values are known
/// (one known value beats nothing).
pub fn best(values: &[Option<f64>], column: Column) -> Option<f64> {
    let better = column.better()?;
    let known: Vec<f64> = values.iter().flatten().copied().collect();
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
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;

    fn today() -> AsOf {
        AsOf::day(2026, 11, 30)
    }

    #[test]
    fn the_first_screen_leads_with_data_centre_accelerators_by_price_per_accelerator() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState::default();
        let rows = explorer.show(&state, &rates, &today()).rows;
        let first_screen = &rows[..40];
        for row in first_screen {
            assert!(is_data_centre(row.entry), "{}", row.entry.offer.id);
            assert_ne!(
                row.quote.as_ref().map(|q| q.term),
                Some(Term::Free),
                "{}",
                row.entry.offer.id
            );
        }
        // Within the group, by price per accelerator, cheapest first.
        let prices: Vec<f64> = first_screen
            .iter()
            .filter_map(|r| Column::PricePerAccelerator.cell(r).number())
            .collect();
        assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
        // The whole group comes first, then the rest, then every price past the "old" mark
        // (counted here the plain way: more than 18 calendar months before the build day).
        let old = |r: &Row<'_>| r.quote.as_ref().unwrap().as_of.months_until(&today()) > 18;
        let groups: Vec<u8> = rows
            .iter()
            .map(|r| match (old(r), is_data_centre(r.entry)) {
                (true, _) => 2,
                (false, true) => 0,
                (false, false) => 1,
            })
            .collect();
        assert!(groups.windows(2).all(|w| w[0] <= w[1]));
        assert!(groups.contains(&2), "some price is old: the rule is tried");
        assert!(first_screen.iter().all(|r| !old(r)));
        // Letting old prices compete puts them back in their groups.
        let with_old = ViewState {
            old_prices: true,
            ..state.clone()
        };
        let rows = explorer.show(&with_old, &rates, &today()).rows;
        let split = rows.iter().position(|r| !is_data_centre(r.entry)).unwrap();
        assert!(rows[split..].iter().all(|r| !is_data_centre(r.entry)));
        // A header click sorts by that column alone again: free tiers first.
        let mut alone = state.clone();
        alone.sort_by(Column::PricePerAccelerator);
        assert_eq!(alone.sort, state.sort, "the direction shown stays");
        let rows = explorer.show(&alone, &rates, &today()).rows;
        assert_eq!(rows[0].quote.as_ref().map(|q| q.term), Some(Term::Free));
    }

    #[test]
    fn the_data_centre_group_holds_the_hbm_parts_and_not_the_workstation_cards() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let group = |id: &str| {
            explorer
                .entries
                .iter()
                .find(|e| e.accelerator.is_some_and(|a| a.id == id))
                .map(is_data_centre)
        };
        for id in [
            "h100-sxm5-80gb",
            "h100-pcie-80gb",
            "a100-80gb",
            "v100-16gb",
            "mi300x-192gb",
        ] {
            assert_eq!(group(id), Some(true), "{id}");
        }
        for id in ["m4000-8gb", "rtx-4090-24gb", "l4-24gb", "t4-16gb"] {
            assert_eq!(group(id), Some(false), "{id}");
        }
    }

    #[test]
    fn bf16_never_shows_another_precision_under_its_label() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let rows = explorer.show(&ViewState::default(), &rates, &today()).rows;
        let v100 = rows
            .iter()
            .find(|r| {
                r.entry
                    .accelerator
                    .is_some_and(|a| a.model == "V100" && a.specs.fp16_tflops.is_some())
            })
            .expect("a V100 offer with its FP16 figure");
        let specs = &v100.entry.accelerator.unwrap().specs;
        assert_eq!(specs.bf16_tflops, None, "the V100 has no BF16");
        match Column::Bf16.cell(v100) {
            Cell::Text(text) => assert!(text.ends_with("TFLOPS FP16"), "{text}"),
            other => panic!("a V100 shows {other:?} under BF16"),
        }
        assert_eq!(
            Column::Bf16.cell(v100).number(),
            None,
            "never the best BF16"
        );
    }
}
