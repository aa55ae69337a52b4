//! Rows → what is shown: how each cell reads (text, class and marks as data), every word in
//! both languages, exports, chart data, chips for active filters, the money plan of one offer,
//! the tables' visible windows and the provider's own CLI command; and the small answers a
//! program reads (`answers`).
//!
//! Everything here reads rows and the view; nothing here changes them.

pub mod answers;
pub mod api_way;
pub mod chart_data;
pub mod chips;
pub mod compare;
pub mod custom_rate;
pub mod deadline;
pub mod discount;
#[cfg(test)]
mod discount_tests;
pub mod export;
pub mod face;
pub mod hidden;
pub mod history;
pub mod i18n;
pub mod live;
pub mod market;
pub mod markup;
pub mod offer_screen;
pub mod old_prices;
pub mod plan_offer;
pub mod provider_cli;
pub mod serving_chart;
pub mod serving_choice;
pub mod site_page;
pub mod table_row;
pub mod uneven_window;
pub mod window;
