//! The parts every chart shares: background and title, the "no data" message, text
//! measuring and wrapping, and the plot with its axes, grid and tick labels.

use plotters::backend::DrawingBackend;
use plotters::chart::{ChartBuilder, ChartContext};
use plotters::coord::cartesian::Cartesian2d;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{Color, TRANSPARENT};

use super::axis::Axis;
use super::draw::DrawResult;
use super::numbers::tick_label;
use super::style::{opaque, ChartStyle};

/// Font sizes in CSS pixels.
pub(crate) const TITLE_SIZE: f64 = 15.0;
pub(crate) const LABEL_SIZE: f64 = 12.0;
pub(crate) const TICK_SIZE: f64 = 11.0;

/// The plot needs at least this many CSS pixels each way; a smaller area gets only the title.
const MIN_PLOT: f64 = 24.0;

/// The width of `text` at `size_px`, estimated from its characters.
///
/// Estimated rather than measured: plotters' web backend measures text by adding a span to the
/// page and reading its size, a forced layout per label, and the host backend counts UTF-8
/// bytes, which makes Chinese three times too wide. Wide (CJK) characters count one em, Latin
/// letters a little over half; the estimate errs wide so labels never collide.
pub(crate) fn text_width(text: &str, size_px: f64) -> i32 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            ' ' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' | 'i' | 'j' | 'l' | 'I' | '(' | ')'
            | '[' | ']' | 'f' | 't' | 'r' => 0.34,
            'm' | 'w' | 'M' | 'W' | '@' | '%' => 0.9,
            c if c.is_ascii_uppercase() || c.is_ascii_digit() => 0.66,
            c if c.is_ascii() => 0.56,
            c if is_wide(c) => 1.0,
            _ => 0.62,
        })
        .sum();
    (ems * size_px).ceil() as i32
}

/// The height of a line of text at `size_px`.
pub(crate) fn line_height(size_px: f64) -> i32 {
    (size_px * 1.25).ceil() as i32
}

fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD)
}

/// Splits `text` into at most `max_lines` lines of at most `max_width` pixels; the last line
/// ends with "…" if text was cut. Breaks at spaces, or anywhere in text without spaces
/// (Chinese).
pub(crate) fn wrap(text: &str, size_px: f64, max_width: i32, max_lines: usize) -> Vec<String> {
    let fits = |line: &str| text_width(line, size_px) <= max_width;
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in split_keeping_spaces(text) {
        if lines.len() > max_lines {
            break;
        }
        let candidate = format!("{current}{word}");
        if fits(candidate.trim()) {
            current = candidate;
            continue;
        }
        if !current.trim().is_empty() {
            lines.push(current.trim().to_string());
        }
        // The word starts a new line; a word wider than a line is broken by characters.
        current = String::new();
        for c in word.trim_start().chars() {
            let next = format!("{current}{c}");
            if !current.is_empty() && !fits(&next) {
                lines.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
    }
    if !current.trim().is_empty() {
        lines.push(current.trim().to_string());
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        if let Some(last) = lines.last_mut() {
            *last = ellipsize(&format!("{last}…"), size_px, max_width);
        }
    }
    lines
}

/// `text` shortened with "…" to fit `max_width` pixels.
pub(crate) fn ellipsize(text: &str, size_px: f64, max_width: i32) -> String {
    if text_width(text, size_px) <= max_width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(&candidate, size_px) <= max_width {
            return candidate;
        }
    }
    String::new()
}

/// Words with their leading spaces ("a b" → "a", " b"); CJK characters are words of their own
/// so Chinese text can break between any two characters.
fn split_keeping_spaces(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c == ' ' && !current.trim().is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if is_wide(c) {
            if !current.trim().is_empty() {
                words.push(std::mem::take(&mut current));
            }
            current.push(c);
            words.push(std::mem::take(&mut current));
            continue;
        }
        current.push(c);
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Splits `area` into a top part and a bottom part `bottom` pixels high (clamped to the area).
pub(crate) fn split_bottom<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    bottom: i32,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let (_, h) = area.dim_in_pixel();
    let h = h as i32;
    area.split_vertically((h - bottom.clamp(0, h)).max(0))
}

/// Fills the background, draws the title (wrapped to two lines) and returns the area below it.
pub(crate) fn begin<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &ChartStyle,
    title: &str,
) -> DrawResult<DrawingArea<DB, Shift>, DB> {
    let theme = style.theme();
    area.fill(&theme.background)?;
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let pad = style.px(8.0);
    let size = TITLE_SIZE * style.ratio();
    let lines = if title.trim().is_empty() {
        Vec::new()
    } else {
        wrap(title, size, (w - 2 * pad).max(1), 2)
    };
    let text = style
        .bold(TITLE_SIZE, theme.text)
        .pos(Pos::new(HPos::Center, VPos::Top));
    let line_h = line_height(size);
    for (i, line) in lines.iter().enumerate() {
        area.draw_text(line, &text, (w / 2, pad + i as i32 * line_h))?;
    }
    let used = if lines.is_empty() {
        pad
    } else {
        pad + lines.len() as i32 * line_h + pad / 2
    };
    Ok(area.split_vertically(used.min(h)).1)
}

/// Draws `message` centred in `area` (the "no data" case).
pub(crate) fn message<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    style: &ChartStyle,
    message: &str,
) -> DrawResult<(), DB> {
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let size = LABEL_SIZE * style.ratio();
    let lines = wrap(message, size, (w - style.px(16.0)).max(1), 3);
    let line_h = line_height(size);
    let top = (h - line_h * lines.len() as i32) / 2;
    let text = style
        .text(LABEL_SIZE, style.theme().muted)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, line) in lines.iter().enumerate() {
        area.draw_text(line, &text, (w / 2, top.max(0) + i as i32 * line_h))?;
    }
    Ok(())
}

/// What the plot frame needs to know about its axes.
pub(crate) struct AxesSpec<'a> {
    pub x: Axis,
    pub y: Axis,
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    /// Whether the y axis has tick labels and a line (value axes do, row axes do not).
    pub y_axis: bool,
}

/// The plot of a chart: axes, grid and labels drawn, ready for data.
pub(crate) type Plot<'a, DB> = ChartContext<'a, DB, Cartesian2d<Axis, Axis>>;

/// Builds the plot in `area` and draws its grid, axes, tick labels and axis names. `None` when
/// the area is too small for a plot (the caller then draws nothing more).
pub(crate) fn plot<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    style: &ChartStyle,
    axes: AxesSpec<'_>,
) -> DrawResult<Option<Plot<'a, DB>>, DB> {
    let theme = style.theme();
    let ratio = style.ratio();
    let tick_px = TICK_SIZE * ratio;
    let desc_px = LABEL_SIZE * ratio;
    let tick_mark = style.px(4.0);
    let gap = style.px(4.0);

    let desc_h = |desc: &str| {
        if desc.is_empty() {
            0
        } else {
            line_height(desc_px) + gap
        }
    };
    // plotters puts tick labels twice the tick length away from the axis.
    let x_area = line_height(tick_px) + 2 * tick_mark + desc_h(axes.x_desc) + gap;
    let y_area = if axes.y_axis {
        let widest = axes
            .y
            .ticks()
            .iter()
            .map(|&v| text_width(&tick_label(v), tick_px))
            .max()
            .unwrap_or(0);
        widest + 2 * tick_mark + desc_h(axes.y_desc) + gap
    } else {
        0
    };
    // Room on the right for the last x tick label, which is centred on the plot's edge.
    let right = axes
        .x
        .ticks()
        .last()
        .map(|&v| text_width(&tick_label(v), tick_px) / 2 + style.px(4.0))
        .unwrap_or(0)
        .max(style.px(12.0));
    // Room on the left for row names and the first tick label, or the y axis' name.
    let left = style.px(8.0);
    let top = style.px(6.0);

    let (w, h) = area.dim_in_pixel();
    let min_plot = style.px(MIN_PLOT);
    if (w as i32) - left - y_area - right < min_plot || (h as i32) - x_area - top < min_plot {
        return Ok(None);
    }

    let mut chart = ChartBuilder::on(area)
        .margin_top(top)
        .margin_left(left)
        .margin_right(right)
        .x_label_area_size(x_area)
        .y_label_area_size(y_area)
        .build_cartesian_2d(axes.x, axes.y)?;

    let format = |v: &f64| tick_label(*v);
    let mut mesh = chart.configure_mesh();
    mesh.x_label_formatter(&format)
        .y_label_formatter(&format)
        .bold_line_style(style.line(opaque(theme.grid), 1.0))
        .light_line_style(TRANSPARENT)
        .axis_style(style.line(opaque(theme.axis), 1.0))
        .label_style(style.text(TICK_SIZE, theme.muted))
        .axis_desc_style(style.text(LABEL_SIZE, theme.text))
        .set_all_tick_mark_size(tick_mark);
    if !axes.x_desc.is_empty() {
        mesh.x_desc(axes.x_desc);
    }
    if !axes.y_desc.is_empty() {
        mesh.y_desc(axes.y_desc);
    }
    if !axes.y_axis {
        mesh.disable_y_mesh().disable_y_axis();
    }
    mesh.draw()?;
    Ok(Some(chart))
}

/// A plot's rectangle in backend pixels: (left, top, right, bottom), all inclusive (plotters
/// maps the axis ends onto the last pixel row and column inside the area).
pub(crate) fn plot_rect<DB: DrawingBackend>(plot: &Plot<'_, DB>) -> (i32, i32, i32, i32) {
    let (x, y) = plot.plotting_area().get_pixel_range();
    (x.start, y.start, x.end - 1, y.end - 1)
}

/// A colour with some transparency, for fills that may overlap.
pub(crate) fn translucent<C: Color>(colour: &C, alpha: f64) -> plotters::style::RGBAColor {
    colour.mix(alpha)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_inside_chinese() {
        let lines = wrap("Price vs performance of every offer", 10.0, 100, 3);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(text_width(line, 10.0) <= 100, "{line}");
        }
        assert_eq!(lines.join(" "), "Price vs performance of every offer");
        let zh = wrap("每小时价格与性能对比图表", 10.0, 50, 5);
        assert!(zh.len() >= 2);
        assert_eq!(zh.concat(), "每小时价格与性能对比图表");
    }

    #[test]
    fn wrapping_cuts_with_an_ellipsis_and_never_loops_on_tiny_widths() {
        let lines = wrap("one two three four five six", 10.0, 30, 2);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('…'));
        assert!(wrap("abc", 10.0, 1, 2).len() <= 2);
        assert!(wrap("", 10.0, 100, 2).is_empty());
    }

    #[test]
    fn chinese_is_measured_wider_than_latin_per_character() {
        assert!(text_width("价格", 10.0) > text_width("ab", 10.0));
        assert_eq!(text_width("", 10.0), 0);
        assert_eq!(
            ellipsize("abcdefghijklmnop", 10.0, 40).chars().last(),
            Some('…')
        );
    }
}
