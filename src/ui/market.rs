//! The market view: one row per accelerator variant (engine `present::market`), painted by
//! difference with only the rows on screen in the page (`present::market::window`), and under
//! it the heat table of the variant picked. A variant's name opens the table filtered to it,
//! cheapest per accelerator first.

use std::collections::BTreeSet;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::catalog::{pick, Term};
use crate::engine::present::market::heat::heat;
use crate::engine::present::market::markup::{heat_table, lines, market_window};
use crate::engine::present::market::window::{key, Measured};
use crate::engine::view::columns::{Column, Direction, Sort};
use crate::engine::view::state::{Mode, ViewState};
use crate::ui::browser::window_height;
use crate::ui::context::atlas;
use crate::ui::plain::{self, Painted};

#[component]
pub fn MarketPanel() -> impl IntoView {
    let a = atlas();
    // The families whose variants of unstated board are listed (folded by default).
    let unfolded = RwSignal::new(BTreeSet::<String>::new());
    // Recomputed with the market (family lines hold picks, which do not compare): every
    // change of it is a change of its lines.
    let lines = Memo::new_with_compare(
        move |_| unfolded.with(|open| a.market.with(|rows| lines(rows, open))),
        |_, _| true,
    );
    let frame = MarketFrame::new();
    frame.follow_page(a.on_page);
    // Only the lines crossing the frame are written out (`market_window`).
    let shown = Memo::new(move |_| {
        let lang = a.lang.get();
        let price = a.market_inputs.with(|s| s.price);
        let (top, height) = frame.band.get();
        a.market.with(|rows| {
            lines.with(|lines| {
                frame.measured.with(|measured| {
                    market_window(rows, lines, lang, &a.today, &price, measured, top, height)
                })
            })
        })
    });
    let table = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |painted: Option<Option<Painted>>| {
        let el = table.get()?;
        let painted = plain::paint(&el, painted.flatten(), shown.get());
        frame.measure_rows(&el);
        // The frame's band too, now that the rows' read has laid the page out: the first
        // window is cut for the window's height, and the frame is shorter than that.
        frame.measure();
        painted
    });

    let variant = Memo::new(move |_| a.state.with(|s| s.heat.clone()));
    let heat_tree = Memo::new(move |_| {
        let id = variant.get()?;
        let lang = a.lang.get();
        let label = a
            .explorer
            .catalog
            .accelerators
            .iter()
            .find(|x| x.id == id)
            .map_or_else(
                || id.clone(),
                |x| crate::engine::present::i18n::accelerator_label(lang, x),
            );
        a.market_inputs.with(|state| {
            a.rates.with(|rates| {
                let grid = heat(a.explorer, state, &id, Term::OnDemand, rates, &a.today);
                Some(heat_table(&grid, &label, lang, &a.today))
            })
        })
    });
    let heat_el = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |painted: Option<Option<Painted>>| {
        let table = heat_el.get()?;
        plain::paint(&table, painted.flatten(), heat_tree.get()?)
    });

    let on_click = move |event: web_sys::MouseEvent| {
        if let Some((_, family)) = plain::delegated(&event, "button.fold-toggle", "data-family") {
            unfolded.update(|open| {
                if !open.remove(&family) {
                    open.insert(family);
                }
            });
            return;
        }
        let Some((target, id)) = plain::delegated(&event, "button[data-variant]", "data-variant")
        else {
            return;
        };
        let is = |class: &str| target.closest(class).ok().flatten().is_some();
        if is(".open-variant") {
            a.update(|s| open_in_table(s, id));
        } else if is(".heat-open") {
            a.update(|s| s.heat = Some(id));
            if let Some(section) = leptos::prelude::document().get_element_by_id("heat") {
                section.scroll_into_view();
            }
        }
    };

    view! {
        <section class="market-view" id="market" aria-labelledby="market-title">
            <h2 id="market-title">{move || pick(a.lang.get(), "The market at a glance", "市场概览")}</h2>
            <div class="market-wrap" tabindex="0" node_ref=frame.wrap on:click=on_click on:scroll=move |_| frame.measure()>
                <table node_ref=table></table>
            </div>
            <section class="heat-view" id="heat" hidden=move || variant.with(Option::is_none)>
                <div class="heat-wrap" tabindex="0">
                    <table node_ref=heat_el></table>
                </div>
                <button type="button" id="heat-close" on:click=move |_| a.update(|s| s.heat = None)>
                    {move || pick(a.lang.get(), "Close the region table", "关闭地区表")}
                </button>
            </section>
        </section>
    }
}

/// The market's scrolling frame: the band of the table it shows, and the heights of the rows
/// it has shown, from which the window of rows in the page is cut.
#[derive(Clone, Copy)]
struct MarketFrame {
    wrap: NodeRef<leptos::html::Div>,
    /// (scroll position, height) of the frame; until measured, a window's height from the top.
    band: RwSignal<(f64, f64)>,
    measured: RwSignal<Measured>,
}

impl MarketFrame {
    fn new() -> MarketFrame {
        MarketFrame {
            wrap: NodeRef::new(),
            band: RwSignal::new((0.0, window_height())),
            measured: RwSignal::new(Measured::new()),
        }
    }

    /// Reads the frame's band. Also called from a later frame, by when the market may have
    /// left the page (a variant's name opens the table): then there is nothing to read.
    fn measure(self) {
        let Some(el) = self.wrap.try_get_untracked().flatten() else {
            return;
        };
        let band = (f64::from(el.scroll_top()), f64::from(el.client_height()));
        if band.1 > 0.0 && self.band.try_get_untracked().is_some_and(|b| b != band) {
            self.band.set(band);
        }
    }

    /// Measures once on the page and whenever the window resizes (the frame's height follows
    /// the window's).
    fn follow_page(self, on_page: Signal<bool>) {
        let resize = window_event_listener(leptos::ev::resize, move |_| self.measure());
        on_cleanup(move || resize.remove());
        Effect::new(move |_| {
            if on_page.get() && self.wrap.get().is_some() {
                request_animation_frame(move || self.measure());
            }
        });
    }

    /// The painted rows' heights, read in the task that wrote them: a height that changed is
    /// written back, and the window is cut again and painted before the frame, so the frame
    /// shows the settled window. Read a frame later, as they were, every region toggle painted
    /// the market twice — the second time a frame after the one that answered it, with rows
    /// above the window moving when the table was scrolled. The read lays out the rows just
    /// written, the layout the frame would do anyway; a window cut again then lays out its
    /// changes only. The rows' heights are known after one round at most but for rows the new
    /// cut brings in, measured in the same way when they are painted.
    fn measure_rows(self, table: &web_sys::HtmlTableElement) {
        let heights = row_heights(table);
        let changed = self.measured.try_with_untracked(|known| {
            heights
                .iter()
                .any(|(key, h)| known.get(key).is_none_or(|k| (k - h).abs() > 0.5))
        });
        if changed == Some(true) {
            self.measured.update(|known| known.extend(heights));
        }
    }
}

/// The height of every body row on the page that has one (a folded row has none).
fn row_heights(table: &web_sys::HtmlTableElement) -> Vec<(String, f64)> {
    let Ok(rows) = table.query_selector_all("tbody > tr[data-variant], tbody > tr[data-family]")
    else {
        return Vec::new();
    };
    (0..rows.length())
        .filter_map(|i| rows.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|row| {
            let height = row.get_bounding_client_rect().height();
            let key = key(
                row.get_attribute("data-variant").as_deref(),
                row.get_attribute("data-family").as_deref(),
            )?;
            (height > 0.0).then_some((key, height))
        })
        .collect()
}

/// The table of `variant`'s offers, cheapest per accelerator first.
fn open_in_table(state: &mut ViewState, variant: String) {
    state.filters.accelerators = [variant].into();
    state.sort = Sort {
        column: Column::PricePerAccelerator,
        direction: Direction::Ascending,
    };
    state.mode = Mode::Table;
}
