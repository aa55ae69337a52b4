//! The legend: one entry per series (its marker shape in its colour, or a line through the
//! marker for line charts, then the name), placed below the plot and wrapped into as many rows
//! as the width needs. Below the plot rather than beside it, so a phone keeps the full width
//! for data; rows that would take more than the allowed height are dropped and counted ("+3").

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::PathElement;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::RGBColor;

use super::draw::DrawResult;
use super::frame::{ellipsize, line_height, split_bottom, text_width, LABEL_SIZE};
use super::marker::{draw_marker, MarkerLook};
use super::style::{opaque, ChartStyle, MarkerShape};

/// One legend entry.
struct Entry {
    pub label: String,
    pub colour: RGBColor,
    pub shape: MarkerShape,
    /// Draw a short line through the marker (the series is a line).
    pub line: bool,
}

/// Where the entries go: rows of (entry index, x offset), and how many did not fit.
struct Layout {
    rows: Vec<Vec<(usize, i32)>>,
    row_h: i32,
    hidden: usize,
}

impl Layout {
    /// The height the legend needs, 0 when there is nothing to show.
    fn height(&self, style: &ChartStyle) -> i32 {
        if self.rows.is_empty() {
            0
        } else {
            self.rows.len() as i32 * self.row_h + style.px(6.0)
        }
    }
}

fn key_width(style: &ChartStyle, line: bool) -> i32 {
    style.px(if line { 22.0 } else { 12.0 })
}

/// Lays `entries` out in rows of at most `width` pixels, using at most `max_height` pixels.
fn layout(entries: &[Entry], style: &ChartStyle, width: i32, max_height: i32) -> Layout {
    let size = LABEL_SIZE * style.ratio();
    let row_h = line_height(size) + style.px(4.0);
    let max_rows = (max_height / row_h.max(1)).max(1) as usize;
    let gap = style.px(5.0);
    let spacing = style.px(14.0);
    let mut rows: Vec<Vec<(usize, i32)>> = Vec::new();
    let mut row: Vec<(usize, i32)> = Vec::new();
    let mut x = 0;
    let mut placed = 0;
    for (i, entry) in entries.iter().enumerate() {
        let w = key_width(style, entry.line) + gap + text_width(&entry.label, size);
        if x > 0 && x + w > width {
            rows.push(std::mem::take(&mut row));
            x = 0;
        }
        if rows.len() >= max_rows {
            break;
        }
        row.push((i, x));
        placed += 1;
        x += w + spacing;
    }
    if !row.is_empty() && rows.len() < max_rows {
        rows.push(row);
    }
    Layout {
        rows,
        row_h,
        hidden: entries.len() - placed,
    }
}

/// A legend of one entry per series, in [`ChartStyle::series_style`] order, laid out at the
/// bottom of a chart's body.
pub(crate) struct Legend {
    entries: Vec<Entry>,
    layout: Layout,
    pad: i32,
}

impl Legend {
    /// Lays out `names` below the plot, using at most a third of `body`'s height; returns the
    /// legend with the plot's area and the legend's area. `line`: the series are lines.
    pub(crate) fn below<'a, DB: DrawingBackend>(
        body: &DrawingArea<DB, Shift>,
        names: impl IntoIterator<Item = &'a str>,
        line: bool,
        style: &ChartStyle,
    ) -> (Legend, DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
        let entries: Vec<Entry> = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let (colour, shape) = style.series_style(i);
                Entry {
                    label: name.to_string(),
                    colour,
                    shape,
                    line,
                }
            })
            .collect();
        let (w, h) = body.dim_in_pixel();
        let pad = style.px(8.0);
        let layout = layout(&entries, style, w as i32 - 2 * pad, h as i32 / 3);
        let (plot, legend) = split_bottom(body, layout.height(style));
        (
            Legend {
                entries,
                layout,
                pad,
            },
            plot,
            legend,
        )
    }

    /// Draws the legend into the area [`Legend::below`] gave for it.
    pub(crate) fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &ChartStyle,
    ) -> DrawResult<(), DB> {
        draw(
            &area.margin(0, 0, self.pad, self.pad),
            &self.entries,
            &self.layout,
            style,
        )
    }
}

/// Draws the legend laid out by [`layout`] at the top of `area`.
fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
    layout: &Layout,
    style: &ChartStyle,
) -> DrawResult<(), DB> {
    let theme = style.theme();
    let size = LABEL_SIZE * style.ratio();
    let (w, _) = area.dim_in_pixel();
    let text = style
        .text(LABEL_SIZE, theme.text)
        .pos(Pos::new(HPos::Left, VPos::Center));
    let gap = style.px(5.0);
    let top = style.px(4.0);
    let radius = 4.0 * style.ratio();
    // Same outline as the plot's markers, so the key looks like what it explains.
    let outline = Some(style.line(opaque(theme.ink), 1.0));
    for (r, row) in layout.rows.iter().enumerate() {
        let y = top + r as i32 * layout.row_h + layout.row_h / 2;
        for &(i, x) in row {
            let entry = &entries[i];
            let key_w = key_width(style, entry.line);
            if entry.line {
                area.draw(&PathElement::new(
                    vec![(x, y), (x + key_w, y)],
                    style.line(opaque(entry.colour), 2.0),
                ))?;
            }
            let look = MarkerLook {
                shape: entry.shape,
                radius,
                fill: opaque(entry.colour),
                outline,
            };
            draw_marker(area, (x + key_w / 2, y), &look)?;
            let label_x = x + key_w + gap;
            let label = ellipsize(&entry.label, size, w as i32 - label_x);
            area.draw_text(&label, &text, (label_x, y))?;
        }
    }
    if layout.hidden > 0 {
        if let Some(row) = layout.rows.last() {
            let y = top + (layout.rows.len() as i32 - 1) * layout.row_h + layout.row_h / 2;
            let end = row
                .last()
                .map(|&(i, x)| {
                    x + key_width(style, entries[i].line)
                        + gap
                        + text_width(&entries[i].label, size)
                        + gap
                })
                .unwrap_or(0);
            let more = format!("+{}", layout.hidden);
            let end = end.min(w as i32 - text_width(&more, size)).max(0);
            let muted = style
                .text(LABEL_SIZE, theme.muted)
                .pos(Pos::new(HPos::Left, VPos::Center));
            area.draw_text(&more, &muted, (end, y))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Vec<Entry> {
        (0..n)
            .map(|i| Entry {
                label: format!("Provider {i}"),
                colour: RGBColor(0, 0, 0),
                shape: MarkerShape::ALL[i % 8],
                line: false,
            })
            .collect()
    }

    #[test]
    fn a_narrow_legend_wraps_into_more_rows() {
        let style = ChartStyle::default();
        let wide = layout(&entries(8), &style, 1200, 1000);
        let narrow = layout(&entries(8), &style, 300, 1000);
        assert_eq!(wide.rows.len(), 1);
        assert!(narrow.rows.len() >= 3);
        assert_eq!(narrow.hidden, 0);
    }

    #[test]
    fn entries_beyond_the_allowed_height_are_counted_not_drawn() {
        let style = ChartStyle::default();
        let cramped = layout(&entries(30), &style, 300, 40);
        assert_eq!(cramped.rows.len(), 2);
        let shown: usize = cramped.rows.iter().map(Vec::len).sum();
        assert_eq!(shown + cramped.hidden, 30);
        assert_eq!(layout(&[], &style, 300, 40).height(&style), 0);
    }
}
