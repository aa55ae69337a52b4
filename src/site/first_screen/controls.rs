//! The bar above the table — mode tabs, search, term, currency, units, the menus' buttons — and
//! the closed job calculator, as the app's `Controls` and `Calculator` (src/ui/controls.rs,
//! calculator.rs) write them for the default view. The count line and the table are the
//! engine's (`present::offer_screen`), which the app also writes into this page.

use engine::catalog::{Currency, Term};
use engine::present::i18n::{self, pick, Lang, Msg};
use engine::present::markup::El;
use engine::pricing::{Duration, PriceBasis, Rates};
use engine::share::Token;
use engine::view::state::ViewState;
use engine::workload::Preset;

/// A select over a closed set, the view's choice selected.
fn choice<T: Token + PartialEq>(id: &str, current: T, label: impl Fn(T) -> String) -> El {
    El::new("select")
        .attr("id", id)
        .children(T::ALL.iter().map(|&o| {
            El::new("option")
                .attr("value", o.token())
                .maybe("selected", (o == current).then_some(""))
                .text(label(o))
        }))
}

fn labelled(text: &str, control: El) -> El {
    El::new("label")
        .child(El::new("span").text(text))
        .child(control)
}

pub fn mode_tabs(lang: Lang) -> El {
    let tab = |id: &str, selected: bool, en: &'static str, zh: &'static str| {
        El::new("button")
            .attr("type", "button")
            .attr("role", "tab")
            .attr("id", id)
            .attr("aria-selected", selected.to_string())
            .text(pick(lang, en, zh))
    };
    El::new("div")
        .attr("class", "mode-tabs")
        .attr("role", "tablist")
        .child(tab("mode-table", true, "Table", "表格"))
        .child(tab("mode-rank", false, "Rank for my job", "按用途排名"))
        .child(tab("mode-charts", false, "Charts", "图表"))
        .child(tab("mode-market", false, "Market", "市场"))
}

pub fn controls(state: &ViewState, rates: &Rates, lang: Lang) -> El {
    let t = |msg| i18n::t(lang, msg);
    let per = t(Msg::Per);
    let currencies = [Currency::Usd, Currency::Cny, Currency::Eur]
        .into_iter()
        .filter(|c| rates.convert(1.0, Currency::Usd, *c).is_some())
        .map(|c| {
            El::new("option")
                .attr("value", c.code())
                .maybe("selected", (c == state.price.currency).then_some(""))
                .text(c.code())
        });
    let reference = rates
        .reference()
        .rate(Currency::Usd, Currency::Cny)
        .map(|(rate, _)| format!("{rate:.4}"))
        .unwrap_or_default();
    let menu = |id: &str, label: &str| {
        El::new("details")
            .attr("class", "menu")
            .attr("id", id)
            .child(El::new("summary").text(label))
    };
    El::new("section")
        .attr("class", "controls")
        .attr("aria-label", "View")
        .child(
            El::new("label")
                .attr("class", "search")
                .child(El::new("span").text(t(Msg::Search)))
                .child(
                    El::new("input")
                        .attr("id", "search")
                        .attr("type", "search")
                        .attr("autocomplete", "off")
                        .attr("placeholder", t(Msg::SearchPlaceholder)),
                ),
        )
        .child(labelled(
            t(Msg::Term),
            choice::<Term>("term", state.term, |term| {
                i18n::term(lang, term).to_string()
            }),
        ))
        .child(labelled(
            t(Msg::Currency),
            El::new("select")
                .attr("id", "currency")
                .children(currencies),
        ))
        .child(
            El::new("label")
                .attr("class", "custom-rate")
                .child(El::new("span").text(t(Msg::CustomRate)))
                .child(
                    El::new("input")
                        .attr("id", "custom-rate")
                        .attr("type", "text")
                        .attr("inputmode", "decimal")
                        .attr("placeholder", reference)
                        .attr("title", t(Msg::CustomRateHelp))
                        .attr("aria-invalid", "false"),
                ),
        )
        .child(labelled(
            t(Msg::Unit),
            El::new("span")
                .attr("class", "unit-pair")
                .child(choice::<PriceBasis>("basis", state.price.basis, |b| {
                    format!("{per} {}", i18n::basis(lang, b))
                }))
                .child(choice::<Duration>("duration", state.price.duration, |d| {
                    format!("{per} {}", i18n::duration(lang, d))
                })),
        ))
        .child(
            El::new("div")
                .attr("class", "control-buttons")
                .child(menu("columns-menu", t(Msg::Columns)))
                .child(menu("export-menu", t(Msg::Export)))
                .child(menu("share-menu", pick(lang, "Share", "分享")))
                .child(menu("saved-menu", pick(lang, "Saved views", "已存视图")))
                .child(menu("custom-menu", pick(lang, "My offers", "自定义报价")))
                .child(menu(
                    "discounts-menu",
                    pick(lang, "My discounts", "我的折扣"),
                )),
        )
}

/// The calculator with no job: its heading, the kind of job and the presets.
pub fn calculator(lang: Lang) -> El {
    let kinds = [
        ("", pick(lang, "No job", "不计算作业")),
        ("train", pick(lang, "Pre-train a model", "预训练模型")),
        ("tune", pick(lang, "Fine-tune a model", "微调模型")),
        ("serve", pick(lang, "Serve a model", "部署推理")),
    ];
    let presets = Preset::ALL.into_iter().map(|preset| {
        El::new("button")
            .attr("type", "button")
            .attr("class", "preset")
            .attr("data-preset", preset.key())
            .attr("aria-pressed", "false")
            .text(preset.label(lang == Lang::Zh))
    });
    El::new("section")
        .attr("class", "calculator")
        .attr("id", "calculator")
        .attr("aria-labelledby", "calculator-title")
        .child(
            El::new("div")
                .attr("class", "calculator-head")
                .child(El::new("h2").attr("id", "calculator-title").text(pick(
                    lang,
                    "Cost for my job",
                    "按作业估算成本",
                )))
                .child(
                    El::new("label")
                        .attr("class", "field inline")
                        .child(El::new("span").attr("class", "visually-hidden").text(pick(
                            lang,
                            "Kind of job",
                            "作业类型",
                        )))
                        .child(El::new("select").attr("id", "job-kind").children(
                            kinds.into_iter().map(|(value, label)| {
                                El::new("option").attr("value", value).text(label)
                            }),
                        )),
                )
                .child(
                    El::new("div")
                        .attr("class", "presets")
                        .attr("role", "group")
                        .attr("aria-label", pick(lang, "Presets", "预设"))
                        .children(presets),
                ),
        )
}
