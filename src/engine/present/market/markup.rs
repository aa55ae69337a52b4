//! The market view and the heat table as plain markup: the app paints them by difference.
//!
//! Every price is written out; colour only repeats what the text says, and the cheapest cell
//! of a heat table carries the word "cheapest". Old and converted prices carry the table's
//! own marks (OLD, ≈, ?), unknown is written as unknown.

use catalog::format::{money, quantity};
use catalog::short_label::{short_name, short_provider};
use catalog::{pick, AsOf, Lang};

use std::collections::BTreeSet;

use super::family::{families, family_line, folds, FamilyLine};
use super::heat::Heat;
use super::spread::Spread;
use super::window;
use super::{MarketRow, Pick};
use crate::present::face::{AsOfFace, Face};
use crate::present::i18n;
use crate::present::markup::{web_address, El};
use crate::present::table_row::face_nodes;
use crate::pricing::{PriceBasis, PriceView};

/// The market's column headings, in order.
fn headings(lang: Lang, price: &PriceView) -> Vec<String> {
    let unit = i18n::price_unit(
        lang,
        price.currency.code(),
        PriceBasis::Accelerator,
        price.duration,
    );
    let per = |what: &str| {
        format!(
            "{} ({} / {what})",
            pick(lang, "Cheapest", "最低"),
            price.currency.code()
        )
    };
    vec![
        pick(lang, "Accelerator", "加速卡").to_string(),
        format!(
            "{} ({unit})",
            pick(lang, "Cheapest on-demand", "按量最低价")
        ),
        pick(lang, "Who · where · as of", "服务商 · 地区 · 日期").to_string(),
        pick(lang, "25 % · median · 75 %", "25% · 中位数 · 75%").to_string(),
        pick(lang, "Cheapest spot", "竞价最低").to_string(),
        pick(lang, "Cheapest committed", "承诺期最低").to_string(),
        pick(lang, "Providers · offers", "服务商 · 报价数").to_string(),
        i18n::t(lang, i18n::Msg::PriceMove90).to_string(),
        per(pick(
            lang,
            "dense BF16 PFLOP · GB of memory",
            "稠密 BF16 PFLOP · GB 显存",
        )),
    ]
}

fn unknown(lang: Lang) -> El {
    El::new("span")
        .attr("class", "unknown")
        .text(i18n::t(lang, i18n::Msg::Unknown))
}

/// A price with its marks: "≈" when converted.
pub(crate) fn price_el(pick_: &Pick<'_>, lang: Lang) -> El {
    let quote = pick_.row.quote.as_ref();
    let face = Face {
        text: money(
            pick_.per_accelerator,
            quote.map_or(catalog::Currency::Usd, |q| q.currency),
        ),
        converted: quote
            .filter(|q| q.converted)
            .map(|_| i18n::t(lang, i18n::Msg::Converted)),
        ..Face::default()
    };
    let yours = quote
        .and_then(|q| {
            super::super::discount::mark(
                q,
                Some(pick_.per_accelerator),
                pick_.row.entry.provider,
                lang,
            )
        })
        .map(|(text, label)| {
            El::new("span")
                .attr("class", "badge yours")
                .attr("title", label.as_str())
                .attr("aria-label", label.as_str())
                .text(text.as_str())
        });
    El::new("span")
        .attr("class", "money")
        .nodes(face_nodes(&face))
        .children(yours)
}

/// "Lambda · us-east-1 · 2026-11-28 OLD", the date linked to its source.
pub(crate) fn who_where_when(pick_: &Pick<'_>, lang: Lang, today: &AsOf) -> El {
    let row = &pick_.row;
    let provider = catalog::lang::provider_name(lang, row.entry.provider);
    // The region in the reader's language; its name up to its first aside, whole in the title.
    let region = row.quote.as_ref().map(|q| {
        row.entry.provider.region(&q.region).map_or_else(
            || q.region.to_string(),
            |r| catalog::lang::region_name(lang, r).to_string(),
        )
    });
    let date = AsOfFace::of(row, lang, today);
    // A source without a web address (a custom offer's) is its date as text, not a link.
    let link = match web_address(&date.href) {
        Some(href) => El::new("a")
            .attr("href", href)
            .attr("target", "_blank")
            .attr("rel", "noopener noreferrer"),
        None => El::new("span"),
    }
    .maybe(
        "title",
        (!date.source.is_empty()).then_some(date.source.as_str()),
    )
    .nodes(face_nodes(&date.face));
    let short = |name: &str| {
        El::new("span")
            .maybe(
                "title",
                (short_name(name) != name).then(|| name.to_string()),
            )
            .text(short_name(name))
    };
    El::new("span")
        .attr("class", "who")
        .child(short(provider).attr("class", "provider"))
        .text(" · ")
        .children(region.as_deref().map(|r| short(r).attr("class", "region")))
        .text(" · ")
        .child(link)
        .children(date.weak.map(|label| {
            El::new("span")
                .attr("class", "weak")
                .attr("title", label.as_str())
                .attr("aria-label", label.as_str())
                .text("?")
        }))
}

/// A spot or committed pick: its price, and for a commitment its term.
fn other_term(pick_: Option<&Pick<'_>>, lang: Lang, with_term: bool) -> El {
    let td = El::new("td").attr("class", "numeric other-term");
    let Some(pick_) = pick_ else {
        return td
            .child(El::new("span").attr("class", "none").text("—"))
            .attr("title", pick(lang, "none in this view", "当前视图中没有"));
    };
    // The provider's short name (whole in the title), so the column stays narrow.
    let provider = catalog::lang::provider_name(lang, pick_.row.entry.provider);
    let term = pick_
        .row
        .quote
        .as_ref()
        .filter(|_| with_term)
        .map(|q| format!(" · {}", i18n::term(lang, q.term)));
    td.child(price_el(pick_, lang)).child(
        El::new("span")
            .attr("class", "aside")
            .attr("title", provider)
            .text(format!(
                " {}{}",
                short_provider(provider),
                term.unwrap_or_default()
            )),
    )
}

/// How the row's price moved over 90 days, with the offers it covers; unknown written out.
fn price_move(row: &MarketRow<'_>, lang: Lang) -> El {
    let (text, covered, title) = i18n::price_move(lang, row.movement.map(|m| (m.change, m.offers)));
    let td = El::new("td")
        .attr("class", "numeric move")
        .attr("title", title.as_str());
    match row.movement {
        Some(_) => td
            .child(El::new("span").attr("class", "moved").text(text))
            .child(
                El::new("span")
                    .attr("class", "aside")
                    .text(format!(" · {covered}")),
            ),
        None => td.child(unknown(lang)),
    }
}

/// "12 · 40 (+3 unknown) (+2 old, not counted)": sellers and offers, and what is not counted.
fn counts(providers: usize, offers: usize, unknown: usize, older: usize, lang: Lang) -> El {
    let mut extra = String::new();
    if unknown > 0 {
        extra += &match lang {
            Lang::En => format!("+{unknown} unknown "),
            Lang::Zh => format!("另 {unknown} 个未知 "),
        };
    }
    if older > 0 {
        extra += &match lang {
            Lang::En => format!("+{older} old, not counted"),
            Lang::Zh => format!("另 {older} 个旧价，不计入"),
        };
    }
    // What is not counted goes under the counts, so the column stays narrow.
    El::new("td")
        .attr("class", "numeric counts")
        .text(format!("{providers} · {offers}"))
        .children((!extra.is_empty()).then(|| {
            El::new("span")
                .attr("class", "aside not-counted")
                .text(extra.trim_end())
        }))
}

/// "$1.10 · $0.96 · $2.40": the spread's quartiles, or unknown.
fn spread_cell(spread: Option<&Spread>, currency: Option<catalog::Currency>, lang: Lang) -> El {
    let td = El::new("td").attr("class", "numeric spread");
    match (spread, currency) {
        (Some(s), Some(c)) => td.text(format!(
            "{} · {} · {}",
            money(s.p25, c),
            money(s.median, c),
            money(s.p75, c)
        )),
        _ => td.child(unknown(lang)),
    }
}

fn currency_of(pick_: Option<&Pick<'_>>) -> Option<catalog::Currency> {
    pick_.and_then(|p| p.row.quote.as_ref()).map(|q| q.currency)
}

/// The cheapest on-demand cell, and the who · where · when cell beside it.
fn cheapest_cells(pick_: Option<&Pick<'_>>, lang: Lang, today: &AsOf) -> [El; 2] {
    match pick_ {
        Some(p) => [
            El::new("td")
                .attr("class", "numeric cheapest")
                .child(price_el(p, lang)),
            El::new("td")
                .attr("class", "who-cell")
                .child(who_where_when(p, lang, today)),
        ],
        None => [
            El::new("td")
                .attr("class", "numeric cheapest")
                .child(unknown(lang)),
            El::new("td").attr("class", "who-cell"),
        ],
    }
}

/// One variant's row; `folded`: listed under its family's fold, hidden unless unfolded.
fn variant_row(row: &MarketRow<'_>, lang: Lang, today: &AsOf, folded: Option<bool>) -> El {
    let a = row.accelerator;
    let id = a.id.as_str();
    let open = El::new("button")
        .attr("type", "button")
        .attr("class", "link-button open-variant")
        .attr("data-variant", id)
        .attr(
            "title",
            pick(lang, "Show its offers in the table", "在表格中查看其报价"),
        )
        .text(catalog::lang::variant(lang, &a.variant));
    // Memory and bandwidth under the name: the variant's facts, not a column of their own.
    let memory = a.specs.memory_gb.map(|gb| format!("{} GB", quantity(gb)));
    let bandwidth = a
        .specs
        .memory_bandwidth_gbs
        .map(|gbs| format!("{} GB/s", quantity(gbs)));
    let specs = El::new("span").attr("class", "variant-specs").text(format!(
        "{} · {}",
        memory.unwrap_or_else(|| i18n::t(lang, i18n::Msg::Unknown).into()),
        bandwidth.unwrap_or_else(|| i18n::t(lang, i18n::Msg::Unknown).into())
    ));
    let heat = El::new("button")
        .attr("type", "button")
        .attr("class", "link-button heat-open")
        .attr("data-variant", id)
        .attr("aria-controls", "heat")
        .text(pick(lang, "By region", "按地区"));
    let currency = currency_of(row.cheapest.as_ref());
    let per_pflop = row.per_pflop().zip(currency).map(|(v, c)| money(v, c));
    let per_gb = row.per_gb().zip(currency).map(|(v, c)| money(v, c));
    let unknown_word = i18n::t(lang, i18n::Msg::Unknown);
    let per = El::new("td").attr("class", "numeric per").text(format!(
        "{} · {}",
        per_pflop.as_deref().unwrap_or(unknown_word),
        per_gb.as_deref().unwrap_or(unknown_word)
    ));
    let [cheapest, who] = cheapest_cells(row.cheapest.as_ref(), lang, today);
    El::new("tr")
        .attr("data-variant", id)
        .attr(
            "class",
            if folded.is_some() {
                "variant folded"
            } else {
                "variant"
            },
        )
        .maybe("hidden", (folded == Some(true)).then_some(""))
        .child(
            El::new("th")
                .attr("scope", "row")
                .child(open)
                .child(specs)
                .child(heat),
        )
        .child(cheapest)
        .child(who)
        .child(spread_cell(row.on_demand.as_ref(), currency, lang))
        .child(other_term(row.spot.as_ref(), lang, false))
        .child(other_term(row.committed.as_ref(), lang, true))
        .child(counts(
            row.providers(),
            row.offers,
            row.unknown,
            row.older,
            lang,
        ))
        .child(price_move(row, lang))
        .child(per)
}

/// A family's line: its cheapest over every variant (and which), its spread, sellers and
/// offers; and the switch that lists the variants folded under it.
fn family_row(line: &FamilyLine<'_>, lang: Lang, today: &AsOf, unfolded: bool) -> El {
    let variants = match lang {
        Lang::En => format!(
            " · {} {}",
            line.variants,
            if line.variants == 1 {
                "variant"
            } else {
                "variants"
            }
        ),
        Lang::Zh => format!(" · {} 个型号", line.variants),
    };
    let fold = (line.folded > 0).then(|| {
        let text = match (lang, unfolded) {
            (Lang::En, false) => format!(
                "+{} of unstated board ({} offers)",
                line.folded, line.folded_offers
            ),
            (Lang::En, true) => format!("Fold the {} of unstated board", line.folded),
            (Lang::Zh, false) => format!(
                "另 {} 个未注明板型（{} 个报价）",
                line.folded, line.folded_offers
            ),
            (Lang::Zh, true) => format!("收起 {} 个未注明板型", line.folded),
        };
        El::new("button")
            .attr("type", "button")
            .attr("class", "link-button fold-toggle")
            .attr("data-family", line.name.as_str())
            .attr("aria-expanded", if unfolded { "true" } else { "false" })
            .text(text)
    });
    let [mut cheapest, who] = cheapest_cells(line.cheapest.as_ref(), lang, today);
    if let Some(accelerator) = line.cheapest.as_ref().and_then(|p| p.row.entry.accelerator) {
        cheapest = cheapest.child(
            El::new("span")
                .attr("class", "aside which")
                .attr("title", catalog::lang::accelerator_label(lang, accelerator))
                .text(format!(" {}", accelerator.short_label())),
        );
    }
    let none = || {
        El::new("td")
            .attr("class", "numeric")
            .child(El::new("span").attr("class", "none").text("·"))
    };
    El::new("tr")
        .attr("class", "family")
        .attr("data-family", line.name.as_str())
        .child(
            El::new("th")
                .attr("scope", "row")
                .child(
                    El::new("span")
                        .attr("class", "family-name")
                        .text(line.name.as_str()),
                )
                .child(El::new("span").attr("class", "aside").text(variants))
                .children(fold),
        )
        .child(cheapest)
        .child(who)
        .child(spread_cell(
            line.spread.as_ref(),
            currency_of(line.cheapest.as_ref()),
            lang,
        ))
        .child(other_term(line.spot.as_ref(), lang, false))
        .child(other_term(line.committed.as_ref(), lang, true))
        .child(counts(
            line.providers,
            line.offers,
            line.unknown,
            line.older,
            lang,
        ))
        .child(none())
        .child(none())
}

/// A body line of the market table before its markup: a family's line, or a variant's row
/// by its place in the market's rows. The page cuts its window from these, so only the rows
/// it holds are written out (the whole table's markup took longer than the market itself).
#[derive(Debug, Clone)]
pub enum Line<'a> {
    // Boxed: a family's line holds its picks (about a kilobyte), a variant's row a place.
    Family {
        line: Box<FamilyLine<'a>>,
        open: bool,
    },
    Variant {
        row: usize,
        folded: Option<bool>,
    },
}

impl Line<'_> {
    /// The row's key in the page (see [`window::key`]).
    pub fn key(&self, rows: &[MarketRow<'_>]) -> Option<String> {
        match self {
            Line::Family { line, .. } => window::key(None, Some(&line.name)),
            Line::Variant { row, .. } => window::key(Some(&rows[*row].accelerator.id), None),
        }
    }

    /// Listed under a closed fold: in the table, but hidden.
    pub fn hidden(&self) -> bool {
        matches!(
            self,
            Line::Variant {
                folded: Some(true),
                ..
            }
        )
    }

    fn markup(&self, rows: &[MarketRow<'_>], lang: Lang, today: &AsOf) -> El {
        match self {
            Line::Family { line, open } => family_row(line, lang, today, *open),
            Line::Variant { row, folded } => variant_row(&rows[*row], lang, today, *folded),
        }
    }
}

/// The market's lines in order: each family's line, then its variants (those of unstated
/// board folded under it unless `unfolded` names the family).
pub fn lines<'a>(rows: &[MarketRow<'a>], unfolded: &BTreeSet<String>) -> Vec<Line<'a>> {
    let mut out = Vec::with_capacity(rows.len() + rows.len() / 2);
    let mut at = 0;
    for group in families(rows) {
        let line = family_line(group);
        let open = unfolded.contains(&line.name);
        out.push(Line::Family {
            line: Box::new(line),
            open,
        });
        for row in group {
            out.push(Line::Variant {
                row: at,
                folded: folds(row, group).then_some(!open),
            });
            at += 1;
        }
    }
    out
}

/// The market view: a line per family (its cheapest over all its variants), its variants
/// beneath; variants of unstated board are folded under their family unless `unfolded`
/// names it.
pub fn market_table(
    rows: &[MarketRow<'_>],
    lang: Lang,
    today: &AsOf,
    price: &PriceView,
    unfolded: &BTreeSet<String>,
) -> El {
    let lines = lines(rows, unfolded);
    let body = El::new("tbody").children(lines.iter().map(|l| l.markup(rows, lang, today)));
    table(lang, headings(lang, price), body)
}

/// The market table as the page holds it: only the `lines` crossing the band `top`..`top +
/// height` of its frame, between two spacers that stand for the rest (see [`window`]):
/// the same as cutting [`market_table`] by that window (a test holds them equal).
#[allow(clippy::too_many_arguments)]
pub fn market_window(
    rows: &[MarketRow<'_>],
    lines: &[Line<'_>],
    lang: Lang,
    today: &AsOf,
    price: &PriceView,
    measured: &window::Measured,
    top: f64,
    height: f64,
) -> El {
    let cut = window::cut(
        lines.iter().map(|l| (l.key(rows), l.hidden())),
        measured,
        top,
        height,
    );
    let heads = headings(lang, price);
    let body = El::new("tbody")
        .child(window::spacer(cut.above, heads.len()))
        .children(lines[cut.rows].iter().map(|l| l.markup(rows, lang, today)))
        .child(window::spacer(cut.below, heads.len()));
    table(lang, heads, body)
}

fn table(lang: Lang, heads: Vec<String>, body: El) -> El {
    let head = El::new("thead").child(
        El::new("tr").children(
            heads
                .into_iter()
                .map(|h| El::new("th").attr("scope", "col").text(h)),
        ),
    );
    let caption = pick(
        lang,
        "What each accelerator costs now: a line per family with its cheapest on-demand price per accelerator over all its variants, then each variant — how the prices spread, the cheapest spot and committed prices, who sells it, and how its on-demand prices moved over 90 days. Free tiers are not counted, nor, unless you count them, prices older than 18 months.",
        "各加速卡当前价格：每个系列一行，给出其所有型号中按量每卡最低价；其下为各型号的价格分布、竞价与承诺期最低价、服务商，以及按量价格 90 天内的变化。免费额度不计入；除非选择计入，超过 18 个月的价格也不计入。",
    );
    El::new("table")
        .attr("class", "market")
        .attr("id", "market-table")
        .child(El::new("caption").text(caption))
        .child(head)
        .child(body)
}

/// The heat table of one variant: providers × region groups.
pub fn heat_table(heat: &Heat<'_>, variant: &str, lang: Lang, today: &AsOf) -> El {
    let cheapest = heat.cheapest();
    let head = El::new("thead").child(
        El::new("tr")
            .child(
                El::new("th")
                    .attr("scope", "col")
                    .text(pick(lang, "Provider", "服务商")),
            )
            .children(heat.areas.iter().map(|area| {
                El::new("th")
                    .attr("scope", "col")
                    .text(i18n::area(lang, *area))
            })),
    );
    let body = El::new("tbody").children(heat.rows.iter().enumerate().map(|(r, row)| {
        El::new("tr")
            .child(
                El::new("th")
                    .attr("scope", "row")
                    .text(catalog::lang::provider_name(lang, row.provider)),
            )
            .children(row.cells.iter().enumerate().map(|(c, cell)| {
                let Some(pick_) = cell else {
                    return El::new("td")
                        .attr("class", "heat-cell empty")
                        .attr("title", pick(lang, "not sold there", "该地区无售"))
                        .text("—");
                };
                let is_cheapest = cheapest == Some((r, c));
                let quote = pick_.row.quote.as_ref();
                let title = format!(
                    "{} · {} · {}",
                    pick_.row.entry.offer.instance,
                    quote.map(|q| q.region.to_string()).unwrap_or_default(),
                    quote.map(|q| q.as_of.to_string()).unwrap_or_default(),
                );
                let date = AsOfFace::of(&pick_.row, lang, today);
                let class = format!(
                    "heat-cell level-{}{}",
                    heat.level(pick_.per_accelerator),
                    if is_cheapest { " cheapest" } else { "" }
                );
                El::new("td")
                    .attr("class", class)
                    .attr("data-offer", pick_.row.entry.offer.id.as_str())
                    .attr("title", title)
                    .child(price_el(pick_, lang))
                    .children(
                        date.face
                            .old
                            .map(|label| El::new("span").attr("class", "badge").text(label)),
                    )
                    .children(is_cheapest.then(|| {
                        El::new("span")
                            .attr("class", "badge best")
                            .text(pick(lang, "cheapest", "最低"))
                    }))
            }))
    }));
    let caption = match lang {
        Lang::En => format!(
            "{variant}: the cheapest price per accelerator each provider asks in each region group"
        ),
        Lang::Zh => format!("{variant}：各服务商在各地区组的每卡最低价"),
    };
    El::new("table")
        .attr("class", "heat")
        .attr("id", "heat-table")
        .child(El::new("caption").text(caption))
        .child(head)
        .child(body)
}
