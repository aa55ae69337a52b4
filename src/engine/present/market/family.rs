//! A family's line in the market, above its variants: "H100: from $1.38 (PCIe 80GB)". One
//! question ("what does an H100 cost?") gets one line; the variants stay beneath for the
//! reader who cares which board or memory.
//!
//! Variants whose board is not stated ("80GB (form factor not stated)") are folded under the
//! family with their count, as long as the family has a variant of stated board: they are
//! still part of its cheapest and its spread (an unstated board is still an H100), only not
//! listed as if they were a variant of their own. A family of unstated variants only shows
//! them, since they are all it has.

use std::collections::BTreeSet;

use super::spread::Spread;
use super::today::Family;
use super::{MarketRow, Pick};
use catalog::FormFactor;

/// What a family of variants costs, over all its variants' rows in the view.
#[derive(Debug, Clone)]
pub struct FamilyLine<'a> {
    /// "NVIDIA H100".
    pub name: String,
    pub variants: usize,
    /// The cheapest on-demand price per accelerator of any variant; the pick's row names
    /// the variant.
    pub cheapest: Option<Pick<'a>>,
    /// Over every variant's known on-demand prices.
    pub spread: Option<Spread>,
    pub spot: Option<Pick<'a>>,
    pub committed: Option<Pick<'a>>,
    pub providers: usize,
    pub offers: usize,
    pub unknown: usize,
    pub older: usize,
    /// Variants folded under the family (board not stated), and their offers.
    pub folded: usize,
    pub folded_offers: usize,
}

/// Whether `row` is folded under its family (see the module's rule); `family`: the rows of
/// its family.
pub fn folds(row: &MarketRow<'_>, family: &[MarketRow<'_>]) -> bool {
    let unstated = |r: &MarketRow<'_>| r.accelerator.form_factor == FormFactor::Unspecified;
    unstated(row) && family.iter().any(|r| !unstated(r))
}

/// The cheapest of some picks; ties go to the offer id first, as the table breaks them.
fn cheapest_of<'a, 'p>(picks: impl Iterator<Item = &'p Pick<'a>>) -> Option<Pick<'a>>
where
    'a: 'p,
{
    picks
        .min_by(|a, b| {
            a.per_accelerator
                .total_cmp(&b.per_accelerator)
                .then_with(|| a.row.entry.offer.id.cmp(&b.row.entry.offer.id))
        })
        .cloned()
}

/// The line of one family; `rows`: its variants' rows (non-empty, one family).
pub fn family_line<'a>(rows: &[MarketRow<'a>]) -> FamilyLine<'a> {
    let sellers: BTreeSet<&str> = rows
        .iter()
        .flat_map(|r| r.sellers.iter().copied())
        .collect();
    let folded: Vec<&MarketRow<'a>> = rows.iter().filter(|r| folds(r, rows)).collect();
    FamilyLine {
        name: rows.first().map(MarketRow::family).unwrap_or_default(),
        variants: rows.len(),
        cheapest: cheapest_of(rows.iter().filter_map(|r| r.cheapest.as_ref())),
        spread: Spread::of(rows.iter().flat_map(|r| r.prices.iter().copied())),
        spot: cheapest_of(rows.iter().filter_map(|r| r.spot.as_ref())),
        committed: cheapest_of(rows.iter().filter_map(|r| r.committed.as_ref())),
        providers: sellers.len(),
        offers: rows.iter().map(|r| r.offers).sum(),
        unknown: rows.iter().map(|r| r.unknown).sum(),
        older: rows.iter().map(|r| r.older).sum(),
        folded: folded.len(),
        folded_offers: folded.iter().map(|r| r.offers + r.unknown + r.older).sum(),
    }
}

/// The market's rows cut into families, in the market's order (rows of a family are
/// adjacent there).
pub fn families<'r, 'a>(rows: &'r [MarketRow<'a>]) -> Vec<&'r [MarketRow<'a>]> {
    rows.chunk_by(|a, b| Family::of(a.accelerator) == Family::of(b.accelerator))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;

    #[test]
    fn a_family_line_is_the_cheapest_and_the_spread_over_all_its_variants() {
        let catalog = bundled::catalog().unwrap();
        let today = bundled::built_on();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let rows = super::super::market(&explorer, &ViewState::default(), &rates, &today);
        let groups = families(&rows);
        // Every row is in exactly one group, and a group is one family.
        assert_eq!(groups.iter().map(|g| g.len()).sum::<usize>(), rows.len());
        assert!(groups
            .iter()
            .all(|g| g.iter().all(|r| r.family() == g[0].family())));
        let h100 = groups
            .iter()
            .find(|g| g[0].family() == "NVIDIA H100")
            .unwrap();
        let line = family_line(h100);
        // The plain reading: the lowest of the variants' cheapest prices, the median of all
        // their prices, each seller once.
        let lowest = h100
            .iter()
            .filter_map(|r| r.cheapest.as_ref().map(|p| p.per_accelerator))
            .fold(f64::INFINITY, f64::min);
        assert_eq!(line.cheapest.as_ref().unwrap().per_accelerator, lowest);
        let mut all: Vec<f64> = h100.iter().flat_map(|r| r.prices.clone()).collect();
        all.sort_by(f64::total_cmp);
        assert_eq!(line.spread.unwrap().count, all.len());
        assert_eq!(line.offers, all.len());
        let sellers: BTreeSet<&str> = h100.iter().flat_map(|r| r.sellers.clone()).collect();
        assert_eq!(line.providers, sellers.len());
        // Unstated boards fold under it; the SXM and PCIe variants do not.
        assert!(line.folded >= 1);
        for row in h100.iter() {
            assert_eq!(
                folds(row, h100),
                row.accelerator.form_factor == FormFactor::Unspecified,
                "{}",
                row.accelerator.id
            );
        }
        // A family of unstated variants only (the H800) folds nothing.
        if let Some(h800) = groups.iter().find(|g| g[0].family() == "NVIDIA H800") {
            assert!(h800.iter().all(|r| !folds(r, h800)));
        }
    }
}
