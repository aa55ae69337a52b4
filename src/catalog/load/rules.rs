//! Rules more than one catalog file keeps: sane numeric ranges, plain ids, citable sources.

use crate::date::AsOf;
use crate::model::Source;
use crate::problem::Problem;

/// Checks that an optional number lies in a sane range, naming the field if not.
pub fn check_range(value: Option<f64>, (low, high): (f64, f64), report: impl FnOnce(String)) {
    if let Some(v) = value {
        if !v.is_finite() || v < low || v > high {
            report(format!("{v} is outside the sane range {low}..={high}"));
        }
    }
}

/// Ids are written in URLs and file names: keep them plain.
pub fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A TOML error's text, with toml's own line and column kept.
pub fn toml_message(err: &toml::de::Error) -> String {
    err.to_string().trim().replace('\n', " ")
}

/// Sources must be citable: a unique id, a title and a web address.
pub fn check_sources(file: &str, sources: &[Source], today: AsOf, problems: &mut Vec<Problem>) {
    for (i, s) in sources.iter().enumerate() {
        let place = format!("source {}", s.id);
        if !is_plain_id(&s.id) {
            problems.push(Problem::new(
                file,
                &place,
                "id",
                "use letters, digits, . _ -",
            ));
        }
        if sources[..i].iter().any(|o| o.id == s.id) {
            problems.push(Problem::new(file, &place, "id", "duplicate source id"));
        }
        if s.title.trim().is_empty() {
            problems.push(Problem::new(file, &place, "title", "empty"));
        }
        if !(s.url.starts_with("https://") || s.url.starts_with("http://")) {
            problems.push(Problem::new(
                file,
                &place,
                "url",
                format!("{:?} is not a web address", s.url),
            ));
        }
        if let Some(date) = s.date {
            if date > today {
                problems.push(Problem::new(file, &place, "date", "lies in the future"));
            }
        }
    }
}
