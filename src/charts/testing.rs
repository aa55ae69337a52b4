//! Test helpers: render a chart into an SVG string and read the SVG back.
//!
//! plotters' SVG backend writes one element per drawing call (`<circle>`, `<polygon>`,
//! `<polyline>`, `<rect>`, `<line>`, `<text>`) with its colours as `#RRGGBB`, so counting
//! elements of a colour counts what the chart drew in that colour.

use plotters::backend::SVGBackend;
use plotters::coord::Shift;
use plotters::drawing::{DrawingArea, IntoDrawingArea};
use plotters::style::RGBColor;

/// Renders `draw` on a `w`×`h` SVG and returns the document and what `draw` returned.
pub(crate) fn render<R>(
    w: u32,
    h: u32,
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> R,
) -> (String, R) {
    let mut svg = String::new();
    let result = {
        let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        let result = draw(&area);
        area.present().expect("SVG backend never fails on a string");
        result
    };
    (svg, result)
}

/// The opening tags of every `<tag …>` element, in document order.
pub(crate) fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    svg.match_indices(&open)
        .map(|(start, _)| {
            let end = svg[start..].find('>').map_or(svg.len(), |e| start + e + 1);
            &svg[start..end]
        })
        .collect()
}

/// How many `<tag>` elements have `attr="value"`.
pub(crate) fn count_with(svg: &str, tag: &str, attr: &str, value: &str) -> usize {
    let needle = format!("{attr}=\"{value}\"");
    elements(svg, tag)
        .into_iter()
        .filter(|e| e.contains(&needle))
        .count()
}

/// The value of `attr` in an opening tag.
pub(crate) fn attr<'a>(element: &'a str, attr: &str) -> Option<&'a str> {
    let needle = format!(" {attr}=\"");
    let start = element.find(&needle)? + needle.len();
    let end = element[start..].find('"')? + start;
    Some(&element[start..end])
}

/// The text of every `<text>` element, unescaped, in document order.
pub(crate) fn texts(svg: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text ") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else {
            break;
        };
        let Some(close) = after.find("</text>") else {
            break;
        };
        let raw = after[open_end + 1..close].trim();
        out.push(
            raw.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&"),
        );
        rest = &after[close..];
    }
    out
}

/// `#RRGGBB` as plotters' SVG backend writes it.
pub(crate) fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// The position in `texts` of the first text equal to `label`.
pub(crate) fn position(texts: &[String], label: &str) -> Option<usize> {
    texts.iter().position(|t| t == label)
}

/// Writes `svg` to `$CHART_GALLERY/<name>.svg` when that variable names a directory, so a
/// developer can look at the charts: `CHART_GALLERY=/tmp/charts cargo test --lib charts`.
pub(crate) fn save(name: &str, svg: &str) {
    if let Some(dir) = std::env::var_os("CHART_GALLERY") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("gallery directory");
        std::fs::write(dir.join(format!("{name}.svg")), svg).expect("gallery file");
    }
}
