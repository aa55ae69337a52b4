//! Where each page lives: the engine's rule (`engine::present::site_page`), which the app's
//! offer detail follows too when it links here.

pub use engine::present::site_page::{segment, Page};
