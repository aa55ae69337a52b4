//! The filter panel as the app's `FiltersPanel` (src/ui/filters_panel.rs) writes it with no
//! filter set: every group and box, in the same order, none checked.

use engine::catalog::{Area, Catalog, Link, ProviderCategory, Vendor};
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::El;
use engine::share::{filter_box, Token};
use engine::view::filters::RangeField;

/// A labelled checkbox, as `set_checkbox` and `toggle_checkbox` write it.
fn check(key: String, label: &str) -> El {
    El::new("label")
        .attr("class", "check")
        .child(
            El::new("input")
                .attr("type", "checkbox")
                .attr("data-filter", key),
        )
        .text(label)
}

fn group(legend: El, members: impl IntoIterator<Item = El>, scroll: bool) -> El {
    let fieldset = El::new("fieldset").attr("class", "group").child(legend);
    if scroll {
        // Its boxes are disabled until the app runs, so the list itself takes the focus to
        // scroll by keyboard.
        fieldset.child(
            El::new("div")
                .attr("class", "scroll-list")
                .attr("tabindex", "0")
                .children(members),
        )
    } else {
        fieldset.children(members)
    }
}

/// A long list folded under its name, as the app's `folded_group` writes it with nothing
/// checked: closed, its boxes not built until it opens.
fn folded_group(lang: Lang, msg: Msg, key: &str) -> El {
    El::new("details")
        .attr("class", "group-fold")
        .attr("data-group", key)
        .child(El::new("summary").text(i18n::t(lang, msg)))
}

fn section(title: &str) -> El {
    El::new("section").child(El::new("h2").text(title))
}

pub fn panel(catalog: &Catalog, lang: Lang) -> El {
    let t = |msg| i18n::t(lang, msg);
    let flag = |msg, key: &str| check(key.to_string(), t(msg));

    let providers = <ProviderCategory as Token>::ALL.iter().map(|&category| {
        let members = catalog
            .providers
            .iter()
            .filter(|p| p.category == category)
            .map(|p| check(filter_box::provider(&p.id), i18n::provider_name(lang, p)));
        let legend = El::new("legend").child(check(
            filter_box::category(category),
            i18n::category(lang, category),
        ));
        group(legend, members, true)
    });

    let vendors = <Vendor as Token>::ALL.iter().map(|&v| {
        let label = match v {
            Vendor::Google => "Google TPU",
            Vendor::Aws => "AWS Trainium / Inferentia",
            other => other.label(),
        };
        check(filter_box::vendor(v), label)
    });
    let legend = |msg| El::new("legend").text(t(msg));
    let accelerators = section(t(Msg::Accelerator))
        .child(group(legend(Msg::Vendor), vendors, false))
        .child(folded_group(lang, Msg::Model, "model"))
        .child(folded_group(lang, Msg::Variant, "variant"))
        .child(folded_group(lang, Msg::Architecture, "architecture"));

    let ranges = section(t(Msg::Ranges))
        .child(El::new("p").attr("class", "hint").text(t(Msg::RangeHelp)))
        .children(RangeField::ALL.into_iter().map(|field| range(field, lang)));
    let interconnect = section(t(Msg::Interconnect))
        .children(
            Link::ALL
                .into_iter()
                .map(|l| check(filter_box::link(l), i18n::link(lang, l))),
        )
        .child(flag(Msg::MultiNode, "multi-node"));
    let regions = section(t(Msg::Regions)).children(
        <Area as Token>::ALL
            .iter()
            .map(|&area| check(filter_box::area(area), i18n::area(lang, area))),
    );
    let billing = section(t(Msg::Billing))
        .child(flag(Msg::PerSecondBilling, "per-second"))
        .child(flag(Msg::NoCommitment, "no-commitment"));
    let ecosystem = section(t(Msg::Ecosystem))
        .child(flag(Msg::Kubernetes, "kubernetes"))
        .child(flag(Msg::FrameworkImages, "framework-images"))
        .child(flag(Msg::Notebooks, "notebooks"));
    let data = section(t(Msg::Data))
        .child(flag(Msg::HideUnknownPrice, "hide-unknown"))
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
                .child(section(t(Msg::Providers)).children(providers))
                .child(accelerators)
                .child(ranges)
                .child(interconnect)
                .child(regions)
                .child(billing)
                .child(ecosystem)
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
