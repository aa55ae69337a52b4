//! The user's discounts in a link: `disc=aws::15:enterprise%20agreement,:spot:10`.
//!
//! Each item is `provider:term:percent:note`: an empty provider or term means every one, the
//! term is its link word (`reserved-1y`), the percent a plain number, and the note, last, may
//! hold any text (a `:` in it stays in it). Items are a comma list like every other.

use super::notice::Reason;
use super::tokens::Token;
use crate::discounts::{percent_allowed, Discount, MAX_NOTE_CHARS};
use catalog::Term;

/// `discount` as one list item, before the list's escaping.
pub(super) fn item(discount: &Discount) -> String {
    let mut text = format!(
        "{}:{}:{}",
        discount.provider.as_deref().unwrap_or(""),
        discount.term.map_or("", Token::token),
        discount.percent,
    );
    if !discount.note.is_empty() {
        text.push(':');
        text.push_str(&discount.note);
    }
    text
}

/// One item read back, or why it cannot be: the form's rules hold for links too, so a link
/// cannot bring a discount the menu would refuse.
pub(super) fn read(item: &str) -> Result<Discount, Reason> {
    let mut parts = item.splitn(4, ':');
    let (Some(provider), Some(term), Some(percent)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(Reason::BadValue);
    };
    let note = parts.next().unwrap_or("").trim();
    let provider = provider.trim();
    let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if provider.len() > 64 || !provider.chars().all(slug) {
        return Err(Reason::BadValue);
    }
    let term = match term.trim() {
        "" => None,
        word => Some(Term::from_token(word).ok_or(Reason::BadValue)?),
    };
    let percent = match percent.trim().parse::<f64>() {
        Ok(p) if percent_allowed(p) => p,
        Ok(p) if p.is_finite() => return Err(Reason::OutOfRange),
        _ => return Err(Reason::BadValue),
    };
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(Reason::TooMany);
    }
    Ok(Discount {
        provider: (!provider.is_empty()).then(|| provider.to_string()),
        term,
        percent,
        note: note.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_reads_back_as_written() {
        let shapes = [
            Discount {
                provider: Some("aws".into()),
                term: None,
                percent: 15.0,
                note: "enterprise agreement: 2026, EU".into(),
            },
            Discount {
                provider: None,
                term: Some(Term::Spot),
                percent: 10.5,
                note: String::new(),
            },
            Discount {
                provider: Some("gcp".into()),
                term: Some(Term::Reserved1y),
                percent: 0.01,
                note: "企业协议".into(),
            },
        ];
        for d in shapes {
            assert_eq!(read(&item(&d)), Ok(d.clone()), "{}", item(&d));
        }
        assert_eq!(item(&read("aws::15").unwrap()), "aws::15");
    }

    #[test]
    fn damaged_items_say_why() {
        assert_eq!(read("aws"), Err(Reason::BadValue));
        assert_eq!(read("aws::"), Err(Reason::BadValue));
        assert_eq!(read("aws::fifteen"), Err(Reason::BadValue));
        assert_eq!(read("aws::NaN"), Err(Reason::BadValue));
        assert_eq!(read("aws:someday:15"), Err(Reason::BadValue));
        assert_eq!(read("A W S::15"), Err(Reason::BadValue));
        for out in ["0", "100", "-5", "250"] {
            assert_eq!(
                read(&format!("aws::{out}")),
                Err(Reason::OutOfRange),
                "{out}"
            );
        }
        let long = format!("aws::15:{}", "x".repeat(MAX_NOTE_CHARS + 1));
        assert_eq!(read(&long), Err(Reason::TooMany));
    }

    #[test]
    fn a_view_with_discounts_survives_its_link_and_old_links_have_none() {
        use crate::share::{bounded, decode, encode, MAX_QUERY_CHARS};
        use crate::view::state::ViewState;
        let any = |_: &str| true;
        let mut state = ViewState::default();
        for d in [
            read("aws::15:enterprise agreement, 2026").unwrap(),
            read(":spot:10").unwrap(),
            read("gcp:reserved-1y:30").unwrap(),
        ] {
            state.discounts.set(d).unwrap();
        }
        let link = encode(&state);
        assert!(link.contains("disc=aws::15:enterprise%20agreement%2C%202026,:spot:10,"));
        let back = decode(&link, &any);
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
        assert_eq!(back.state, state);
        // Without the key, no discounts: every link made before them opens as it did.
        assert!(decode("v=1&cur=cny", &any).state.discounts.is_empty());
        assert!(!encode(&ViewState::default()).contains("disc"));
        // The most a view can hold still fits in a link.
        let mut full = ViewState::default();
        for i in 0..crate::discounts::MAX_DISCOUNTS {
            let note = "n".repeat(MAX_NOTE_CHARS);
            let d = read(&format!("provider-{i}:reserved-3y:12.5:{note}")).unwrap();
            full.discounts.set(d).unwrap();
        }
        let link = bounded(&full);
        assert!(link.query.len() <= MAX_QUERY_CHARS);
    }

    #[test]
    fn damaged_discounts_in_a_link_are_reported_and_the_rest_kept() {
        use crate::share::{decode, Reason};
        let any = |_: &str| true;
        let back = decode(
            "v=1&disc=aws::15,gcp::0,bogus,aws::20,:spot:10&cur=eur",
            &any,
        );
        let kept: Vec<String> = back.state.discounts.iter().map(item).collect();
        assert_eq!(kept, ["aws::15", ":spot:10"]);
        let said: Vec<(&str, Reason)> = back
            .ignored
            .iter()
            .map(|i| (i.value.as_str(), i.reason))
            .collect();
        assert_eq!(
            said,
            [
                ("gcp::0", Reason::OutOfRange),
                ("bogus", Reason::BadValue),
                ("aws::20", Reason::TooMany),
            ]
        );
        assert_eq!(back.state.price.currency, catalog::Currency::Eur);
    }
}
