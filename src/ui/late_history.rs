//! The catalog's price history, decoded after the first answer. Its recorded prices are a
//! fifth of the catalog's decode natively (a tenth in the browser, 6-8 ms), the part of the
//! file that grows every day the refresh bot runs, and no first answer reads them but the
//! market's and an offer's detail: the start leaves them as lines in the file's bytes
//! (`catalog::file::SlicedDecode::leaving_history`), and they are decoded a slice at a time
//! once the app's page is up, or before the answer of a view that shows them (issue 28).
//! Whatever reads the history (`Atlas::history`) runs again when they are in; if they cannot
//! be read, the page says so and shows no moves rather than wrong ones.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;

use super::context::{atlas, HistoryState};
use super::slices;
use crate::engine::catalog::file::HistoryLeft;
use crate::engine::explorer::Explorer;
use crate::engine::present::i18n::pick;
use crate::engine::view::state::{Mode, ViewState};

/// The history's prices left in the catalog file's bytes, until they are decoded (once).
#[derive(Clone)]
pub struct Leftover(Rc<RefCell<Option<Left>>>);

/// The catalog file's bytes, and where in them the history's prices are.
type Left = (Vec<u8>, HistoryLeft);

impl Leftover {
    /// The file's `bytes` kept for its `left` lines; none to keep when nothing was left.
    pub fn new(bytes: Vec<u8>, left: HistoryLeft) -> Leftover {
        Leftover(Rc::new(RefCell::new(
            (!left.is_empty()).then_some((bytes, left)),
        )))
    }

    /// Decodes the prices left, a slice at a time, into `explorer` (the first call only: a
    /// second finds nothing left). The file's bytes are dropped then.
    pub async fn decode_into(&self, explorer: &'static Explorer<'static>) -> HistoryState {
        let Some((bytes, mut left)) = self.0.borrow_mut().take() else {
            return HistoryState::Ready;
        };
        match slices::run("gpu-atlas:history", || left.step(&bytes, slices::ELEMENTS)).await {
            Ok(()) => {
                explorer.add_history(left.finish());
                HistoryState::Ready
            }
            Err(why) => HistoryState::Failed(why),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.borrow().is_none()
    }
}

/// Whether the first answer of `state` reads the history: the market's 90-day moves, or an
/// offer's detail the link opens (its "last changed" and step chart).
pub fn answer_needs_it(state: &ViewState) -> bool {
    state.mode == Mode::Market || state.detail.is_some()
}

/// Says that the price history could not be read, and what that leaves out.
#[component]
pub fn HistoryNotice() -> impl IntoView {
    let a = atlas();
    let failed = move || match a.history.get() {
        HistoryState::Failed(why) => Some(why),
        _ => None,
    };
    view! {
        <Show when=move || failed().is_some()>
            <div class="link-notice" id="history-notice" role="status">
                {move || {
                    let lang = a.lang.get();
                    format!(
                        "{} {}",
                        pick(
                            lang,
                            "The price history could not be read, so no price moves or changes are shown:",
                            "无法读取价格历史，因此不显示价格变动：",
                        ),
                        failed().unwrap_or_default(),
                    )
                }}
            </div>
        </Show>
    }
}
