//! One input rule per kind of number the calculator reads: the smallest and largest value it
//! accepts, whether it must be whole, where "unusual" starts, and the unit its messages name.
//!
//! The form, the link reader and `Job::validate` all check a value against this one table
//! (`validate::check_value` says what a value breaks, in the one message form), so
//! a value the form refuses cannot come in through a link either, and every refusal names the
//! range that is allowed. The bounds are wide enough for any published job and narrow enough
//! that no result runs to hundreds of digits (an MFU of 1e-300 once gave 300-digit costs).

/// What one kind of number may be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rule {
    /// The job's serde name of the field ("mfu", "runs", …), as in [`Problem::field`].
    ///
    /// [`Problem::field`]: super::validate::Problem::field
    pub field: &'static str,
    pub min: f64,
    pub max: f64,
    /// Above this a value is applied with a warning: possible, but worth a second look.
    pub unusual: f64,
    /// Counts (runs, context, concurrency) have no fractions.
    pub whole: bool,
    /// The unit said after the allowed range, in English and Chinese ("" for none).
    pub unit: (&'static str, &'static str),
}

/// Every rule. Sources for the bounds are the sizes of published runs: Llama 3.1 405B
/// (0.4 T parameters, 15.6 T tokens, 3.8e25 FLOP); MFU is a share of peak, and published
/// large runs report 0.2–0.6, so below 1% is a typo for a percentage or a fraction.
pub const RULES: &[Rule] = &[
    // 100 T parameters is ~250× the largest dense model published; a thousand parameters is
    // a toy, but a toy is not an error.
    rule(
        "params_b",
        1e-6,
        1e5,
        1e4,
        false,
        ("billion parameters", "十亿参数"),
    ),
    // A thousand tokens to 10 P tokens (~640× Llama 3's 15.6 T).
    rule(
        "tokens_b",
        1e-6,
        1e7,
        1e6,
        false,
        ("billion tokens", "十亿 token"),
    ),
    rule("flops", 1e9, 1e32, 1e28, false, ("FLOP", "FLOP")),
    // Hours on a reference accelerator: up to 100 M (a 10,000-GPU cluster for a year is 88 M).
    rule("hours", 0.001, 1e8, 1e6, false, ("hours", "小时")),
    rule(
        "mfu",
        0.01,
        1.0,
        0.75,
        false,
        ("(1% to 100% of peak)", "（峰值的 1% 至 100%）"),
    ),
    // 100 M tokens of context is ~100× the longest offered.
    rule("context_tokens", 1.0, 1e8, 1e7, true, ("tokens", "token")),
    rule("concurrency", 1.0, 1e6, 1e4, true, ("sequences", "个序列")),
    rule(
        "tokens_per_day",
        1.0,
        1e18,
        1e14,
        false,
        ("tokens", "token"),
    ),
    // No prompt tokens at all is a plain generation job.
    rule(
        "input_tokens_per_day",
        0.0,
        1e18,
        1e14,
        false,
        ("tokens", "token"),
    ),
    rule(
        "cache_hit_share",
        0.0,
        1.0,
        1.0,
        false,
        ("(0 to 1 of the prompt tokens)", "（提示 token 的 0 至 1）"),
    ),
    rule("layers", 1.0, 1e6, 1e5, true, ("", "")),
    rule("kv_heads", 1.0, 1e6, 1e5, true, ("", "")),
    rule("head_dim", 1.0, 1e6, 1e5, true, ("", "")),
    // 3.6 seconds to 114 years: anything shorter or longer is a typo, not a plan.
    rule("deadline_hours", 0.001, 1e6, 1e5, false, ("hours", "小时")),
    rule("runs", 1.0, 1e6, 1e4, true, ("runs", "次")),
    // Zero means no checkpoints (or an instant restart); a million minutes is almost 2 years.
    rule(
        "checkpoint_minutes",
        0.0,
        1e6,
        1e5,
        false,
        ("minutes", "分钟"),
    ),
    rule("restart_minutes", 0.0, 1e6, 1e5, false, ("minutes", "分钟")),
];

const fn rule(
    field: &'static str,
    min: f64,
    max: f64,
    unusual: f64,
    whole: bool,
    unit: (&'static str, &'static str),
) -> Rule {
    Rule {
        field,
        min,
        max,
        unusual,
        whole,
        unit,
    }
}

/// The rule of `field`, if it has one.
pub fn rule_of(field: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.field == field)
}

impl Rule {
    /// "Allowed: 0.01 to 1 (1% to 100% of peak)." in English and Chinese.
    pub fn allowed(&self) -> (String, String) {
        let (min, max) = (plain(self.min), plain(self.max));
        let (unit_en, unit_zh) = self.unit;
        // A space before a word, none before nothing or a full-width bracket.
        let space = |unit: &str| match unit.chars().next() {
            None | Some('（') => "",
            Some(_) => " ",
        };
        (
            format!("Allowed: {min} to {max}{}{unit_en}.", space(unit_en)),
            format!("允许范围：{min} 至 {max}{}{unit_zh}。", space(unit_zh)),
        )
    }
}

/// A bound as people read it: "0.001", "1", "10,000", "1e18".
pub fn plain(x: f64) -> String {
    if x >= 1e7 {
        // Beyond ten million, digits are harder to count than an exponent.
        return format!("{x:e}");
    }
    if x.fract() != 0.0 {
        return x.to_string();
    }
    // Whole numbers grouped by thousands, as the rest of the app writes counts.
    catalog::format::quantity(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_has_one_rule_and_each_rule_is_sane() {
        for (i, r) in RULES.iter().enumerate() {
            assert!(
                RULES[i + 1..].iter().all(|other| other.field != r.field),
                "{} twice",
                r.field
            );
            assert!(r.min >= 0.0 && r.min < r.max, "{r:?}");
            assert!(r.min <= r.unusual && r.unusual <= r.max, "{r:?}");
        }
    }

    #[test]
    fn bounds_read_plainly() {
        assert_eq!(plain(0.001), "0.001");
        assert_eq!(plain(1.0), "1");
        assert_eq!(plain(1e6), "1,000,000");
        assert_eq!(plain(1e18), "1e18");
        assert_eq!(
            rule_of("mfu").unwrap().allowed(),
            (
                "Allowed: 0.01 to 1 (1% to 100% of peak).".to_string(),
                "允许范围：0.01 至 1（峰值的 1% 至 100%）。".to_string()
            )
        );
    }
}
