//! The market table as the page holds it: only the rows on screen and a few either side.
//!
//! A change of currency or region rewrites every price in the market; with all its ~180 rows
//! in the page, Chromium spent about 50 ms of a 77 ms region change laying out and painting
//! the table (measured by hiding it; issue 28). The page now holds the rows that cross the
//! market's scrolling frame, and two spacer rows as tall as the rest, so a change lays out a
//! screenful. [`cut`] picks those rows from the lines before any markup is written
//! (`super::markup::market_window`); `windowed`, the same cut applied to the whole table's
//! markup, is the plain reading the tests hold it to.

use std::collections::HashMap;

use crate::present::markup::El;
#[cfg(test)]
use crate::present::markup::Plain;
use crate::present::uneven_window::{uneven_window, UnevenWindow};

/// Rows rendered beyond each edge of the frame.
const OVERSCAN: usize = 6;
/// A row's height until one has been measured: a variant's name, its specs and its "who ·
/// where · as of" wrap to three or four lines (rows measured 70-94 px on average at 412-1920
/// px wide). At 52 px the first window wrote half again the rows a screen shows, each laid
/// out and then dropped by the window cut again from their measured heights.
const ESTIMATED_ROW_PX: f64 = 80.0;

/// Row heights measured in the page, by [`key`].
pub type Measured = HashMap<String, f64>;

/// What identifies a body row across repaints, from its `data-variant` and `data-family`:
/// its variant or its family. The page's rows are measured under the same key.
pub fn key(variant: Option<&str>, family: Option<&str>) -> Option<String> {
    variant
        .map(|id| format!("v:{id}"))
        .or_else(|| family.map(|name| format!("f:{name}")))
}

/// [`key`] of a body row of the table's markup.
#[cfg(test)]
pub fn row_key(row: &El) -> Option<String> {
    let attr = |name: &str| {
        row.attrs
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    };
    key(attr("data-variant"), attr("data-family"))
}

/// `table` (a market table) with only the body rows crossing the band `top`..`top + height`
/// of its frame's content, between a spacer above and one below. A row's height is the one
/// `measured` in the page, or zero for a folded row, or else the mean of those measured.
#[cfg(test)]
pub fn windowed(table: &El, measured: &Measured, top: f64, height: f64) -> El {
    let mut out = table.without_children();
    for child in &table.children {
        match child {
            Plain::Element(body) if body.tag == "tbody" => {
                out.children
                    .push(Plain::Element(windowed_body(body, measured, top, height)));
            }
            other => out.children.push(other.clone()),
        }
    }
    out
}

#[cfg(test)]
fn windowed_body(body: &El, measured: &Measured, top: f64, height: f64) -> El {
    let rows: Vec<&El> = body
        .children
        .iter()
        .filter_map(|child| match child {
            Plain::Element(row) => Some(row),
            Plain::Text(_) => None,
        })
        .collect();
    let folded = |row: &El| row.attrs.iter().any(|(name, _)| *name == "hidden");
    let cut = cut(
        rows.iter().map(|row| (row_key(row), folded(row))),
        measured,
        top,
        height,
    );
    let columns = rows.first().map_or(1, |row| row.children.len().max(1));
    body.without_children()
        .child(spacer(cut.above, columns))
        .children(rows[cut.rows].iter().map(|row| (*row).clone()))
        .child(spacer(cut.below, columns))
}

/// The cut of body rows, each given by its [`key`] and whether it is folded, that crosses
/// the band `top`..`top + height`: a row is as tall as `measured` says, a folded one takes
/// no room, any other the mean of those measured (or an estimate before any is).
pub fn cut(
    rows: impl Iterator<Item = (Option<String>, bool)>,
    measured: &Measured,
    top: f64,
    height: f64,
) -> UnevenWindow {
    let estimate = if measured.is_empty() {
        ESTIMATED_ROW_PX
    } else {
        measured.values().sum::<f64>() / measured.len() as f64
    };
    let heights: Vec<f64> = rows
        .map(|(key, folded)| {
            let known = key.and_then(|key| measured.get(&key).copied());
            match (folded, known) {
                (true, _) => 0.0,
                (false, Some(h)) => h,
                (false, None) => estimate,
            }
        })
        .collect();
    uneven_window(&heights, top, height, OVERSCAN)
}

/// A row standing for `px` of rows not in the page; always there (even at 0 px), so the
/// rows keep their places in the painted tree as the window moves.
pub fn spacer(px: f64, columns: usize) -> El {
    El::new("tr")
        .attr("class", "spacer")
        .attr("aria-hidden", "true")
        .child(
            El::new("td")
                .attr("colspan", columns.to_string())
                .style("height", format!("{px}px")),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: usize) -> El {
        El::new("table")
            .child(El::new("caption").text("c"))
            .child(El::new("thead").child(El::new("tr").child(El::new("th").text("h"))))
            .child(El::new("tbody").children((0..rows).map(|i| {
                let row = El::new("tr");
                let row = if i % 10 == 0 {
                    row.attr("data-family", format!("family {i}"))
                } else {
                    row.attr("data-variant", format!("v{i}"))
                };
                let row = if i % 10 == 5 {
                    row.attr("hidden", "")
                } else {
                    row
                };
                row.child(El::new("th").text(format!("row {i}")))
                    .child(El::new("td").text("1"))
            })))
    }

    fn body(t: &El) -> &El {
        match t.children.last() {
            Some(Plain::Element(body)) => body,
            _ => panic!("no body"),
        }
    }

    fn keys(t: &El) -> Vec<String> {
        body(t)
            .children
            .iter()
            .filter_map(|c| match c {
                Plain::Element(row) => row_key(row),
                Plain::Text(_) => None,
            })
            .collect()
    }

    fn spacer_px(row: &Plain) -> f64 {
        let Plain::Element(row) = row else {
            panic!("text")
        };
        let Plain::Element(td) = &row.children[0] else {
            panic!("text")
        };
        td.styles[0].1.trim_end_matches("px").parse().unwrap()
    }

    #[test]
    fn the_page_holds_the_rows_on_screen_between_two_spacers_that_stand_for_the_rest() {
        let full = table(180);
        let shown = windowed(&full, &Measured::new(), 0.0, 836.0);
        let rows = &body(&shown).children;
        // 836 px of 52 px rows, the folded ones taking none: ~16 rows and the overscan.
        assert!(rows.len() < 40, "{} rows", rows.len());
        assert_eq!(keys(&shown)[0], "f:family 0");
        assert_eq!(spacer_px(&rows[0]), 0.0);
        // The spacer below is the estimated height of every unfolded row left out.
        let rendered = keys(&shown).len();
        let left_out = (rendered..180).filter(|i| i % 10 != 5).count();
        let below = spacer_px(rows.last().unwrap());
        assert!(
            (below - left_out as f64 * ESTIMATED_ROW_PX).abs() < 1e-6,
            "{below}"
        );
        // Caption and head are kept as they are.
        assert_eq!(shown.children[..2], full.children[..2]);
    }

    #[test]
    fn measured_heights_place_the_window_and_size_the_spacers() {
        let full = table(100);
        let measured: Measured = (0..100)
            .map(|i| {
                let key = if i % 10 == 0 {
                    format!("f:family {i}")
                } else {
                    format!("v:v{i}")
                };
                (key, 40.0)
            })
            .collect();
        // 90 visible rows of 40 px; scrolled 2,000 px down a 400 px frame.
        let shown = windowed(&full, &measured, 2_000.0, 400.0);
        let rows = &body(&shown).children;
        let first = keys(&shown)[0].clone();
        // The plain reading: visible rows before the band's top, less the overscan.
        let visible: Vec<usize> = (0..100).filter(|i| i % 10 != 5).collect();
        let expected_first = visible[2_000 / 40] - OVERSCAN;
        let expected_key = if expected_first.is_multiple_of(10) {
            format!("f:family {expected_first}")
        } else {
            format!("v:v{expected_first}")
        };
        assert_eq!(first, expected_key);
        let above: f64 = (0..expected_first).filter(|i| i % 10 != 5).count() as f64 * 40.0;
        assert_eq!(spacer_px(&rows[0]), above);
    }

    #[test]
    fn a_table_without_body_rows_keeps_its_spacers_only() {
        let shown = windowed(&table(0), &Measured::new(), 0.0, 800.0);
        assert_eq!(body(&shown).children.len(), 2);
    }
}
