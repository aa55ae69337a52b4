//! The catalog version a link carries: `cv=<day>`, the catalog's newest recorded day
//! (`catalog::history`), so that opening the link later can say which prices of its view
//! changed since (`present::history::since`).
//!
//! The key is written last, after the view: it is not part of the view, a link without it
//! reads exactly as before (no format version needed), and an older app reports it as an
//! unknown key and applies the rest. An empty query (the first screen) stays empty: there is
//! no view to compare. A link at the very length limit goes without it rather than losing a
//! setting; opening it then says nothing, never something false.

use catalog::AsOf;

use super::keys::Key;
use super::length::{bounded, Bounded};
use super::query::MAX_QUERY_CHARS;
use crate::view::state::ViewState;

/// A catalog version as a link writes it: an exact day, never an estimate.
pub(super) fn read_version(text: &str) -> Option<AsOf> {
    AsOf::parse(text.trim())
        .ok()
        .filter(|d| !d.estimated && d.day.is_some())
}

/// The link of `state` within the length limit ([`bounded`]), with the catalog `version`
/// appended when there is one and room for it.
pub fn stamped(state: &ViewState, version: Option<AsOf>) -> Bounded {
    let mut link = bounded(state);
    if let Some(version) = version {
        let stamp = format!("{}={version}", Key::CatalogVersion.name());
        if !link.query.is_empty() && link.query.len() + 1 + stamp.len() <= MAX_QUERY_CHARS {
            link.query.push('&');
            link.query.push_str(&stamp);
        }
    }
    link
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{decode, encode, Reason};

    fn version() -> AsOf {
        AsOf::day(2026, 12, 2)
    }

    #[test]
    fn a_view_link_carries_the_version_last_and_reads_back_the_same_view() {
        let mut state = ViewState::default();
        state.filters.accelerators = ["h100-sxm5-80gb".to_string()].into();
        let link = stamped(&state, Some(version()));
        assert_eq!(link.query, format!("{}&cv=2026-12-02", encode(&state)));
        let opened = decode(&link.query, &|_| true);
        assert_eq!(opened.state, decode(&encode(&state), &|_| true).state);
        assert_eq!(opened.catalog_version, Some(version()));
        assert!(opened.ignored.is_empty(), "{:?}", opened.ignored);
        // No version known: the link as before.
        assert_eq!(stamped(&state, None).query, encode(&state));
    }

    #[test]
    fn the_first_screen_stays_an_empty_link_and_a_version_alone_is_a_first_screen() {
        assert_eq!(stamped(&ViewState::default(), Some(version())).query, "");
        let opened = decode("v=1&cv=2026-12-01", &|_| true);
        assert!(opened.first_screen);
        assert_eq!(opened.catalog_version, Some(AsOf::day(2026, 12, 1)));
    }

    #[test]
    fn a_link_without_the_key_reads_as_before_and_a_bad_one_is_reported() {
        let plain = decode("v=1&gpu=h100-sxm5-80gb", &|_| true);
        assert_eq!(plain.catalog_version, None);
        for bad in ["2026-13-01", "~2026-12-01", "2026-12", "yesterday", ""] {
            let opened = decode(&format!("v=1&gpu=h100-sxm5-80gb&cv={bad}"), &|_| true);
            assert_eq!(opened.catalog_version, None, "{bad}");
            assert_eq!(opened.state, plain.state, "{bad}: the rest is kept");
            assert_eq!(opened.ignored.len(), 1, "{bad}: {:?}", opened.ignored);
            assert_eq!(opened.ignored[0].key, "cv");
            assert_eq!(opened.ignored[0].reason, Reason::BadValue);
        }
    }

    #[test]
    fn a_link_at_the_length_limit_keeps_its_settings_rather_than_the_version() {
        let mut state = ViewState::default();
        state.filters.search = "x".repeat(MAX_QUERY_CHARS);
        let link = stamped(&state, Some(version()));
        assert!(link.query.len() <= MAX_QUERY_CHARS);
        let mut state = ViewState::default();
        state.filters.search = "y".repeat(MAX_QUERY_CHARS - 20);
        let link = stamped(&state, Some(version()));
        assert!(link.query.len() <= MAX_QUERY_CHARS, "{}", link.query.len());
    }
}
