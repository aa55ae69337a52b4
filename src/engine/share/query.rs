//! Cutting a pasted query into parameters, within fixed limits.
//!
//! A link can come from anywhere, so the work done on one is bounded before anything is read:
//! at most [`MAX_QUERY`] bytes and [`MAX_PARAMS`] parameters are looked at, and whatever lies
//! beyond is reported once rather than item by item.

use super::notice::{Ignored, Reason};
use super::percent::{preview, shorten, unescape};

/// The longest query read; a real link is a few hundred bytes.
pub(super) const MAX_QUERY: usize = 64 * 1024;
/// The most parameters read; a link written by [`super::encode`] has about fifty at most.
pub(super) const MAX_PARAMS: usize = 256;

/// The name the notice gives to limits on the link as a whole.
pub(super) const WHOLE_LINK: &str = "…";

/// The most characters a link's query (after `?`) may hold: 2,000, a quarter of the ~8 KB
/// of request line and headers GitHub Pages accepts, and short enough for chat apps and a
/// QR code. Links the app writes stay within it (`share::bounded`); a longer one is still
/// read (up to [`MAX_QUERY`]) and the notice says it is too long.
pub const MAX_QUERY_CHARS: usize = 2_000;

/// "20,000": a count as the notice and messages write it.
pub(super) fn group_thousands(n: usize) -> String {
    catalog::format::quantity(n as f64)
}

/// One `key=value` of the query: the key read and lower-cased, the value still as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Param<'a> {
    pub key: String,
    pub raw: &'a str,
}

/// A query that some tool escaped as a whole (`v%3D1%26cur%3Dcny`), read back once. Only a
/// query with no `=` at all is a candidate: anything else has readable parameters of its own.
pub(super) fn unwrap_escaped(query: &str) -> Option<String> {
    if query.contains('=') || !query.contains('%') {
        return None;
    }
    unescape(query).ok().filter(|q| q.contains('='))
}

/// The parameters of `query` (with or without its leading `?`), in link order. Empty pieces
/// (`a=1&&b=2`) are skipped; a key that cannot be read is reported and skipped.
pub(super) fn params<'a>(query: &'a str, ignored: &mut Vec<Ignored>) -> Vec<Param<'a>> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let query = if query.len() > MAX_QUERY {
        // Cut at the last `&` inside the limit so no parameter is read half-way.
        let head = &query[..query.floor_char_boundary(MAX_QUERY)];
        let head = head.rfind('&').map_or(head, |at| &head[..at]);
        ignored.push(Ignored {
            key: WHOLE_LINK.into(),
            value: format!("{} bytes", query.len() - head.len()),
            reason: Reason::TooMany,
        });
        head
    } else {
        query
    };
    let mut pieces = query.split('&').filter(|piece| !piece.is_empty());
    let mut out = Vec::new();
    for piece in pieces.by_ref() {
        // Links copied out of HTML source arrive with `&amp;` between parameters.
        let piece = piece.strip_prefix("amp;").unwrap_or(piece);
        let (raw_key, raw) = piece.split_once('=').unwrap_or((piece, ""));
        match unescape(raw_key) {
            Ok(key) => out.push(Param {
                key: key.to_ascii_lowercase(),
                raw,
            }),
            Err(_) => ignored.push(Ignored {
                key: preview(raw_key),
                value: preview(raw),
                reason: Reason::BadValue,
            }),
        }
        if out.len() == MAX_PARAMS {
            break;
        }
    }
    let rest = pieces.count();
    if rest > 0 {
        ignored.push(Ignored {
            key: WHOLE_LINK.into(),
            value: shorten(&format!("{rest} more")),
            reason: Reason::TooMany,
        });
    }
    out
}

/// A query written from `(key, value)` pairs, each value escaped as the link writes values
/// (a comma stays a list separator): how a program states a view in the link's own terms
/// (the command line's flags), for [`decode`](super::decode) to read like any link.
pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    pairs
        .into_iter()
        .map(|(key, value)| format!("{key}={}", super::percent::escape(value, false)))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(query: &str) -> (Vec<(String, String)>, Vec<Ignored>) {
        let mut ignored = Vec::new();
        let params = params(query, &mut ignored)
            .into_iter()
            .map(|p| (p.key, p.raw.to_string()))
            .collect();
        (params, ignored)
    }

    fn pair(key: &str, raw: &str) -> (String, String) {
        (key.to_string(), raw.to_string())
    }

    #[test]
    fn a_query_splits_into_keys_and_raw_values() {
        let (params, ignored) = keys("?v=1&mem=>=80&q=a%20b&flag&&CUR=cny");
        assert_eq!(
            params,
            [
                pair("v", "1"),
                pair("mem", ">=80"),
                pair("q", "a%20b"),
                pair("flag", ""),
                pair("cur", "cny"),
            ]
        );
        assert!(ignored.is_empty());
    }

    #[test]
    fn html_escaped_ampersands_are_understood() {
        let (params, _) = keys("v=1&amp;cur=cny");
        assert_eq!(params, [pair("v", "1"), pair("cur", "cny")]);
    }

    #[test]
    fn an_unreadable_key_is_reported_and_the_rest_read() {
        let (params, ignored) = keys("%zz=1&cur=cny");
        assert_eq!(params, [pair("cur", "cny")]);
        assert_eq!(ignored.len(), 1);
        assert_eq!(ignored[0].reason, Reason::BadValue);
        assert_eq!(ignored[0].key, "%zz");
    }

    #[test]
    fn parameters_beyond_the_limit_are_reported_once() {
        let query = vec!["x=1"; MAX_PARAMS + 10].join("&");
        let (params, ignored) = keys(&query);
        assert_eq!(params.len(), MAX_PARAMS);
        assert_eq!(ignored.len(), 1);
        assert_eq!(ignored[0].value, "10 more");
        assert_eq!(ignored[0].reason, Reason::TooMany);
    }

    #[test]
    fn an_oversized_query_is_cut_between_parameters() {
        let query = format!("cur=cny&q={}", "x".repeat(MAX_QUERY));
        let (params, ignored) = keys(&query);
        assert_eq!(params, [pair("cur", "cny")]);
        assert_eq!(ignored.len(), 1);
        assert_eq!(ignored[0].key, WHOLE_LINK);
        assert_eq!(ignored[0].reason, Reason::TooMany);
    }

    #[test]
    fn an_oversized_query_is_cut_on_a_character_boundary() {
        let query = "显".repeat(MAX_QUERY);
        let (params, ignored) = keys(&query);
        assert_eq!(params.len(), 1);
        assert!(params[0].0.len() <= MAX_QUERY);
        assert_eq!(ignored.len(), 1);
    }

    #[test]
    fn a_query_escaped_as_a_whole_is_read_back_once() {
        assert_eq!(
            unwrap_escaped("v%3D1%26cur%3Dcny").as_deref(),
            Some("v=1&cur=cny")
        );
        assert_eq!(unwrap_escaped("v=1&q=%3D"), None, "already readable");
        assert_eq!(unwrap_escaped("hello"), None);
        assert_eq!(
            unwrap_escaped("%zz%3D"),
            None,
            "broken escapes stay as they are"
        );
    }
}
