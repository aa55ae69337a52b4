//! Hooks for the benchmark harness in `bench/`: a mark when the table is first painted with
//! rows, and — only when a benchmark asks for them — a multiplied catalog and engine timings.
//! None of it changes what a visitor sees.

use std::cell::Cell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::link;
use crate::engine::bench::{multiplied, Switches};
use crate::engine::catalog::Catalog;

/// The `performance.mark` set once, after the first frame that painted the table with rows.
pub const TABLE_PAINTED: &str = "gpu-atlas:table-painted";

thread_local! {
    /// The address's benchmark switches, read once.
    static SWITCHES: Switches = Switches::read(&link::current_query());
    static PAINTED: Cell<bool> = const { Cell::new(false) };
}

/// The catalog multiplied to `?bench-offers=N` offers when the address asks for it (see
/// `engine::bench`), else the catalog as it is.
pub fn apply_switches(catalog: Catalog) -> Catalog {
    match SWITCHES.with(|s| s.offers) {
        Some(n) => timed("gpu-atlas:multiply", || multiplied(&catalog, n)),
        None => catalog,
    }
}

fn performance() -> Option<web_sys::Performance> {
    web_sys::window()?.performance()
}

/// Called whenever the table has rows; the first call sets [`TABLE_PAINTED`] after the next
/// paint. A requestAnimationFrame callback runs before that frame's style, layout and paint,
/// and a task it queues (setTimeout 0) runs once the frame is done, so the mark's time is
/// "rows on screen", not merely "rows in the DOM".
pub fn table_has_rows() {
    if PAINTED.replace(true) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let after_frame = Closure::once_into_js(|| {
        gloo::timers::callback::Timeout::new(0, || {
            if let Some(p) = performance() {
                let _ = p.mark(TABLE_PAINTED);
            }
        })
        .forget();
    });
    let _ = window.request_animation_frame(after_frame.unchecked_ref());
}

/// Runs `work`; with `?bench-timings`, records it as the `performance.measure` `name`
/// (between marks `name:start` and `name:end`). Without the switch it costs one flag read.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let Some(p) = SWITCHES.with(|s| s.timings).then(performance).flatten() else {
        return work();
    };
    let (start, end) = (format!("{name}:start"), format!("{name}:end"));
    let _ = p.mark(&start);
    let out = work();
    let _ = p.mark(&end);
    let _ = p.measure_with_start_mark_and_end_mark(name, &start, &end);
    out
}
