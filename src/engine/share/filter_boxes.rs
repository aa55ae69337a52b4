//! The filter panel's boxes as markup: every group of checkboxes, each box carrying its key
//! (`filter_box`, beside which it lives) and ticked as the view has it.
//!
//! One source for both pages that show them. The pre-rendered screen writes them with nothing
//! ticked and the long lists folded and empty; the app paints them into its panel
//! (src/ui/filters_panel.rs) and reads a box's change from its key, with one listener for the
//! whole panel. Written by hand in both places, as they were, the two had to be kept equal
//! by eye; and the app's ~100 reactive boxes (a memo, a binding and a listener each) were the
//! start's largest part and the code compiled first at its opening (issue 28).

use std::collections::BTreeSet;

use catalog::{Area, Catalog, Link, ProviderCategory, Vendor};

use super::{filter_box, Token};
use crate::present::i18n::{self, Lang, Msg};
use crate::present::markup::El;
use crate::view::filters::Filters;

/// Which of the long lists (models, variants, architectures) have been opened, and so are
/// written: folded, a list is its name only (435 of the page's 1,900 elements were theirs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Folds {
    pub model: bool,
    pub variant: bool,
    pub architecture: bool,
}

impl Folds {
    /// The list a fold's `data-group` names, opened; says whether it was closed before.
    pub fn open(&mut self, group: &str) -> bool {
        let list = match group {
            "model" => &mut self.model,
            "variant" => &mut self.variant,
            "architecture" => &mut self.architecture,
            _ => return false,
        };
        !std::mem::replace(list, true)
    }
}

/// A labelled checkbox.
fn check(key: String, label: impl Into<String>, ticked: bool) -> El {
    El::new("label")
        .attr("class", "check")
        .child(
            El::new("input")
                .attr("type", "checkbox")
                .attr("data-filter", key)
                .checked(ticked),
        )
        .text(label)
}

fn section(lang: Lang, title: Msg) -> El {
    El::new("section").child(El::new("h2").text(i18n::t(lang, title)))
}

fn scroll_list(boxes: impl IntoIterator<Item = El>) -> El {
    El::new("div").attr("class", "scroll-list").children(boxes)
}

/// A yes/no filter's box.
fn flag(lang: Lang, msg: Msg, key: &str, on: bool) -> El {
    check(key.to_string(), i18n::t(lang, msg), on)
}

/// A long list folded under its name, with a count of what is ticked in it; its boxes only
/// once it has been opened.
fn folded(lang: Lang, msg: Msg, group: &'static str, ticked: usize, boxes: Option<Vec<El>>) -> El {
    let mut summary = El::new("summary").text(i18n::t(lang, msg));
    if ticked > 0 {
        summary = summary.text(" ").child(
            El::new("span")
                .attr("class", "badge")
                .text(ticked.to_string()),
        );
    }
    let fold = El::new("details")
        .attr("class", "group-fold")
        .attr("data-group", group)
        .child(summary);
    match boxes {
        Some(boxes) => fold.child(scroll_list(boxes)),
        None => fold,
    }
}

/// Every provider, grouped by kind; the kind's own box heads its group.
pub fn providers(catalog: &Catalog, lang: Lang, filters: &Filters) -> El {
    let groups = <ProviderCategory as Token>::ALL.iter().map(|&category| {
        let members = catalog
            .providers
            .iter()
            .filter(|p| p.category == category)
            .map(|p| {
                check(
                    filter_box::provider(&p.id),
                    // In the reader's language, as the table names it.
                    i18n::provider_name(lang, p),
                    filters.providers.contains(&p.id),
                )
            });
        El::new("fieldset")
            .attr("class", "group")
            .child(El::new("legend").child(check(
                filter_box::category(category),
                i18n::category(lang, category),
                filters.categories.contains(&category),
            )))
            .child(scroll_list(members))
    });
    section(lang, Msg::Providers).children(groups)
}

/// The vendors, then the models, variants and architectures, each folded.
pub fn accelerators(catalog: &Catalog, lang: Lang, filters: &Filters, folds: Folds) -> El {
    let vendors = <Vendor as Token>::ALL.iter().map(|&v| {
        let label = match v {
            Vendor::Google => "Google TPU",
            Vendor::Aws => "AWS Trainium / Inferentia",
            other => other.label(),
        };
        check(filter_box::vendor(v), label, filters.vendors.contains(&v))
    });
    // Each list is gathered only once its fold is open: a tick repaints this group.
    let model_boxes = folds.model.then(|| {
        let models: BTreeSet<&str> = catalog
            .accelerators
            .iter()
            .map(|x| x.model.as_str())
            .collect();
        models
            .iter()
            .map(|m| check(filter_box::model(m), *m, filters.models.contains(*m)))
            .collect()
    });
    // The exact variants of the chosen models (or all), so SXM, PCIe and NVL stay apart.
    let variant_boxes = folds.variant.then(|| {
        let mut variants: Vec<_> = catalog
            .accelerators
            .iter()
            .filter(|x| filters.models.is_empty() || filters.models.contains(&x.model))
            .collect();
        variants.sort_by_key(|x| x.label());
        variants
            .into_iter()
            .map(|x| {
                check(
                    filter_box::accelerator(&x.id),
                    i18n::accelerator_label(lang, x),
                    filters.accelerators.contains(&x.id),
                )
            })
            .collect()
    });
    let architecture_boxes = folds.architecture.then(|| {
        let architectures: BTreeSet<&str> = catalog
            .accelerators
            .iter()
            .filter_map(|x| x.architecture.as_deref())
            .collect();
        architectures
            .iter()
            .map(|arch| {
                check(
                    filter_box::architecture(arch),
                    *arch,
                    filters.architectures.contains(*arch),
                )
            })
            .collect()
    });
    section(lang, Msg::Accelerator)
        .child(
            El::new("fieldset")
                .attr("class", "group")
                .child(El::new("legend").text(i18n::t(lang, Msg::Vendor)))
                .children(vendors),
        )
        .child(folded(
            lang,
            Msg::Model,
            "model",
            filters.models.len(),
            model_boxes,
        ))
        .child(folded(
            lang,
            Msg::Variant,
            "variant",
            filters.accelerators.len(),
            variant_boxes,
        ))
        .child(folded(
            lang,
            Msg::Architecture,
            "architecture",
            filters.architectures.len(),
            architecture_boxes,
        ))
}

/// The interconnects, any of which an offer may have, and multi-node clusters.
pub fn interconnect(lang: Lang, filters: &Filters) -> El {
    section(lang, Msg::Interconnect)
        .children(Link::ALL.into_iter().map(|l| {
            check(
                filter_box::link(l),
                i18n::link(lang, l),
                filters.links.contains(&l),
            )
        }))
        .child(flag(lang, Msg::MultiNode, "multi-node", filters.multi_node))
}

/// Where the offers are: one box per area.
pub fn regions(lang: Lang, areas: &BTreeSet<Area>) -> El {
    section(lang, Msg::Regions).children(<Area as Token>::ALL.iter().map(|&area| {
        check(
            filter_box::area(area),
            i18n::area(lang, area),
            areas.contains(&area),
        )
    }))
}

pub fn billing(lang: Lang, filters: &Filters) -> El {
    section(lang, Msg::Billing)
        .child(flag(
            lang,
            Msg::PerSecondBilling,
            "per-second",
            filters.per_second_billing,
        ))
        .child(flag(
            lang,
            Msg::NoCommitment,
            "no-commitment",
            filters.no_commitment,
        ))
}

pub fn ecosystem(lang: Lang, filters: &Filters) -> El {
    section(lang, Msg::Ecosystem)
        .child(flag(
            lang,
            Msg::Kubernetes,
            "kubernetes",
            filters.kubernetes,
        ))
        .child(flag(
            lang,
            Msg::FrameworkImages,
            "framework-images",
            filters.framework_images,
        ))
        .child(flag(lang, Msg::Notebooks, "notebooks", filters.notebooks))
}

/// The data section's box (its other field, the age limit, is typed).
pub fn hide_unknown(lang: Lang, filters: &Filters) -> El {
    flag(
        lang,
        Msg::HideUnknownPrice,
        "hide-unknown",
        filters.hide_unknown_price,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::present::markup::Plain;
    use crate::view::state::ViewState;

    const ALL_OPEN: Folds = Folds {
        model: true,
        variant: true,
        architecture: true,
    };

    /// Every box the panel writes for `state`: its key and whether it is ticked.
    fn boxes(catalog: &Catalog, state: &ViewState, folds: Folds) -> Vec<(String, bool)> {
        fn walk(el: &El, out: &mut Vec<(String, bool)>) {
            if el.tag == "input" {
                let key = el.attrs.iter().find(|(n, _)| *n == "data-filter");
                out.push((
                    key.expect("every box has a key").1.clone(),
                    el.checked == Some(true),
                ));
            }
            for child in &el.children {
                if let Plain::Element(child) = child {
                    walk(child, out);
                }
            }
        }
        let f = &state.filters;
        let in_lang = |lang| {
            let mut out = Vec::new();
            for section in [
                providers(catalog, lang, f),
                accelerators(catalog, lang, f, folds),
                interconnect(lang, f),
                regions(lang, &state.regions.areas),
                billing(lang, f),
                ecosystem(lang, f),
                hide_unknown(lang, f),
            ] {
                walk(&section, &mut out);
            }
            out
        };
        // The same boxes, ticked the same, whatever the language says on them.
        let english = in_lang(Lang::En);
        assert_eq!(in_lang(Lang::Zh), english);
        english
    }

    #[test]
    fn each_box_ticks_its_own_filter_and_shows_ticked_alone() {
        let catalog = bundled::catalog().unwrap();
        let all = boxes(&catalog, &ViewState::default(), ALL_OPEN);
        // Every provider, kind, vendor, model, variant, architecture, link, area and flag.
        let expected = catalog.providers.len()
            + <ProviderCategory as Token>::ALL.len()
            + <Vendor as Token>::ALL.len()
            + catalog
                .accelerators
                .iter()
                .map(|x| &x.model)
                .collect::<BTreeSet<_>>()
                .len()
            + catalog.accelerators.len()
            + catalog
                .accelerators
                .iter()
                .filter_map(|x| x.architecture.as_ref())
                .collect::<BTreeSet<_>>()
                .len()
            + Link::ALL.len()
            + <Area as Token>::ALL.len()
            + filter_box::FLAGS.len();
        assert_eq!(all.len(), expected);
        assert!(all.iter().all(|(_, ticked)| !ticked));
        let keys: BTreeSet<&str> = all.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys.len(), all.len(), "a key is written twice");
        for (key, _) in &all {
            let mut state = ViewState::default();
            assert!(filter_box::set(&mut state, key, true), "{key}");
            let ticked: Vec<String> = boxes(&catalog, &state, ALL_OPEN)
                .into_iter()
                .filter(|(_, t)| *t)
                .map(|(k, _)| k)
                .collect();
            assert_eq!(ticked, std::slice::from_ref(key), "ticking {key}");
            // And the click that unticks it leaves the view as it was.
            assert!(filter_box::set(&mut state, key, false));
            assert_eq!(state, ViewState::default(), "unticking {key}");
        }
    }

    #[test]
    fn a_folded_list_is_its_name_and_a_count_until_opened() {
        let catalog = bundled::catalog().unwrap();
        let mut state = ViewState::default();
        filter_box::set(&mut state, "model-H100", true);
        filter_box::set(&mut state, "accelerator-h100-sxm5-80gb", true);
        let folded = accelerators(&catalog, Lang::En, &state.filters, Folds::default());
        let html = folded.to_html();
        assert!(!html.contains("model-H100"), "{html}");
        assert!(!html.contains("scroll-list"), "{html}");
        assert_eq!(
            html.matches("<span class=\"badge\">1</span>").count(),
            2,
            "{html}"
        );
        // Opened, the variants are those of the chosen model only.
        let mut folds = Folds::default();
        assert!(folds.open("variant"));
        assert!(!folds.open("variant"), "opened once");
        assert!(!folds.open("nothing"));
        let opened = boxes(&catalog, &state, folds);
        let variants: Vec<&str> = opened
            .iter()
            .filter_map(|(k, _)| k.strip_prefix("accelerator-"))
            .collect();
        let h100s: BTreeSet<&str> = catalog
            .accelerators
            .iter()
            .filter(|x| x.model == "H100")
            .map(|x| x.id.as_str())
            .collect();
        assert!(!h100s.is_empty());
        assert_eq!(variants.iter().copied().collect::<BTreeSet<_>>(), h100s);
        assert!(opened.iter().all(|(k, _)| !k.starts_with("model-")));
    }
}
