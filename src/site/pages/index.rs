//! The two index pages: every accelerator by vendor with its cheapest on-demand price, and
//! every provider by category — the way in for a reader (and a crawler) arriving without a
//! question yet.

use engine::catalog::format;
use engine::catalog::{ProviderCategory, Vendor};
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::El;
use engine::pricing::{Duration, PriceBasis};
use engine::share::Token;
use engine::view::columns::Column;

use super::accelerator;
use super::address::Page;
use super::layout::{self, heading, Crumb, Head};
use super::market::Market;
use super::offers::Field;
use super::provider;
use super::words::{self, w, Word};

const VENDORS: [Vendor; 5] = [
    Vendor::Nvidia,
    Vendor::Amd,
    Vendor::Intel,
    Vendor::Google,
    Vendor::Aws,
];

const CATEGORIES: [ProviderCategory; 4] = [
    ProviderCategory::Hyperscaler,
    ProviderCategory::GpuCloud,
    ProviderCategory::Marketplace,
    ProviderCategory::China,
];

pub fn accelerators(market: &Market<'_>, all: &[accelerator::Facts<'_>], lang: Lang) -> String {
    let site = market.site;
    let page = Page::Accelerators;
    let head = Head {
        title: format!(
            "{} | {}",
            words::accelerators_index_title(lang, all.len()),
            w(lang, Word::SiteName)
        ),
        description: w(lang, Word::PagesIndexLead).to_string(),
    };
    let crumbs = vec![Crumb {
        text: w(lang, Word::Accelerators).into(),
        href: None,
    }];
    let mut main = vec![
        El::new("h1").text(w(lang, Word::AllAccelerators)),
        El::new("p")
            .attr("class", "lead")
            .text(w(lang, Word::PagesIndexLead)),
        // The model pages (one level up, beside gpu/ in either language's folder).
        El::new("p").child(layout::link(
            "../model/",
            engine::catalog::pick(
                lang,
                "Open-weight models: what hosted APIs charge, and the GPUs each fits on",
                "开源权重模型：托管 API 的价格，以及能装下它们的 GPU",
            ),
        )),
    ];
    for vendor in VENDORS {
        let mut facts: Vec<&accelerator::Facts<'_>> = all
            .iter()
            .filter(|f| f.accelerator.vendor == vendor)
            .collect();
        if facts.is_empty() {
            continue;
        }
        facts.sort_by_cached_key(|f| f.accelerator.label());
        let rows = facts
            .iter()
            .map(|f| {
                let a = f.accelerator;
                let name = El::new("th").attr("scope", "row").child(layout::short_link(
                    page.link_to(lang, &Page::Accelerator(a.id.clone()), lang),
                    &i18n::accelerator_label(lang, a),
                    &a.short_label(),
                ));
                let memory = a.specs.memory_gb.map_or_else(
                    || {
                        El::new("td")
                            .attr("class", "memory")
                            .child(layout::unknown(lang))
                    },
                    |gb| {
                        El::new("td")
                            .attr("class", "memory numeric")
                            .text(format!("{} GB", format::quantity(gb)))
                    },
                );
                let (price, date) = match f.cheapest() {
                    Some(row) => (
                        Field::PerAccelerator.cell(row, site, &page, lang),
                        Field::Date.cell(row, site, &page, lang),
                    ),
                    None => (
                        El::new("td")
                            .attr("class", Field::PerAccelerator.class())
                            .child(layout::unknown(lang)),
                        El::new("td").attr("class", Field::Date.class()),
                    ),
                };
                El::new("tr")
                    .attr("data-accelerator", a.id.as_str())
                    .child(name)
                    .child(memory)
                    .child(counted("providers", f.sellers.len()))
                    .child(counted("offers", f.offers))
                    .child(price)
                    .child(date)
            })
            .collect();
        let id = format!("vendor-{}", vendor.token());
        main.push(
            layout::section(&id, "h2", vendor.label()).child(layout::table(
                "detail-table index accelerator-index cards",
                None,
                vec![
                    heading(i18n::t(lang, Msg::Accelerator), false),
                    heading(w(lang, Word::Memory), true).class("memory"),
                    heading(i18n::t(lang, Msg::Providers), true).class("providers"),
                    heading(w(lang, Word::Offers), true).class("offers"),
                    heading(
                        format!(
                            "{}, {}",
                            w(lang, Word::CheapestOnDemand),
                            i18n::price_unit(lang, "USD", PriceBasis::Accelerator, Duration::Hour)
                        ),
                        true,
                    )
                    .class(Field::PerAccelerator.class()),
                    heading(i18n::column(lang, Column::AsOf), false).class(Field::Date.class()),
                ],
                rows,
            )),
        );
    }
    layout::document(site, &page, lang, head, crumbs, main)
}

pub fn providers(market: &Market<'_>, all: &[provider::Facts<'_>], lang: Lang) -> String {
    let page = Page::Providers;
    let head = Head {
        title: format!(
            "{} | {}",
            words::providers_index_title(lang, all.len()),
            w(lang, Word::SiteName)
        ),
        description: w(lang, Word::ProvidersIndexLead).to_string(),
    };
    let crumbs = vec![Crumb {
        text: i18n::t(lang, Msg::Providers).into(),
        href: None,
    }];
    let mut main = vec![
        El::new("h1").text(w(lang, Word::AllProviders)),
        El::new("p")
            .attr("class", "lead")
            .text(w(lang, Word::ProvidersIndexLead)),
    ];
    for category in CATEGORIES {
        let mut facts: Vec<&provider::Facts<'_>> = all
            .iter()
            .filter(|f| f.provider.category == category)
            .collect();
        if facts.is_empty() {
            continue;
        }
        facts.sort_by_cached_key(|f| f.provider.name.to_lowercase());
        let rows = facts
            .iter()
            .map(|f| {
                let p = f.provider;
                let name = El::new("th").attr("scope", "row").child(layout::link(
                    page.link_to(lang, &Page::Provider(p.id.clone()), lang),
                    i18n::provider_name(lang, p),
                ));
                let billing = El::new("td").attr("class", "billing");
                let billing = match p.billing_increment {
                    Some(b) => billing.text(words::billing(lang, b)),
                    None => billing.child(layout::unknown(lang)),
                };
                let hq = El::new("td").attr("class", "headquarters");
                let hq = match &p.headquarters {
                    Some(hq_) => hq.text(hq_.as_str()),
                    None => hq.child(layout::unknown(lang)),
                };
                El::new("tr")
                    .attr("data-provider", p.id.as_str())
                    .child(name)
                    .child(hq)
                    .child(counted("regions", p.regions.len()))
                    .child(counted("accelerators", f.accelerators.len()))
                    .child(counted("offers", f.offers))
                    .child(billing)
            })
            .collect();
        let id = format!("category-{}", category.token());
        main.push(
            layout::section(&id, "h2", i18n::category(lang, category)).child(layout::table(
                "detail-table index provider-index cards",
                None,
                vec![
                    heading(i18n::column(lang, Column::Provider), false),
                    heading(w(lang, Word::Headquarters), false).class("headquarters"),
                    heading(i18n::t(lang, Msg::Regions), true).class("regions"),
                    heading(w(lang, Word::Accelerators), true).class("accelerators"),
                    heading(w(lang, Word::Offers), true).class("offers"),
                    heading(w(lang, Word::BillingIncrement), false).class("billing"),
                ],
                rows,
            )),
        );
    }
    layout::document(market.site, &page, lang, head, crumbs, main)
}

/// A count in a column a phone's card places by its class (`pages.css`).
fn counted(class: &str, n: usize) -> El {
    El::new("td")
        .attr("class", format!("{class} numeric"))
        .text(n.to_string())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use engine::bundled;

    use crate::pages::layout;

    /// A phone's index names each variant short: no two variants of the catalog may read alike
    /// there ("H100 80G" of unstated board is not "H100 SXM 80G").
    #[test]
    fn every_accelerator_has_a_short_name_of_its_own() {
        let catalog = bundled::catalog().expect("the bundled catalog decodes");
        let mut seen: BTreeMap<String, &str> = BTreeMap::new();
        for a in &catalog.accelerators {
            if let Some(other) = seen.insert(a.short_label(), &a.id) {
                panic!("{other} and {} both read {:?}", a.id, a.short_label());
            }
        }
    }

    /// The short name shows on a phone, the full one stays in the link (read aloud after the
    /// short one, and its title); a name with nothing to shorten is written once.
    #[test]
    fn a_short_link_keeps_the_full_name() {
        let html =
            layout::short_link("../gpu/h100/", "NVIDIA H100 SXM5 80GB", "H100 SXM 80G").to_html();
        assert_eq!(
            html,
            "<a href=\"../gpu/h100/\" title=\"NVIDIA H100 SXM5 80GB\">\
             <span class=\"name-short\">H100 SXM 80G</span>\
             <span class=\"name-full\">NVIDIA H100 SXM5 80GB</span></a>"
        );
        let html = layout::short_link("x/", "TPU v5e", "TPU v5e").to_html();
        assert_eq!(html, "<a href=\"x/\">TPU v5e</a>");
    }
}
