//! The offer table's first screenful and the count line above it, as markup. The site writes
//! them into `index.html` for the default view (src/site/first_screen); the app writes them
//! into that same page for the visitor's own view — a shared link's, or what was typed and
//! ticked there — as soon as its engine can answer, before its own page is built
//! (src/ui/screen_answer.rs), and the market view's first screenful for a link to the market.
//! One markup for both, so the two cannot drift.

use std::collections::BTreeSet;

use catalog::{pick, AsOf};

use crate::explorer::{Row, Shown};
use crate::present::face::RowFace;
use crate::present::i18n::{self, Lang, Msg};
use crate::present::market::markup::{lines, market_window};
use crate::present::market::window::Measured;
use crate::present::market::{counts, MarketRow};
use crate::present::markup::{El, Plain};
use crate::present::{hidden, old_prices, table_row};
use crate::pricing::PriceView;
use crate::view::state::ViewState;

/// Rows written: the rows the app renders at the top of the list (a tall screen's worth), so
/// the columns are as wide before the takeover as after.
pub use crate::present::window::FIRST_ROWS as ROWS;

/// The table as the app's `OfferTable` (src/ui/offer_table.rs) paints it: the same header
/// cells, and the first [`ROWS`] rows from the engine's one row markup.
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

/// The line above the table as the app's `Chips` (src/ui/chips.rs) writes it: how many offers
/// show of `total`, how many have no price on the view's term, and the note on how old prices
/// are ordered. Its list of chips is left empty: a chip's label and its remove button are the
/// app's.
pub fn count_row(state: &ViewState, shown: &Shown<'_>, total: usize, lang: Lang) -> El {
    let t = |msg| i18n::t(lang, msg);
    let note = table_row::lead_note(lang, state.lead, state.sort, state.old_prices).map(|text| {
        El::new("p")
            .attr("class", "sort-note")
            .attr("id", "sort-note")
            .text(format!("{text} "))
            .child(old_prices::switch_button(lang, state.old_prices))
    });
    let unpriced =
        hidden::unpriced_note(lang, state.term, total.saturating_sub(shown.priced), false).map(
            |text| {
                El::new("span")
                    .attr("class", "unpriced")
                    .attr("id", "unpriced")
                    .text(format!(" · {text}"))
            },
        );
    let count = result_count("shown-count", shown.rows.len())
        .text(format!(
            " {} {total} {}",
            t(Msg::ShownOf),
            t(Msg::OffersWord)
        ))
        .children(unpriced);
    chips_row(lang, count, note)
}

/// The chips row around a count line (and a note under it), its list of chips empty.
fn chips_row(lang: Lang, count: El, note: Option<El>) -> El {
    El::new("div")
        .attr("class", "chips-row")
        .child(count)
        .children(note)
        .child(
            El::new("ul")
                .attr("class", "chips")
                .attr("aria-label", i18n::t(lang, Msg::Filters)),
        )
}

/// A count line opening with `count` in bold, known to tests by `testid`.
fn result_count(testid: &str, count: usize) -> El {
    El::new("p")
        .attr("class", "result-count")
        .attr("aria-live", "polite")
        .child(
            El::new("strong")
                .attr("data-testid", testid.to_string())
                .text(count.to_string()),
        )
}

/// The market view as the app's `MarketPanel` (src/ui/market.rs) first paints it, before it
/// has measured its rows: its heading, and the lines of a frame `height` tall from the top,
/// every family folded.
pub fn market(
    rows: &[MarketRow<'_>],
    lang: Lang,
    today: &AsOf,
    price: &PriceView,
    height: f64,
) -> El {
    let lines = lines(rows, &BTreeSet::new());
    let table = market_window(
        rows,
        &lines,
        lang,
        today,
        price,
        &Measured::new(),
        0.0,
        height,
    );
    El::new("section")
        .attr("class", "market-view")
        .attr("id", "market")
        .attr("aria-labelledby", "market-title")
        .child(El::new("h2").attr("id", "market-title").text(pick(
            lang,
            "The market at a glance",
            "市场概览",
        )))
        .child(
            El::new("div")
                .attr("class", "market-wrap")
                .attr("tabindex", "0")
                .child(table),
        )
}

/// The line above the market as the app's `Chips` writes it there: how many variants and
/// offers it counts. Its list of chips is left empty, as in [`count_row`].
pub fn market_count_row(rows: &[MarketRow<'_>], lang: Lang) -> El {
    let (variants, offers) = counts(rows);
    let count = result_count("market-count", variants)
        .text(format!(" {}", i18n::market_count(lang, offers)));
    chips_row(lang, count, None)
}

/// Until the app runs, a control would do nothing: every one is disabled (and looks it) but
/// the search box and the filter boxes, whose text and ticks the app takes over.
pub fn disable_controls(el: &mut El) {
    let control = matches!(el.tag, "input" | "select" | "button");
    let kept = el
        .attrs
        .iter()
        .any(|(n, v)| (*n == "id" && v == "search") || *n == "data-filter");
    if control && !kept {
        el.attrs.push(("disabled", String::new()));
    }
    for child in &mut el.children {
        if let Plain::Element(child) = child {
            disable_controls(child);
        }
    }
}
