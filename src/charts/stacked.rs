//! Score breakdown: one horizontal stacked bar per compared offer, one segment per scoring
//! criterion, so the user sees what each score is made of.
//!
//! Parts are contributions to a score and cannot be negative: a part that is negative, not
//! finite or absurdly large draws as zero (no segment) and adds nothing to the total. At most
//! [`MAX_ROWS`] offers are drawn (the comparison holds no more); the table keeps them all.
//! Segments are separated by a thin gap and carry their criterion's marker shape when wide
//! enough, so criteria differ by more than colour; the legend names them.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;

use super::axis::{placeable, Axis};
use super::draw::{ChartWords, DrawResult};
use super::frame::{self, AxesSpec};
use super::legend::Legend;
use super::marker::{draw_marker, MarkerLook};
use super::numbers::{fill_template, plain_number, readable_number};
use super::rows;
use super::style::{opaque, ChartStyle};

/// The most rows drawn.
pub const MAX_ROWS: usize = 8;

/// One compared offer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StackedRow {
    pub label: String,
    /// One part per criterion, in the order of [`StackedData::criteria`]; missing parts
    /// count as zero, extra ones are ignored.
    pub parts: Vec<f64>,
}

/// Everything the score breakdown shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StackedData {
    pub title: String,
    /// The value axis' name ("score"); may be empty.
    pub value_label: String,
    /// Criterion names: the legend.
    pub criteria: Vec<String>,
    pub rows: Vec<StackedRow>,
    pub words: ChartWords,
}

/// Where each drawn row and segment is, for tooltips.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StackedLayout {
    pub rows: Vec<StackedRowLayout>,
}

/// One drawn row, in backend pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackedRowLayout {
    /// Index into [`StackedData::rows`].
    pub index: usize,
    pub top: i32,
    pub bottom: i32,
    /// Per criterion, the segment's left and right pixel, if it was drawn.
    pub segments: Vec<Option<(i32, i32)>>,
}

impl StackedLayout {
    /// The row under (`px`, `py`) and, if the pointer is on a segment, its criterion.
    pub fn hit(&self, px: i32, py: i32) -> Option<(usize, Option<usize>)> {
        let row = self.rows.iter().find(|r| r.top <= py && py < r.bottom)?;
        let criterion = row
            .segments
            .iter()
            .position(|s| s.is_some_and(|(x0, x1)| x0 <= px && px <= x1));
        Some((row.index, criterion))
    }
}

/// Numbers behind the chart, for a text alternative worded by the caller.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StackedFacts {
    pub rows: usize,
    pub criteria: usize,
    /// Each row's total, as drawn.
    pub totals: Vec<f64>,
    /// The row with the highest total (first of equals), and the lowest.
    pub top: Option<usize>,
    pub bottom: Option<usize>,
}

/// A part as drawn: see the module documentation.
fn part(value: f64) -> f64 {
    if placeable(value, false) && value > 0.0 {
        value
    } else {
        0.0
    }
}

impl StackedData {
    /// Row `r`'s parts as drawn, one per criterion.
    fn parts(&self, r: usize) -> Vec<f64> {
        (0..self.criteria.len())
            .map(|c| self.rows[r].parts.get(c).copied().map_or(0.0, part))
            .collect()
    }

    pub fn facts(&self) -> StackedFacts {
        let totals: Vec<f64> = (0..self.rows.len())
            .map(|r| self.parts(r).iter().sum())
            .collect();
        let pick = |better: fn(f64, f64) -> bool| {
            totals
                .iter()
                .enumerate()
                .fold(None::<(usize, f64)>, |best, (i, &v)| match best {
                    Some((_, b)) if !better(v, b) => best,
                    _ => Some((i, v)),
                })
                .map(|(i, _)| i)
        };
        StackedFacts {
            rows: self.rows.len(),
            criteria: self.criteria.len(),
            top: pick(|v, b| v > b),
            bottom: pick(|v, b| v < b),
            totals,
        }
    }

    /// A text alternative from a template in the user's language. Placeholders: `{title}`,
    /// `{rows}`, `{criteria}`, `{top}`, `{top_total}`, `{bottom}`, `{bottom_total}`.
    pub fn describe(&self, template: &str) -> String {
        let f = self.facts();
        let name = |i: Option<usize>| i.map(|i| self.rows[i].label.clone()).unwrap_or_default();
        let total = |i: Option<usize>| i.map(|i| readable_number(f.totals[i])).unwrap_or_default();
        fill_template(
            template,
            &[
                ("title", self.title.clone()),
                ("rows", f.rows.to_string()),
                ("criteria", f.criteria.to_string()),
                ("top", name(f.top)),
                ("top_total", total(f.top)),
                ("bottom", name(f.bottom)),
                ("bottom_total", total(f.bottom)),
            ],
        )
    }

    /// The chart as a table: name, one column per criterion, total; every row. Parts are
    /// written as given (a non-finite one as `words.unknown`); the total is the drawn one.
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let mut headers = vec![self.words.name.clone()];
        headers.extend(self.criteria.iter().cloned());
        headers.push(self.words.total.clone());
        let totals = self.facts().totals;
        let rows = self
            .rows
            .iter()
            .zip(totals)
            .map(|(row, total)| {
                let mut cells = vec![row.label.clone()];
                cells.extend((0..self.criteria.len()).map(|c| match row.parts.get(c) {
                    Some(v) if v.is_finite() => plain_number(*v),
                    Some(_) => self.words.unknown.clone(),
                    None => plain_number(0.0),
                }));
                cells.push(plain_number(total));
                cells
            })
            .collect();
        (headers, rows)
    }
}

/// Draws the score breakdown into `area`; see the module documentation.
pub fn draw_stacked<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &StackedData,
    style: &ChartStyle,
) -> DrawResult<StackedLayout, DB> {
    let theme = style.theme();
    let body = frame::begin(area, style, &data.title)?;
    let mut layout = StackedLayout::default();
    let shown = data.rows.len().min(MAX_ROWS);
    if shown == 0 || data.criteria.is_empty() {
        frame::message(&body, style, &data.words.no_data)?;
        return Ok(layout);
    }
    let parts: Vec<Vec<f64>> = (0..shown).map(|r| data.parts(r)).collect();
    let max = parts
        .iter()
        .map(|p| p.iter().sum::<f64>())
        .fold(0.0, f64::max);

    let (w, _) = body.dim_in_pixel();
    let (legend, plot_area, legend_area) = Legend::below(
        &body,
        data.criteria.iter().map(String::as_str),
        false,
        style,
    );

    let ticks = ((style.css(w as i32) / 100.0) as usize).clamp(2, 6);
    let axes = AxesSpec {
        x: Axis::fit(0.0, max, false, ticks),
        y: rows::row_axis(shown),
        x_desc: &data.value_label,
        y_desc: "",
        y_axis: false,
    };
    let Some(plot) = frame::plot(&plot_area, style, axes)? else {
        return Ok(layout);
    };
    let rect = frame::plot_rect(&plot);
    let bands = rows::bands(&plot, shown, style);
    let y0 = plot.y_range().start;
    let x_of = |v: f64| plot.backend_coord(&(v, y0)).0;
    let base = area.get_base_pixel();
    let separator = style.px(1.0);
    let radius = 3.5 * style.ratio();
    let outline = Some(style.line(opaque(theme.ink), 1.0));
    for (r, band) in bands.iter().enumerate() {
        rows::draw_name(area, rect, band, &data.rows[r].label, false, style)?;
        let mut segments = Vec::with_capacity(parts[r].len());
        let mut sum = 0.0;
        for (c, &v) in parts[r].iter().enumerate() {
            if v <= 0.0 {
                segments.push(None);
                continue;
            }
            let (x0, x1) = (x_of(sum), x_of(sum + v));
            sum += v;
            // A background-coloured gap before every segment but the first keeps neighbours
            // apart even where their colours are close.
            let x0 = if x0 > x_of(0.0) { x0 + separator } else { x0 };
            if x1 <= x0 {
                segments.push(None);
                continue;
            }
            let (colour, shape) = style.series_style(c);
            rows::draw_segment(area, band, (x0, x1), colour, style)?;
            if f64::from(x1 - x0) >= 4.0 * radius
                && f64::from(band.bar_bottom - band.bar_top) >= 2.5 * radius
            {
                let look = MarkerLook {
                    shape,
                    radius,
                    fill: opaque(colour),
                    outline,
                };
                let at = (
                    (x0 + x1) / 2 - base.0,
                    (band.bar_top + band.bar_bottom) / 2 - base.1,
                );
                draw_marker(area, at, &look)?;
            }
            segments.push(Some((x0, x1)));
        }
        if sum > 0.0 {
            let (x0, x1) = (x_of(0.0), x_of(sum));
            let total = readable_number(sum);
            rows::draw_value(area, rect, band, (x0, x1), &total, theme.background, style)?;
        }
        layout.rows.push(StackedRowLayout {
            index: r,
            top: band.top,
            bottom: band.bottom,
            segments,
        });
    }

    legend.draw(&legend_area, style)?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{count_with, elements, hex, position, render, texts};

    fn fixture() -> StackedData {
        StackedData {
            title: "Score breakdown".into(),
            value_label: "score".into(),
            criteria: vec!["Price".into(), "Speed".into(), "Memory".into()],
            rows: vec![
                StackedRow {
                    label: "H100 at Lambda".into(),
                    parts: vec![30.0, 40.0, 12.0],
                },
                StackedRow {
                    label: "A100 at AWS".into(),
                    parts: vec![20.0, 25.0, 10.0],
                },
                StackedRow {
                    label: "MI300X at Azure".into(),
                    parts: vec![25.0, 30.0, 20.0],
                },
                StackedRow {
                    label: "L40S at AutoDL".into(),
                    parts: vec![35.0, 15.0, 8.0],
                },
            ],
            words: ChartWords {
                no_data: "Pick offers to compare".into(),
                unknown: "unknown".into(),
                name: "Offer".into(),
                group: String::new(),
                total: "Total".into(),
            },
        }
    }

    fn draw(data: &StackedData, w: u32, h: u32, style: &ChartStyle) -> (String, StackedLayout) {
        render(w, h, |area| draw_stacked(area, data, style).unwrap())
    }

    #[test]
    fn every_row_has_one_rectangle_per_part() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&fixture(), 700, 420, &style);
        // The background, then 4 rows × 3 parts.
        assert_eq!(elements(&svg, "rect").len(), 1 + 4 * 3);
        for c in 0..3 {
            assert_eq!(
                count_with(&svg, "rect", "fill", &hex(style.series_style(c).0)),
                4
            );
        }
        assert_eq!(layout.rows.len(), 4);
        assert!(layout
            .rows
            .iter()
            .all(|r| r.segments.iter().all(Option::is_some)));
    }

    #[test]
    fn title_axis_legend_rows_and_totals_are_shown_in_order() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 700, 420, &style);
        let texts = texts(&svg);
        crate::testing::save("stacked", &svg);
        let phone = draw(&fixture(), 360, 420, &ChartStyle::new(1.0, true)).0;
        crate::testing::save("stacked-phone-dark", &phone);
        for expected in [
            "Score breakdown",
            "score",
            "Price",
            "Speed",
            "Memory",
            "82",
            "58",
        ] {
            assert!(texts.iter().any(|t| t == expected), "{expected}: {texts:?}");
        }
        let rows: Vec<usize> = [
            "H100 at Lambda",
            "A100 at AWS",
            "MI300X at Azure",
            "L40S at AutoDL",
        ]
        .iter()
        .map(|l| position(&texts, l).unwrap())
        .collect();
        assert!(rows.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn segments_follow_each_other_and_the_pointer_finds_them() {
        let style = ChartStyle::default();
        let (_, layout) = draw(&fixture(), 700, 420, &style);
        let row = &layout.rows[0];
        let segs: Vec<(i32, i32)> = row.segments.iter().map(|s| s.unwrap()).collect();
        assert!(segs
            .windows(2)
            .all(|w| w[0].1 < w[1].0 && w[1].0 - w[0].1 <= 2));
        let mid = (row.top + row.bottom) / 2;
        assert_eq!(
            layout.hit((segs[1].0 + segs[1].1) / 2, mid),
            Some((0, Some(1)))
        );
        assert_eq!(layout.hit(segs[2].1 + 50, mid), Some((0, None)));
        assert_eq!(layout.hit(0, -5), None);
    }

    #[test]
    fn bad_parts_draw_as_zero_and_rows_are_capped() {
        let style = ChartStyle::default();
        let mut data = fixture();
        data.rows[0].parts = vec![f64::NAN, -5.0, 12.0, 99.0];
        data.rows[1].parts = vec![10.0];
        let (svg, layout) = draw(&data, 700, 420, &style);
        assert_eq!(elements(&svg, "rect").len(), 1 + 1 + 1 + 3 + 3);
        let first = &layout.rows[0].segments;
        assert!(first[0].is_none() && first[1].is_none() && first[2].is_some());
        assert_eq!(data.facts().totals[0], 12.0);
        data.rows = (0..20)
            .map(|i| StackedRow {
                label: format!("Offer {i}"),
                parts: vec![1.0, 2.0, 3.0],
            })
            .collect();
        let (_, layout) = draw(&data, 700, 600, &style);
        assert_eq!(layout.rows.len(), MAX_ROWS);
        assert_eq!(data.table().1.len(), 20);
    }

    #[test]
    fn describe_and_table_report_the_data() {
        let mut data = fixture();
        assert_eq!(
            data.describe("{title}: {rows} offers on {criteria} criteria; best {top} ({top_total}), last {bottom} ({bottom_total})."),
            "Score breakdown: 4 offers on 3 criteria; best H100 at Lambda (82), last A100 at AWS (55)."
        );
        data.rows[1].parts[2] = f64::NAN;
        let (headers, rows) = data.table();
        assert_eq!(headers, vec!["Offer", "Price", "Speed", "Memory", "Total"]);
        assert_eq!(rows[0], vec!["H100 at Lambda", "30", "40", "12", "82"]);
        assert_eq!(rows[1], vec!["A100 at AWS", "20", "25", "unknown", "45"]);
    }

    #[test]
    fn empty_and_hostile_data_never_panic() {
        let style = ChartStyle::new(2.0, true);
        let (svg, layout) = draw(&StackedData::default(), 400, 300, &style);
        assert!(layout.rows.is_empty());
        assert!(!svg.contains("NaN"));
        let mut data = fixture();
        for row in &mut data.rows {
            row.parts = vec![f64::INFINITY, f64::NEG_INFINITY, 0.0];
        }
        for (w, h) in [(700, 420), (360, 300), (10, 10), (0, 0)] {
            let (svg, _) = draw(&data, w, h, &style);
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
        data.criteria.clear();
        let (svg, _) = draw(&data, 400, 300, &style);
        assert!(texts(&svg).contains(&"Pick offers to compare".to_string()));
    }
}
