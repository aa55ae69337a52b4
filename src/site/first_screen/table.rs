//! The offer table's first screenful, as the app's `OfferTable` (src/ui/offer_table.rs)
//! paints it: the same header cells and the rows from the engine's one row markup.

use engine::catalog::AsOf;
use engine::explorer::Row;
use engine::present::face::RowFace;
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::El;
use engine::present::table_row;
use engine::view::state::ViewState;

/// Rows written into the page: the rows the app renders at the top of the list (a tall
/// screen's worth), so the columns are as wide before the takeover as after.
pub use engine::present::window::FIRST_ROWS as ROWS;

pub fn table(state: &ViewState, rows: &[Row<'_>], lang: Lang, today: &AsOf) -> El {
    let headers = state.columns.iter().map(|&column| {
        let (aria, arrow) = table_row::header_sort(column, state.sort);
        El::new("th")
            .attr("scope", "col")
            .attr("aria-sort", aria)
            .attr("data-col", column.key())
            .maybe("class", column.is_numeric().then_some("numeric"))
            .child(
                El::new("button")
                    .attr("type", "button")
                    .text(table_row::header_label(lang, column, &state.price))
                    .child(
                        El::new("span")
                            .attr("class", "arrow")
                            .attr("aria-hidden", "true")
                            .text(arrow),
                    ),
            )
    });
    let body = rows.iter().take(ROWS).enumerate().map(|(index, row)| {
        let face = RowFace::of(row, &state.columns, lang, today, false);
        table_row::row(&face).attr("aria-rowindex", (index + 2).to_string())
    });
    let spacer = || {
        El::new("tr")
            .attr("class", "spacer")
            .attr("aria-hidden", "true")
    };
    El::new("div").attr("class", "table-wrap").child(
        El::new("table")
            .attr("class", "catalog")
            .attr("id", "catalog")
            .attr("aria-rowcount", (rows.len() + 1).to_string())
            .child(
                El::new("thead").child(
                    El::new("tr")
                        .child(
                            El::new("th")
                                .attr("class", "select")
                                .attr("scope", "col")
                                .child(
                                    El::new("span")
                                        .attr("class", "visually-hidden")
                                        .text(i18n::t(lang, Msg::Select)),
                                ),
                        )
                        .children(headers),
                ),
            )
            .child(
                El::new("tbody")
                    .child(spacer())
                    .children(body)
                    .child(spacer()),
            ),
    )
}
