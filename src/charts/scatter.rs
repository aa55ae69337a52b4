//! Price vs performance: one marker per offer, coloured and shaped by series (usually the
//! provider), with the Pareto frontier drawn through the offers nothing beats.
//!
//! Convention: x is the price-like value (lower is better), y the performance-like value
//! (higher is better); the facts' "best" offer is the one with the lowest x per unit of y.
//!
//! An offer can be placed only if both its values are finite and positive: a price or a metric
//! of zero or less means "unknown" in this app, and a log axis could not place it anyway.
//! The rule does not depend on the axis kind, so the count of offers not shown does not change
//! when the axes switch between linear and log. Each axis turns logarithmic on its own when
//! its values span more than [`LOG_DECADES`](super::LOG_DECADES) powers of ten.
//!
//! Legend: every name in `series` gets an entry. The palette has eight colours, so callers with
//! more series (providers) call [`ScatterData::fold_series`] to keep the seven largest and an
//! "other" bucket named in the user's language; unfolded extra series still draw (with repeated
//! colours but different shapes) and the legend wraps, dropping and counting entries that do
//! not fit in a third of the height.

use std::collections::HashSet;

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::{Circle, PathElement};

use super::axis::{placeable, wants_log, Axis};
use super::draw::{ChartWords, DrawResult};
use super::frame::{self, AxesSpec};
use super::legend::Legend;
use super::marker::{draw_marker, MarkerLook};
use super::numbers::{fill_template, plain_number, readable_number};
use super::style::{opaque, ChartStyle};

/// One offer on the chart.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScatterPoint {
    /// Stable id (the offer id), used for highlighting.
    pub id: String,
    /// What the table and the text alternative call it.
    pub label: String,
    /// Index into [`ScatterData::series`].
    pub series: usize,
    pub x: f64,
    pub y: f64,
}

/// Everything the price-vs-performance chart shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScatterData {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Legend names, one per series index.
    pub series: Vec<String>,
    pub points: Vec<ScatterPoint>,
    /// Vertices of the Pareto frontier in order along it (by increasing x), drawn as one
    /// polyline; vertices that cannot be placed are left out.
    pub frontier: Vec<(f64, f64)>,
    /// Ids of selected offers: drawn larger, ringed and on top.
    pub highlight: Vec<String>,
    pub words: ChartWords,
}

/// Where a drawn point landed, in backend pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedPoint {
    /// Index into [`ScatterData::points`].
    pub index: usize,
    pub px: i32,
    pub py: i32,
}

/// What the UI needs after drawing: where each point is (for tooltips and clicks) and how
/// many offers could not be shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScatterLayout {
    /// Drawn points in drawing order (later ones are on top).
    pub points: Vec<PlacedPoint>,
    /// Offers not drawn because x or y is unknown (not finite, or not positive).
    pub skipped: usize,
    pub x_log: bool,
    pub y_log: bool,
    /// The plot's rectangle (left, top, right, bottom) in backend pixels, if one was drawn.
    pub plot: Option<(i32, i32, i32, i32)>,
}

impl ScatterLayout {
    /// The point nearest to (`px`, `py`) within `radius` backend pixels, as an index into
    /// [`ScatterData::points`]. Of equally near points, the one drawn last (on top) wins.
    /// Pointer positions come in CSS pixels: multiply them by the chart's scale first.
    pub fn hit(&self, px: i32, py: i32, radius: i32) -> Option<usize> {
        if radius < 0 {
            return None;
        }
        let limit = i64::from(radius).pow(2);
        let mut best: Option<(i64, usize)> = None;
        for p in &self.points {
            let (dx, dy) = (i64::from(p.px - px), i64::from(p.py - py));
            let d = dx * dx + dy * dy;
            if d <= limit && best.is_none_or(|(b, _)| d <= b) {
                best = Some((d, p.index));
            }
        }
        best.map(|(_, i)| i)
    }
}

/// Numbers behind the chart, for a text alternative worded by the caller.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ScatterFacts {
    pub shown: usize,
    pub skipped: usize,
    pub frontier: usize,
    pub highlighted: usize,
    /// Index of the shown point with the lowest x / y (cheapest per unit of performance).
    pub best: Option<usize>,
    pub x_range: Option<(f64, f64)>,
    pub y_range: Option<(f64, f64)>,
    pub x_log: bool,
    pub y_log: bool,
}

fn usable(p: &ScatterPoint) -> bool {
    placeable(p.x, true) && placeable(p.y, true)
}

impl ScatterData {
    /// Keeps series `0..max - 1` and merges every later series into one named `other`, so the
    /// legend has at most `max` entries. Order `series` by importance (e.g. offer count) first.
    /// Does nothing when there are `max` series or fewer.
    pub fn fold_series(&mut self, max: usize, other: &str) {
        if self.series.len() <= max || max == 0 {
            return;
        }
        let bucket = max - 1;
        self.series.truncate(bucket);
        self.series.push(other.to_string());
        for p in &mut self.points {
            p.series = p.series.min(bucket);
        }
    }

    pub fn facts(&self) -> ScatterFacts {
        let shown: Vec<usize> = (0..self.points.len())
            .filter(|&i| usable(&self.points[i]))
            .collect();
        let range = |values: Vec<f64>| {
            let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (lo <= hi).then_some((lo, hi))
        };
        let xs: Vec<f64> = shown.iter().map(|&i| self.points[i].x).collect();
        let ys: Vec<f64> = shown.iter().map(|&i| self.points[i].y).collect();
        let best = shown.iter().copied().fold(None::<usize>, |best, i| {
            let ratio = |j: usize| self.points[j].x / self.points[j].y;
            match best {
                Some(b) if ratio(b) <= ratio(i) => Some(b),
                _ => Some(i),
            }
        });
        let highlight: HashSet<&str> = self.highlight.iter().map(String::as_str).collect();
        ScatterFacts {
            shown: shown.len(),
            skipped: self.points.len() - shown.len(),
            frontier: self.frontier_points().len(),
            highlighted: shown
                .iter()
                .filter(|&&i| highlight.contains(self.points[i].id.as_str()))
                .count(),
            best,
            x_log: wants_log(xs.iter().copied()),
            y_log: wants_log(ys.iter().copied()),
            x_range: range(xs),
            y_range: range(ys),
        }
    }

    /// A text alternative from a template in the user's language. Placeholders: `{title}`,
    /// `{shown}`, `{skipped}`, `{frontier}`, `{highlighted}`, `{x_label}`, `{y_label}`,
    /// `{x_min}`, `{x_max}`, `{y_min}`, `{y_max}`, `{best}` (label of the best offer),
    /// `{best_x}`, `{best_y}`. Pick another template when a fact is absent (no best offer).
    pub fn describe(&self, template: &str) -> String {
        let f = self.facts();
        let num = |v: Option<f64>| v.map(readable_number).unwrap_or_default();
        let best = f.best.map(|i| &self.points[i]);
        fill_template(
            template,
            &[
                ("title", self.title.clone()),
                ("shown", f.shown.to_string()),
                ("skipped", f.skipped.to_string()),
                ("frontier", f.frontier.to_string()),
                ("highlighted", f.highlighted.to_string()),
                ("x_label", self.x_label.clone()),
                ("y_label", self.y_label.clone()),
                ("x_min", num(f.x_range.map(|r| r.0))),
                ("x_max", num(f.x_range.map(|r| r.1))),
                ("y_min", num(f.y_range.map(|r| r.0))),
                ("y_max", num(f.y_range.map(|r| r.1))),
                ("best", best.map(|p| p.label.clone()).unwrap_or_default()),
                ("best_x", num(best.map(|p| p.x))),
                ("best_y", num(best.map(|p| p.y))),
            ],
        )
    }

    /// The chart as a table: name, series, x, y; one row per offer in data order, including
    /// those not drawn (their unknown value shows `words.unknown`).
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let headers = vec![
            self.words.name.clone(),
            self.words.group.clone(),
            self.x_label.clone(),
            self.y_label.clone(),
        ];
        let cell = |v: f64| {
            if placeable(v, true) {
                plain_number(v)
            } else {
                self.words.unknown.clone()
            }
        };
        let rows = self
            .points
            .iter()
            .map(|p| {
                vec![
                    p.label.clone(),
                    self.series.get(p.series).cloned().unwrap_or_default(),
                    cell(p.x),
                    cell(p.y),
                ]
            })
            .collect();
        (headers, rows)
    }

    fn frontier_points(&self) -> Vec<(f64, f64)> {
        self.frontier
            .iter()
            .copied()
            .filter(|&(x, y)| placeable(x, true) && placeable(y, true))
            .collect()
    }
}

/// Draws the price-vs-performance chart into `area`; see the module documentation.
pub fn draw_scatter<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &ScatterData,
    style: &ChartStyle,
) -> DrawResult<ScatterLayout, DB> {
    let theme = style.theme();
    let body = frame::begin(area, style, &data.title)?;
    let shown: Vec<usize> = (0..data.points.len())
        .filter(|&i| usable(&data.points[i]))
        .collect();
    let mut layout = ScatterLayout {
        skipped: data.points.len() - shown.len(),
        ..ScatterLayout::default()
    };
    if shown.is_empty() {
        frame::message(&body, style, &data.words.no_data)?;
        return Ok(layout);
    }

    let frontier = data.frontier_points();
    let xs = || {
        shown
            .iter()
            .map(|&i| data.points[i].x)
            .chain(frontier.iter().map(|f| f.0))
    };
    let ys = || {
        shown
            .iter()
            .map(|&i| data.points[i].y)
            .chain(frontier.iter().map(|f| f.1))
    };
    layout.x_log = wants_log(xs());
    layout.y_log = wants_log(ys());
    let bounds = |values: &mut dyn Iterator<Item = f64>| {
        values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        })
    };
    let (x_min, x_max) = bounds(&mut xs());
    let (y_min, y_max) = bounds(&mut ys());

    // The legend goes below the plot and may take up to a third of the height.
    let (w, h) = body.dim_in_pixel();
    let (legend, plot_area, legend_area) =
        Legend::below(&body, data.series.iter().map(String::as_str), false, style);

    // Fewer ticks on a phone: about one per 90 CSS pixels across, one per 50 up.
    let x_ticks = ((style.css(w as i32) / 90.0) as usize).clamp(2, 8);
    let y_ticks = ((style.css(h as i32) / 50.0) as usize).clamp(2, 8);
    let axes = AxesSpec {
        x: Axis::padded(x_min, x_max, layout.x_log, x_ticks),
        y: Axis::padded(y_min, y_max, layout.y_log, y_ticks),
        x_desc: &data.x_label,
        y_desc: &data.y_label,
        y_axis: true,
    };
    let Some(plot) = frame::plot(&plot_area, style, axes)? else {
        return Ok(layout);
    };
    layout.plot = Some(frame::plot_rect(&plot));

    if frontier.len() >= 2 {
        plot.plotting_area().draw(&PathElement::new(
            frontier.clone(),
            style.line(opaque(theme.text), 2.0),
        ))?;
    }

    // Selected points last, so they are on top and win hit tests.
    let highlight: HashSet<&str> = data.highlight.iter().map(String::as_str).collect();
    let is_highlighted = |i: &usize| highlight.contains(data.points[*i].id.as_str());
    let (chosen, rest): (Vec<usize>, Vec<usize>) = shown.iter().copied().partition(is_highlighted);
    let base = area.get_base_pixel();
    let radius = 4.0 * style.ratio();
    let outline = Some(style.line(opaque(theme.ink), 1.0));
    layout.points.reserve(shown.len());
    for (i, selected) in rest
        .into_iter()
        .map(|i| (i, false))
        .chain(chosen.into_iter().map(|i| (i, true)))
    {
        let p = &data.points[i];
        let (px, py) = plot.backend_coord(&(p.x, p.y));
        let (colour, shape) = style.series_style(p.series);
        let at = (px - base.0, py - base.1);
        let look = MarkerLook {
            shape,
            radius: if selected { radius * 1.5 } else { radius },
            fill: if selected {
                opaque(colour)
            } else {
                frame::translucent(&colour, 0.85)
            },
            outline,
        };
        if selected {
            let ring = (radius * 1.5).round() as i32 + style.px(4.0);
            area.draw(&Circle::new(at, ring, style.line(opaque(theme.text), 2.0)))?;
        }
        draw_marker(area, at, &look)?;
        layout.points.push(PlacedPoint { index: i, px, py });
    }

    legend.draw(&legend_area, style)?;
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{count_with, elements, hex, render, texts};
    use crate::ScatterLayout;

    fn words() -> ChartWords {
        ChartWords {
            no_data: "Nothing to plot".into(),
            unknown: "unknown".into(),
            name: "Offer".into(),
            group: "Provider".into(),
            total: "Total".into(),
        }
    }

    /// 12 offers over three providers spanning three decades of price; offers 3 and 7 have
    /// no known throughput. Four frontier vertices.
    fn fixture() -> ScatterData {
        let prices = [
            0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 40.0, 90.0, 200.0,
        ];
        let points = prices
            .iter()
            .enumerate()
            .map(|(i, &x)| ScatterPoint {
                id: format!("offer-{i}"),
                label: format!("Offer {i}"),
                series: i % 3,
                x,
                y: if i == 3 || i == 7 {
                    f64::NAN
                } else {
                    1.0 + i as f64 * 0.5
                },
            })
            .collect();
        ScatterData {
            title: "Price vs performance".into(),
            x_label: "USD per hour".into(),
            y_label: "PFLOPS".into(),
            series: vec!["AWS".into(), "Lambda".into(), "AutoDL".into()],
            points,
            frontier: vec![(0.2, 1.0), (0.5, 1.5), (1.0, 2.0), (200.0, 6.5)],
            highlight: vec!["offer-5".into()],
            words: words(),
        }
    }

    fn draw(data: &ScatterData, w: u32, h: u32, style: &ChartStyle) -> (String, ScatterLayout) {
        let (svg, layout) = render(w, h, |area| draw_scatter(area, data, style).unwrap());
        (svg, layout)
    }

    /// Filled markers of series `i` (a fill element per marker, legend key included).
    fn filled(svg: &str, style: &ChartStyle, i: usize) -> usize {
        let colour = hex(style.series_style(i).0);
        ["circle", "polygon"]
            .iter()
            .map(|tag| count_with(svg, tag, "fill", &colour))
            .sum()
    }

    #[test]
    fn ten_of_twelve_offers_are_drawn_and_two_are_counted_as_skipped() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&fixture(), 800, 500, &style);
        assert_eq!(layout.skipped, 2);
        assert_eq!(layout.points.len(), 10);
        // Each series' markers plus its legend key: series 0 has offers 0, 6, 9 (3 is
        // unknown), series 1 has 1, 4, 10 (7 is unknown), series 2 has 2, 5, 8, 11.
        assert_eq!(filled(&svg, &style, 0), 3 + 1);
        assert_eq!(filled(&svg, &style, 1), 3 + 1);
        assert_eq!(filled(&svg, &style, 2), 4 + 1);
        // Series 0 is circles: each has a filled and an outlined circle, plus one ring.
        assert_eq!(elements(&svg, "circle").len(), 2 * (3 + 1) + 1);
    }

    #[test]
    fn title_axis_names_and_legend_are_in_the_picture() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 800, 500, &style);
        let texts = texts(&svg);
        crate::testing::save("scatter", &svg);
        for expected in [
            "Price vs performance",
            "USD per hour",
            "PFLOPS",
            "AWS",
            "Lambda",
            "AutoDL",
        ] {
            assert!(
                texts.iter().any(|t| t == expected),
                "{expected} missing: {texts:?}"
            );
        }
        // Log x axis, labelled with short numbers.
        for tick in ["1", "10", "100"] {
            assert!(texts.iter().any(|t| t == tick), "{tick}: {texts:?}");
        }
    }

    #[test]
    fn the_frontier_is_one_polyline_through_its_vertices() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 800, 500, &style);
        // Marker outlines are polylines of the same colour, one pixel wide.
        let frontier: Vec<&str> = elements(&svg, "polyline")
            .into_iter()
            .filter(|e| e.contains(&format!("stroke=\"{}\"", hex(style.theme().text))))
            .filter(|e| e.contains("stroke-width=\"2\""))
            .collect();
        assert_eq!(frontier.len(), 1, "{frontier:?}");
        let points = crate::testing::attr(frontier[0], "points").unwrap();
        assert_eq!(points.split_whitespace().count(), 4);
    }

    #[test]
    fn a_point_is_found_again_at_its_pixel_and_nothing_far_away() {
        let style = ChartStyle::default();
        let data = fixture();
        let (_, layout) = draw(&data, 800, 500, &style);
        let placed = layout.points.iter().find(|p| p.index == 4).unwrap();
        assert_eq!(layout.hit(placed.px, placed.py, 6), Some(4));
        assert_eq!(layout.hit(placed.px + 2, placed.py - 1, 6), Some(4));
        assert_eq!(layout.hit(-500, -500, 10), None);
        assert_eq!(layout.hit(placed.px, placed.py, -1), None);
        // Every drawn pixel lies inside the plot.
        let (l, t, r, b) = layout.plot.unwrap();
        for p in &layout.points {
            assert!(p.px >= l && p.px <= r && p.py >= t && p.py <= b, "{p:?}");
        }
    }

    #[test]
    fn on_equally_near_points_the_one_on_top_wins() {
        let layout = ScatterLayout {
            points: vec![
                PlacedPoint {
                    index: 3,
                    px: 10,
                    py: 10,
                },
                PlacedPoint {
                    index: 8,
                    px: 10,
                    py: 10,
                },
                PlacedPoint {
                    index: 1,
                    px: 20,
                    py: 10,
                },
            ],
            ..ScatterLayout::default()
        };
        assert_eq!(layout.hit(11, 10, 5), Some(8));
        assert_eq!(layout.hit(18, 10, 5), Some(1));
    }

    #[test]
    fn the_selected_offer_is_drawn_last() {
        let style = ChartStyle::default();
        let (_, layout) = draw(&fixture(), 800, 500, &style);
        assert_eq!(layout.points.last().unwrap().index, 5);
    }

    #[test]
    fn axes_turn_log_only_past_one_and_a_half_decades() {
        let style = ChartStyle::default();
        let (_, wide) = draw(&fixture(), 800, 500, &style);
        assert!(wide.x_log, "price spans 3 decades");
        assert!(!wide.y_log, "throughput spans less than one");
        let mut narrow = fixture();
        for p in &mut narrow.points {
            p.x = 1.0 + p.x / 20.0;
        }
        narrow.frontier.clear();
        let (_, layout) = draw(&narrow, 800, 500, &style);
        assert!(!layout.x_log && !layout.y_log);
    }

    #[test]
    fn fonts_and_strokes_double_at_twice_the_pixel_ratio() {
        let one = ChartStyle::new(1.0, false);
        let two = ChartStyle::new(2.0, false);
        let (svg1, _) = draw(&fixture(), 800, 500, &one);
        let (svg2, _) = draw(&fixture(), 1600, 1000, &two);
        let size = |svg: &str, label: &str| -> f64 {
            let text = elements(svg, "text")
                .into_iter()
                .zip(texts(svg))
                .find(|(_, t)| t == label)
                .map(|(e, _)| e)
                .unwrap();
            crate::testing::attr(text, "font-size")
                .unwrap()
                .parse()
                .unwrap()
        };
        for label in ["Price vs performance", "USD per hour", "AWS"] {
            let (a, b) = (size(&svg1, label), size(&svg2, label));
            assert!((b - 2.0 * a).abs() < 1e-9, "{label}: {a} vs {b}");
        }
        // The frontier (2 CSS px) is the widest line of the text colour.
        let widest = |svg: &str, style: &ChartStyle| {
            elements(svg, "polyline")
                .into_iter()
                .filter(|e| e.contains(&format!("stroke=\"{}\"", hex(style.theme().text))))
                .filter_map(|e| crate::testing::attr(e, "stroke-width"))
                .filter_map(|w| w.parse::<u32>().ok())
                .max()
        };
        assert_eq!(widest(&svg1, &one), Some(2));
        assert_eq!(widest(&svg2, &two), Some(4));
        // The same points land on doubled pixels.
        let (_, l1) = draw(&fixture(), 800, 500, &one);
        let (_, l2) = draw(&fixture(), 1600, 1000, &two);
        assert_eq!(l1.points.len(), l2.points.len());
    }

    #[test]
    fn no_placeable_offer_shows_the_no_data_message() {
        let style = ChartStyle::default();
        let mut data = fixture();
        for p in &mut data.points {
            p.y = 0.0;
        }
        let (svg, layout) = draw(&data, 400, 300, &style);
        assert_eq!(layout.skipped, 12);
        assert!(layout.points.is_empty());
        assert!(texts(&svg).contains(&"Nothing to plot".to_string()));
        let (svg, layout) = draw(&ScatterData::default(), 400, 300, &style);
        assert_eq!(layout, ScatterLayout::default());
        assert!(!svg.contains("NaN"));
    }

    #[test]
    fn hostile_values_never_panic_or_reach_the_svg_as_nan() {
        let style = ChartStyle::new(f64::NAN, true);
        let nasty = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -1.0,
            0.0,
            1e-300,
            1e300,
            f64::MIN_POSITIVE,
            3.0,
            3.0,
        ];
        let mut data = fixture();
        data.points = nasty
            .iter()
            .flat_map(|&x| nasty.iter().map(move |&y| (x, y)))
            .enumerate()
            .map(|(i, (x, y))| ScatterPoint {
                id: i.to_string(),
                label: String::new(),
                series: i * 7919,
                x,
                y,
            })
            .collect();
        data.frontier = vec![(f64::NAN, 1.0), (-1.0, 2.0), (3.0, f64::INFINITY)];
        for (w, h) in [(800, 500), (360, 300), (40, 30), (1, 1), (0, 0)] {
            let (svg, layout) = draw(&data, w, h, &style);
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{w}x{h}");
            assert!(layout.points.len() <= 4);
        }
    }

    #[test]
    fn a_phone_width_gets_fewer_ticks_and_a_wrapped_legend() {
        let style = ChartStyle::default();
        let mut data = fixture();
        data.series = (0..8).map(|i| format!("Provider number {i}")).collect();
        for p in &mut data.points {
            p.x = 1.0 + p.x / 20.0;
        }
        data.frontier.clear();
        let (wide, _) = draw(&data, 1000, 500, &style);
        let (phone, _) = draw(&data, 360, 500, &style);
        crate::testing::save("scatter-phone", &phone);
        let dark = ChartStyle::new(1.0, true);
        crate::testing::save("scatter-dark", &draw(&fixture(), 800, 500, &dark).0);
        let lines = |svg: &str| elements(svg, "line").len();
        assert!(lines(&phone) < lines(&wide));
        for i in 0..8 {
            let name = format!("Provider number {i}");
            assert!(texts(&phone).iter().any(|t| t.starts_with(&name[..10])));
        }
    }

    #[test]
    fn describe_and_table_report_the_data() {
        let data = fixture();
        let facts = data.facts();
        assert_eq!((facts.shown, facts.skipped, facts.frontier), (10, 2, 4));
        assert_eq!(facts.highlighted, 1);
        assert!(facts.x_log && !facts.y_log);
        assert_eq!(
            data.describe(
                "{title}: {shown} offers, {skipped} not shown (price or throughput unknown); \
                 best value {best} at {best_x} for {best_y}; frontier of {frontier}; \
                 {x_label} from {x_min} to {x_max}."
            ),
            "Price vs performance: 10 offers, 2 not shown (price or throughput unknown); \
             best value Offer 0 at 0.2 for 1; frontier of 4; USD per hour from 0.2 to 200."
        );
        // Chinese template, same facts.
        assert_eq!(
            data.describe("{title}：显示 {shown} 个，{skipped} 个未显示"),
            "Price vs performance：显示 10 个，2 个未显示"
        );
        let (headers, rows) = data.table();
        assert_eq!(headers, vec!["Offer", "Provider", "USD per hour", "PFLOPS"]);
        assert_eq!(rows.len(), 12);
        assert_eq!(rows[1], vec!["Offer 1", "Lambda", "0.5", "1.5"]);
        assert_eq!(rows[3], vec!["Offer 3", "AWS", "2", "unknown"]);
    }

    #[test]
    fn folding_keeps_the_first_series_and_buckets_the_rest() {
        let mut data = fixture();
        data.series = (0..12).map(|i| format!("P{i}")).collect();
        for (i, p) in data.points.iter_mut().enumerate() {
            p.series = i;
        }
        data.fold_series(8, "other");
        assert_eq!(data.series.len(), 8);
        assert_eq!(data.series[7], "other");
        assert_eq!(data.series[6], "P6");
        let series: Vec<usize> = data.points.iter().map(|p| p.series).collect();
        assert_eq!(series, vec![0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7]);
        // Folding again changes nothing.
        data.fold_series(8, "other");
        assert_eq!(data.series.len(), 8);
        assert_eq!(
            data.points.iter().map(|p| p.series).collect::<Vec<_>>(),
            series
        );
    }

    #[test]
    fn ten_thousand_points_render() {
        // Debug build, SVG formatting included: well under a second here. The release-mode
        // timing of the drawing work is in `bench_scatter_drawing` (ignored by default).
        let style = ChartStyle::default();
        let mut data = fixture();
        data.points = (0..10_000)
            .map(|i| ScatterPoint {
                id: i.to_string(),
                label: format!("Offer {i}"),
                series: i % 9,
                x: 0.1 + (i % 997) as f64 * 0.37,
                y: 1.0 + (i % 101) as f64,
            })
            .collect();
        let (_, layout) = draw(&data, 1200, 800, &style);
        assert_eq!(layout.points.len(), 10_000);
    }

    /// Run with `cargo test --release --lib bench_scatter -- --ignored --nocapture`.
    /// The time includes formatting the SVG text, so it is an upper bound of the chart's own
    /// work; a canvas redraw adds the browser's painting instead.
    #[test]
    #[ignore]
    fn bench_scatter_drawing() {
        let style = ChartStyle::new(2.0, false);
        for n in [600, 10_000] {
            let mut data = fixture();
            data.points = (0..n)
                .map(|i| ScatterPoint {
                    id: i.to_string(),
                    label: String::new(),
                    series: i % 8,
                    x: 0.1 + (i % 997) as f64 * 0.37,
                    y: 1.0 + (i % 101) as f64,
                })
                .collect();
            let rounds = 20;
            let start = std::time::Instant::now();
            for _ in 0..rounds {
                render(1200, 800, |area| draw_scatter(area, &data, &style).unwrap());
            }
            println!("{n} points: {:?} per redraw", start.elapsed() / rounds);
        }
    }
}
