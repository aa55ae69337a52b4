//! The market view and the heat table as plain markup: the app paints them by difference.
//!
//! Every price is written out; colour only repeats what the text says, and the cheapest cell
//! of a heat table carries the word "cheapest". Old and converted prices carry the table's
//! own marks (OLD, ≈, ?), unknown is written as unknown.

use catalog::format::{money, quantity};
use catalog::{pick, AsOf, Lang};

use super::heat::Heat;
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
        per(pick(lang, "dense BF16 PFLOP", "稠密 BF16 PFLOP")),
        per(pick(lang, "GB of memory", "GB 显存")),
        pick(lang, "Memory · bandwidth", "显存 · 带宽").to_string(),
        pick(lang, "Across regions", "跨地区").to_string(),
    ]
}

fn unknown(lang: Lang) -> El {
    El::new("span")
        .attr("class", "unknown")
        .text(i18n::t(lang, i18n::Msg::Unknown))
}

/// A price with its marks: "≈" when converted.
fn price_el(pick_: &Pick<'_>, lang: Lang) -> El {
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
fn who_where_when(pick_: &Pick<'_>, lang: Lang, today: &AsOf) -> El {
    let row = &pick_.row;
    let region = row.quote.as_ref().map(|q| {
        row.entry
            .provider
            .region(&q.region)
            .map_or_else(|| q.region.to_string(), |r| r.name.clone())
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
    El::new("span")
        .attr("class", "who")
        .child(
            El::new("span")
                .attr("class", "provider")
                .text(catalog::lang::provider_name(lang, row.entry.provider)),
        )
        .text(" · ")
        .text(region.unwrap_or_default())
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
            .text(format!(" {provider}{}", term.unwrap_or_default())),
    )
}

fn money_or_unknown(value: Option<f64>, row: &MarketRow<'_>, lang: Lang) -> El {
    let currency = row
        .cheapest
        .as_ref()
        .and_then(|p| p.row.quote.as_ref())
        .map(|q| q.currency);
    let td = El::new("td").attr("class", "numeric");
    match (value, currency) {
        (Some(v), Some(c)) => td.text(money(v, c)),
        _ => td.child(unknown(lang)),
    }
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

/// One variant's row.
fn variant_row(row: &MarketRow<'_>, lang: Lang, today: &AsOf) -> El {
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
        .text(a.variant.as_str());
    let cheapest = match &row.cheapest {
        Some(p) => El::new("td")
            .attr("class", "numeric cheapest")
            .child(price_el(p, lang)),
        None => El::new("td")
            .attr("class", "numeric cheapest")
            .child(unknown(lang)),
    };
    let who = match &row.cheapest {
        Some(p) => El::new("td")
            .attr("class", "who-cell")
            .child(who_where_when(p, lang, today)),
        None => El::new("td").attr("class", "who-cell"),
    };
    let spread = match (&row.on_demand, &row.cheapest) {
        (Some(s), Some(p)) => {
            let c = p
                .row
                .quote
                .as_ref()
                .map_or(catalog::Currency::Usd, |q| q.currency);
            El::new("td").attr("class", "numeric spread").text(format!(
                "{} · {} · {}",
                money(s.p25, c),
                money(s.median, c),
                money(s.p75, c)
            ))
        }
        _ => El::new("td")
            .attr("class", "numeric spread")
            .child(unknown(lang)),
    };
    let moved = price_move(row, lang);
    let mut counts = format!("{} · {}", row.providers, row.offers);
    if row.unknown > 0 {
        counts += &match lang {
            Lang::En => format!(" (+{} unknown)", row.unknown),
            Lang::Zh => format!("（另 {} 个未知）", row.unknown),
        };
    }
    if row.older > 0 {
        counts += &match lang {
            Lang::En => format!(" (+{} old, not counted)", row.older),
            Lang::Zh => format!("（另 {} 个旧价，不计入）", row.older),
        };
    }
    let memory = a.specs.memory_gb.map(|gb| format!("{} GB", quantity(gb)));
    let bandwidth = a
        .specs
        .memory_bandwidth_gbs
        .map(|gbs| format!("{} GB/s", quantity(gbs)));
    let specs = El::new("td").attr("class", "numeric").text(format!(
        "{} · {}",
        memory.unwrap_or_else(|| i18n::t(lang, i18n::Msg::Unknown).into()),
        bandwidth.unwrap_or_else(|| i18n::t(lang, i18n::Msg::Unknown).into())
    ));
    let heat = El::new("td").child(
        El::new("button")
            .attr("type", "button")
            .attr("class", "heat-open")
            .attr("data-variant", id)
            .attr("aria-controls", "heat")
            .text(pick(lang, "By region", "按地区")),
    );
    El::new("tr")
        .attr("data-variant", id)
        .child(El::new("th").attr("scope", "row").child(open))
        .child(cheapest)
        .child(who)
        .child(spread)
        .child(other_term(row.spot.as_ref(), lang, false))
        .child(other_term(row.committed.as_ref(), lang, true))
        .child(El::new("td").attr("class", "numeric").text(counts))
        .child(moved)
        .child(money_or_unknown(row.per_pflop(), row, lang))
        .child(money_or_unknown(row.per_gb(), row, lang))
        .child(specs)
        .child(heat)
}

/// The market view: a heading row per family, a row per variant.
pub fn market_table(rows: &[MarketRow<'_>], lang: Lang, today: &AsOf, price: &PriceView) -> El {
    let heads = headings(lang, price);
    let columns = heads.len();
    let head = El::new("thead").child(
        El::new("tr").children(
            heads
                .into_iter()
                .map(|h| El::new("th").attr("scope", "col").text(h)),
        ),
    );
    let mut body = El::new("tbody");
    let mut family = String::new();
    for row in rows {
        if row.family() != family {
            family = row.family();
            body = body.child(
                El::new("tr").attr("class", "family").child(
                    El::new("th")
                        .attr("scope", "colgroup")
                        .attr("colspan", columns.to_string())
                        .text(family.as_str()),
                ),
            );
        }
        body = body.child(variant_row(row, lang, today));
    }
    let caption = pick(
        lang,
        "What each accelerator costs now: the cheapest on-demand price per accelerator, how the prices spread, the cheapest spot and committed prices, who sells it, and how its on-demand prices moved over 90 days (the median of the offers with a recorded history). Free tiers are not counted, nor, unless you count them, prices older than 18 months.",
        "各加速卡当前价格：按量每卡最低价、价格分布、竞价与承诺期最低价、服务商，以及按量价格 90 天内的变化（有历史记录的报价的中位数）。免费额度不计入；除非选择计入，超过 18 个月的价格也不计入。",
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
