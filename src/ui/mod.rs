//! The Leptos shell: reads the engine's results and renders them. No price arithmetic here.

mod api_prices;
mod app;
mod assumptions;
mod bench;
mod browser;
mod calculator;
mod catalog_file;
mod catalog_text;
mod cells;
mod chart;
mod charts_panel;
mod chips;
mod columns_menu;
mod compare;
mod context;
mod controls;
mod custom_menu;
mod custom_rate_marker;
mod detail;
mod dialog;
mod discount_marker;
mod discounts_menu;
mod export_menu;
mod filters_panel;
mod header;
mod heap;
mod late_history;
mod left_out;
mod link;
mod market;
mod menus;
mod number_field;
mod offer_table;
mod opening;
mod panic;
mod plain;
mod plan;
mod rank;
mod saved_menu;
mod screen_answer;
mod search_texts;
mod serving;
mod share_menu;
mod since_notice;
mod slices;
mod stages;
mod status;
mod takeover;
mod today;
mod typed_value;

/// Starts the app: the panic notice first, so even a failure while mounting is shown.
pub fn start() {
    panic::install_hook();
    panic::self_test_if_asked();
    // Built hidden under the pre-rendered screen; `ui::stages` puts it in the screen's place.
    let page = takeover::page_to_build();
    bench::timed("gpu-atlas:mount", || {
        leptos::mount::mount_to(page.clone(), move || {
            leptos::view! { <app::App page=page /> }
        })
        .forget()
    });
}
