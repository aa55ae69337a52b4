//! The notice a link made with an older catalog gets: which prices of its view changed since
//! (engine `present::history::since`), shown in the link notice area and dismissed like it.
//! A link without a catalog version gets nothing; one from a newer catalog says so.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::catalog::AsOf;
use crate::engine::present::history::since::changed_since;
use crate::engine::present::i18n::pick;

/// The rows of the table counted as "the view": about what a screen shows before scrolling.
const VISIBLE_ROWS: usize = 50;

#[component]
pub fn SinceNotice(version: RwSignal<Option<AsOf>>) -> impl IntoView {
    let a = atlas();
    // The view as the link opened it: computed when a version arrives (or the language
    // changes), not again as the visitor changes the view.
    let notice = Memo::new(move |_| {
        let version = version.get()?;
        let lang = a.lang.get();
        // The changes are the history's: read again once its recorded prices are in.
        a.history.track();
        a.state.with_untracked(|s| {
            let mut offers: Vec<String> = s.detail.iter().cloned().collect();
            offers.extend(s.selection.iter().cloned());
            a.shown.with_untracked(|shown| {
                offers.extend(
                    shown
                        .rows
                        .iter()
                        .take(VISIBLE_ROWS)
                        .map(|r| r.entry.offer.id.clone()),
                )
            });
            a.rates.with_untracked(|rates| {
                changed_since(
                    a.explorer,
                    offers.iter().map(String::as_str),
                    s.term,
                    &s.regions,
                    version,
                )
                .notice(lang, &s.price, rates)
            })
        })
    });
    view! {
        <Show when=move || notice.with(Option::is_some)>
            <div class="link-notice since-notice" id="since-notice" role="status">
                {move || {
                    notice
                        .get()
                        .map(|n| {
                            let lines = n
                                .lines
                                .into_iter()
                                .map(|line| view! { <li>{line}</li> })
                                .collect_view();
                            let more = n.more.map(|m| view! { <li class="more">{m}</li> });
                            view! {
                                <p>{n.heading}</p>
                                <ul>{lines}{more}</ul>
                            }
                        })
                }}
                <button type="button" id="dismiss-since-notice" on:click=move |_| version.set(None)>
                    {move || pick(a.lang.get(), "Dismiss", "关闭")}
                </button>
            </div>
        </Show>
    }
}
