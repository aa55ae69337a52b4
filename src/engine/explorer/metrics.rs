//! A row as the scorer sees it: the adapter from the explorer's rows to scoring's plain
//! numbers, so scoring never reads the catalog or the view.

use super::competition::Competition;
use super::row::Row;
use crate::catalog::fabric::{inside_link, Basis, InsideLink};
use crate::catalog::freshness::Freshness;
use crate::catalog::{AsOf, Link, Term};
use crate::pricing::Rates;
use crate::scoring::Metrics;
use workload::Fit;

/// The metrics of a row as the view prices it; `None` when the row has no quote (the
/// offer is not sold in that term and those regions).
///
/// `rates` must be the rates the view was priced with: the quote's `value` is in the
/// view's basis and duration, so the per-hour price is rebuilt from the quote's native
/// per-instance-hour price, converted into the quote's (the view's) currency. A quote
/// without a known price gives metrics with `price_per_hour: None`, which ranking
/// excludes as [`Exclusion::NoPrice`](crate::scoring::Exclusion::NoPrice).
pub fn metrics(row: &Row<'_>, rates: &Rates, today: &AsOf) -> Option<Metrics> {
    let quote = row.quote.as_ref()?;
    let entry = row.entry;
    let offer = entry.offer;
    let provider = entry.provider;
    let facts = &provider.facts;
    let specs = entry.accelerator.map(|a| &a.specs);
    let inside = inside_link(offer, entry.accelerator);
    let count = entry.divisors.accelerators;
    let per_instance = |per_accelerator: Option<f64>| Some(per_accelerator? * count?);
    let sold_as = |terms: &[Term]| {
        offer
            .prices
            .iter()
            .any(|p| terms.contains(&p.term) && p.amount.is_some())
    };

    let mut metrics = Metrics {
        currency: quote.currency,
        term: Some(quote.term),
        bf16_pflops: entry.divisors.bf16_pflops,
        fp8_pflops: per_instance(specs.and_then(|s| s.fp8_tflops)).map(|t| t / 1_000.0),
        memory_bandwidth_gbs: per_instance(specs.and_then(|s| s.memory_bandwidth_gbs)),
        // A vGPU slice gets its share of the card's memory, not the whole card's.
        memory_per_accelerator_gb: specs
            .and_then(|s| s.memory_gb)
            .map(|gb| gb * count.unwrap_or(1.0).min(1.0)),
        memory_total_gb: entry.divisors.memory_gb,
        accelerators: count,
        interconnect_gbs: specs.and_then(|s| s.interconnect_gbs),
        interconnect: inside.map(|l| l.link),
        nvlink: inside.is_some_and(InsideLink::is_nvlink),
        interconnect_implied: inside.is_some_and(|l| l.basis == Basis::FormFactor),
        job_cost: row.job.as_ref().and_then(|j| j.cost),
        // Finishing within the hour counts as finishing now: a 0.01 h run on a 72-GPU rack
        // earns no more for its speed than a 0.9 h run on one card.
        job_hours: row
            .job
            .as_ref()
            .and_then(|j| j.wall_hours)
            .map(|h| h.max(TIME_THAT_COUNTS_AS_NOW_HOURS)),
        job_fits: row.job.as_ref().and_then(|j| match j.fit {
            Fit::Unknown { .. } => None,
            Fit::DoesNotFit { .. } => Some(false),
            _ => Some(true),
        }),
        fast_network: Link::Infiniband.held_by(offer, entry.accelerator),
        multi_node: offer.multi_node == Some(true),
        multi_node_not_stated: offer.multi_node.is_none(),
        billing_seconds: quote
            .billing
            .or(provider.billing_increment)
            .map(|b| b.seconds()),
        minimum_charge: facts.minimum_charge.is_some(),
        spot_available: facts.spot.is_some() || sold_as(&[Term::Spot]),
        kubernetes: facts.kubernetes.is_some(),
        framework_images: facts.framework_images.is_some(),
        notebooks: facts.notebooks.is_some(),
        storage: facts.storage.is_some(),
        research_credits: facts.credits.is_some(),
        reserved_available: facts.reserved.is_some()
            || sold_as(&[Term::Reserved1y, Term::Reserved3y, Term::Monthly]),
        age_months: Some(quote.as_of.months_until(today)),
        freshness: Some(Freshness::of(&quote.as_of, today)),
        confidence: Some(quote.confidence),
        ..Metrics::unknown(offer.id.clone(), provider.category)
    };
    let price = quote
        .native_per_hour
        .and_then(|p| rates.convert(p, quote.native_currency, quote.currency));
    metrics.set_price(price);
    Some(metrics)
}

/// A job's time to finish below which the ranking gives no credit for speed.
pub const TIME_THAT_COUNTS_AS_NOW_HOURS: f64 = 1.0;

/// [`metrics`] for the ranking, which names a best: a price `competition` leaves out (an old
/// one) is marked, and the ranking lists the offer as left out for it. A free tier is not a
/// price that moves, so it is never old here (as in the market).
pub fn ranked_metrics(
    row: &Row<'_>,
    rates: &Rates,
    competition: Competition,
    today: &AsOf,
) -> Option<Metrics> {
    let mut m = metrics(row, rates, today)?;
    m.old_price = !m.free && row.quote.as_ref().is_some_and(|q| !competition.admits(q));
    Some(m)
}
