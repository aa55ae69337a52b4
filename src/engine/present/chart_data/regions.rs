//! One offer's price in every region it is sold in, for the view's term, cheapest marked.

use crate::explorer::Entry;
use crate::present::i18n::{self, pick, Lang};
use crate::pricing::{price_quote, PriceView, Rates};
use catalog::format;
use catalog::Term;
use charts::{Bar, BarsData};

/// The regional prices of `entry` in `term`, as the table's units would show them.
pub fn region_bars(
    entry: &Entry<'_>,
    term: Term,
    price: &PriceView,
    rates: &Rates,
    lang: Lang,
) -> BarsData {
    let bars: Vec<Bar> = entry
        .offer
        .prices
        .iter()
        .filter(|p| p.term == term)
        .map(|p| {
            let quote = price_quote(p, entry.offer, &entry.divisors, price, rates);
            let label = entry.provider.region(&p.region).map_or_else(
                || p.region.to_string(),
                |r| crate::present::i18n::region_name(lang, r).to_string(),
            );
            Bar {
                label,
                value: quote.value,
                value_text: quote.value.map(|v| format::money(v, quote.currency)),
            }
        })
        .collect();
    let highlight = bars
        .iter()
        .enumerate()
        .filter_map(|(i, b)| Some((i, b.value?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
        .filter(|_| bars.iter().filter(|b| b.value.is_some()).count() > 1);
    BarsData {
        title: format!(
            "{} — {}",
            pick(lang, "Price by region", "各地区价格"),
            i18n::term(lang, term)
        ),
        value_label: i18n::price_unit(lang, price.currency.code(), price.basis, price.duration),
        bars,
        highlight,
        sort: true,
        top_n: None,
        words: super::words(lang, pick(lang, "Region", "地区")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use catalog::fx::Fx;

    #[test]
    fn an_offer_sold_in_many_regions_marks_the_cheapest() {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let entry = explorer.entry("aws/g4dn.xlarge").unwrap();
        let data = region_bars(
            entry,
            Term::OnDemand,
            &PriceView::default(),
            &rates,
            Lang::En,
        );
        assert!(data.bars.len() > 5);
        let cheapest = data.highlight.unwrap();
        let min = data
            .bars
            .iter()
            .filter_map(|b| b.value)
            .fold(f64::INFINITY, f64::min);
        assert_eq!(data.bars[cheapest].value, Some(min));
    }
}
