//! The page: loads the catalog, owns the view state, lays out the panels.

use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::HtmlElement;

use super::bench;
use super::browser::{self, Preferences};
use super::calculator::Calculator;
use super::catalog_file;
use super::charts_panel::ChartsPanel;
use super::chips::Chips;
use super::compare::{CompareBar, CompareDialog};
use super::context::{Atlas, HistoryState};
use super::controls::{Controls, ModeTabs};
use super::custom_menu;
use super::detail::DetailDialog;
use super::filters_panel::FiltersPanel;
use super::header::{Footer, Header};
use super::heap;
use super::late_history::{self, HistoryNotice, Leftover};
use super::link::{self, LinkNotice};
use super::market::MarketPanel;
use super::menus;
use super::offer_table::OfferTable;
use super::opening::{self, Opening};
use super::rank::RankPanel;
use super::screen_answer;
use super::search_texts;
use super::since_notice::SinceNotice;
use super::slices;
use super::stages::{Part, Stages};
use super::status::UpdateBanner;
use super::takeover;
use super::today::{TodayFamilies, TodayMarket};
use crate::engine::catalog::file::SlicedDecode;
use crate::engine::catalog::fx::Fx;
use crate::engine::explorer::custom;
use crate::engine::explorer::{ranked_metrics, Competition, Explorer, ExplorerBuild, PlaceNeed};
use crate::engine::present;
use crate::engine::present::i18n::Lang;
use crate::engine::pricing::Rates;
use crate::engine::scoring::rank;
use crate::engine::share;
use crate::engine::view::state::{Mode, ViewState};

#[component]
pub fn App(
    /// Where the page is built, hidden until it takes the first screen's place.
    page: HtmlElement,
) -> impl IntoView {
    // The catalog is its own file, fetched (and usually already preloaded) next to the app;
    // until it is here the pre-rendered screen (or a stand-in saying so) is the page, and if
    // it cannot be had the page says why.
    let loaded = RwSignal::new_local(None::<Result<Started, String>>);
    spawn_local(async move {
        loaded.set(Some(start().await));
    });
    takeover::stand_in();
    let page = StoredValue::new_local(page);
    let stages = Stages::new();
    move || match loaded.get() {
        None => ().into_any(),
        Some(Ok(started)) => view! {
            <Shell started=started stages=stages page=page.get_value() />
        }
        .into_any(),
        Some(Err(message)) => {
            stages.run(page.get_value(), Signal::from(true), |_| ());
            view! {
            <main class="error" role="alert">
                <h1>"GPU Atlas could not load its catalog"</h1>
                <p>{message}</p>
                <p>"Reload the page to try again."</p>
            </main>
            }
            .into_any()
        }
    }
}

/// The catalog downloaded, decoded and entered into an explorer, a slice at a time: the page
/// stays the browser's between slices, so a tap or a keystroke on the pre-rendered screen is
/// answered while the app gets ready (issue 28).
async fn start() -> Result<Started, String> {
    let bytes = catalog_file::fetch().await?;
    heap::reserve_for_start(bytes.len());
    // The history's recorded prices wait as lines in the file's bytes (`ui::late_history`).
    let mut decode = SlicedDecode::leaving_history(&bytes);
    slices::run("gpu-atlas:catalog", || decode.step(slices::ELEMENTS)).await?;
    let left = decode.history_left();
    let catalog = decode
        .finish()
        .ok_or("the catalog file could not be read to its end")?;
    // Benchmarks only: `?bench-offers=N` multiplies the catalog (see `ui::bench`).
    let catalog = bench::apply_switches(catalog);
    // The catalog and its explorer live as long as the page; leaking them lets every
    // derived row borrow them without reference counting.
    let catalog: &'static _ = Box::leak(Box::new(catalog));
    let mut build = ExplorerBuild::new(catalog);
    slices::run("gpu-atlas:explorer", || {
        Ok::<_, String>(build.step(slices::ELEMENTS))
    })
    .await?;
    let explorer: &'static _ = Box::leak(Box::new(Explorer::built(build)));
    let leftover = Leftover::new(bytes, left);
    // The screen answers the view at once: setting up the app's page first took 20-40 ms
    // more on a desktop (issue 28).
    let opening = opening::opening(explorer);
    // A view whose first answer shows price moves (the market) waits for them.
    let history = if late_history::answer_needs_it(&opening.state) {
        leftover.decode_into(explorer).await
    } else if leftover.is_empty() {
        HistoryState::Ready
    } else {
        HistoryState::Waiting
    };
    let answered = screen_answer::answer_early(explorer, &opening.state).await;
    // The app's page is set up in a task of its own, after the frame that shows the answer.
    if answered.is_some() {
        slices::after_next_paint().await;
    } else {
        slices::yield_to_browser().await;
    }
    Ok(Started {
        explorer,
        opening: Rc::new(opening),
        answered: answered.map(Rc::new),
        history,
        leftover,
    })
}

/// The `performance.mark` (with `?bench-timings`) set as the app's page begins to be set up.
const SHELL_BEGIN: &str = "gpu-atlas:shell";

/// What the start hands the app.
#[derive(Clone)]
struct Started {
    explorer: &'static Explorer<'static>,
    /// The view the page opens with.
    opening: Rc<Opening>,
    /// The view the start answered the screen with, if it did (`screen_answer::answer_early`).
    answered: Option<Rc<ViewState>>,
    /// Where the history's recorded prices are, and those still to decode.
    history: HistoryState,
    leftover: Leftover,
}

#[component]
fn Shell(
    /// The explorer, the view the page opens with, and the screen's answer to it (`start`).
    started: Started,
    stages: Stages,
    page: HtmlElement,
) -> impl IntoView {
    bench::mark(SHELL_BEGIN);
    let explorer = started.explorer;
    let Opening {
        state: initial,
        ignored: link_notice,
        catalog_version: link_catalog_version,
    } = (*started.opening).clone();
    let fx = Fx::newest(&explorer.catalog.fx);
    let fx_for_history = fx.clone();
    let state = RwSignal::new(initial);
    let history = RwSignal::new(started.history.clone());
    let leftover = started.leftover.clone();
    let ignored = RwSignal::new(link_notice);
    // The catalog version the link was made with, for the "changed since" notice.
    let link_version = RwSignal::new(link_catalog_version);
    let catalog_version = explorer.catalog.history.version;
    // The user's discounts ride with the rates: every quote reads both, so a discount
    // re-prices exactly what a rate change does.
    let rates = Memo::new(move |_| {
        state.with(|s| Rates::new(fx.clone(), s.custom_rate).with_discounts(s.discounts.clone()))
    });
    let today = browser::today();
    // The user's own offers become a small explorer of their own whenever they change; the
    // few bytes each rebuild keeps alive are the price of borrowing like the catalog does.
    let custom_offers = RwSignal::new(custom_menu::load_offers().0);
    let custom = RwSignal::new(None::<&'static Explorer<'static>>);
    Effect::new(move |_| {
        let offers = custom_offers.get();
        let built = (!offers.is_empty()).then(|| {
            let catalog: &'static _ =
                Box::leak(Box::new(custom::catalog(&offers, explorer.catalog)));
            let e: &'static Explorer<'static> = Box::leak(Box::new(Explorer::new(catalog)));
            e
        });
        custom.set(built);
    });
    // The rows come in three stages, each kept until its own settings change (see
    // `engine::explorer`): a search re-runs only the filter stage, a sort the order and
    // filter stages, a currency all three; a weight, a selection or the language none.
    // Each pass of the filter stage is the one `gpu-atlas:show` measure the browser
    // benchmark counts per input; the other stages are timed under their own names.
    let pricing_part = Memo::new(move |_| state.with(ViewState::pricing_part));
    let sort = Memo::new(move |_| state.with(|s| (s.sort, s.lead, Competition::of(s, &today))));
    let filter_part = Memo::new(move |_| state.with(ViewState::filter_part));
    // Whether the filter stage places rows in their market: only while the column shows.
    let place_need = Memo::new(move |_| state.with(|s| PlaceNeed::of(s, &today)));
    let priced = Memo::new(move |_| {
        pricing_part.with(|s| {
            rates.with(|r| {
                bench::timed("gpu-atlas:price", || {
                    let mut priced = explorer.price(s, r);
                    if let Some(mine) = custom.get() {
                        // The user's own offers are priced alike and sorted in with the rest.
                        priced.join(mine.price(s, r));
                    }
                    priced
                })
            })
        })
    });
    let order = Memo::new(move |_| {
        priced.with(|p| {
            bench::timed("gpu-atlas:order", || {
                let (sort, lead, competition) = sort.get();
                p.order(sort, lead, competition)
            })
        })
    });
    let shown = Memo::new(move |_| {
        priced.with(|p| {
            order.with(|o| {
                filter_part.with(|f| {
                    let need = place_need.get();
                    bench::timed("gpu-atlas:show", || {
                        p.shown_placed(o, &f.filters, f.fits_only, &today, need)
                    })
                })
            })
        })
    });
    // The ranking names a best, so old prices are marked unless the view lets them compete;
    // and it scores against the filters' market, the search text aside (a search narrows
    // the list, not the set an offer is scored in), so typing does not rank again.
    let competition = Memo::new(move |_| state.with(|s| Competition::of(s, &today)));
    let market_filters = Memo::new(move |_| state.with(|s| s.filters.without_search()));
    let metrics = Memo::new(move |_| {
        let competition = competition.get();
        priced.with(|p| {
            market_filters.with(|f| {
                rates.with(|rates| {
                    p.market(f, &today)
                        .into_iter()
                        .filter_map(|row| ranked_metrics(row, rates, competition, &today))
                        .collect::<Vec<_>>()
                })
            })
        })
    });
    // Only the weights and constraints decide the ranking of given metrics: selecting an
    // offer, opening its details or switching the language does not rank 100k offers again.
    let weighing = Memo::new(move |_| state.with(|s| (s.ranking_weights(), s.constraints.clone())));
    let ranking = Memo::new(move |_| {
        weighing.with(|(weights, constraints)| {
            metrics.with(|m| bench::timed("gpu-atlas:rank", || rank(m, weights, constraints)))
        })
    });
    // The market view's rows, from its own inputs: prices (term aside, it shows every term)
    // and filters; a sort, a selection or an open heat table does not recompute them. Read
    // only in the market mode, where the table's stages above are read by nothing, so a
    // currency change there prices the market once and not the table too.
    let market_inputs = Memo::new(move |_| state.with(screen_answer::market_inputs));
    let market = Memo::new_with_compare(
        move |_| {
            market_inputs.with(|inputs| {
                rates.with(|rates| {
                    // The 90-day moves read the history: again once its prices are in.
                    history.track();
                    bench::timed("gpu-atlas:market", || {
                        present::market::market(explorer, inputs, rates, &today)
                    })
                })
            })
        },
        // New inputs are new rows; comparing them would cost a second pass.
        |_, _| true,
    );
    let lang = Memo::new(move |_| state.with(|s| s.lang));
    let theme = Memo::new(move |_| state.with(|s| s.theme));
    let selection = Memo::new(move |_| state.with(|s| s.selection.clone()));
    let mode = Memo::new(move |_| state.with(|s| s.mode));

    // Language and theme apply to the whole page and are remembered; only a choice the user
    // made is stored, so a browser-language default is not frozen into storage.
    Effect::new(move |previous: Option<(Lang, _)>| {
        let now = (lang.get(), theme.get());
        browser::apply_page_settings(now.0, now.1);
        if previous.is_some_and(|p| p != now) {
            browser::save_preferences(Preferences {
                lang: Some(now.0),
                theme: now.1,
            });
        }
        now
    });

    // The address follows the view (replaceState: no history entry per keystroke), and a move
    // through history brings its view back.
    // Written a moment after the last change: typing would otherwise rewrite the address on
    // every keystroke, which browsers throttle and which costs time on the hot path.
    let pending = StoredValue::new_local(None::<gloo::timers::callback::Timeout>);
    Effect::new(move |_| {
        state.track();
        let write = gloo::timers::callback::Timeout::new(250, move || {
            state.with_untracked(|s| link::write_address(s, catalog_version))
        });
        // Replacing the pending write cancels it (a Timeout cancels itself when dropped).
        pending.set_value(Some(write));
    });
    let _history = window_event_listener(leptos::ev::popstate, move |_| {
        let mut decoded = share::decode(&link::current_query(), &|id| explorer.entry(id).is_some());
        let refused = share::settle_custom_rate(&mut decoded.state, &fx_for_history);
        decoded.ignored.extend(refused);
        state.set(decoded.state);
        ignored.set(decoded.ignored);
        link_version.set(decoded.catalog_version);
    });

    // Escape closes the open menu first (menus::close_all), then the dialog on top: details
    // first (they can open over a comparison).
    let _escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && !menus::close_all(true) {
            state.update(|s| {
                if s.detail.is_some() {
                    s.detail = None;
                } else {
                    s.comparing = false;
                }
            });
        }
    });

    // A click or tap outside an open menu closes it.
    let _outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        menus::close_others(ev.target());
    });

    let today_families = TodayFamilies::new();
    provide_context(today_families);
    // Until the app's page is built, the pre-rendered screen answers the view: a link's own,
    // and whatever is typed or ticked there.
    let screen_settled = screen_answer::answer_until_on_page(
        screen_answer::Inputs {
            explorer,
            state,
            rates,
            shown,
            market,
            own_offers: Signal::derive(move || custom.with(Option::is_some)),
            today,
            on_page: stages.on_page(),
            families: today_families,
        },
        started.answered.map(|view| (*view).clone()),
    );
    // What was typed and ticked on the pre-rendered screen until the app's page took its
    // place is the visitor's latest word, and the focus goes back where they left it.
    stages.run(page, screen_settled, move |typed| {
        if typed.changes_view() {
            state.update(|s| typed.apply(s));
        }
        takeover::restore_focus(&typed);
        // After the frame that shows the page: begun in the takeover's own task, the first
        // slice made that task longer on a phone-speed CPU.
        spawn_local(async move {
            slices::after_next_paint().await;
            search_texts::prepare(explorer).await;
            if !leftover.is_empty() {
                history.set(leftover.decode_into(explorer).await);
            }
        });
    });

    provide_context(custom_menu::CustomOffers(custom_offers));
    provide_context(stages);
    provide_context(Atlas {
        explorer,
        custom,
        state,
        lang,
        selection,
        rates,
        shown,
        metrics,
        ranking,
        market_inputs,
        market,
        today,
        link_notice: ignored,
        on_page: stages.on_page(),
        history,
    });
    let on_page = stages.on_page();

    view! {
        <UpdateBanner />
        <LinkNotice ignored=ignored />
        <SinceNotice version=link_version />
        <HistoryNotice />
        {stages.part(Part::Header, || view! { <Header /> })}
        <div class="layout">
            {stages.part(Part::Filters, || view! { <FiltersPanel /> })}
            <main class="results">
                {stages.part(Part::Controls, || view! { <ModeTabs /> })}
                {stages.part(Part::Today, || view! { <TodayMarket /> })}
                {stages.part(Part::Controls, || view! { <Controls /> })}
                {stages.part(Part::Chips, || view! { <Chips /> })}
                {stages.part(Part::Calculator, || view! { <Calculator /> })}
                // A memo: the panel is rebuilt when the mode changes, not on every change.
                {stages.part(Part::Results, move || match mode.get() {
                    Mode::Table => view! { <OfferTable /> }.into_any(),
                    Mode::Rank => view! { <RankPanel /> }.into_any(),
                    Mode::Charts => view! { <ChartsPanel /> }.into_any(),
                    Mode::Market => view! { <MarketPanel /> }.into_any(),
                })}
            </main>
        </div>
        {stages.part(Part::Footer, || view! { <CompareBar /> <Footer /> })}
        // Dialogs take the focus when they open (a link can open one): only on the page.
        {move || on_page.get().then(|| view! { <CompareDialog /> <DetailDialog /> })}
    }
}
