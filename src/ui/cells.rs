//! One element shape for a value as the engine's [`Face`] says it reads: money with its
//! currency and a "converted" mark, dates with their age, unknowns written out.

use leptos::prelude::*;

use crate::engine::catalog::AsOf;
use crate::engine::explorer::Cell;
use crate::engine::present::face::Face;
use crate::engine::present::i18n::Lang;
use crate::engine::view::columns::Column;

/// A value as its face says: `<span class title>{≈}{text}{old}{by use}</span>`. The table builds
/// this again when a row shows another offer, and Leptos rewrites only what differs.
pub fn face(face: Face) -> impl IntoView {
    let Face {
        class,
        title,
        text,
        converted,
        old,
        spoken,
        by_use,
    } = face;
    let converted = converted.map(|label| {
        view! { <abbr class="converted" title=label aria-label=label>"≈"</abbr> }
    });
    let old = old.map(|label| view! { <span class="badge">{label}</span> });
    let by_use = by_use.map(|label| view! { <span class="badge by-use">{label}</span> });
    // A quiet mark ("—") is shown, its word is said.
    let text = match spoken {
        Some(word) => view! {
            <span aria-hidden="true">{text}</span>
            <span class="visually-hidden">{word}</span>
        }
        .into_any(),
        None => text.into_any(),
    };
    view! { <span class=class title=title>{converted}{text}{old}{by_use}</span> }
}

/// `cell` of `column`, for the comparison and the detail view.
pub fn render(cell: Cell, column: Column, lang: Lang, today: &AsOf) -> impl IntoView {
    face(Face::of(cell, column, lang, today))
}

/// A date, coloured and labelled by age.
pub fn date_view(date: &AsOf, lang: Lang, today: &AsOf) -> impl IntoView {
    face(Face::date(date, lang, today))
}
