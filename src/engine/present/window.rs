//! Which rows of a long table to put in the page: only those on screen and a few either side.
//!
//! A row costs the browser far more to create than the engine to compute, so the table keeps
//! about a screenful in the DOM whatever the number of offers; spacers above and below keep
//! the scrollbar true to the full length.

use std::ops::Range;

/// The rows of the first view at the top of the list: the static first screen (src/site)
/// writes exactly these, and the app renders at least these until the list first changes, so
/// the table's columns — sized by the rows present — are as wide in the app as in the page it
/// takes over, on any screen. Sixteen fill the table below the header, controls and today's
/// prices on a 1920×1080 screen (13 rows show there, 5 at 1400×900) and past a phone's fold;
/// each row is about 20 elements, so more only add work before the first paint (24 made the
/// page 1,088 elements, over the 1,000 of issue 28).
pub const FIRST_ROWS: usize = 16;

/// `rows` (a window from [`visible_rows`]) widened, at the top of the list, to the first
/// [`FIRST_ROWS`]: the window of the first view, which the static first screen shows too.
pub fn with_first_rows(rows: Range<usize>, total: usize) -> Range<usize> {
    if rows.start == 0 {
        rows.start..rows.end.max(FIRST_ROWS.min(total))
    } else {
        rows
    }
}

/// The rows to render for a scroll position. `overscan` rows are added on each side so a fast
/// scroll does not show blank space before the next frame.
pub fn visible_rows(
    total: usize,
    scroll_top: f64,
    viewport_height: f64,
    row_height: f64,
    overscan: usize,
) -> Range<usize> {
    if total == 0 || row_height.is_nan() || row_height <= 0.0 {
        return 0..0;
    }
    let top = if scroll_top.is_finite() {
        scroll_top.max(0.0)
    } else {
        0.0
    };
    let height = if viewport_height.is_finite() {
        viewport_height.max(row_height)
    } else {
        row_height
    };
    let first = ((top / row_height).floor() as usize).min(total.saturating_sub(1));
    let on_screen = (height / row_height).ceil() as usize + 1;
    let start = first.saturating_sub(overscan);
    let end = (first + on_screen + overscan).min(total);
    start..end
}

/// The part of a scrolling frame's content that is on screen, as (top in content pixels,
/// height), from the frame's place in the window (`frame_top` from the window's top edge,
/// negative when the page is scrolled past it), its height, its own scroll position and the
/// window's height. Below the fold a frame shows nothing yet, so the table renders only what
/// the window shows, and more as the page scrolls.
pub fn on_screen(
    frame_top: f64,
    frame_height: f64,
    scroll_top: f64,
    window_height: f64,
) -> (f64, f64) {
    let top = frame_top.max(0.0);
    let bottom = (frame_top + frame_height).min(window_height);
    (scroll_top + (top - frame_top), (bottom - top).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_screen_is_the_frame_cut_to_the_window() {
        // A 836 px frame 433 px down a 900 px window: its first 467 px show.
        assert_eq!(on_screen(433.0, 836.0, 0.0, 900.0), (0.0, 467.0));
        // Scrolled inside by 360 px: the same band, further down the content.
        assert_eq!(on_screen(433.0, 836.0, 360.0, 900.0), (360.0, 467.0));
        // The page scrolled 500 px: the frame's top is above the window, its lower part shows.
        assert_eq!(on_screen(-67.0, 836.0, 0.0, 900.0), (67.0, 769.0));
        // Entirely below or above the window: nothing.
        assert_eq!(on_screen(950.0, 836.0, 0.0, 900.0).1, 0.0);
        assert_eq!(on_screen(-900.0, 836.0, 0.0, 900.0).1, 0.0);
    }

    #[test]
    fn the_top_of_the_table_renders_a_screenful_and_the_overscan() {
        // 800 px of 40 px rows: 20 on screen + 1 partial + 10 below.
        assert_eq!(visible_rows(10_000, 0.0, 800.0, 40.0, 10), 0..31);
    }

    #[test]
    fn the_first_view_has_at_least_the_first_screens_rows_at_the_top() {
        assert_eq!(with_first_rows(0..12, 10_000), 0..FIRST_ROWS);
        // A taller screen keeps its own window; a short list all its rows.
        assert_eq!(with_first_rows(0..51, 10_000), 0..51);
        assert_eq!(with_first_rows(0..12, 14), 0..14);
        // Scrolled down, only what is on screen.
        assert_eq!(with_first_rows(10..51, 10_000), 10..51);
    }

    #[test]
    fn a_scrolled_table_renders_around_the_scroll_position() {
        assert_eq!(visible_rows(10_000, 4_000.0, 800.0, 40.0, 10), 90..131);
    }

    #[test]
    fn the_window_never_passes_the_ends() {
        assert_eq!(visible_rows(25, 0.0, 800.0, 40.0, 10), 0..25);
        assert_eq!(visible_rows(100, 1e9, 800.0, 40.0, 10), 89..100);
        assert_eq!(visible_rows(0, 0.0, 800.0, 40.0, 10), 0..0);
    }

    #[test]
    fn odd_measurements_fall_back_to_something_sane() {
        assert_eq!(visible_rows(100, f64::NAN, f64::NAN, 40.0, 0), 0..2);
        assert_eq!(visible_rows(100, -50.0, 80.0, 40.0, 0), 0..3);
        assert_eq!(visible_rows(100, 0.0, 800.0, 0.0, 10), 0..0);
    }
}
