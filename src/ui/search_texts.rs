//! The offers' search texts, written a slice at a time. The start builds the explorer without
//! them (they were most of its build), so a shared link or the first screen is answered
//! sooner; they are written once the app's page is up, or before the screen answers a search
//! typed on it, so no search has to write them all in one task (issue 28).

use super::bench;
use super::slices;
use crate::engine::explorer::Explorer;

/// Writes every offer's search text not written yet (`Explorer::prepare_search`), giving the
/// page back to the browser between slices.
pub async fn prepare(explorer: &'static Explorer<'static>) {
    let mut next = 0;
    let written = slices::run("gpu-atlas:search-texts", || {
        Ok::<_, ()>(explorer.prepare_search(&mut next, slices::ELEMENTS))
    });
    // Nothing in a slice can fail.
    let _ = written.await;
    bench::mark(PREPARED);
}

/// The `performance.mark` (with `?bench-timings`) set once every search text is written.
const PREPARED: &str = "gpu-atlas:search-texts-written";
