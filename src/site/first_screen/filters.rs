//! The filter panel as the app's `FiltersPanel` (src/ui/filters_panel.rs) writes it with no
//! filter set: the boxes from the same markup (`share::filter_boxes`), none ticked, and the
//! typed fields empty.

use engine::catalog::Catalog;
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::El;
use engine::share::filter_boxes::{self, Folds};
use engine::view::filters::{Filters, RangeField};

fn section(title: &str) -> El {
    El::new("section").child(El::new("h2").text(title))
}

pub fn panel(catalog: &Catalog, lang: Lang) -> El {
    let t = |msg| i18n::t(lang, msg);
    // Nothing ticked, the long lists folded: the app's panel with no filter set.
    let none = Filters::default();
    let ranges = section(t(Msg::Ranges))
        .child(El::new("p").attr("class", "hint").text(t(Msg::RangeHelp)))
        .children(RangeField::ALL.into_iter().map(|field| range(field, lang)));
    let data = section(t(Msg::Data))
        .child(filter_boxes::hide_unknown(lang, &none))
        .child(
            El::new("label")
                .attr("class", "field")
                .child(El::new("span").text(t(Msg::HideOlderThan)))
                .child(
                    El::new("input")
                        .attr("type", "text")
                        .attr("inputmode", "numeric")
                        .attr("autocomplete", "off")
                        .attr("id", "max-age")
                        .attr("aria-invalid", "false")
                        .attr("aria-describedby", "max-age-error"),
                )
                .child(El::new("span").text(t(Msg::Months)))
                .child(
                    El::new("span")
                        .attr("class", "field-error")
                        .attr("id", "max-age-error")
                        .attr("role", "status"),
                ),
        );

    El::new("aside")
        .attr("class", "filters")
        .attr("aria-label", t(Msg::Filters))
        .child(
            // Open beside the table on a wide screen, folded on a phone, as the app has it: the
            // script inside decides as soon as it is parsed, before anything after it is shown.
            El::new("details")
                .attr("class", "filters-fold")
                .attr("open", "")
                .child(El::new("script").text(super::scripts::FOLD))
                .child(El::new("summary").text(t(Msg::Filters)))
                .child(filter_boxes::providers(catalog, lang, &none))
                .child(filter_boxes::accelerators(
                    catalog,
                    lang,
                    &none,
                    Folds::default(),
                ))
                .child(ranges)
                .child(filter_boxes::interconnect(lang, &none))
                .child(filter_boxes::regions(lang, &Default::default()))
                .child(filter_boxes::billing(lang, &none))
                .child(filter_boxes::ecosystem(lang, &none))
                .child(data),
        )
}

/// A range box, empty and valid, as `range_input` writes it.
fn range(field: RangeField, lang: Lang) -> El {
    let id = format!("range-{}", field.key());
    let error_id = format!("{id}-error");
    El::new("label")
        .attr("class", "field range")
        .child(El::new("span").text(i18n::range_field(lang, field)))
        .child(
            El::new("input")
                .attr("type", "text")
                .attr("id", id)
                .attr("inputmode", "text")
                .attr("autocomplete", "off")
                .attr("aria-invalid", "false")
                .attr("aria-describedby", error_id.as_str()),
        )
        .child(
            El::new("span")
                .attr("class", "field-error")
                .attr("id", error_id)
                .attr("role", "status"),
        )
}
