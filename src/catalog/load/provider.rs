//! `providers/<id>.toml`: a provider's facts, regions, sources and offers.

use serde::Deserialize;

use super::files::SourceFile;
use super::rules::{check_range, check_sources, is_plain_id, toml_message};
use crate::date::AsOf;
use crate::model::{
    BillingIncrement, Catalog, Currency, Interconnect, Offer, Provider, ProviderCategory,
    ProviderFacts, Region, Retired, Source,
};
use crate::problem::Problem;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProviderFile {
    provider: Header,
    #[serde(default)]
    region: Vec<Region>,
    #[serde(default)]
    source: Vec<Source>,
    #[serde(default)]
    offer: Vec<OfferEntry>,
    #[serde(default)]
    retired: Vec<Retired>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    id: String,
    name: String,
    name_zh: Option<String>,
    category: ProviderCategory,
    headquarters: Option<String>,
    currencies: Vec<Currency>,
    homepage: String,
    billing_increment: Option<BillingIncrement>,
    facts_source: Option<String>,
    #[serde(default)]
    fact_sources: std::collections::BTreeMap<String, String>,
    minimum_charge: Option<String>,
    free_tier: Option<String>,
    kubernetes: Option<String>,
    storage: Option<String>,
    framework_images: Option<String>,
    notebooks: Option<String>,
    cli: Option<String>,
    credits: Option<String>,
    spot: Option<String>,
    reserved: Option<String>,
    note: Option<String>,
    /// `[provider.zh]`: the Chinese of the facts, by key.
    #[serde(default)]
    zh: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferEntry {
    id: String,
    instance: String,
    accelerator: Option<String>,
    count: Option<f64>,
    vcpus: Option<f64>,
    ram_gb: Option<f64>,
    interconnect: Option<Interconnect>,
    network: Option<String>,
    network_zh: Option<String>,
    multi_node: Option<bool>,
    source: String,
    note: Option<String>,
    note_zh: Option<String>,
}

/// Parses one provider file; offers come back without prices (the price table adds them).
pub(super) fn load(
    file: &SourceFile,
    catalog: &Catalog,
    today: AsOf,
    problems: &mut Vec<Problem>,
) -> Option<(Provider, Vec<Offer>)> {
    let path = file.path.as_str();
    let parsed: ProviderFile = match toml::from_str(&file.text) {
        Ok(parsed) => parsed,
        Err(err) => {
            problems.push(Problem::new(path, "file", "", toml_message(&err)));
            return None;
        }
    };
    let h = parsed.provider;
    let stem = path
        .rsplit('/')
        .next()
        .and_then(|name| name.strip_suffix(".toml"))
        .unwrap_or(path);
    if h.id != stem {
        problems.push(Problem::new(
            path,
            "[provider]",
            "id",
            format!("{:?} must equal the file name {stem:?}", h.id),
        ));
    }
    if catalog.providers.iter().any(|p| p.id == h.id) {
        problems.push(Problem::new(
            path,
            "[provider]",
            "id",
            "duplicate provider id",
        ));
    }
    if h.headquarters
        .as_ref()
        .is_some_and(|hq| hq.len() != 2 || !hq.bytes().all(|b| b.is_ascii_uppercase()))
    {
        problems.push(Problem::new(
            path,
            "[provider]",
            "headquarters",
            "use a two-letter ISO country code",
        ));
    }
    if h.currencies.is_empty() {
        problems.push(Problem::new(
            path,
            "[provider]",
            "currencies",
            "name at least one",
        ));
    }
    if !h.homepage.starts_with("https://") && !h.homepage.starts_with("http://") {
        problems.push(Problem::new(
            path,
            "[provider]",
            "homepage",
            "not a web address",
        ));
    }
    check_sources(path, &parsed.source, today, problems);
    let known_source = |id: &str| parsed.source.iter().any(|s| s.id == id);
    if let Some(s) = &h.facts_source {
        if !known_source(s) {
            problems.push(Problem::new(
                path,
                "[provider]",
                "facts_source",
                format!("no [[source]] with id {s:?}"),
            ));
        }
    }
    for (key, source) in &h.fact_sources {
        if !crate::model::FACT_KEYS.contains(&key.as_str()) {
            problems.push(Problem::new(
                path,
                "[provider]",
                "fact_sources",
                format!("{key:?} is not a provider fact"),
            ));
        }
        if !known_source(source) {
            problems.push(Problem::new(
                path,
                "[provider]",
                "fact_sources",
                format!("no [[source]] with id {source:?}"),
            ));
        }
    }
    for key in h.zh.keys() {
        if !crate::model::FACT_KEYS.contains(&key.as_str()) {
            problems.push(Problem::new(
                path,
                "[provider.zh]",
                key,
                format!("{key:?} is not a provider fact"),
            ));
        }
    }
    for (i, r) in parsed.region.iter().enumerate() {
        if parsed.region[..i].iter().any(|o| o.id == r.id) {
            problems.push(Problem::new(
                path,
                format!("region {}", r.id),
                "id",
                "duplicate",
            ));
        }
    }

    let mut offers: Vec<Offer> = Vec::new();
    for o in parsed.offer {
        let place = format!("offer {}", o.id);
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        if !is_plain_id(&o.id) {
            report("id", "use letters, digits, . _ - (no spaces)".into());
        }
        let id = format!("{}/{}", h.id, o.id);
        if offers.iter().any(|x| x.id == id) {
            report("id", "duplicate offer id".into());
        }
        if !known_source(&o.source) {
            report("source", format!("no [[source]] with id {:?}", o.source));
        }
        let count = match (&o.accelerator, o.count) {
            (Some(acc), count) => {
                if !catalog.accelerators.iter().any(|a| &a.id == acc) {
                    report(
                        "accelerator",
                        format!("{acc:?} is not in accelerators.toml"),
                    );
                }
                match count {
                    Some(c) if c.is_finite() && c > 0.0 && c <= 10_000.0 => c,
                    Some(c) => {
                        report("count", format!("{c} accelerators is not plausible"));
                        1.0
                    }
                    None => {
                        report("count", "how many accelerators per instance?".into());
                        1.0
                    }
                }
            }
            (None, None) => 0.0,
            (None, Some(_)) => {
                report("count", "a count needs an accelerator".into());
                0.0
            }
        };
        check_range(o.vcpus, (0.1, 4_096.0), |m| report("vcpus", m));
        check_range(o.ram_gb, (0.1, 65_536.0), |m| report("ram_gb", m));
        offers.push(Offer {
            id,
            provider: h.id.clone(),
            instance: o.instance,
            accelerator: o.accelerator,
            count,
            vcpus: o.vcpus,
            ram_gb: o.ram_gb,
            interconnect: o.interconnect,
            network: o.network,
            network_zh: o.network_zh,
            multi_node: o.multi_node,
            source: o.source,
            note: o.note,
            note_zh: o.note_zh,
            prices: Vec::new(),
        });
    }

    for r in &parsed.retired {
        let place = format!("retired {}", r.id);
        if offers.iter().any(|o| o.id == format!("{}/{}", h.id, r.id)) {
            problems.push(Problem::new(
                path,
                &place,
                "id",
                "an offer still listed is not retired",
            ));
        }
        if !offers
            .iter()
            .any(|o| o.id == format!("{}/{}", h.id, r.merged_into))
        {
            problems.push(Problem::new(
                path,
                &place,
                "merged_into",
                format!("no [[offer]] with id {:?}", r.merged_into),
            ));
        }
    }

    let provider = Provider {
        id: h.id,
        name: h.name,
        name_zh: h.name_zh,
        category: h.category,
        headquarters: h.headquarters,
        currencies: h.currencies,
        homepage: h.homepage,
        billing_increment: h.billing_increment,
        facts: ProviderFacts {
            source: h.facts_source,
            sources: h.fact_sources.into_iter().collect(),
            minimum_charge: h.minimum_charge,
            free_tier: h.free_tier,
            kubernetes: h.kubernetes,
            storage: h.storage,
            framework_images: h.framework_images,
            notebooks: h.notebooks,
            cli: h.cli,
            credits: h.credits,
            spot: h.spot,
            reserved: h.reserved,
            note: h.note,
            zh: h.zh.into_iter().collect(),
        },
        regions: parsed.region,
        sources: parsed.source,
        retired: parsed.retired,
    };
    Some((provider, offers))
}
