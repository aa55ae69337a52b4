//! How a table cell reads — its text, class, title and marks — as plain data.
//!
//! The table keeps the elements of the rows on screen and, when a sort, filter or currency
//! change puts other offers or other numbers there, only rewrites their text and attributes
//! from these faces; the comparison and the detail view show values through the same faces,
//! so a price reads the same everywhere.

use super::i18n::{self, pick, Lang, Msg};
use super::markup::web_address;
use crate::explorer::Row;
use crate::explorer::{category_key, Cell, Standing};
use crate::view::columns::Column;
use catalog::format;
use catalog::freshness::Freshness;
use catalog::{AsOf, Confidence, ProviderCategory, Term};
use workload::Fit;

/// One value as shown: `<span class title>{converted mark}{text}{old badge}</span>`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Face {
    /// The span's class: how the value looks ("money", "date stale", "fit no-fit", "unknown").
    pub class: &'static str,
    pub title: Option<String>,
    pub text: String,
    /// Converted from another currency: the label of the "≈" mark before the text.
    pub converted: Option<&'static str>,
    /// Stale data: the text of the badge after it, because old data must look old.
    pub old: Option<&'static str>,
    /// What a screen reader says instead of `text`, when the text is a quiet mark ("—").
    pub spoken: Option<&'static str>,
    /// A serverless price or cost, beside always-on ones (a serving job lists both): the text
    /// of its "by use" badge, so a lower figure is not mistaken for a cheaper rental.
    pub by_use: Option<&'static str>,
}

/// A place in a cell: short, the full count in the title.
fn place_text(s: &Standing, lang: Lang) -> String {
    let all = s.others() + 1;
    match (lang, s.cheaper_than_percent()) {
        (Lang::En, None) => "only offer".into(),
        (Lang::Zh, None) => "唯一报价".into(),
        (Lang::En, _) if s.cheaper == 0 && s.equal == 0 => format!("cheapest of {all}"),
        (Lang::Zh, _) if s.cheaper == 0 && s.equal == 0 => format!("{all} 个中最低"),
        (Lang::En, _) if s.cheaper == 0 => format!("tied cheapest of {all}"),
        (Lang::Zh, _) if s.cheaper == 0 => format!("{all} 个中并列最低"),
        (Lang::En, _) if s.dearer == 0 && s.equal == 0 => format!("dearest of {all}"),
        (Lang::Zh, _) if s.dearer == 0 && s.equal == 0 => format!("{all} 个中最高"),
        (Lang::En, Some(p)) => format!("cheaper than {p}%"),
        (Lang::Zh, Some(p)) => format!("低于 {p}% 的报价"),
    }
}

fn place_title(s: &Standing, lang: Lang) -> String {
    let (cheaper, equal, dearer) = (s.cheaper, s.equal, s.dearer);
    match lang {
        Lang::En => format!(
            "Among the other offers of this accelerator in view, same term: {cheaper} cheaper, \
             {equal} at the same price, {dearer} dearer"
        ),
        Lang::Zh => format!(
            "当前视图中同一加速卡、同一计费方式的其他报价：{cheaper} 个更便宜，{equal} 个同价，\
             {dearer} 个更贵"
        ),
    }
}

impl Face {
    /// How `cell` of `column` reads in `lang`.
    pub fn of(cell: Cell, column: Column, lang: Lang, today: &AsOf) -> Face {
        match cell {
            Cell::Text(key) if column == Column::Category => Face::plain(category_label(key, lang)),
            Cell::Text(text) => Face::plain(text),
            Cell::Number(n) => Face::plain(number(column, n, lang)),
            Cell::Money {
                term: Term::Free, ..
            } => Face {
                class: "free",
                text: i18n::t(lang, Msg::Free).to_string(),
                ..Face::default()
            },
            Cell::Money {
                value,
                high,
                currency,
                converted,
                term,
            } => Face {
                class: "money",
                text: format::money_range(value, high, currency),
                converted: converted.then(|| i18n::t(lang, Msg::Converted)),
                by_use: (term == Term::Serverless).then(|| i18n::t(lang, Msg::ByUse)),
                ..Face::default()
            },
            Cell::Date(date) => Face::date(&date, lang, today),
            Cell::Fit(fit) => Face {
                class: match fit {
                    Fit::DoesNotFit { .. } => "fit no-fit",
                    // Costed on a stated assumption (clustering not stated): not a plain fit.
                    Fit::Unknown { .. }
                    | Fit::Instances {
                        clustering_assumed: true,
                        ..
                    } => "fit unknown",
                    _ => "fit fits",
                },
                title: Some(fit.describe(lang == Lang::Zh)),
                text: i18n::fit_short(lang, &fit),
                ..Face::default()
            },
            // The host's specs are unknown for about half the offers: a muted dash keeps the
            // known ones readable; the word stays in the title and for screen readers, and a
            // dash is never a zero.
            Cell::Unknown(None) if matches!(column, Column::Vcpus | Column::Ram) => {
                let word = i18n::missing(lang, None);
                Face {
                    class: "unknown quiet",
                    title: Some(word.to_string()),
                    text: "—".into(),
                    spoken: Some(word),
                    ..Face::default()
                }
            }
            Cell::Late(hours) => Face {
                class: "late",
                title: hours.map(|h| {
                    let took = format::duration(h, lang == Lang::Zh);
                    match lang {
                        Lang::En => {
                            format!("Needs {took} on the fewest instances that hold the job")
                        }
                        Lang::Zh => format!("在能装下作业的最少实例上需要 {took}"),
                    }
                }),
                text: pick(lang, "deadline unreachable", "无法按期完成").to_string(),
                ..Face::default()
            },
            Cell::Live(live) => Face {
                class: "live",
                text: super::live::short(&live, lang).unwrap_or_default(),
                ..Face::default()
            },
            Cell::Place(standing) => Face {
                class: "place",
                title: Some(place_title(&standing, lang)),
                text: place_text(&standing, lang),
                ..Face::default()
            },
            Cell::Unknown(missing) => Face {
                class: "unknown",
                text: i18n::missing(lang, missing).to_string(),
                ..Face::default()
            },
        }
    }

    /// A date, coloured and labelled by its age.
    pub fn date(date: &AsOf, lang: Lang, today: &AsOf) -> Face {
        let freshness = Freshness::of(date, today);
        Face {
            class: match freshness {
                Freshness::Fresh => "date fresh",
                Freshness::Aging => "date aging",
                Freshness::Stale => "date stale",
            },
            title: date
                .estimated
                .then(|| i18n::t(lang, Msg::Estimated).to_string()),
            text: format::date(date),
            old: (freshness == Freshness::Stale).then(|| i18n::t(lang, Msg::Old)),
            ..Face::default()
        }
    }

    fn plain(text: String) -> Face {
        Face {
            text,
            ..Face::default()
        }
    }
}

/// The title of a table cell itself: the whole text where the cell may cut it short, and
/// the region a price is quoted in. `cell` is the row's cell in `column`, already computed.
pub fn cell_title(row: &Row<'_>, column: Column, cell: &Cell, lang: Lang) -> Option<String> {
    match column {
        Column::Price | Column::PricePerAccelerator => row.quote.as_ref().map(|q| {
            let provider = row.entry.provider;
            let name = provider
                .region(&q.region)
                .map_or(&*q.region, |r| i18n::region_name(lang, r));
            format!("{}: {name}", i18n::t(lang, Msg::Region))
        }),
        _ => match cell {
            Cell::Text(text) => Some(text.clone()),
            _ => None,
        },
    }
}

/// The "as of" cell: the date of the shown price, linked to where it was read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AsOfFace {
    pub href: String,
    /// The source's title, for the link.
    pub source: String,
    /// The date, or the word "source" for an offer without a price in this view.
    pub face: Face,
    /// The label of the "?" mark of a low-confidence price.
    pub weak: Option<String>,
}

impl AsOfFace {
    pub fn of(row: &Row<'_>, lang: Lang, today: &AsOf) -> AsOfFace {
        let offer = row.entry.offer;
        let quote = row.quote.as_ref();
        let source_id = quote.map_or(offer.source.as_str(), |q| &*q.source);
        let source = row.entry.provider.source(source_id);
        let weak = quote.is_some_and(|q| q.confidence == Confidence::Low);
        AsOfFace {
            href: source.map(|s| s.url.clone()).unwrap_or_default(),
            source: source.map(|s| s.title.clone()).unwrap_or_default(),
            face: match quote {
                Some(q) => Face::date(&q.as_of, lang, today),
                None => Face::plain(i18n::t(lang, Msg::Source).to_string()),
            },
            weak: weak.then(|| {
                format!(
                    "{}: {}",
                    i18n::t(lang, Msg::Confidence),
                    i18n::confidence(lang, Confidence::Low),
                )
            }),
        }
    }
}

/// Everything one table row shows, as text. The table's painter compares it with what the
/// row shows now and writes only the difference, so showing another offer in a row costs a
/// few text and attribute writes, not new elements.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RowFace {
    pub offer: String,
    pub provider: String,
    pub selected: bool,
    /// The checkbox's label: "Select <instance>".
    pub select_label: String,
    pub cells: Vec<CellFace>,
}

/// One cell: `<td class title>{wrapper?}<span ...face/></wrapper>{asides}</td>`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CellFace {
    pub class: String,
    pub title: Option<String>,
    /// What holds the value: nothing, a link to a page, or the button opening the details.
    pub wrapper: Wrapper,
    pub face: Face,
    /// Small marks after the value: "custom", the Chinese name, a low-confidence "?".
    pub asides: Vec<Aside>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Wrapper {
    #[default]
    None,
    /// Opens in a new tab: `href` with its `title`; always a web address (see
    /// [`Wrapper::link`]).
    Link { href: String, title: String },
    /// The button that opens the offer's details, with its title.
    Details(&'static str),
}

impl Wrapper {
    /// A link to `href` when it is a web address; no wrapper otherwise, so an offer without
    /// an address (a custom offer's provider and source) reads as plain text, never as a
    /// link to nowhere (`href=""` reloads the app in a new tab).
    pub fn link(href: String, title: String) -> Wrapper {
        if web_address(&href).is_some() {
            Wrapper::Link { href, title }
        } else {
            Wrapper::None
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Aside {
    pub class: &'static str,
    pub text: String,
    /// Said as the title and the accessible name, for a mark whose text is a symbol.
    pub label: Option<String>,
    /// The language of the text when it differs from the page's.
    pub lang: Option<&'static str>,
}

impl RowFace {
    /// How `row` reads in `columns`.
    pub fn of(
        row: &Row<'_>,
        columns: &[Column],
        lang: Lang,
        today: &AsOf,
        selected: bool,
    ) -> RowFace {
        let offer = row.entry.offer;
        RowFace {
            offer: offer.id.clone(),
            provider: row.entry.provider.id.clone(),
            selected,
            select_label: format!("{} {}", i18n::t(lang, Msg::Select), offer.instance),
            cells: columns
                .iter()
                .map(|column| CellFace::of(row, *column, lang, today))
                .collect(),
        }
    }
}

impl CellFace {
    pub fn of(row: &Row<'_>, column: Column, lang: Lang, today: &AsOf) -> CellFace {
        let provider = row.entry.provider;
        let offer = row.entry.offer;
        match column {
            // One name, in the reader's language; the title gives the provider's own name.
            Column::Provider => CellFace {
                class: "provider".into(),
                title: Some(provider.name.clone()),
                wrapper: Wrapper::link(provider.homepage.clone(), String::new()),
                face: Face::plain(i18n::provider_name(lang, provider).to_string()),
                asides: (provider.id == crate::explorer::custom::PROVIDER_ID)
                    .then(|| Aside {
                        class: "badge custom",
                        text: match lang {
                            Lang::Zh => "自定义",
                            Lang::En => "custom",
                        }
                        .into(),
                        label: None,
                        lang: None,
                    })
                    .into_iter()
                    .collect(),
            },
            Column::Instance => CellFace {
                class: "instance".into(),
                title: None,
                wrapper: Wrapper::Details(i18n::t(lang, Msg::Details)),
                face: Face::plain(offer.instance.clone()),
                // Shown though it does not state what a filter asks: marked so, never a "yes".
                asides: row
                    .unstated
                    .then(|| {
                        let (text, label) = super::hidden::unstated_mark(lang);
                        Aside {
                            class: "badge unstated",
                            text: text.into(),
                            label: Some(label.into()),
                            lang: None,
                        }
                    })
                    .into_iter()
                    .collect(),
            },
            Column::AsOf => {
                // The date links to the source of the shown price (or of the offer's specs).
                let as_of = AsOfFace::of(row, lang, today);
                CellFace {
                    class: "as-of".into(),
                    title: None,
                    wrapper: Wrapper::link(as_of.href, as_of.source),
                    face: as_of.face,
                    asides: as_of
                        .weak
                        .map(|label| Aside {
                            class: "weak",
                            text: "?".into(),
                            label: Some(label),
                            lang: None,
                        })
                        .into_iter()
                        .collect(),
                }
            }
            _ => {
                let cell = worded_cell(row, column, lang);
                CellFace {
                    class: if column.is_numeric() {
                        format!("{} numeric", column.key())
                    } else {
                        column.key().to_string()
                    },
                    // Cells cut long text short: the title holds it whole (and a price's region).
                    title: cell_title(row, column, &cell, lang),
                    wrapper: Wrapper::None,
                    asides: your_price(row, column, &cell, lang)
                        .into_iter()
                        .chain(short_accelerator(row, column))
                        .collect(),
                    face: {
                        let face = Face::of(cell, column, lang, today);
                        // A phone shows the short name instead (style/main.css).
                        let short =
                            column == Column::Accelerator && row.entry.accelerator.is_some();
                        Face {
                            class: if short { "long-name" } else { face.class },
                            ..face
                        }
                    },
                }
            }
        }
    }
}

/// The accelerator's short name ("H100 SXM 80G"), shown instead of the full one where room is
/// short: a phone's frozen column would cut "NVIDIA H100 SXM5 80GB" and "NVIDIA H100 PCIe
/// 80GB" to the same "NVIDIA H10…". The cell's title keeps the full name.
fn short_accelerator(row: &Row<'_>, column: Column) -> Option<Aside> {
    let accelerator = row
        .entry
        .accelerator
        .filter(|_| column == Column::Accelerator)?;
    Some(Aside {
        class: "short-name",
        text: accelerator.short_label(),
        label: None,
        lang: None,
    })
}

/// The "your price" mark after a money cell that the user's discount moved (the prices and
/// the job's costs, which start from them).
pub fn your_price(row: &Row<'_>, column: Column, cell: &Cell, lang: Lang) -> Option<Aside> {
    let moved = matches!(
        column,
        Column::Price | Column::PricePerAccelerator | Column::JobCost | Column::JobPerMillionTokens
    );
    let shown = match cell {
        Cell::Money { value, term, .. } if moved && *term != Term::Free => *value,
        _ => return None,
    };
    let quote = row.quote.as_ref()?;
    let (text, label) = super::discount::mark(quote, Some(shown), row.entry.provider, lang)?;
    Some(Aside {
        class: "badge yours",
        text,
        label: Some(label),
        lang: None,
    })
}

fn category_label(key: String, lang: Lang) -> String {
    [
        ProviderCategory::Hyperscaler,
        ProviderCategory::GpuCloud,
        ProviderCategory::Marketplace,
        ProviderCategory::China,
    ]
    .into_iter()
    .find(|c| category_key(*c) == key)
    .map_or(key, |c| i18n::category(lang, c).to_string())
}

fn number(column: Column, n: f64, lang: Lang) -> String {
    let unit = i18n::column_unit(lang, column);
    match column {
        Column::Confidence => {
            let level = match n as u8 {
                3 => Confidence::High,
                2 => Confidence::Medium,
                _ => Confidence::Low,
            };
            i18n::confidence(lang, level).to_string()
        }
        Column::JobTime => format::duration(n, lang == Lang::Zh),
        Column::JobThroughput => format!("{} {unit}", format::quantity(n.round())),
        _ if unit.is_empty() => format::quantity(n),
        _ => format!("{} {unit}", format::quantity(n)),
    }
}

/// A row's cell with its words in the reader's language: a variant's qualifier, a region, the
/// link inside the instance. The table and the comparison both read cells through this.
pub fn worded_cell(row: &Row<'_>, column: Column, lang: Lang) -> Cell {
    let entry = &row.entry;
    match (column, lang) {
        (Column::Accelerator, Lang::Zh) => entry.accelerator.map_or_else(
            || column.cell(row),
            |a| Cell::Text(i18n::accelerator_label(lang, a)),
        ),
        (Column::Region, Lang::Zh) => match row
            .quote
            .as_ref()
            .and_then(|q| entry.provider.region(&q.region))
        {
            Some(region) => Cell::Text(i18n::region_name(lang, region).to_string()),
            None => column.cell(row),
        },
        (Column::Interconnect, _) => {
            match catalog::fabric::inside_link(entry.offer, entry.accelerator) {
                Some(inside) => Cell::Text(i18n::inside_link(lang, inside)),
                None => column.cell(row),
            }
        }
        _ => column.cell(row),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;
    use catalog::Currency;

    fn today() -> AsOf {
        AsOf::day(2026, 11, 30)
    }

    #[test]
    fn an_offer_that_cannot_meet_the_deadline_says_so_in_its_job_time() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState {
            job: Some(workload::Job {
                deadline_hours: Some(1.0),
                ..workload::Preset::Pretrain7b1t.job()
            }),
            ..ViewState::default()
        };
        let rows = explorer.show(&state, &rates, &today()).rows;
        // Offers that hold the job and have a known time that is not within the deadline.
        let fits = |r: &&Row<'_>| {
            r.job
                .as_ref()
                .is_some_and(|j| !j.does_not_fit() && j.wall_hours.is_some() && !j.deadline_met)
        };
        let faces: Vec<Face> = rows
            .iter()
            .filter(fits)
            .map(|r| Face::of(Column::JobTime.cell(r), Column::JobTime, Lang::En, &today()))
            .collect();
        assert!(faces.len() > 10);
        for face in &faces {
            assert_eq!(face.text, "deadline unreachable", "{face:?}");
            assert_eq!(face.class, "late");
            assert!(face
                .title
                .as_deref()
                .is_some_and(|t| t.starts_with("Needs ")));
        }
        let zh = Face::of(
            Column::JobTime.cell(rows.iter().find(fits).unwrap()),
            Column::JobTime,
            Lang::Zh,
            &today(),
        );
        assert_eq!(zh.text, "无法按期完成");
    }

    #[test]
    fn money_reads_with_its_currency_and_marks_a_conversion() {
        let cell = Cell::Money {
            value: 2.5,
            high: None,
            currency: Currency::Usd,
            converted: true,
            term: Term::OnDemand,
        };
        let face = Face::of(cell, Column::Price, Lang::En, &today());
        assert_eq!(face.class, "money");
        assert!(face.text.contains("2.50"), "{}", face.text);
        assert_eq!(face.converted, Some("converted"));
        assert_eq!(face.old, None);
    }

    #[test]
    fn a_free_price_says_free_whatever_its_number() {
        let cell = Cell::Money {
            value: 0.0,
            high: None,
            currency: Currency::Usd,
            converted: false,
            term: Term::Free,
        };
        let face = Face::of(cell, Column::Price, Lang::Zh, &today());
        assert_eq!(face.class, "free");
        assert_eq!(face.text, i18n::t(Lang::Zh, Msg::Free));
    }

    #[test]
    fn old_dates_look_old_and_fresh_ones_do_not() {
        let stale = Face::date(&AsOf::day(2023, 5, 26), Lang::En, &today());
        assert_eq!(stale.class, "date stale");
        assert_eq!(stale.old, Some("old"));
        let fresh = Face::date(&AsOf::day(2026, 11, 1), Lang::En, &today());
        assert_eq!(fresh.class, "date fresh");
        assert_eq!(fresh.old, None);
    }

    #[test]
    fn an_unknown_host_spec_is_a_quiet_dash_said_as_unknown_and_never_zero() {
        for column in [Column::Vcpus, Column::Ram] {
            let unknown = Face::of(Cell::Unknown(None), column, Lang::En, &today());
            assert_eq!(unknown.text, "—");
            assert_eq!(unknown.spoken, Some("unknown"));
            assert_eq!(unknown.title.as_deref(), Some("unknown"));
            assert!(unknown.class.contains("unknown"));
            let zero = Face::of(Cell::Number(0.0), column, Lang::En, &today());
            assert_ne!(zero.text, unknown.text);
        }
        let zh = Face::of(Cell::Unknown(None), Column::Ram, Lang::Zh, &today());
        assert_eq!(zh.spoken, Some("未知"));
    }

    #[test]
    fn unknowns_are_written_out_and_categories_translated() {
        let unknown = Face::of(Cell::Unknown(None), Column::Bf16, Lang::En, &today());
        assert_eq!(unknown.class, "unknown");
        assert!(!unknown.text.is_empty());
        let category = Face::of(
            Cell::Text(category_key(ProviderCategory::China).into()),
            Column::Category,
            Lang::Zh,
            &today(),
        );
        assert_eq!(
            category.text,
            i18n::category(Lang::Zh, ProviderCategory::China)
        );
    }

    #[test]
    fn every_cell_of_the_real_catalog_has_a_face_and_prices_name_their_region() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState::default();
        let shown = explorer.show(&state, &rates, &today());
        assert!(!shown.rows.is_empty());
        for row in &shown.rows {
            for column in Column::ALL {
                let face = Face::of(column.cell(row), column, Lang::En, &today());
                assert!(!face.text.is_empty(), "{} {column:?}", row.entry.offer.id);
            }
            let title = cell_title(row, Column::Price, &Column::Price.cell(row), Lang::En).unwrap();
            assert!(title.starts_with("Region: "), "{title}");
            let as_of = AsOfFace::of(row, Lang::En, &today());
            assert!(as_of.href.starts_with("http"), "{}", row.entry.offer.id);
            assert!(as_of.face.class.starts_with("date "));
        }
    }

    #[test]
    fn a_custom_offer_links_to_nowhere_never_its_provider_and_source_are_plain_text() {
        use crate::explorer::custom::{self, CustomOffer};
        use catalog::PriceUnit;
        let base = bundled::catalog().unwrap();
        let quote = CustomOffer {
            seller: "Acme GPU".into(),
            name: "8× H100 quote".into(),
            accelerator: Some("h100-sxm5-80gb".into()),
            count: 8.0,
            term: Term::OnDemand,
            price: 16.0,
            currency: Currency::Usd,
            unit: PriceUnit::InstanceHour,
            note: String::new(),
            as_of: today(),
        };
        let mine = custom::catalog(&[quote], &base);
        let explorer = Explorer::new(&mine);
        let rates = Rates::new(Fx::newest(&mine.fx), None);
        let state = ViewState::default();
        let shown = explorer.show(&state, &rates, &today());
        let face = RowFace::of(&shown.rows[0], &state.columns, Lang::En, &today(), false);
        let cell =
            |column: Column| &face.cells[state.columns.iter().position(|c| *c == column).unwrap()];
        assert_eq!(cell(Column::Provider).wrapper, Wrapper::None);
        assert_eq!(cell(Column::AsOf).wrapper, Wrapper::None);
        let html = crate::present::table_row::row(&face).to_html();
        assert!(!html.contains("href"), "{html}");
        assert!(html.contains("Your offers"), "{html}");
    }

    #[test]
    fn a_row_face_has_a_cell_per_column_and_changes_with_what_it_shows() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let state = ViewState::default();
        let shown = explorer.show(&state, &rates, &today());
        let columns = &state.columns;
        let first = RowFace::of(&shown.rows[0], columns, Lang::En, &today(), false);
        assert_eq!(first.cells.len(), columns.len());
        assert_eq!(first.offer, shown.rows[0].entry.offer.id);
        assert!(first
            .select_label
            .ends_with(&shown.rows[0].entry.offer.instance));
        let provider = &first.cells[columns.iter().position(|c| *c == Column::Provider).unwrap()];
        assert!(
            matches!(&provider.wrapper, Wrapper::Link { href, .. } if href.starts_with("http"))
        );
        let instance = &first.cells[columns.iter().position(|c| *c == Column::Instance).unwrap()];
        assert_eq!(instance.wrapper, Wrapper::Details("Details"));
        // The same row selected, in Chinese, or another offer: each is a different face.
        assert_ne!(
            first,
            RowFace::of(&shown.rows[0], columns, Lang::En, &today(), true)
        );
        assert_ne!(
            first,
            RowFace::of(&shown.rows[0], columns, Lang::Zh, &today(), false)
        );
        assert_ne!(
            first,
            RowFace::of(&shown.rows[1], columns, Lang::En, &today(), false)
        );
        assert_eq!(
            first,
            RowFace::of(&shown.rows[0], columns, Lang::En, &today(), false)
        );
    }
}
