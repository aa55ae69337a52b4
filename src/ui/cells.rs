//! One element shape for a value as the engine's [`Face`] says it reads: money with its
//! currency and a "converted" mark, dates with their age, unknowns written out.

use leptos::prelude::*;

use crate::engine::catalog::AsOf;
use crate::engine::explorer::Cell;
use crate::engine::present::face::Face;
use crate::engine::present::i18n::Lang;
use crate::engine::view::columns::Column;

use super::plain::{El, Plain};

/// A value as its face says: `<span class title>{≈}{text}{old}</span>`. The table builds
/// this again when a row shows another offer, and Leptos rewrites only what differs.
pub fn face(face: Face) -> impl IntoView {
    let Face {
        class,
        title,
        text,
        converted,
        old,
    } = face;
    let converted = converted.map(|label| {
        view! { <abbr class="converted" title=label aria-label=label>"≈"</abbr> }
    });
    let old = old.map(|label| view! { <span class="badge">{label}</span> });
    view! { <span class=class title=title>{converted}{text}{old}</span> }
}

/// The same shape as plain data, for the places that repaint by difference (the table),
/// as the children of the element that holds the value: a value with nothing to mark is its
/// bare text, one node less per cell for the browser to lay out on every change.
pub fn face_tree(face: &Face) -> Vec<Plain> {
    if face.class.is_empty()
        && face.title.is_none()
        && face.converted.is_none()
        && face.old.is_none()
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
    let span = El::new("span")
        .maybe("class", (!face.class.is_empty()).then_some(face.class))
        .maybe("title", face.title.as_deref())
        .children(converted)
        .text(face.text.as_str())
        .children(old);
    vec![Plain::Element(span)]
}

/// `cell` of `column`, for the comparison and the detail view.
pub fn render(cell: Cell, column: Column, lang: Lang, today: &AsOf) -> impl IntoView {
    face(Face::of(cell, column, lang, today))
}

/// A date, coloured and labelled by age.
pub fn date_view(date: &AsOf, lang: Lang, today: &AsOf) -> impl IntoView {
    face(Face::date(date, lang, today))
}
