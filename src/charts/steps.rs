//! How a price moved: one step line per series (a region), flat from each recorded value to
//! the next, and on to the end of the axis (today).
//!
//! A price holds its value until the next one, so the line is drawn as steps, never as a slope
//! between values. Each value is a marker in its series' shape; a value whose date is an
//! estimate is drawn hollow, and its label (from the caller) says so too. The x axis is days
//! (any day count: the caller's), labelled with the caller's date words at the values; the
//! price axis starts at zero, so a step's height reads as its share of the price.
//! Steps with a non-finite day or a non-finite or negative value are left out.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::PathElement;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{placeable, Axis};
use super::draw::{ChartWords, DrawResult};
use super::frame::{self, text_width, AxesSpec, TICK_SIZE};
use super::legend::Legend;
use super::marker::{draw_marker, MarkerLook};
use super::numbers::fill_template;
use super::style::{opaque, ChartStyle};

/// One recorded value.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Step {
    /// The day it took effect, as a day count.
    pub x: f64,
    pub value: f64,
    /// The date as the caller writes it ("2026-07-22", "≈ 2025").
    pub date: String,
    /// The value as the caller writes it, with its unit or currency.
    pub value_text: String,
    /// Where it comes from, for the table.
    pub source: String,
    /// The date is an estimate: the marker is hollow.
    pub estimated: bool,
}

/// One price's values, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepSeries {
    pub name: String,
    pub steps: Vec<Step>,
}

/// Everything the price-history chart shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepsData {
    pub title: String,
    /// The date axis' name.
    pub x_label: String,
    /// The price axis' name, with its unit.
    pub y_label: String,
    pub series: Vec<StepSeries>,
    /// Where the last value of each line ends (today), if after its last step.
    pub end_x: Option<f64>,
    /// `name`: the table's series heading; `group`: its source heading.
    pub words: ChartWords,
}

/// What the UI needs after drawing: the plot and where each value's marker is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepsLayout {
    pub plot: Option<(i32, i32, i32, i32)>,
    /// (series, step, backend pixel) of every marker drawn.
    pub markers: Vec<(usize, usize, (i32, i32))>,
}

impl StepsLayout {
    /// The marker within `radius` backend pixels of `(x, y)`, nearest first.
    pub fn hit(&self, x: i32, y: i32, radius: i32) -> Option<(usize, usize)> {
        self.markers
            .iter()
            .map(|&(s, i, (px, py))| (s, i, i64::from(px - x).pow(2) + i64::from(py - y).pow(2)))
            .filter(|&(_, _, d)| d <= i64::from(radius).pow(2))
            .min_by_key(|&(_, _, d)| d)
            .map(|(s, i, _)| (s, i))
    }
}

/// Numbers behind the chart, for a text alternative worded by the caller.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepsFacts {
    pub series: usize,
    /// Values drawn, over all series.
    pub steps: usize,
    /// Steps whose value differs from the one before.
    pub changes: usize,
}

fn valid(steps: &[Step]) -> Vec<&Step> {
    steps
        .iter()
        .filter(|s| placeable(s.x, false) && placeable(s.value, false) && s.value >= 0.0)
        .collect()
}

impl StepsData {
    pub fn facts(&self) -> StepsFacts {
        let lines: Vec<Vec<&Step>> = self.series.iter().map(|s| valid(&s.steps)).collect();
        StepsFacts {
            series: self.series.len(),
            steps: lines.iter().map(Vec::len).sum(),
            changes: lines
                .iter()
                .map(|l| l.windows(2).filter(|w| w[0].value != w[1].value).count())
                .sum(),
        }
    }

    /// A text alternative from a template. Placeholders: `{title}`, `{series}`, `{steps}`,
    /// `{changes}` and `{list}` (each series as "name: value (date) → value (date)", joined
    /// with "; ").
    pub fn describe(&self, template: &str) -> String {
        let f = self.facts();
        let list: Vec<String> = self
            .series
            .iter()
            .map(|s| {
                let values: Vec<String> = valid(&s.steps)
                    .iter()
                    .map(|step| format!("{} ({})", step.value_text, step.date))
                    .collect();
                format!("{}: {}", s.name, values.join(" → "))
            })
            .collect();
        fill_template(
            template,
            &[
                ("title", self.title.clone()),
                ("series", f.series.to_string()),
                ("steps", f.steps.to_string()),
                ("changes", f.changes.to_string()),
                ("list", list.join("; ")),
            ],
        )
    }

    /// The chart as a table: one row per value, series by series: name, date, value, source.
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let headers = vec![
            self.words.name.clone(),
            self.x_label.clone(),
            self.y_label.clone(),
            self.words.group.clone(),
        ];
        let rows = self
            .series
            .iter()
            .flat_map(|s| {
                valid(&s.steps).into_iter().map(|step| {
                    vec![
                        s.name.clone(),
                        step.date.clone(),
                        step.value_text.clone(),
                        step.source.clone(),
                    ]
                })
            })
            .collect();
        (headers, rows)
    }
}

/// Draws the price-history chart into `area`; see the module documentation.
pub fn draw_steps<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &StepsData,
    style: &ChartStyle,
) -> DrawResult<StepsLayout, DB> {
    let theme = style.theme();
    let body = frame::begin(area, style, &data.title)?;
    let lines: Vec<Vec<&Step>> = data.series.iter().map(|s| valid(&s.steps)).collect();
    let mut layout = StepsLayout::default();
    let Some(first) = lines.iter().flatten().map(|s| s.x).min_by(f64::total_cmp) else {
        frame::message(&body, style, &data.words.no_data)?;
        return Ok(layout);
    };
    let last = lines
        .iter()
        .flatten()
        .map(|s| s.x)
        .chain(data.end_x.filter(|x| placeable(*x, false)))
        .fold(first, f64::max);
    let top = lines.iter().flatten().map(|s| s.value).fold(0.0, f64::max);
    // A little room either side, so the first and last markers are not cut by the frame; a
    // single day gets a month around it.
    let pad = ((last - first) * 0.04).max(15.0);
    let (x_lo, x_hi) = (first - pad, last + pad);

    let (_, h) = body.dim_in_pixel();
    let (legend, plot_area, legend_area) = Legend::below(
        &body,
        data.series.iter().map(|s| s.name.as_str()),
        true,
        style,
    );
    let y_ticks = ((style.css(h as i32) / 50.0) as usize).clamp(2, 6);
    // The x axis has no numeric ticks: its labels are the caller's dates, drawn below.
    let axes = AxesSpec {
        x: Axis::new(x_lo, x_hi, false, Vec::new()),
        y: Axis::fit(0.0, top, false, y_ticks),
        x_desc: &data.x_label,
        y_desc: &data.y_label,
        y_axis: true,
    };
    let Some(plot) = frame::plot(&plot_area, style, axes)? else {
        return Ok(layout);
    };
    let rect = frame::plot_rect(&plot);
    layout.plot = Some(rect);

    let base = area.get_base_pixel();
    let to_area = |p: (i32, i32)| (p.0 - base.0, p.1 - base.1);
    let radius = 4.0 * style.ratio();
    let end = data.end_x.filter(|x| placeable(*x, false));
    for (i, line) in lines.iter().enumerate() {
        let (colour, shape) = style.series_style(i);
        let mut corners: Vec<(f64, f64)> = Vec::new();
        for (j, step) in line.iter().enumerate() {
            if j > 0 {
                corners.push((step.x, line[j - 1].value));
            }
            corners.push((step.x, step.value));
        }
        if let (Some(end), Some(final_step)) = (end, line.last()) {
            if end > final_step.x {
                corners.push((end, final_step.value));
            }
        }
        let pixels: Vec<(i32, i32)> = corners
            .iter()
            .map(|p| to_area(plot.backend_coord(p)))
            .collect();
        if pixels.len() >= 2 {
            area.draw(&PathElement::new(pixels, style.line(opaque(colour), 2.0)))?;
        }
        for (j, step) in line.iter().enumerate() {
            let at = plot.backend_coord(&(step.x, step.value));
            // An estimated date: hollow, in the background colour with the series' outline.
            let look = MarkerLook {
                shape,
                radius,
                fill: opaque(if step.estimated {
                    theme.background
                } else {
                    colour
                }),
                outline: Some(style.line(
                    opaque(if step.estimated { colour } else { theme.ink }),
                    if step.estimated { 2.0 } else { 1.0 },
                )),
            };
            draw_marker(area, to_area(at), &look)?;
            let index = data.series[i]
                .steps
                .iter()
                .position(|s| std::ptr::eq(s, *step))
                .unwrap_or(j);
            layout.markers.push((i, index, at));
        }
    }

    // Date labels under the axis at the values, left to right, each only where it does not
    // run into the one before.
    let mut dated: Vec<(i32, &str)> = lines
        .iter()
        .flatten()
        .map(|s| (plot.backend_coord(&(s.x, 0.0)).0, s.date.as_str()))
        .collect();
    dated.sort_by_key(|d| d.0);
    let tick_px = TICK_SIZE * style.ratio();
    let label_y = rect.3 + style.px(6.0);
    let mut free_from = i32::MIN;
    let text = style
        .text(TICK_SIZE, theme.muted)
        .pos(Pos::new(HPos::Center, VPos::Top));
    let (area_w, _) = area.dim_in_pixel();
    for (x, date) in dated {
        let width = text_width(date, tick_px);
        let left = (x - width / 2).max(0);
        if left < free_from || date.is_empty() || left + width > area_w as i32 + base.0 {
            continue;
        }
        area.draw_text(date, &text, to_area((left + width / 2, label_y)))?;
        free_from = left + width + style.px(8.0);
    }

    legend.draw(&legend_area, style)?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{attr, elements, hex, render, texts};

    /// GCP's a3-highgpu-8g in us-central1: 43.07 (an estimate, ~2025), then 88.49 from
    /// 2026-07-22 and confirmed 2026-10-04; and a second region that never moved.
    fn fixture() -> StepsData {
        let step = |x: f64, value: f64, date: &str, estimated: bool| Step {
            x,
            value,
            date: date.into(),
            value_text: format!("${value}"),
            source: "list".into(),
            estimated,
        };
        StepsData {
            title: "Price history".into(),
            x_label: "Date".into(),
            y_label: "USD / hour".into(),
            series: vec![
                StepSeries {
                    name: "us-central1".into(),
                    steps: vec![
                        step(20_089.0, 43.07, "≈ 2025", true),
                        step(20_656.0, 88.49, "2026-07-22", false),
                        step(20_730.0, 88.49, "2026-10-04", false),
                    ],
                },
                StepSeries {
                    name: "europe-west4".into(),
                    steps: vec![step(20_200.0, 60.0, "2025-04-23", false)],
                },
            ],
            end_x: Some(20_789.0),
            words: ChartWords {
                no_data: "No history".into(),
                unknown: "unknown".into(),
                name: "Region".into(),
                group: "Source".into(),
                ..ChartWords::default()
            },
        }
    }

    fn draw(data: &StepsData, w: u32, h: u32, style: &ChartStyle) -> (String, StepsLayout) {
        render(w, h, |area| draw_steps(area, data, style).unwrap())
    }

    #[test]
    fn each_series_is_one_step_path_that_runs_on_to_today() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&fixture(), 700, 320, &style);
        crate::testing::save("steps", &svg);
        let lines = |i: usize| -> Vec<Vec<(f64, f64)>> {
            elements(&svg, "polyline")
                .into_iter()
                .filter(|e| e.contains(&format!("stroke=\"{}\"", hex(style.series_style(i).0))))
                .filter_map(|e| attr(e, "points"))
                .map(|p| {
                    p.split_whitespace()
                        .filter_map(|xy| xy.split_once(','))
                        .map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap()))
                        .collect()
                })
                .collect()
        };
        // Three values: a riser before each later one, and a last flat run to today: 3 + 2 + 1.
        // Each series: its line and its legend key (a short two-point line below the plot).
        let first = lines(0);
        assert_eq!(first.len(), 2, "{first:?}");
        let p = &first[0];
        assert_eq!(p.len(), 6);
        // Steps: every other segment is vertical (same x) or flat (same y), never a slope.
        for w in p.windows(2) {
            assert!(
                w[0].0 == w[1].0 || w[0].1 == w[1].1,
                "a sloped segment {w:?}"
            );
        }
        // The move up is drawn up (smaller y), and the line ends right of its last value.
        assert!(p[2].1 < p[1].1);
        assert!(p[5].0 > p[4].0);
        // One value and today: a flat run.
        let second = lines(1);
        assert_eq!(second.len(), 2);
        assert_eq!(second[0].len(), 2);
        assert_eq!(second[0][0].1, second[0][1].1);
        assert_eq!(layout.markers.len(), 4);
        let texts = texts(&svg);
        for expected in [
            "Price history",
            "Date",
            "USD / hour",
            "≈ 2025",
            "2026-07-22",
            "us-central1",
            "europe-west4",
        ] {
            assert!(texts.iter().any(|t| t == expected), "{expected}: {texts:?}");
        }
    }

    #[test]
    fn an_estimated_date_is_hollow_and_series_differ_by_shape() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 700, 320, &style);
        let background = hex(style.theme().background);
        // Series 0 is circles: the estimate hollow (background fill), two filled plus the
        // legend key; series 1 squares (polygons).
        let colour0 = hex(style.series_style(0).0);
        assert_eq!(
            crate::testing::count_with(&svg, "circle", "fill", &background),
            1
        );
        assert_eq!(
            crate::testing::count_with(&svg, "circle", "fill", &colour0),
            3
        );
        let colour1 = hex(style.series_style(1).0);
        assert!(crate::testing::count_with(&svg, "polygon", "fill", &colour1) >= 2);
    }

    #[test]
    fn a_marker_is_found_under_the_pointer() {
        let (_, layout) = draw(&fixture(), 700, 320, &ChartStyle::default());
        let (s, i, (x, y)) = layout.markers[1];
        assert_eq!(layout.hit(x + 2, y - 2, 8), Some((s, i)));
        assert_eq!((s, i), (0, 1));
        assert_eq!(layout.hit(-100, -100, 8), None);
    }

    #[test]
    fn describe_and_table_report_every_value() {
        let data = fixture();
        assert_eq!(
            data.describe("{title}: {series} prices, {changes} change(s). {list}"),
            "Price history: 2 prices, 1 change(s). us-central1: $43.07 (≈ 2025) → $88.49 \
             (2026-07-22) → $88.49 (2026-10-04); europe-west4: $60 (2025-04-23)"
        );
        let (headers, rows) = data.table();
        assert_eq!(headers, ["Region", "Date", "USD / hour", "Source"]);
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[0], ["us-central1", "≈ 2025", "$43.07", "list"]);
        assert_eq!(
            data.facts(),
            StepsFacts {
                series: 2,
                steps: 4,
                changes: 1
            }
        );
    }

    #[test]
    fn empty_and_hostile_data_never_panic() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&StepsData::default(), 400, 300, &style);
        assert!(layout.plot.is_none());
        assert!(!svg.contains("NaN"));
        let mut data = fixture();
        data.series[0].steps[0].x = f64::NAN;
        data.series[0].steps[1].value = f64::INFINITY;
        data.series[1].steps[0].value = -5.0;
        data.end_x = Some(f64::NEG_INFINITY);
        data.series.push(StepSeries::default());
        for (w, h) in [(700, 320), (360, 260), (20, 20), (0, 0)] {
            let (svg, _) = draw(&data, w, h, &style);
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{w}x{h}");
        }
        let only_bad = StepsData {
            series: vec![StepSeries {
                name: "x".into(),
                steps: vec![Step {
                    x: f64::NAN,
                    value: f64::NAN,
                    ..Step::default()
                }],
            }],
            ..fixture()
        };
        let (svg, _) = draw(&only_bad, 400, 300, &style);
        assert!(texts(&svg).contains(&"No history".to_string()));
        // Tens of thousands of values draw without trouble.
        let mut many = fixture();
        many.series[0].steps = (0..20_000)
            .map(|i| Step {
                x: f64::from(i),
                value: f64::from(i % 7),
                ..Step::default()
            })
            .collect();
        let (svg, _) = draw(&many, 800, 400, &style);
        assert!(!svg.contains("NaN"));
    }
}
