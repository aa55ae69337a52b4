//! Today's market above the table (engine `present::market::today`): the landing's first
//! answer, pre-rendered by the site and kept here in step with the view's filters, regions,
//! currency and rule on old prices. Its links are real view links; a click changes the view
//! in place instead of loading the page again.

use leptos::prelude::*;

use crate::engine::catalog::AsOf;
use crate::engine::explorer::Explorer;
use crate::engine::present::market::today::{asked_about, lines, Family};
use crate::engine::present::market::today_markup::{market_view, name, section, table_view};
use crate::engine::pricing::Rates;
use crate::engine::share;
use crate::engine::view::state::{Mode, ViewState};
use crate::ui::context::atlas;
use crate::ui::plain::{self, Painted};
use crate::ui::stages::{Part, Stages};

/// The families today's lines name: the catalog's most sold, chosen once for the page, by
/// whichever needs them first (the screen's answer to a link, or the app's section).
#[derive(Clone, Copy)]
pub struct TodayFamilies(StoredValue<Option<Vec<Family<'static>>>>);

impl TodayFamilies {
    pub fn new() -> TodayFamilies {
        TodayFamilies(StoredValue::new(None))
    }

    /// `read` with the families, chosen at the first call from the prices then.
    pub fn with<T>(
        self,
        explorer: &'static Explorer<'static>,
        rates: &Rates,
        today: &AsOf,
        read: impl FnOnce(&[Family<'static>]) -> T,
    ) -> T {
        if self.0.with_value(Option::is_none) {
            self.0.set_value(Some(asked_about(explorer, rates, today)));
        }
        self.0
            .with_value(|families| read(families.as_deref().unwrap_or_default()))
    }
}

#[component]
pub fn TodayMarket() -> impl IntoView {
    let a = atlas();
    let families = expect_context::<TodayFamilies>();
    // What the lines' prices depend on: the filters but the search text (a search narrows the
    // list, not the market), the prices' settings and the rule on old prices.
    let inputs = Memo::new(move |_| {
        a.state.with(|s| ViewState {
            filters: s.filters.without_search(),
            old_prices: s.old_prices,
            ..s.pricing_part()
        })
    });
    let today_lines = Memo::new_with_compare(
        move |_| {
            inputs.with(|view| {
                a.rates.with(|rates| {
                    families.with(a.explorer, rates, &a.today, |f| {
                        lines(a.explorer, f, view, rates, &a.today)
                    })
                })
            })
        },
        |_, _| true,
    );
    let tree = Memo::new(move |_| {
        let lang = a.lang.get();
        today_lines.with(|lines| {
            a.state.with(|state| {
                section(lines, state, lang, &a.today, &|view| {
                    format!("?{}", share::encode(view))
                })
            })
        })
    });
    let table_mode = Memo::new(move |_| a.state.with(|s| s.mode == Mode::Table));
    // While the app's page is being built, the families are chosen in this part's task and
    // the lines priced and written in the next (`Part::TodayLines`): all in one, they were the
    // start's longest part, 50 ms on a phone-speed CPU. A section built later does it at once.
    let lines_turn =
        use_context::<Stages>().map_or_else(|| Signal::from(true), |s| s.reached(Part::TodayLines));
    if !lines_turn.get_untracked() {
        a.rates.with_untracked(|rates| {
            families.with(a.explorer, rates, &a.today, |_| ());
        });
    }
    let root = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |painted: Option<Option<Painted>>| {
        let painted = painted.flatten();
        // Hidden in the other modes: its lines are neither computed nor written there (a
        // region or currency change in the market re-priced them for nothing), and are
        // brought up to date when the table shows again.
        if !table_mode.get() || !lines_turn.get() {
            return painted;
        }
        let root = root.get()?;
        plain::paint(&root, painted, tree.get())
    });
    // The links change the view in place; a modified click (a new tab) is the browser's.
    let on_click = move |event: web_sys::MouseEvent| {
        if event.ctrl_key() || event.meta_key() || event.shift_key() || event.button() != 0 {
            return;
        }
        let Some((target, line_name)) = plain::delegated(&event, "li[data-line]", "data-line")
        else {
            return;
        };
        let to_market = target.closest("a.today-market").ok().flatten().is_some();
        let to_table = target.closest("a.today-name").ok().flatten().is_some();
        if !to_market && !to_table {
            return;
        }
        let line = today_lines
            .with_untracked(|lines| lines.iter().find(|l| name(l) == line_name).cloned());
        if let Some(line) = line {
            event.prevent_default();
            a.update(|s| {
                *s = if to_market {
                    market_view(s, &line)
                } else {
                    table_view(s, &line)
                }
            });
        }
    };
    view! {
        <section node_ref=root hidden=move || !table_mode.get() on:click=on_click></section>
    }
}
