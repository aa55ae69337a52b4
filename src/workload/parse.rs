//! Reading a number the user typed: "7", "7.5", "1e3", "1,000", full-width "７", " 70B ",
//! "1.5T", "70亿". Never panics; anything else is a [`Problem`] saying what is wrong. Signs are
//! kept: whether a negative value is allowed is the field's business ([`Job::validate`]).
//!
//! [`Job::validate`]: super::job::Job::validate

use super::validate::{Problem, ProblemKind};

/// Longest text read as a number; a longer one is refused before any work.
pub const MAX_AMOUNT_CHARS: usize = 64;

/// Multipliers of the suffixes people write after sizes and token counts.
const SUFFIXES: [(char, f64); 11] = [
    ('k', 1e3),
    ('K', 1e3),
    ('m', 1e6),
    ('M', 1e6),
    ('b', 1e9),
    ('B', 1e9),
    ('t', 1e12),
    ('T', 1e12),
    ('千', 1e3),
    ('万', 1e4),
    ('亿', 1e8),
];

/// The full-width forms of ASCII (U+FF01–U+FF5E) as ASCII: "７．５Ｂ" → "7.5B".
fn half_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// Parses an amount with an optional thousands-separated integer part and suffix.
pub fn parse_amount(text: &str) -> Result<f64, Problem> {
    let fail = |kind| Err(Problem::new("amount", kind));
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return fail(ProblemKind::Empty);
    }
    if trimmed.chars().nth(MAX_AMOUNT_CHARS).is_some() {
        return fail(ProblemKind::TooLong);
    }
    let mut body: String = trimmed.chars().map(half_width).collect();
    let mut scale = 1.0;
    if let Some(last) = body.chars().last() {
        if let Some((_, multiplier)) = SUFFIXES.iter().find(|(c, _)| *c == last) {
            scale = *multiplier;
            body.pop();
            body = body.trim_end().to_string();
        }
    }
    let Some(plain) = without_thousands_separators(&body) else {
        return fail(ProblemKind::NotANumber);
    };
    let allowed = |c: char| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-');
    if !plain.chars().all(allowed) || !plain.chars().any(|c| c.is_ascii_digit()) {
        return fail(ProblemKind::NotANumber);
    }
    let Ok(value) = plain.parse::<f64>() else {
        return fail(ProblemKind::NotANumber);
    };
    let value = value * scale;
    if !value.is_finite() {
        return fail(ProblemKind::NotFinite);
    }
    Ok(value)
}

/// "1,234,567.5" → "1234567.5"; `None` if the commas are not thousands separators of the
/// integer part ("1,5", "12,34", "1.5,000").
fn without_thousands_separators(text: &str) -> Option<String> {
    if !text.contains(',') {
        return Some(text.to_string());
    }
    let unsigned = text.trim_start_matches(['+', '-']);
    let sign = &text[..text.len() - unsigned.len()];
    let integer_end = unsigned.find(['.', 'e', 'E']).unwrap_or(unsigned.len());
    let (integer, rest) = unsigned.split_at(integer_end);
    if rest.contains(',') {
        return None;
    }
    let mut groups = integer.split(',');
    let first = groups.next()?;
    let digits = |g: &str| g.chars().all(|c| c.is_ascii_digit());
    if first.is_empty() || first.len() > 3 || !digits(first) {
        return None;
    }
    let mut joined = format!("{sign}{first}");
    for group in groups {
        if group.len() != 3 || !digits(group) {
            return None;
        }
        joined.push_str(group);
    }
    joined.push_str(rest);
    Some(joined)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> f64 {
        parse_amount(text).unwrap_or_else(|p| panic!("{text:?}: {p:?}"))
    }

    fn kind(text: &str) -> ProblemKind {
        parse_amount(text).unwrap_err().kind
    }

    #[test]
    fn plain_decimal_and_scientific_numbers() {
        assert_eq!(ok("7"), 7.0);
        assert_eq!(ok("7.5"), 7.5);
        assert_eq!(ok("1e3"), 1000.0);
        assert_eq!(ok("2.5E-1"), 0.25);
        assert_eq!(ok(".5"), 0.5);
        assert_eq!(ok("-3"), -3.0);
        assert_eq!(ok("+3"), 3.0);
    }

    #[test]
    fn separators_spaces_and_full_width_digits() {
        assert_eq!(ok("1,000"), 1000.0);
        assert_eq!(ok("1,234,567.25"), 1_234_567.25);
        assert_eq!(ok("-1,000"), -1000.0);
        assert_eq!(ok("  42 \t"), 42.0);
        assert_eq!(ok("７"), 7.0);
        assert_eq!(ok("７．５"), 7.5);
        assert_eq!(ok("１，０００"), 1000.0);
        assert_eq!(ok("\u{3000}７０Ｂ\u{3000}"), 70e9);
    }

    #[test]
    fn suffixes_scale() {
        assert_eq!(ok("7k"), 7e3);
        assert_eq!(ok("1.5M"), 1.5e6);
        assert_eq!(ok("70B"), 70e9);
        assert_eq!(ok("70 b"), 70e9);
        assert_eq!(ok("2T"), 2e12);
        assert_eq!(ok("70亿"), 7e9);
        assert_eq!(ok("3万"), 3e4);
    }

    #[test]
    fn non_numbers_are_refused() {
        for text in [
            "abc", "NaN", "nan", "inf", "-inf", "infinity", "1..2", "1e", "e5", "--1", "1,5",
            "12,34", "1.5,000", ",100", "1 000", "7BB", "B", "0x10", "½", "١٢", "1_000",
        ] {
            assert_eq!(kind(text), ProblemKind::NotANumber, "{text:?}");
        }
        assert_eq!(kind(""), ProblemKind::Empty);
        assert_eq!(kind("   "), ProblemKind::Empty);
        assert_eq!(kind("1e400"), ProblemKind::NotFinite);
        assert_eq!(kind("1e300T"), ProblemKind::NotFinite);
    }

    #[test]
    fn hostile_input_never_panics() {
        let long = "9".repeat(100_000);
        assert_eq!(kind(&long), ProblemKind::TooLong);
        let long_unicode = "亿".repeat(100_000);
        assert_eq!(kind(&long_unicode), ProblemKind::TooLong);
        for text in [
            "\u{0}",
            "\u{FEFF}1",
            "１\u{200B}",
            "💥",
            "1e-400",
            "-0",
            ",",
            ",,,",
            "+",
            "-",
            ".",
            "e",
            "亿",
            "1,,000",
            "1,000,",
            "\u{FF5E}",
            "\u{FF01}",
            "1\n2",
            "9".repeat(64).as_str(),
        ] {
            let _ = parse_amount(text);
        }
        assert_eq!(ok("1e-400"), 0.0);
        assert_eq!(ok(&"9".repeat(64)), 1e64);
    }

    #[test]
    fn problems_can_be_moved_to_their_field() {
        let problem = parse_amount("x").unwrap_err().for_field("params_b");
        assert_eq!(problem.field, "params_b");
        assert!(problem.en.starts_with("Model size"));
    }
}
