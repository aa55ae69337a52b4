//! The bot's own feeds (`catalog/feeds.toml`) on recorded copies of their sources, against the
//! shipped catalog: every feed has a copy (or says why not), and each copy lands on the offers
//! the catalog already lists — a source's SKU that names a listed product is matched to it
//! (by instance name or an alias), never proposed as a second offer, and every SKU left
//! unmatched is one the expectations name with a reason. Without this, a feed configured by
//! hand only meets its real source in the scheduled workflow, where a mismatch would add the
//! same product twice.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::feeds::parse_feeds;
use crate::merge::Options;
use crate::run::{run, today, Settings, Status};

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/bot-feeds")
}

fn repo_catalog() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog")
}

/// `expected.toml`: what each feed's copy may leave unmatched, and the feeds without a copy.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Expected {
    #[serde(default)]
    feed: BTreeMap<String, FeedExpected>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FeedExpected {
    /// Why the feed has no recorded copy here (then it is not run).
    no_copy: Option<String>,
    /// SKUs of the copy the catalog deliberately does not list, each with its reason.
    #[serde(default)]
    unmatched: BTreeMap<String, String>,
    /// Source regions the provider file deliberately does not list, each with its reason.
    #[serde(default)]
    unlisted_regions: BTreeMap<String, String>,
}

fn expected() -> Expected {
    let text = std::fs::read_to_string(here().join("expected.toml")).unwrap_or_default();
    toml::from_str(&text).unwrap_or_else(|e| panic!("expected.toml: {e}"))
}

#[test]
fn every_bot_feed_lands_on_the_listed_offers_of_its_recorded_copy() {
    let feeds_text = std::fs::read_to_string(repo_catalog().join("feeds.toml")).unwrap();
    let feeds = parse_feeds(&feeds_text).unwrap();
    let expected = expected();
    for id in expected.feed.keys() {
        assert!(
            feeds.iter().any(|f| &f.id == id),
            "expected.toml names {id}, which catalog/feeds.toml lacks"
        );
    }
    let r = run(&Settings {
        catalog: repo_catalog(),
        inputs: here(),
        feeds: None,
        today: today(),
        options: Options {
            accept_moves: true,
            ..Options::default()
        },
        only: vec![],
    })
    .unwrap();
    let mut wrong = Vec::new();
    for feed_run in &r.feeds {
        let id = &feed_run.feed.id;
        let want = expected.feed.get(id);
        let no_copy = want.and_then(|w| w.no_copy.as_ref());
        let outcome = match (&feed_run.status, no_copy) {
            (Status::Applied(outcome), None) => outcome,
            (Status::Applied(_), Some(_)) => {
                wrong.push(format!(
                    "{id}: has a copy, yet expected.toml says it has none"
                ));
                continue;
            }
            (Status::Failed { why, .. }, Some(_)) if why.starts_with("not fetched") => continue,
            (Status::Failed { why, .. }, _) => {
                wrong.push(format!("{id}: failed: {why}"));
                continue;
            }
        };
        for new in &outcome.new_offers {
            wrong.push(format!(
                "{id}: SKU {} would become a new offer {} — alias it to the listed offer, or list it",
                new.sku, new.id
            ));
        }
        let allowed = want.map(|w| &w.unmatched);
        for unknown in &outcome.unknown_skus {
            if !allowed.is_some_and(|a| a.contains_key(&unknown.sku)) {
                wrong.push(format!(
                    "{id}: SKU {} unmatched: {}",
                    unknown.sku, unknown.why
                ));
            }
        }
        let regions = want.map(|w| &w.unlisted_regions);
        for region in outcome.unknown_regions.keys() {
            if !regions.is_some_and(|a| a.contains_key(region)) {
                wrong.push(format!("{id}: region {region} is not in the provider file"));
            }
        }
        // Hyperbolic's SkyPilot file (~2025) lists three H100 sizes Hyperbolic's own API no
        // longer sells (marked gone, 2026-08-29): a run must keep them gone, not price them
        // again from the older file.
        if id == "skypilot-hyperbolic"
            && (!outcome.changed.is_empty() || !outcome.added.is_empty() || outcome.kept_newer < 3)
        {
            wrong.push(format!(
                "{id}: the ~2025 copy must leave Hyperbolic's newer rows as they are: {} changed, {} added, {} kept",
                outcome.changed.len(),
                outcome.added.len(),
                outcome.kept_newer
            ));
        }
        // A copy older than the catalog still proves its SKUs land on listed offers.
        if !outcome.touched() && outcome.kept_newer == 0 && outcome.live.written == 0 {
            wrong.push(format!("{id}: its copy matched no listed price or fact"));
        }
    }
    assert!(r.is_valid(), "{:#?}", r.problems);
    assert!(
        wrong.is_empty(),
        "{} problems:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
