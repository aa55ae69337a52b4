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
                let name = El::new("th").attr("scope", "row").child(layout::link(
                    page.link_to(lang, &Page::Accelerator(a.id.clone()), lang),
                    a.label(),
                ));
                let memory = a.specs.memory_gb.map_or_else(
                    || El::new("td").child(layout::unknown(lang)),
                    |gb| {
                        El::new("td")
                            .attr("class", "numeric")
                            .text(format!("{} GB", format::quantity(gb)))
                    },
                );
                let (price, date) = match f.cheapest() {
                    Some(row) => (
                        Field::PerAccelerator.cell(row, site, &page, lang),
                        Field::Date.cell(row, site, &page, lang),
                    ),
                    None => (El::new("td").child(layout::unknown(lang)), El::new("td")),
                };
                El::new("tr")
                    .attr("data-accelerator", a.id.as_str())
                    .child(name)
                    .child(memory)
                    .child(count(f.sellers.len()))
                    .child(count(f.offers))
                    .child(price)
                    .child(date)
            })
            .collect();
        let id = format!("vendor-{}", vendor.token());
        main.push(
            layout::section(&id, "h2", vendor.label()).child(layout::table(
                "detail-table index",
                None,
                vec![
                    heading(i18n::t(lang, Msg::Accelerator), false),
                    heading(w(lang, Word::Memory), true),
                    heading(i18n::t(lang, Msg::Providers), true),
                    heading(w(lang, Word::Offers), true),
                    heading(
                        format!(
                            "{}, {}",
                            w(lang, Word::CheapestOnDemand),
                            i18n::price_unit(lang, "USD", PriceBasis::Accelerator, Duration::Hour)
                        ),
                        true,
                    ),
                    heading(i18n::column(lang, Column::AsOf), false),
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
                let name = El::new("th")
                    .attr("scope", "row")
                    .child(layout::link(
                        page.link_to(lang, &Page::Provider(p.id.clone()), lang),
                        p.name.as_str(),
                    ))
                    .children(p.name_zh.as_ref().filter(|zh| **zh != p.name).map(|zh| {
                        El::new("span")
                            .attr("class", "zh")
                            .attr("lang", Lang::Zh.code())
                            .text(format!(" {zh}"))
                    }));
                let billing = p.billing_increment.map_or_else(
                    || El::new("td").child(layout::unknown(lang)),
                    |b| El::new("td").text(words::billing(lang, b)),
                );
                El::new("tr")
                    .attr("data-provider", p.id.as_str())
                    .child(name)
                    .child(p.headquarters.as_ref().map_or_else(
                        || El::new("td").child(layout::unknown(lang)),
                        |hq| El::new("td").text(hq.as_str()),
                    ))
                    .child(count(p.regions.len()))
                    .child(count(f.accelerators.len()))
                    .child(count(f.offers))
                    .child(billing)
            })
            .collect();
        let id = format!("category-{}", category.token());
        main.push(
            layout::section(&id, "h2", i18n::category(lang, category)).child(layout::table(
                "detail-table index",
                None,
                vec![
                    heading(i18n::column(lang, Column::Provider), false),
                    heading(w(lang, Word::Headquarters), false),
                    heading(i18n::t(lang, Msg::Regions), true),
                    heading(w(lang, Word::Accelerators), true),
                    heading(w(lang, Word::Offers), true),
                    heading(w(lang, Word::BillingIncrement), false),
                ],
                rows,
            )),
        );
    }
    layout::document(market.site, &page, lang, head, crumbs, main)
}

fn count(n: usize) -> El {
    El::new("td").attr("class", "numeric").text(n.to_string())
}
