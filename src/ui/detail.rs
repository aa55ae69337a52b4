//! One offer in full: accelerator specs with their sources, every price in every region and
//! term (cheapest per term marked), the provider's facts, and its command line.

use leptos::prelude::*;

use super::chart::{Chart, ChartData};
use crate::engine::present::chart_data::regions::region_bars;
use leptos::task::spawn_local;

use super::browser;
use super::catalog_text;
use super::cells;
use super::context::{atlas, Atlas, HistoryState};
use super::dialog::Dialog;
use super::plan::PlanSection;
use crate::engine::catalog::format;
use crate::engine::catalog::{History, Spec, Term};
use crate::engine::explorer::Cell;
use crate::engine::explorer::Entry;
use crate::engine::present::history::detail::{last_changed, steps};
use crate::engine::present::i18n::{self, Lang, Msg};
use crate::engine::present::market::place::place_of;
use crate::engine::present::markup::web_address;
use crate::engine::present::provider_cli as cli;
use crate::engine::present::site_page::Page;
use crate::engine::pricing::price_quote;
use crate::engine::view::columns::Column;
use crate::engine::view::state::Mode;

#[component]
pub fn DetailDialog() -> impl IntoView {
    let a = atlas();
    let entry = Memo::new(move |_| {
        a.state
            .with(|s| s.detail.clone())
            .and_then(|id| a.entry(&id).map(|e| e.offer.id.clone()))
    });
    let close = move || a.update(|s| s.detail = None);
    let title = Signal::derive(move || {
        entry
            .get()
            .and_then(|id| a.entry(&id))
            .map(|e| e.label_in(a.lang.get()))
            .unwrap_or_default()
    });
    view! {
        <Show when=move || entry.with(Option::is_some)>
            <Dialog id="detail-dialog" title=title on_close=close>
                {move || {
                    entry
                        .get()
                        .and_then(|id| a.entry(&id))
                        .map(|e| detail(a, e, a.lang.get()))
                }}
            </Dialog>
        </Show>
    }
}

fn detail(a: Atlas, e: &'static Entry<'static>, lang: Lang) -> impl IntoView {
    let offer = e.offer;
    let accelerator_line = e
        .accelerator
        .map(|x| {
            let label = i18n::accelerator_label(lang, x);
            format!("{} × {label}", format::quantity(offer.count))
        })
        .unwrap_or_else(|| "CPU".into());
    view! {
        <div class="detail">
            <p class="subtitle">{accelerator_line}</p>
            // What it costs first: its place in the market, the prices and the plan, then
            // what it is.
            {market_place(a, e, lang)}
            {prices(a, e, lang)}
            {price_history(a, e, lang)}
            <PlanSection offer_id=offer.id.clone() />
            {specs(a, e, lang)}
            {site_pages(e, lang)}
            {facts(e, lang)}
            {command_line(e, lang)}
        </div>
    }
}

/// Where the offer's price stands among its variant's offers in this view's term, and the
/// way to the variant's heat table across providers and regions.
fn market_place(a: Atlas, e: &'static Entry<'static>, lang: Lang) -> impl IntoView {
    let accelerator = e.accelerator?;
    let id = e.offer.id.clone();
    let sentence = a.state.with_untracked(|state| {
        a.rates.with_untracked(|rates| {
            let row = a.row(&id, state, rates)?;
            place_of(a.explorer, &row, state, rates, &a.today).map(|p| p.sentence(lang))
        })
    })?;
    let variant = accelerator.id.clone();
    let open_heat = move |_| {
        let variant = variant.clone();
        a.update(move |s| {
            s.detail = None;
            s.mode = Mode::Market;
            s.heat = Some(variant);
        });
    };
    Some(view! {
        <section id="detail-market">
            <p class="market-place" data-testid="market-place">{sentence}</p>
            <button type="button" class="link-button" id="detail-heat" on:click=open_heat>
                {match lang {
                    Lang::En => format!("{} across providers and regions", accelerator.label()),
                    Lang::Zh => format!("{} 在各服务商与地区的价格", i18n::accelerator_label(lang, accelerator)),
                }}
            </button>
        </section>
    })
}

/// Links to the static site's pages of the offer's accelerator and provider (src/site/pages),
/// which sit beside the app: `gpu/<id>/`, `provider/<id>/`, under `zh/` in Chinese.
fn site_pages(e: &Entry<'static>, lang: Lang) -> impl IntoView {
    let accelerator = e.accelerator.map(|x| {
        let text = match lang {
            Lang::En => format!("All {} offers", x.label()),
            Lang::Zh => format!("{} 的全部报价", i18n::accelerator_label(lang, x)),
        };
        let href = Page::Accelerator(x.id.clone()).folder(lang);
        view! { <li><a href=href data-page="accelerator">{text}</a></li> }
    });
    let provider = e.provider;
    let text = match lang {
        Lang::En => format!("{}: prices and facts", provider.name),
        Lang::Zh => format!("{}：价格与服务商信息", i18n::provider_name(lang, provider)),
    };
    let href = Page::Provider(provider.id.clone()).folder(lang);
    view! {
        <ul class="site-pages">
            {accelerator}
            <li><a href=href data-page="provider">{text}</a></li>
        </ul>
    }
}

/// "Source", linked when the source has a web address (a custom offer's has none: then the
/// word with its title, never a link to nowhere).
fn source_link(title: String, url: String, lang: Lang) -> impl IntoView {
    match web_address(&url) {
        Some(href) => view! {
            <a href=href.to_string() target="_blank" rel="noopener noreferrer" title=title>
                {i18n::t(lang, Msg::Source)}
            </a>
        }
        .into_any(),
        None => view! { <span title=title>{i18n::t(lang, Msg::Source)}</span> }.into_any(),
    }
}

fn specs(a: Atlas, e: &Entry<'static>, lang: Lang) -> impl IntoView {
    let offer = e.offer;
    let catalog = a.explorer.catalog;
    let unknown = i18n::t(lang, Msg::Unknown);
    let accelerator = e.accelerator.map(|x| {
        let rows = Spec::ALL
            .into_iter()
            .map(|spec| {
                let value = spec.value(&x.specs);
                let source = x
                    .source_of(spec)
                    .and_then(|id| catalog.accelerator_sources.iter().find(|s| s.id == id));
                let link = value
                    .and(source)
                    .map(|s| source_link(s.title.clone(), s.url.clone(), lang));
                view! {
                    <tr data-spec=spec.key()>
                        <th scope="row">{spec_label(spec, lang)}</th>
                        <td class="numeric">
                            {match value {
                                Some(v) => format::quantity(v),
                                None => unknown.to_string(),
                            }}
                        </td>
                        <td>{link}</td>
                    </tr>
                }
            })
            .collect_view();
        view! {
            <section>
                <h3>{i18n::t(lang, Msg::Specs)} ": " {i18n::accelerator_label(lang, x)}</h3>
                <table class="detail-table">
                    <tbody>
                        <tr>
                            <th scope="row">{i18n::t(lang, Msg::Architecture)}</th>
                            <td>{x.architecture.clone().unwrap_or_else(|| unknown.to_string())}</td>
                            <td></td>
                        </tr>
                        {rows}
                    </tbody>
                </table>
                {x.note.as_deref().map(|n| catalog_text::note(lang, n, None))}
            </section>
        }
    });
    // The network is the catalog's phrase: in Chinese its translation, or the English folded.
    let network = offer
        .network
        .as_deref()
        .map(|n| catalog_text::text(lang, n, offer.network_zh.as_deref()));
    let plain = |text: Option<String>| text.map(IntoAny::into_any);
    let host = [
        (
            i18n::column(lang, Column::Vcpus),
            plain(offer.vcpus.map(format::quantity)),
        ),
        (
            i18n::column(lang, Column::Ram),
            plain(
                offer
                    .ram_gb
                    .map(|gb| format!("{} GB", format::quantity(gb))),
            ),
        ),
        (
            i18n::t(lang, Msg::Interconnect),
            plain(
                crate::engine::catalog::fabric::inside_link(offer, e.accelerator)
                    .map(|inside| i18n::inside_link(lang, inside)),
            ),
        ),
        (i18n::t(lang, Msg::Network), network),
        (
            i18n::t(lang, Msg::MultiNode),
            plain(
                offer
                    .multi_node
                    .map(|m| i18n::t(lang, if m { Msg::Yes } else { Msg::No }).to_string()),
            ),
        ),
    ]
    .into_iter()
    .map(|(label, value)| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                <td>{value.unwrap_or_else(|| unknown.into_any())}</td>
            </tr>
        }
    })
    .collect_view();
    view! {
        {accelerator}
        <section>
            <table class="detail-table">
                <tbody>{host}</tbody>
            </table>
            {offer.note.as_deref().map(|n| catalog_text::note(lang, n, offer.note_zh.as_deref()))}
        </section>
    }
}

fn spec_label(spec: Spec, lang: Lang) -> &'static str {
    let (en, zh) = match spec {
        Spec::MemoryGb => ("Memory (GB)", "显存（GB）"),
        Spec::MemoryBandwidthGbs => ("Memory bandwidth (GB/s)", "显存带宽（GB/s）"),
        Spec::Fp32Tflops => ("FP32 (TFLOPS)", "FP32（TFLOPS）"),
        Spec::Fp16Tflops => ("FP16 tensor, dense (TFLOPS)", "FP16 张量稠密（TFLOPS）"),
        Spec::Bf16Tflops => ("BF16 tensor, dense (TFLOPS)", "BF16 张量稠密（TFLOPS）"),
        Spec::Fp8Tflops => ("FP8, dense (TFLOPS)", "FP8 稠密（TFLOPS）"),
        Spec::Int8Tops => ("INT8, dense (TOPS)", "INT8 稠密（TOPS）"),
        Spec::TdpW => ("Power (W)", "功耗（W）"),
        Spec::InterconnectGbs => ("Accelerator link (GB/s)", "卡间互联（GB/s）"),
    };
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// Every price of the offer, by term, across regions; the cheapest of each term marked.
fn prices(a: Atlas, e: &'static Entry<'static>, lang: Lang) -> impl IntoView {
    let offer = e.offer;
    let provider = e.provider;
    let (view_settings, rates) = (a.state.with_untracked(|s| s.price), a.rates.get_untracked());
    let terms: Vec<Term> = {
        let mut t: Vec<Term> = offer.prices.iter().map(|p| p.term).collect();
        t.sort();
        t.dedup();
        t
    };
    let sections = terms
        .into_iter()
        .map(|term| {
            let mut quotes: Vec<_> = offer
                .prices
                .iter()
                .filter(|p| p.term == term)
                .map(|p| (p, price_quote(p, offer, &e.divisors, &view_settings, &rates)))
                .collect();
            quotes.sort_by(|x, y| {
                let key = |q: &crate::engine::pricing::Quote| q.value;
                match (key(&x.1), key(&y.1)) {
                    (Some(p), Some(q)) => p.total_cmp(&q),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                }
                .then_with(|| x.0.region.cmp(&y.0.region))
            });
            let cheapest = quotes.first().and_then(|(_, q)| q.value);
            let several = quotes.iter().filter(|(_, q)| q.value.is_some()).count() > 1;
            let rows = quotes
                .into_iter()
                .map(|(price, quote)| {
                    let region = provider
                        .region(&price.region)
                        .map(|r| match lang {
                            Lang::En => format!("{} ({})", r.name, i18n::area(lang, r.area)),
                            Lang::Zh => format!("{}（{}）", i18n::region_name(lang, r), i18n::area(lang, r.area)),
                        })
                        .unwrap_or_else(|| price.region.to_string());
                    let native = price.amount.map(|amount| {
                        format!(
                            "{} / {}",
                            format::money_range(amount, price.amount_high, price.currency),
                            i18n::price_unit_label(lang, price.unit)
                        )
                    });
                    let is_cheapest = several && quote.value.is_some() && quote.value == cheapest;
                    let shown = Cell::Money {
                        value: quote.value.unwrap_or_default(),
                        high: quote.value_high,
                        currency: quote.currency,
                        converted: quote.converted,
                        term,
                    };
                    let shown = match quote.value {
                        Some(_) => cells::render(shown, Column::Price, lang, &a.today),
                        None => cells::render(
                            Cell::Unknown(quote.missing),
                            Column::Price,
                            lang,
                            &a.today,
                        ),
                    };
                    let source = provider.source(&price.source);
                    // What a live source reported beside the price (capacity, interruption band).
                    let live = crate::engine::present::live::sentences(&price.live, provider, lang, &a.today)
                        .into_iter()
                        .map(|s| view! { <p class="live-fact" data-testid="live-fact">{s}</p> })
                        .collect_view();
                    // Your price beside the list price (the catalog's own column, and the mark's words).
                    let yours = crate::engine::present::discount::mark(&quote, quote.value, provider, lang).map(|(text, label)| view! {
                        " " <span class="badge yours" title=label.clone() aria-label=label>{text}</span>
                    });
                    view! {
                        <tr class:cheapest=is_cheapest data-region=price.region.clone()>
                            <td>
                                {region}
                                {is_cheapest.then(|| view! { <span class="best-mark">{i18n::t(lang, Msg::Cheapest)}</span> })}
                            </td>
                            <td class="numeric">{native.unwrap_or_else(|| i18n::t(lang, Msg::Unknown).to_string())}</td>
                            <td class="numeric">{shown}{yours}</td>
                            <td>{cells::date_view(&price.as_of, lang, &a.today)}</td>
                            <td>{i18n::confidence(lang, price.confidence)}</td>
                            <td>{source.map(|s| source_link(s.title.clone(), s.url.clone(), lang))}</td>
                            <td class="note">{price.note.as_deref().map(|n| catalog_text::text(lang, n, None))}{live}</td>
                        </tr>
                    }
                })
                .collect_view();
            let unit = i18n::price_unit(
                lang,
                view_settings.currency.code(),
                view_settings.basis,
                view_settings.duration,
            );
            view! {
                <h4>{i18n::term(lang, term)}</h4>
                <div class="table-scroll" tabindex="0">
                    <table class="detail-table prices" data-term=format!("{term:?}")>
                        <thead>
                            <tr>
                                <th scope="col">{i18n::t(lang, Msg::Region)}</th>
                                <th scope="col">{i18n::t(lang, Msg::Price)}</th>
                                <th scope="col">{unit}</th>
                                <th scope="col">{i18n::t(lang, Msg::Date)}</th>
                                <th scope="col">{i18n::t(lang, Msg::Confidence)}</th>
                                <th scope="col">{i18n::t(lang, Msg::Source)}</th>
                                <th scope="col">{i18n::t(lang, Msg::Note)}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }
        })
        .collect_view();
    // The view's term drawn across regions, cheapest marked; the tables below list every term.
    let regional = Memo::new(move |_| {
        let (term, price) = a.state.with(|s| (s.term, s.price));
        ChartData::Bars(
            a.rates
                .with(|r| region_bars(e, term, &price, r, a.lang.get())),
        )
    });
    let regions = e
        .offer
        .prices
        .iter()
        .filter(|p| p.term == a.state.with_untracked(|s| s.term))
        .count();
    let chart = (regions > 1).then(|| {
        let height = 90.0 + 26.0 * regions as f64;
        view! { <Chart id="region-bars" data=regional height=height /> }
    });
    view! {
        <section id="detail-prices">
            <h3>{i18n::t(lang, Msg::CrossRegion)}</h3>
            {chart}
            {sections}
        </section>
    }
}

/// How the offer's prices in the view's term moved: "last changed …" (or that nothing changed
/// since history began) and, when any price has recorded values, their step chart with its
/// table. The words and numbers are the engine's (`present::history::detail`).
fn price_history(a: Atlas, e: &'static Entry<'static>, lang: Lang) -> impl IntoView {
    // Written again once the history's recorded prices are in (`ui::late_history`). Until
    // then it says so: with none in yet, "last changed" would read as "never changed".
    // If they could not be read, how the price moved is unknown, not "never".
    move || {
        let pending = match a.history.get() {
            HistoryState::Ready => return history_section(a, e, lang, a.history()).into_any(),
            HistoryState::Waiting => {
                i18n::pick(lang, "Reading the price history…", "正在读取价格历史……")
            }
            HistoryState::Failed(_) => i18n::pick(
                lang,
                "Unknown: the price history could not be read.",
                "未知：无法读取价格历史。",
            ),
        };
        view! {
            <section id="detail-history">
                <h3>{i18n::t(lang, Msg::PriceHistory)}</h3>
                <p class="last-changed" data-testid="last-changed">{pending}</p>
            </section>
        }
        .into_any()
    }
}

fn history_section(
    a: Atlas,
    e: &'static Entry<'static>,
    lang: Lang,
    history: &'static History,
) -> impl IntoView {
    let sentence = a.state.with_untracked(|s| {
        a.rates
            .with_untracked(|r| last_changed(e, history, s.term, &s.price, r, lang))
    });
    let data = Memo::new(move |_| {
        let (term, price) = a.state.with(|s| (s.term, s.price));
        ChartData::Steps(
            a.rates
                .with(|r| steps(e, history, term, &price, r, a.lang.get(), &a.today)),
        )
    });
    let lines = data.with_untracked(|d| match d {
        ChartData::Steps(s) => s.series.len(),
        _ => 0,
    });
    let chart = (lines > 0).then(|| {
        // Room for the legend's rows as the lines grow, on a phone too.
        let height = 240.0 + 22.0 * (lines.min(12) as f64 / 3.0).ceil();
        view! { <Chart id="price-history" data=data height=height /> }
    });
    view! {
        <section id="detail-history">
            <h3>{i18n::t(lang, Msg::PriceHistory)}</h3>
            <p class="last-changed" data-testid="last-changed">
                {sentence.sentence}
                {sentence.source.map(|title| view! {
                    " " {i18n::pick(lang, "Source: ", "来源：")} <cite>{title}</cite>
                })}
            </p>
            {chart}
        </section>
    }
}

fn facts(e: &Entry<'static>, lang: Lang) -> impl IntoView {
    let p = e.provider;
    let f = &p.facts;
    let billing = p
        .billing_increment
        .map(|b| i18n::billing_increment(lang, b).to_string());
    // The labels are the pages' (i18n::provider_fact): one word per term, in the reader's
    // language only.
    let fact = |key| i18n::provider_fact(lang, key).unwrap_or(key);
    let listed = f
        .listed()
        .map(|(key, value)| (key, fact(key), value.map(str::to_string)));
    let items: Vec<(&'static str, &'static str, Option<String>)> =
        std::iter::once(("billing", i18n::t(lang, Msg::Billing), billing))
            .chain(listed)
            .collect();
    let rows = items
        .into_iter()
        .map(|(key, label, value)| {
            let source = value
                .as_ref()
                .and(f.source_of(key))
                .and_then(|id| p.source(id))
                .map(|s| source_link(s.title.clone(), s.url.clone(), lang));
            view! {
                <tr data-fact=key>
                    <th scope="row">{label}</th>
                    <td>{match value {
                        Some(v) => catalog_text::text(lang, &v, f.zh(key)),
                        None => i18n::t(lang, Msg::Unknown).into_any(),
                    }}</td>
                    <td>{source}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section>
            <h3>
                {i18n::t(lang, Msg::ProviderFacts)} ": "
                {match web_address(&p.homepage) {
                    Some(href) => view! { <a href=href.to_string() target="_blank" rel="noopener noreferrer">{i18n::provider_name(lang, p).to_string()}</a> }.into_any(),
                    None => view! { <span>{i18n::provider_name(lang, p).to_string()}</span> }.into_any(),
                }}
            </h3>
            <table class="detail-table">
                <tbody>{rows}</tbody>
            </table>
            {f.note.as_deref().map(|n| catalog_text::note(lang, n, f.zh("note")))}
        </section>
    }
}

fn command_line(e: &Entry<'static>, lang: Lang) -> impl IntoView {
    let region = e
        .offer
        .prices
        .first()
        .map(|p| &*p.region)
        .unwrap_or("global");
    let command = cli::command(&e.provider.id, &e.offer.instance, region);
    let body = match command {
        Some(c) => {
            let lines = [
                (Msg::CliDescribe, Some(c.describe)),
                (Msg::CliLaunch, c.launch),
            ]
            .into_iter()
            .filter_map(|(msg, text)| text.map(|t| (msg, t)))
            .map(|(msg, text)| copy_line(i18n::t(lang, msg), text, lang))
            .collect_view();
            view! {
                <p>
                    <a href=c.docs target="_blank" rel="noopener noreferrer">{c.tool}</a>
                </p>
                {lines}
            }
            .into_any()
        }
        None => view! { <p>{i18n::t(lang, Msg::NoCli)}</p> }.into_any(),
    };
    view! {
        <section id="detail-cli">
            <h3>{i18n::t(lang, Msg::CliCommand)}</h3>
            {body}
        </section>
    }
}

fn copy_line(label: &'static str, text: String, lang: Lang) -> impl IntoView {
    let copied = RwSignal::new(false);
    let to_copy = text.clone();
    view! {
        <div class="cli-line">
            <span class="cli-label">{label}</span>
            <pre><code>{text}</code></pre>
            <button
                type="button"
                class="copy"
                on:click=move |_| {
                    let text = to_copy.clone();
                    spawn_local(async move {
                        if browser::copy_text(text).await {
                            copied.set(true);
                        }
                    });
                }
            >
                {move || if copied.get() { i18n::t(lang, Msg::Copied) } else { i18n::t(lang, Msg::Copy) }}
            </button>
        </div>
    }
}
