//! Every chart of the app as a pure function over plotters' [`DrawingBackend`].
//!
//! The UI hands these functions a canvas (plotters-canvas) and the tests an SVG string, so the
//! same code is checked natively and drawn in the browser. Each chart takes a plain data struct
//! that the rest of the engine fills, a [`ChartStyle`] (device pixel ratio, theme, font), and
//! returns what the UI needs afterwards (pixel positions for hit testing).
//!
//! Rules every chart keeps:
//! - The crate depends on plotters alone (no default features): nothing of GPU Atlas, no
//!   catalog, no browser. The engine turns rows into the plain data structs drawn here.
//! - All words come from the caller (titles, axis names, "no data", "unknown"), because the UI
//!   is bilingual; the charts only format numbers, and they do it language-neutrally
//!   (`0.5`, `2`, `10`, `1k`).
//! - Colour is never the only signal: series also differ by marker shape, the highlighted item
//!   also has an outline and bold text.
//! - Hostile data (NaN, infinities, negatives where they make no sense, nothing at all, tens of
//!   thousands of points) never panics and never reaches the backend as a NaN coordinate.
//! - Sizes are in CSS pixels multiplied by [`ChartStyle::scale`], so a canvas whose backing
//!   store is CSS size × devicePixelRatio stays sharp.
//!
//! Besides the picture, every data struct offers `facts()` (structured numbers the caller may
//! word itself), `describe(template)` (a text alternative filled from a localised template) and
//! `table()` (the chart's data as rows, for a "show as table" toggle and CSV export).

mod axis;
pub mod bars;
mod draw;
mod frame;
mod legend;
mod marker;
pub mod numbers;
mod rows;
pub mod scatter;
pub mod stacked;
pub mod steps;
pub mod style;
pub mod timeline;

#[cfg(test)]
mod testing;

pub use axis::{nice_range, ticks, wants_log, LOG_DECADES};
pub use bars::{draw_bars, Bar, BarRow, BarsData, BarsFacts, BarsLayout};
pub use draw::{ChartWords, DrawResult};
pub use numbers::{fill_template, plain_number, readable_number, tick_label};
pub use scatter::{
    draw_scatter, PlacedPoint, ScatterData, ScatterFacts, ScatterLayout, ScatterPoint,
};
pub use stacked::{
    draw_stacked, StackedData, StackedFacts, StackedLayout, StackedRow, StackedRowLayout,
};
pub use steps::{draw_steps, Step, StepSeries, StepsData, StepsFacts, StepsLayout};
pub use style::{ChartStyle, MarkerShape, Theme};
pub use timeline::{
    draw_timeline, CostLine, TimelineData, TimelineFacts, TimelineLayout, TimelineMarker,
};
