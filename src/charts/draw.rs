//! What every chart shares at its edges: the words it is given and what drawing returns.

use plotters::backend::DrawingBackend;
use plotters::drawing::DrawingAreaErrorKind;

/// What a draw function returns: its layout, or the backend's error (a canvas that went away,
/// a font the backend could not measure). The charts themselves never fail on data.
pub type DrawResult<T, DB> = Result<T, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// The words a chart may have to show or put in a table, in the user's language.
///
/// Empty strings are allowed (the chart then shows nothing where the word would go).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChartWords {
    /// Shown in place of the plot when there is nothing to draw.
    pub no_data: String,
    /// Shown for a value that is not known (a bar without a price), and put in table cells.
    pub unknown: String,
    /// Table heading of the column that names each item ("Offer", "Region", …).
    pub name: String,
    /// Table heading of the column that names each item's series ("Provider").
    pub group: String,
    /// Table heading of a row total ("Total").
    pub total: String,
}
