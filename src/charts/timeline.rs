//! Cost over time: cumulative cost of each option month by month (1 to 36 months), with the
//! break-even points where one option becomes cheaper than another marked and named.
//!
//! Each line is one polyline in its series colour, with its series' marker shape at a few of
//! its points, so lines differ by shape as well as colour. The month axis ticks at 1, 2, 3, 6
//! or 12 months; the cost axis starts at zero (or below, if a line goes negative).
//! Points with a non-finite month or cost are left out of their line.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::{Circle, PathElement, Rectangle};
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{month_range, month_ticks, placeable, Axis};
use super::draw::{ChartWords, DrawResult};
use super::frame::{self, line_height, text_width, AxesSpec, LABEL_SIZE, TICK_SIZE};
use super::legend::Legend;
use super::marker::{draw_marker, MarkerLook};
use super::numbers::{fill_template, grouped_number, plain_number, readable_number};
use super::style::{opaque, ChartStyle};

/// One option's cumulative cost.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CostLine {
    pub name: String,
    /// (month, cumulative cost), by increasing month.
    pub points: Vec<(f64, f64)>,
}

/// A named point on the chart (a break-even month).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimelineMarker {
    pub label: String,
    pub x: f64,
    pub y: f64,
}

/// Everything the cost-over-time chart shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimelineData {
    pub title: String,
    /// The month axis' name ("months").
    pub x_label: String,
    /// The cost axis' name, with the currency.
    pub y_label: String,
    pub series: Vec<CostLine>,
    pub markers: Vec<TimelineMarker>,
    pub words: ChartWords,
}

/// What the UI needs after drawing: the plot and how to read a month off a pixel.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimelineLayout {
    /// The plot's rectangle (left, top, right, bottom) in backend pixels, if one was drawn.
    pub plot: Option<(i32, i32, i32, i32)>,
    /// The months at the plot's left and right edges.
    pub x_range: (f64, f64),
}

impl TimelineLayout {
    /// The month under backend pixel column `px`, if it is inside the plot.
    pub fn x_at(&self, px: i32) -> Option<f64> {
        let (left, _, right, _) = self.plot?;
        if px < left || px > right || right <= left {
            return None;
        }
        let t = f64::from(px - left) / f64::from(right - left);
        Some(self.x_range.0 + t * (self.x_range.1 - self.x_range.0))
    }
}

/// Numbers behind the chart, for a text alternative worded by the caller.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TimelineFacts {
    pub series: usize,
    pub x_range: Option<(f64, f64)>,
    /// Each line's last point, by series index (`None` for a line without points).
    pub last: Vec<Option<(f64, f64)>>,
    /// The series with the lowest cost at its last point, and the highest.
    pub cheapest: Option<usize>,
    pub dearest: Option<usize>,
    pub markers: usize,
}

fn valid(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    points
        .iter()
        .copied()
        .filter(|&(x, y)| placeable(x, false) && placeable(y, false))
        .collect()
}

impl TimelineData {
    pub fn facts(&self) -> TimelineFacts {
        let last: Vec<Option<(f64, f64)>> = self
            .series
            .iter()
            .map(|s| valid(&s.points).last().copied())
            .collect();
        let xs: Vec<f64> = self
            .series
            .iter()
            .flat_map(|s| valid(&s.points).into_iter().map(|p| p.0))
            .collect();
        let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let pick = |better: fn(f64, f64) -> bool| {
            last.iter()
                .enumerate()
                .filter_map(|(i, p)| p.map(|p| (i, p.1)))
                .fold(None::<(usize, f64)>, |best, (i, v)| match best {
                    Some((_, b)) if !better(v, b) => best,
                    _ => Some((i, v)),
                })
                .map(|(i, _)| i)
        };
        TimelineFacts {
            series: self.series.len(),
            x_range: (lo <= hi).then_some((lo, hi)),
            cheapest: pick(|v, b| v < b),
            dearest: pick(|v, b| v > b),
            last,
            markers: self
                .markers
                .iter()
                .filter(|m| placeable(m.x, false) && placeable(m.y, false))
                .count(),
        }
    }

    /// A text alternative from a template in the user's language. Placeholders: `{title}`,
    /// `{series}`, `{x_from}`, `{x_to}`, `{cheapest}`, `{cheapest_value}`, `{dearest}`,
    /// `{dearest_value}` (costs at each line's last month), `{markers}` (how many break-even
    /// points) and `{marker_list}` (their labels, joined with "; ").
    pub fn describe(&self, template: &str) -> String {
        let f = self.facts();
        let name = |i: Option<usize>| i.map(|i| self.series[i].name.clone()).unwrap_or_default();
        // A cost reads as money: digits grouped, the axis' unit (the currency) after it.
        let cost = |i: Option<usize>| {
            i.and_then(|i| f.last[i])
                .map(|p| {
                    let number = grouped_number(p.1);
                    if self.y_label.is_empty() {
                        number
                    } else {
                        format!("{number} {}", self.y_label)
                    }
                })
                .unwrap_or_default()
        };
        let list: Vec<&str> = self
            .markers
            .iter()
            .filter(|m| placeable(m.x, false) && placeable(m.y, false))
            .map(|m| m.label.as_str())
            .collect();
        fill_template(
            template,
            &[
                ("title", self.title.clone()),
                ("series", f.series.to_string()),
                (
                    "x_from",
                    f.x_range.map(|r| readable_number(r.0)).unwrap_or_default(),
                ),
                (
                    "x_to",
                    f.x_range.map(|r| readable_number(r.1)).unwrap_or_default(),
                ),
                ("cheapest", name(f.cheapest)),
                ("cheapest_value", cost(f.cheapest)),
                ("dearest", name(f.dearest)),
                ("dearest_value", cost(f.dearest)),
                ("markers", f.markers.to_string()),
                ("marker_list", list.join("; ")),
            ],
        )
    }

    /// How many break-even points are drawn: a caller words a chart without any differently
    /// from one listing them ("no break-even point", not "Break-even points: .").
    pub fn marker_count(&self) -> usize {
        self.facts().markers
    }

    /// The chart as a table: one row per month that any line has, one column per line;
    /// a line without a value at that month shows `words.unknown`.
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let mut headers = vec![self.x_label.clone()];
        headers.extend(self.series.iter().map(|s| s.name.clone()));
        let lines: Vec<Vec<(f64, f64)>> = self.series.iter().map(|s| valid(&s.points)).collect();
        let mut months: Vec<f64> = lines.iter().flatten().map(|p| p.0).collect();
        months.sort_by(f64::total_cmp);
        months.dedup();
        let rows = months
            .iter()
            .map(|&m| {
                let mut row = vec![plain_number(m)];
                row.extend(lines.iter().map(|line| {
                    line.iter()
                        .find(|p| p.0 == m)
                        .map(|p| plain_number(p.1))
                        .unwrap_or_else(|| self.words.unknown.clone())
                }));
                row
            })
            .collect();
        (headers, rows)
    }
}

/// Draws the cost-over-time chart into `area`; see the module documentation.
pub fn draw_timeline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &TimelineData,
    style: &ChartStyle,
) -> DrawResult<TimelineLayout, DB> {
    let theme = style.theme();
    let body = frame::begin(area, style, &data.title)?;
    let lines: Vec<Vec<(f64, f64)>> = data.series.iter().map(|s| valid(&s.points)).collect();
    let markers: Vec<&TimelineMarker> = data
        .markers
        .iter()
        .filter(|m| placeable(m.x, false) && placeable(m.y, false))
        .collect();
    let mut layout = TimelineLayout::default();
    let all = || {
        lines
            .iter()
            .flatten()
            .copied()
            .chain(markers.iter().map(|m| (m.x, m.y)))
    };
    if all().next().is_none() {
        frame::message(&body, style, &data.words.no_data)?;
        return Ok(layout);
    }
    let (x_min, x_max, y_min, y_max) = all().fold(
        (f64::INFINITY, f64::NEG_INFINITY, 0.0f64, f64::NEG_INFINITY),
        |(a, b, c, d), (x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
    );

    let (w, h) = body.dim_in_pixel();
    let (legend, plot_area, legend_area) = Legend::below(
        &body,
        data.series.iter().map(|s| s.name.as_str()),
        true,
        style,
    );

    let (x_lo, x_hi) = month_range(x_min, x_max);
    let x_ticks = ((style.css(w as i32) / 70.0) as usize).clamp(2, 13);
    let y_ticks = ((style.css(h as i32) / 50.0) as usize).clamp(2, 8);
    let axes = AxesSpec {
        x: Axis::new(x_lo, x_hi, false, month_ticks(x_lo, x_hi, x_ticks)),
        y: Axis::fit(y_min, y_max, false, y_ticks),
        x_desc: &data.x_label,
        y_desc: &data.y_label,
        y_axis: true,
    };
    let Some(plot) = frame::plot(&plot_area, style, axes)? else {
        return Ok(layout);
    };
    let rect = frame::plot_rect(&plot);
    layout.plot = Some(rect);
    layout.x_range = (plot.x_range().start, plot.x_range().end);

    let base = area.get_base_pixel();
    let to_area = |p: (i32, i32)| (p.0 - base.0, p.1 - base.1);
    let radius = 3.5 * style.ratio();
    let outline = Some(style.line(opaque(theme.ink), 1.0));
    for (i, line) in lines.iter().enumerate() {
        let (colour, shape) = style.series_style(i);
        let pixels: Vec<(i32, i32)> = line.iter().map(|p| plot.backend_coord(p)).collect();
        if pixels.len() >= 2 {
            area.draw(&PathElement::new(
                pixels.iter().copied().map(to_area).collect::<Vec<_>>(),
                style.line(opaque(colour), 2.0),
            ))?;
        }
        // About six markers per line, shifted per series so overlapping lines show both.
        let every = pixels.len().div_ceil(6).max(1);
        let look = MarkerLook {
            shape,
            radius,
            fill: opaque(colour),
            outline,
        };
        for (j, &p) in pixels.iter().enumerate() {
            if (j + i) % every == 0 {
                draw_marker(area, to_area(p), &look)?;
            }
        }
    }

    // Break-even points: a ring in the text colour and the caller's label beside it, flipped
    // left or below when it would leave the plot.
    let label_px = TICK_SIZE * style.ratio();
    let ring = style.px(6.0);
    let off = style.px(8.0);
    for m in markers {
        let (px, py) = plot.backend_coord(&(m.x, m.y));
        let at = to_area((px, py));
        area.draw(&Circle::new(at, ring, style.line(opaque(theme.text), 2.0)))?;
        area.draw(&Circle::new(
            at,
            style.px(2.0),
            style.fill(opaque(theme.text)),
        ))?;
        if m.label.is_empty() {
            continue;
        }
        let width = text_width(&m.label, LABEL_SIZE * style.ratio());
        let (h_pos, x) = if px + off + width <= rect.2 {
            (HPos::Left, at.0 + off)
        } else {
            (HPos::Right, at.0 - off)
        };
        let (v_pos, y) = if py - off - line_height(label_px) >= rect.1 {
            (VPos::Bottom, at.1 - off)
        } else {
            (VPos::Top, at.1 + off)
        };
        // A translucent background under the label keeps it readable where lines cross it.
        let label_h = line_height(LABEL_SIZE * style.ratio());
        let label_w = text_width(&m.label, LABEL_SIZE * style.ratio());
        let (left, top) = (
            if matches!(h_pos, HPos::Left) {
                x
            } else {
                x - label_w
            },
            if matches!(v_pos, VPos::Bottom) {
                y - label_h
            } else {
                y
            },
        );
        let halo = style.px(2.0);
        area.draw(&Rectangle::new(
            [
                (left - halo, top - halo),
                (left + label_w + halo, top + label_h + halo),
            ],
            style.fill(frame::translucent(&theme.background, 0.8)),
        ))?;
        let text = style
            .bold(LABEL_SIZE, theme.text)
            .pos(Pos::new(h_pos, v_pos));
        area.draw_text(&m.label, &text, (x, y))?;
    }

    legend.draw(&legend_area, style)?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{attr, elements, hex, render, texts};

    /// Buying at 30,000 vs renting at 2,000 a month vs renting at 1,200 a month plus 8,000 up
    /// front, over 36 months.
    fn fixture() -> TimelineData {
        let line = |name: &str, start: f64, monthly: f64| CostLine {
            name: name.into(),
            points: (1..=36)
                .map(|m| (f64::from(m), start + monthly * f64::from(m)))
                .collect(),
        };
        TimelineData {
            title: "Cost over time".into(),
            x_label: "months".into(),
            y_label: "USD".into(),
            series: vec![
                line("Buy", 30_000.0, 150.0),
                line("On-demand", 0.0, 2_000.0),
                line("Reserved", 8_000.0, 1_200.0),
            ],
            markers: vec![
                TimelineMarker {
                    label: "Buying pays off: month 17".into(),
                    x: 16.2,
                    y: 32_430.0,
                },
                TimelineMarker {
                    label: "Reserved pays off: month 10".into(),
                    x: 10.0,
                    y: 20_000.0,
                },
            ],
            words: ChartWords {
                no_data: "No costs".into(),
                unknown: "unknown".into(),
                ..ChartWords::default()
            },
        }
    }

    fn draw(data: &TimelineData, w: u32, h: u32, style: &ChartStyle) -> (String, TimelineLayout) {
        render(w, h, |area| draw_timeline(area, data, style).unwrap())
    }

    /// Polylines of `colour` with exactly `n` vertices.
    fn paths(svg: &str, colour: &str, n: usize) -> usize {
        elements(svg, "polyline")
            .into_iter()
            .filter(|e| e.contains(&format!("stroke=\"{colour}\"")))
            .filter(|e| attr(e, "points").map(|p| p.split_whitespace().count()) == Some(n))
            .count()
    }

    #[test]
    fn each_series_is_one_path_and_the_markers_are_named() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 800, 450, &style);
        for i in 0..3 {
            crate::testing::save("timeline", &svg);
            let phone = draw(&fixture(), 360, 400, &ChartStyle::new(1.0, true)).0;
            crate::testing::save("timeline-phone-dark", &phone);
            assert_eq!(
                paths(&svg, &hex(style.series_style(i).0), 36),
                1,
                "series {i}"
            );
        }
        let texts = texts(&svg);
        for expected in [
            "Cost over time",
            "months",
            "USD",
            "Buy",
            "On-demand",
            "Reserved",
            "Buying pays off: month 17",
            "Reserved pays off: month 10",
        ] {
            assert!(texts.iter().any(|t| t == expected), "{expected}: {texts:?}");
        }
        // Month ticks every 6 months, costs with short numbers.
        for tick in ["0", "6", "12", "36", "20k"] {
            assert!(texts.iter().any(|t| t == tick), "{tick}: {texts:?}");
        }
    }

    #[test]
    fn lines_also_differ_by_marker_shape() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 800, 450, &style);
        // Series 0 is circles, 1 squares (polygons), 2 triangles (polygons): six markers each
        // along the line plus the legend key.
        let filled = |tag: &str, i: usize| {
            crate::testing::count_with(&svg, tag, "fill", &hex(style.series_style(i).0))
        };
        assert_eq!(filled("circle", 0), 7);
        assert_eq!(filled("polygon", 1), 7);
        assert_eq!(filled("polygon", 2), 7);
    }

    #[test]
    fn a_pixel_column_reads_back_as_a_month() {
        let style = ChartStyle::default();
        let (_, layout) = draw(&fixture(), 800, 450, &style);
        let (l, _, r, _) = layout.plot.unwrap();
        assert_eq!(layout.x_range, (0.0, 36.0));
        assert_eq!(layout.x_at(l), Some(0.0));
        assert_eq!(layout.x_at(r), Some(36.0));
        assert!((layout.x_at((l + r) / 2).unwrap() - 18.0).abs() < 0.2);
        assert_eq!(layout.x_at(r + 1), None);
    }

    #[test]
    fn describe_and_table_report_the_data() {
        let data = fixture();
        assert_eq!(
            data.describe(
                "{title} over {x_from}–{x_to} months: after that {cheapest} costs \
                 {cheapest_value}, {dearest} {dearest_value}. {markers} break-even points: \
                 {marker_list}."
            ),
            "Cost over time over 1–36 months: after that Buy costs 35,400 USD, On-demand \
             72,000 USD. 2 break-even points: Buying pays off: month 17; Reserved pays off: month 10."
        );
        assert_eq!(data.marker_count(), 2);
        let mut none = data.clone();
        none.markers.clear();
        assert_eq!(none.marker_count(), 0);
        let (headers, rows) = data.table();
        assert_eq!(headers, vec!["months", "Buy", "On-demand", "Reserved"]);
        assert_eq!(rows.len(), 36);
        assert_eq!(rows[0], vec!["1", "30150", "2000", "9200"]);
        let mut gappy = data.clone();
        gappy.series[1].points.truncate(2);
        assert_eq!(gappy.table().1[5][2], "unknown");
    }

    #[test]
    fn empty_and_hostile_data_never_panic() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&TimelineData::default(), 400, 300, &style);
        assert!(layout.plot.is_none());
        assert!(!svg.contains("NaN"));
        let mut data = fixture();
        data.series[0].points = vec![(f64::NAN, 1.0), (2.0, f64::INFINITY), (-3.0, -50.0)];
        data.series[1].points.clear();
        data.markers.push(TimelineMarker {
            label: String::new(),
            x: f64::NAN,
            y: 0.0,
        });
        for (w, h) in [(800, 450), (360, 300), (20, 20), (0, 0)] {
            let (svg, _) = draw(&data, w, h, &style);
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{w}x{h}");
        }
        let only_bad = TimelineData {
            series: vec![CostLine {
                name: "x".into(),
                points: vec![(f64::NAN, f64::NAN)],
            }],
            ..fixture()
        };
        let only_bad = TimelineData {
            markers: vec![],
            ..only_bad
        };
        let (svg, _) = draw(&only_bad, 400, 300, &style);
        assert!(texts(&svg).contains(&"No costs".to_string()));
    }
}
