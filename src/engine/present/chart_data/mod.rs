//! What each chart shows, computed from the view: plain data for the drawing functions in
//! [`charts`](charts), in the view's currency, units and language. Pure, so the numbers
//! a chart draws are tested without a canvas, and the same data feeds the chart's "show as
//! table" view and its CSV.

pub mod bars;
pub mod breakdown;
pub mod regions;
pub mod scatter;

use super::i18n::{pick, Lang};
use charts::ChartWords;

/// The words every chart needs, in `lang`.
pub fn words(lang: Lang, name: &str) -> ChartWords {
    ChartWords {
        no_data: pick(
            lang,
            "Nothing to draw: no offer has both values.",
            "没有可绘制的数据：没有报价同时具备这两个数值。",
        )
        .into(),
        unknown: pick(lang, "unknown", "未知").into(),
        name: name.into(),
        group: pick(lang, "Provider", "服务商").into(),
        total: pick(lang, "Total", "合计").into(),
    }
}

/// The default view of the bundled catalog, for the charts' tests: its rows with the view,
/// rates and day they were priced for.
#[cfg(test)]
fn with_default_view(
    test: impl FnOnce(
        &crate::explorer::Shown<'_>,
        &crate::view::state::ViewState,
        &crate::pricing::Rates,
        &catalog::AsOf,
    ),
) {
    let catalog = crate::bundled::catalog().unwrap();
    let explorer = crate::explorer::Explorer::new(&catalog);
    let state = crate::view::state::ViewState::default();
    let rates = crate::pricing::Rates::new(catalog::fx::Fx::newest(&catalog.fx), None);
    let today = catalog::AsOf::day(2026, 11, 30);
    let shown = explorer.show(&state, &rates, &today);
    test(&shown, &state, &rates, &today);
}
