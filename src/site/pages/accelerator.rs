//! A page per accelerator variant: what it is (the catalog's specs, each with its source,
//! unknown where no source states it), who sells it, and its cheapest offers by term and by
//! region group — the rows the app shows for `gpu=<id>`, cheapest per accelerator first.

use std::collections::BTreeMap;

use engine::catalog::{format, Accelerator, Area, Spec, Term};
use engine::explorer::Row;
use engine::present::face::Face;
use engine::present::i18n::{self, Lang, Msg};
use engine::present::markup::El;
use engine::share::Token;
use engine::view::columns::Column;

use super::address::Page;
use super::layout::{self, heading, Crumb, Head};
use super::market::{self, Market, AREAS, TERMS};
use super::offers::{self, Field};
use super::words::{self, w, Word};
use super::zh_text;

/// How many offers a term's table lists; the app has the rest.
pub const CHEAPEST: usize = 10;

/// What the page says about one accelerator, in either language.
pub struct Facts<'s> {
    pub accelerator: &'s Accelerator,
    /// Every row the app shows for each term that has any, cheapest first, but the old ones.
    pub terms: Vec<(Term, Vec<Row<'s>>)>,
    /// Per term, the prices past the app's "old" mark: not counted here, as in the app.
    pub older: Vec<(Term, usize)>,
    /// The cheapest on-demand row with a known price in each region group that has one.
    pub areas: Vec<(Area, Row<'s>)>,
    /// Who sells it: each provider's offer count and cheapest on-demand row, most offers first.
    pub sellers: Vec<Seller<'s>>,
    /// The catalog's offers of this accelerator.
    pub offers: usize,
}

pub struct Seller<'s> {
    pub provider: &'s engine::catalog::Provider,
    pub offers: usize,
    pub cheapest: Option<Row<'s>>,
}

impl<'s> Facts<'s> {
    pub fn of(market: &Market<'s>, accelerator: &'s Accelerator) -> Facts<'s> {
        let filters = market::accelerator(&accelerator.id);
        let (mut terms, mut older) = (Vec::new(), Vec::new());
        for term in TERMS {
            let (current, old): (Vec<Row<'s>>, Vec<Row<'s>>) = market
                .rows(term, &filters)
                .into_iter()
                .partition(|r| !market::priced(r) || market.competes(r));
            if !old.is_empty() {
                older.push((term, old.len()));
            }
            // A term of old prices only still has its section, saying so.
            if !current.is_empty() || !old.is_empty() {
                terms.push((term, current));
            }
        }
        let areas = AREAS
            .iter()
            .filter_map(|area| {
                let cheapest = market.rows_in(*area, &filters).into_iter().next();
                Some((*area, cheapest.filter(|r| market.competes(r))?))
            })
            .collect();
        let mut counts: BTreeMap<&str, (&'s engine::catalog::Provider, usize)> = BTreeMap::new();
        let mut offers = 0;
        for entry in &market.site.explorer.entries {
            if entry.accelerator.is_some_and(|a| a.id == accelerator.id) {
                counts
                    .entry(&entry.provider.id)
                    .or_insert((entry.provider, 0))
                    .1 += 1;
                offers += 1;
            }
        }
        let on_demand: &[Row<'s>] = terms
            .iter()
            .find(|(t, _)| *t == Term::OnDemand)
            .map_or(&[], |(_, rows)| rows.as_slice());
        let mut sellers: Vec<Seller<'s>> = counts
            .into_values()
            .map(|(provider, offers)| Seller {
                provider,
                offers,
                cheapest: on_demand
                    .iter()
                    .find(|r| r.entry.provider.id == provider.id && market.competes(r))
                    .cloned(),
            })
            .collect();
        sellers.sort_by(|a, b| {
            b.offers
                .cmp(&a.offers)
                .then_with(|| a.provider.name.cmp(&b.provider.name))
        });
        Facts {
            accelerator,
            terms,
            older,
            areas,
            sellers,
            offers,
        }
    }

    /// The cheapest on-demand offer with a known price: the app's first row for `gpu=<id>`.
    pub fn cheapest(&self) -> Option<&Row<'s>> {
        self.terms
            .iter()
            .find(|(t, _)| *t == Term::OnDemand)
            .and_then(|(_, rows)| rows.iter().find(|r| market::priced(r)))
    }
}

/// The page in `lang`.
pub fn page(market: &Market<'_>, facts: &Facts<'_>, lang: Lang) -> String {
    let site = market.site;
    let a = facts.accelerator;
    let label = i18n::accelerator_label(lang, a);
    let page = Page::Accelerator(a.id.clone());
    let unit = words::unit_hour(lang, a.vendor);
    // The headline figures a search result shows: "from $1.45/GPU-hour at <provider>".
    let headline = facts.cheapest().map(|row| {
        let face = price_face(row, lang, &site.today);
        let mark = if face.converted.is_some() { "≈" } else { "" };
        let date = row.quote.as_ref().map(|q| format::date(&q.as_of));
        (
            format!("{mark}{}/{unit}", face.text),
            row.entry.provider.name.as_str(),
            date.unwrap_or_default(),
        )
    });
    let head = Head {
        title: format!(
            "{} | {}",
            words::accelerator_title(
                lang,
                &label,
                headline
                    .as_ref()
                    .map(|(price, name, _)| (price.as_str(), *name)),
                facts.sellers.len(),
            ),
            w(lang, Word::SiteName)
        ),
        description: words::accelerator_description(
            lang,
            &label,
            facts.offers,
            facts.sellers.len(),
            headline
                .as_ref()
                .map(|(price, name, date)| (price.as_str(), *name, date.as_str())),
        ),
    };
    let crumbs = vec![
        Crumb {
            text: w(lang, Word::Accelerators).into(),
            href: Some(page.link_to(lang, &Page::Accelerators, lang)),
        },
        Crumb {
            text: label.clone(),
            href: None,
        },
    ];
    let app = layout::app_link(
        &page,
        lang,
        market::view(Term::OnDemand, None, market::accelerator(&a.id)),
    );
    let mut lead = El::new("p").attr("class", "lead");
    if let Some(row) = facts.cheapest() {
        let provider = i18n::provider_name(lang, row.entry.provider);
        let (before, after) = words::headline(lang, unit, provider, &row.entry.offer.instance);
        lead = lead
            .text(before)
            .child(
                El::new("strong")
                    .attr("class", "headline-price")
                    .nodes(layout::face(&price_face(row, lang, &site.today))),
            )
            .text(after)
            .nodes(offers::date_nodes(row, site, lang))
            .text(w(lang, Word::SourceOpen))
            .child(offers::source_link(row, site, lang))
            .text(w(lang, Word::SourceClose))
            .text(" ");
    }
    lead = lead.text(words::offers_from(lang, facts.offers, facts.sellers.len()));
    let main = vec![
        El::new("h1").text(label.as_str()),
        lead,
        layout::open_in_app(app, w(lang, Word::OpenInAtlas)),
        specs(market, a, lang),
        by_term(market, facts, &page, lang),
        by_region(market, facts, &page, lang),
        sellers(market, facts, &page, lang),
    ];
    layout::document(site, &page, lang, head, crumbs, main)
}

/// The per-accelerator price of a row as the app's table shows it.
fn price_face(row: &Row<'_>, lang: Lang, today: &engine::catalog::AsOf) -> Face {
    let column = Column::PricePerAccelerator;
    Face::of(column.cell(row), column, lang, today)
}

fn specs(market: &Market<'_>, a: &Accelerator, lang: Lang) -> El {
    let catalog = market.site.catalog;
    let unknown = || El::new("td").child(layout::unknown(lang));
    let text_row = |label: &str, value: Option<String>| {
        El::new("tr")
            .child(offers::row_head(label))
            .child(value.map_or_else(unknown, |v| El::new("td").text(v)))
            .child(El::new("td"))
    };
    let mut rows = vec![
        text_row(i18n::t(lang, Msg::Architecture), a.architecture.clone()),
        text_row(
            w(lang, Word::FormFactor),
            Some(words::form_factor(lang, a.form_factor).to_string()),
        ),
        text_row(w(lang, Word::MemoryType), a.memory_type.clone()),
        text_row(
            w(lang, Word::ReleaseYear),
            a.release_year.map(|y| y.to_string()),
        ),
    ];
    for spec in Spec::ALL {
        let (name, unit) = words::spec(lang, spec);
        let value = spec.value(&a.specs);
        // A source is shown for a stated value only: an unknown has nothing to cite.
        let source = value.and_then(|_| {
            let id = a.source_of(spec)?;
            catalog.accelerator_sources.iter().find(|s| s.id == id)
        });
        rows.push(
            El::new("tr")
                .attr("data-spec", spec.key())
                .child(offers::row_head(name))
                .child(value.map_or_else(unknown, |v| {
                    El::new("td")
                        .attr("class", "value")
                        .text(format!("{} {unit}", format::quantity(v)))
                }))
                .child(El::new("td").children(source.map(|s| layout::source(&s.url, &s.title)))),
        );
    }
    let table = layout::table(
        "detail-table specs",
        None,
        vec![
            heading(i18n::t(lang, Msg::Specs), false),
            heading(w(lang, Word::Value), false),
            heading(w(lang, Word::Source), false),
        ],
        rows,
    );
    layout::section("specs", "h2", w(lang, Word::WhatItIs))
        .child(table)
        .children(a.note.as_deref().map(|n| zh_text::note(lang, n, None)))
}

fn by_term(market: &Market<'_>, facts: &Facts<'_>, page: &Page, lang: Lang) -> El {
    let site = market.site;
    let fields = [
        Field::Provider,
        Field::Instance,
        Field::Count,
        Field::Region,
        Field::PerAccelerator,
        Field::PerInstance,
        Field::Date,
        Field::Source,
    ];
    let mut section = layout::section("by-term", "h2", w(lang, Word::CheapestByTerm));
    for (term, rows) in &facts.terms {
        let name = i18n::term(lang, *term);
        let known: Vec<&Row<'_>> = rows.iter().filter(|r| market::priced(r)).collect();
        let shown = known.len().min(CHEAPEST);
        let mut part = El::new("section")
            .attr("class", "term")
            .attr("data-term", term.token())
            .child(El::new("h3").text(name));
        let older = facts.older.iter().find(|(t, _)| t == term);
        if let Some((_, n)) = older {
            part = part.child(
                El::new("p")
                    .attr("class", "older-prices")
                    .text(format!("{}: {n}", w(lang, Word::OlderNotCounted))),
            );
        }
        if known.is_empty() {
            if older.is_none() {
                part = part.child(El::new("p").text(w(lang, Word::NoKnownPrice)));
            }
        } else {
            let body = known
                .iter()
                .take(CHEAPEST)
                .enumerate()
                .map(|(i, row)| {
                    offers::row(
                        offers::row_head((i + 1).to_string()),
                        row,
                        &fields,
                        site,
                        page,
                        lang,
                    )
                })
                .collect();
            part = part.child(layout::table(
                "detail-table offers cards",
                None,
                offers::headings(w(lang, Word::Rank), &fields, lang),
                body,
            ));
        }
        let more = rows.len() - shown;
        let app = layout::app_link(
            page,
            lang,
            market::view(*term, None, market::accelerator(&facts.accelerator.id)),
        );
        let mut footer = El::new("p").attr("class", "more");
        if more > 0 {
            footer = footer
                .text(words::more_offers(lang, more, rows.len() - known.len()))
                .text(" ");
        }
        part = part.child(footer.child(layout::link(app, words::see_all(lang, name))));
        section = section.child(part);
    }
    section
}

fn by_region(market: &Market<'_>, facts: &Facts<'_>, page: &Page, lang: Lang) -> El {
    let fields = [
        Field::PerAccelerator,
        Field::Provider,
        Field::Instance,
        Field::Region,
        Field::Date,
        Field::Source,
    ];
    let rows = facts
        .areas
        .iter()
        .map(|(area, row)| {
            offers::row(
                offers::row_head(i18n::area(lang, *area)),
                row,
                &fields,
                market.site,
                page,
                lang,
            )
            .attr("data-area", area.token())
        })
        .collect();
    let section = layout::section("by-region", "h2", w(lang, Word::CheapestByRegion));
    if facts.areas.is_empty() {
        return section.child(El::new("p").text(w(lang, Word::NoKnownPrice)));
    }
    section.child(layout::table(
        "detail-table offers cards",
        None,
        offers::headings(w(lang, Word::RegionGroup), &fields, lang),
        rows,
    ))
}

fn sellers(market: &Market<'_>, facts: &Facts<'_>, page: &Page, lang: Lang) -> El {
    let site = market.site;
    let rows = facts
        .sellers
        .iter()
        .map(|seller| {
            let p = seller.provider;
            let name = El::new("th").attr("scope", "row").child(layout::link(
                page.link_to(lang, &Page::Provider(p.id.clone()), lang),
                i18n::provider_name(lang, p),
            ));
            let (price, date) = match &seller.cheapest {
                Some(row) => (
                    Field::PerAccelerator.cell(row, site, page, lang),
                    Field::Date.cell(row, site, page, lang),
                ),
                None => (
                    El::new("td")
                        .attr("class", Field::PerAccelerator.class())
                        .child(layout::unknown(lang)),
                    El::new("td").attr("class", Field::Date.class()),
                ),
            };
            El::new("tr")
                .attr("data-provider", p.id.as_str())
                .child(name)
                .child(
                    El::new("td")
                        .attr("class", "category")
                        .text(i18n::category(lang, p.category)),
                )
                .child(
                    El::new("td")
                        .attr("class", "numeric")
                        .text(seller.offers.to_string()),
                )
                .child(price)
                .child(date)
        })
        .collect();
    layout::section("sellers", "h2", w(lang, Word::WhoSellsIt)).child(layout::table(
        "detail-table sellers cards",
        None,
        vec![
            heading(i18n::column(lang, Column::Provider), false),
            heading(w(lang, Word::Category), false).class("category"),
            heading(w(lang, Word::Offers), true).class("offers"),
            heading(
                format!(
                    "{}, {}",
                    w(lang, Word::CheapestOnDemand),
                    i18n::price_unit(
                        lang,
                        "USD",
                        engine::pricing::PriceBasis::Accelerator,
                        engine::pricing::Duration::Hour
                    )
                ),
                true,
            )
            .class(Field::PerAccelerator.class()),
            heading(i18n::column(lang, Column::AsOf), false).class(Field::Date.class()),
        ],
        rows,
    ))
}
