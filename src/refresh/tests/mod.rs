//! The importers on recorded copies of every format, and the merge rules on small tables.

mod api_bot_feeds;
mod api_formats;
mod bot_feeds;
mod catalog_truths;
mod formats;
mod hostile;
mod merge_rules;
mod refresh_run;
