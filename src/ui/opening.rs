//! The view the page opens with, settled once the catalog is here: the link's settings, then
//! the visitor's saved language and theme, then their browser's language; their own discounts
//! unless the link brings some; a currency nobody picked following the language; and a link's
//! custom rate the reference refuses left out (and said in the link's notice). The start
//! answers the pre-rendered screen with it before the app's page is set up
//! (`screen_answer::answer_early`), and the app's page starts from the same view.

use super::browser;
use super::discounts_menu;
use super::link;
use crate::engine::catalog::fx::Fx;
use crate::engine::catalog::AsOf;
use crate::engine::explorer::Explorer;
use crate::engine::present::i18n::Lang;
use crate::engine::share::{self, Ignored};
use crate::engine::view::state::ViewState;

#[derive(Debug, Clone)]
pub struct Opening {
    pub state: ViewState,
    /// What the link asked for that could not be honoured.
    pub ignored: Vec<Ignored>,
    /// The catalog version the link was made with, for the "changed since" notice.
    pub catalog_version: Option<AsOf>,
}

/// The view the page at this address opens with, over `explorer`'s catalog.
pub fn opening(explorer: &Explorer<'_>) -> Opening {
    // The link decides first, then saved preferences, then the browser's language.
    let query = link::current_query();
    let decoded = share::decode(&query, &|id| explorer.entry(id).is_some());
    let mut state = decoded.state;
    let stored = browser::load_preferences();
    if !link::query_sets(&query, "lang") {
        state.lang = stored.lang.unwrap_or_else(|| {
            let languages = browser::browser_languages();
            Lang::from_browser(languages.iter().map(String::as_str))
        });
    }
    if !link::query_sets(&query, "theme") {
        state.theme = stored.theme;
    }
    // The visitor's own discounts, unless the link brings some.
    if !link::query_sets(&query, share::Key::Discounts.name()) {
        state.discounts = discounts_menu::load_discounts();
    }
    // A currency nobody picked (no `cur` in the link) is the reader's language's: a zh-CN
    // browser opens a shared link without `cur` in CNY. A link's `cur` stays.
    state.settle_currency();
    // A link's own USD→CNY rate is judged against the reference only now that it is here.
    let mut ignored = decoded.ignored;
    ignored.extend(share::settle_custom_rate(
        &mut state,
        &Fx::newest(&explorer.catalog.fx),
    ));
    Opening {
        state,
        ignored,
        catalog_version: decoded.catalog_version,
    }
}
