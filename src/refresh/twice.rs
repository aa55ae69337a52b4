//! One product, one set of prices: finds where the catalog prices the same product twice at
//! different dates — the older of the two then competes as "cheapest" beside the newer.
//!
//! Two shapes of it were found in the catalog (December 2026 audit):
//!
//! - one offer priced for the whole provider (region `global`, often an aggregator's "from"
//!   price) beside the same offer's regional rows, in one term, on another day;
//! - two offers of one provider that are one product — same accelerator variant, count and
//!   term, nothing stated that tells them apart (vCPUs, memory, network, interconnect, a tier
//!   such as RunPod's Secure or Community Cloud) — one priced provider-wide (`global`, the
//!   shape of an aggregator's per-GPU "from" price) beside the other, on different days: a
//!   frozen id of an old source beside a newer source's id. Two instance types priced per
//!   region (GCP's a3-highgpu and a3-megagpu) are the provider's own distinct products.
//!
//! Prices in different currencies are never compared: a provider that sells in CNY on its
//! China site and in USD internationally (Alibaba, Tencent) runs two sales channels with
//! their own lists, not one product priced twice.
//!
//! A test holds the real catalog to none of either; a refresh that merges the same product
//! under two ids is fixed with an alias (`sku` → `offers`), never shown twice.

use std::collections::BTreeMap;

use catalog::{Catalog, Offer, Price, Term};

/// One product priced twice: the two prices, older first.
#[derive(Debug, Clone, PartialEq)]
pub struct Twice {
    pub provider: String,
    pub term: Term,
    /// `offer region as_of price` of the older and the newer price.
    pub older: String,
    pub newer: String,
}

impl std::fmt::Display for Twice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {:?}: {} beside newer {}",
            self.provider, self.term, self.older, self.newer
        )
    }
}

/// Words that name a tier of one product line: offers named for different tiers differ.
const TIERS: [&str; 3] = ["secure", "community", "interruptible"];

/// Every product the catalog prices twice at different dates.
pub fn priced_twice(catalog: &Catalog) -> Vec<Twice> {
    let mut found = Vec::new();
    let mut by_product: BTreeMap<(&str, &str, u64, String), Vec<&Offer>> = BTreeMap::new();
    for offer in &catalog.offers {
        found.extend(global_beside_regional(offer));
        if let Some(accelerator) = offer.accelerator.as_deref() {
            by_product
                .entry((
                    offer.provider.as_str(),
                    accelerator,
                    offer.count.to_bits(),
                    tier(offer),
                ))
                .or_default()
                .push(offer);
        }
    }
    for offers in by_product.values() {
        for (i, a) in offers.iter().enumerate() {
            for b in &offers[i + 1..] {
                if told_apart(a, b) {
                    continue;
                }
                found.extend(across_offers(a, b));
            }
        }
    }
    found
}

/// The tier an offer's name states, or "" when it states none.
fn tier(offer: &Offer) -> String {
    let name = format!("{} {}", offer.id, offer.instance).to_lowercase();
    TIERS
        .iter()
        .find(|t| name.contains(*t))
        .map(|t| t.to_string())
        .unwrap_or_default()
}

/// Whether two offers state something that makes them different products.
fn told_apart(a: &Offer, b: &Offer) -> bool {
    let differ = |x: Option<f64>, y: Option<f64>| matches!((x, y), (Some(x), Some(y)) if x != y);
    let stated_differ =
        |x: Option<&str>, y: Option<&str>| matches!((x, y), (Some(x), Some(y)) if x != y);
    differ(a.vcpus, b.vcpus)
        || differ(a.ram_gb, b.ram_gb)
        || stated_differ(a.network.as_deref(), b.network.as_deref())
        || a.interconnect.is_some() && b.interconnect.is_some() && a.interconnect != b.interconnect
}

fn priced(offer: &Offer) -> impl Iterator<Item = &Price> {
    offer.prices.iter().filter(|p| p.amount.is_some())
}

fn describe(offer: &Offer, price: &Price) -> String {
    format!(
        "{} {} {} {}",
        offer.id,
        price.region,
        price.as_of,
        price.amount.unwrap_or_default()
    )
}

fn pair(offer_a: &Offer, a: &Price, offer_b: &Offer, b: &Price) -> Twice {
    let ((oo, po), (on, pn)) = if a.as_of <= b.as_of {
        ((offer_a, a), (offer_b, b))
    } else {
        ((offer_b, b), (offer_a, a))
    };
    Twice {
        provider: offer_a.provider.clone(),
        term: a.term,
        older: describe(oo, po),
        newer: describe(on, pn),
    }
}

/// An offer's `global` price beside its own regional prices of another day, per term.
fn global_beside_regional(offer: &Offer) -> Option<Twice> {
    for global in priced(offer).filter(|p| &*p.region == "global") {
        if let Some(regional) = priced(offer).find(|p| {
            p.term == global.term
                && p.currency == global.currency
                && &*p.region != "global"
                && p.as_of != global.as_of
        }) {
            return Some(pair(offer, global, offer, regional));
        }
    }
    None
}

/// Two offers of one product priced in the same place and term on different days.
fn across_offers(a: &Offer, b: &Offer) -> Option<Twice> {
    for pa in priced(a) {
        for pb in priced(b) {
            let same_place = &*pa.region == "global" || &*pb.region == "global";
            if pa.term == pb.term
                && pa.currency == pb.currency
                && same_place
                && pa.as_of != pb.as_of
            {
                return Some(pair(a, pa, b, pb));
            }
        }
    }
    None
}
