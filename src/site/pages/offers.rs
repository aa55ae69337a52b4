//! One offer's cells in a page's table, from the app's row: the same cells and faces the
//! app's table shows (price per accelerator and per instance, the price's date coloured by
//! age, its source), so a price reads alike on a page and in the app.

use engine::catalog::format;
use engine::explorer::Row;
use engine::present::face::{AsOfFace, Face};
use engine::present::i18n::{self, Lang};
use engine::present::markup::{El, Plain};
use engine::pricing::{Duration, PriceBasis};
use engine::view::columns::Column;

use super::address::{Page, Place};
use super::layout::{self, heading, Heading};
use super::words::{w, Word};
use crate::Site;

/// What a table shows of an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Provider,
    Instance,
    Count,
    Region,
    PerAccelerator,
    PerInstance,
    Date,
    Source,
}

impl Field {
    /// The class of the field's cells (and its column's header): the app's column keys.
    pub fn class(self) -> &'static str {
        match self {
            Field::Provider => Column::Provider.key(),
            Field::Instance => Column::Instance.key(),
            Field::Count => Column::Count.key(),
            Field::Region => Column::Region.key(),
            Field::PerAccelerator => Column::PricePerAccelerator.key(),
            Field::PerInstance => Column::Price.key(),
            Field::Date => Column::AsOf.key(),
            Field::Source => "source",
        }
    }

    pub fn heading(self, lang: Lang) -> Heading {
        self.heading_text(lang).class(self.class())
    }

    fn heading_text(self, lang: Lang) -> Heading {
        match self {
            Field::Provider => heading(i18n::column(lang, Column::Provider), false),
            Field::Instance => heading(i18n::column(lang, Column::Instance), false),
            Field::Count => heading(w(lang, Word::Count), true),
            Field::Region => heading(i18n::column(lang, Column::Region), false),
            Field::PerAccelerator => heading(
                i18n::price_unit(lang, "USD", PriceBasis::Accelerator, Duration::Hour),
                true,
            ),
            Field::PerInstance => heading(
                i18n::price_unit(lang, "USD", PriceBasis::Instance, Duration::Hour),
                true,
            ),
            Field::Date => heading(i18n::column(lang, Column::AsOf), false),
            Field::Source => heading(w(lang, Word::Source), false),
        }
    }

    /// The cell of `row`, on `page` (links to other pages are relative to it).
    pub fn cell(self, row: &Row<'_>, site: &Site, page: &dyn Place, lang: Lang) -> El {
        let entry = row.entry;
        let td = El::new("td");
        match self {
            Field::Provider => {
                let target = Page::Provider(entry.provider.id.clone());
                td.attr("class", "provider").child(layout::link(
                    page.link_to(lang, &target, lang),
                    i18n::provider_name(lang, entry.provider),
                ))
            }
            Field::Instance => td
                .attr("class", "instance")
                .child(El::new("code").text(entry.offer.instance.as_str())),
            Field::Count => td
                .attr("class", "count numeric")
                .text(format::quantity(entry.offer.count)),
            Field::Region => {
                let name = row.quote.as_ref().map(|q| {
                    entry.provider.region(&q.region).map_or_else(
                        || q.region.to_string(),
                        |r| i18n::region_name(lang, r).to_string(),
                    )
                });
                let td = td.attr("class", "region");
                match name {
                    Some(name) => td.text(name),
                    None => td.child(layout::unknown(lang)),
                }
            }
            Field::PerAccelerator => money(row, Column::PricePerAccelerator, site, lang),
            Field::PerInstance => money(row, Column::Price, site, lang),
            Field::Date => td.attr("class", "as-of").nodes(date_nodes(row, site, lang)),
            Field::Source => td
                .attr("class", "source")
                .child(source_link(row, site, lang)),
        }
    }
}

/// The date of a row's price as the app shows it: coloured by age, "old" when stale, "≈" when
/// estimated, and a "?" after a low-confidence price.
pub fn date_nodes(row: &Row<'_>, site: &Site, lang: Lang) -> Vec<Plain> {
    let as_of = AsOfFace::of(row, lang, &site.today);
    let mut nodes = layout::face(&as_of.face);
    nodes.extend(as_of.weak.map(|label| {
        Plain::Element(
            El::new("span")
                .attr("class", "weak")
                .attr("title", label.as_str())
                .attr("aria-label", label.as_str())
                .text("?"),
        )
    }));
    nodes
}

/// The source of a row's price, named by its title; "unknown" if the provider file lacks it.
pub fn source_link(row: &Row<'_>, site: &Site, lang: Lang) -> El {
    let as_of = AsOfFace::of(row, lang, &site.today);
    if as_of.href.is_empty() {
        layout::unknown(lang)
    } else {
        layout::source(&as_of.href, &as_of.source)
    }
}

/// A price cell as the app's table shows it (the face of the app's own cell).
fn money(row: &Row<'_>, column: Column, site: &Site, lang: Lang) -> El {
    let face = Face::of(column.cell(row), column, lang, &site.today);
    El::new("td")
        .attr("class", format!("{} numeric", column.key()))
        .nodes(layout::face(&face))
}

/// The cells of `row` for `fields`, after a leading header cell naming the row.
pub fn row(
    head: El,
    row: &Row<'_>,
    fields: &[Field],
    site: &Site,
    page: &dyn Place,
    lang: Lang,
) -> El {
    El::new("tr")
        .attr("data-offer", row.entry.offer.id.as_str())
        .child(head)
        .children(fields.iter().map(|f| f.cell(row, site, page, lang)))
}

/// The header cell that names a row (a rank, a region group, a term).
pub fn row_head(text: impl Into<String>) -> El {
    El::new("th").attr("scope", "row").text(text)
}

/// The headings of a table whose rows start with a named header cell.
pub fn headings(first: impl Into<String>, fields: &[Field], lang: Lang) -> Vec<Heading> {
    std::iter::once(heading(first, false))
        .chain(fields.iter().map(|f| f.heading(lang)))
        .collect()
}
