//! The index of model pages: every open-weight model with hosted API prices, by maker and
//! size, with its cheapest blended price per million tokens, that price's provider and date.

use engine::catalog::format;
use engine::catalog::freshness::Freshness;
use engine::present::i18n::{self, Lang};
use engine::present::markup::El;
use engine::view::columns::Column;

use super::address::{ModelPage, Place};
use super::api_models::ModelFacts;
use super::layout::{self, heading, Crumb, Head};
use super::model_words::{self as words, mw, MWord};
use super::words::{w, Word};
use crate::Site;

pub fn page(site: &Site, all: &[ModelFacts<'_, '_>], lang: Lang) -> String {
    let page = ModelPage::Models;
    let head = Head {
        title: format!(
            "{} | {}",
            words::models_index_title(lang, all.len()),
            w(lang, Word::SiteName)
        ),
        description: mw(lang, MWord::ModelsIndexLead).to_string(),
    };
    let crumbs = vec![Crumb {
        text: mw(lang, MWord::Models).into(),
        href: None,
    }];
    let mut sorted: Vec<&ModelFacts<'_, '_>> = all.iter().collect();
    sorted.sort_by(|a, b| {
        a.model
            .maker
            .cmp(&b.model.maker)
            .then_with(|| a.model.family.cmp(&b.model.family))
            .then_with(|| {
                let size = |f: &ModelFacts<'_, '_>| f.model.params_b.unwrap_or(0.0);
                size(a).total_cmp(&size(b))
            })
            .then_with(|| a.model.name.cmp(&b.model.name))
    });
    let rows = sorted
        .iter()
        .map(|f| {
            let m = f.model;
            let name = El::new("th").attr("scope", "row").child(layout::link(
                page.link_to(lang, &ModelPage::Model(m.id.clone()), lang),
                m.name.as_str(),
            ));
            let size = m.params_b.map_or_else(String::new, |p| {
                words::size_with_active(lang, p, m.active_params_b)
            });
            let (price, provider, date) = match f.cheapest() {
                Some(q) => (
                    El::new("td")
                        .attr("class", "blended numeric")
                        .text(format::money(q.blended.unwrap_or(0.0), q.price.currency)),
                    El::new("td").attr("class", "provider").text(
                        q.provider
                            .map_or(q.price.provider.as_str(), |p| p.name.as_str()),
                    ),
                    El::new("td").attr("class", "as-of").child(
                        El::new("span")
                            .attr(
                                "class",
                                format!(
                                    "date {}",
                                    Freshness::of(&q.price.as_of, &site.today).class()
                                ),
                            )
                            .text(format::date(&q.price.as_of)),
                    ),
                ),
                None => (
                    El::new("td")
                        .attr("class", "blended numeric")
                        .child(layout::unknown(lang)),
                    El::new("td").attr("class", "provider"),
                    El::new("td").attr("class", "as-of"),
                ),
            };
            El::new("tr")
                .attr("data-model", m.id.as_str())
                .child(name)
                .child(El::new("td").attr("class", "maker").text(m.maker.as_str()))
                .child(El::new("td").attr("class", "params numeric").text(size))
                .child(price)
                .child(provider)
                .child(date)
        })
        .collect();
    let main = vec![
        El::new("h1").text(mw(lang, MWord::AllModels)),
        El::new("p")
            .attr("class", "lead")
            .text(mw(lang, MWord::ModelsIndexLead)),
        layout::table(
            "detail-table index model-index cards",
            None,
            vec![
                heading(mw(lang, MWord::Model), false),
                heading(mw(lang, MWord::Maker), false).class("maker"),
                heading(mw(lang, MWord::Parameters), true).class("params"),
                heading(
                    words::with_unit(lang, mw(lang, MWord::CheapestApi), words::price_unit(lang)),
                    true,
                )
                .class("blended"),
                heading(mw(lang, MWord::Provider), false).class("provider"),
                heading(i18n::column(lang, Column::AsOf), false).class("as-of"),
            ],
            rows,
        ),
    ];
    layout::document(site, &page, lang, head, crumbs, main)
}
