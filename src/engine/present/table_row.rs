//! A table row as plain markup: the app paints it by difference, the static site writes it as
//! HTML — one definition of how an offer reads in the table.

use super::face::{CellFace, Face, RowFace, Wrapper};
use super::i18n::{self, Lang};
use super::markup::{web_address, El, Plain};
use crate::pricing::{PriceBasis, PriceView};
use crate::view::columns::{Column, Direction, Lead, Sort};
use catalog::freshness::STALE_MONTHS;

/// A row's elements: the checkbox (its events are the table body's), then a cell per column.
pub fn row(face: &RowFace) -> El {
    let checkbox = El::new("input")
        .attr("type", "checkbox")
        .attr("aria-label", face.select_label.as_str())
        .checked(face.selected);
    El::new("tr")
        .attr("data-offer", face.offer.as_str())
        .attr("data-provider", face.provider.as_str())
        .maybe("class", face.selected.then_some("selected"))
        .child(El::new("td").attr("class", "select").child(checkbox))
        .children(face.cells.iter().map(cell))
}

pub fn cell(cell: &CellFace) -> El {
    let value = face_nodes(&cell.face);
    let td = El::new("td")
        .attr("class", cell.class.as_str())
        .maybe("title", cell.title.as_deref());
    let td = match &cell.wrapper {
        Wrapper::Link { href, .. } if web_address(href).is_none() => td.nodes(value),
        Wrapper::None => td.nodes(value),
        Wrapper::Link { href, title } => td.child(
            El::new("a")
                .attr("href", href.as_str())
                .attr("target", "_blank")
                .attr("rel", "noopener noreferrer")
                .maybe("title", (!title.is_empty()).then_some(title.as_str()))
                .nodes(value),
        ),
        Wrapper::Details(title) => td.child(
            El::new("button")
                .attr("type", "button")
                .attr("class", "link-button open-detail")
                .attr("title", *title)
                .nodes(value),
        ),
    };
    td.children(cell.asides.iter().map(|aside| {
        El::new("span")
            .attr("class", aside.class)
            .maybe("title", aside.label.as_deref())
            .maybe("aria-label", aside.label.as_deref())
            .maybe("lang", aside.lang)
            .text(aside.text.as_str())
    }))
}

/// The same shape as plain data, for the places that repaint by difference (the table),
/// as the children of the element that holds the value: a value with nothing to mark is its
/// bare text, one node less per cell for the browser to lay out on every change.
pub fn face_nodes(face: &Face) -> Vec<Plain> {
    if face.class.is_empty()
        && face.title.is_none()
        && face.converted.is_none()
        && face.old.is_none()
        && face.by_use.is_none()
        && face.spoken.is_none()
    {
        return vec![Plain::Text(face.text.clone())];
    }
    let converted = face.converted.map(|label| {
        El::new("abbr")
            .attr("class", "converted")
            .attr("title", label)
            .attr("aria-label", label)
            .text("≈")
    });
    let old = face
        .old
        .map(|label| El::new("span").attr("class", "badge").text(label));
    let by_use = face
        .by_use
        .map(|label| El::new("span").attr("class", "badge by-use").text(label));
    let span = El::new("span")
        .maybe("class", (!face.class.is_empty()).then_some(face.class))
        .maybe("title", face.title.as_deref())
        .children(converted);
    // A quiet mark is shown, its word is said.
    let span = match face.spoken {
        Some(word) => span
            .child(
                El::new("span")
                    .attr("aria-hidden", "true")
                    .text(face.text.as_str()),
            )
            .child(El::new("span").attr("class", "visually-hidden").text(word)),
        None => span.text(face.text.as_str()),
    }
    .children(old)
    .children(by_use);
    vec![Plain::Element(span)]
}

/// A column header's words: the price headers name their unit, so the numbers below need none.
pub fn header_label(lang: Lang, column: Column, price: &PriceView) -> String {
    let name = i18n::column(lang, column);
    let basis = match column {
        Column::Price => price.basis,
        Column::PricePerAccelerator => PriceBasis::Accelerator,
        _ => return name.to_string(),
    };
    format!(
        "{name} ({})",
        i18n::price_unit(lang, price.currency.code(), basis, price.duration)
    )
}

/// The sentence above the table while a group leads the order, so the first screen's order
/// is never a hidden choice: what comes first, then what sorts each group. `None` when the
/// sort column alone orders the table (its header's arrow says so).
pub fn lead_note(lang: Lang, lead: Lead, sort: Sort, old_prices: bool) -> Option<String> {
    if lead == Lead::None {
        return None;
    }
    // The header says "Per accel."; a sentence has room for the words.
    let column = match sort.column {
        Column::PricePerAccelerator => i18n::pick(lang, "Price per accelerator", "每卡价格"),
        other => i18n::column(lang, other),
    };
    let way = match (sort.direction, column_reads_as_money(sort.column)) {
        (Direction::Ascending, true) => i18n::pick(lang, "cheapest first", "从低到高"),
        (Direction::Descending, true) => i18n::pick(lang, "dearest first", "从高到低"),
        (Direction::Ascending, false) => i18n::pick(lang, "lowest first", "从低到高"),
        (Direction::Descending, false) => i18n::pick(lang, "highest first", "从高到低"),
    };
    // Old prices follow the rest under this lead, unless the view lets them compete.
    Some(match (lang, old_prices) {
        (Lang::En, true) => format!(
            "Order: data-centre accelerators (HBM memory) first, then by {}, {way}.",
            column.to_lowercase()
        ),
        (Lang::En, false) => format!(
            "Order: data-centre accelerators (HBM memory) first, then by {}, {way}; prices over {STALE_MONTHS} months old last.",
            column.to_lowercase()
        ),
        (Lang::Zh, true) => format!("排序：数据中心加速卡（HBM 显存）在前，各组按{column}{way}。"),
        (Lang::Zh, false) => format!(
            "排序：数据中心加速卡（HBM 显存）在前，各组按{column}{way}；超过 {STALE_MONTHS} 个月的价格排在最后。"
        ),
    })
}

fn column_reads_as_money(column: Column) -> bool {
    matches!(
        column,
        Column::Price | Column::PricePerAccelerator | Column::JobCost | Column::JobPerMillionTokens
    )
}

/// A column header's sort state: its `aria-sort` and the arrow after its words.
pub fn header_sort(column: Column, sort: Sort) -> (&'static str, &'static str) {
    match (sort.column == column, sort.direction) {
        (false, _) => ("none", ""),
        (true, Direction::Ascending) => ("ascending", " ▲"),
        (true, Direction::Descending) => ("descending", " ▼"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_screens_order_is_said_in_words_and_a_plain_sort_needs_none() {
        let note = lead_note(Lang::En, Lead::DataCentre, Sort::default(), true).unwrap();
        assert_eq!(
            note,
            "Order: data-centre accelerators (HBM memory) first, then by price per accelerator, cheapest first."
        );
        let note = lead_note(Lang::En, Lead::DataCentre, Sort::default(), false).unwrap();
        assert!(
            note.ends_with("; prices over 18 months old last."),
            "{note}"
        );
        assert!(
            lead_note(Lang::Zh, Lead::DataCentre, Sort::default(), false)
                .unwrap()
                .contains("数据中心")
        );
        assert_eq!(
            lead_note(Lang::En, Lead::None, Sort::default(), false),
            None
        );
    }
}
