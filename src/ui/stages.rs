//! The app's page built a part per task, hidden under the pre-rendered screen, then put in
//! its place in one step (issue 28). Built in one go, the page was the start's longest task
//! (about 100 ms on a desktop, 300–450 ms on a phone-speed CPU), and nothing typed or tapped
//! on the pre-rendered screen was answered meanwhile; built a part at a time, the browser gets
//! the page back between parts, and styles and lays out each part in the frame after it
//! (`takeover::page_to_build`).

use leptos::prelude::*;
use web_sys::HtmlElement;

use super::bench;
use super::slices;
use super::status;
use super::takeover::{self, Typed};

/// The page's parts, in the order they are built. Each is a task of its own, so none should
/// take much more than the others: the calculator and the table's rows were split from the
/// chips and the table (each 15–19 ms of one task on a desktop CPU, four times that on a
/// phone's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Header,
    Filters,
    Controls,
    /// The bar's menus, once its fields are built (`Controls` waits for it).
    BarMenus,
    Today,
    /// Today's lines written, once their prices are computed (`TodayMarket` waits for it).
    TodayLines,
    Chips,
    Calculator,
    Results,
    /// The table's rows, once the table around them is built (`OfferTable` waits for it).
    Rows,
    Footer,
}

const PARTS: usize = Part::Footer as usize + 1;

/// The benchmark mark (`?bench-timings`) of the first part's turn.
pub const PARTS_BEGIN: &str = "gpu-atlas:parts";

/// The benchmark measure of each part's task, in the order of [`Part`].
const PART_MEASURES: [&str; PARTS] = [
    "gpu-atlas:part:header",
    "gpu-atlas:part:filters",
    "gpu-atlas:part:controls",
    "gpu-atlas:part:bar-menus",
    "gpu-atlas:part:today",
    "gpu-atlas:part:today-lines",
    "gpu-atlas:part:chips",
    "gpu-atlas:part:calculator",
    "gpu-atlas:part:results",
    "gpu-atlas:part:rows",
    "gpu-atlas:part:footer",
];

/// The longest the parts wait for the screen's answer: it is one task away, so this is a
/// guard, not a delay.
const SETTLE_WAIT_MS: f64 = 250.0;

/// How far the build has come, and whether the page is in the document yet.
#[derive(Clone, Copy)]
pub struct Stages {
    /// Parts built so far.
    built: RwSignal<usize>,
    on_page: RwSignal<bool>,
    /// The screen table's band (`takeover::screen_band`), read before the first part.
    screen_band: StoredValue<Option<(f64, f64)>>,
}

impl Stages {
    pub fn new() -> Stages {
        Stages {
            built: RwSignal::new(0),
            on_page: RwSignal::new(false),
            screen_band: StoredValue::new(None),
        }
    }

    /// `view` once its part's turn has come, and built only then, once.
    pub fn part<V: IntoView + 'static>(
        self,
        part: Part,
        view: impl Fn() -> V + Send + Sync + 'static,
    ) -> impl IntoView {
        let ready = self.reached(part);
        move || ready.get().then(&view)
    }

    /// Whether `part`'s turn has come (a part built in two tasks reads it for its second half).
    pub fn reached(self, part: Part) -> Signal<bool> {
        Memo::new(move |_| self.built.get() > part as usize).into()
    }

    /// Whether the app's page is in the document: what measures itself, marks its paint or
    /// takes the focus waits for this.
    pub fn on_page(self) -> Signal<bool> {
        self.on_page.into()
    }

    /// The part of the screen's table on screen, as it was read right after a frame and before
    /// the first part: then nothing needs laying out to read it. Read in the table's own part,
    /// it laid out every part built before it, inside that part's task (a third of it on a
    /// desktop, profiled; issue 28). A scroll meanwhile is caught by the table's first measure.
    pub fn screen_band(self) -> Option<(f64, f64)> {
        self.screen_band.get_value()
    }

    /// Builds the parts one task at a time, then swaps the page built in `page` in for the
    /// pre-rendered screen and hands `arrived` what the visitor typed and ticked there.
    ///
    /// The parts begin once the screen shows the view's answer (`screen_settled`: a link's
    /// view, or what was typed while the app loaded, written in by `ui::screen_answer`) and
    /// that has been painted. Begun before, the parts' tasks (each resumed ahead of the
    /// browser's other work, `slices::yield_to_browser`) held that paint back by 11–79 ms on a
    /// desktop, until the browser forced a frame in (issue 28). The wait for the answer is
    /// bounded, so a screen that never settles cannot keep the app out.
    pub fn run(
        self,
        page: HtmlElement,
        screen_settled: Signal<bool>,
        arrived: impl FnOnce(Typed) + 'static,
    ) {
        leptos::task::spawn_local(async move {
            let clock = web_sys::window().and_then(|w| w.performance());
            let now = || clock.as_ref().map_or(f64::INFINITY, |p| p.now());
            let began = now();
            while !screen_settled.get_untracked() && now() - began < SETTLE_WAIT_MS {
                slices::yield_to_browser().await;
            }
            slices::after_next_paint().await;
            self.screen_band.set_value(takeover::screen_band());
            bench::mark(PARTS_BEGIN);
            slices::yield_to_browser().await;
            // A part is built by the effects its turn wakes, after this task: its measure
            // runs until the browser hands the next turn back.
            for (built, name) in (1..=PARTS).zip(PART_MEASURES) {
                bench::mark_start(name);
                self.built.set(built);
                slices::yield_to_browser().await;
                bench::measure_from_start(name);
            }
            arrived(takeover::swap(&page));
            self.on_page.set(true);
            status::announce_taken_over();
        });
    }
}
