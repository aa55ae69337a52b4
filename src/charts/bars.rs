//! Horizontal bars: cost efficiency of the compared offers, and one offer's price across
//! regions. One chart serves both; the caller sets `sort` (cheapest first), `highlight` (e.g.
//! the cheapest region) and `top_n`.
//!
//! A value is known when it is finite and not negative (a price or a cost per unit of work can
//! be neither NaN nor below zero). Rows with unknown values are still listed, with the
//! caller's "unknown" word (or their own `value_text`) where the bar would be, so a region
//! without a price is visibly missing rather than silently absent.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::Rectangle;

use super::axis::{placeable, Axis};
use super::draw::{ChartWords, DrawResult};
use super::frame::{self, AxesSpec};
use super::numbers::{fill_template, plain_number, readable_number};
use super::rows::{self, Band};
use super::style::{opaque, ChartStyle};

/// One bar.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Bar {
    pub label: String,
    pub value: Option<f64>,
    /// The text beside the bar (e.g. a formatted price with its currency). Without it the
    /// value is written as a plain number, and an unknown value as `words.unknown`.
    pub value_text: Option<String>,
}

/// Everything a bar chart shows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BarsData {
    pub title: String,
    /// The value axis' name, with its unit.
    pub value_label: String,
    pub bars: Vec<Bar>,
    /// Index into `bars` of the bar to mark (drawn in another colour, outlined, name in bold).
    pub highlight: Option<usize>,
    /// Known values ascending (cheapest first), unknown ones after them in input order.
    /// Otherwise the input order is kept.
    pub sort: bool,
    /// Show only the first `n` rows of that order; the table keeps every bar.
    pub top_n: Option<usize>,
    pub words: ChartWords,
}

/// Where each drawn row is, for tooltips and clicks.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BarsLayout {
    pub rows: Vec<BarRow>,
}

/// One drawn row, in backend pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BarRow {
    /// Index into [`BarsData::bars`].
    pub index: usize,
    pub top: i32,
    pub bottom: i32,
    /// The bar's rectangle (left, top, right, bottom), if the value is known.
    pub bar: Option<(i32, i32, i32, i32)>,
}

impl BarsLayout {
    /// The bar whose row contains the height `py` (any x: a row is easy to hit on a phone).
    pub fn hit(&self, _px: i32, py: i32) -> Option<usize> {
        self.rows
            .iter()
            .find(|r| r.top <= py && py < r.bottom)
            .map(|r| r.index)
    }
}

/// Numbers behind the chart, for a text alternative worded by the caller.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BarsFacts {
    pub count: usize,
    pub known: usize,
    pub unknown: usize,
    /// Index of the lowest known value (first of equals).
    pub lowest: Option<usize>,
    /// Index of the highest known value (first of equals).
    pub highest: Option<usize>,
}

fn known(value: Option<f64>) -> Option<f64> {
    value.filter(|&v| placeable(v, false) && v >= 0.0)
}

impl BarsData {
    /// The indices of the rows drawn, top to bottom: sorted if asked, cut to `top_n`.
    pub fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.bars.len()).collect();
        if self.sort {
            // Stable: equal values keep their input order; unknown ones go last.
            order.sort_by(
                |&a, &b| match (known(self.bars[a].value), known(self.bars[b].value)) {
                    (Some(x), Some(y)) => x.total_cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                },
            );
        }
        if let Some(n) = self.top_n {
            order.truncate(n);
        }
        order
    }

    pub fn facts(&self) -> BarsFacts {
        let values: Vec<(usize, f64)> = self
            .bars
            .iter()
            .enumerate()
            .filter_map(|(i, b)| known(b.value).map(|v| (i, v)))
            .collect();
        let pick = |better: fn(f64, f64) -> bool| {
            values
                .iter()
                .fold(None::<(usize, f64)>, |best, &(i, v)| match best {
                    Some((_, b)) if !better(v, b) => best,
                    _ => Some((i, v)),
                })
                .map(|(i, _)| i)
        };
        BarsFacts {
            count: self.bars.len(),
            known: values.len(),
            unknown: self.bars.len() - values.len(),
            lowest: pick(|v, best| v < best),
            highest: pick(|v, best| v > best),
        }
    }

    /// A text alternative from a template in the user's language. Placeholders: `{title}`,
    /// `{value_label}`, `{count}`, `{known}`, `{unknown}`, `{lowest}`, `{lowest_value}`,
    /// `{highest}`, `{highest_value}`, `{highlight}` (the marked bar's name). Values use the
    /// bar's `value_text` when it has one.
    pub fn describe(&self, template: &str) -> String {
        let f = self.facts();
        let name = |i: Option<usize>| i.map(|i| self.bars[i].label.clone()).unwrap_or_default();
        let value = |i: Option<usize>| i.map(|i| self.value_text(i)).unwrap_or_default();
        fill_template(
            template,
            &[
                ("title", self.title.clone()),
                ("value_label", self.value_label.clone()),
                ("count", f.count.to_string()),
                ("known", f.known.to_string()),
                ("unknown", f.unknown.to_string()),
                ("lowest", name(f.lowest)),
                ("lowest_value", value(f.lowest)),
                ("highest", name(f.highest)),
                ("highest_value", value(f.highest)),
                (
                    "highlight",
                    name(self.highlight.filter(|&i| i < self.bars.len())),
                ),
            ],
        )
    }

    /// The chart as a table: name and value, every bar, in the chart's order (sorted if the
    /// chart is) but without the `top_n` cut. Unknown values show `words.unknown`.
    pub fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        let headers = vec![self.words.name.clone(), self.value_label.clone()];
        let all = BarsData {
            top_n: None,
            ..self.clone()
        };
        let rows = all
            .order()
            .into_iter()
            .map(|i| {
                let bar = &self.bars[i];
                let value = known(bar.value)
                    .map(plain_number)
                    .unwrap_or_else(|| self.words.unknown.clone());
                vec![bar.label.clone(), value]
            })
            .collect();
        (headers, rows)
    }

    /// The text beside bar `i`.
    fn value_text(&self, i: usize) -> String {
        let bar = &self.bars[i];
        match (&bar.value_text, known(bar.value)) {
            (Some(text), _) => text.clone(),
            (None, Some(v)) => readable_number(v),
            (None, None) => self.words.unknown.clone(),
        }
    }
}

/// Draws the bar chart into `area`; see the module documentation.
pub fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    data: &BarsData,
    style: &ChartStyle,
) -> DrawResult<BarsLayout, DB> {
    let theme = style.theme();
    let body = frame::begin(area, style, &data.title)?;
    let order = data.order();
    let mut layout = BarsLayout::default();
    if order.is_empty() {
        frame::message(&body, style, &data.words.no_data)?;
        return Ok(layout);
    }
    let max = order
        .iter()
        .filter_map(|&i| known(data.bars[i].value))
        .fold(0.0, f64::max);
    let (w, _) = body.dim_in_pixel();
    let ticks = ((style.css(w as i32) / 100.0) as usize).clamp(2, 6);
    let axes = AxesSpec {
        // A fifth more room than the longest bar: its value is written right of its end.
        x: Axis::fit(0.0, max * 1.2, false, ticks),
        y: rows::row_axis(order.len()),
        x_desc: &data.value_label,
        y_desc: "",
        y_axis: false,
    };
    let Some(plot) = frame::plot(&body, style, axes)? else {
        return Ok(layout);
    };
    let rect = frame::plot_rect(&plot);
    let bands = rows::bands(&plot, order.len(), style);
    let (normal, marked) = (style.series_style(0).0, style.series_style(3).0);
    let base = area.get_base_pixel();
    let y0 = plot.y_range().start;
    for (&i, band) in order.iter().zip(&bands) {
        let bar = &data.bars[i];
        let highlighted = data.highlight == Some(i);
        rows::draw_name(area, rect, band, &bar.label, highlighted, style)?;
        let text = data.value_text(i);
        let mut drawn = None;
        match known(bar.value) {
            Some(v) => {
                let x0 = plot.backend_coord(&(0.0, y0)).0;
                // At least one pixel, so a zero price is a visible sliver, not nothing.
                let x1 = plot.backend_coord(&(v, y0)).0.max(x0 + 1);
                let colour = if highlighted { marked } else { normal };
                rows::draw_segment(area, band, (x0, x1), colour, style)?;
                if highlighted {
                    let pad = style.px(2.0);
                    area.draw(&Rectangle::new(
                        [
                            (x0 - base.0, band.bar_top - pad - base.1),
                            (x1 + pad - base.0, band.bar_bottom + pad - base.1),
                        ],
                        style.line(opaque(theme.text), 2.0),
                    ))?;
                }
                rows::draw_value(area, rect, band, (x0, x1), &text, colour, style)?;
                drawn = Some((x0, band.bar_top, x1, band.bar_bottom));
            }
            None => rows::draw_note(area, rect, band, &text, style)?,
        }
        let Band { top, bottom, .. } = *band;
        layout.rows.push(BarRow {
            index: i,
            top,
            bottom,
            bar: drawn,
        });
    }
    Ok(layout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{count_with, elements, hex, position, render, texts};

    fn words() -> ChartWords {
        ChartWords {
            no_data: "No prices".into(),
            unknown: "unknown".into(),
            name: "Region".into(),
            group: String::new(),
            total: String::new(),
        }
    }

    fn bar(label: &str, value: Option<f64>) -> Bar {
        Bar {
            label: label.into(),
            value,
            value_text: None,
        }
    }

    /// Six regions, two without a price, in no particular order.
    fn fixture() -> BarsData {
        BarsData {
            title: "H100 price by region".into(),
            value_label: "USD per GPU-hour".into(),
            bars: vec![
                bar("eu-west-1", Some(3.9)),
                bar("us-east-1", Some(2.5)),
                bar("ap-south-1", None),
                bar("us-west-2", Some(2.75)),
                bar("cn-north-1", Some(f64::NAN)),
                bar("ap-northeast-1", Some(4.4)),
            ],
            highlight: Some(1),
            sort: true,
            top_n: None,
            words: words(),
        }
    }

    fn draw(data: &BarsData, w: u32, h: u32, style: &ChartStyle) -> (String, BarsLayout) {
        render(w, h, |area| draw_bars(area, data, style).unwrap())
    }

    #[test]
    fn known_bars_come_cheapest_first_and_unknown_ones_are_listed_after() {
        let style = ChartStyle::default();
        let (svg, layout) = draw(&fixture(), 700, 400, &style);
        let texts = texts(&svg);
        let order = [
            "us-east-1",
            "us-west-2",
            "eu-west-1",
            "ap-northeast-1",
            "ap-south-1",
            "cn-north-1",
        ];
        let positions: Vec<usize> = order
            .iter()
            .map(|l| position(&texts, l).unwrap_or_else(|| panic!("{l}: {texts:?}")))
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{texts:?}");
        assert_eq!(texts.iter().filter(|t| *t == "unknown").count(), 2);
        assert_eq!(
            layout.rows.iter().map(|r| r.index).collect::<Vec<_>>(),
            vec![1, 3, 0, 5, 2, 4]
        );
        // Four bars: three plain and one marked.
        let plain = count_with(&svg, "rect", "fill", &hex(style.series_style(0).0));
        let marked = count_with(&svg, "rect", "fill", &hex(style.series_style(3).0));
        assert_eq!((plain, marked), (3, 1));
        assert!(layout.rows[4].bar.is_none() && layout.rows[0].bar.is_some());
    }

    #[test]
    fn title_axis_name_values_and_the_marked_bar_are_shown() {
        let style = ChartStyle::default();
        let (svg, _) = draw(&fixture(), 700, 400, &style);
        let texts = texts(&svg);
        crate::testing::save("bars", &svg);
        let phone = draw(&fixture(), 360, 400, &ChartStyle::new(1.0, true)).0;
        crate::testing::save("bars-phone-dark", &phone);
        for expected in [
            "H100 price by region",
            "USD per GPU-hour",
            "2.5",
            "2.75",
            "4.4",
        ] {
            assert!(texts.iter().any(|t| t == expected), "{expected}: {texts:?}");
        }
        // The marked bar has an outline and its name in bold.
        assert_eq!(count_with(&svg, "rect", "fill", "none"), 1);
        let bold = elements(&svg, "text")
            .into_iter()
            .zip(texts.iter())
            .find(|(_, t)| *t == "us-east-1")
            .map(|(e, _)| e.contains("font-weight=\"bold\""));
        assert_eq!(bold, Some(true));
    }

    #[test]
    fn bars_grow_with_their_values_from_a_common_zero() {
        let style = ChartStyle::default();
        let (_, layout) = draw(&fixture(), 700, 400, &style);
        let bars: Vec<(i32, i32, i32, i32)> = layout.rows.iter().filter_map(|r| r.bar).collect();
        assert_eq!(bars.len(), 4);
        assert!(bars.iter().all(|b| b.0 == bars[0].0));
        assert!(bars.windows(2).all(|w| w[0].2 <= w[1].2));
        // A pointer anywhere in a row finds it.
        let row = &layout.rows[2];
        assert_eq!(layout.hit(0, (row.top + row.bottom) / 2), Some(0));
        assert_eq!(layout.hit(0, -10), None);
    }

    #[test]
    fn unsorted_charts_keep_the_input_order_and_top_n_cuts() {
        let style = ChartStyle::default();
        let mut data = fixture();
        data.sort = false;
        data.top_n = Some(3);
        let (svg, layout) = draw(&data, 700, 400, &style);
        assert_eq!(
            layout.rows.iter().map(|r| r.index).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
        assert!(position(&texts(&svg), "us-west-2").is_none());
        // The table keeps every bar.
        assert_eq!(data.table().1.len(), 6);
    }

    #[test]
    fn value_texts_from_the_caller_are_used() {
        let style = ChartStyle::default();
        let mut data = fixture();
        data.bars[0].value_text = Some("¥27.90/h".into());
        data.bars[2].value_text = Some("on request".into());
        let (svg, _) = draw(&data, 700, 400, &style);
        let texts = texts(&svg);
        assert!(position(&texts, "¥27.90/h").is_some());
        assert!(position(&texts, "on request").is_some());
    }

    #[test]
    fn describe_and_table_report_the_data() {
        let data = fixture();
        let text = data.describe(
            "{title}: {known} of {count} regions priced; cheapest {lowest} at {lowest_value}, \
             dearest {highest} at {highest_value}; marked {highlight}.",
        );
        assert_eq!(
            text,
            "H100 price by region: 4 of 6 regions priced; cheapest us-east-1 at 2.5, \
             dearest ap-northeast-1 at 4.4; marked us-east-1."
        );
        let (headers, rows) = data.table();
        assert_eq!(headers, vec!["Region", "USD per GPU-hour"]);
        assert_eq!(rows[0], vec!["us-east-1", "2.5"]);
        assert_eq!(rows[1], vec!["us-west-2", "2.75"]);
        assert_eq!(rows[5], vec!["cn-north-1", "unknown"]);
    }

    #[test]
    fn empty_and_hostile_data_never_panic() {
        let style = ChartStyle::new(3.0, true);
        let (svg, layout) = draw(&BarsData::default(), 300, 200, &style);
        assert!(layout.rows.is_empty());
        assert!(!svg.contains("NaN"));
        let mut data = fixture();
        data.bars = [f64::NAN, f64::INFINITY, -4.0, 0.0, 1e300, 5e-324, 1.0]
            .iter()
            .map(|&v| bar("x", Some(v)))
            .collect();
        data.highlight = Some(99);
        data.top_n = Some(0);
        let (_, layout) = draw(&data, 300, 200, &style);
        assert!(layout.rows.is_empty());
        data.top_n = None;
        for (w, h) in [(700, 400), (360, 200), (30, 30), (0, 0)] {
            let (svg, _) = draw(&data, w, h, &style);
            assert!(!svg.contains("NaN") && !svg.contains("inf"));
        }
        let all_unknown = BarsData {
            bars: vec![bar("a", None), bar("b", Some(-1.0))],
            ..fixture()
        };
        let (svg, layout) = draw(&all_unknown, 500, 300, &ChartStyle::default());
        assert_eq!(layout.rows.len(), 2);
        assert_eq!(texts(&svg).iter().filter(|t| *t == "unknown").count(), 2);
    }

    #[test]
    fn fonts_double_at_twice_the_pixel_ratio() {
        let size = |scale: f64| {
            let style = ChartStyle::new(scale, false);
            let (w, h) = ((700.0 * scale) as u32, (400.0 * scale) as u32);
            let (svg, _) = draw(&fixture(), w, h, &style);
            elements(&svg, "text")
                .into_iter()
                .zip(texts(&svg))
                .find(|(_, t)| t == "eu-west-1")
                .and_then(|(e, _)| crate::testing::attr(e, "font-size"))
                .and_then(|s| s.parse::<f64>().ok())
                .unwrap()
        };
        assert!((size(2.0) - 2.0 * size(1.0)).abs() < 1e-9);
    }
}
