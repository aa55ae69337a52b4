//! How numbers read in the UI. Pure, so every view formats the same way and tests pin it.

use crate::{AsOf, Currency};

/// "$98.32", "$0.526", "¥114,016.00": two decimals, three below one unit (GPU-hour prices
/// of a few cents differ in the third digit), thousands grouped.
pub fn money(amount: f64, currency: Currency) -> String {
    format!("{}{}", currency.symbol(), plain_amount(amount))
}

/// A price range from the same source: "$1.20–1.60".
pub fn money_range(low: f64, high: Option<f64>, currency: Currency) -> String {
    match high {
        Some(h) if h > low => format!("{}–{}", money(low, currency), plain_amount(h)),
        _ => money(low, currency),
    }
}

fn plain_amount(amount: f64) -> String {
    let decimals = if amount.abs() < 1.0 { 3 } else { 2 };
    let text = format!("{amount:.decimals$}");
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let (sign, digits) = match int.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", int),
    };
    let mut grouped = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{frac}")
    }
}

/// Counts and sizes without a pointless ".0": "8", "0.25", "1,536".
pub fn quantity(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        plain_amount(value)
            .split('.')
            .next()
            .unwrap_or_default()
            .to_string()
    } else {
        let text = format!("{value:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// A length of time read at a glance: minutes under an hour, hours under two days, then
/// days, then years (365 days). Two significant figures are enough to compare offers.
pub fn duration(hours: f64, zh: bool) -> String {
    let (value, en, cn) = if hours < 1.0 {
        (hours * 60.0, "min", "分钟")
    } else if hours < 48.0 {
        (hours, "h", "小时")
    } else if hours < 24.0 * 730.0 {
        (hours / 24.0, "days", "天")
    } else {
        (hours / (24.0 * 365.0), "years", "年")
    };
    let number = if value >= 10.0 {
        quantity(value.round())
    } else {
        let text = format!("{value:.1}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if zh {
        format!("{number} {cn}")
    } else {
        format!("{number} {en}")
    }
}

/// A date as the table shows it: estimates marked with "≈".
pub fn date(as_of: &AsOf) -> String {
    let text = as_of.to_string();
    match text.strip_prefix('~') {
        Some(rest) => format!("≈{rest}"),
        None => text,
    }
}

#[cfg(test)]
mod duration_tests {
    use super::duration;

    #[test]
    fn durations_pick_a_readable_unit() {
        assert_eq!(duration(0.25, false), "15 min");
        assert_eq!(duration(3.4, false), "3.4 h");
        assert_eq!(duration(36.0, false), "36 h");
        assert_eq!(duration(72.0, false), "3 days");
        assert_eq!(duration(24.0 * 400.0, false), "400 days");
        assert_eq!(duration(24.0 * 365.0 * 3.0, true), "3 年");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_reads_naturally() {
        assert_eq!(money(98.32, Currency::Usd), "$98.32");
        assert_eq!(money(0.526, Currency::Usd), "$0.526");
        assert_eq!(money(114_016.0, Currency::Cny), "¥114,016.00");
        assert_eq!(money(1_234_567.891, Currency::Eur), "€1,234,567.89");
        assert_eq!(money_range(1.2, Some(1.6), Currency::Usd), "$1.20–1.60");
        assert_eq!(money_range(1.2, Some(1.2), Currency::Usd), "$1.20");
    }

    #[test]
    fn quantities_drop_needless_decimals() {
        assert_eq!(quantity(8.0), "8");
        assert_eq!(quantity(0.25), "0.25");
        assert_eq!(quantity(1536.0), "1,536");
        assert_eq!(quantity(12.5), "12.5");
    }

    #[test]
    fn estimated_dates_are_marked() {
        assert_eq!(date(&AsOf::parse("~2025-06").unwrap()), "≈2025-06");
        assert_eq!(date(&AsOf::parse("2026-11-09").unwrap()), "2026-11-09");
    }
}
