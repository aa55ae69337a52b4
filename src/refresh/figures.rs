//! The catalog's health in numbers: how fresh its prices are, what it covers, and the anomalies
//! an audit looks for. `catalog_figures` prints them; run it on two checkouts to compare.

use std::collections::{BTreeMap, BTreeSet};

use catalog::fx::Fx;
use catalog::{Area, AsOf, Catalog, Currency, FormFactor, Term};

use crate::feeds::Feed;
use crate::twice::priced_twice;

/// The providers whose prices the audit counts apart: the hyperscalers, refreshed from their
/// own price lists. "The long tail" is everyone else.
pub const HYPERSCALERS: [&str; 4] = ["aws", "gcp", "azure", "oci"];

/// The variants whose three cheapest on-demand prices the figures list: the ones visitors ask
/// for first.
pub const ASKED_FOR: [&str; 7] = [
    "h100-sxm5-80gb",
    "h200-141gb",
    "b200",
    "a100-sxm4-80gb",
    "l40s-48gb",
    "mi300x-192gb",
    "rtx-4090-24gb",
];

/// One of the cheapest on-demand prices of a variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Cheap {
    pub variant: String,
    pub offer: String,
    /// USD per accelerator-hour (converted at the catalog's reference rate when needed).
    pub usd: f64,
    pub as_of: AsOf,
    pub months: i32,
    pub source_url: String,
}

/// Countries whose providers count as European (EU, EEA, the UK and Switzerland).
pub const EUROPE: [&str; 32] = [
    "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GR", "HR", "HU",
    "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK",
];

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    pub providers: usize,
    pub offers: usize,
    pub priced_rows: usize,
    pub fresh_6m: usize,
    pub fresh_12m: usize,
    pub estimated: usize,
    pub providers_without_recent_price: Vec<String>,
    pub unspecified_offers: usize,
    pub spot_not_below_on_demand: Vec<String>,
    pub european_providers: Vec<String>,
    /// Providers with a price in an EU-area region.
    pub eu_filter_finds: Vec<String>,
    pub eur_rows: usize,
    pub alibaba_priced: (usize, usize),
    pub tencent_priced: (usize, usize),
    /// Reserved or committed price rows per hyperscaler.
    pub reserved_rows: BTreeMap<String, usize>,
    pub serverless_offers: usize,
    /// Providers with a live feed in `feeds.toml` (that the catalog lists).
    pub providers_with_feed: Vec<String>,
    /// Priced rows whose provider has a feed.
    pub rows_with_feed: usize,
    /// Priced rows of providers other than [`HYPERSCALERS`], and those dated ≤ 6 months ago.
    pub long_tail_rows: usize,
    pub long_tail_fresh_6m: usize,
    pub spot_rows: usize,
    pub spot_fresh_6m: usize,
    /// Offers with a live fact a source reported beyond the price: capacity reported
    /// available, and (spot) the interruption band.
    pub offers_with_availability: usize,
    pub offers_with_interruption: usize,
    /// Alibaba's and Tencent's priced offers with a price dated ≤ 12 months ago.
    pub alibaba_fresh_12m: usize,
    pub tencent_fresh_12m: usize,
    /// The same product priced twice at different dates ([`crate::twice`]).
    pub priced_twice: usize,
    /// The three cheapest on-demand prices per accelerator-hour of each [`ASKED_FOR`] variant.
    pub cheapest: Vec<Cheap>,
}

/// The figures of `catalog` on `today`, with the live `feeds` it is refreshed by.
pub fn of(catalog: &Catalog, today: &AsOf, feeds: &[Feed]) -> Figures {
    let mut f = Figures {
        providers: catalog.providers.len(),
        offers: catalog.offers.len(),
        ..Figures::default()
    };
    let fed: BTreeSet<&str> = feeds
        .iter()
        .map(|feed| feed.provider.as_str())
        .filter(|p| catalog.providers.iter().any(|known| known.id == *p))
        .collect();
    f.providers_with_feed = fed.iter().map(|p| p.to_string()).collect();
    f.priced_twice = priced_twice(catalog).len();
    f.cheapest = cheapest(catalog, today);
    let unspecified: BTreeSet<&str> = catalog
        .accelerators
        .iter()
        .filter(|a| a.form_factor == FormFactor::Unspecified)
        .map(|a| a.id.as_str())
        .collect();
    let mut newest: BTreeMap<&str, i32> = BTreeMap::new();
    let mut eu: BTreeSet<String> = BTreeSet::new();
    for offer in &catalog.offers {
        let provider = catalog.providers.iter().find(|p| p.id == offer.provider);
        if offer
            .accelerator
            .as_deref()
            .is_some_and(|a| unspecified.contains(a))
        {
            f.unspecified_offers += 1;
        }
        if offer
            .prices
            .iter()
            .any(|p| p.term == Term::Serverless && p.amount.is_some())
        {
            f.serverless_offers += 1;
        }
        newest.entry(offer.provider.as_str()).or_insert(i32::MAX);
        for price in offer.prices.iter().filter(|p| p.amount.is_some()) {
            f.priced_rows += 1;
            let months = price.as_of.months_until(today);
            if months <= 6 {
                f.fresh_6m += 1;
            }
            if months <= 12 {
                f.fresh_12m += 1;
            }
            if price.as_of.estimated {
                f.estimated += 1;
            }
            if fed.contains(offer.provider.as_str()) {
                f.rows_with_feed += 1;
            }
            if !HYPERSCALERS.contains(&offer.provider.as_str()) {
                f.long_tail_rows += 1;
                f.long_tail_fresh_6m += usize::from(months <= 6);
            }
            if price.term == Term::Spot {
                f.spot_rows += 1;
                f.spot_fresh_6m += usize::from(months <= 6);
            }
            if price.currency == Currency::Eur {
                f.eur_rows += 1;
            }
            let n = newest.entry(offer.provider.as_str()).or_insert(i32::MAX);
            *n = (*n).min(months);
            if matches!(price.term, Term::Reserved1y | Term::Reserved3y)
                && matches!(offer.provider.as_str(), "aws" | "gcp" | "azure")
            {
                *f.reserved_rows.entry(offer.provider.clone()).or_default() += 1;
            }
            let in_eu = provider
                .and_then(|p| p.region(&price.region))
                .is_some_and(|r| r.area == Area::Eu);
            if in_eu {
                eu.insert(offer.provider.clone());
            }
            if price.term == Term::Spot {
                let on_demand = offer.prices.iter().find(|o| {
                    o.term == Term::OnDemand
                        && o.region == price.region
                        && o.currency == price.currency
                        && o.amount.is_some()
                });
                let spot = price.per_instance_hour(offer.count);
                let od = on_demand.and_then(|o| o.per_instance_hour(offer.count));
                if let (Some(s), Some(o)) = (spot, od) {
                    if s >= o {
                        f.spot_not_below_on_demand
                            .push(format!("{} {}", offer.id, price.region));
                    }
                }
            }
        }
    }
    f.providers_without_recent_price = newest
        .into_iter()
        .filter(|(_, m)| *m > 12)
        .map(|(p, _)| p.to_string())
        .collect();
    f.european_providers = catalog
        .providers
        .iter()
        .filter(|p| {
            p.headquarters
                .as_deref()
                .is_some_and(|h| EUROPE.contains(&h))
        })
        .map(|p| p.id.clone())
        .collect();
    f.eu_filter_finds = eu.into_iter().collect();
    let priced = |provider: &str| {
        let offers: Vec<_> = catalog
            .offers
            .iter()
            .filter(|o| o.provider == provider)
            .collect();
        let with = offers
            .iter()
            .filter(|o| o.prices.iter().any(|p| p.amount.is_some()))
            .count();
        (with, offers.len())
    };
    f.alibaba_priced = priced("alibaba");
    f.tencent_priced = priced("tencent");
    let fresh_offers = |provider: &str| {
        catalog
            .offers
            .iter()
            .filter(|o| o.provider == provider)
            .filter(|o| {
                o.prices
                    .iter()
                    .any(|p| p.amount.is_some() && p.as_of.months_until(today) <= 12)
            })
            .count()
    };
    let with_fact = |fact: fn(&catalog::Price) -> bool| {
        catalog
            .offers
            .iter()
            .filter(|o| o.prices.iter().any(fact))
            .count()
    };
    f.offers_with_availability = with_fact(|p| p.live.available.is_some());
    f.offers_with_interruption = with_fact(|p| p.live.interruption.is_some());
    f.alibaba_fresh_12m = fresh_offers("alibaba");
    f.tencent_fresh_12m = fresh_offers("tencent");
    f
}

/// The three cheapest offers of each asked-for variant, on demand, per accelerator-hour in
/// USD: each offer once (its cheapest region), free tiers and serverless apart.
pub fn cheapest(catalog: &Catalog, today: &AsOf) -> Vec<Cheap> {
    let fx = Fx::newest(&catalog.fx);
    let mut out = Vec::new();
    for variant in ASKED_FOR {
        let mut best: Vec<Cheap> = Vec::new();
        for offer in catalog
            .offers
            .iter()
            .filter(|o| o.accelerator.as_deref() == Some(variant) && o.count > 0.0)
        {
            let provider = catalog.providers.iter().find(|p| p.id == offer.provider);
            let cheapest_here = offer
                .prices
                .iter()
                .filter(|p| p.term == Term::OnDemand)
                .filter_map(|p| {
                    let hourly = p.per_instance_hour(offer.count)? / offer.count;
                    let usd = fx.convert(hourly, p.currency, Currency::Usd)?;
                    Some((usd, p))
                })
                .filter(|(usd, _)| *usd > 0.0)
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((usd, p)) = cheapest_here {
                best.push(Cheap {
                    variant: variant.to_string(),
                    offer: offer.id.clone(),
                    usd,
                    as_of: p.as_of,
                    months: p.as_of.months_until(today),
                    source_url: provider
                        .and_then(|pr| pr.source(&p.source))
                        .map(|s| s.url.clone())
                        .unwrap_or_default(),
                });
            }
        }
        best.sort_by(|a, b| a.usd.total_cmp(&b.usd).then_with(|| a.offer.cmp(&b.offer)));
        // Three sellers, not one seller's three sizes at the same per-GPU price.
        let mut sellers = BTreeSet::new();
        best.retain(|c| sellers.insert(c.offer.split('/').next().unwrap_or("").to_string()));
        out.extend(best.into_iter().take(3));
    }
    out
}

impl Figures {
    /// The figures as a Markdown table.
    pub fn markdown(&self) -> String {
        let share = |n: usize| {
            if self.priced_rows == 0 {
                "—".to_string()
            } else {
                format!("{:.1} %", 100.0 * n as f64 / self.priced_rows as f64)
            }
        };
        let european_found: Vec<&String> = self
            .european_providers
            .iter()
            .filter(|p| self.eu_filter_finds.contains(p))
            .collect();
        let reserved: Vec<String> = ["aws", "gcp", "azure"]
            .iter()
            .map(|p| format!("{p} {}", self.reserved_rows.get(*p).copied().unwrap_or(0)))
            .collect();
        let rows = [
            ("providers", self.providers.to_string()),
            ("offers", self.offers.to_string()),
            ("priced rows", self.priced_rows.to_string()),
            (
                "priced rows dated ≤ 6 months ago",
                format!("{} ({})", self.fresh_6m, share(self.fresh_6m)),
            ),
            (
                "priced rows dated ≤ 12 months ago",
                format!("{} ({})", self.fresh_12m, share(self.fresh_12m)),
            ),
            (
                "priced rows with an estimated date",
                format!("{} ({})", self.estimated, share(self.estimated)),
            ),
            (
                "providers with no price newer than 12 months",
                format!(
                    "{} {}",
                    self.providers_without_recent_price.len(),
                    list(&self.providers_without_recent_price)
                ),
            ),
            (
                "offers pointing at unspecified variants",
                self.unspecified_offers.to_string(),
            ),
            (
                "spot rows at or above on-demand",
                format!(
                    "{} {}",
                    self.spot_not_below_on_demand.len(),
                    list(&self.spot_not_below_on_demand)
                ),
            ),
            (
                "providers an EU region filter finds",
                format!(
                    "{} {}",
                    self.eu_filter_finds.len(),
                    list(&self.eu_filter_finds)
                ),
            ),
            (
                "European providers it finds",
                format!(
                    "{} of {}",
                    european_found.len(),
                    self.european_providers.len()
                ),
            ),
            ("EUR-priced rows", self.eur_rows.to_string()),
            (
                "Alibaba offers with a price",
                format!("{} of {}", self.alibaba_priced.0, self.alibaba_priced.1),
            ),
            (
                "Tencent offers with a price",
                format!("{} of {}", self.tencent_priced.0, self.tencent_priced.1),
            ),
            (
                "reserved/committed rows (AWS, GCP, Azure)",
                reserved.join(", "),
            ),
            ("serverless GPU offers", self.serverless_offers.to_string()),
            (
                "providers with a live feed (feeds.toml)",
                format!(
                    "{} {}",
                    self.providers_with_feed.len(),
                    list(&self.providers_with_feed)
                ),
            ),
            (
                "priced rows whose provider has a feed",
                format!("{} ({})", self.rows_with_feed, share(self.rows_with_feed)),
            ),
            (
                "long tail (not AWS/GCP/Azure/OCI): priced rows dated ≤ 6 months ago",
                format!(
                    "{} of {} ({})",
                    self.long_tail_fresh_6m,
                    self.long_tail_rows,
                    percent(self.long_tail_fresh_6m, self.long_tail_rows)
                ),
            ),
            (
                "spot rows dated ≤ 6 months ago",
                format!(
                    "{} of {} ({})",
                    self.spot_fresh_6m,
                    self.spot_rows,
                    percent(self.spot_fresh_6m, self.spot_rows)
                ),
            ),
            (
                "offers with a live fact: capacity reported available / spot interruption band",
                format!(
                    "{} / {}",
                    self.offers_with_availability, self.offers_with_interruption
                ),
            ),
            (
                "Alibaba / Tencent priced offers dated ≤ 12 months ago",
                format!(
                    "{} of {} ({}) / {} of {} ({})",
                    self.alibaba_fresh_12m,
                    self.alibaba_priced.0,
                    percent(self.alibaba_fresh_12m, self.alibaba_priced.0),
                    self.tencent_fresh_12m,
                    self.tencent_priced.0,
                    percent(self.tencent_fresh_12m, self.tencent_priced.0)
                ),
            ),
            (
                "same product priced twice at different dates",
                self.priced_twice.to_string(),
            ),
        ];
        let mut md = String::from("| figure | value |\n|---|---|\n");
        for (name, value) in rows {
            md.push_str(&format!("| {name} | {value} |\n"));
        }
        md.push_str(
            "\nThe three cheapest on-demand prices per accelerator-hour (USD):\n\n\
             | variant | offer | USD | as of | months old | source |\n|---|---|---|---|---|---|\n",
        );
        for c in &self.cheapest {
            md.push_str(&format!(
                "| {} | {} | {:.2} | {} | {} | {} |\n",
                c.variant,
                c.offer,
                c.usd,
                c.as_of,
                c.months,
                if c.source_url.is_empty() {
                    "—"
                } else {
                    &c.source_url
                }
            ));
        }
        md
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "—".to_string()
    } else {
        format!("{:.1} %", 100.0 * part as f64 / whole as f64)
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else if items.len() <= 12 {
        format!("({})", items.join(", "))
    } else {
        format!("({}, …)", items[..12].join(", "))
    }
}
