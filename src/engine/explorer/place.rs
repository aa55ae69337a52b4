//! A price's place in its market: where an offer's price per accelerator stands among the same
//! variant's offers the view keeps, in the same term.
//!
//! The market of a row is every catalog offer of its accelerator variant that the view's
//! filters keep, priced in the same term (the search text and "fits only" aside, as the detail and the market view
//! count it). The user's own offers are placed against that market but are not part of it:
//! a quote is not a market price. A place depends on which offers the filters keep, so the
//! filter stage sets it ([`super::Priced::shown_placed`]), and only when a visible column or
//! the sort asks for it.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::competition::Competition;
use super::custom;
use super::row::Row;
use super::standing::Standing;
use crate::view::columns::{Column, Lead, Sort};
use crate::view::state::ViewState;
use catalog::{AsOf, Term};

/// What the filter stage must do about places: set them on the rows it keeps, and sort the
/// kept rows on them (with the view's lead group first), since the order stage before it
/// cannot know them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PlaceNeed {
    pub set: bool,
    pub sort: Option<(Sort, Lead)>,
    /// Which prices make up a market (old ones do not, unless the view lets them).
    pub competition: Competition,
}

impl PlaceNeed {
    /// Places are needed when the place column is visible or sorted on.
    pub fn of(state: &ViewState, today: &AsOf) -> PlaceNeed {
        let sorted = state.sort.column == Column::MarketPlace;
        PlaceNeed {
            set: sorted || state.columns.contains(&Column::MarketPlace),
            sort: sorted.then_some((state.sort, state.lead)),
            competition: Competition::of(state, today),
        }
    }
}

/// Each market's known prices per accelerator, sorted, keyed by variant and term.
struct Markets<'a> {
    prices: HashMap<(&'a str, Term), Vec<f64>>,
}

impl<'a> Markets<'a> {
    fn of<'r>(market: impl Iterator<Item = &'r Row<'a>>) -> Markets<'a>
    where
        'a: 'r,
    {
        let mut prices: HashMap<(&'a str, Term), Vec<f64>> = HashMap::new();
        for row in market.filter(|r| r.entry.provider.id != custom::PROVIDER_ID) {
            if let Some((key, price)) = key_and_price(row) {
                prices.entry(key).or_default().push(price);
            }
        }
        for list in prices.values_mut() {
            list.sort_by(f64::total_cmp);
        }
        Markets { prices }
    }

    /// Where `row` stands in its market, itself left out when it belongs to it (`member`:
    /// a catalog offer whose price competes; an own offer or an old price is placed among
    /// the market without being part of it).
    fn standing(&self, row: &Row<'a>, member: bool) -> Option<Standing> {
        let (key, price) = key_and_price(row)?;
        let list = self.prices.get(&key).map_or(&[][..], Vec::as_slice);
        let cheaper = list.partition_point(|p| p.total_cmp(&price) == Ordering::Less);
        let not_dearer = list.partition_point(|p| p.total_cmp(&price) != Ordering::Greater);
        let own = usize::from(
            member && row.entry.provider.id != custom::PROVIDER_ID && not_dearer > cheaper,
        );
        Some(Standing {
            cheaper,
            equal: not_dearer - cheaper - own,
            dearer: list.len() - not_dearer,
        })
    }
}

/// A row's market key (its variant and quoted term) and known price per accelerator.
fn key_and_price<'a>(row: &Row<'a>) -> Option<((&'a str, Term), f64)> {
    let accelerator = row.entry.accelerator?;
    let quote = row.quote.as_ref()?;
    let price = quote.per_accelerator.filter(|p| p.is_finite())?;
    Some(((accelerator.id.as_str(), quote.term), price))
}

/// Sets the place of each of `rows` among `market` (the rows the filters keep whose prices
/// `competition` admits).
pub(crate) fn place<'a, 'r>(
    rows: &mut [Row<'a>],
    market: impl Iterator<Item = &'r Row<'a>>,
    competition: Competition,
) where
    'a: 'r,
{
    let markets = Markets::of(market);
    for row in rows {
        let member = row.quote.as_ref().is_some_and(|q| competition.admits(q));
        row.place = markets.standing(row, member);
    }
}
