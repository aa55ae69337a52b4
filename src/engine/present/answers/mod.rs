//! Small answers a program reads: a price as a sourced, dated claim ([`claim`]), what each
//! variant costs across the market ([`market`]), one variant's prices by term and region group
//! ([`gpu`]), and what an offer's price was on a past day ([`price_at`]).
//!
//! The command line (`gpu-atlas`), its MCP server and the site's small JSON files
//! (`data/v1/gpu/<id>.json`, `data/v1/market.json`) all write these, from the same explorer
//! and market the app shows, so a script, an agent and a reader of the page get one answer.

pub mod claim;
pub mod gpu;
pub mod market;
pub mod price_at;
