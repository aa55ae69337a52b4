//! How charts look: device pixel ratio, light or dark theme, font, the series palette and the
//! marker shapes that make series tell apart without colour.
//!
//! The palette is Okabe & Ito's eight colours from "Color Universal Design" (2008), chosen to
//! stay distinct for the common forms of colour blindness. Three of them (orange, sky blue,
//! yellow) have less than 3:1 contrast against a white background, so in the light theme every
//! marker gets a dark outline: its edge always meets the 3:1 asked of graphics by WCAG 1.4.11.
//! In the dark theme black would vanish, so it becomes a light grey; the tests check that all
//! eight reach 3:1 against the dark background on their own.

use plotters::style::{
    Color, FontDesc, FontFamily, FontStyle, RGBAColor, RGBColor, ShapeStyle, TextStyle,
};

/// The looks of one drawing: set once per canvas by the UI.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChartStyle {
    /// The device pixel ratio. The canvas backing store is CSS size × `scale`, and every font
    /// size, stroke width, marker size and margin below is multiplied by it, so charts stay sharp
    /// on phones. Values that are not finite or not positive count as 1; the rest are clamped to
    /// 0.25..=8.
    pub scale: f64,
    /// Dark theme (matches the page's `data-theme`).
    pub dark: bool,
    /// A CSS font family, e.g. `"sans-serif"`.
    pub font: &'static str,
}

impl Default for ChartStyle {
    fn default() -> Self {
        ChartStyle {
            scale: 1.0,
            dark: false,
            font: "sans-serif",
        }
    }
}

/// The colours of one theme, matched to the page's stylesheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub background: RGBColor,
    /// Titles, labels, and the ring around highlighted points.
    pub text: RGBColor,
    /// Tick labels and secondary text.
    pub muted: RGBColor,
    /// Grid lines.
    pub grid: RGBColor,
    /// Axis lines and tick marks.
    pub axis: RGBColor,
    /// Marker outlines: dark in the light theme (for contrast, see the module comment), the
    /// background colour in the dark theme (a halo that separates overlapping markers).
    pub ink: RGBColor,
}

const LIGHT: Theme = Theme {
    background: RGBColor(0xff, 0xff, 0xff),
    text: RGBColor(0x1a, 0x1d, 0x23),
    muted: RGBColor(0x5b, 0x62, 0x70),
    grid: RGBColor(0xdd, 0xe1, 0xe8),
    axis: RGBColor(0x5b, 0x62, 0x70),
    ink: RGBColor(0x1a, 0x1d, 0x23),
};

const DARK: Theme = Theme {
    background: RGBColor(0x11, 0x14, 0x18),
    text: RGBColor(0xe6, 0xe9, 0xef),
    muted: RGBColor(0xa0, 0xa8, 0xb6),
    grid: RGBColor(0x2c, 0x32, 0x3c),
    axis: RGBColor(0xa0, 0xa8, 0xb6),
    ink: RGBColor(0x11, 0x14, 0x18),
};

/// Okabe–Ito in the order series use them: the most separable first, yellow (weakest on white)
/// and black late. Black is the last entry and is swapped for grey in the dark theme.
const OKABE_ITO: [RGBColor; 8] = [
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xD5, 0x5E, 0x00), // vermillion
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0xF0, 0xE4, 0x42), // yellow
    RGBColor(0x00, 0x00, 0x00), // black
];

/// Black's stand-in on a dark background.
const DARK_GREY: RGBColor = RGBColor(0xBB, 0xBB, 0xBB);

/// The most series a chart should show. The palette has eight colours; more series would repeat
/// colours (the shape then still differs), so callers fold the rest into an "other" series.
pub const MAX_SERIES: usize = 8;

/// The shape of a series' markers: the second signal besides colour. All are filled, so each
/// keeps its colour's area; all but the circle are polygons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkerShape {
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    Plus,
    Cross,
    Star,
}

impl MarkerShape {
    pub const ALL: [MarkerShape; 8] = [
        MarkerShape::Circle,
        MarkerShape::Square,
        MarkerShape::TriangleUp,
        MarkerShape::Diamond,
        MarkerShape::TriangleDown,
        MarkerShape::Plus,
        MarkerShape::Cross,
        MarkerShape::Star,
    ];

    /// The polygon of the shape around (0, 0) for a marker of radius `r`, in pixels, or `None`
    /// for the circle. Sizes are tuned so every shape looks about as heavy as the circle.
    pub(crate) fn polygon(self, r: f64) -> Option<Vec<(f64, f64)>> {
        let regular = |n: usize, radius: f64, start_deg: f64| -> Vec<(f64, f64)> {
            (0..n)
                .map(|i| {
                    let a = (start_deg + 360.0 * i as f64 / n as f64).to_radians();
                    (radius * a.cos(), radius * a.sin())
                })
                .collect()
        };
        let plus = |r: f64| -> Vec<(f64, f64)> {
            let (a, w) = (1.15 * r, 0.4 * r);
            vec![
                (-w, -a),
                (w, -a),
                (w, -w),
                (a, -w),
                (a, w),
                (w, w),
                (w, a),
                (-w, a),
                (-w, w),
                (-a, w),
                (-a, -w),
                (-w, -w),
            ]
        };
        Some(match self {
            MarkerShape::Circle => return None,
            MarkerShape::Square => regular(4, 1.2 * r, 45.0),
            MarkerShape::TriangleUp => regular(3, 1.35 * r, -90.0),
            MarkerShape::TriangleDown => regular(3, 1.35 * r, 90.0),
            MarkerShape::Diamond => regular(4, 1.3 * r, -90.0),
            MarkerShape::Plus => plus(r),
            MarkerShape::Cross => plus(r)
                .into_iter()
                .map(|(x, y)| {
                    let c = std::f64::consts::FRAC_1_SQRT_2;
                    (c * (x - y), c * (x + y))
                })
                .collect(),
            MarkerShape::Star => (0..10)
                .map(|i| {
                    let radius = if i % 2 == 0 { 1.45 * r } else { 0.6 * r };
                    let a = (-90.0 + 36.0 * i as f64).to_radians();
                    (radius * a.cos(), radius * a.sin())
                })
                .collect(),
        })
    }
}

impl ChartStyle {
    pub fn new(scale: f64, dark: bool) -> Self {
        ChartStyle {
            scale,
            dark,
            ..ChartStyle::default()
        }
    }

    /// The scale actually used: see [`ChartStyle::scale`].
    pub fn ratio(&self) -> f64 {
        if self.scale.is_finite() && self.scale > 0.0 {
            self.scale.clamp(0.25, 8.0)
        } else {
            1.0
        }
    }

    pub fn theme(&self) -> Theme {
        if self.dark {
            DARK
        } else {
            LIGHT
        }
    }

    /// The colour and marker shape of series `i`. Past eight series the colours repeat, but the
    /// shape is offset by one per round, so the first 64 series are all different pairs.
    pub fn series_style(&self, i: usize) -> (RGBColor, MarkerShape) {
        let mut colour = OKABE_ITO[i % 8];
        if self.dark && colour == OKABE_ITO[7] {
            colour = DARK_GREY;
        }
        (colour, MarkerShape::ALL[(i + i / 8) % 8])
    }

    /// The canvas backing-store size for a chart of `css_width` × `css_height` CSS pixels:
    /// the size to give the canvas element's `width`/`height` attributes (its CSS size stays
    /// the same). Nonsense sizes give 0.
    pub fn backing_size(&self, css_width: f64, css_height: f64) -> (u32, u32) {
        let side = |css: f64| {
            let px = (css * self.ratio()).round();
            if px.is_finite() && px > 0.0 {
                px.min(16_384.0) as u32
            } else {
                0
            }
        };
        (side(css_width), side(css_height))
    }

    /// A pointer position in CSS pixels (relative to the canvas) in backend pixels, as the
    /// layouts' `hit` functions take it.
    pub fn to_backend(&self, css_x: f64, css_y: f64) -> (i32, i32) {
        let px = |css: f64| {
            let v = (css * self.ratio()).round();
            if v.is_finite() {
                v.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
            } else {
                0
            }
        };
        (px(css_x), px(css_y))
    }

    /// `css` CSS pixels in backend pixels, at least 1.
    pub(crate) fn px(&self, css: f64) -> i32 {
        ((css * self.ratio()).round() as i32).max(1)
    }

    /// A width or height of the backend in CSS pixels, to pick phone or desktop layouts.
    pub(crate) fn css(&self, backend_px: i32) -> f64 {
        f64::from(backend_px.max(0)) / self.ratio()
    }

    /// A text style of `css_size` CSS pixels.
    pub(crate) fn text(&self, css_size: f64, colour: RGBColor) -> TextStyle<'static> {
        self.font_desc(css_size, FontStyle::Normal).color(&colour)
    }

    /// A bold text style of `css_size` CSS pixels.
    pub(crate) fn bold(&self, css_size: f64, colour: RGBColor) -> TextStyle<'static> {
        self.font_desc(css_size, FontStyle::Bold).color(&colour)
    }

    fn font_desc(&self, css_size: f64, style: FontStyle) -> FontDesc<'static> {
        FontDesc::new(FontFamily::Name(self.font), css_size * self.ratio(), style)
    }

    /// A line style `css_width` CSS pixels wide.
    pub(crate) fn line(&self, colour: RGBAColor, css_width: f64) -> ShapeStyle {
        ShapeStyle {
            color: colour,
            filled: false,
            stroke_width: self.px(css_width) as u32,
        }
    }

    /// A filled style.
    pub(crate) fn fill(&self, colour: RGBAColor) -> ShapeStyle {
        ShapeStyle {
            color: colour,
            filled: true,
            stroke_width: self.px(1.0) as u32,
        }
    }
}

/// Opaque colour as the RGBA the shape styles take.
pub(crate) fn opaque(colour: RGBColor) -> RGBAColor {
    colour.to_rgba()
}

/// WCAG contrast ratio of two colours (1 to 21).
pub(crate) fn contrast_ratio(a: RGBColor, b: RGBColor) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever reads better on `fill` (text drawn inside a bar).
pub(crate) fn text_on(fill: RGBColor) -> RGBColor {
    let dark = LIGHT.text;
    let light = LIGHT.background;
    if contrast_ratio(fill, dark) >= contrast_ratio(fill, light) {
        dark
    } else {
        light
    }
}

fn relative_luminance(c: RGBColor) -> f64 {
    let channel = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_colour_reaches_three_to_one_on_the_dark_background() {
        let style = ChartStyle::new(1.0, true);
        for i in 0..MAX_SERIES {
            let (colour, _) = style.series_style(i);
            let ratio = contrast_ratio(colour, style.theme().background);
            assert!(ratio >= 3.0, "series {i} {colour:?}: {ratio:.2}");
        }
    }

    #[test]
    fn the_light_theme_outline_gives_every_marker_a_contrasting_edge() {
        // The fills alone do not all reach 3:1 on white (that is why the outline exists)...
        let style = ChartStyle::default();
        let theme = style.theme();
        let weak = (0..MAX_SERIES)
            .filter(|&i| contrast_ratio(style.series_style(i).0, theme.background) < 3.0)
            .count();
        assert!(weak > 0);
        // ...but the outline does, against the background.
        assert!(contrast_ratio(theme.ink, theme.background) >= 3.0);
    }

    #[test]
    fn the_first_eight_series_differ_in_colour_and_in_shape() {
        let style = ChartStyle::default();
        let styles: Vec<_> = (0..MAX_SERIES).map(|i| style.series_style(i)).collect();
        for (i, a) in styles.iter().enumerate() {
            for b in &styles[i + 1..] {
                assert_ne!(a.0, b.0);
                assert_ne!(a.1, b.1);
            }
        }
        // Past eight, the pair still differs from series 0.
        assert_ne!(style.series_style(8), style.series_style(0));
    }

    #[test]
    fn sizes_follow_the_device_pixel_ratio_and_survive_nonsense() {
        assert_eq!(ChartStyle::new(2.0, false).px(4.0), 8);
        assert_eq!(ChartStyle::new(f64::NAN, false).px(4.0), 4);
        assert_eq!(ChartStyle::new(-3.0, false).px(4.0), 4);
        assert_eq!(ChartStyle::new(1e9, false).px(1.0), 8);
        assert_eq!(ChartStyle::new(1.0, false).px(0.0), 1);
    }

    #[test]
    fn the_backing_store_and_pointer_follow_the_pixel_ratio() {
        let style = ChartStyle::new(2.0, false);
        assert_eq!(style.backing_size(360.0, 240.5), (720, 481));
        assert_eq!(style.backing_size(f64::NAN, -4.0), (0, 0));
        assert_eq!(style.to_backend(10.25, 3.0), (21, 6));
        assert_eq!(style.to_backend(f64::INFINITY, f64::NAN), (0, 0));
    }

    #[test]
    fn polygons_are_centred_and_circles_are_circles() {
        assert!(MarkerShape::Circle.polygon(4.0).is_none());
        for shape in MarkerShape::ALL.into_iter().skip(1) {
            let points = shape.polygon(4.0).unwrap();
            assert!(points.len() >= 3);
            for (x, y) in points {
                assert!(x.abs() <= 6.0 && y.abs() <= 6.0, "{shape:?}");
            }
        }
    }
}
