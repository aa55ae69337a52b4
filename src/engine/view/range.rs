//! The compact numeric range syntax power users type into filter boxes: `80`, `>=80`, `<4`,
//! `24..48`, `..48`, `80..`, `24-48`.
//!
//! Forgiving about how a number is typed (full-width IME characters, `1,000`, `≥`, a trailing
//! `GB` or `$/h`) but strict about what it means: text that cannot be read unambiguously is an
//! error the UI can show next to the box, never a filter that silently means something else.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What the error message offers instead; short enough to fit under a filter box.
const ACCEPTED: &str = "Use 80, >=80, <=4, 24..48 or ..48";

/// A set of numbers on the real line, open or closed at either end, possibly unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct NumRange {
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub min_inclusive: bool,
    pub max_inclusive: bool,
}

impl NumRange {
    /// Ok(None) for empty or whitespace-only text (no filter).
    pub fn parse(text: &str) -> Result<Option<NumRange>, RangeError> {
        let normal = normalise(text);
        let body = normal.trim();
        if body.is_empty() {
            return Ok(None);
        }
        parse_body(body).map(Some).map_err(|kind| RangeError {
            text: text.trim().to_string(),
            kind,
        })
    }

    /// Inclusive range from optional bounds (what two number inputs give).
    ///
    /// A browser reports an empty or half-typed number input as NaN, and an infinite bound
    /// bounds nothing, so non-finite bounds count as absent. Bounds given the wrong way round
    /// are swapped: two separate inputs have no "reversed" to complain about, and keeping
    /// `min <= max` means `to_text` always writes something `parse` accepts.
    pub fn between(min: Option<f64>, max: Option<f64>) -> NumRange {
        let min = min.filter(|v| v.is_finite());
        let max = max.filter(|v| v.is_finite());
        let (min, max) = match (min, max) {
            (Some(low), Some(high)) if low > high => (Some(high), Some(low)),
            bounds => bounds,
        };
        NumRange {
            min,
            max,
            min_inclusive: true,
            max_inclusive: true,
        }
    }

    fn exactly(value: f64) -> NumRange {
        NumRange::between(Some(value), Some(value))
    }

    pub fn contains(&self, value: f64) -> bool {
        // NaN is "no number": it lies in no range, not even an unbounded one.
        if value.is_nan() {
            return false;
        }
        let above_min = match self.min {
            None => true,
            Some(min) if self.min_inclusive => value >= min,
            Some(min) => value > min,
        };
        let below_max = match self.max {
            None => true,
            Some(max) if self.max_inclusive => value <= max,
            Some(max) => value < max,
        };
        above_min && below_max
    }

    /// Canonical text that parses back to the same range: ">=80", "<=4", ">2", "<8", "24..48",
    /// "8" (min == max, both inclusive).
    ///
    /// The syntax has no way to write a range bounded at both ends with an open end (that
    /// needs two inputs, not one box), so such a range is written as its closed `a..b`
    /// approximation. A range with no bounds at all is "" — the empty box, no filter.
    pub fn to_text(&self) -> String {
        match (self.min, self.max) {
            (Some(min), Some(max)) if min == max && self.min_inclusive && self.max_inclusive => {
                min.to_string()
            }
            (Some(min), Some(max)) => format!("{min}..{max}"),
            (Some(min), None) if self.min_inclusive => format!(">={min}"),
            (Some(min), None) => format!(">{min}"),
            (None, Some(max)) if self.max_inclusive => format!("<={max}"),
            (None, Some(max)) => format!("<{max}"),
            (None, None) => String::new(),
        }
    }
}

/// Why a filter box's text is not a range, with the text as typed (trimmed) for the message.
#[derive(Debug, Clone, PartialEq)]
pub struct RangeError {
    pub text: String,
    pub kind: RangeErrorKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RangeErrorKind {
    /// The offending piece, e.g. "abc" in `>=abc`.
    NotANumber(String),
    /// The larger number came first: `48..24`.
    Reversed,
    /// Infinity, or a number too large for f64. (NaN is [`NotANumber`](Self::NotANumber).)
    NotFinite,
    /// A bound below zero for a quantity that cannot be negative (memory, a price, a count).
    Negative,
    /// A range that reaches no higher than 0 for a quantity every offer states above 0
    /// (a count, a memory): `0`, `<=0`.
    NoneAboveZero,
    /// Anything else: `>=`, `1..2..3`, `=>5`.
    Malformed,
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match &self.kind {
            RangeErrorKind::NotANumber(piece) if *piece == normalise(text).trim() => {
                write!(f, "\"{piece}\" is not a number. {ACCEPTED}")
            }
            RangeErrorKind::NotANumber(piece) => {
                write!(f, "\"{piece}\" in \"{text}\" is not a number. {ACCEPTED}")
            }
            RangeErrorKind::Reversed => write!(
                f,
                "\"{text}\" goes from high to low. Put the smaller number first, as in 24..48"
            ),
            RangeErrorKind::NotFinite => {
                write!(f, "\"{text}\" is not a finite number. {ACCEPTED}")
            }
            RangeErrorKind::Malformed => write!(f, "\"{text}\" is not a range. {ACCEPTED}"),
            RangeErrorKind::Negative => {
                write!(f, "\"{text}\" goes below 0, which is impossible here")
            }
            RangeErrorKind::NoneAboveZero => {
                write!(f, "\"{text}\" goes no higher than 0, which no offer has")
            }
        }
    }
}

impl std::error::Error for RangeError {}

/// The comparison a leading operator asks for.
#[derive(Clone, Copy)]
enum Operator {
    AtLeast,
    AtMost,
    Above,
    Below,
    Exactly,
}

/// Longer symbols first, so `>=` is not read as `>` followed by `=80`.
const OPERATORS: [(&str, Operator); 5] = [
    (">=", Operator::AtLeast),
    ("<=", Operator::AtMost),
    (">", Operator::Above),
    ("<", Operator::Below),
    ("=", Operator::Exactly),
];

const OPERATOR_CHARS: [char; 3] = ['<', '>', '='];

/// Parses trimmed, normalised, non-empty text.
fn parse_body(body: &str) -> Result<NumRange, RangeErrorKind> {
    if let Some((operator, rest)) = OPERATORS
        .iter()
        .find_map(|(symbol, op)| body.strip_prefix(symbol).map(|rest| (*op, rest.trim())))
    {
        // `=>5`, `>=1..2` and a bare `>=` have no single reading.
        if rest.is_empty() || rest.contains(OPERATOR_CHARS) || rest.contains("..") {
            return Err(RangeErrorKind::Malformed);
        }
        let value = number(rest)?;
        let (min, max, min_inclusive, max_inclusive) = match operator {
            Operator::AtLeast => (Some(value), None, true, true),
            Operator::Above => (Some(value), None, false, true),
            Operator::AtMost => (None, Some(value), true, true),
            Operator::Below => (None, Some(value), true, false),
            Operator::Exactly => (Some(value), Some(value), true, true),
        };
        return Ok(NumRange {
            min,
            max,
            min_inclusive,
            max_inclusive,
        });
    }
    // An operator anywhere but the front (`5>`, `1..>=2`) is a typo we should not guess at.
    // Three dots could be `1..0.5` or `1.0..5`, so they are refused rather than guessed too.
    if body.contains(OPERATOR_CHARS) || body.contains("...") {
        return Err(RangeErrorKind::Malformed);
    }
    if let Some((low, high)) = body.split_once("..") {
        let (low, high) = (low.trim(), high.trim());
        if high.contains("..") || (low.is_empty() && high.is_empty()) {
            return Err(RangeErrorKind::Malformed);
        }
        let min = if low.is_empty() {
            None
        } else {
            Some(number(low)?)
        };
        let max = if high.is_empty() {
            None
        } else {
            Some(number(high)?)
        };
        return ordered(min, max);
    }
    if let Some(range) = hyphen_range(body) {
        return range;
    }
    number(body).map(NumRange::exactly)
}

/// `24-48`: read as a range only when both sides are unsigned numbers, because `-5` and
/// `5--3` are a negative number and a typo, not ranges.
fn hyphen_range(body: &str) -> Option<Result<NumRange, RangeErrorKind>> {
    // Skipping the first character keeps a leading minus sign out of the search.
    let (at, _) = body.char_indices().skip(1).find(|&(_, c)| c == '-')?;
    let (low, high) = (body[..at].trim(), body[at + 1..].trim());
    let unsigned = |piece: &str| {
        strip_currency(piece)
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || c == '.')
    };
    if !(unsigned(low) && unsigned(high)) {
        return None;
    }
    Some(number(low).and_then(|min| ordered(Some(min), Some(number(high)?))))
}

fn ordered(min: Option<f64>, max: Option<f64>) -> Result<NumRange, RangeErrorKind> {
    match (min, max) {
        (Some(low), Some(high)) if low > high => Err(RangeErrorKind::Reversed),
        _ => Ok(NumRange::between(min, max)),
    }
}

/// One number as typed: optional currency symbol, optional sign, digits with optional
/// thousands commas and decimals, then an optional unit the column already implies.
fn number(piece: &str) -> Result<f64, RangeErrorKind> {
    let not_a_number = || RangeErrorKind::NotANumber(piece.to_string());
    let unprefixed = strip_currency(piece).trim_start();
    let word = unprefixed.trim_start_matches(['+', '-']).to_lowercase();
    if matches!(word.as_str(), "inf" | "infinity" | "∞") {
        return Err(RangeErrorKind::NotFinite);
    }
    let split = unprefixed
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '+' | '-')))
        .unwrap_or(unprefixed.len());
    let (numeral, unit) = unprefixed.split_at(split);
    if !is_ignorable_unit(unit) {
        return Err(not_a_number());
    }
    let plain = plain_numeral(numeral).ok_or_else(not_a_number)?;
    // Only overflow is left to catch here: a 400-digit numeral parses to infinity.
    match plain.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        Ok(_) => Err(RangeErrorKind::NotFinite),
        Err(_) => Err(not_a_number()),
    }
}

/// `-1,234.5` → `-1234.5`; None unless the whole numeral is well formed. Commas must group
/// thousands exactly, because `1,5` is 1.5 in much of Europe and we will not guess which.
fn plain_numeral(numeral: &str) -> Option<String> {
    let unsigned = numeral.strip_prefix(['-', '+']).unwrap_or(numeral);
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mut groups = int.split(',');
    let head = groups.next().unwrap_or_default();
    let int_ok = if int.contains(',') {
        (1..=3).contains(&head.len())
            && all_digits(head)
            && groups.all(|g| g.len() == 3 && all_digits(g))
    } else {
        all_digits(int)
    };
    if !int_ok || !all_digits(frac) || (int.is_empty() && frac.is_empty()) {
        return None;
    }
    let sign = if numeral.starts_with('-') { "-" } else { "" };
    let int = if int.is_empty() {
        "0".to_string()
    } else {
        int.replace(',', "")
    };
    let frac = if frac.is_empty() {
        String::new()
    } else {
        format!(".{frac}")
    };
    Some(format!("{sign}{int}{frac}"))
}

/// Units the filter's column already implies, so `>=80GB` and `<2 $/h` read as typed.
/// Anything else (`80 TFLOPs/W`, `5 cores`) is refused: ignoring it could hide a mistake.
fn is_ignorable_unit(unit: &str) -> bool {
    const WORDS: [&str; 6] = ["tflops", "pflops", "gib", "gb", "tb", "h"];
    let unit = unit.trim().to_lowercase();
    let rest = strip_currency(&unit).trim_start();
    let rest = WORDS
        .iter()
        .find_map(|word| rest.strip_prefix(word))
        .unwrap_or(rest)
        .trim_start();
    matches!(rest, "" | "/h")
}

fn strip_currency(text: &str) -> &str {
    text.strip_prefix(['$', '¥', '€']).unwrap_or(text)
}

/// Maps what a Chinese or Japanese IME, or a maths-minded typist, produces onto the ASCII
/// syntax: full-width `＞＝８０`, `≥`, the ideographic full stop and space, Unicode minus.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '≥' | '≧' => out.push_str(">="),
            '≤' | '≦' => out.push_str("<="),
            '。' => out.push('.'),
            '\u{3000}' => out.push(' '),
            '\u{FFE5}' => out.push('¥'),
            // Minus sign and en dash, as in "24–48".
            '\u{2212}' | '\u{2013}' => out.push('-'),
            _ => out.push(half_width(c)),
        }
    }
    out
}

/// The ASCII twin of a full-width form (U+FF01..U+FF5E sit at a fixed offset from ASCII);
/// any other character unchanged.
pub(super) fn half_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(text: &str) -> NumRange {
        NumRange::parse(text)
            .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
            .unwrap_or_else(|| panic!("{text:?} should be a filter"))
    }

    fn kind(text: &str) -> RangeErrorKind {
        match NumRange::parse(text) {
            Err(e) => e.kind,
            Ok(r) => panic!("{text:?} should be refused, got {r:?}"),
        }
    }

    fn closed(min: Option<f64>, max: Option<f64>) -> NumRange {
        NumRange::between(min, max)
    }

    #[test]
    fn empty_text_is_no_filter() {
        assert_eq!(NumRange::parse(""), Ok(None));
        assert_eq!(NumRange::parse("   "), Ok(None));
        assert_eq!(NumRange::parse("\u{3000}\t"), Ok(None));
    }

    #[test]
    fn operators_give_half_open_ranges() {
        assert_eq!(range(">=80"), closed(Some(80.0), None));
        assert_eq!(range("≥80"), closed(Some(80.0), None));
        assert_eq!(range("<=4"), closed(None, Some(4.0)));
        assert_eq!(range("≤4"), closed(None, Some(4.0)));
        let above = range(">2");
        assert_eq!(
            (above.min, above.max, above.min_inclusive),
            (Some(2.0), None, false)
        );
        let below = range("<8");
        assert_eq!(
            (below.min, below.max, below.max_inclusive),
            (None, Some(8.0), false)
        );
        assert_eq!(range(">= 80"), range(">=80"));
    }

    #[test]
    fn a_bare_number_or_equals_means_exactly_that() {
        assert_eq!(range("80"), closed(Some(80.0), Some(80.0)));
        assert_eq!(range("=80"), range("80"));
        assert_eq!(range("  80 "), range("80"));
        assert_eq!(range("-5"), closed(Some(-5.0), Some(-5.0)));
    }

    #[test]
    fn dotted_ranges_may_leave_either_end_open() {
        assert_eq!(range("24..48"), closed(Some(24.0), Some(48.0)));
        assert_eq!(range("24 .. 48"), range("24..48"));
        assert_eq!(range("..48"), closed(None, Some(48.0)));
        assert_eq!(range("80.."), closed(Some(80.0), None));
        assert_eq!(range("0.5..1.5"), closed(Some(0.5), Some(1.5)));
        assert_eq!(range("-5..-3"), closed(Some(-5.0), Some(-3.0)));
        assert_eq!(range("5..5"), range("5"));
    }

    #[test]
    fn hyphen_ranges_need_two_unsigned_numbers() {
        assert_eq!(range("24-48"), closed(Some(24.0), Some(48.0)));
        assert_eq!(range("24 - 48"), range("24-48"));
        assert_eq!(range("24–48"), range("24-48"));
        assert_eq!(range("$1-$3"), closed(Some(1.0), Some(3.0)));
        assert_eq!(range("24GB-48GB"), range("24-48"));
        assert_eq!(kind("48-24"), RangeErrorKind::Reversed);
        assert_eq!(kind("5--3"), RangeErrorKind::NotANumber("5--3".into()));
        assert_eq!(kind("24-abc"), RangeErrorKind::NotANumber("24-abc".into()));
        assert_eq!(kind("24-4x"), RangeErrorKind::NotANumber("4x".into()));
    }

    #[test]
    fn decimals_and_thousands_separators_read_naturally() {
        assert_eq!(range(".5"), closed(Some(0.5), Some(0.5)));
        assert_eq!(range("1,000"), range("1000"));
        assert_eq!(range(">=1,234,567.5"), closed(Some(1_234_567.5), None));
        assert_eq!(range("1,000..2,000"), closed(Some(1000.0), Some(2000.0)));
        // A European decimal comma is ambiguous, so it is refused rather than read as 15.
        assert_eq!(kind("1,5"), RangeErrorKind::NotANumber("1,5".into()));
        assert_eq!(kind("1,0000"), RangeErrorKind::NotANumber("1,0000".into()));
        assert_eq!(kind(",5"), RangeErrorKind::NotANumber(",5".into()));
        assert_eq!(kind("1.5.5"), RangeErrorKind::NotANumber("1.5.5".into()));
    }

    #[test]
    fn known_unit_words_are_ignored() {
        assert_eq!(range(">=80GB"), range(">=80"));
        assert_eq!(range(">=80 gib"), range(">=80"));
        assert_eq!(range("<2 $/h"), range("<2"));
        assert_eq!(range("<2/h"), range("<2"));
        assert_eq!(range("$1..$3"), closed(Some(1.0), Some(3.0)));
        assert_eq!(range("¥5..€9"), closed(Some(5.0), Some(9.0)));
        assert_eq!(range("2TB"), range("2"));
        assert_eq!(range(">=900 TFLOPS"), range(">=900"));
        assert_eq!(range("<=2 PFlops"), range("<=2"));
        assert_eq!(range("8h"), range("8"));
        assert_eq!(range("80$"), range("80"));
    }

    #[test]
    fn unknown_unit_words_are_refused() {
        assert_eq!(
            kind("80 cores"),
            RangeErrorKind::NotANumber("80 cores".into())
        );
        assert_eq!(kind(">=80MB"), RangeErrorKind::NotANumber("80MB".into()));
        assert_eq!(kind("1 000"), RangeErrorKind::NotANumber("1 000".into()));
    }

    #[test]
    fn full_width_ime_input_is_normalised() {
        assert_eq!(range("＞＝８０"), range(">=80"));
        assert_eq!(range("２４．．４８"), range("24..48"));
        assert_eq!(range("＜４"), range("<4"));
        assert_eq!(range("１，０００"), range("1000"));
        assert_eq!(range("２４。。４８"), range("24..48"));
        assert_eq!(range("￥５"), range("5"));
        assert_eq!(range("\u{3000}８０ＧＢ\u{3000}"), range("80"));
    }

    #[test]
    fn reversed_ranges_are_refused() {
        assert_eq!(kind("48..24"), RangeErrorKind::Reversed);
        assert_eq!(kind("1.5..0.5"), RangeErrorKind::Reversed);
    }

    #[test]
    fn non_finite_numbers_are_refused() {
        assert_eq!(kind("inf"), RangeErrorKind::NotFinite);
        assert_eq!(kind("-Infinity"), RangeErrorKind::NotFinite);
        // NaN is not a number at all, not a large one: it is said as such.
        assert_eq!(kind("NaN"), RangeErrorKind::NotANumber("NaN".into()));
        assert_eq!(kind(">=nan"), RangeErrorKind::NotANumber("nan".into()));
        assert_eq!(kind(">=∞"), RangeErrorKind::NotFinite);
        assert_eq!(kind("1..inf"), RangeErrorKind::NotFinite);
        let huge = "9".repeat(400);
        assert_eq!(kind(&huge), RangeErrorKind::NotFinite);
        assert_eq!(kind(&format!("1..{huge}")), RangeErrorKind::NotFinite);
        assert_eq!(kind(&format!("1-{huge}")), RangeErrorKind::NotFinite);
    }

    #[test]
    fn garbage_names_the_offending_piece() {
        assert_eq!(kind("abc"), RangeErrorKind::NotANumber("abc".into()));
        assert_eq!(kind(">=abc"), RangeErrorKind::NotANumber("abc".into()));
        assert_eq!(kind("1..abc"), RangeErrorKind::NotANumber("abc".into()));
        assert_eq!(kind("abc..1"), RangeErrorKind::NotANumber("abc".into()));
        assert_eq!(kind("-"), RangeErrorKind::NotANumber("-".into()));
        assert_eq!(kind("1e5"), RangeErrorKind::NotANumber("1e5".into()));
    }

    #[test]
    fn structural_mistakes_are_malformed() {
        for text in [
            ">=", "<", "=", "..", "1..2..3", "=>5", "==5", "<>5", "5>", "1..>=2",
        ] {
            assert_eq!(kind(text), RangeErrorKind::Malformed, "{text:?}");
        }
        for text in [">=1..2", "1...2", "...5", "5..."] {
            assert_eq!(kind(text), RangeErrorKind::Malformed, "{text:?}");
        }
    }

    #[test]
    fn errors_keep_the_text_as_typed() {
        let err = NumRange::parse("  ＞＝abc ").unwrap_err();
        assert_eq!(err.text, "＞＝abc");
        assert_eq!(err.kind, RangeErrorKind::NotANumber("abc".into()));
    }

    #[test]
    fn error_messages_name_the_text_and_the_accepted_forms() {
        let message = |text: &str| NumRange::parse(text).unwrap_err().to_string();
        assert_eq!(
            message("abc"),
            "\"abc\" is not a number. Use 80, >=80, <=4, 24..48 or ..48"
        );
        assert_eq!(
            message(">=abc"),
            "\"abc\" in \">=abc\" is not a number. Use 80, >=80, <=4, 24..48 or ..48"
        );
        assert_eq!(
            message("48..24"),
            "\"48..24\" goes from high to low. Put the smaller number first, as in 24..48"
        );
        assert_eq!(
            message("inf"),
            "\"inf\" is not a finite number. Use 80, >=80, <=4, 24..48 or ..48"
        );
        assert_eq!(
            message("1..2..3"),
            "\"1..2..3\" is not a range. Use 80, >=80, <=4, 24..48 or ..48"
        );
    }

    #[test]
    fn contains_respects_open_and_closed_ends() {
        let r = range("24..48");
        assert!(r.contains(24.0) && r.contains(48.0) && r.contains(30.0));
        assert!(!r.contains(23.99) && !r.contains(48.01));
        assert!(range(">2").contains(2.01) && !range(">2").contains(2.0));
        assert!(range("<8").contains(7.99) && !range("<8").contains(8.0));
        assert!(range("8").contains(8.0) && !range("8").contains(8.5));
        assert!(range(">=80").contains(f64::INFINITY));
        assert!(!range(">=80").contains(f64::NAN));
        assert!(!NumRange::between(None, None).contains(f64::NAN));
        assert!(NumRange::between(None, None).contains(-1e300));
    }

    #[test]
    fn between_ignores_missing_inputs_and_swaps_reversed_ones() {
        assert_eq!(
            NumRange::between(Some(f64::NAN), Some(4.0)),
            closed(None, Some(4.0))
        );
        assert_eq!(
            NumRange::between(Some(f64::NEG_INFINITY), Some(f64::INFINITY)),
            closed(None, None)
        );
        assert_eq!(NumRange::between(Some(48.0), Some(24.0)), range("24..48"));
    }

    #[test]
    fn to_text_is_canonical() {
        assert_eq!(range("≥ 80 GB").to_text(), ">=80");
        assert_eq!(range("..4").to_text(), "<=4");
        assert_eq!(range(">2").to_text(), ">2");
        assert_eq!(range("<8").to_text(), "<8");
        assert_eq!(range("２４ - ４８").to_text(), "24..48");
        assert_eq!(range("=8").to_text(), "8");
        assert_eq!(range("80..").to_text(), ">=80");
        assert_eq!(range("0.5..1,500.25").to_text(), "0.5..1500.25");
        assert_eq!(range("-5..-3").to_text(), "-5..-3");
        assert_eq!(NumRange::between(None, None).to_text(), "");
        assert_eq!(NumRange::parse(""), Ok(None));
    }

    #[test]
    fn to_text_round_trips_through_parse() {
        let values = [0.0, -0.0, 0.1 + 0.2, 1e-9, 1e21, -7.25, 80.0, f64::MAX];
        for &a in &values {
            for &b in &values {
                let made = [
                    NumRange::between(Some(a), Some(b)),
                    NumRange::between(Some(a), None),
                    NumRange::between(None, Some(b)),
                    range(&format!(">{a}")),
                    range(&format!("<{b}")),
                ];
                for r in made {
                    let text = r.to_text();
                    let back = NumRange::parse(&text).unwrap();
                    let unbounded = r.min.is_none() && r.max.is_none();
                    assert_eq!(back, (!unbounded).then_some(r), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn never_panics_and_every_accepted_range_round_trips() {
        let alphabet = [
            "0", "5", ".", ",", "-", "+", "<", ">", "=", "$", "e", "g", "b", "h", "/", " ", "≥",
            "８", "．", "腾", "∞", "x", "\u{301}", "。",
        ];
        let mut inputs = Vec::new();
        for a in alphabet {
            inputs.push(a.to_string());
            for b in alphabet {
                inputs.push(format!("{a}{b}"));
                for c in alphabet {
                    inputs.push(format!("{a}{b}{c}"));
                }
            }
        }
        inputs.extend(
            [
                "1", "9", "..", "-", "≥", "1,", ",000", "1-", "腾", ".5", "$", "gb", ">=",
            ]
            .iter()
            .map(|s| s.repeat(50_000)),
        );
        inputs.push(format!("1{}", ",000".repeat(50_000)));
        inputs.push(format!("0.{}1..1", "0".repeat(50_000)));
        for text in &inputs {
            match NumRange::parse(text) {
                Ok(Some(r)) => {
                    assert!(r.min.is_none_or(f64::is_finite), "{text:?}");
                    assert!(r.max.is_none_or(f64::is_finite), "{text:?}");
                    if let (Some(min), Some(max)) = (r.min, r.max) {
                        assert!(min <= max, "{text:?}");
                    }
                    assert_eq!(NumRange::parse(&r.to_text()), Ok(Some(r)), "{text:?}");
                }
                Ok(None) => assert!(text.trim().is_empty(), "{text:?}"),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
    }
}
