//! Each format on its recorded copy, and on damaged ones.

use catalog::{Currency, PriceUnit, Term};

use crate::formats::Format;
use crate::quote::{Parsed, Quote};

fn fixture(name: &str) -> String {
    let path = format!("{}/fixtures/feeds/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn find<'a>(parsed: &'a Parsed, sku: &str, region: &str, term: Term) -> &'a Quote {
    parsed
        .quotes
        .iter()
        .find(|q| q.sku == sku && q.region == region && q.term == term)
        .unwrap_or_else(|| panic!("no {sku} {region} {term:?} in {:#?}", parsed.quotes))
}

#[test]
fn skypilot_v8_reads_on_demand_per_region_and_spot_over_zones() {
    let parsed = Format::SkypilotVms
        .parse(&fixture("skypilot-v8-aws.csv"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    let p5 = find(&parsed, "p5.48xlarge", "us-west-2", Term::OnDemand);
    assert_eq!((p5.price, p5.price_high), (55.04, None));
    assert_eq!((p5.gpu.as_deref(), p5.count), (Some("H100"), Some(8.0)));
    assert_eq!((p5.vcpus, p5.ram_gb), (Some(192.0), Some(2048.0)));
    assert_eq!(
        (p5.currency, p5.unit),
        (Currency::Usd, PriceUnit::InstanceHour)
    );
    // Two zone rows: 21.6229 and 22.7293 → one range.
    let spot = find(&parsed, "p5.48xlarge", "us-west-2", Term::Spot);
    assert_eq!((spot.price, spot.price_high), (21.6229, Some(22.7293)));
    assert_eq!(spot.note.as_deref(), Some("min..max over 2 zone rows"));
    // One quote per (SKU, region, term), whatever the number of zone rows.
    let keys: std::collections::BTreeSet<_> = parsed
        .quotes
        .iter()
        .map(|q| (&q.sku, &q.region, q.term))
        .collect();
    assert_eq!(keys.len(), parsed.quotes.len());
}

#[test]
fn skypilot_columns_are_found_by_name_whatever_their_order() {
    // RunPod's file puts Region, SpotPrice and Price in another order and has no Arch.
    let parsed = Format::SkypilotVms
        .parse(&fixture("skypilot-v8-runpod.csv"))
        .unwrap();
    let h100 = find(&parsed, "1x_H100-SXM_SECURE", "NL", Term::OnDemand);
    assert_eq!(h100.price, 2.69);
    assert_eq!(
        find(&parsed, "1x_H100-SXM_SECURE", "NL", Term::Spot).price,
        1.75
    );
    assert_eq!(parsed.quotes.len(), 18);
}

#[test]
fn a_damaged_skypilot_file_names_the_bad_lines_and_keeps_the_rest() {
    let parsed = Format::SkypilotVms
        .parse(&fixture("skypilot-v8-aws-damaged.csv"))
        .unwrap();
    let places: Vec<String> = parsed.skipped.iter().map(|p| p.to_string()).collect();
    assert_eq!(parsed.skipped.len(), 2, "{places:?}");
    assert!(
        places[0].starts_with("line 3, field `Price`: \"N/A\""),
        "{places:?}"
    );
    assert!(places[1].contains("5"), "{places:?}");
    // The good rows of the same instance and region are still read.
    let g4dn = find(&parsed, "g4dn.xlarge", "eu-west-1", Term::OnDemand);
    assert_eq!(g4dn.price, 0.587);
    assert!(parsed.quotes.len() > 20);
}

#[test]
fn a_document_that_is_not_the_format_fails_whole() {
    let html = fixture("error-page.html");
    let err = Format::SkypilotVms.parse(&html).unwrap_err();
    assert!(err.message.contains("not a SkyPilot vms.csv"), "{err}");
    for format in [
        Format::AwsPriceList,
        Format::AzureRetail,
        Format::OciPriceList,
    ] {
        let err = format.parse(&html).unwrap_err();
        assert!(err.place.starts_with("line "), "{}: {err}", format.name());
    }
    // A JSON feed cut off mid-way (a broken download) fails too, naming where.
    let oracle = fixture("oracle-price-list.json");
    let cut = &oracle[..oracle.len() / 2];
    let err = Format::OciPriceList.parse(cut).unwrap_err();
    assert!(err.message.starts_with("not an Oracle price list"), "{err}");
}

#[test]
fn aws_price_list_reads_linux_on_demand_and_the_publication_date() {
    let parsed = Format::AwsPriceList
        .parse(&fixture("aws-price-list-p4d.json"))
        .unwrap();
    assert_eq!(parsed.published.as_deref(), Some("2024-05-28T20:35:22Z"));
    let p4d = find(&parsed, "p4d.24xlarge", "us-east-1", Term::OnDemand);
    assert_eq!(p4d.price, 32.7726);
    assert_eq!(
        (p4d.count, p4d.vcpus, p4d.ram_gb),
        (Some(8.0), Some(96.0), Some(1152.0))
    );
    assert_eq!(parsed.quotes.len(), 1);
}

#[test]
fn azure_retail_reads_consumption_and_reservation_totals() {
    let parsed = Format::AzureRetail
        .parse(&fixture("azure-retail-d8v4.json"))
        .unwrap();
    let on_demand = find(&parsed, "Standard_D8_v4", "westeurope", Term::OnDemand);
    assert_eq!(
        (on_demand.price, on_demand.unit),
        (0.46, PriceUnit::InstanceHour)
    );
    let one = find(&parsed, "Standard_D8_v4", "westeurope", Term::Reserved1y);
    assert_eq!((one.price, one.unit), (2377.0, PriceUnit::InstanceTerm));
    assert_eq!(
        find(&parsed, "Standard_D8_v4", "westeurope", Term::Reserved3y).price,
        4594.0
    );
    assert_eq!(
        on_demand.note.as_deref(),
        Some("in effect since 2020-08-01")
    );
}

#[test]
fn azure_items_with_a_bad_price_are_skipped_by_number() {
    let mut doc: serde_json::Value =
        serde_json::from_str(&fixture("azure-retail-d8v4.json")).unwrap();
    doc["Items"][1]["retailPrice"] = serde_json::json!(-1.0);
    doc["Items"][2]["currencyCode"] = serde_json::json!("CHF");
    let parsed = Format::AzureRetail.parse(&doc.to_string()).unwrap();
    let skipped: Vec<String> = parsed.skipped.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        skipped,
        [
            "item 2, field `retailPrice`: -1 is not a price",
            "item 3, field `currencyCode`: CHF is not a currency the catalog keeps"
        ]
    );
    assert_eq!(parsed.quotes.len(), 1);
}

#[test]
fn oracle_reads_gpu_parts_per_gpu_hour_and_passes_over_the_rest() {
    let parsed = Format::OciPriceList
        .parse(&fixture("oracle-price-list.json"))
        .unwrap();
    let h100 = find(
        &parsed,
        "Oracle Cloud Infrastructure - Compute - GPU - H100",
        "global",
        Term::OnDemand,
    );
    assert_eq!((h100.price, h100.unit), (10.0, PriceUnit::AcceleratorHour));
    assert_eq!(h100.gpu.as_deref(), Some("H100"));
    // The VMware node part is priced per node, not per GPU: not a GPU price.
    assert!(parsed.quotes.iter().all(|q| !q.sku.contains("VMware")));
    assert_eq!(parsed.quotes.len(), 8);
}

#[test]
fn gpuhunt_reads_each_offer_per_location_with_its_gpus() {
    // gpuhunt's own sample of its v2 catalog columns (see ORIGINS.md).
    let parsed = Format::GpuhuntCsv
        .parse(&fixture("gpuhunt-v2-sample.csv"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    assert_eq!(parsed.quotes.len(), 4);
    let i3 = find(&parsed, "i3", "us", Term::OnDemand);
    assert_eq!(
        (i3.price, i3.count, i3.gpu.as_deref()),
        (2.0, Some(4.0), Some("A10"))
    );
    assert_eq!((i3.vcpus, i3.ram_gb), (Some(30.0), Some(240.0)));
    assert_eq!(
        (i3.currency, i3.unit),
        (Currency::Usd, PriceUnit::InstanceHour)
    );
}

#[test]
fn gpuhunt_spot_rows_are_spot_and_zones_fold_into_a_range() {
    // The sample's own header and instance, with spot rows in two zones of one location,
    // as gpuhunt writes a provider that prices spot per zone.
    let text = "instance_name,location,price,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\n\
                i1,us,0.5,30,240,1,A10,24.0,False\n\
                i1,us,0.21,30,240,1,A10,24.0,True\n\
                i1,us,0.25,30,240,1,A10,24.0,true\n\
                cpu1,us,0.1,8,32,0,,,False\n\
                i1,us,0.3,30,240,1,A10,24.0,maybe\n";
    let parsed = Format::GpuhuntCsv.parse(text).unwrap();
    let spot = find(&parsed, "i1", "us", Term::Spot);
    assert_eq!((spot.price, spot.price_high), (0.21, Some(0.25)));
    assert_eq!(find(&parsed, "i1", "us", Term::OnDemand).price, 0.5);
    // The CPU instance is not a GPU offer; the bad flag is named, not guessed.
    assert_eq!(parsed.quotes.len(), 2);
    let skipped: Vec<String> = parsed.skipped.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        skipped,
        ["line 6, field `spot`: \"maybe\" is neither True nor False"]
    );
}

#[test]
fn aws_price_list_csv_reads_what_the_json_form_reads() {
    let csv = Format::AwsPriceListCsv
        .parse(&fixture("aws-price-list-p4d.csv"))
        .unwrap();
    let json = Format::AwsPriceList
        .parse(&fixture("aws-price-list-p4d.json"))
        .unwrap();
    assert_eq!(csv.published, json.published);
    let (a, b) = (
        find(&csv, "p4d.24xlarge", "us-east-1", Term::OnDemand),
        find(&json, "p4d.24xlarge", "us-east-1", Term::OnDemand),
    );
    assert_eq!(
        (a.price, a.count, a.vcpus, a.ram_gb),
        (b.price, b.count, b.vcpus, b.ram_gb)
    );
    // The RHEL, dedicated m4.xlarge row is not what a Linux user rents.
    assert_eq!(csv.quotes.len(), 1, "{:?}", csv.quotes);
}

#[test]
fn aws_price_list_csv_keeps_no_upfront_standard_reservations_only() {
    let header = "\"SKU\",\"TermType\",\"Unit\",\"PricePerUnit\",\"Currency\",\"LeaseContractLength\",\"PurchaseOption\",\"OfferingClass\",\"Product Family\",\"Instance Type\",\"Tenancy\",\"Operating System\",\"Pre Installed S/W\",\"CapacityStatus\",\"Region Code\",\"GPU\"";
    let row = |term: &str, price: &str, length: &str, option: &str, class: &str| {
        format!("\"S\",\"{term}\",\"Hrs\",\"{price}\",\"USD\",\"{length}\",\"{option}\",\"{class}\",\"Compute Instance\",\"p5.48xlarge\",\"Shared\",\"Linux\",\"NA\",\"Used\",\"us-east-1\",\"8\"")
    };
    let text = [
        "\"FormatVersion\",\"v1.0\"".to_string(),
        "\"Publication Date\",\"2026-08-26T00:00:00Z\"".into(),
        header.into(),
        row("OnDemand", "55.04", "", "", ""),
        row("Reserved", "34.678", "1yr", "No Upfront", "standard"),
        row("Reserved", "24.0", "3yr", "No Upfront", "standard"),
        row("Reserved", "30.0", "1yr", "Partial Upfront", "standard"),
        row("Reserved", "31.0", "1yr", "No Upfront", "convertible"),
        row("Reserved", "1e308", "1yr", "No Upfront", "standard"),
    ]
    .join("\n");
    let parsed = Format::AwsPriceListCsv.parse(&text).unwrap();
    assert_eq!(parsed.published.as_deref(), Some("2026-08-26T00:00:00Z"));
    let terms: Vec<(Term, f64)> = parsed.quotes.iter().map(|q| (q.term, q.price)).collect();
    assert_eq!(
        terms,
        [
            (Term::OnDemand, 55.04),
            (Term::Reserved1y, 34.678),
            (Term::Reserved3y, 24.0)
        ]
    );
    assert_eq!(parsed.quotes[0].count, Some(8.0));
    // The absurd rate is named by line and field, not kept.
    assert_eq!(parsed.skipped.len(), 1);
    assert!(parsed.skipped[0]
        .to_string()
        .starts_with("line 9, field `PricePerUnit`"));
}

#[test]
fn a_file_that_is_not_an_aws_price_list_csv_fails_whole() {
    let err = Format::AwsPriceListCsv
        .parse(&fixture("error-page.html"))
        .unwrap_err();
    assert!(err.message.contains("not an AWS Price List CSV"), "{err}");
    let err = Format::GpuhuntCsv
        .parse(&fixture("skypilot-v8-aws.csv"))
        .unwrap_err();
    assert!(err.message.contains("not a gpuhunt catalog"), "{err}");
}

#[test]
fn a_feed_takes_its_own_skus_from_a_shared_source_and_names_regions_its_way() {
    // SkyPilot's Shadeform catalog lists many clouds as `<cloud>_<shape>`: one feed per cloud
    // takes its prefix, and maps the aggregator's data-centre names to the provider's regions.
    let parsed = Format::SkypilotVms
        .parse(&fixture("skypilot-v8-runpod.csv"))
        .unwrap();
    let feed = crate::feeds::parse_feeds(
        r#"
[[feed]]
id = "shadeform-like"
provider = "runpod"
format = "skypilot-vms"
url = "https://example.org/vms.csv"
source = "s"
title = "t"
kind = "aggregator"
confidence = "medium"
sku_prefix = "1x_H100"
region_map = { NL = "EU-NL-1" }
"#,
    )
    .unwrap()
    .remove(0);
    let selected = feed.select(parsed);
    assert!(selected.quotes.iter().all(|q| q.sku.starts_with("1x_H100")));
    let regions: std::collections::BTreeSet<&str> =
        selected.quotes.iter().map(|q| q.region.as_str()).collect();
    assert_eq!(regions, ["CA", "EU-NL-1", "US"].into_iter().collect());
    // "*" takes every region not named: one price everywhere.
    let mut everywhere = feed.clone();
    everywhere.region_map.insert("*".into(), "global".into());
    let parsed = Format::SkypilotVms
        .parse(&fixture("skypilot-v8-runpod.csv"))
        .unwrap();
    let regions: std::collections::BTreeSet<String> = everywhere
        .select(parsed)
        .quotes
        .into_iter()
        .map(|q| q.region)
        .collect();
    assert_eq!(
        regions,
        ["EU-NL-1", "global"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    // Two source regions on one key fold into one quote, lowest first, and say so.
    let text =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Region,SpotPrice,Price\n\
                1x_H100,H100,1,8,64,CA,,2.69\n\
                1x_H100,H100,1,8,64,US,,2.99\n";
    let folded = everywhere.select(Format::SkypilotVms.parse(text).unwrap());
    assert_eq!(folded.quotes.len(), 1);
    let q = &folded.quotes[0];
    assert_eq!((q.price, q.price_high), (2.69, Some(2.99)));
    assert_eq!(q.note.as_deref(), Some("min..max over 2 source regions"));
    // A feed names the currency of a source whose file names none.
    assert_eq!(q.currency, catalog::Currency::Usd);
    let mut in_euros = everywhere.clone();
    in_euros.currency = Some(catalog::Currency::Eur);
    let priced = in_euros.select(Format::SkypilotVms.parse(text).unwrap());
    assert!(priced
        .quotes
        .iter()
        .all(|q| q.currency == catalog::Currency::Eur));
}

#[test]
fn linode_reads_gpu_plans_and_passes_over_the_rest() {
    let parsed = Format::LinodeTypes
        .parse(&fixture("linode-types.json"))
        .unwrap();
    assert_eq!(parsed.quotes.len(), 1, "{:?}", parsed.quotes);
    let rtx = find(&parsed, "g2-gpu-rtx4000a1-s", "global", Term::OnDemand);
    assert_eq!(
        (rtx.price, rtx.count, rtx.vcpus, rtx.ram_gb),
        (0.52, Some(1.0), Some(8.0), Some(16.0))
    );
    // A regional override of a GPU plan is its own quote.
    let mut doc: serde_json::Value = serde_json::from_str(&fixture("linode-types.json")).unwrap();
    doc["data"][1]["region_prices"] = serde_json::json!([{"id": "id-cgk", "hourly": 0.62}]);
    let parsed = Format::LinodeTypes.parse(&doc.to_string()).unwrap();
    assert_eq!(
        find(&parsed, "g2-gpu-rtx4000a1-s", "id-cgk", Term::OnDemand).price,
        0.62
    );
}

#[test]
fn vultr_reads_on_demand_and_preemptible_per_location() {
    let metal = Format::VultrPlans
        .parse(&fixture("vultr-plans-metal.json"))
        .unwrap();
    let h100 = find(&metal, "vbm-112c-2048gb-8-h100-gpu", "sea", Term::OnDemand);
    assert_eq!(
        (h100.price, h100.vcpus, h100.ram_gb),
        (23.92, Some(224.0), Some(2048.0))
    );
    assert_eq!(
        find(&metal, "vbm-112c-2048gb-8-h100-gpu", "sea", Term::Spot).price,
        18.4
    );
    assert_eq!(metal.quotes.len(), 4);
    let vms = Format::VultrPlans
        .parse(&fixture("vultr-plans.json"))
        .unwrap();
    // Two GPU plans (the CPU plan is passed over); a slice states no GPU count.
    assert_eq!(vms.quotes.len(), 2);
    let slice = find(&vms, "vcg-a100-1c-6g-4vram", "ewr", Term::OnDemand);
    assert_eq!((slice.price, slice.count), (0.123, None));
}

#[test]
fn the_spot_advisor_gives_each_linux_type_its_band_as_a_fact() {
    use crate::quote::FactKind;
    use catalog::InterruptionBand;
    let parsed = Format::AwsSpotAdvisor
        .parse(&fixture("aws-spot-advisor.json"))
        .unwrap();
    assert!(parsed.quotes.is_empty(), "no prices in it");
    assert_eq!(parsed.facts.len(), 9);
    let band = |sku: &str| {
        parsed
            .facts
            .iter()
            .find(|f| f.sku == sku && f.region == "eu-north-1")
            .map(|f| (f.term, f.kind))
    };
    assert_eq!(
        band("m7a.16xlarge"),
        Some((
            Term::Spot,
            FactKind::Interruption(InterruptionBand::From15To20)
        ))
    );
    assert_eq!(
        band("t3.large"),
        Some((Term::Spot, FactKind::Interruption(InterruptionBand::Under5)))
    );
    // A band index the document does not define is named, not guessed.
    let mut doc: serde_json::Value =
        serde_json::from_str(&fixture("aws-spot-advisor.json")).unwrap();
    doc["spot_advisor"]["eu-north-1"]["Linux"]["t3.large"]["r"] = serde_json::json!(9);
    let parsed = Format::AwsSpotAdvisor.parse(&doc.to_string()).unwrap();
    assert_eq!(parsed.facts.len(), 8);
    assert_eq!(
        parsed.skipped[0].to_string(),
        "eu-north-1 Linux t3.large, field `r`: 9 is not one of the document's ranges"
    );
    // The real file lists types with no data as `{"s": 0, "r": 0}` (dl1.24xlarge in us-west-2
    // in the 2026 copy): band 0 would read "under 5 %", so the entry is passed over, said.
    doc["spot_advisor"]["eu-north-1"]["Linux"]["t3.large"] = serde_json::json!({"s": 0, "r": 0});
    let parsed = Format::AwsSpotAdvisor.parse(&doc.to_string()).unwrap();
    assert_eq!(parsed.facts.len(), 8);
    assert!(parsed.facts.iter().all(|f| f.sku != "t3.large"));
    assert_eq!(
        parsed.skipped[0].to_string(),
        "eu-north-1 Linux t3.large, field `s`: a saving of 0: the entry carries no data, its band is not read"
    );
}

#[test]
fn gcp_pricing_yml_reads_gpu_machines_per_region_and_term() {
    let parsed = Format::GcpPricingYml
        .parse(&fixture("gcp-pricing-2026-07-30.yml"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    assert_eq!(parsed.published.as_deref(), Some("2026-07-30"));
    let a2 = find(&parsed, "a2-highgpu-1g", "us-central1", Term::OnDemand);
    assert_eq!(
        (a2.price, a2.gpu.as_deref(), a2.count, a2.vcpus, a2.ram_gb),
        (3.673385, Some("a100"), Some(1.0), Some(12.0), Some(85.0))
    );
    assert_eq!(
        find(&parsed, "a2-highgpu-1g", "us-central1", Term::Spot).price,
        1.92802
    );
    // A commitment's month is the file's 730 hours.
    let cud = find(&parsed, "a2-highgpu-1g", "us-central1", Term::Reserved1y);
    assert_eq!(cud.price, 2.314207);
    assert_eq!(cud.note.as_deref(), Some("month_1y ÷ 730"));
    let mega = find(&parsed, "a3-megagpu-8g", "asia-northeast1", Term::OnDemand);
    assert_eq!(
        (mega.price, mega.gpu.as_deref(), mega.count),
        (119.276367, Some("h100-80gb-mega"), Some(8.0))
    );
    // A CPU machine is passed over; the licence section's OS names are not regions.
    assert!(parsed.quotes.iter().all(|q| q.sku != "c2-standard-16"));
    assert!(parsed.quotes.iter().all(|q| q.region != "rhel"));
    let skus: std::collections::BTreeSet<&str> =
        parsed.quotes.iter().map(|q| q.sku.as_str()).collect();
    assert_eq!(skus.len(), 6, "{skus:?}");
    // Not this file at all.
    assert!(Format::GcpPricingYml.parse("a,b\n1,2\n").is_err());
    assert!(Format::GcpPricingYml
        .parse("---\nabout:\n  url: x\n")
        .is_err());
}

#[test]
fn exoscale_reads_gpu_instance_types_in_usd_and_passes_over_the_rest() {
    let parsed = Format::ExoscalePricing
        .parse(&fixture("exoscale-opencompute-usd.json"))
        .unwrap();
    // 4 gpu, 4 gpu2, 4 gpu3, 3 gpua5000 and 3 gpu3080ti sizes; CPU types, volumes and
    // traffic are not GPU offers.
    assert_eq!(parsed.quotes.len(), 18, "{:?}", parsed.quotes);
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    let a40 = find(&parsed, "gpu3.small", "global", Term::OnDemand);
    assert_eq!(
        (
            a40.price,
            a40.currency,
            a40.unit,
            a40.gpu.as_deref(),
            a40.count
        ),
        (
            2.13333,
            Currency::Usd,
            PriceUnit::InstanceHour,
            Some("gpu3"),
            None
        )
    );
    assert_eq!(
        find(&parsed, "gpua5000.large", "global", Term::OnDemand).price,
        4.55694
    );
    // Another currency's object is not read: the catalog keeps Exoscale in USD.
    let eur_only = r#"{"eur": {"running_gpu3_small": "2.13333000"}}"#;
    let err = Format::ExoscalePricing.parse(eur_only).unwrap_err();
    assert!(err.message.contains("no usd object"), "{err}");
}

// --- Issue 25, feeds2 ---------------------------------------------------------------------

#[test]
fn scaleway_reads_gpu_types_in_eur_and_passes_over_cpu_types() {
    let page1 = Format::ScalewayServers
        .parse(&fixture("scaleway-servers-fr-par-2-p1.json"))
        .unwrap();
    // 3 B300, 2 H100 PCIe, 3 H100 SXM, 4 L4 and 4 L40S types; BASIC2/BASIC3 have no GPU.
    assert_eq!(page1.quotes.len(), 16, "{:?}", page1.quotes);
    assert!(page1.skipped.is_empty(), "{:?}", page1.skipped);
    let zone = "requested-zone";
    let h100 = find(&page1, "H100-SXM-8-80G", zone, Term::OnDemand);
    assert_eq!(
        (h100.price, h100.currency, h100.unit),
        (25.3308, Currency::Eur, PriceUnit::InstanceHour)
    );
    assert_eq!(
        (h100.gpu.as_deref(), h100.count),
        (Some("H100-SXM"), Some(8.0))
    );
    assert_eq!((h100.vcpus, h100.ram_gb), (Some(128.0), Some(960.0)));
    assert!(!page1.quotes.iter().any(|q| q.sku.starts_with("BASIC")));
    let page2 = Format::ScalewayServers
        .parse(&fixture("scaleway-servers-fr-par-2-p2.json"))
        .unwrap();
    assert_eq!(page2.quotes.len(), 1, "{:?}", page2.quotes);
    let render = find(&page2, "RENDER-S", zone, Term::OnDemand);
    assert_eq!((render.price, render.gpu.as_deref()), (1.221, Some("P100")));

    // A GPU type whose count or price is not a number is named, the others are read.
    let damaged = r#"{"servers": {
        "A": {"gpu": "2", "gpu_info": {"gpu_name": "L4"}, "hourly_price": 1.5},
        "B": {"gpu": 1, "gpu_info": {"gpu_name": "L4"}},
        "C": {"gpu": 1, "gpu_info": {"gpu_name": "L4"}, "hourly_price": "0.79"},
        "D": {"gpu": 1, "gpu_info": {"gpu_name": "L4"}, "hourly_price": 0},
        "E": {"gpu": 1, "gpu_info": {"gpu_name": "L4"}, "hourly_price": 0.7875}}}"#;
    let parsed = Format::ScalewayServers.parse(damaged).unwrap();
    assert_eq!(parsed.quotes.len(), 1);
    assert_eq!(parsed.quotes[0].sku, "E");
    let named: Vec<_> = parsed
        .skipped
        .iter()
        .map(|p| (p.place.as_str(), p.field.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("server A", "gpu"),
            ("server B", "hourly_price"),
            ("server C", "hourly_price"),
            ("server D", "hourly_price")
        ]
    );
    // Not this document at all.
    let err = Format::ScalewayServers
        .parse(r#"{"plans": []}"#)
        .unwrap_err();
    assert!(err.message.contains("no servers object"), "{err}");
}

#[test]
fn coreweave_reads_each_gpu_row_per_region_table_and_names_bad_cells() {
    let parsed = Format::CoreweavePricing
        .parse(&fixture("coreweave-pricing-na-excerpt.html"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    let na = "NORTH AMERICA";
    // GB300: "Contact sales" and N/A, no price. GB200: on-demand only. B300: spot only.
    assert!(!parsed.quotes.iter().any(|q| q.sku == "nvidia-gb300-nvl72"));
    let gb200 = find(&parsed, "nvidia-gb200-nvl72", na, Term::OnDemand);
    assert_eq!((gb200.price, gb200.count), (42.0, Some(4.0)));
    assert!(!parsed
        .quotes
        .iter()
        .any(|q| q.sku == "nvidia-gb200-nvl72" && q.term == Term::Spot));
    assert!(!parsed
        .quotes
        .iter()
        .any(|q| q.sku == "nvidia-b300" && q.term == Term::OnDemand));
    assert_eq!(find(&parsed, "nvidia-b300", na, Term::Spot).price, 35.84);
    let h100 = find(&parsed, "hgx-h100", na, Term::OnDemand);
    assert_eq!(
        (
            h100.price,
            h100.currency,
            h100.unit,
            h100.gpu.as_deref(),
            h100.count,
            h100.vcpus,
            h100.ram_gb
        ),
        (
            49.24,
            Currency::Usd,
            PriceUnit::InstanceHour,
            Some("NVIDIA HGX H100"),
            Some(8.0),
            Some(128.0),
            Some(2048.0)
        )
    );
    assert_eq!(find(&parsed, "hgx-h100", na, Term::Spot).price, 19.71);
    assert_eq!(parsed.quotes.len(), 8, "{:?}", parsed.quotes);

    // A price cell that is not a dollar amount is named; the row's other price is kept.
    let damaged = fixture("coreweave-pricing-na-excerpt.html").replacen(
        "<span class=\"item-value\">$68.80</span>",
        "<span class=\"item-value\">68,80 EUR</span>",
        1,
    );
    let parsed = Format::CoreweavePricing.parse(&damaged).unwrap();
    assert_eq!(parsed.skipped.len(), 1, "{:?}", parsed.skipped);
    assert_eq!(parsed.skipped[0].field, "On-Demand Price");
    assert!(parsed.skipped[0].place.contains("nvidia-b200"));
    assert_eq!(find(&parsed, "nvidia-b200", na, Term::Spot).price, 34.11);
    // Not this page at all.
    assert!(Format::CoreweavePricing
        .parse("<html><body>hello</body></html>")
        .is_err());
}

// --- Issue 25, feeds3 ---------------------------------------------------------------------

#[test]
fn latitude_reads_gpu_plans_per_country_group_hourly_and_monthly() {
    let parsed = Format::LatitudePlans
        .parse(&fixture("latitude-pricing-excerpt.html"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    // c3.small.x86 has no GPU. g4.rtx6kpro.large: US, AU, JP, NL (UK has no USD price: not
    // sold there); g4.b300.large and g3.h100.small: US. Each an hourly and a monthly price.
    assert!(!parsed.quotes.iter().any(|q| q.sku == "c3.small.x86"));
    assert_eq!(parsed.quotes.len(), 12, "{:?}", parsed.quotes);
    let us = "United States";
    let h100 = find(&parsed, "g3.h100.small", us, Term::OnDemand);
    assert_eq!(
        (
            h100.price,
            h100.currency,
            h100.unit,
            h100.gpu.as_deref(),
            h100.count,
            h100.vcpus,
            h100.ram_gb
        ),
        (
            3.37,
            Currency::Usd,
            PriceUnit::InstanceHour,
            Some("NVIDIA H100 80GB"),
            Some(1.0),
            Some(16.0),
            Some(192.0)
        )
    );
    let month = find(&parsed, "g3.h100.small", us, Term::Monthly);
    assert_eq!(
        (month.price, month.unit),
        (1230.0, PriceUnit::InstanceMonth)
    );
    assert_eq!(
        find(&parsed, "g4.rtx6kpro.large", "Australia", Term::OnDemand).price,
        66.0
    );
    assert_eq!(
        find(&parsed, "g4.b300.large", us, Term::OnDemand).price,
        128.0
    );
    assert!(!parsed.quotes.iter().any(|q| q.region == "United Kingdom"));

    // The API's own (unescaped) form reads the same.
    let raw = fixture("latitude-pricing-excerpt.html").replace("\\\"", "\"");
    assert_eq!(Format::LatitudePlans.parse(&raw).unwrap().quotes.len(), 12);

    // A price that is not a number, a GPU count that is not one, and a cut-off plan are named.
    let damaged = r#"{"data":[
        {"id":"a","type":"plans","attributes":{"name":"a","specs":{"gpu":{"count":"8"}},"regions":[]}},
        {"id":"b","type":"plans","attributes":{"name":"b","specs":{"gpu":{"count":1}},
          "regions":[{"name":"United States","pricing":{"USD":{"hour":"3.37","month":1230}}}]}},
        {"id":"c","type":"plans","attributes":{"name":"c","specs":{"gpu":{"count":1}},
          "regions":[{"name":"Japan","pricing":{"BRL":{"hour":3}}}]}},
        {"id":"d","type":"plans","attributes":{"name":"d","specs":{"gpu":{"count":1}},"regi"#;
    let parsed = Format::LatitudePlans.parse(damaged).unwrap();
    assert_eq!(parsed.quotes.len(), 1, "{:?}", parsed.quotes);
    assert_eq!(
        (parsed.quotes[0].sku.as_str(), parsed.quotes[0].price),
        ("b", 1230.0)
    );
    let named: Vec<_> = parsed
        .skipped
        .iter()
        .map(|p| (p.place.as_str(), p.field.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("plan a", "specs.gpu.count"),
            ("plan b, United States", "hour"),
            ("plan c, Japan", "pricing.USD"),
            ("plan 4", "")
        ]
    );
    // Not this page at all.
    let err = Format::LatitudePlans
        .parse("<html><body>hello</body></html>")
        .unwrap_err();
    assert!(err.message.contains("no plan objects"), "{err}");
}

#[test]
fn hotaisle_reads_each_card_size_at_its_per_gpu_price() {
    let parsed = Format::HotaislePricing
        .parse(&fixture("hotaisle-pricing-cards.html"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    // Small: 1x; Medium: 2x & 4x; Large: 8x bare metal with a one-month minimum.
    assert_eq!(parsed.quotes.len(), 4, "{:?}", parsed.quotes);
    let page = "page";
    for sku in ["1x MI300x", "2x MI300x", "4x MI300x"] {
        let q = find(&parsed, sku, page, Term::OnDemand);
        assert_eq!(
            (q.price, q.currency, q.unit),
            (2.99, Currency::Usd, PriceUnit::AcceleratorHour)
        );
    }
    let large = find(&parsed, "8x MI300x", page, Term::Monthly);
    assert_eq!(
        (large.price, large.count, large.unit),
        (3.39, Some(8.0), PriceUnit::AcceleratorHour)
    );
    assert!(!parsed
        .quotes
        .iter()
        .any(|q| q.sku == "8x MI300x" && q.term == Term::OnDemand));
    assert_eq!(
        find(&parsed, "2x MI300x", page, Term::OnDemand)
            .note
            .as_deref(),
        Some("page card VM Medium: 2x & 4x MI300x at $2.99/GPU/hr")
    );

    // A card whose price is not a dollar figure is named; the others are read.
    let damaged =
        fixture("hotaisle-pricing-cards.html").replacen("$3.39/GPU/hr", "3,39 €/GPU/hr", 1);
    let parsed = Format::HotaislePricing.parse(&damaged).unwrap();
    assert_eq!(parsed.quotes.len(), 3);
    assert_eq!(parsed.skipped.len(), 1, "{:?}", parsed.skipped);
    assert_eq!(
        (
            parsed.skipped[0].place.as_str(),
            parsed.skipped[0].field.as_str()
        ),
        ("card Large", "price")
    );
    // Not this page at all.
    let err = Format::HotaislePricing
        .parse("<html><body><h2>Pricing</h2><p>Contact us</p></body></html>")
        .unwrap_err();
    assert!(err.message.contains("no GPU card"), "{err}");
}

#[test]
fn fal_reads_the_gpu_table_list_prices_only() {
    let parsed = Format::FalPricing
        .parse(&fixture("fal-pricing-gpu-table.html"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    assert_eq!(parsed.quotes.len(), 5, "{:?}", parsed.quotes);
    let b300 = find(&parsed, "B300", "page", Term::Serverless);
    assert_eq!(
        (b300.price, b300.currency, b300.unit, b300.count),
        (8.5, Currency::Usd, PriceUnit::AcceleratorHour, Some(1.0))
    );
    assert_eq!(
        b300.note.as_deref(),
        Some("page: list $8.50/h, as low as $4.49/h (committed use)")
    );
    // H100 and H200 share a list price: both are read.
    assert_eq!(find(&parsed, "H100", "page", Term::Serverless).price, 4.5);
    assert_eq!(find(&parsed, "H200", "page", Term::Serverless).price, 4.5);
    assert_eq!(
        find(&parsed, "RTX PRO 6000", "page", Term::Serverless).price,
        2.99
    );

    // A model-API table in the same markup is not read.
    let lookalike = "<table><thead><tr><th>Model</th><th>Unit</th><th>Price</th>\
        <th>Output per $1</th></tr></thead><tbody><tr><td>Wan 2.5</td><td>second</td>\
        <td>$0.05</td><td>20 seconds</td></tr></tbody></table>";
    let page = format!("{lookalike}{}", fixture("fal-pricing-gpu-table.html"));
    assert_eq!(Format::FalPricing.parse(&page).unwrap().quotes.len(), 5);

    // A list price that is not a dollar figure per hour, and a row with a cell missing, are named.
    let damaged = fixture("fal-pricing-gpu-table.html")
        .replacen("$6.25/h", "6,25 EUR/h", 1)
        .replacen("<td class=\"text-nowrap px-[var(--table-cell-padding-x)] py-[var(--table-cell-padding-y)] font-medium [&amp;:has([role=checkbox])]:pr-0 text-xs align-middle\">141GB</td>", "", 1);
    let parsed = Format::FalPricing.parse(&damaged).unwrap();
    assert_eq!(parsed.quotes.len(), 3, "{:?}", parsed.quotes);
    let named: Vec<_> = parsed
        .skipped
        .iter()
        .map(|p| (p.place.as_str(), p.field.as_str()))
        .collect();
    assert_eq!(named, [("row B200", "List Price"), ("row 3", "")]);

    // No GPU table, or two of them: fails whole.
    let err = Format::FalPricing.parse(lookalike).unwrap_err();
    assert!(err.message.contains("no table headed GPU"), "{err}");
    let twice = fixture("fal-pricing-gpu-table.html").repeat(2);
    let err = Format::FalPricing.parse(&twice).unwrap_err();
    assert!(err.message.contains("refusing to pick"), "{err}");
}

#[test]
fn together_reads_each_sections_on_demand_price_once() {
    let parsed = Format::TogetherPricing
        .parse(&fixture("together-pricing-excerpt.html"))
        .unwrap();
    assert!(parsed.skipped.is_empty(), "{:?}", parsed.skipped);
    // Dedicated Inference: H100 5.49, B200 8.99 (H200, B300, GB200/GB300: contact us).
    // GPU Clusters: H100 3.99, H200 5.99, B200 8.19, once though the hidden table repeats them.
    assert_eq!(parsed.quotes.len(), 5, "{:?}", parsed.quotes);
    let q = find(
        &parsed,
        "Dedicated Inference: NVIDIA HGX H100",
        "page",
        Term::OnDemand,
    );
    assert_eq!(
        (q.price, q.currency, q.unit),
        (5.49, Currency::Usd, PriceUnit::AcceleratorHour)
    );
    assert_eq!(
        find(
            &parsed,
            "Dedicated Inference: NVIDIA HGX B200",
            "page",
            Term::OnDemand
        )
        .price,
        8.99
    );
    for (sku, price) in [
        ("GPU Clusters: NVIDIA HGX H100", 3.99),
        ("GPU Clusters: NVIDIA HGX H200", 5.99),
        ("GPU Clusters: NVIDIA HGX B200", 8.19),
    ] {
        assert_eq!(
            find(&parsed, sku, "page", Term::OnDemand).price,
            price,
            "{sku}"
        );
    }

    // A price that is not a dollar figure is named; a hidden repeat that disagrees is named
    // and neither figure is kept.
    let damaged = fixture("together-pricing-excerpt.html")
        .replacen("$8.99", "8,99 EUR", 1)
        .replacen("$8.19", "$8.29", 1);
    let parsed = Format::TogetherPricing.parse(&damaged).unwrap();
    let named: Vec<_> = parsed
        .skipped
        .iter()
        .map(|p| (p.place.as_str(), p.field.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("row Dedicated Inference: NVIDIA HGX B200", "On-demand"),
            ("row GPU Clusters: NVIDIA HGX B200", "On-demand")
        ]
    );
    assert_eq!(parsed.quotes.len(), 3, "{:?}", parsed.quotes);
    // Not this page at all.
    let err = Format::TogetherPricing
        .parse("<table><thead><th>Model</th><th>Input</th></thead></table>")
        .unwrap_err();
    assert!(err.message.contains("no table headed Hardware"), "{err}");
}
