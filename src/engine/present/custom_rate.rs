//! The marker that says a typed exchange rate is in force: converted prices must never
//! silently follow a rate the reader did not set (a link can carry one), so wherever they
//! are shown with it, this sentence is too, with the reference rate and its date beside it.

use super::i18n::Lang;
use crate::pricing::Rates;
use catalog::{format, Currency};

/// "Custom rate in use: 1 USD = 8 CNY (reference 7.1234, 2026-11-28)", when the view's
/// `currency` uses the typed rate; `None` otherwise (no rate, or EUR, which it does not touch).
pub fn marker(rates: &Rates, currency: Currency, lang: Lang) -> Option<String> {
    let own = rates.custom_in_use(currency)?;
    let reference = rates.reference().rate(Currency::Usd, Currency::Cny);
    let own = trimmed(own);
    Some(match (lang, reference) {
        (Lang::En, Some((rate, date))) => format!(
            "Custom rate in use: 1 USD = {own} CNY (reference {rate:.4}, {})",
            format::date(&date)
        ),
        (Lang::Zh, Some((rate, date))) => format!(
            "正在使用自定义汇率：1 美元 = {own} 人民币（参考汇率 {rate:.4}，{}）",
            format::date(&date)
        ),
        (Lang::En, None) => format!("Custom rate in use: 1 USD = {own} CNY"),
        (Lang::Zh, None) => format!("正在使用自定义汇率：1 美元 = {own} 人民币"),
    })
}

/// The rate as typed, to four decimals at most: "8", "7.25", "7.1235".
fn trimmed(rate: f64) -> String {
    let text = format!("{rate:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::fx::Fx;
    use catalog::{AsOf, FxRate};

    fn rates(custom: Option<f64>) -> Rates {
        let fx = Fx::newest(&[FxRate {
            date: AsOf::day(2026, 11, 28),
            base: Currency::Usd,
            quote: Currency::Cny,
            rate: 7.1234,
            source_title: String::new(),
            source_url: String::new(),
        }]);
        Rates::new(fx, custom)
    }

    #[test]
    fn a_custom_rate_in_force_is_named_with_the_reference_and_its_date() {
        assert_eq!(
            marker(&rates(Some(8.0)), Currency::Cny, Lang::En).as_deref(),
            Some("Custom rate in use: 1 USD = 8 CNY (reference 7.1234, 2026-11-28)")
        );
        assert_eq!(
            marker(&rates(Some(7.25)), Currency::Usd, Lang::Zh).as_deref(),
            Some("正在使用自定义汇率：1 美元 = 7.25 人民币（参考汇率 7.1234，2026-11-28）")
        );
    }

    #[test]
    fn no_marker_without_a_rate_in_force() {
        assert_eq!(marker(&rates(None), Currency::Cny, Lang::En), None);
        // The euro view does not use it; an absurd rate is not in force at all.
        assert_eq!(marker(&rates(Some(8.0)), Currency::Eur, Lang::En), None);
        assert_eq!(marker(&rates(Some(1e-300)), Currency::Cny, Lang::En), None);
    }
}
