//! The comparison of a few offers side by side, as data: which lines it has, how each value
//! reads and which one is best.
//!
//! Two rules keep it honest: a line says something only when it can (the calculator's lines
//! appear with a job, never as six rows of "unknown"), and an old price is marked old and is
//! never called the best price — the cheapest among prices of today's age is.

use super::face::{worded_cell, your_price, Aside, Face};
use super::i18n::{self, Lang, Msg};
use crate::explorer::Competition;
use crate::explorer::{best, Cell, Row};
use crate::view::columns::Column;
use catalog::freshness::Freshness;
use catalog::AsOf;

/// One value of a line: how it reads, and whether it is the best of the line.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareCell {
    pub face: Face,
    pub best: bool,
    /// The "your price" mark of a figure the user's discount moved.
    pub yours: Option<Aside>,
}

/// One line of the comparison: a column, a cell per compared offer.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareLine {
    pub column: Column,
    pub cells: Vec<CompareCell>,
}

/// The lines comparing `rows`: every column but the two in each offer's heading (provider,
/// instance); the calculator's only while a job is set (`job` says whether it serves).
///
/// An old price may be BEST only when `competition` lets old prices in; it is marked old
/// either way.
pub fn lines(
    rows: &[Row<'_>],
    job: Option<bool>,
    lang: Lang,
    today: &AsOf,
    competition: Competition,
) -> Vec<CompareLine> {
    Column::ALL
        .into_iter()
        .filter(|c| !matches!(c, Column::Provider | Column::Instance))
        .filter(|c| !c.is_job() || job.is_some_and(|serving| c.fits_job(serving)))
        .map(|column| line(rows, column, lang, today, competition))
        .collect()
}

/// A price the catalog read long ago: it may no longer be on offer at that price.
fn stale(row: &Row<'_>, today: &AsOf) -> bool {
    row.quote
        .as_ref()
        .is_some_and(|q| Freshness::of(&q.as_of, today) == Freshness::Stale)
}

fn is_money(column: Column) -> bool {
    matches!(
        column,
        Column::Price | Column::PricePerAccelerator | Column::JobCost | Column::JobPerMillionTokens
    )
}

fn line(
    rows: &[Row<'_>],
    column: Column,
    lang: Lang,
    today: &AsOf,
    competition: Competition,
) -> CompareLine {
    let cells: Vec<Cell> = rows.iter().map(|r| worded_cell(r, column, lang)).collect();
    // Which values may be the best: an old price may not, unless the view lets old prices
    // compete (it is marked old either way).
    let eligible: Vec<Option<f64>> = rows
        .iter()
        .zip(&cells)
        .map(|(row, cell)| {
            let left_out =
                is_money(column) && row.quote.as_ref().is_some_and(|q| !competition.admits(q));
            cell.number().filter(|_| !left_out)
        })
        .collect();
    let best = best(&eligible, column);
    // Only a real difference earns the mark: a line whose values are all equal marks none.
    let differs = cells.iter().any(|c| c.number() != best);
    let cells = rows
        .iter()
        .zip(cells)
        .zip(&eligible)
        .map(|((row, cell), value)| {
            let yours = your_price(row, column, &cell, lang);
            let mut face = Face::of(cell, column, lang, today);
            if is_money(column) && stale(row, today) && face.class != "unknown" {
                face.old = Some(i18n::t(lang, Msg::Old));
                if let Some(q) = &row.quote {
                    face.title = Some(format!(
                        "{}: {}",
                        i18n::t(lang, Msg::Date),
                        catalog::format::date(&q.as_of)
                    ));
                }
            }
            CompareCell {
                best: rows.len() > 1 && differs && best.is_some() && *value == best,
                face,
                yours,
            }
        })
        .collect();
    CompareLine { column, cells }
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
    fn without_a_job_there_are_no_job_lines_and_with_one_only_its_kind() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let rows = explorer.show(&ViewState::default(), &rates, &today()).rows;
        let two = &rows[..2];
        let columns = |job| {
            lines(
                two,
                job,
                Lang::En,
                &today(),
                Competition::of(&ViewState::default(), &today()),
            )
            .into_iter()
            .map(|l| l.column)
            .collect::<Vec<_>>()
        };
        assert!(columns(None).iter().all(|c| !c.is_job()));
        let training = columns(Some(false));
        assert!(training.contains(&Column::JobTime));
        assert!(!training.contains(&Column::JobThroughput));
    }

    #[test]
    fn an_old_price_is_marked_old_and_never_called_the_best() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let rows = explorer.show(&ViewState::default(), &rates, &today()).rows;
        let price = |r: &Row<'_>| Column::PricePerAccelerator.cell(r).number();
        // A stale price cheaper than a fresh one: the cheap one must not be "best".
        let fresh = rows
            .iter()
            .filter(|r| !stale(r, &today()) && price(r).is_some())
            .max_by(|x, y| price(x).unwrap().total_cmp(&price(y).unwrap()))
            .expect("a fresh price");
        let old = rows
            .iter()
            .find(|r| stale(r, &today()) && price(r).is_some_and(|p| p < price(fresh).unwrap()))
            .expect("an old, cheaper price");
        let pair = [old.clone(), fresh.clone()];
        let line = lines(
            &pair,
            None,
            Lang::En,
            &today(),
            Competition::of(&ViewState::default(), &today()),
        )
        .into_iter()
        .find(|l| l.column == Column::PricePerAccelerator)
        .unwrap();
        assert_eq!(line.cells[0].face.old, Some("old"), "the old price says so");
        assert!(!line.cells[0].best, "an old price is not the best");
        assert_eq!(line.cells[1].face.old, None);
        // Only one eligible value: no best at all rather than the old one.
        assert!(!line.cells[1].best);
    }

    #[test]
    fn a_chinese_comparison_names_regions_and_links_in_chinese() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let rows = explorer.show(&ViewState::default(), &rates, &today()).rows;
        // An 8-GPU SXM board whose entry states no link: the link is read off the board.
        let board = rows
            .iter()
            .find(|r| {
                r.entry.offer.interconnect.is_none()
                    && catalog::fabric::inside_link(r.entry.offer, r.entry.accelerator)
                        .is_some_and(|i| i.link == catalog::Interconnect::Nvswitch)
            })
            .expect("an 8-GPU SXM offer without a stated link");
        // A price in a region the catalog names in Chinese.
        let named = rows
            .iter()
            .find(|r| {
                r.quote
                    .as_ref()
                    .and_then(|q| r.entry.provider.region(&q.region))
                    .is_some_and(|g| g.name_zh.is_some())
            })
            .expect("a price in a region with a Chinese name");
        let pair = [board.clone(), named.clone()];
        let text = |lang, column| {
            lines(
                &pair,
                None,
                lang,
                &today(),
                Competition::of(&ViewState::default(), &today()),
            )
            .into_iter()
            .find(|l| l.column == column)
            .unwrap()
            .cells
            .into_iter()
            .map(|c| c.face.text)
            .collect::<Vec<_>>()
        };
        assert_eq!(
            text(Lang::Zh, Column::Interconnect)[0],
            "NVSwitch（SXM 板）"
        );
        assert_eq!(
            text(Lang::En, Column::Interconnect)[0],
            "NVSwitch (SXM board)"
        );
        let region = named
            .quote
            .as_ref()
            .and_then(|q| named.entry.provider.region(&q.region))
            .unwrap();
        assert_eq!(
            Some(&text(Lang::Zh, Column::Region)[1]),
            region.name_zh.as_ref()
        );
        assert_eq!(text(Lang::En, Column::Region)[1], region.name);
    }
}
