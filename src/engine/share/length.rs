//! How long a link may be, and keeping links under it.
//!
//! A link passes through servers, CDNs, chat apps and QR codes before the app reads it, and
//! each has a limit: GitHub Pages answers 414 or 431 past roughly 8 KB of request line and
//! headers, chat apps cut or refuse long URLs, and a QR code past ~2,900 bytes cannot be
//! made at all. So a link's query holds at most [`MAX_QUERY_CHARS`], well under every one of
//! them. A view that would need more (a very long search, many regions or range texts) gets
//! a link without its longest settings, and the share menu says which were left out; a link
//! longer than this that arrives anyway is read as far as it goes, and the notice says so.

use super::encode::encode;
use super::query::{group_thousands, MAX_QUERY_CHARS};
use crate::view::state::ViewState;
use catalog::Lang;

/// A view's link query within [`MAX_QUERY_CHARS`], and the keys left out to get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounded {
    pub query: String,
    /// Keys of the settings not in the link, longest first; empty when all fit.
    pub left_out: Vec<String>,
}

/// The link query of `state`, leaving out its longest settings until it fits. The version
/// (`v=1`, written first) always stays, so what remains is read as it was meant.
pub fn bounded(state: &ViewState) -> Bounded {
    let full = encode(state);
    if full.len() <= MAX_QUERY_CHARS {
        return Bounded {
            query: full,
            left_out: Vec::new(),
        };
    }
    let mut params: Vec<&str> = full.split('&').collect();
    let mut left_out = Vec::new();
    // Joined length: the parameters plus one '&' between each two.
    let length = |params: &[&str]| params.iter().map(|p| p.len() + 1).sum::<usize>() - 1;
    while params.len() > 1 && length(&params) > MAX_QUERY_CHARS {
        let longest = (1..params.len())
            .max_by_key(|&i| (params[i].len(), std::cmp::Reverse(i)))
            .unwrap_or(1);
        let param = params.remove(longest);
        left_out.push(param.split('=').next().unwrap_or(param).to_string());
    }
    Bounded {
        query: params.join("&"),
        left_out,
    }
}

impl Bounded {
    /// What the share menu says when settings were left out; `None` when the link is whole.
    pub fn message(&self, lang: Lang) -> Option<String> {
        if self.left_out.is_empty() {
            return None;
        }
        let keys = self.left_out.join(", ");
        Some(match lang {
            Lang::En => format!(
                "This view is too long for a link (at most {} characters), so the link leaves \
                 out: {keys}. Shorten the search or the filters to share them too.",
                group_thousands(MAX_QUERY_CHARS)
            ),
            Lang::Zh => format!(
                "此视图过长，超出链接上限（最多 {} 个字符），链接中未包含：{keys}。\
                 缩短搜索或筛选条件后即可一并分享。",
                group_thousands(MAX_QUERY_CHARS)
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::decode;
    use crate::view::filters::RangeField;

    fn any_offer(_: &str) -> bool {
        true
    }

    #[test]
    fn a_view_that_fits_gets_its_whole_link() {
        let mut state = ViewState::default();
        state.filters.search = "h100 sxm".into();
        let link = bounded(&state);
        assert_eq!(link.query, encode(&state));
        assert!(link.left_out.is_empty());
        assert_eq!(link.message(Lang::En), None);
    }

    #[test]
    fn a_very_long_search_is_left_out_and_the_rest_kept_and_said() {
        let mut state = ViewState::default();
        state.filters.search = "h100 ".repeat(4_000);
        state
            .filters
            .ranges
            .insert(RangeField::MemoryPerAccelerator, ">=80".into());
        state.custom_rate = Some(7.2);
        let link = bounded(&state);
        assert!(link.query.len() <= MAX_QUERY_CHARS, "{}", link.query.len());
        assert!(encode(&state).len() > 20_000);
        assert_eq!(link.left_out, ["q"]);
        let back = decode(&link.query, &any_offer);
        assert!(back.ignored.is_empty(), "{:?}", back.ignored);
        assert_eq!(back.state.filters.search, "");
        assert_eq!(back.state.filters.ranges, state.filters.ranges);
        assert_eq!(back.state.custom_rate, Some(7.2));
        let said = link.message(Lang::En).unwrap();
        assert!(said.contains("at most 2,000 characters"), "{said}");
        assert!(said.contains("leaves out: q."), "{said}");
        assert!(link.message(Lang::Zh).unwrap().contains("2,000"));
    }

    #[test]
    fn many_long_settings_are_left_out_longest_first_until_it_fits() {
        let mut state = ViewState::default();
        for field in RangeField::ALL {
            state
                .filters
                .ranges
                .insert(field, format!("1..{}", "9".repeat(600)));
        }
        let link = bounded(&state);
        assert!(link.query.len() <= MAX_QUERY_CHARS);
        assert!(link.query.starts_with("v=1"));
        assert!(link.left_out.len() >= 4, "{:?}", link.left_out);
    }
}
