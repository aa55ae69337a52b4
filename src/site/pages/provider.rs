//! A page per provider: what it is (category, headquarters, billing, regions, the facts its
//! sources state), and its offers grouped by accelerator with the cheapest price of each
//! term — the rows the app shows for `p=<id>`, each with its date and source.

use std::collections::BTreeMap;

use engine::catalog::{format, Accelerator, Provider, Term};
use engine::explorer::Row;
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

/// What the page says about one provider, in either language.
pub struct Facts<'s> {
    pub provider: &'s Provider,
    /// The catalog's offers of this provider (CPU-only ones too).
    pub offers: usize,
    /// Each accelerator it rents, by label: its offer count and, per term, the cheapest row
    /// (a row of unknown price only when no offer of that term states one).
    pub accelerators: Vec<Line<'s>>,
}

pub struct Line<'s> {
    pub accelerator: &'s Accelerator,
    pub offers: usize,
    pub terms: Vec<(Term, Row<'s>)>,
}

impl<'s> Facts<'s> {
    pub fn of(market: &Market<'s>, provider: &'s Provider) -> Facts<'s> {
        let mut lines: BTreeMap<&'s str, Line<'s>> = BTreeMap::new();
        let mut offers = 0;
        for entry in &market.site.explorer.entries {
            if entry.provider.id != provider.id {
                continue;
            }
            offers += 1;
            if let Some(accelerator) = entry.accelerator {
                lines
                    .entry(&accelerator.id)
                    .or_insert(Line {
                        accelerator,
                        offers: 0,
                        terms: Vec::new(),
                    })
                    .offers += 1;
            }
        }
        let filters = market::provider(&provider.id);
        for term in TERMS {
            // The app's rows come cheapest per accelerator first: the first of each
            // accelerator is its cheapest for the term.
            for row in market.rows(term, &filters) {
                let Some(line) = row.entry.accelerator.and_then(|a| lines.get_mut(&*a.id)) else {
                    continue;
                };
                if line.terms.last().is_none_or(|(t, _)| *t != term) {
                    line.terms.push((term, row));
                }
            }
        }
        let mut accelerators: Vec<Line<'s>> = lines.into_values().collect();
        accelerators.sort_by_cached_key(|l| (l.accelerator.vendor, l.accelerator.label()));
        Facts {
            provider,
            offers,
            accelerators,
        }
    }
}

/// The page in `lang`.
pub fn page(market: &Market<'_>, facts: &Facts<'_>, lang: Lang) -> String {
    let site = market.site;
    let p = facts.provider;
    let page = Page::Provider(p.id.clone());
    let name = i18n::provider_name(lang, p);
    let head = Head {
        title: format!(
            "{} | {}",
            words::provider_title(lang, name, facts.accelerators.len()),
            w(lang, Word::SiteName)
        ),
        description: words::provider_description(
            lang,
            name,
            facts.offers,
            facts.accelerators.len(),
            p.regions.len(),
        ),
    };
    let crumbs = vec![
        Crumb {
            text: i18n::t(lang, Msg::Providers).into(),
            href: Some(page.link_to(lang, &Page::Providers, lang)),
        },
        Crumb {
            text: name.to_string(),
            href: None,
        },
    ];
    let title = zh_text::provider_heading(El::new("h1"), lang, p);
    let app = layout::app_link(
        &page,
        lang,
        market::view(Term::OnDemand, None, market::provider(&p.id)),
    );
    let main = vec![
        title,
        El::new("p")
            .attr("class", "lead")
            .text(words::provider_description(
                lang,
                name,
                facts.offers,
                facts.accelerators.len(),
                p.regions.len(),
            )),
        layout::open_in_app(app, w(lang, Word::OpenProviderInAtlas)),
        about(p, lang),
        regions(p, lang),
        by_accelerator(market, facts, &page, lang),
        sources(p, lang),
    ];
    layout::document(site, &page, lang, head, crumbs, main)
}

fn about(p: &Provider, lang: Lang) -> El {
    let unknown = || El::new("td").child(layout::unknown(lang));
    let source = |id: Option<&str>| {
        El::new("td").children(
            id.and_then(|id| p.source(id))
                .map(|s| layout::source(&s.url, &s.title)),
        )
    };
    let row = |label: &str, value: El, cited: El| {
        El::new("tr")
            .child(offers::row_head(label))
            .child(value)
            .child(cited)
    };
    let text = |v: Option<String>| v.map_or_else(unknown, |v| El::new("td").text(v));
    let mut rows = vec![
        row(
            w(lang, Word::Category),
            El::new("td").text(i18n::category(lang, p.category)),
            El::new("td"),
        ),
        row(
            w(lang, Word::Headquarters),
            text(p.headquarters.clone()),
            El::new("td"),
        ),
        row(
            w(lang, Word::Homepage),
            El::new("td").child(layout::external(&p.homepage, p.homepage.as_str())),
            El::new("td"),
        ),
        row(
            w(lang, Word::BillingIncrement),
            text(
                p.billing_increment
                    .map(|b| words::billing(lang, b).to_string()),
            ),
            El::new("td"),
        ),
        row(
            i18n::t(lang, Msg::Currency),
            El::new("td").text(
                p.currencies
                    .iter()
                    .map(|c| c.code())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            El::new("td"),
        ),
    ];
    let f = &p.facts;
    for (key, value) in f.listed() {
        let Some(label) = words::fact(lang, key) else {
            continue;
        };
        // A source is cited for a stated fact only: an unknown has nothing to cite.
        let cited = source(value.as_ref().and(f.source_of(key)));
        let value = match value {
            Some(v) => zh_text::into(El::new("td"), lang, v, f.zh(key)),
            None => text(None),
        };
        rows.push(row(label, value, cited).attr("data-fact", key));
    }
    let table = layout::table(
        "detail-table about",
        None,
        vec![
            heading(i18n::t(lang, Msg::ProviderFacts), false),
            heading(w(lang, Word::Value), false),
            heading(w(lang, Word::Source), false),
        ],
        rows,
    );
    layout::section("about", "h2", w(lang, Word::AboutProvider))
        .child(table)
        .children(
            f.note
                .as_deref()
                .map(|n| zh_text::note(lang, n, f.zh("note"))),
        )
}

fn regions(p: &Provider, lang: Lang) -> El {
    let rows = AREAS
        .iter()
        .filter_map(|area| {
            let names: Vec<&str> = p
                .regions
                .iter()
                .filter(|r| r.area == *area)
                .map(|r| i18n::region_name(lang, r))
                .collect();
            (!names.is_empty()).then(|| {
                El::new("tr")
                    .attr("data-area", area.token())
                    .child(offers::row_head(i18n::area(lang, *area)))
                    .child(
                        El::new("td")
                            .attr("class", "numeric")
                            .text(names.len().to_string()),
                    )
                    .child(El::new("td").text(names.join(", ")))
            })
        })
        .collect();
    layout::section("regions", "h2", i18n::t(lang, Msg::Regions)).child(layout::table(
        "detail-table regions",
        None,
        vec![
            heading(w(lang, Word::RegionGroup), false),
            heading(i18n::column(lang, Column::Count), true),
            heading(i18n::t(lang, Msg::Regions), false),
        ],
        rows,
    ))
}

fn by_accelerator(market: &Market<'_>, facts: &Facts<'_>, page: &Page, lang: Lang) -> El {
    let fields = [
        Field::PerAccelerator,
        Field::Instance,
        Field::Count,
        Field::Region,
        Field::Date,
        Field::Source,
    ];
    let mut section = layout::section("by-accelerator", "h2", w(lang, Word::OffersByAccelerator));
    for line in &facts.accelerators {
        let a = line.accelerator;
        let target = Page::Accelerator(a.id.clone());
        let mut part = El::new("section")
            .attr("class", "accelerator")
            .attr("data-accelerator", a.id.as_str())
            .child(El::new("h3").child(layout::link(
                page.link_to(lang, &target, lang),
                i18n::accelerator_label(lang, a),
            )))
            .child(
                El::new("p")
                    .attr("class", "count")
                    .text(words::offer_count(lang, line.offers)),
            );
        if line.terms.is_empty() {
            part = part.child(El::new("p").text(w(lang, Word::NoKnownPrice)));
        } else {
            let rows = line
                .terms
                .iter()
                .map(|(term, row)| {
                    offers::row(
                        offers::row_head(i18n::term(lang, *term)),
                        row,
                        &fields,
                        market.site,
                        page,
                        lang,
                    )
                    .attr("data-term", term.token())
                })
                .collect();
            part = part.child(layout::table(
                "detail-table offers cards",
                None,
                offers::headings(i18n::t(lang, Msg::Term), &fields, lang),
                rows,
            ));
        }
        section = section.child(part);
    }
    section
}

fn sources(p: &Provider, lang: Lang) -> El {
    let items = p.sources.iter().map(|s| {
        let date = s
            .date
            .map(|d| format!(", {}", format::date(&d)))
            .unwrap_or_default();
        // A document is cited by its own title, in its own language (a bibliography's
        // rule): marked as a citation, in the language it is written in.
        let title_lang = if s
            .title
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
        {
            Lang::Zh
        } else {
            Lang::En
        };
        El::new("li")
            .child(
                El::new("cite")
                    .attr("lang", title_lang.code())
                    .child(layout::external(&s.url, s.title.as_str())),
            )
            .text(format!(" ({}{date})", words::source_kind(lang, s.kind)))
    });
    layout::section("sources", "h2", w(lang, Word::Sources))
        .child(El::new("ul").attr("class", "sources").children(items))
}
