//! The pre-rendered screen answers the visitor's own view as soon as the engine can (issue 28).
//! The screen is the default view; a shared link's view, or a search typed or a box ticked on
//! it, used to wait for the whole app page to be built and swapped in (seven parts, each a
//! task) before any answer showed. Now, once the catalog is in, the screen's table, its count
//! line, today's prices and its unit choices are rewritten for the view in place — with the
//! engine's own markup (`present::offer_screen`, `today_markup`), so they are the rows the app
//! then shows — and every keystroke or tick there is answered the same way until the app's
//! page takes the screen's place (`ui::stages`).

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

use super::bench;
use super::search_texts;
use super::slices;
use super::takeover::{self, SCREEN};
use super::today::TodayFamilies;
use crate::engine::catalog::fx::Fx;
use crate::engine::catalog::AsOf;
use crate::engine::explorer::{Explorer, Shown};
use crate::engine::present::market::today::{lines, Family};
use crate::engine::present::market::today_markup;
use crate::engine::present::market::{self, MarketRow};
use crate::engine::present::markup::El;
use crate::engine::present::offer_screen;
use crate::engine::pricing::Rates;
use crate::engine::share::{self, Token};
use crate::engine::view::state::{Mode, ViewState};

/// Answers the screen with `opening` (and what was typed or ticked on it meanwhile) as soon as
/// the explorer is built, before the app's page is set up: that setup took 20-40 ms on a
/// desktop, all of it before a link's first row. Returns the view it painted, if it painted
/// one: the app's own answer then starts from it (`answer_until_on_page`). The visitor's own
/// offers wait for the app, which reads them.
pub async fn answer_early(
    explorer: &'static Explorer<'static>,
    opening: &ViewState,
) -> Option<ViewState> {
    let screen = gloo::utils::document().get_element_by_id(SCREEN)?;
    let typed = takeover::typed(&screen);
    let state = if typed.changes_view() {
        typed.applied_to(opening.clone())
    } else {
        opening.clone()
    };
    let answerable = matches!(state.mode, Mode::Table | Mode::Market);
    if !answerable || is_first_screen(&state) || super::custom_menu::any_stored() {
        return None;
    }
    if !state.filters.search.trim().is_empty() {
        search_texts::prepare(explorer).await;
    }
    let today = super::browser::today();
    let fx = Fx::newest(&explorer.catalog.fx);
    let rates = Rates::new(fx, state.custom_rate).with_discounts(state.discounts.clone());
    // A job's answer (its figures for every offer, 7-10 ms on a desktop, and their markup,
    // 10-17 ms) and the market's are heavier than a plain table's: their answer is worked out
    // in one task and written in the next, so neither half is a long task at a phone's CPU
    // speed. A plain table's answer (10-15 ms) is one task, so the page gets it without
    // waiting for its turn twice.
    let split = state.job.is_some() || state.mode == Mode::Market;
    let between = || async move {
        if split {
            slices::yield_to_browser().await;
        }
    };
    if state.mode == Mode::Market {
        let rows = bench::timed("gpu-atlas:screen-answer-engine", || {
            market::market(explorer, &market_inputs(&state), &rates, &today)
        });
        between().await;
        bench::timed("gpu-atlas:screen-answer", || {
            paint_market(&state, &rows, &today)
        });
    } else {
        let shown = bench::timed("gpu-atlas:screen-answer-engine", || {
            explorer.show(&state, &rates, &today)
        });
        between().await;
        bench::timed("gpu-atlas:screen-answer", || {
            paint_rows(explorer, &state, &shown, &today)
        });
    }
    Some(state)
}

/// What the market view's rows are computed from (`ui::app`'s `market_inputs`): the prices'
/// settings and filters; a job or a sort does not change them.
pub fn market_inputs(state: &ViewState) -> ViewState {
    ViewState {
        filters: state.filters.clone(),
        job: None,
        old_prices: state.old_prices,
        ..state.pricing_part()
    }
}

/// What the screen's answer is computed from.
#[derive(Clone, Copy)]
pub struct Inputs {
    pub explorer: &'static Explorer<'static>,
    pub state: RwSignal<ViewState>,
    pub rates: Memo<Rates>,
    pub shown: Memo<Shown<'static>>,
    /// The market view's rows (computed only when the view is the market).
    pub market: Memo<Vec<MarketRow<'static>>>,
    /// Whether the visitor has offers of their own (they join every list).
    pub own_offers: Signal<bool>,
    pub today: AsOf,
    /// Once the app's page is on the page there is no screen left to answer in.
    pub on_page: Signal<bool>,
    /// The families today's lines name, shared with the app's own section.
    pub families: TodayFamilies,
}

/// Until the app's page is on the page: the view's answer is painted into the pre-rendered
/// screen whenever it is not the screen's own (the default view), and what is typed or ticked
/// there becomes the view at once: the link's view with the screen's search and ticks.
/// Returns whether the screen holds the view's answer yet (or needs none): the app's page
/// waits for it before its parts, which would hold that paint back (`ui::stages`).
/// `answered_early` is the view the start already painted (`answer_early`), not painted again.
pub fn answer_until_on_page(inputs: Inputs, answered_early: Option<ViewState>) -> Signal<bool> {
    let settled = RwSignal::new(false);
    let Some(screen) = gloo::utils::document().get_element_by_id(SCREEN) else {
        return Signal::from(true);
    };
    let base = inputs.state.get_untracked();
    let state = inputs.state;
    // What was typed and ticked while the catalog loaded is answered first.
    let typed = takeover::typed(&screen);
    if typed.changes_view() {
        state.set(typed.applied_to(base.clone()));
    }
    let on_typed = Closure::<dyn Fn()>::new(move || {
        let Some(screen) = gloo::utils::document().get_element_by_id(SCREEN) else {
            return;
        };
        state.set(takeover::typed(&screen).applied_to(base.clone()));
    });
    let _ = screen.add_event_listener_with_callback("input", on_typed.as_ref().unchecked_ref());
    // The screen leaves the document with its listener when the app's page takes its place;
    // the closure is dropped then, after the listener is removed.
    let listener = StoredValue::new_local(Some((screen, on_typed)));
    // Each answer asked for is numbered: of answers asked for in quick succession (typing),
    // only the latest is painted.
    let asked = StoredValue::new(0_u32);
    // The view (and whether the visitor's own offers joined it) the screen's rows and today's
    // prices were last written for: starting with the start's own answer (`answer_early`), an
    // answer already on the screen is not written again when the effect runs for another
    // reason (the visitor's offers read and found none, say).
    let rows_for = StoredValue::new(answered_early.map(|early| (early, false)));
    let today_for = StoredValue::new(None::<(ViewState, bool)>);
    Effect::new(move |answered: Option<bool>| {
        let answered = answered.unwrap_or(false);
        if inputs.on_page.get() {
            if let Some((screen, on_typed)) = listener.try_update_value(Option::take).flatten() {
                let _ = screen.remove_event_listener_with_callback(
                    "input",
                    on_typed.as_ref().unchecked_ref(),
                );
            }
            return answered;
        }
        let own = inputs.own_offers.get();
        let (differs, mode) = state.with(|s| (own || !is_first_screen(s), s.mode));
        // The default view, never changed: the screen already shows its answer. The ranking
        // and the charts wait for the app.
        let answerable = matches!(mode, Mode::Table | Mode::Market);
        if !answerable || !(differs || answered) {
            settled.set(true);
            return answered;
        }
        let key = (state.get_untracked(), own);
        let rows_done = rows_for.with_value(|done| done.as_ref() == Some(&key));
        // The market hides today's prices (see `paint_mode`).
        let today_done =
            mode == Mode::Market || today_for.with_value(|done| done.as_ref() == Some(&key));
        if rows_done && today_done {
            settled.set(true);
            return true;
        }
        let number = asked.get_value().wrapping_add(1);
        asked.set_value(number);
        let current = move || asked.get_value() == number && !inputs.on_page.get_untracked();
        // In tasks of their own, the rows first: with the app's own build (this effect runs in
        // its task) they made one long task on a phone-speed CPU.
        spawn_local(async move {
            slices::yield_to_browser().await;
            // A search reads every offer's search text: written in slices here, not all in
            // the answer's task.
            if state.with_untracked(|s| !s.filters.search.trim().is_empty()) {
                search_texts::prepare(inputs.explorer).await;
            }
            if !current() {
                return;
            }
            if !rows_done {
                bench::timed("gpu-atlas:screen-answer", || {
                    paint_view(inputs, mode);
                });
                rows_for.set_value(Some(key.clone()));
            }
            settled.set(true);
            if today_done {
                return;
            }
            slices::yield_to_browser().await;
            if !current() {
                return;
            }
            bench::timed("gpu-atlas:screen-today", || {
                state.with_untracked(|s| {
                    inputs.rates.with_untracked(|rates| {
                        // Chosen once for the page, not at every keystroke answered.
                        inputs
                            .families
                            .with(inputs.explorer, rates, &inputs.today, |f| {
                                paint_today(inputs.explorer, f, s, rates, &inputs.today)
                            })
                    })
                })
            });
            today_for.set_value(Some(key));
        });
        true
    });
    settled.into()
}

/// Rewrites the screen's rows (or the market) for the view the app holds now.
fn paint_view(inputs: Inputs, mode: Mode) {
    inputs.state.with_untracked(|s| {
        if mode == Mode::Market {
            inputs
                .market
                .with_untracked(|rows| paint_market(s, rows, &inputs.today))
        } else {
            inputs
                .shown
                .with_untracked(|shown| paint_rows(inputs.explorer, s, shown, &inputs.today))
        }
    })
}

/// Whether `state` is the view the screen was pre-rendered with (the theme aside, which the
/// page applies itself).
fn is_first_screen(state: &ViewState) -> bool {
    let first = ViewState::first_screen(state.lang);
    ViewState {
        theme: first.theme,
        ..state.clone()
    } == first
}

/// Rewrites the screen's table, count line and unit choices for `state`.
fn paint_rows(explorer: &Explorer<'_>, state: &ViewState, shown: &Shown<'_>, today: &AsOf) {
    let Some(screen) = gloo::utils::document().get_element_by_id(SCREEN) else {
        return;
    };
    let lang = state.lang;
    let mut table = offer_screen::table(state, &shown.rows, lang, today);
    replace(&screen, RESULTS, &mut table);
    let mut count = offer_screen::count_row(state, shown, explorer.entries.len(), lang);
    replace(&screen, ".chips-row", &mut count);
    paint_mode(&screen, state);
}

/// Rewrites the screen's results as the market view of `rows`, with its count line.
fn paint_market(state: &ViewState, rows: &[MarketRow<'_>], today: &AsOf) {
    let Some(screen) = gloo::utils::document().get_element_by_id(SCREEN) else {
        return;
    };
    let lang = state.lang;
    let height = super::browser::window_height();
    let mut market = offer_screen::market(rows, lang, today, &state.price, height);
    replace(&screen, RESULTS, &mut market);
    let mut count = offer_screen::market_count_row(rows, lang);
    replace(&screen, ".chips-row", &mut count);
    paint_mode(&screen, state);
}

/// What the screen shows of the view's mode and units, as the app's page will: the mode's tab
/// selected; today's prices, the calculator and the columns' menu for the table only (the
/// market prices no job and has no columns to choose); the unit choices; and that the screen
/// now holds the view's answer (`data-answered`, which the page's style shows).
fn paint_mode(screen: &Element, state: &ViewState) {
    for (id, mode) in [
        ("mode-table", Mode::Table),
        ("mode-rank", Mode::Rank),
        ("mode-charts", Mode::Charts),
        ("mode-market", Mode::Market),
    ] {
        if let Ok(Some(tab)) = screen.query_selector(&format!("#{id}")) {
            let _ = tab.set_attribute("aria-selected", &(state.mode == mode).to_string());
        }
    }
    for selector in ["#today", "#calculator", "#columns-menu"] {
        if let Ok(Some(el)) = screen.query_selector(selector) {
            let _ = el.toggle_attribute_with_force("hidden", state.mode != Mode::Table);
        }
    }
    for (id, token) in [
        ("term", state.term.token()),
        ("currency", state.price.currency.code()),
        ("basis", state.price.basis.token()),
        ("duration", state.price.duration.token()),
    ] {
        choose(screen, id, token);
    }
    let _ = screen.set_attribute("data-answered", "");
    bench::mark_after_paint(bench::SCREEN_ANSWERED);
}

/// Rewrites the screen's "cheapest today" lines of `families` for `state`'s filters, currency
/// and units.
fn paint_today<'a>(
    explorer: &'a Explorer<'a>,
    families: &[Family<'a>],
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) {
    let Some(screen) = gloo::utils::document().get_element_by_id(SCREEN) else {
        return;
    };
    // As `ui::today` computes them: the market's filters leave the search text aside.
    let market_view = ViewState {
        filters: state.filters.without_search(),
        old_prices: state.old_prices,
        ..state.pricing_part()
    };
    let mut section = today_markup::section(
        &lines(explorer, families, &market_view, rates, today),
        state,
        state.lang,
        today,
        &|view| format!("?{}", share::encode(view)),
    );
    // A view's lines are fewer than the default view's (a link to one accelerator lists one
    // family): the section keeps the height it had, so what is under it does not move up
    // (0.045 of layout shift on a desktop) before the app's page takes the screen's place.
    let height = screen
        .query_selector("#today")
        .ok()
        .flatten()
        .map(|old| old.get_bounding_client_rect().height());
    replace(&screen, "#today", &mut section);
    let new = screen.query_selector("#today").ok().flatten();
    if let (Some(height), Some(new)) = (height, new.and_then(|n| n.dyn_into::<HtmlElement>().ok()))
    {
        // Through the style object: the page's policy refuses style attributes in markup.
        let _ = new
            .style()
            .set_property("min-height", &format!("{height}px"));
    }
}

/// The screen's results: the table it was written with, or the market written in its place.
const RESULTS: &str = ".table-wrap, #market";

/// Puts `el` (inert, as the rest of the screen) in place of the screen's `selector`.
fn replace(screen: &Element, selector: &str, el: &mut El) {
    offer_screen::disable_controls(el);
    if let Ok(Some(old)) = screen.query_selector(selector) {
        old.set_outer_html(&el.to_html());
    }
}

/// Selects the option `value` of the screen's select `id`.
fn choose(screen: &Element, id: &str, value: &str) {
    if let Ok(Some(select)) = screen.query_selector(&format!("select#{id}")) {
        let _ = js_sys::Reflect::set(&select, &"value".into(), &value.into());
    }
}
