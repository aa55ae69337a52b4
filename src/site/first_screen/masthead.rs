//! The masthead and the footer as the app's `Header` and `Footer` (src/ui/header.rs) write
//! them on the first screen: the same elements, classes and words.

use engine::catalog::format;
use engine::catalog::{Catalog, Currency};
use engine::present::i18n::{self, pick, Lang, Msg};
use engine::present::markup::El;
use engine::pricing::Rates;
use engine::share::Token;
use engine::view::state::Theme;

pub fn header(catalog: &Catalog, rates: &Rates, lang: Lang) -> El {
    let t = |msg| i18n::t(lang, msg);
    let built = catalog
        .built_on
        .map_or_else(|| "unknown".to_string(), |d| d.to_string());
    let priced = catalog
        .offers
        .iter()
        .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
        .count();
    let language = El::new("select")
        .attr("id", "language")
        .children(Lang::ALL.into_iter().map(|l| {
            El::new("option")
                .attr("value", l.code())
                .maybe("selected", (l == lang).then_some(""))
                .text(l.name())
        }));
    let theme = El::new("select")
        .attr("id", "theme")
        .children(<Theme as Token>::ALL.iter().map(|&th| {
            El::new("option")
                .attr("value", th.token())
                .text(i18n::theme(lang, th))
        }));
    let setting = |label: Msg, select: El| {
        El::new("label")
            .child(
                El::new("span")
                    .attr("class", "visually-hidden")
                    .text(t(label)),
            )
            .child(select)
    };
    let mut stats = El::new("p")
        .attr("class", "stats")
        .attr("id", "catalog-stats")
        .child(
            El::new("span")
                .attr("data-testid", "offer-count")
                .text(catalog.offers.len().to_string()),
        )
        .text(format!(" {} ", t(Msg::OffersFrom)))
        .child(
            El::new("span")
                .attr("data-testid", "provider-count")
                .text(catalog.providers.len().to_string()),
        )
        .text(format!(
            " {} ({priced} {}) · {} ",
            t(Msg::Providers).to_lowercase(),
            t(Msg::WithKnownPrice),
            t(Msg::CatalogBuilt)
        ))
        .child(
            El::new("time")
                .attr("datetime", built.as_str())
                .text(built.as_str()),
        )
        .text(" · ");
    if let Some(r) = rates.reference().reference(Currency::Usd, Currency::Cny) {
        stats = stats.child(
            El::new("span")
                .attr("class", "fx")
                .text(format!(
                    "{}: 1 USD = {:.4} CNY, {} (",
                    t(Msg::ReferenceRate),
                    r.rate,
                    format::date(&r.date)
                ))
                .child(
                    El::new("a")
                        .attr("href", r.source_url.as_str())
                        .attr("target", "_blank")
                        .attr("rel", "noopener noreferrer")
                        .attr("title", r.source_title.as_str())
                        .text(t(Msg::Source)),
                )
                .text(")"),
        );
    }
    El::new("header")
        .attr("class", "masthead")
        .child(
            El::new("button")
                .attr("type", "button")
                .attr("class", "skip-link")
                .attr("id", "skip-to-offers")
                .text(pick(lang, "Skip to the offers", "跳到报价列表")),
        )
        .child(
            El::new("div")
                .attr("class", "title-row")
                .child(El::new("h1").text("GPU Atlas"))
                .child(
                    El::new("div")
                        .attr("class", "settings")
                        .child(setting(Msg::Language, language))
                        .child(setting(Msg::Theme, theme)),
                ),
        )
        .child(El::new("p").attr("class", "tagline").text(t(Msg::Tagline)))
        .child(stats)
}

pub fn footer(lang: Lang) -> El {
    El::new("footer")
        .attr("class", "colophon")
        .child(El::new("p").text(i18n::t(lang, Msg::Footer)))
}
