//! Long work done a slice at a time: a few milliseconds of it, then the page goes back to the
//! browser (to paint, and to answer a tap or a keystroke) before the next slice. The start
//! decodes the catalog and builds the explorer this way, so no task after the first paint
//! holds the page for long (issue 28).

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use super::bench;

/// Elements (offers, providers, recorded prices) per step: small enough that a step is well
/// under a slice on a slow phone — an offer on every cloud region and term holds hundreds of
/// prices, and five of those overran a slice by 10 ms.
pub const ELEMENTS: usize = 2;

/// How long a slice may run before the browser gets the page back. Under the 50 ms of a
/// "long task", with room for a 4× slower phone.
const SLICE_MS: f64 = 8.0;

/// Runs `step` until it says it is done (or fails), yielding to the browser between slices.
/// With `?bench-timings` each slice is one measure named `name` (`ui::bench`): a measure per
/// step (a couple of offers) cost more than the steps themselves and hid what they cost.
pub async fn run<E>(
    name: &'static str,
    mut step: impl FnMut() -> Result<bool, E>,
) -> Result<(), E> {
    // The clock is looked up once: a step is a couple of offers, and finding the window and
    // its `performance` again at each of the start's four thousand steps was two more calls
    // out of the wasm per step. Without a clock the work runs in one go.
    let clock = web_sys::window().and_then(|w| w.performance());
    let now = || clock.as_ref().map_or(0.0, |p| p.now());
    loop {
        let started = now();
        let done = bench::timed(name, || loop {
            if step()? {
                return Ok(true);
            }
            if now() - started >= SLICE_MS {
                return Ok(false);
            }
        })?;
        if done {
            return Ok(());
        }
        yield_to_browser().await;
    }
}

/// Waits until the browser has painted its next frame: a requestAnimationFrame callback runs
/// before that frame's style, layout and paint, and a timeout it sets runs after them. A plain
/// timeout, not `bench::mark_after_paint`'s user-blocking task: what waits here runs after
/// that mark of the same frame, so the mark's time is the paint's.
pub async fn after_next_paint() {
    let promise = Promise::new(&mut |resolve, _| {
        let Some(window) = web_sys::window() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        let after_frame = Closure::once_into_js(move || {
            let queued = web_sys::window()
                .map(|w| w.set_timeout_with_callback(&resolve).is_ok())
                .unwrap_or(false);
            if !queued {
                let _ = resolve.call0(&JsValue::NULL);
            }
        });
        let _ = window.request_animation_frame(after_frame.unchecked_ref());
    });
    let _ = JsFuture::from(promise).await;
}

/// Waits until the browser has had its turn: `scheduler.yield()` where the browser has it (it
/// resumes ahead of other queued work), else a timeout.
pub async fn yield_to_browser() {
    let promise = scheduler_yield().unwrap_or_else(|| {
        Promise::new(&mut |resolve, _| {
            let queued = web_sys::window()
                .map(|w| w.set_timeout_with_callback(&resolve).is_ok())
                .unwrap_or(false);
            if !queued {
                let _ = resolve.call0(&JsValue::NULL);
            }
        })
    });
    let _ = JsFuture::from(promise).await;
}

fn scheduler_yield() -> Option<Promise> {
    let scheduler = Reflect::get(&js_sys::global(), &"scheduler".into())
        .ok()
        .filter(JsValue::is_object)?;
    let yield_fn: Function = Reflect::get(&scheduler, &"yield".into())
        .ok()?
        .dyn_into()
        .ok()?;
    yield_fn.call0(&scheduler).ok()?.dyn_into().ok()
}
