//! Reading the USD→CNY rate the user types, by the one rule [`Rates`] keeps: a positive
//! number within a factor of [`CUSTOM_RATE_BAND`] of the reference rate. A rate far outside
//! that band is a typo (1e-300 once made every CNY price in the table hundreds of digits
//! long), so it is refused with the band named, and the reference rate stays in force.

use crate::pricing::{custom_rate_allowed, custom_rate_band};
#[cfg(doc)]
use crate::pricing::{Rates, CUSTOM_RATE_BAND};
use catalog::Lang;
use workload::{parse_amount, ProblemKind};

/// Why a typed rate is not used. Each says the band a rate must fall in, so the user knows
/// what to type; without a reference rate the band is every positive number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RateProblem {
    /// Not a number at all ("eight", "NaN"): the band's ends.
    NotANumber { low: f64, high: f64 },
    /// A number too large to be finite ("1e999"): the band's ends.
    NotFinite { low: f64, high: f64 },
    /// A number outside the band around the reference: the band's ends.
    OutOfBand { low: f64, high: f64 },
}

/// Reads the rate box: `Ok(None)` when empty (the reference applies), the rate when it
/// obeys the rule, else why not.
pub fn read(text: &str, reference: Option<f64>) -> Result<Option<f64>, RateProblem> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let (low, high) = reference.map_or((0.0, f64::INFINITY), custom_rate_band);
    let rate = parse_amount(text).map_err(|p| match p.kind {
        ProblemKind::NotFinite => RateProblem::NotFinite { low, high },
        _ => RateProblem::NotANumber { low, high },
    })?;
    if custom_rate_allowed(rate, reference) {
        return Ok(Some(rate));
    }
    Err(RateProblem::OutOfBand { low, high })
}

impl RateProblem {
    /// The message under the box. Refused text changes nothing, so it also says which rate
    /// is still in force: `in_force`, the user's last good rate, or else the reference.
    pub fn message(&self, lang: Lang, in_force: Option<f64>) -> String {
        let (RateProblem::NotANumber { low, high }
        | RateProblem::NotFinite { low, high }
        | RateProblem::OutOfBand { low, high }) = *self;
        let band = match (lang, high.is_finite()) {
            (Lang::En, true) => format!(
                "A USD→CNY rate must be between {low:.2} and {high:.2} (within 10× of the \
                 reference)"
            ),
            (Lang::Zh, true) => {
                format!("美元→人民币汇率须在 {low:.2} 至 {high:.2} 之间（参考汇率的 10 倍以内）")
            }
            (Lang::En, false) => "A USD→CNY rate must be a number above 0".to_string(),
            (Lang::Zh, false) => "美元→人民币汇率须为大于 0 的数".to_string(),
        };
        let why = match (self, lang) {
            (RateProblem::NotANumber { .. }, Lang::En) => format!("Not a rate. {band}"),
            (RateProblem::NotANumber { .. }, Lang::Zh) => format!("不是有效汇率。{band}"),
            (RateProblem::NotFinite { .. }, Lang::En) => {
                format!("Not a finite number. {band}")
            }
            (RateProblem::NotFinite { .. }, Lang::Zh) => format!("不是有限的数值。{band}"),
            (RateProblem::OutOfBand { .. }, _) => band,
        };
        match (lang, in_force) {
            (Lang::En, Some(rate)) => format!("{why}: your rate of {rate} still applies."),
            (Lang::Zh, Some(rate)) => format!("{why}：仍使用您之前的汇率 {rate}。"),
            (Lang::En, None) => format!("{why}: the reference rate applies."),
            (Lang::Zh, None) => format!("{why}：仍使用参考汇率。"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: Option<f64> = Some(7.1);

    #[test]
    fn a_plausible_rate_is_taken_and_an_empty_box_means_the_reference() {
        assert_eq!(read("7.25", REFERENCE), Ok(Some(7.25)));
        assert_eq!(read(" ７．５ ", REFERENCE), Ok(Some(7.5)));
        assert_eq!(read("", REFERENCE), Ok(None));
        assert_eq!(read("  ", REFERENCE), Ok(None));
    }

    #[test]
    fn a_rate_far_from_the_reference_is_refused_naming_the_band() {
        for typed in ["1e-300", "0.5", "72", "1e300", "0", "-7"] {
            let problem = read(typed, REFERENCE).unwrap_err();
            assert!(
                matches!(problem, RateProblem::OutOfBand { .. }),
                "{typed}: {problem:?}"
            );
            assert_eq!(
                problem.message(Lang::En, None),
                "A USD→CNY rate must be between 0.71 and 71.00 (within 10× of the reference): \
                 the reference rate applies."
            );
            assert!(problem.message(Lang::Zh, None).contains("0.71 至 71.00"));
            assert!(problem
                .message(Lang::En, Some(8.0))
                .ends_with(": your rate of 8 still applies."));
        }
        let band = RateProblem::NotANumber {
            low: 0.71,
            high: 71.0,
        };
        assert!(matches!(
            read("eight", REFERENCE),
            Err(RateProblem::NotANumber { .. })
        ));
        assert!(matches!(
            read("NaN", REFERENCE),
            Err(RateProblem::NotANumber { .. })
        ));
        assert_eq!(
            band.message(Lang::En, Some(8.0)),
            "Not a rate. A USD→CNY rate must be between 0.71 and 71.00 (within 10× of the \
             reference): your rate of 8 still applies."
        );
    }

    #[test]
    fn a_rate_of_1e999_is_refused_naming_the_band_not_taken_as_any_rate() {
        let problem = read("1e999", REFERENCE).unwrap_err();
        assert!(
            matches!(problem, RateProblem::NotFinite { .. }),
            "{problem:?}"
        );
        let said = problem.message(Lang::En, None);
        assert!(said.starts_with("Not a finite number. A USD→CNY rate must be between 0."));
        assert!(said.ends_with("(within 10× of the reference): the reference rate applies."));
        assert!(problem.message(Lang::Zh, None).contains("须在 0."));
        // Without a reference rate, the band is every positive number, and said so.
        assert_eq!(
            read("1e999", None).unwrap_err().message(Lang::En, None),
            "Not a finite number. A USD→CNY rate must be a number above 0: the reference \
             rate applies."
        );
    }

    #[test]
    fn without_a_reference_any_positive_rate_is_taken() {
        assert_eq!(read("100", None), Ok(Some(100.0)));
        assert!(read("-1", None).is_err());
    }
}
