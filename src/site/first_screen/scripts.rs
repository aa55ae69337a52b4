//! The scripts the page runs before the app (their text goes into the page as is, hashed by
//! its Content-Security-Policy).

/// `START` runs in the head, `SHOW` after the English screen, `CHOOSE` after both.
pub const START: &str = include_str!("start.js");
pub const SHOW: &str = include_str!("show.js");
pub const CHOOSE: &str = include_str!("choose.js");
/// Goes into Trunk's loader, before it starts the wasm: unless `START` has begun the app's
/// downloads already, waits for the first paint and begins them (`START`'s
/// `gpuAtlasBeginDownloads`).
pub const AFTER_PAINT: &str = include_str!("after_paint.js");
/// Inside the filters' `<details>`: folds them on a screen 800 px wide or less, as the app
/// does (written without `<`, `>` or `&`, which a script's text cannot escape). Reading
/// `innerWidth` lays out what is parsed so far (16–20 ms), and that is also what lets the
/// browser paint the masthead before the whole page is parsed: with a media query instead,
/// the first paint came 140–250 ms later (measured 2026-12-06, issue 28).
pub const FOLD: &str =
    "document.currentScript.parentNode.open = Math.max(innerWidth, 800) !== 800;";
