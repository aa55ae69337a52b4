//! Drawing one marker (a series' shape in its colour) at a pixel position.
//!
//! Markers are drawn in backend pixels rather than through a plotters series so that the
//! position used for drawing is the very one stored for hit testing, and so each marker is a
//! predictable pair of primitives: a filled circle or polygon, then its outline (a circle or a
//! closed path). Squares are polygons too, so a `<rect>` in the output is always a bar.

use plotters::backend::DrawingBackend;
use plotters::coord::Shift;
use plotters::drawing::DrawingArea;
use plotters::element::{Circle, PathElement, Polygon};
use plotters::style::{RGBAColor, ShapeStyle};

use super::draw::DrawResult;
use super::style::MarkerShape;

/// How one marker looks, in backend pixels.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MarkerLook {
    pub shape: MarkerShape,
    pub radius: f64,
    pub fill: RGBAColor,
    /// The outline, if any (see `Theme::ink` for why markers have one).
    pub outline: Option<ShapeStyle>,
}

/// Draws `look` centred on `at`, a pixel position relative to `area`.
pub(crate) fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    look: &MarkerLook,
) -> DrawResult<(), DB> {
    let fill = ShapeStyle {
        color: look.fill,
        filled: true,
        stroke_width: 1,
    };
    match look.shape.polygon(look.radius) {
        None => {
            let r = look.radius.round().max(1.0) as i32;
            area.draw(&Circle::new(at, r, fill))?;
            if let Some(outline) = look.outline {
                area.draw(&Circle::new(at, r, outline))?;
            }
        }
        Some(offsets) => {
            let points: Vec<(i32, i32)> = offsets
                .iter()
                .map(|(dx, dy)| (at.0 + dx.round() as i32, at.1 + dy.round() as i32))
                .collect();
            area.draw(&Polygon::new(points.clone(), fill))?;
            if let Some(outline) = look.outline {
                let mut closed = points;
                closed.push(closed[0]);
                area.draw(&PathElement::new(closed, outline))?;
            }
        }
    }
    Ok(())
}
