//! Dates as sources give them: a day, a month or only a year, sometimes an estimate.
//!
//! A price "as of 2025-06" is honest; turning it into 2025-06-01 would claim a precision the
//! source never had. `AsOf` keeps the precision and the estimate flag, and compares by the
//! earliest day it could mean.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsOf {
    pub year: u16,
    pub month: Option<u8>,
    pub day: Option<u8>,
    /// The source's date was itself estimated ("~2025-06").
    pub estimated: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a date (YYYY-MM-DD, YYYY-MM or YYYY, with ~ for an estimate)",
            self.0
        )
    }
}

impl AsOf {
    pub fn day(year: u16, month: u8, day: u8) -> AsOf {
        AsOf {
            year,
            month: Some(month),
            day: Some(day),
            estimated: false,
        }
    }

    pub fn parse(text: &str) -> Result<AsOf, DateError> {
        let err = || DateError(text.to_string());
        let (estimated, rest) = match text.strip_prefix('~') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut parts = rest.split('-');
        let number = |part: Option<&str>, digits: usize| -> Result<Option<u32>, DateError> {
            match part {
                None => Ok(None),
                Some(p) if p.len() == digits && p.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(Some(p.bytes().fold(0, |n, b| n * 10 + u32::from(b - b'0'))))
                }
                Some(_) => Err(err()),
            }
        };
        let year = number(parts.next(), 4)?.ok_or_else(err)?;
        let month = number(parts.next(), 2)?;
        let day = number(parts.next(), 2)?;
        if parts.next().is_some() {
            return Err(err());
        }
        if let Some(m) = month {
            if !(1..=12).contains(&m) {
                return Err(err());
            }
            if let Some(d) = day {
                if d < 1 || d > days_in_month(year, m) {
                    return Err(err());
                }
            }
        }
        Ok(AsOf {
            year: year as u16,
            month: month.map(|m| m as u8),
            day: day.map(|d| d as u8),
            estimated,
        })
    }

    /// Days since 1970-01-01 of the earliest day this date can mean.
    pub fn days_since_epoch(&self) -> i64 {
        days_from_civil(
            i64::from(self.year),
            u32::from(self.month.unwrap_or(1)),
            u32::from(self.day.unwrap_or(1)),
        )
    }

    /// The calendar day `days` after 1970-01-01.
    pub fn from_days_since_epoch(days: i64) -> AsOf {
        let (y, m, d) = civil_from_days(days);
        AsOf::day(y as u16, m as u8, d as u8)
    }

    /// Whole months from this date to `today`; negative when it lies in the future.
    pub fn months_until(&self, today: &AsOf) -> i32 {
        let months = |d: &AsOf| i32::from(d.year) * 12 + i32::from(d.month.unwrap_or(1)) - 1;
        months(today) - months(self)
    }
}

impl fmt::Display for AsOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.estimated {
            f.write_str("~")?;
        }
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

impl PartialOrd for AsOf {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for AsOf {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.year, self.month, self.day, self.estimated).cmp(&(
            other.year,
            other.month,
            other.day,
            other.estimated,
        ))
    }
}

impl Serialize for AsOf {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AsOf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(AsOfText)
    }
}

/// Reads a date from the text where it stands: the catalog file holds some thirteen thousand
/// dates, and copying each into a string of its own first was a tenth of its decode's
/// allocations.
struct AsOfText;

impl serde::de::Visitor<'_> for AsOfText {
    type Value = AsOf;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a date (YYYY, YYYY-MM or YYYY-MM-DD, ~ when estimated)")
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<AsOf, E> {
        AsOf::parse(text).map_err(E::custom)
    }
}

fn is_leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

// Howard Hinnant's civil-calendar algorithms (public domain descriptions, written anew here).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_precision_and_keeps_it() {
        for text in ["2026-11-09", "2025-06", "2024", "~2025-06", "~2023"] {
            assert_eq!(AsOf::parse(text).unwrap().to_string(), text);
        }
        let d = AsOf::parse("~2025-06").unwrap();
        assert!(d.estimated);
        assert_eq!((d.year, d.month, d.day), (2025, Some(6), None));
    }

    #[test]
    fn rejects_what_is_not_a_date() {
        for text in [
            "",
            "2025-13",
            "2025-02-30",
            "25-06",
            "2025/06",
            "2025-6",
            "soon",
            "2025-06-01x",
            "~",
        ] {
            assert!(AsOf::parse(text).is_err(), "{text:?} should be rejected");
        }
        assert!(AsOf::parse("2024-02-29").is_ok());
        assert!(AsOf::parse("2023-02-29").is_err());
    }

    #[test]
    fn epoch_day_round_trips() {
        for days in [-1, 0, 59, 365, 11_016, 20_422, 30_000] {
            assert_eq!(AsOf::from_days_since_epoch(days).days_since_epoch(), days);
        }
        assert_eq!(AsOf::from_days_since_epoch(0).to_string(), "1970-01-01");
        assert_eq!(
            AsOf::parse("2026-11-30").unwrap().days_since_epoch(),
            20_787
        );
    }

    #[test]
    fn months_until_counts_calendar_months() {
        let today = AsOf::parse("2026-11-30").unwrap();
        assert_eq!(AsOf::parse("2026-11-01").unwrap().months_until(&today), 0);
        assert_eq!(AsOf::parse("2025-11").unwrap().months_until(&today), 12);
        assert_eq!(AsOf::parse("2025").unwrap().months_until(&today), 22);
        assert_eq!(AsOf::parse("2027-01").unwrap().months_until(&today), -2);
    }

    #[test]
    fn orders_by_calendar() {
        let a = AsOf::parse("2025-06").unwrap();
        let b = AsOf::parse("2025-06-15").unwrap();
        let c = AsOf::parse("2026").unwrap();
        assert!(a < b && b < c);
    }
}
