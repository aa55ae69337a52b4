//! Today's market in a few lines, for the landing: for the accelerators people ask about, the
//! cheapest current on-demand price per accelerator, who sells it, where and how old it is,
//! and the median — the answer a visitor came for, before any table.
//!
//! The set is chosen from the catalog, not typed: the families the most providers sell on
//! demand at a current price (server parts, then the most sold consumer card and the most
//! sold TPU, so a student's and a TPU user's question are answered too). A family splits
//! into SXM and PCIe lines when the view has current prices for both, since the board changes the answer;
//! variants of unstated board then stay out of both lines rather than be guessed into one.
//! The lines follow the view's filters, regions, currency and duration, and its rule on old
//! prices, as the market does: they read the market's own on-demand pass.

use std::collections::{BTreeMap, BTreeSet};

use super::spread::Spread;
use super::{cheapest, priced_in, Group, Pick};
use crate::explorer::Explorer;
use crate::pricing::Rates;
use crate::view::state::ViewState;
use catalog::{Accelerator, AsOf, FormFactor, Term, Vendor};

/// How many server families the landing names, beside one consumer card and one TPU.
pub const SERVER_FAMILIES: usize = 6;

/// A model as the market groups it: "NVIDIA H100" (its variants together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Family<'a> {
    pub vendor: Vendor,
    pub model: &'a str,
}

impl<'a> Family<'a> {
    pub fn of(accelerator: &'a Accelerator) -> Family<'a> {
        Family {
            vendor: accelerator.vendor,
            model: accelerator.model.as_str(),
        }
    }
}

/// The board a line is about, when its family is sold on both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Board {
    /// SXM or OAM modules (NVLink or Infinity Fabric boards).
    Sxm,
    Pcie,
}

impl Board {
    fn of(form_factor: FormFactor) -> Option<Board> {
        match form_factor {
            FormFactor::Sxm | FormFactor::Oam => Some(Board::Sxm),
            FormFactor::Pcie => Some(Board::Pcie),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Board::Sxm => "SXM",
            Board::Pcie => "PCIe",
        }
    }
}

/// One line of today's market.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    pub family: Family<'a>,
    pub board: Option<Board>,
    /// The variants the line covers, for the link to the table and the market.
    pub accelerators: Vec<&'a str>,
    /// The cheapest current on-demand price per accelerator; `None`: none in this view.
    pub cheapest: Option<Pick<'a>>,
    pub spread: Option<Spread>,
    pub providers: usize,
}

/// The families the landing names, most sold first: [`SERVER_FAMILIES`] server families,
/// then the most sold consumer card and TPU. Counted over every on-demand offer at a current
/// known price, whatever the view's filters (the set is the catalog's, the prices the view's).
pub fn asked_about<'a>(explorer: &'a Explorer<'a>, rates: &Rates, today: &AsOf) -> Vec<Family<'a>> {
    let everything = ViewState::default();
    let Group { priced, .. } = priced_in(explorer, &everything, Term::OnDemand, rates, today);
    let mut sellers: BTreeMap<Family<'a>, (FormFactor, BTreeSet<&str>)> = BTreeMap::new();
    for rows in priced.values() {
        for (row, price) in rows {
            let (Some(accelerator), Some(_)) = (row.entry.accelerator, price) else {
                continue;
            };
            if row.quote.as_ref().is_some_and(|q| q.term == Term::OnDemand) {
                let kind = sellers
                    .entry(Family::of(accelerator))
                    .or_insert((accelerator.form_factor, BTreeSet::new()));
                kind.1.insert(row.entry.provider.id.as_str());
            }
        }
    }
    let mut ranked: Vec<(Family<'a>, FormFactor, usize)> = sellers
        .into_iter()
        .map(|(family, (form, providers))| (family, form, providers.len()))
        .collect();
    // Most providers first; ties by name, so the set does not move between builds.
    ranked.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.0.cmp(&b.0)));
    let kind = |form: FormFactor| match form {
        FormFactor::Consumer => 1,
        FormFactor::Tpu => 2,
        _ => 0,
    };
    let server = ranked
        .iter()
        .filter(|r| kind(r.1) == 0)
        .take(SERVER_FAMILIES);
    let consumer = ranked.iter().find(|r| kind(r.1) == 1);
    let tpu = ranked.iter().find(|r| kind(r.1) == 2);
    server.chain(consumer).chain(tpu).map(|r| r.0).collect()
}

/// Today's market for `families` in the view `state`: one line per family, or one per board
/// when a family is sold on both (see the module's rule).
pub fn lines<'a>(
    explorer: &'a Explorer<'a>,
    families: &[Family<'a>],
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) -> Vec<Line<'a>> {
    let view = ViewState {
        job: None,
        ..state.clone()
    };
    let Group { priced, .. } = priced_in(explorer, &view, Term::OnDemand, rates, today);
    let mut out = Vec::new();
    for &family in families {
        let variants: Vec<&'a Accelerator> = explorer
            .catalog
            .accelerators
            .iter()
            .filter(|a| Family::of(a) == family)
            .collect();
        // Sold at a known current on-demand price on this board, in this view.
        let sold = |board: Board| {
            variants
                .iter()
                .filter(|a| Board::of(a.form_factor) == Some(board))
                .filter_map(|a| priced.get(a.id.as_str()))
                .flatten()
                .any(|(row, price)| {
                    price.is_some() && row.quote.as_ref().is_some_and(|q| q.term == Term::OnDemand)
                })
        };
        let boards: Vec<Option<Board>> = if sold(Board::Sxm) && sold(Board::Pcie) {
            vec![Some(Board::Sxm), Some(Board::Pcie)]
        } else {
            vec![None]
        };
        for board in boards {
            let covered: Vec<&'a str> = variants
                .iter()
                .filter(|a| board.is_none() || Board::of(a.form_factor) == board)
                .map(|a| a.id.as_str())
                .collect();
            let rows: Vec<_> = covered
                .iter()
                .filter_map(|id| priced.get(id))
                .flatten()
                .filter(|(row, _)| row.quote.as_ref().is_some_and(|q| q.term == Term::OnDemand))
                .cloned()
                .collect();
            let providers: BTreeSet<&str> = rows
                .iter()
                .filter(|(_, p)| p.is_some())
                .map(|(row, _)| row.entry.provider.id.as_str())
                .collect();
            out.push(Line {
                family,
                board,
                accelerators: covered,
                cheapest: cheapest(&rows, &[Term::OnDemand]),
                spread: Spread::of(rows.iter().filter_map(|(_, p)| *p)),
                providers: providers.len(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Competition;
    use catalog::fx::Fx;
    use catalog::Currency;

    fn setting() -> (catalog::Catalog, AsOf) {
        (bundled::catalog().unwrap(), bundled::built_on())
    }

    #[test]
    fn the_set_is_the_most_sold_families_with_a_consumer_card_and_a_tpu() {
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let families = asked_about(&explorer, &rates, &today);
        let names: Vec<&str> = families.iter().map(|f| f.model).collect();
        assert_eq!(families.len(), SERVER_FAMILIES + 2, "{names:?}");
        // The question most visitors ask is in it.
        for model in ["H100", "A100", "H200"] {
            assert!(names.contains(&model), "{names:?}");
        }
        assert!(names.iter().any(|n| n.contains("RTX")), "{names:?}");
        assert!(names.iter().any(|n| n.starts_with("TPU")), "{names:?}");
    }

    /// The plain reading: every offer of the line's variants priced on demand in the view,
    /// current (or let in), cheapest per accelerator.
    fn plain_cheapest(
        explorer: &Explorer<'_>,
        line: &Line<'_>,
        state: &ViewState,
        rates: &Rates,
        today: &AsOf,
    ) -> Option<(String, f64)> {
        let compiled = state.filters.compile();
        let competition = Competition::of(state, today);
        explorer
            .entries
            .iter()
            .filter(|e| {
                e.accelerator
                    .is_some_and(|a| line.accelerators.contains(&a.id.as_str()))
            })
            .filter_map(|e| {
                let q = explorer.quote_in(e, Term::OnDemand, state, rates)?;
                let keep = q.term == Term::OnDemand
                    && compiled.keep(e, &q, today)
                    && competition.admits(&q);
                Some((e.offer.id.clone(), q.per_accelerator.filter(|_| keep)?))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1).then_with(|| a.0.cmp(&b.0)))
    }

    #[test]
    fn each_line_names_the_cheapest_current_price_a_plain_walk_finds() {
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let families = asked_about(&explorer, &rates, &today);
        let mut eu_eur = ViewState::default();
        eu_eur.price.currency = Currency::Eur;
        eu_eur.regions.areas.insert(catalog::Area::Eu);
        for state in [
            ViewState::default(),
            ViewState::first_screen(catalog::Lang::Zh),
            eu_eur,
        ] {
            let lines = lines(&explorer, &families, &state, &rates, &today);
            assert!(lines.len() >= families.len());
            for line in &lines {
                let got = line
                    .cheapest
                    .as_ref()
                    .map(|p| (p.row.entry.offer.id.clone(), p.per_accelerator));
                assert_eq!(
                    got,
                    plain_cheapest(&explorer, line, &state, &rates, &today),
                    "{:?} {:?}",
                    line.family,
                    line.board
                );
                if let Some(pick) = &line.cheapest {
                    // Fresh: within the "old" mark, in the view's currency.
                    let quote = pick.row.quote.as_ref().unwrap();
                    assert!(!Competition::of(&state, &today).is_old(quote));
                    assert_eq!(quote.currency, state.price.currency);
                    let spread = line.spread.unwrap();
                    assert!(spread.low <= spread.median);
                    assert_eq!(spread.low, pick.per_accelerator);
                }
            }
        }
    }

    #[test]
    fn h100_splits_by_board_and_leaves_unstated_boards_out_of_both() {
        let (catalog, today) = setting();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let h100 = Family {
            vendor: Vendor::Nvidia,
            model: "H100",
        };
        let lines = lines(&explorer, &[h100], &ViewState::default(), &rates, &today);
        let boards: Vec<_> = lines.iter().map(|l| l.board).collect();
        assert_eq!(boards, [Some(Board::Sxm), Some(Board::Pcie)]);
        assert!(lines[0].accelerators.contains(&"h100-sxm5-80gb"));
        assert!(!lines[0].accelerators.contains(&"h100-80gb"));
        assert!(!lines[1].accelerators.contains(&"h100-80gb"));
    }
}
