//! The offer table: the visible columns of the shown rows, sortable, each row selectable for
//! comparison, openable for details, and linked to its source.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::ops::Range;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::bench;
use super::browser::band_of;
use super::context::{atlas, Atlas};
use super::plain::{self, Painted};
use super::stages::{Part, Stages};
use super::takeover;
use crate::engine::present::face::RowFace;
use crate::engine::present::i18n::{self, pick, Msg};
use crate::engine::present::table_row;
use crate::engine::present::window::{visible_rows, with_first_rows};
use crate::engine::share::Token;
use crate::engine::view::columns::Column;

/// Every body row is exactly this tall (the stylesheet says so too), which is what lets the
/// table render only the rows on screen.
const ROW_HEIGHT_PX: f64 = 36.0;
/// Rows rendered beyond each edge of the visible area.
const OVERSCAN: usize = 4;

/// A number that changes only when the rows' *shape* changes: which columns there are.
/// Rows are keyed by it and their place in the list, so a filter, a sort, a currency or a
/// language change keeps the row elements on screen and rewrites their text in place.
fn shape(columns: &[Column]) -> u64 {
    let mut hasher = DefaultHasher::new();
    columns.hash(&mut hasher);
    hasher.finish()
}

#[component]
pub fn OfferTable() -> impl IntoView {
    let a = atlas();
    let columns = Memo::new(move |_| a.state.with(|s| s.columns.clone()));
    let total = Memo::new(move |_| a.shown.with(|s| s.rows.len()));
    // The screen's band as it was before the page's parts were built (`Stages::screen_band`):
    // read now, it would lay out every part built so far inside this part's task.
    let screen_band =
        use_context::<Stages>().map_or_else(takeover::screen_band, Stages::screen_band);
    let frame = Frame::new(screen_band);
    frame.follow_page(a.on_page);
    let first_view = RwSignal::new(true);
    let window = frame.rows(total, first_view);
    // Benchmarks: marks the first paint with rows (`gpu-atlas:table-painted`, see `ui::bench`).
    Effect::new(move |_| {
        if a.on_page.get() && total.get() > 0 {
            bench::table_has_rows();
        }
    });
    // A new filter or order starts at the top, as a new list should; the first view ends.
    Effect::new(move |previous: Option<()>| {
        a.shown.track();
        if previous.is_some() {
            first_view.set(false);
        }
        frame.to_top();
    });
    let headers = move || {
        columns
            .get()
            .into_iter()
            .map(|column| header(a, column))
            .collect_view()
    };
    // While the app's page is being built, the rows are a task of their own, after the table
    // around them (`Part::Rows`); a table built later (another mode, then this one) has them
    // at once.
    let rows_ready =
        use_context::<Stages>().map_or_else(|| Signal::from(true), |s| s.reached(Part::Rows));
    let places = move || {
        if !rows_ready.get() {
            return Vec::new();
        }
        let shape = columns.with(|c| shape(c));
        window.get().map(|place| (shape, place)).collect::<Vec<_>>()
    };
    // Heights go through the CSSOM (`style:`), which the Content-Security-Policy allows;
    // a `style` attribute would need 'unsafe-inline'.
    let spacer = |px: f64| format!("{px}px");
    let above = move || spacer(window.get().start as f64 * ROW_HEIGHT_PX);
    let below = move || spacer((total.get() - window.get().end) as f64 * ROW_HEIGHT_PX);
    let empty = move || a.shown.with(|s| s.rows.is_empty());
    // The rows' buttons and checkboxes report here, so rows hold no handlers of their own and
    // show another offer by changing text only.
    let open_detail = move |event: web_sys::MouseEvent| {
        if let Some((target, offer)) = plain::delegated(&event, "tr[data-offer]", "data-offer") {
            if target.closest(".open-detail").ok().flatten().is_some() {
                a.update(|s| s.detail = Some(offer));
            }
        }
    };
    let toggle_selected = move |event: web_sys::Event| {
        if let Some((target, offer)) = plain::delegated(&event, "tr[data-offer]", "data-offer") {
            if let Ok(input) = target.dyn_into::<web_sys::HtmlInputElement>() {
                a.update(|s| {
                    s.toggle_selected(&offer);
                });
                // A full comparison refuses one more: the box says what the selection is.
                input.set_checked(a.selection.with_untracked(|s| s.contains(&offer)));
            }
        }
    };
    view! {
        <div class="table-wrap" node_ref=frame.wrap on:scroll=move |_| frame.measure()>
            <table id="catalog" class="catalog" aria-rowcount=move || total.get() + 1>
                <thead>
                    <tr>
                        <th scope="col" class="select">
                            <span class="visually-hidden">{move || a.t(Msg::Select)}</span>
                        </th>
                        {headers}
                    </tr>
                </thead>
                <tbody on:click=open_detail on:change=toggle_selected>
                    <tr class="spacer" aria-hidden="true" style:height=above></tr>
                    <For
                        each=places
                        key=|place| *place
                        children=move |(_, index)| row_view(a, index, columns.get_untracked())
                    />
                    <tr class="spacer" aria-hidden="true" style:height=below></tr>
                </tbody>
            </table>
            <Show when=empty>
                <NoMatch />
            </Show>
        </div>
    }
}

/// An empty table says so, and where the offers are when another term has them: searching
/// "modal" on the on-demand term finds Modal's serverless offers one click away.
#[component]
fn NoMatch() -> impl IntoView {
    let a = atlas();
    let elsewhere = Memo::new(move |_| {
        let rates = a.rates.get();
        a.state
            .with(|s| a.explorer.matches_in_other_terms(s, &rates, &a.today))
    });
    let buttons = move || {
        let lang = a.lang.get();
        elsewhere
            .get()
            .into_iter()
            .map(|(term, count)| {
                view! {
                    <button type="button" class="link-button" data-term=term.token() on:click=move |_| a.update(|s| s.term = term)>
                        {format!("{} ({count})", i18n::term(lang, term))}
                    </button>
                    " "
                }
            })
            .collect_view()
    };
    view! {
        <p class="no-match" id="no-match">
            {move || a.t(Msg::NoMatch)}
            {move || (!elsewhere.with(Vec::is_empty)).then(|| view! {
                " "{move || pick(a.lang.get(), "Under other terms:", "其他计费方式下有：")}" "{buttons}
            })}
        </p>
    }
}

/// The table's scrolling frame, and which part of it the window shows: rows are rendered for
/// that part only, as the table scrolls in its frame and the frame with the page.
#[derive(Clone, Copy)]
struct Frame {
    wrap: NodeRef<leptos::html::Div>,
    /// The part of the table's content on screen (top, height); until measured, none, so the
    /// first view renders the first screen's rows and no more (a window's height of rows,
    /// thirty at 900 px, was built at the takeover and thrown away a frame later when the
    /// measure found five on screen).
    band: RwSignal<(f64, f64)>,
    /// The frame's own scroll position, as last measured.
    scroll_top: RwSignal<f64>,
}

impl Frame {
    /// A frame whose first view shows `band` (the screen's, when the app takes one over).
    fn new(band: Option<(f64, f64)>) -> Frame {
        Frame {
            wrap: NodeRef::new(),
            band: RwSignal::new(band.unwrap_or((0.0, 0.0))),
            scroll_top: RwSignal::new(0.0),
        }
    }

    /// The rows of a list of `total` to render: those on screen and a few either side; and
    /// while `first_view` holds, at least the first screen's rows (`with_first_rows`), so
    /// the columns are as wide as in the pre-rendered page this table took over. Afterwards
    /// a change rewrites only what is on screen.
    fn rows(self, total: Memo<usize>, first_view: RwSignal<bool>) -> Memo<Range<usize>> {
        Memo::new(move |_| {
            let (top, height) = self.band.get();
            let rows = visible_rows(total.get(), top, height, ROW_HEIGHT_PX, OVERSCAN);
            if first_view.get() {
                with_first_rows(rows, total.get())
            } else {
                rows
            }
        })
    }

    fn measure(self) {
        let Some(el) = self.wrap.get_untracked() else {
            return;
        };
        self.scroll_top.set(f64::from(el.scroll_top()));
        self.band.set(band_of(&el));
    }

    /// Measures once on the page, and again whenever the page scrolls or the window resizes;
    /// the listeners go with the table.
    fn follow_page(self, on_page: Signal<bool>) {
        let page_scroll = window_event_listener(leptos::ev::scroll, move |_| self.measure());
        let resize = window_event_listener(leptos::ev::resize, move |_| self.measure());
        on_cleanup(move || {
            page_scroll.remove();
            resize.remove();
        });
        // Measured in the next frame, not in the task that built the table: reading its box
        // there forced the whole new page's layout inside the start's longest task (27 ms
        // profiled); in the frame it is the layout the browser does anyway (issue 28).
        Effect::new(move |_| {
            if on_page.get() && self.wrap.get().is_some() {
                request_animation_frame(move || self.measure());
            }
        });
    }

    /// Back to the first row. Only when scrolled: setting scrollTop makes the browser lay the
    /// page out there and then (profiled at 9 ms per change on the real catalog).
    fn to_top(self) {
        if self.scroll_top.get_untracked() != 0.0 {
            if let Some(el) = self.wrap.get_untracked() {
                el.set_scroll_top(0);
            }
            self.measure();
        }
    }
}

fn header(a: Atlas, column: Column) -> impl IntoView {
    let sort = move || a.state.with(|s| table_row::header_sort(column, s.sort));
    let aria = move || sort().0;
    let arrow = move || sort().1;
    let label = move || {
        let lang = a.lang.get();
        a.state
            .with(|s| table_row::header_label(lang, column, &s.price))
    };
    view! {
        <th scope="col" aria-sort=aria data-col=column.key() class:numeric=column.is_numeric()>
            <button type="button" on:click=move |_| a.update(|s| s.sort_by(column))>
                {label}
                <span class="arrow" aria-hidden="true">{arrow}</span>
            </button>
        </th>
    }
}

/// The row at `index` of the shown list. Its elements stay while the view changes: the row's
/// face (plain text, from the engine) becomes a plain tree and only what differs from the
/// last one is written, so a new order, filter or currency rewrites text, not rows.
fn row_view(a: Atlas, index: usize, columns: Vec<Column>) -> impl IntoView {
    let tr = NodeRef::<leptos::html::Tr>::new();
    let tree = Memo::new(move |_| {
        let lang = a.lang.get();
        a.shown.with(|s| {
            s.rows.get(index).map(|row| {
                let selected = a.selection.with(|sel| sel.contains(&row.entry.offer.id));
                table_row::row(&RowFace::of(row, &columns, lang, &a.today, selected))
            })
        })
    });
    Effect::new(move |painted: Option<Option<Painted>>| {
        let tr = tr.get()?;
        plain::paint(&tr, painted.flatten(), tree.get()?)
    });
    view! { <tr node_ref=tr aria-rowindex=index + 2></tr> }
}
