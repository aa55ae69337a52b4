//! What every component reads: the explorer, the one view-state signal and what derives from it.

use leptos::prelude::*;

use crate::engine::catalog::{AsOf, History};
use crate::engine::explorer::{Entry, Explorer, Row, Shown};
use crate::engine::present::i18n::{self, Lang, Msg};
use crate::engine::present::market::MarketRow;
use crate::engine::pricing::Rates;
use crate::engine::scoring::{Metrics, Ranking};
use crate::engine::share::Ignored;
use crate::engine::view::state::ViewState;

#[derive(Clone, Copy)]
pub struct Atlas {
    pub explorer: &'static Explorer<'static>,
    /// The user's own offers, as an explorer of their own (None while there are none).
    pub custom: RwSignal<Option<&'static Explorer<'static>>>,
    /// The single source of truth for the view; everything else is derived.
    pub state: RwSignal<ViewState>,
    pub lang: Memo<Lang>,
    /// The offers picked for comparison (rows watch this, not the whole state).
    pub selection: Memo<Vec<String>>,
    pub rates: Memo<Rates>,
    /// The visible rows, filtered and sorted: recomputed only when the state changes.
    pub shown: Memo<Shown<'static>>,
    /// What the scorer sees of each visible row (computed only once something reads it).
    pub metrics: Memo<Vec<Metrics>>,
    /// The visible rows ranked for the current weights and constraints.
    pub ranking: Memo<Ranking>,
    /// What the market view depends on: the view's prices and filters, any term.
    pub market_inputs: Memo<ViewState>,
    /// The market view's rows (computed only once something reads them).
    pub market: Memo<Vec<MarketRow<'static>>>,
    pub today: AsOf,
    /// What the last opened link (or saved view) asked for but could not get.
    pub link_notice: RwSignal<Vec<Ignored>>,
    /// Whether the app's page is in the document: it is built off it (`ui::stages`), so what
    /// measures itself or takes the focus waits for this.
    pub on_page: Signal<bool>,
    /// Where the history's recorded prices are (`ui::late_history`); read through
    /// [`Atlas::history`].
    pub history: RwSignal<HistoryState>,
}

impl Atlas {
    /// An offer of the catalog or of the user's own, by id.
    pub fn entry(&self, offer_id: &str) -> Option<&'static Entry<'static>> {
        let custom = self.custom.get_untracked();
        custom
            .and_then(|c| c.entry(offer_id))
            .or_else(|| self.explorer.entry(offer_id))
    }

    /// One offer's row in the current units, wherever it comes from.
    pub fn row(&self, offer_id: &str, state: &ViewState, rates: &Rates) -> Option<Row<'static>> {
        let custom = self.custom.get_untracked();
        custom
            .and_then(|c| c.row(offer_id, state, rates))
            .or_else(|| self.explorer.row(offer_id, state, rates))
    }

    /// The price history, tracked: whatever reads it runs again once the recorded prices
    /// decoded after the first answer are in.
    pub fn history(&self) -> &'static History {
        self.history.track();
        self.explorer.history()
    }

    /// A message in the current language (tracks the language only).
    pub fn t(&self, msg: Msg) -> &'static str {
        i18n::t(self.lang.get(), msg)
    }

    /// Changes the view state.
    pub fn update(&self, change: impl FnOnce(&mut ViewState)) {
        self.state.update(change);
    }
}

/// Where the history's recorded prices are (`ui::late_history` decodes them after the first
/// answer).
#[derive(Debug, Clone, PartialEq)]
pub enum HistoryState {
    /// Left as lines, not decoded yet.
    Waiting,
    /// In the explorer (or the catalog had them all along).
    Ready,
    /// A line could not be read: why.
    Failed(String),
}

pub fn atlas() -> Atlas {
    expect_context::<Atlas>()
}
