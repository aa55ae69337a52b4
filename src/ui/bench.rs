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
/// The `performance.mark` set after each frame that painted the visitor's view into the
/// pre-rendered screen (`ui::screen_answer`).
pub const SCREEN_ANSWERED: &str = "gpu-atlas:screen-answered";

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
/// paint.
pub fn table_has_rows() {
    if !PAINTED.replace(true) {
        mark_after_paint(TABLE_PAINTED);
    }
}

/// Sets the `performance.mark` `name` once the next frame is painted. A requestAnimationFrame
/// callback runs before that frame's style, layout and paint, and a task it queues runs once
/// the frame is done, so the mark's time is "on screen", not merely "in the DOM". The task is
/// queued at the user-blocking priority where the browser has `scheduler.postTask`: a plain
/// `setTimeout` waits behind the start's own slices (`scheduler.yield` continuations), which
/// put the mark of a screen painted early after the whole start.
pub fn mark_after_paint(name: &'static str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let after_frame = Closure::once_into_js(move || {
        let mark = Closure::once_into_js(move || {
            if let Some(p) = performance() {
                let _ = p.mark(name);
            }
        });
        if post_task(&mark).is_none() {
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback(mark.unchecked_ref());
            }
        }
    });
    let _ = window.request_animation_frame(after_frame.unchecked_ref());
}

/// `scheduler.postTask(task, { priority: "user-blocking" })`, where the browser has it.
fn post_task(task: &JsValue) -> Option<()> {
    use js_sys::{Function, Object, Reflect};
    let scheduler = Reflect::get(&js_sys::global(), &"scheduler".into())
        .ok()
        .filter(|s| !s.is_undefined())?;
    let post: Function = Reflect::get(&scheduler, &"postTask".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let options = Object::new();
    Reflect::set(&options, &"priority".into(), &"user-blocking".into()).ok()?;
    post.call2(&scheduler, task, &options).ok().map(drop)
}

/// With `?bench-timings`, the `performance.mark` `name` now.
pub fn mark(name: &str) {
    if let Some(p) = SWITCHES.with(|s| s.timings).then(performance).flatten() {
        let _ = p.mark(name);
    }
}

/// With `?bench-timings`, the start of the measure `name`, ended by [`measure_from_start`]
/// (for work that spans tasks, where [`timed`] cannot wrap it).
pub fn mark_start(name: &str) {
    mark(&format!("{name}:start"));
}

/// With `?bench-timings`, records the `performance.measure` `name` from its [`mark_start`] to now.
pub fn measure_from_start(name: &str) {
    if let Some(p) = SWITCHES.with(|s| s.timings).then(performance).flatten() {
        let (start, end) = (format!("{name}:start"), format!("{name}:end"));
        let _ = p.mark(&end);
        let _ = p.measure_with_start_mark_and_end_mark(name, &start, &end);
    }
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
