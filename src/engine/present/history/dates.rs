//! Dates in sentences, in the reader's language: "22 Jul 2026", "≈ 2025"; "2026年7月22日",
//! "约 2025年". Tables and chart axes keep the compact form (`format::date`).

use catalog::{AsOf, Lang};

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A date as a sentence writes it; an estimate keeps its mark.
pub fn long_date(date: &AsOf, lang: Lang) -> String {
    let month = date.month.filter(|m| (1..=12).contains(m));
    let text = match lang {
        Lang::En => match (date.day, month) {
            (Some(d), Some(m)) => format!("{d} {} {}", MONTHS[usize::from(m) - 1], date.year),
            (None, Some(m)) => format!("{} {}", MONTHS[usize::from(m) - 1], date.year),
            _ => date.year.to_string(),
        },
        Lang::Zh => match (date.day, month) {
            (Some(d), Some(m)) => format!("{}年{m}月{d}日", date.year),
            (None, Some(m)) => format!("{}年{m}月", date.year),
            _ => format!("{}年", date.year),
        },
    };
    match (date.estimated, lang) {
        (false, _) => text,
        (true, Lang::En) => format!("≈ {text}"),
        (true, Lang::Zh) => format!("约 {text}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_naturally_and_estimates_stay_marked() {
        let day = AsOf::day(2026, 7, 22);
        assert_eq!(long_date(&day, Lang::En), "22 Jul 2026");
        assert_eq!(long_date(&day, Lang::Zh), "2026年7月22日");
        let year = AsOf::parse("~2025").unwrap();
        assert_eq!(long_date(&year, Lang::En), "≈ 2025");
        assert_eq!(long_date(&year, Lang::Zh), "约 2025年");
        let month = AsOf::parse("~2025-06").unwrap();
        assert_eq!(long_date(&month, Lang::En), "≈ Jun 2025");
    }
}
