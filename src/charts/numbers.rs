//! Number formatting for charts, tables and text alternatives, and the tiny template filler
//! that turns a chart's facts into a sentence in the caller's language.
//!
//! The formats are language-neutral on purpose (digits, a dot, SI suffixes k/M/G/T), so the
//! same tick labels serve English and Chinese; money and units stay in the caller's words.

/// A tick label: as short as it can be while still telling neighbouring ticks apart.
///
/// `0.5`, `2`, `10`, `1k`, `2.5k`, `1.2M`; below 0.001, scientific (`2.5e-4`). Tick values are
/// multiples of 1, 2 or 5 times a power of ten, so the shortest exact decimal is short; the
/// function looks for it instead of rounding to a fixed number of digits, which would print
/// `100k` for both 100,000 and 100,100.
pub fn tick_label(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    if value == 0.0 {
        return "0".into();
    }
    let magnitude = value.abs();
    if magnitude < 1e-3 {
        return scientific(value);
    }
    let (divisor, suffix) = if magnitude >= 1e12 {
        (1e12, "T")
    } else if magnitude >= 1e9 {
        (1e9, "G")
    } else if magnitude >= 1e6 {
        (1e6, "M")
    } else if magnitude >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let scaled = value / divisor;
    format!("{}{suffix}", shortest_decimal(scaled, 6))
}

/// A number for a table cell or a CSV file: no suffix, no grouping, no exponent, about ten
/// significant digits (enough to round-trip any price), trailing zeros trimmed.
/// Non-finite values give an empty string; the caller decides what "unknown" looks like.
pub fn plain_number(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    if value == value.trunc() && value.abs() < 1e15 {
        return format!("{}", value as i64);
    }
    let digits = significant_decimals(value, 10);
    trim_zeros(format!("{value:.digits$}"))
}

/// A number for a sentence or a value label: four significant digits, no exponent
/// (`2.491`, `12346`, `0.01235`). Non-finite values give an empty string.
pub fn readable_number(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    if value == 0.0 {
        return "0".into();
    }
    let digits = significant_decimals(value, 4);
    let text = trim_zeros(format!("{value:.digits$}"));
    // "-0" after rounding a tiny negative number reads as a bug.
    if text == "-0" {
        "0".into()
    } else {
        text
    }
}

/// An amount as a sentence says it: whole units with their thousands grouped ("134,308") from
/// a thousand up, [`readable_number`] below.
pub fn grouped_number(value: f64) -> String {
    if !value.is_finite() || value.abs() < 1000.0 || value.abs() >= 1e15 {
        return readable_number(value);
    }
    let whole = format!("{:.0}", value.abs());
    let mut out = String::with_capacity(whole.len() + whole.len() / 3 + 1);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    if value < 0.0 {
        out.insert(0, '-');
    }
    out
}

/// Fills `{key}` placeholders of a caller-supplied template (one per language) with values.
///
/// Unknown placeholders are left as they are, so a typo shows up on screen instead of silently
/// vanishing; a `{` without a closing `}` is copied literally.
pub fn fill_template(template: &str, values: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let key = &after[..close];
                match values.iter().find(|(k, _)| *k == key) {
                    Some((_, value)) => out.push_str(value),
                    None => {
                        out.push('{');
                        out.push_str(key);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// How many decimals give `significant` significant digits for `value` (0 to 12).
fn significant_decimals(value: f64, significant: i32) -> usize {
    let exponent = value.abs().log10().floor();
    let exponent = if exponent.is_finite() {
        exponent as i32
    } else {
        0
    };
    (significant - 1 - exponent).clamp(0, 12) as usize
}

/// The shortest decimal rendering of `value` with at most `max_decimals` decimals that is
/// exact up to floating-point noise.
fn shortest_decimal(value: f64, max_decimals: usize) -> String {
    for decimals in 0..=max_decimals {
        let factor = 10f64.powi(decimals as i32);
        let shifted = value * factor;
        if (shifted - shifted.round()).abs() <= 1e-6 * shifted.abs().max(1.0) {
            return trim_zeros(format!("{value:.decimals$}"));
        }
    }
    trim_zeros(format!("{value:.max_decimals$}"))
}

/// `2.5e-4`, with at most three significant digits in the mantissa.
fn scientific(value: f64) -> String {
    let text = format!("{value:.2e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) => format!("{}e{exponent}", trim_zeros(mantissa.to_string())),
        None => text,
    }
}

fn trim_zeros(text: String) -> String {
    if !text.contains('.') {
        return text;
    }
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    trimmed.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_short_and_tell_neighbours_apart() {
        assert_eq!(tick_label(0.5), "0.5");
        assert_eq!(tick_label(2.0), "2");
        assert_eq!(tick_label(10.0), "10");
        assert_eq!(tick_label(1000.0), "1k");
        assert_eq!(tick_label(2500.0), "2.5k");
        assert_eq!(tick_label(1_200_000.0), "1.2M");
        assert_eq!(tick_label(100_100.0), "100.1k");
        assert_eq!(tick_label(0.1 + 0.2), "0.3");
        assert_eq!(tick_label(-20.0), "-20");
        assert_eq!(tick_label(0.00025), "2.5e-4");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(f64::NAN), "");
    }

    #[test]
    fn plain_numbers_round_trip_prices_without_noise() {
        assert_eq!(plain_number(98.32), "98.32");
        assert_eq!(plain_number(0.1 + 0.2), "0.3");
        assert_eq!(plain_number(1234567.891), "1234567.891");
        assert_eq!(plain_number(12.0), "12");
        assert_eq!(plain_number(-3.5), "-3.5");
        assert_eq!(plain_number(f64::INFINITY), "");
    }

    #[test]
    fn readable_numbers_keep_four_significant_digits() {
        assert_eq!(readable_number(2.49123), "2.491");
        assert_eq!(readable_number(12345.6), "12346");
        assert_eq!(readable_number(0.012345), "0.01235");
        assert_eq!(readable_number(3.0), "3");
        assert_eq!(readable_number(-0.000_000_1), "-0.0000001");
        assert_eq!(readable_number(-1e-13), "0");
    }

    #[test]
    fn templates_fill_known_keys_and_keep_unknown_ones() {
        let text = fill_template(
            "{title}: {n} offers, {missing} {",
            &[("title", "价格".into()), ("n", "3".into())],
        );
        assert_eq!(text, "价格: 3 offers, {missing} {");
    }

    #[test]
    fn amounts_in_sentences_group_their_thousands() {
        assert_eq!(grouped_number(134_308.4), "134,308");
        assert_eq!(grouped_number(-1_000.0), "-1,000");
        assert_eq!(grouped_number(999.5), readable_number(999.5));
        assert_eq!(grouped_number(f64::NAN), "");
    }
}
