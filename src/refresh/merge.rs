//! One feed's quotes into one provider's price table, by rules that never lose data:
//!
//! - a price moves only when the quote is at least as new as the row it replaces; a row
//!   dated later by another source is kept, and a big gap between the two is reported;
//! - a move larger than the threshold, a change of currency or unit, and a spot price at or
//!   above the same offer's on-demand price are flagged and not applied (unless the run
//!   accepts moves, and then they are still listed);
//! - a row this source priced before but no longer lists is marked, not deleted;
//! - a SKU no alias resolves is reported, not added and not matched to a near name;
//! - every value written is also kept as a history observation.

use std::collections::{BTreeMap, BTreeSet};

use catalog::{AsOf, Provider, Term};

use crate::aliases::Aliases;
use crate::feeds::Feed;
use crate::quote::{Dated, Parsed, Quote, SourceProblem};
use crate::table::{number, token, Row};

/// How cautious a run is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// A relative move above this (0.4 = 40 %) is flagged.
    pub threshold: f64,
    /// Apply flagged moves anyway (they stay listed in the report): for a deliberate
    /// re-sourcing after a known price cut, never for the bot.
    pub accept_moves: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threshold: 0.4,
            accept_moves: false,
        }
    }
}

/// What the catalog knows of one provider, for matching.
pub struct Known<'a> {
    pub provider: &'a Provider,
    /// The provider's offers as (offer id, the provider's instance name).
    pub offers: Vec<(String, String)>,
    pub aliases: &'a Aliases,
    /// Accelerator ids in `accelerators.toml`.
    pub accelerators: &'a BTreeSet<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub row: Row,
    pub old_price: String,
    pub old_as_of: String,
    /// Relative move, when old and new are comparable.
    pub moved: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    BigMove(f64),
    UnitOrCurrency {
        old: String,
        new: String,
    },
    SpotAboveOnDemand {
        on_demand: f64,
    },
    /// Another source dated later says something else.
    NewerElsewhere {
        source: String,
        as_of: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Flag {
    pub key: (String, String, String),
    pub old: Option<String>,
    pub new: f64,
    pub why: Why,
    /// Whether the value was written anyway (`accept_moves`).
    pub applied: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NewOffer {
    pub id: String,
    pub sku: String,
    pub accelerator: String,
    pub count: f64,
    pub vcpus: Option<f64>,
    pub ram_gb: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct UnknownSku {
    pub sku: String,
    pub gpu: Option<String>,
    pub line: usize,
    pub why: String,
}

/// Everything one feed did to one provider's table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    pub changed: Vec<Change>,
    pub added: Vec<Row>,
    /// Same price, now known to hold at the feed's date.
    pub confirmed: usize,
    /// Listed prices the source also quotes, kept because the catalog's row is newer.
    pub kept_newer: usize,
    pub flagged: Vec<Flag>,
    pub gone: Vec<Row>,
    pub new_offers: Vec<NewOffer>,
    pub unknown_skus: Vec<UnknownSku>,
    /// Regions the source prices that the provider file does not list, with quote counts.
    pub unknown_regions: BTreeMap<String, usize>,
    pub skipped: Vec<SourceProblem>,
    /// The values written, as history observations.
    pub observed: Vec<Row>,
    /// What the feed's live facts did to `live/<id>.csv`.
    pub live: crate::live::LiveOutcome,
}

impl Outcome {
    pub fn touched(&self) -> bool {
        !(self.changed.is_empty()
            && self.added.is_empty()
            && self.gone.is_empty()
            && self.confirmed == 0)
    }
}

type Key = (String, String, String);

/// Merges `parsed` (read from `feed`, true on `dated`) into `rows`, the provider's table.
pub fn merge(
    feed: &Feed,
    dated: &Dated,
    parsed: &Parsed,
    known: &Known<'_>,
    rows: &mut Vec<Row>,
    options: Options,
) -> Outcome {
    let mut out = Outcome {
        skipped: parsed.skipped.clone(),
        ..Outcome::default()
    };
    let targets = resolve_skus(feed, parsed, known, &mut out);
    // The keys the feed prices, each once (a duplicate key keeps its first quote).
    let mut wanted: BTreeMap<Key, &Quote> = BTreeMap::new();
    for quote in &parsed.quotes {
        if !feed.regions.is_empty() && !feed.regions.contains(&quote.region) {
            continue;
        }
        if known.provider.region(&quote.region).is_none() {
            // A feed of listed rows only says nothing about regions the catalog lacks.
            if !feed.existing_rows_only {
                *out.unknown_regions.entry(quote.region.clone()).or_default() += 1;
            }
            continue;
        }
        for offer in targets.get(&quote.sku).into_iter().flatten() {
            let key = (offer.clone(), quote.region.clone(), token(&quote.term));
            wanted.entry(key).or_insert(quote);
        }
    }
    let index: BTreeMap<Key, usize> = rows.iter().enumerate().map(|(i, r)| (r.key(), i)).collect();
    // On-demand first, so spot can be checked against the value it will sit beside.
    let mut order: Vec<(&Key, &&Quote)> = wanted.iter().collect();
    order.sort_by_key(|(k, q)| (q.term != Term::OnDemand, (*k).clone()));
    let mut on_demand_now: BTreeMap<(String, String), Standing> = rows
        .iter()
        .filter(|r| r.term == "on-demand")
        .filter_map(|r| Some(((r.offer.clone(), r.region.clone()), Standing::of(r)?)))
        .collect();
    let mut added = Vec::new();
    for (key, quote) in order {
        let new_row = fresh_row(key, quote, feed, dated);
        let quote_date = quote
            .cited
            .as_ref()
            .and_then(|c| AsOf::parse(&c.as_of).ok())
            .unwrap_or(dated.as_of);
        if quote.term == Term::Spot {
            if let Some(od) = on_demand_now.get(&(key.0.clone(), key.1.clone())) {
                if od.undercut_by(&new_row) {
                    out.flagged.push(Flag {
                        key: key.clone(),
                        old: index.get(key).map(|&i| rows[i].price.clone()),
                        new: quote.price,
                        why: Why::SpotAboveOnDemand {
                            on_demand: od.price,
                        },
                        applied: false,
                    });
                    continue;
                }
            }
        }
        let Some(&i) = index.get(key) else {
            if feed.existing_rows_only {
                continue;
            }
            if let Some(standing) = Standing::of(&new_row).filter(|_| quote.term == Term::OnDemand)
            {
                on_demand_now.insert((key.0.clone(), key.1.clone()), standing);
            }
            out.observed.push(new_row.clone());
            added.push(new_row);
            continue;
        };
        let old = rows[i].clone();
        let old_date = old.date();
        // A row newer than the quote stays, whichever source it came from: a stale mirror
        // of the feed's own source must not roll a price back either.
        if old_date.is_some_and(|d| d > quote_date) {
            out.kept_newer += 1;
            if let Some(moved) = relative_move(&old, &new_row) {
                if moved.abs() > options.threshold {
                    out.flagged.push(Flag {
                        key: key.clone(),
                        old: Some(old.price.clone()),
                        new: quote.price,
                        why: Why::NewerElsewhere {
                            source: old.source.clone(),
                            as_of: old.as_of.clone(),
                        },
                        applied: false,
                    });
                }
            }
            continue;
        }
        let comparable = old.currency == new_row.currency && old.unit == new_row.unit;
        let moved = relative_move(&old, &new_row);
        let why = if old.amount().is_some() && !comparable {
            Some(Why::UnitOrCurrency {
                old: format!("{} {}", old.currency, old.unit),
                new: format!("{} {}", new_row.currency, new_row.unit),
            })
        } else {
            moved
                .filter(|m| m.abs() > options.threshold)
                .map(Why::BigMove)
        };
        if let Some(why) = why {
            out.flagged.push(Flag {
                key: key.clone(),
                old: Some(old.price.clone()),
                new: quote.price,
                why,
                applied: options.accept_moves,
            });
            if !options.accept_moves {
                continue;
            }
        }
        if let Some(standing) = Standing::of(&new_row).filter(|_| quote.term == Term::OnDemand) {
            on_demand_now.insert((key.0.clone(), key.1.clone()), standing);
        }
        let same_value =
            old.amount() == new_row.amount() && old.price_high == new_row.price_high && comparable;
        let mut row = new_row;
        if same_value {
            out.confirmed += 1;
            row.note = carry_note(&old, &row);
        } else {
            let was = format!(
                "was {} ({}, {})",
                old_price_text(&old),
                old.as_of,
                old.source
            );
            row.note = join_notes(&row.note, &was);
            out.observed.push(row.clone());
            out.changed.push(Change {
                row: row.clone(),
                old_price: old_price_text(&old),
                old_as_of: old.as_of.clone(),
                moved,
            });
        }
        row.billing = old.billing.clone();
        rows[i] = row;
    }
    mark_gone(feed, dated, &wanted, rows, &mut out);
    clear_spot_above(&wanted, &on_demand_now, rows, &mut out);
    rows.extend(added.iter().cloned());
    out.added = added;
    out
}

/// An on-demand price as it stands during a merge, for checking spot prices against it.
struct Standing {
    price: f64,
    currency: String,
    unit: String,
    as_of: String,
}

impl Standing {
    fn of(row: &Row) -> Option<Standing> {
        Some(Standing {
            price: row.amount()?,
            currency: row.currency.clone(),
            unit: row.unit.clone(),
            as_of: row.as_of.clone(),
        })
    }

    /// Whether `spot` fails to undercut this on-demand price (in the same currency and unit).
    fn undercut_by(&self, spot: &Row) -> bool {
        self.currency == spot.currency
            && self.unit == spot.unit
            && spot.amount().is_some_and(|s| s >= self.price)
    }
}

/// A spot price the source did not refresh that now sits at or above a new on-demand price
/// (on-demand fell, as AWS's did in 2025): it cannot be true beside it, so its value is
/// cleared to unknown — the history file keeps it — and the report flags it.
fn clear_spot_above(
    wanted: &BTreeMap<Key, &Quote>,
    on_demand: &BTreeMap<(String, String), Standing>,
    rows: &mut [Row],
    out: &mut Outcome,
) {
    for row in rows.iter_mut() {
        if row.term != "spot" || wanted.contains_key(&row.key()) {
            continue;
        }
        let Some(od) = on_demand.get(&(row.offer.clone(), row.region.clone())) else {
            continue;
        };
        if !od.undercut_by(row) {
            continue;
        }
        let was = format!(
            "cleared: spot {} ({}, {}) was not below the on-demand price {} of {}",
            old_price_text(row),
            row.as_of,
            row.source,
            number(od.price),
            od.as_of
        );
        out.flagged.push(Flag {
            key: row.key(),
            old: Some(row.price.clone()),
            new: od.price,
            why: Why::SpotAboveOnDemand {
                on_demand: od.price,
            },
            applied: true,
        });
        row.price.clear();
        row.price_high.clear();
        row.note = join_notes(&was, &row.note);
    }
}

/// Which offers each SKU of the feed prices: an existing offer of that name, the offers an
/// alias lists, or a new offer an alias resolves; an unresolved SKU is reported.
fn resolve_skus(
    feed: &Feed,
    parsed: &Parsed,
    known: &Known<'_>,
    out: &mut Outcome,
) -> BTreeMap<String, Vec<String>> {
    let provider = known.provider.id.as_str();
    let mut targets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for quote in &parsed.quotes {
        if targets.contains_key(&quote.sku) || out.unknown_skus.iter().any(|u| u.sku == quote.sku) {
            continue;
        }
        if !feed.regions.is_empty() && !feed.regions.contains(&quote.region) {
            continue;
        }
        let listed = known.aliases.offers_of(provider, &quote.sku);
        if !listed.is_empty() {
            targets.insert(quote.sku.clone(), listed.to_vec());
            continue;
        }
        let existing = known
            .offers
            .iter()
            .find(|(id, instance)| *instance == quote.sku || *id == quote.sku);
        if let Some((id, _)) = existing {
            targets.insert(quote.sku.clone(), vec![id.clone()]);
            continue;
        }
        // A SKU with no accelerator is a CPU instance: not ours to report.
        // A row of the catalog's own format names an offer, so it is never passed over.
        let has_accelerator = quote.gpu.as_deref().is_some_and(|g| !g.trim().is_empty())
            || quote.count.is_some_and(|c| c > 0.0)
            || quote.cited.is_some();
        if !has_accelerator {
            continue;
        }
        let unknown = |why: String| UnknownSku {
            sku: quote.sku.clone(),
            gpu: quote.gpu.clone(),
            line: quote.line,
            why,
        };
        let Some(accelerator) = known
            .aliases
            .resolve(provider, &quote.sku, quote.gpu.as_deref())
        else {
            out.unknown_skus.push(unknown(
                "no alias says which accelerator variant this is".into(),
            ));
            continue;
        };
        if !known.accelerators.contains(accelerator) {
            out.unknown_skus.push(unknown(format!(
                "its alias names {accelerator:?}, which accelerators.toml lacks"
            )));
            continue;
        }
        let Some(count) = quote.count.filter(|c| *c > 0.0) else {
            out.unknown_skus
                .push(unknown("the source gives no accelerator count".into()));
            continue;
        };
        if feed.existing_rows_only {
            // Such a feed never adds a row, so an offer without one would be invalid.
            out.unknown_skus.push(unknown(format!(
                "not listed, and this feed only refreshes listed rows (its alias names {accelerator})"
            )));
            continue;
        }
        let id = plain_id(&quote.sku);
        out.new_offers.push(NewOffer {
            id: id.clone(),
            sku: quote.sku.clone(),
            accelerator: accelerator.to_string(),
            count,
            vcpus: quote.vcpus,
            ram_gb: quote.ram_gb,
        });
        targets.insert(quote.sku.clone(), vec![id]);
    }
    targets
}

/// Rows this source priced that it no longer lists, in the regions and terms it still
/// covers: marked with the day they were first missed, kept with their price.
fn mark_gone(
    feed: &Feed,
    dated: &Dated,
    wanted: &BTreeMap<Key, &Quote>,
    rows: &mut [Row],
    out: &mut Outcome,
) {
    if wanted.is_empty() || feed.partial_list {
        return;
    }
    let regions: BTreeSet<&str> = wanted.keys().map(|k| k.1.as_str()).collect();
    let terms: BTreeSet<&str> = wanted.keys().map(|k| k.2.as_str()).collect();
    let mark = format!("gone from {} since {}", feed.source, dated.text);
    let prefix = format!("gone from {} since", feed.source);
    for row in rows.iter_mut() {
        if row.source != feed.source
            || !regions.contains(row.region.as_str())
            || !terms.contains(row.term.as_str())
            || wanted.contains_key(&row.key())
            || row.note.starts_with(&prefix)
        {
            continue;
        }
        row.note = join_notes(&mark, &row.note);
        out.gone.push(row.clone());
    }
}

/// The row a quote makes: dated, cited and trusted as the quote's own row says (the
/// catalog's CSV format), else as the feed and its copy say.
fn fresh_row(key: &Key, quote: &Quote, feed: &Feed, dated: &Dated) -> Row {
    let (as_of, source, confidence, note) = match &quote.cited {
        Some(c) => (
            c.as_of.clone(),
            c.source.clone(),
            c.confidence,
            quote.note.clone().unwrap_or_default(),
        ),
        None => (
            dated.text.clone(),
            feed.source.clone(),
            feed.confidence,
            [quote.note.clone(), dated.note.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("; "),
        ),
    };
    Row {
        offer: key.0.clone(),
        region: key.1.clone(),
        term: key.2.clone(),
        price: number(quote.price),
        price_high: quote.price_high.map(number).unwrap_or_default(),
        currency: quote.currency.code().to_string(),
        unit: token(&quote.unit),
        billing: String::new(),
        as_of,
        source,
        confidence: token(&confidence),
        note,
    }
}

/// Old to new, relative; `None` when either is unknown, zero or in other units.
fn relative_move(old: &Row, new: &Row) -> Option<f64> {
    if old.currency != new.currency || old.unit != new.unit {
        return None;
    }
    let (o, n) = (old.amount()?, new.amount()?);
    (o > 0.0).then(|| (n - o) / o)
}

fn old_price_text(old: &Row) -> String {
    match (old.price.as_str(), old.price_high.as_str()) {
        ("", _) => "unknown".into(),
        (p, "") => p.to_string(),
        (p, h) => format!("{p}..{h}"),
    }
}

/// A confirmed row keeps what its note said about earlier values ("was …"), whichever source
/// confirms it now, and drops an old "gone" mark: the source lists it again.
fn carry_note(old: &Row, new: &Row) -> String {
    let was: Vec<&str> = old
        .note
        .split("; ")
        .filter(|part| part.starts_with("was "))
        .collect();
    join_notes(&new.note, &was.join("; "))
}

fn join_notes(first: &str, second: &str) -> String {
    match (first.trim(), second.trim()) {
        ("", s) => s.to_string(),
        (f, "") => f.to_string(),
        (f, s) => format!("{f}; {s}"),
    }
}

/// An offer id from a SKU: the catalog's ids keep to letters, digits, `.`, `_` and `-`.
pub fn plain_id(sku: &str) -> String {
    sku.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect()
}
