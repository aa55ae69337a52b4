//! A page per open-weight model: what it is (its maker's facts, with the model card), what
//! every hosted API charges for it (sorted by a stated blend, each price dated and sourced,
//! an unstated price said to be unstated), the memory its weights need at BF16, FP8 and INT4
//! and the rented GPUs it fits on, and a link into the calculator to cost serving it.

use engine::catalog::api_prices::{ApiModel, ModelArchitecture};
use engine::catalog::format;
use engine::catalog::freshness::Freshness;
use engine::present::i18n::{self, Lang};
use engine::present::markup::El;
use engine::pricing::{Duration, PriceBasis};
use engine::share::job::{set_number, set_word, Kind};
use engine::view::columns::Column;
use engine::view::state::ViewState;
use engine::workload::Quant;

use super::address::{ModelPage, Page, Place};
use super::api_models::{ModelFacts, Need, Quote, PRECISIONS};
use super::layout::{self, heading, Crumb, Head};
use super::model_words::{self as words, mw, MWord};
use super::offers::Field;
use super::words::{w, Word};
use super::zh_text;
use crate::Site;

/// The page in `lang`.
pub fn page(site: &Site, facts: &ModelFacts<'_, '_>, lang: Lang) -> String {
    let m = facts.model;
    let page = ModelPage::Model(m.id.clone());
    let params = words::billions(lang, m.params_b.unwrap_or(0.0));
    let providers = facts.quotes.len();
    let cheapest = facts.cheapest().map(|q| {
        (
            money(q.blended, q),
            provider_name(q),
            format::date(&q.price.as_of),
        )
    });
    let head = Head {
        title: format!(
            "{} | {}",
            words::model_title(
                lang,
                &m.name,
                cheapest.as_ref().map(|(p, n, _)| (p.as_str(), n.as_str())),
                providers
            ),
            w(lang, Word::SiteName)
        ),
        description: words::model_description(lang, &m.name, &params, providers),
    };
    let crumbs = vec![
        Crumb {
            text: mw(lang, MWord::Models).into(),
            href: Some(page.link_to(lang, &ModelPage::Models, lang)),
        },
        Crumb {
            text: m.name.clone(),
            href: None,
        },
    ];
    let mut lead = El::new("p").attr("class", "lead");
    match (facts.cheapest(), &cheapest) {
        (Some(q), Some((price, name, _))) => {
            let (before, after) = words::lead(lang, providers);
            lead = lead
                .text(before)
                .child(
                    El::new("strong")
                        .attr("class", "headline-price")
                        .text(price.as_str()),
                )
                .text(after)
                .text(name.as_str())
                .text(words::as_of(lang))
                .child(date(site, q))
                .text(w(lang, Word::SourceOpen))
                .child(source(site, q, lang))
                .text(w(lang, Word::SourceClose));
        }
        _ => lead = lead.text(mw(lang, MWord::NoApiPrice)),
    }
    let main = vec![
        El::new("h1").text(m.name.as_str()),
        lead,
        layout::open_in_app(
            calculator_link(&page, lang, m),
            mw(lang, MWord::OpenCalculator),
        ),
        El::new("p")
            .attr("class", "calculator-note")
            .text(words::calculator_note(
                lang,
                &params,
                m.architecture == Some(ModelArchitecture::Moe),
            )),
        about(site, m, lang),
        prices(site, facts, lang),
        memory(site, facts, &page, lang),
    ];
    layout::document(site, &page, lang, head, crumbs, main)
}

/// The calculator on a serving job of this model's size: the share link's `job=serve` with
/// `j.p` (a mixture of experts is given its total, which its memory follows), and the model
/// by name where the link knows a key for it (`j.model`): a build whose links have no such
/// key refuses the word and keeps the size alone. A size the calculator refuses leaves the
/// preset's.
pub fn calculator_link(page: &dyn Place, lang: Lang, model: &ApiModel) -> String {
    let mut job = Kind::Serve.preset();
    if let Some(params_b) = model.params_b {
        let _ = set_number(&mut job, "j.p", params_b);
    }
    let _ = set_word(&mut job, "j.model", &model.id);
    let mut state = ViewState::default();
    state.set_job(Some(job));
    layout::app_link(page, lang, state)
}

fn about(site: &Site, m: &ApiModel, lang: Lang) -> El {
    let row = |label: &str, value: El| {
        El::new("tr")
            .child(El::new("th").attr("scope", "row").text(label))
            .child(value)
    };
    let text = |t: String| El::new("td").text(t);
    let unknown = || El::new("td").child(layout::unknown(lang));
    let mut rows = vec![
        row(mw(lang, MWord::Maker), text(m.maker.clone())),
        row(mw(lang, MWord::Family), text(m.family.clone())),
        row(
            mw(lang, MWord::Architecture),
            m.architecture
                .map_or_else(unknown, |a| text(words::architecture(lang, a).into())),
        ),
        row(
            mw(lang, MWord::Parameters),
            m.params_b
                .map_or_else(unknown, |p| text(words::billions(lang, p)))
                .attr("data-fact", "params"),
        ),
    ];
    if let Some(active) = m.active_params_b {
        rows.push(row(
            mw(lang, MWord::ActiveParameters),
            text(words::billions(lang, active)).attr("data-fact", "active-params"),
        ));
    }
    rows.push(row(
        mw(lang, MWord::Context),
        m.context_tokens.map_or_else(unknown, |c| text(tokens(c))),
    ));
    rows.push(row(
        mw(lang, MWord::Released),
        m.released.map_or_else(unknown, |d| text(format::date(&d))),
    ));
    let card = site.api.model_source(&m.source);
    rows.push(row(
        mw(lang, MWord::ModelCard),
        card.map_or_else(unknown, |s| {
            El::new("td").child(layout::source(&s.url, &s.title))
        }),
    ));
    layout::section("facts", "h2", mw(lang, MWord::Facts))
        .child(layout::table(
            "detail-table specs",
            None,
            vec![
                heading(mw(lang, MWord::Model), false),
                heading(w(lang, Word::Value), false),
            ],
            rows,
        ))
        .children(m.note.as_deref().map(|n| zh_text::note(lang, n, None)))
}

fn prices(site: &Site, facts: &ModelFacts<'_, '_>, lang: Lang) -> El {
    let section = layout::section("api-prices", "h2", mw(lang, MWord::ApiPrices)).child(
        El::new("p")
            .attr("class", "how")
            .text(words::prices_note(lang)),
    );
    if facts.quotes.is_empty() {
        return section.child(El::new("p").text(mw(lang, MWord::NoApiPrice)));
    }
    let batch = facts
        .quotes
        .iter()
        .any(|q| q.price.batch_input.is_some() || q.price.batch_output.is_some());
    let stated = |value: Option<f64>, q: &Quote<'_>, class: &'static str| {
        let td = El::new("td").attr("class", format!("{class} numeric"));
        match value {
            Some(v) => td.text(format::money(v, q.price.currency)),
            None => td.child(not_stated(lang)),
        }
    };
    let rows = facts
        .quotes
        .iter()
        .map(|q| {
            let p = q.price;
            let provider = El::new("th").attr("scope", "row").attr("class", "provider");
            let provider = match q.provider {
                Some(api) => provider.child(layout::external(&api.homepage, api.name.as_str())),
                None => provider.text(p.provider.as_str()),
            };
            let blended = El::new("td").attr("class", "blended numeric");
            let blended = match q.blended {
                Some(v) => blended.text(format::money(v, p.currency)),
                None => blended
                    .child(layout::unknown(lang).attr("title", mw(lang, MWord::UnknownBlend))),
            };
            let quantization = El::new("td").attr("class", "quantization");
            let quantization = match p.quantization {
                Some(q) => quantization.text(words::quantization(q)),
                None => quantization.child(not_stated(lang)),
            };
            let mut tr = El::new("tr")
                .attr("data-provider", p.provider.as_str())
                .child(provider)
                .child(blended)
                .child(stated(p.input, q, "input"))
                .child(stated(p.output, q, "output"))
                .child(stated(p.cached_input, q, "cached"));
            if batch {
                let td = El::new("td").attr("class", "batch numeric");
                tr = tr.child(match (p.batch_input, p.batch_output) {
                    (None, None) => td.child(not_stated(lang)),
                    (i, o) => td.text(format!(
                        "{} / {}",
                        i.map_or("–".into(), |v| format::money(v, p.currency)),
                        o.map_or("–".into(), |v| format::money(v, p.currency))
                    )),
                });
            }
            tr.child(quantization)
                .child(El::new("td").attr("class", "as-of").child(date(site, q)))
                .child(
                    El::new("td")
                        .attr("class", "source")
                        .child(source(site, q, lang)),
                )
        })
        .collect();
    let mut columns = vec![
        heading(mw(lang, MWord::Provider), false).class("provider"),
        heading(
            words::with_unit(lang, mw(lang, MWord::Blended), words::price_unit(lang)),
            true,
        )
        .class("blended"),
        heading(mw(lang, MWord::Input), true).class("input"),
        heading(mw(lang, MWord::Output), true).class("output"),
        heading(mw(lang, MWord::CachedInput), true).class("cached"),
    ];
    if batch {
        columns.push(heading(mw(lang, MWord::Batch), true).class("batch"));
    }
    columns.extend([
        heading(mw(lang, MWord::Quantization), false).class("quantization"),
        heading(i18n::column(lang, Column::AsOf), false).class("as-of"),
        heading(w(lang, Word::Source), false).class("source"),
    ]);
    section.child(layout::table(
        "detail-table api-prices cards",
        None,
        columns,
        rows,
    ))
}

fn memory(site: &Site, facts: &ModelFacts<'_, '_>, page: &ModelPage, lang: Lang) -> El {
    let mut section = layout::section("memory", "h2", mw(lang, MWord::Memory)).child(
        El::new("p")
            .attr("class", "how")
            .text(words::memory_note(lang)),
    );
    let needs = facts
        .needs
        .iter()
        .enumerate()
        .map(|(i, need)| need_row(site, facts, i, need, page, lang))
        .collect();
    section = section.child(layout::table(
        "detail-table needs cards",
        None,
        vec![
            heading(mw(lang, MWord::Precision), false),
            heading(mw(lang, MWord::Weights), true).class("weights"),
            heading(mw(lang, MWord::Needed), true).class("needed"),
            heading(mw(lang, MWord::GpusItFits), true).class("gpu-count"),
            heading(mw(lang, MWord::CheapestGpu), false).class("cheapest-gpu"),
            heading(
                i18n::price_unit(lang, "USD", PriceBasis::Accelerator, Duration::Hour),
                true,
            )
            .class(Field::PerAccelerator.class()),
        ],
        needs,
    ));
    if facts.gpus.is_empty() {
        return section.child(
            El::new("p")
                .attr("class", "no-single-gpu")
                .text(mw(lang, MWord::NoSingleGpu)),
        );
    }
    let rows = facts
        .gpus
        .iter()
        .map(|fit| {
            let a = fit.gpu.accelerator;
            let name = El::new("th").attr("scope", "row").child(layout::short_link(
                page.link_to(lang, &Page::Accelerator(a.id.clone()), lang),
                &i18n::accelerator_label(lang, a),
                &a.short_label(),
            ));
            let memory = El::new("td").attr("class", "memory numeric").text(format!(
                "{} GB",
                format::quantity(a.specs.memory_gb.unwrap_or(0.0))
            ));
            let marks = PRECISIONS.iter().enumerate().map(|(i, quant)| {
                El::new("td")
                    .attr("class", format!("{} fit", fit_class(*quant)))
                    .attr("data-fits", fit.fits[i].to_string())
                    .text(if fit.fits[i] {
                        mw(lang, MWord::Fits)
                    } else {
                        mw(lang, MWord::DoesNotFit)
                    })
            });
            let (price, date) = gpu_price(site, fit.gpu, page, lang);
            El::new("tr")
                .attr("data-accelerator", a.id.as_str())
                .child(name)
                .child(memory)
                .children(marks)
                .child(price)
                .child(date)
        })
        .collect();
    let mut columns = vec![
        heading(mw(lang, MWord::Gpu), false),
        heading(mw(lang, MWord::GpuMemory), true).class("memory"),
    ];
    columns.extend(
        PRECISIONS
            .iter()
            .map(|q| heading(q.label(), false).class(fit_class(*q))),
    );
    columns.push(
        heading(
            words::with_unit(
                lang,
                w(lang, Word::CheapestOnDemand),
                &i18n::price_unit(lang, "USD", PriceBasis::Accelerator, Duration::Hour),
            ),
            true,
        )
        .class(Field::PerAccelerator.class()),
    );
    columns.push(heading(i18n::column(lang, Column::AsOf), false).class(Field::Date.class()));
    section.child(
        El::new("section")
            .attr("id", "fits-on")
            .attr("aria-labelledby", "fits-on-heading")
            .child(
                El::new("h3")
                    .attr("id", "fits-on-heading")
                    .text(mw(lang, MWord::FitsOn)),
            )
            .child(layout::table(
                "detail-table gpu-fits cards",
                None,
                columns,
                rows,
            )),
    )
}

fn need_row(
    site: &Site,
    facts: &ModelFacts<'_, '_>,
    i: usize,
    need: &Need,
    page: &ModelPage,
    lang: Lang,
) -> El {
    let gb = words::gigabytes;
    let fitting: Vec<_> = facts.fitting(i).collect();
    let cheapest = fitting.first();
    let (gpu, price) = match cheapest {
        Some(fit) => {
            let a = fit.gpu.accelerator;
            (
                El::new("td")
                    .attr("class", "cheapest-gpu")
                    .child(layout::short_link(
                        page.link_to(lang, &Page::Accelerator(a.id.clone()), lang),
                        &i18n::accelerator_label(lang, a),
                        &a.short_label(),
                    )),
                gpu_price(site, fit.gpu, page, lang).0,
            )
        }
        None => (
            El::new("td")
                .attr("class", "cheapest-gpu")
                .text(mw(lang, MWord::DoesNotFit)),
            El::new("td")
                .attr("class", Field::PerAccelerator.class())
                .child(layout::unknown(lang)),
        ),
    };
    El::new("tr")
        .attr("data-precision", need.quant.label().to_lowercase())
        .child(El::new("th").attr("scope", "row").text(need.quant.label()))
        .child(
            El::new("td")
                .attr("class", "weights numeric")
                .text(gb(need.weights_gb)),
        )
        .child(
            El::new("td")
                .attr("class", "needed numeric")
                .text(gb(need.needed_gb)),
        )
        .child(
            El::new("td")
                .attr("class", "gpu-count numeric")
                .text(fitting.len().to_string()),
        )
        .child(gpu)
        .child(price)
}

/// A GPU's cheapest on-demand price per GPU-hour and its date, as its own page shows them.
fn gpu_price(
    site: &Site,
    gpu: &super::accelerator::Facts<'_>,
    page: &ModelPage,
    lang: Lang,
) -> (El, El) {
    match gpu.cheapest() {
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
    }
}

/// The class of a precision's fit column (a phone's card places it by this).
fn fit_class(quant: Quant) -> &'static str {
    match quant {
        Quant::Fp8 | Quant::Int8 => "fit-fp8",
        Quant::Int4 => "fit-int4",
        Quant::Bf16 | Quant::Fp16 => "fit-bf16",
    }
}

/// A price's date, coloured by its age as the app colours dates.
fn date(site: &Site, q: &Quote<'_>) -> El {
    let age = Freshness::of(&q.price.as_of, &site.today);
    El::new("span")
        .attr("class", format!("date {}", age.class()))
        .text(format::date(&q.price.as_of))
}

/// A price's source, linked and named by its site, its title on hover.
fn source(site: &Site, q: &Quote<'_>, lang: Lang) -> El {
    match site.api.price_source(&q.price.source) {
        Some(s) => layout::source(&s.url, &s.title),
        None => layout::unknown(lang),
    }
}

fn not_stated(lang: Lang) -> El {
    El::new("span")
        .attr("class", "unknown")
        .text(mw(lang, MWord::NotStated))
}

fn money(value: Option<f64>, q: &Quote<'_>) -> String {
    value.map_or_else(String::new, |v| format::money(v, q.price.currency))
}

fn provider_name(q: &Quote<'_>) -> String {
    q.provider
        .map_or_else(|| q.price.provider.clone(), |p| p.name.clone())
}

/// "131,072 tokens" is written as the number alone: the row says it is a context length.
fn tokens(count: u64) -> String {
    format::quantity(count as f64)
}
