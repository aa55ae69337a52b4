//! The rule of each number the explorer's own boxes take — a discount, a custom offer's price,
//! the age limit in months — in the calculator's one form (`workload::Rule`): the smallest and
//! largest value, whole or not, the unit, and why the bounds are where they are. A value
//! outside is refused with the range named, in English and Chinese ("A discount must be at
//! most 95 %. Allowed: 0.01 to 95 % (…)."), and the state keeps its last good value, so what a
//! box refuses changes nothing on screen.
//!
//! [`Typing`] says which value is the last good one while someone types: a box applies each
//! usable keystroke at once (the table follows the typing), so on the way to "1e999" the
//! rate box held "1" for a keystroke. That "1" was never an answer, only the beginning of a
//! refused one, and refusing "1e999" puts back what was in force before it.

use catalog::{format, Currency, Lang, PriceUnit};
use workload::{parse_amount, ProblemKind};

use super::filters::MAX_AGE_MONTHS;
use crate::discounts::{MAX_PERCENT, MIN_PERCENT};

/// What one box's number may be.
#[derive(Debug, Clone, PartialEq)]
pub struct InputRule {
    /// The subject of its messages, in English and Chinese ("A discount", "折扣").
    pub label: (&'static str, &'static str),
    pub min: f64,
    pub max: f64,
    /// Counts (months) have no fractions.
    pub whole: bool,
    /// Said after the allowed range ("%", "months", "USD per instance-hour").
    pub unit: (String, String),
    /// Said after a bound in the first sentence when it is a symbol ("at most 95 %").
    pub bound_unit: &'static str,
    /// Why the bounds are where they are, said after the range.
    pub why: Option<(&'static str, &'static str)>,
}

/// A discount, in percent off the list price: see [`crate::discounts`].
pub fn discount() -> InputRule {
    InputRule {
        label: ("A discount", "折扣"),
        min: MIN_PERCENT,
        max: MAX_PERCENT,
        whole: false,
        unit: ("%".into(), "%".into()),
        bound_unit: " %",
        why: Some((
            "no provider discounts a GPU by more: even spot prices stop near 90 % off; \
             type 15 for −15 %",
            "没有服务商给 GPU 更大的折扣，竞价实例最多也只比按需便宜约 90%；−15% 请填 15",
        )),
    }
}

/// The age limit of the "hide prices older than" box, in whole months; a link's `age` keeps
/// the same bounds.
pub fn max_age() -> InputRule {
    InputRule {
        label: ("The age limit", "时限"),
        min: 1.0,
        max: f64::from(MAX_AGE_MONTHS),
        whole: true,
        unit: ("months".into(), "个月".into()),
        bound_unit: "",
        why: None,
    }
}

/// A constraint of the ranking ("Must have"): memory per accelerator, accelerator counts, a
/// budget per instance-hour. Blank means no constraint; a negative or absurd value is refused,
/// not turned into another one.
pub fn constraint(kind: ConstraintBox) -> InputRule {
    let (label, min, max, whole, unit) = match kind {
        ConstraintBox::Memory => (
            ("Memory per accelerator", "单卡显存"),
            1.0,
            10_000.0,
            false,
            ("GB", "GB"),
        ),
        ConstraintBox::Count => (
            ("An accelerator count", "加速卡数"),
            1.0,
            100_000.0,
            true,
            ("accelerators", "张"),
        ),
        ConstraintBox::Budget => (
            ("A budget", "预算"),
            0.01,
            10_000_000.0,
            false,
            (
                "per instance-hour, in the view's currency",
                "每实例小时（当前货币）",
            ),
        ),
    };
    InputRule {
        label,
        min,
        max,
        whole,
        unit: (unit.0.into(), unit.1.into()),
        bound_unit: "",
        why: None,
    }
}

/// Which constraint box a [`constraint`] rule is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintBox {
    Memory,
    Count,
    Budget,
}

/// Reads a constraint box: `Ok(None)` when blank (no constraint).
pub fn read_constraint(kind: ConstraintBox, text: &str) -> Result<Option<f64>, ProblemKind> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    constraint(kind).read(text).map(Some)
}

/// A custom offer's price, in its own `currency` and `unit`. The floor is a hundredth of the
/// currency's unit (the cheapest GPU shares rent for a few cents an hour; 1e-300 once put a
/// free 8×H100 at the top of the table); the ceilings are far above any instance: 100,000 an
/// instance-hour is 10,000 accelerators at 10 an hour.
pub fn custom_price(unit: PriceUnit, currency: Currency) -> InputRule {
    let (min, max) = price_band(unit);
    let (en, zh) = unit_words(unit);
    InputRule {
        label: ("The price", "价格"),
        min,
        max,
        whole: false,
        unit: (
            format!("{} per {en}", currency.code()),
            format!("{}/{zh}", currency.code()),
        ),
        bound_unit: "",
        why: None,
    }
}

/// Why the custom-offer form refused its price, with the range, and that nothing was added.
pub fn custom_price_refused(
    unit: PriceUnit,
    currency: Currency,
    kind: ProblemKind,
    lang: Lang,
) -> String {
    let why = custom_price(unit, currency).message(kind, lang);
    match lang {
        Lang::En => format!("{why} Nothing was added."),
        Lang::Zh => format!("{why}未添加任何报价。"),
    }
}

/// The smallest and largest price of a custom offer in `unit`.
pub fn price_band(unit: PriceUnit) -> (f64, f64) {
    match unit {
        PriceUnit::InstanceHour => (0.01, 100_000.0),
        PriceUnit::AcceleratorHour => (0.01, 10_000.0),
        PriceUnit::InstanceMonth => (1.0, 5_000_000.0),
        PriceUnit::AcceleratorMonth => (1.0, 5_000_000.0),
        // A whole reserved term (up to 3 years) of a big instance.
        PriceUnit::InstanceTerm => (1.0, 9_000_000.0),
        PriceUnit::AcceleratorSecond => (0.000_001, 10.0),
    }
}

/// What one unit of a catalog price buys, in English and Chinese (the detail view's words too).
pub fn unit_words(unit: PriceUnit) -> (&'static str, &'static str) {
    match unit {
        PriceUnit::InstanceHour => ("instance-hour", "实例·小时"),
        PriceUnit::AcceleratorHour => ("accelerator-hour", "卡·小时"),
        PriceUnit::InstanceMonth => ("instance-month", "实例·月"),
        PriceUnit::AcceleratorMonth => ("accelerator-month", "卡·月"),
        PriceUnit::InstanceTerm => ("whole term", "整个期限"),
        PriceUnit::AcceleratorSecond => ("accelerator-second", "卡·秒"),
    }
}

impl InputRule {
    /// The number in `text` when it keeps the rule, else what is wrong with it.
    pub fn read(&self, text: &str) -> Result<f64, ProblemKind> {
        let value = parse_amount(text).map_err(|p| p.kind)?;
        self.check(value)
    }

    /// `x` when it keeps the rule, else which side it breaks.
    pub fn check(&self, x: f64) -> Result<f64, ProblemKind> {
        if !x.is_finite() {
            Err(ProblemKind::NotFinite)
        } else if self.whole && x.fract() != 0.0 {
            // "0.5 months" is not a whole number, first: "at least 1" would hide why.
            Err(ProblemKind::NotWhole)
        } else if x < self.min {
            Err(ProblemKind::BelowMin)
        } else if x > self.max {
            Err(ProblemKind::AboveMax)
        } else {
            Ok(x)
        }
    }

    /// "Allowed: 0.01 to 95 % (why)." in `lang`.
    pub fn allowed(&self, lang: Lang) -> String {
        let (min, max) = (format::quantity(self.min), format::quantity(self.max));
        match lang {
            Lang::En => {
                let why = self
                    .why
                    .map(|(en, _)| format!(" ({en})"))
                    .unwrap_or_default();
                format!("Allowed: {min} to {max} {}{why}.", self.unit.0)
            }
            Lang::Zh => {
                let why = self
                    .why
                    .map(|(_, zh)| format!("（{zh}）"))
                    .unwrap_or_default();
                format!("允许范围：{min} 至 {max} {}{why}。", self.unit.1)
            }
        }
    }

    /// Why a value was refused, then the allowed range: "A discount must be at most 95 %.
    /// Allowed: 0.01 to 95 % (…)." The caller adds what stays in force.
    pub fn message(&self, kind: ProblemKind, lang: Lang) -> String {
        let bound = |x: f64| format!("{}{}", format::quantity(x), self.bound_unit);
        let (label_en, label_zh) = self.label;
        let first = match (kind, lang) {
            (ProblemKind::Empty, Lang::En) => format!("{label_en} is empty."),
            (ProblemKind::Empty, Lang::Zh) => format!("{label_zh}不能为空。"),
            (ProblemKind::NotANumber | ProblemKind::TooLong, Lang::En) => {
                format!("{label_en} is not a number.")
            }
            (ProblemKind::NotANumber | ProblemKind::TooLong, Lang::Zh) => {
                format!("{label_zh}不是数字。")
            }
            (ProblemKind::NotFinite, Lang::En) => format!("{label_en} must be a finite number."),
            (ProblemKind::NotFinite, Lang::Zh) => format!("{label_zh}必须是有限的数值。"),
            (ProblemKind::BelowMin, Lang::En) => {
                format!("{label_en} must be at least {}.", bound(self.min))
            }
            (ProblemKind::BelowMin, Lang::Zh) => {
                format!("{label_zh}不能小于 {}。", bound(self.min))
            }
            (ProblemKind::AboveMax, Lang::En) => {
                format!("{label_en} must be at most {}.", bound(self.max))
            }
            (ProblemKind::AboveMax, Lang::Zh) => {
                format!("{label_zh}不能大于 {}。", bound(self.max))
            }
            (ProblemKind::NotWhole, Lang::En) => format!("{label_en} must be a whole number."),
            (ProblemKind::NotWhole, Lang::Zh) => format!("{label_zh}必须是整数。"),
            (_, Lang::En) => format!("{label_en} is outside the allowed range."),
            (_, Lang::Zh) => format!("{label_zh}超出允许范围。"),
        };
        let space = if lang == Lang::En { " " } else { "" };
        format!("{first}{space}{}", self.allowed(lang))
    }
}

/// Reads the age-limit box: `Ok(None)` when blank (no limit), whole months when the rule
/// holds.
pub fn read_max_age(text: &str) -> Result<Option<u32>, ProblemKind> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    // Within 1..=MAX_AGE_MONTHS and whole, so the cast is exact.
    max_age().read(text).map(|m| Some(m as u32))
}

/// Why the age-limit box refused its text, with the range, and the limit still in force.
pub fn max_age_refused(kind: ProblemKind, in_force: Option<u32>, lang: Lang) -> String {
    let why = max_age().message(kind, lang);
    match (in_force, lang) {
        (Some(m), Lang::En) => format!("{why} Prices older than {m} months are still hidden."),
        (Some(m), Lang::Zh) => format!("{why}仍隐藏 {m} 个月以前的价格。"),
        (None, Lang::En) => format!("{why} No age limit applies."),
        (None, Lang::Zh) => format!("{why}未设时限。"),
    }
}

/// How many applied texts [`Typing`] remembers besides the first; a box's typing is a
/// handful of keystrokes.
const MAX_STEPS: usize = 32;

/// The values one box applied while someone typed, to find the last good one when a text is
/// refused: the value of the newest applied text that is not just the beginning of the
/// refused one (a blank box counts, a deliberate "none"), or else the value the box started
/// with. "8" then "eight" keeps 8; "1", "1e", …, "1e999" puts back what was there before "1".
#[derive(Debug, Clone, PartialEq)]
pub struct Typing<T> {
    /// The box's text and value when it was set from the state.
    start: (String, T),
    /// Each applied text since, oldest first.
    steps: Vec<(String, T)>,
}

impl<T: Clone> Typing<T> {
    /// A box showing `text` for `value`, as the state holds it.
    pub fn new(text: &str, value: T) -> Typing<T> {
        Typing {
            start: (text.trim().to_string(), value),
            steps: Vec::new(),
        }
    }

    /// `text` typed, and what the box's rule made of it: `Ok` with the value to apply, or
    /// `Err` with the refusal and the last good value, which the state should hold again.
    pub fn typed<E>(&mut self, text: &str, read: Result<T, E>) -> Result<T, (E, T)> {
        let text = text.trim();
        match read {
            Ok(value) => {
                if self.steps.len() >= MAX_STEPS {
                    self.steps.remove(0);
                }
                self.steps.push((text.to_string(), value.clone()));
                Ok(value)
            }
            Err(why) => Err((why, self.last_good(text))),
        }
    }

    fn last_good(&self, refused: &str) -> T {
        self.steps
            .iter()
            .rev()
            .find(|(text, _)| text.is_empty() || !refused.starts_with(text.as_str()))
            .unwrap_or(&self.start)
            .1
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_discount_of_99_999_percent_is_refused_naming_the_range_and_why() {
        let rule = discount();
        for typed in [
            "99.999", "95.01", "100", "1e999", "0", "-5", "0.001", "fifteen",
        ] {
            assert!(rule.read(typed).is_err(), "{typed}");
        }
        for typed in ["0.01", "15", " 12.5 ", "95"] {
            assert!(rule.read(typed).is_ok(), "{typed}");
        }
        let kind = rule.read("99.999").unwrap_err();
        assert_eq!(
            rule.message(kind, Lang::En),
            "A discount must be at most 95 %. Allowed: 0.01 to 95 % (no provider discounts a \
             GPU by more: even spot prices stop near 90 % off; type 15 for −15 %)."
        );
        assert!(rule
            .message(kind, Lang::Zh)
            .starts_with("折扣不能大于 95 %。允许范围：0.01 至 95 %（"));
    }

    #[test]
    fn a_custom_price_of_1e_minus_300_is_refused_naming_its_unit_and_currency() {
        let rule = custom_price(PriceUnit::InstanceHour, Currency::Usd);
        for typed in ["1e-300", "0", "-5", "0.001", "1e300", "1e999", "lots", ""] {
            assert!(rule.read(typed).is_err(), "{typed}");
        }
        assert_eq!(rule.read("16"), Ok(16.0));
        assert_eq!(rule.read("1,234.5"), Ok(1234.5));
        assert_eq!(
            rule.message(rule.read("1e-300").unwrap_err(), Lang::En),
            "The price must be at least 0.01. Allowed: 0.01 to 100,000 USD per instance-hour."
        );
        assert_eq!(
            custom_price(PriceUnit::InstanceMonth, Currency::Cny)
                .message(ProblemKind::AboveMax, Lang::Zh),
            "价格不能大于 5,000,000。允许范围：1 至 5,000,000 CNY/实例·月。"
        );
        assert_eq!(
            custom_price_refused(
                PriceUnit::AcceleratorHour,
                Currency::Eur,
                ProblemKind::NotANumber,
                Lang::En
            ),
            "The price is not a number. Allowed: 0.01 to 10,000 EUR per accelerator-hour. \
             Nothing was added."
        );
        // Every band lies inside what a custom offer itself accepts (above 0, below 1e7).
        for unit in [
            PriceUnit::InstanceHour,
            PriceUnit::AcceleratorHour,
            PriceUnit::InstanceMonth,
            PriceUnit::AcceleratorMonth,
            PriceUnit::InstanceTerm,
            PriceUnit::AcceleratorSecond,
        ] {
            let (min, max) = price_band(unit);
            assert!(min > 0.0 && min < max && max < 1e7, "{unit:?}");
        }
    }

    #[test]
    fn the_age_limit_is_a_whole_number_of_months_so_half_and_minus_five_are_refused() {
        assert_eq!(read_max_age("12"), Ok(Some(12)));
        assert_eq!(read_max_age(" "), Ok(None));
        assert_eq!(read_max_age("600"), Ok(Some(600)));
        assert_eq!(read_max_age("0.5"), Err(ProblemKind::NotWhole));
        assert_eq!(read_max_age("-5"), Err(ProblemKind::BelowMin));
        assert_eq!(read_max_age("0"), Err(ProblemKind::BelowMin));
        assert_eq!(read_max_age("601"), Err(ProblemKind::AboveMax));
        assert_eq!(read_max_age("1e999"), Err(ProblemKind::NotFinite));
        assert_eq!(
            max_age().message(ProblemKind::NotWhole, Lang::En),
            "The age limit must be a whole number. Allowed: 1 to 600 months."
        );
        assert_eq!(
            max_age().message(ProblemKind::BelowMin, Lang::Zh),
            "时限不能小于 1。允许范围：1 至 600 个月。"
        );
        assert_eq!(
            max_age_refused(ProblemKind::BelowMin, None, Lang::En),
            "The age limit must be at least 1. Allowed: 1 to 600 months. No age limit applies."
        );
        assert_eq!(
            max_age_refused(ProblemKind::NotWhole, Some(12), Lang::Zh),
            "时限必须是整数。允许范围：1 至 600 个月。仍隐藏 12 个月以前的价格。"
        );
    }

    #[test]
    fn a_refused_text_puts_back_the_value_from_before_the_keystrokes_that_led_to_it() {
        // Typing "1e999" into an empty rate box: "1" applies for a keystroke, then every
        // longer text is refused and the reference (none) is back.
        let mut rate = Typing::new("", None::<f64>);
        assert_eq!(rate.typed("1", Ok::<_, ()>(Some(1.0))), Ok(Some(1.0)));
        for refused in ["1e", "1e9", "1e99", "1e999"] {
            assert_eq!(rate.typed(refused, Err(())), Err(((), None)), "{refused}");
        }
        // Replacing a rate in force with words keeps the rate: "8" is not how "eight" begins.
        let mut rate = Typing::new("", None::<f64>);
        assert_eq!(rate.typed("8", Ok::<_, ()>(Some(8.0))), Ok(Some(8.0)));
        assert_eq!(rate.typed("eight", Err(())), Err(((), Some(8.0))));
        assert_eq!(rate.typed("1e-300", Err(())), Err(((), Some(8.0))));
        // A box cleared on purpose is an answer: typing on from there falls back to it.
        let mut months = Typing::new("12", Some(12u32));
        for (text, value) in [("", None), ("2", Some(2))] {
            assert_eq!(months.typed(text, Ok::<_, ()>(value)), Ok(value));
        }
        assert_eq!(months.typed("2.5", Err(())), Err(((), None)));
        // What the box started with is the floor.
        let mut months = Typing::new("12", Some(12u32));
        assert_eq!(months.typed("12.5", Err(())), Err(((), Some(12))));
        assert_eq!(months.typed("-", Err(())), Err(((), Some(12))));
        // "0.5" and "-5" typed key by key never apply anything.
        let mut months = Typing::new("", None::<u32>);
        for text in ["0", "0.", "0.5", "-", "-5"] {
            let read = read_max_age(text).map_err(|_| ());
            assert_eq!(months.typed(text, read), Err(((), None)), "{text}");
        }
    }

    #[test]
    fn typing_remembers_a_bounded_number_of_steps() {
        let mut box_ = Typing::new("", 0u32);
        for i in 1..100 {
            let _ = box_.typed(&i.to_string(), Ok::<_, ()>(i));
        }
        assert_eq!(box_.steps.len(), MAX_STEPS);
        assert_eq!(box_.typed("99x", Err(())), Err(((), 98)));
    }

    #[test]
    fn a_constraint_box_refuses_negative_and_fractional_counts_and_keeps_blank_as_none() {
        assert_eq!(read_constraint(ConstraintBox::Count, " "), Ok(None));
        assert_eq!(read_constraint(ConstraintBox::Count, "8"), Ok(Some(8.0)));
        assert_eq!(
            read_constraint(ConstraintBox::Count, "-5"),
            Err(ProblemKind::BelowMin)
        );
        assert_eq!(
            read_constraint(ConstraintBox::Count, "0.5"),
            Err(ProblemKind::NotWhole)
        );
        assert_eq!(
            read_constraint(ConstraintBox::Memory, "1e999"),
            Err(ProblemKind::NotFinite)
        );
        let said = constraint(ConstraintBox::Count).message(ProblemKind::BelowMin, Lang::En);
        assert_eq!(
            said,
            "An accelerator count must be at least 1. Allowed: 1 to 100,000 accelerators."
        );
    }
}
