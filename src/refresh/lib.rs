//! The importers that keep the catalog true: each reads one source format (a price feed or a
//! stored copy of one), turns it into quotes with the source's address and the day the price
//! was true, and a refresh merges those quotes into `catalog/` — never losing a row, flagging
//! what looks wrong instead of applying it, and writing down every price it replaces.
//!
//! # Brief overview
//!
//! - [`feeds`]: which sources exist (`catalog/feeds.toml`) and which copies a run reads
//!   (`manifest.toml` beside the downloaded files, with the day each copy was true).
//! - [`formats`]: one parser per source format (SkyPilot `vms.csv`, the AWS Price List offer
//!   file, the Azure Retail Prices API, Oracle's public price list), each into [`quote::Quote`]s.
//! - [`api_figures`]: the hosted-API catalog's figures (models, providers, dates, sources).
//! - [`api_quote`], [`api_refresh`]: hosted-API token prices (`catalog/api/`): what a source
//!   says per model, and a refresh of `api/prices.csv` from one feed with the same rules.
//! - [`api_run`], [`api_source`], [`api_report`]: the bot's run of every API feed on its
//!   downloaded copy, the `[[source]]` it re-dates, and its change report.
//! - [`aliases`]: provider SKU or GPU name → exact accelerator variant; unknown is reported.
//! - [`table`]: a provider's price CSV as rows of text, read and written without loss.
//! - [`merge`]: one feed's quotes into one provider's table, with the rules that keep data.
//! - [`offers`]: new offers and source dates written into a provider's TOML.
//! - [`history`]: every price a refresh replaces, kept per provider.
//! - [`live`]: what live sources report beyond prices (capacity, interruption band), per provider.
//! - [`report`]: the Markdown change report a refresh prints (the bot's pull-request body).
//! - [`run`]: a whole refresh over the catalog folder.
//! - [`figures`]: the catalog's health in numbers (freshness, coverage, anomalies).
//! - [`readme`]: the README's figures, generated from the catalog and checked against it.
//! - [`twice`]: the same product priced twice at different dates, which the catalog must not.
//!
//! # Never
//!
//! - Runs in the browser or is depended on by the app: it is a contributor's and the bot's
//!   tool, native only.
//! - Fetches anything: the workflow downloads the feeds; this crate reads files, so every
//!   format is tested on recorded copies.

pub mod aliases;
pub mod api_figures;
pub mod api_quote;
pub mod api_refresh;
pub mod api_report;
pub mod api_run;
pub mod api_source;
pub mod feeds;
pub mod figures;
pub mod formats;
pub mod history;
pub mod live;
pub mod merge;
pub mod offers;
pub mod quote;
pub mod readme;
pub mod report;
pub mod run;
pub mod table;
pub mod twice;

#[cfg(test)]
mod tests;
