//! Which rows of a table whose rows differ in height to put in the page.
//!
//! The market's rows are one to three lines tall (a family's line, a variant with its specs,
//! an aside under a price), so the offer table's fixed-height window (`present::window`) does
//! not fit it. Here each row has its own height — measured once it has been on screen, an
//! estimate until then — and the window is the rows that cross the visible band, a few either
//! side, with spacers above and below as tall as the rows they stand for. A row measured once
//! keeps its height, so scrolling back past it moves nothing on screen.

use std::ops::Range;

/// The rows to render and the heights of the spacers that stand for the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct UnevenWindow {
    pub rows: Range<usize>,
    /// Pixels above the first rendered row: the rows before it.
    pub above: f64,
    /// Pixels below the last rendered row: the rows after it.
    pub below: f64,
}

/// The rows of `heights` (pixels, one per row, in order) that cross the band from `top` down
/// `height` pixels of the table's content, `overscan` more on each side. A height that is not
/// a finite, non-negative number counts as zero; so does a band that is not.
pub fn uneven_window(heights: &[f64], top: f64, height: f64, overscan: usize) -> UnevenWindow {
    let sane = |x: f64| if x.is_finite() && x > 0.0 { x } else { 0.0 };
    let top = sane(top);
    let bottom = top + sane(height);
    let mut first = None;
    let mut end = heights.len();
    let mut y = 0.0;
    for (i, h) in heights.iter().enumerate() {
        let next = y + sane(*h);
        // The first row whose bottom is below the band's top; the first row that starts at or
        // below the band's bottom ends it (a zero-height row at the edge is not "on screen").
        if first.is_none() && next > top {
            first = Some(i);
        }
        if y >= bottom && first.is_some() {
            end = i;
            break;
        }
        y = next;
    }
    // Scrolled past the end (the content shrank under the scroll position): the last rows.
    let first = first.unwrap_or(heights.len().saturating_sub(1));
    let rows = first.saturating_sub(overscan)..(end.max(first + 1) + overscan).min(heights.len());
    let sum = |range: &[f64]| range.iter().map(|h| sane(*h)).sum::<f64>();
    UnevenWindow {
        above: sum(&heights[..rows.start]),
        below: sum(&heights[rows.end..]),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain reading: render every row that overlaps the band, and the spacers are the
    /// sums of the heights outside.
    fn overlapping(heights: &[f64], top: f64, height: f64) -> Vec<usize> {
        let mut y = 0.0;
        let mut out = Vec::new();
        for (i, h) in heights.iter().enumerate() {
            if y + h > top && y < top + height {
                out.push(i);
            }
            y += h;
        }
        out
    }

    #[test]
    fn the_window_is_the_rows_crossing_the_band_and_the_spacers_are_the_rest() {
        let heights: Vec<f64> = (0..200).map(|i| [36.0, 52.0, 70.0][i % 3]).collect();
        for (top, height) in [
            (0.0, 836.0),
            (1234.5, 600.0),
            (5000.0, 300.0),
            (9000.0, 900.0),
        ] {
            let w = uneven_window(&heights, top, height, 0);
            let seen = overlapping(&heights, top, height);
            assert_eq!(w.rows.start, seen[0], "top {top}");
            assert_eq!(w.rows.end, seen[seen.len() - 1] + 1, "top {top}");
            let total: f64 = heights.iter().sum();
            let inside: f64 = heights[w.rows.clone()].iter().sum();
            assert!((w.above + inside + w.below - total).abs() < 1e-9);
            assert_eq!(w.above, heights[..w.rows.start].iter().sum::<f64>());
        }
    }

    #[test]
    fn overscan_adds_rows_on_both_sides_within_the_ends() {
        let heights = vec![40.0; 100];
        assert_eq!(uneven_window(&heights, 400.0, 400.0, 3).rows, 7..23);
        assert_eq!(uneven_window(&heights, 0.0, 400.0, 3).rows, 0..13);
        assert_eq!(uneven_window(&heights, 3800.0, 400.0, 3).rows, 92..100);
    }

    #[test]
    fn hidden_rows_take_no_room_and_a_band_past_the_end_shows_the_last_rows() {
        // Folded rows (height 0) between two visible ones.
        let heights = [50.0, 0.0, 0.0, 50.0, 50.0];
        assert_eq!(uneven_window(&heights, 60.0, 30.0, 0).rows, 3..4);
        let w = uneven_window(&heights, 10_000.0, 500.0, 1);
        assert_eq!(w.rows, 3..5);
        assert_eq!(w.below, 0.0);
    }

    #[test]
    fn odd_numbers_never_panic_and_an_empty_table_renders_nothing() {
        assert_eq!(uneven_window(&[], 0.0, 800.0, 4).rows, 0..0);
        let heights = [f64::NAN, -5.0, f64::INFINITY, 40.0];
        let w = uneven_window(&heights, f64::NAN, f64::NAN, 0);
        assert!(w.rows.end <= 4 && w.rows.start < w.rows.end);
        assert!(w.above.is_finite() && w.below.is_finite());
        // Not yet measured (a band of no height): the first row and the overscan.
        assert_eq!(uneven_window(&[40.0; 10], 0.0, 0.0, 2).rows, 0..3);
    }
}
