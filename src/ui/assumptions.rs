//! An estimate's assumptions as list items: each value with its name and where it comes from
//! (a link when the source has an address). The calculator and the money plan list theirs alike.

use leptos::prelude::*;

use crate::engine::present::i18n::Lang;
use crate::engine::workload::Assumption;

pub fn items(assumptions: &[Assumption], lang: Lang) -> impl IntoView {
    assumptions
        .iter()
        .map(|x| {
            let name = if lang == Lang::Zh { x.name_zh } else { x.name };
            let source = if x.url.is_empty() {
                view! { <span class="source">{x.source}</span> }.into_any()
            } else {
                view! {
                    <a class="source" href=x.url target="_blank" rel="noopener noreferrer">{x.source}</a>
                }
                .into_any()
            };
            view! { <li>{name} ": " <strong>{x.value.clone()}</strong> " — " {source}</li> }
        })
        .collect_view()
}
