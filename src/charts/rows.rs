//! Rows of horizontal bars, shared by the bar chart and the score breakdown.
//!
//! Each row is a band with its name on top and its bar below, rather than names in a column
//! left of the bars: offer and region names are long, and on a phone a name column would
//! leave the bars no room. The value axis runs along the bottom from zero, because a bar that
//! does not start at zero misstates ratios.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::Rectangle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

use super::axis::Axis;
use super::draw::DrawResult;
use super::frame::{ellipsize, line_height, text_width, Plot, LABEL_SIZE, TICK_SIZE};
use super::style::{opaque, text_on, ChartStyle};

/// One row's pixels (backend, absolute).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Band {
    pub top: i32,
    pub bottom: i32,
    /// Where the bar goes, below the name.
    pub bar_top: i32,
    pub bar_bottom: i32,
}

/// The vertical axis of `n` rows: row `i` spans `n - i - 1 ..= n - i`, so row 0 is on top.
pub(crate) fn row_axis(n: usize) -> Axis {
    Axis::new(0.0, n.max(1) as f64, false, Vec::new())
}

/// The bands of `n` rows in `plot`.
pub(crate) fn bands<DB: DrawingBackend>(
    plot: &Plot<'_, DB>,
    n: usize,
    style: &ChartStyle,
) -> Vec<Band> {
    let x0 = plot.x_range().start;
    let label_h = line_height(LABEL_SIZE * style.ratio());
    let gap = style.px(3.0);
    let thickest = style.px(22.0);
    (0..n)
        .map(|i| {
            let top = plot.backend_coord(&(x0, (n - i) as f64)).1;
            let bottom = plot.backend_coord(&(x0, (n - i - 1) as f64)).1;
            let bar_top = (top + gap + label_h).min(bottom - 2);
            let bar_bottom = (bottom - gap).clamp(bar_top + 2, bar_top + thickest);
            Band {
                top,
                bottom,
                bar_top,
                bar_bottom,
            }
        })
        .collect()
}

/// Draws a row's name at the top of its band, cut with "…" to the plot's width.
pub(crate) fn draw_name<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot_rect: (i32, i32, i32, i32),
    band: &Band,
    name: &str,
    bold: bool,
    style: &ChartStyle,
) -> DrawResult<(), DB> {
    let theme = style.theme();
    let base = area.get_base_pixel();
    let size = LABEL_SIZE * style.ratio();
    let text = if bold {
        style.bold(LABEL_SIZE, theme.text)
    } else {
        style.text(LABEL_SIZE, theme.text)
    }
    .pos(Pos::new(HPos::Left, VPos::Top));
    let name = ellipsize(name, size, plot_rect.2 - plot_rect.0);
    let at = (plot_rect.0 - base.0, band.top + style.px(3.0) - base.1);
    area.draw_text(&name, &text, at)
}

/// Draws a bar segment from pixel `x0` to `x1` in `band`.
pub(crate) fn draw_segment<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    band: &Band,
    (x0, x1): (i32, i32),
    colour: RGBColor,
    style: &ChartStyle,
) -> DrawResult<(), DB> {
    let base = area.get_base_pixel();
    area.draw(&Rectangle::new(
        [
            (x0 - base.0, band.bar_top - base.1),
            (x1 - base.0, band.bar_bottom - base.1),
        ],
        style.fill(opaque(colour)),
    ))
}

/// Draws a bar's value text just after its end, or inside the bar's end (in a colour that
/// reads on the bar) when it would run past the plot.
pub(crate) fn draw_value<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot_rect: (i32, i32, i32, i32),
    band: &Band,
    (x0, x1): (i32, i32),
    text: &str,
    bar: RGBColor,
    style: &ChartStyle,
) -> DrawResult<(), DB> {
    let theme = style.theme();
    let base = area.get_base_pixel();
    let size = TICK_SIZE * style.ratio();
    let gap = style.px(4.0);
    let width = text_width(text, size);
    let y = (band.bar_top + band.bar_bottom) / 2 - base.1;
    let fits_after = x1 + gap + width <= plot_rect.2;
    let fits_inside = x1 - x0 >= width + 2 * gap;
    let (x, anchor, colour) = if fits_after || !fits_inside {
        (x1 + gap, HPos::Left, theme.text)
    } else {
        (x1 - gap, HPos::Right, text_on(bar))
    };
    let style = style
        .text(TICK_SIZE, colour)
        .pos(Pos::new(anchor, VPos::Center));
    area.draw_text(text, &style, (x - base.0, y))
}

/// Draws muted text where a bar would be (a row whose value is unknown).
pub(crate) fn draw_note<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    plot_rect: (i32, i32, i32, i32),
    band: &Band,
    text: &str,
    style: &ChartStyle,
) -> DrawResult<(), DB> {
    let base = area.get_base_pixel();
    let y = (band.bar_top + band.bar_bottom) / 2 - base.1;
    let text_style = style
        .text(TICK_SIZE, style.theme().muted)
        .pos(Pos::new(HPos::Left, VPos::Center));
    area.draw_text(text, &text_style, (plot_rect.0 - base.0, y))
}
