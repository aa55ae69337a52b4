//! A page per accelerator variant (`gpu/<id>/`), per provider (`provider/<id>/`) and per
//! open-weight model with hosted API prices (`model/<id>/`), in English and under `zh/` in
//! Chinese, three index pages, and `sitemap.xml` listing them with the app.
//!
//! The pages are what a search for "H100 cloud price" lands on, and they work without
//! JavaScript: plain HTML with no script at all, styled by the app's stylesheet (and a few
//! rules of `pages.css`). Every number comes from the app's own pipeline
//! ([`market::Market`]), and every page links into the app opened on the same view.
//!
//! - [`address`]: where each page lives and the relative links between them.
//! - [`market`]: the offers priced once, as the app prices them; a page filters them.
//! - [`accelerator`], [`provider`], [`index`]: the pages.
//! - [`api_models`]: a model's API prices blended and the GPUs it fits on; [`model`] and
//!   [`model_index`] write them, in [`model_words`].
//! - [`offers`]: an offer's cells, as the app's table shows them.
//! - [`layout`]: the frame every page shares, and the pieces pages are built of.
//! - [`words`]: the pages' own words in both languages.
//! - [`sitemap`]: `sitemap.xml` and `robots.txt`.

pub mod accelerator;
pub mod address;
pub mod api_models;
pub mod index;
pub mod layout;
pub mod market;
pub mod model;
pub mod model_index;
pub mod model_words;
pub mod offers;
pub mod provider;
pub mod sitemap;
pub mod words;
pub mod zh_text;

use engine::present::i18n::Lang;

use crate::{File, Site};
use address::{ModelPage, Page, Place};
use api_models::ModelFacts;
use market::Market;

/// Every page of this module, its stylesheet, and the sitemap.
pub fn files(site: &Site) -> Vec<File> {
    let market = Market::new(site);
    let accelerators = accelerator_facts(&market);
    let providers = provider_facts(&market);
    let mut files = Vec::new();
    let mut pages = vec![Page::Accelerators, Page::Providers];
    for lang in Lang::ALL {
        files.push(File::text(
            Page::Accelerators.file(lang),
            index::accelerators(&market, &accelerators, lang),
        ));
        files.push(File::text(
            Page::Providers.file(lang),
            index::providers(&market, &providers, lang),
        ));
    }
    for facts in &accelerators {
        let page = Page::Accelerator(facts.accelerator.id.clone());
        for lang in Lang::ALL {
            files.push(File::text(
                page.file(lang),
                accelerator::page(&market, facts, lang),
            ));
        }
        pages.push(page);
    }
    for facts in &providers {
        let page = Page::Provider(facts.provider.id.clone());
        for lang in Lang::ALL {
            files.push(File::text(
                page.file(lang),
                provider::page(&market, facts, lang),
            ));
        }
        pages.push(page);
    }
    let models: Vec<ModelFacts<'_, '_>> = api_models::listed(&site.api)
        .map(|m| ModelFacts::of(&site.api, m, &accelerators))
        .collect();
    let mut model_pages = vec![ModelPage::Models];
    for lang in Lang::ALL {
        files.push(File::text(
            ModelPage::Models.file(lang),
            model_index::page(site, &models, lang),
        ));
    }
    for facts in &models {
        let page = ModelPage::Model(facts.model.id.clone());
        for lang in Lang::ALL {
            files.push(File::text(page.file(lang), model::page(site, facts, lang)));
        }
        model_pages.push(page);
    }
    files.push(File::text(layout::STYLESHEET, include_str!("pages.css")));
    let listed: Vec<&dyn Place> = pages
        .iter()
        .map(|p| p as &dyn Place)
        .chain(model_pages.iter().map(|p| p as &dyn Place))
        .collect();
    files.extend(sitemap::files(site, &listed));
    files
}

/// Every accelerator variant some offer rents, in catalog order: a variant nobody rents has
/// nothing to compare, and no page.
pub fn accelerator_facts<'s>(market: &Market<'s>) -> Vec<accelerator::Facts<'s>> {
    let site = market.site;
    site.catalog
        .accelerators
        .iter()
        .filter(|a| {
            site.explorer
                .entries
                .iter()
                .any(|e| e.accelerator.is_some_and(|x| x.id == a.id))
        })
        .map(|a| accelerator::Facts::of(market, a))
        .collect()
}

/// Every provider with an offer, in catalog order.
pub fn provider_facts<'s>(market: &Market<'s>) -> Vec<provider::Facts<'s>> {
    let site = market.site;
    site.catalog
        .providers
        .iter()
        .filter(|p| site.explorer.entries.iter().any(|e| e.provider.id == p.id))
        .map(|p| provider::Facts::of(market, p))
        .collect()
}
