//! A price's place in its market: where one offer's price per accelerator stands among the
//! same variant's offers in the same term that the view's filters keep (the search text
//! aside: a search narrows what is listed, not the market), and against their median.

use catalog::format::money;
use catalog::{pick, Currency, Lang, Term};

use super::{priced_in, Spread, Standing};
use crate::explorer::{Explorer, Row};
use crate::pricing::Rates;
use crate::view::state::ViewState;
use catalog::AsOf;

/// Where an offer's price stands in its market.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The variant's name ("NVIDIA H100 SXM5 80GB") and the term compared in.
    pub variant: String,
    pub term: Term,
    /// The offer's price per accelerator; `None` when unknown.
    pub price: Option<f64>,
    pub currency: Currency,
    /// Against the other offers' known prices.
    pub standing: Standing,
    /// Over every known price of the variant, this offer's included.
    pub spread: Option<Spread>,
}

impl Place {
    /// The offer's price over the median, as a signed share ("−12 %" is 12 % below).
    pub fn versus_median(&self) -> Option<f64> {
        let median = self.spread?.median;
        let price = self.price?;
        (median > 0.0).then(|| price / median - 1.0)
    }

    /// The place in words, saying plainly when it is the only offer, tied, or unknown.
    pub fn sentence(&self, lang: Lang) -> String {
        let term = term_words(lang, self.term);
        let variant = &self.variant;
        let Some(price) = self.price else {
            return pick(
                lang,
                "Its price is unknown, so it has no place among the other offers.",
                "价格未知，无法与其他报价比较。",
            )
            .to_string();
        };
        let s = self.standing;
        let others = s.others();
        let all = others + 1;
        let head = match (lang, others, s.cheaper, s.equal) {
            (Lang::En, 0, _, _) => {
                format!("The only {variant} {term} offer your filters keep.")
            }
            (Lang::Zh, 0, _, _) => format!("这是筛选条件下唯一的 {variant} {term}报价。"),
            (Lang::En, _, 0, 0) => format!("The cheapest of {all} {variant} {term} offers."),
            (Lang::Zh, _, 0, 0) => format!("{all} 个 {variant} {term}报价中最便宜。"),
            (Lang::En, _, 0, tied) => {
                format!("Tied for the cheapest with {tied} of {all} {variant} {term} offers.")
            }
            (Lang::Zh, _, 0, tied) => {
                format!("与另外 {tied} 个报价并列 {all} 个 {variant} {term}报价中最便宜。")
            }
            (Lang::En, _, _, _) if s.dearer == 0 && s.equal == 0 => {
                format!("The dearest of {all} {variant} {term} offers.")
            }
            (Lang::Zh, _, _, _) if s.dearer == 0 && s.equal == 0 => {
                format!("{all} 个 {variant} {term}报价中最贵。")
            }
            (Lang::En, _, _, _) => format!(
                "Cheaper than {}% of the {others} other {variant} {term} offers.",
                s.cheaper_than_percent().unwrap_or(0)
            ),
            (Lang::Zh, _, _, _) => format!(
                "比其余 {others} 个 {variant} {term}报价中的 {}% 便宜。",
                s.cheaper_than_percent().unwrap_or(0)
            ),
        };
        let Some(versus) = self.versus_median().filter(|_| others > 0) else {
            return head;
        };
        let median = money(self.spread.map_or(price, |s| s.median), self.currency);
        let percent = (versus.abs() * 100.0).round();
        let tail = match (lang, versus) {
            (Lang::En, v) if percent == 0.0 && v.is_finite() => {
                format!(" At the median ({median}).")
            }
            (Lang::Zh, v) if percent == 0.0 && v.is_finite() => {
                format!("与中位数（{median}）持平。")
            }
            (Lang::En, v) if v < 0.0 => format!(" {percent}% below the median ({median})."),
            (Lang::Zh, v) if v < 0.0 => format!("比中位数（{median}）低 {percent}%。"),
            (Lang::En, _) => format!(" {percent}% above the median ({median})."),
            (Lang::Zh, _) => format!("比中位数（{median}）高 {percent}%。"),
        };
        head + &tail
    }
}

/// The place of `row`'s price among its variant's offers in the view's term; `None` for an
/// offer without an accelerator.
pub fn place_of(
    explorer: &Explorer<'_>,
    row: &Row<'_>,
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) -> Option<Place> {
    let accelerator = row.entry.accelerator?;
    let quote = row.quote.as_ref();
    let term = quote.map_or(state.term, |q| q.term);
    // Measured in the filters' market, the search text aside (see `Priced::market`).
    let unsearched = ViewState {
        filters: state.filters.without_search(),
        ..state.clone()
    };
    let group = priced_in(explorer, &unsearched, term, rates, today);
    let market = group.priced.get(accelerator.id.as_str());
    let priced = |r: &Row<'_>| r.quote.as_ref().is_some_and(|q| q.term == term);
    let others = market
        .into_iter()
        .flatten()
        .filter(|(r, _)| priced(r) && r.entry.offer.id != row.entry.offer.id)
        .filter_map(|(_, p)| *p);
    let price = quote
        .filter(|q| q.term == term)
        .and_then(|q| q.per_accelerator);
    let standing = price.map_or(Standing::of(0.0, []), |p| Standing::of(p, others.clone()));
    Some(Place {
        variant: accelerator.label(),
        term,
        price,
        currency: quote.map_or(state.price.currency, |q| q.currency),
        standing,
        spread: Spread::of(others.chain(price)),
    })
}

/// A term as an adjective inside a sentence ("on-demand offers", "竞价报价").
fn term_words(lang: Lang, term: Term) -> &'static str {
    let (en, zh) = match term {
        Term::OnDemand => ("on-demand", "按量"),
        Term::Spot => ("spot", "竞价"),
        Term::Reserved1y => ("1-year reserved", "预留 1 年"),
        Term::Reserved3y => ("3-year reserved", "预留 3 年"),
        Term::Monthly => ("monthly", "包月"),
        Term::Free => ("free-tier", "免费额度"),
        Term::Serverless => ("serverless", "Serverless "),
    };
    pick(lang, en, zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(price: Option<f64>, others: &[f64]) -> Place {
        Place {
            variant: "NVIDIA H100 SXM5 80GB".into(),
            term: Term::OnDemand,
            price,
            currency: Currency::Usd,
            standing: price.map_or(Standing::of(0.0, []), |p| {
                Standing::of(p, others.iter().copied())
            }),
            spread: Spread::of(others.iter().copied().chain(price)),
        }
    }

    #[test]
    fn the_edges_are_said_plainly() {
        assert_eq!(
            place(Some(2.0), &[]).sentence(Lang::En),
            "The only NVIDIA H100 SXM5 80GB on-demand offer your filters keep."
        );
        assert_eq!(
            place(Some(1.0), &[2.0, 3.0]).sentence(Lang::En),
            "The cheapest of 3 NVIDIA H100 SXM5 80GB on-demand offers. 50% below the median ($2.00)."
        );
        assert_eq!(
            place(Some(1.0), &[1.0, 3.0]).sentence(Lang::En),
            "Tied for the cheapest with 1 of 3 NVIDIA H100 SXM5 80GB on-demand offers. At the median ($1.00)."
        );
        assert_eq!(
            place(Some(4.0), &[2.0, 3.0]).sentence(Lang::En),
            "The dearest of 3 NVIDIA H100 SXM5 80GB on-demand offers. 33% above the median ($3.00)."
        );
        assert_eq!(
            place(None, &[2.0, 3.0]).sentence(Lang::En),
            "Its price is unknown, so it has no place among the other offers."
        );
    }

    #[test]
    fn in_the_middle_it_says_the_share_and_the_median() {
        // Below 4 of the 5 others: 80 %.
        let p = place(Some(2.0), &[1.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(p.standing.cheaper_than_percent(), Some(80));
        assert_eq!(
            p.sentence(Lang::En),
            "Cheaper than 80% of the 5 other NVIDIA H100 SXM5 80GB on-demand offers. 43% below the median ($3.50)."
        );
        assert_eq!(
            p.sentence(Lang::Zh),
            "比其余 5 个 NVIDIA H100 SXM5 80GB 按量报价中的 80% 便宜。比中位数（$3.50）低 43%。"
        );
    }
}
