//! The catalog table: which price a row shows, and how rows sort.

use gpu_atlas::engine::catalog::{
    Accelerator, AsOf, Catalog, Confidence, Currency, FormFactor, FxRate, Offer, Price, PriceUnit,
    Provider, ProviderCategory, Region, Source, SourceKind, Specs, Term, Vendor,
};
use gpu_atlas::engine::fx::Fx;
use gpu_atlas::engine::table::{rows, sort_order, Column, Direction, Sort};

fn region(id: &str) -> Region {
    Region {
        id: id.into(),
        name: id.to_uppercase(),
        area: gpu_atlas::engine::catalog::Area::Us,
    }
}

fn provider(id: &str, name: &str, currency: Currency) -> Provider {
    Provider {
        id: id.into(),
        name: name.into(),
        name_zh: None,
        category: ProviderCategory::GpuCloud,
        headquarters: None,
        currencies: vec![currency],
        homepage: format!("https://{id}.example/"),
        billing_increment: None,
        facts: Default::default(),
        regions: vec![region("a"), region("b")],
        sources: vec![Source {
            id: "list".into(),
            title: format!("{name} price list"),
            url: format!("https://{id}.example/pricing"),
            kind: SourceKind::Vendor,
            date: None,
        }],
    }
}

fn accelerator(id: &str, memory_gb: f64) -> Accelerator {
    Accelerator {
        id: id.into(),
        vendor: Vendor::Nvidia,
        model: id.to_uppercase(),
        variant: format!("{memory_gb}GB"),
        form_factor: FormFactor::Sxm,
        architecture: None,
        release_year: None,
        memory_type: None,
        specs: Specs {
            memory_gb: Some(memory_gb),
            ..Specs::default()
        },
        sources: vec!["datasheet".into()],
        spec_sources: vec![],
        note: None,
    }
}

fn price(
    region: &str,
    term: Term,
    amount: Option<f64>,
    currency: Currency,
    unit: PriceUnit,
) -> Price {
    Price {
        region: region.into(),
        term,
        amount,
        amount_high: None,
        currency,
        unit,
        billing: None,
        as_of: AsOf::parse("2026-09-20").unwrap(),
        source: "list".into(),
        confidence: Confidence::High,
        note: None,
    }
}

fn offer(
    provider: &str,
    id: &str,
    accelerator: Option<&str>,
    count: f64,
    prices: Vec<Price>,
) -> Offer {
    Offer {
        id: format!("{provider}/{id}"),
        provider: provider.into(),
        instance: id.into(),
        accelerator: accelerator.map(str::to_string),
        count,
        vcpus: None,
        ram_gb: None,
        interconnect: None,
        network: None,
        multi_node: None,
        source: "list".into(),
        note: None,
        prices,
    }
}

/// Four offers: an 8-GPU node priced per instance in two regions, a CNY single GPU, a USD
/// single GPU priced per GPU, and one whose price is unknown.
fn fixture() -> Catalog {
    use Currency::{Cny, Usd};
    use PriceUnit::{AcceleratorHour, InstanceHour, InstanceMonth};
    Catalog {
        providers: vec![
            provider("acme", "Acme", Usd),
            provider("bolt", "bolt cloud", Cny),
        ],
        accelerators: vec![accelerator("h100", 80.0), accelerator("l4", 24.0)],
        accelerator_sources: vec![],
        offers: vec![
            offer(
                "acme",
                "node8",
                Some("h100"),
                8.0,
                vec![
                    price("a", Term::OnDemand, Some(24.0), Usd, InstanceHour),
                    price("b", Term::OnDemand, Some(20.0), Usd, InstanceHour),
                    price("b", Term::Spot, Some(8.0), Usd, InstanceHour),
                ],
            ),
            offer(
                "bolt",
                "l4x1",
                Some("l4"),
                1.0,
                vec![
                    price("a", Term::OnDemand, Some(7.0), Cny, InstanceHour),
                    price("a", Term::Monthly, Some(2_190.0), Cny, InstanceMonth),
                ],
            ),
            offer(
                "acme",
                "l4x1",
                Some("l4"),
                1.0,
                vec![price("a", Term::OnDemand, Some(1.5), Usd, AcceleratorHour)],
            ),
            offer(
                "acme",
                "mystery",
                Some("h100"),
                1.0,
                vec![price("a", Term::OnDemand, None, Usd, AcceleratorHour)],
            ),
        ],
        fx: vec![FxRate {
            date: AsOf::parse("2026-10-30").unwrap(),
            base: Usd,
            quote: Cny,
            rate: 7.0,
            source_title: "ECB".into(),
            source_url: "https://www.ecb.europa.eu/".into(),
        }],
    }
}

fn ids(catalog: &Catalog, sort: Sort) -> Vec<String> {
    let fx = Fx::newest(&catalog.fx);
    let rows = rows(catalog, &fx);
    sort_order(&rows, sort)
        .into_iter()
        .map(|i| rows[i].offer.id.clone())
        .collect()
}

#[test]
fn a_row_shows_the_cheapest_on_demand_region_with_its_per_accelerator_price() {
    let catalog = fixture();
    let fx = Fx::newest(&catalog.fx);
    let rows = rows(&catalog, &fx);
    let node = rows.iter().find(|r| r.offer.id == "acme/node8").unwrap();
    let shown = node.on_demand.as_ref().unwrap();
    assert_eq!(shown.region, "b");
    assert_eq!(shown.per_hour, 20.0);
    assert_eq!(shown.per_accelerator_hour, Some(2.5));
    assert_eq!(node.region_count, 2);
    assert_eq!(node.memory_gb, Some(640.0));
    assert_eq!(node.source_url(), Some("https://acme.example/pricing"));

    let mystery = rows.iter().find(|r| r.offer.id == "acme/mystery").unwrap();
    assert!(
        mystery.on_demand.is_none(),
        "an unknown price stays unknown"
    );
}

#[test]
fn prices_sort_across_currencies_at_the_reference_rate_with_unknowns_last() {
    let catalog = fixture();
    let ascending = Sort {
        column: Column::PricePerAcceleratorHour,
        direction: Direction::Ascending,
    };
    // ¥7 is $1 at the fixture's rate: cheaper than $1.50 and $2.50 per GPU-hour.
    assert_eq!(
        ids(&catalog, ascending),
        ["bolt/l4x1", "acme/l4x1", "acme/node8", "acme/mystery"]
    );
    let descending = Sort {
        direction: Direction::Descending,
        ..ascending
    };
    assert_eq!(
        ids(&catalog, descending),
        ["acme/node8", "acme/l4x1", "bolt/l4x1", "acme/mystery"]
    );
}

#[test]
fn text_sorts_ignore_case_and_ties_break_by_offer_id() {
    let catalog = fixture();
    let by_provider = Sort {
        column: Column::Provider,
        direction: Direction::Ascending,
    };
    // "Acme" < "bolt cloud" case-insensitively; the three Acme offers tie and keep id order.
    assert_eq!(
        ids(&catalog, by_provider),
        ["acme/l4x1", "acme/mystery", "acme/node8", "bolt/l4x1"]
    );
    let by_memory = Sort::default().toggled(Column::Memory);
    assert_eq!(by_memory.direction, Direction::Descending);
    assert_eq!(ids(&catalog, by_memory)[0], "acme/node8");
    assert_eq!(
        by_memory.toggled(Column::Memory).direction,
        Direction::Ascending
    );
}

#[test]
fn the_same_inputs_always_give_the_same_order() {
    let catalog = fixture();
    for column in Column::ALL {
        for direction in [Direction::Ascending, Direction::Descending] {
            let sort = Sort { column, direction };
            assert_eq!(ids(&catalog, sort), ids(&catalog, sort), "{column:?}");
        }
    }
}

#[test]
fn monthly_and_term_prices_spread_over_their_hours() {
    let monthly = price(
        "a",
        Term::Monthly,
        Some(730.0),
        Currency::Usd,
        PriceUnit::InstanceMonth,
    );
    assert_eq!(monthly.per_instance_hour(1.0), Some(1.0));
    let per_gpu_month = price(
        "a",
        Term::Monthly,
        Some(730.0),
        Currency::Usd,
        PriceUnit::AcceleratorMonth,
    );
    assert_eq!(per_gpu_month.per_instance_hour(4.0), Some(4.0));
    let term = price(
        "a",
        Term::Reserved3y,
        Some(26_280.0),
        Currency::Usd,
        PriceUnit::InstanceTerm,
    );
    assert_eq!(term.per_instance_hour(8.0), Some(1.0));
    let unknown = price(
        "a",
        Term::OnDemand,
        None,
        Currency::Usd,
        PriceUnit::InstanceHour,
    );
    assert_eq!(unknown.per_instance_hour(1.0), None);
}

#[test]
fn a_free_tier_offer_shows_its_free_price_and_sorts_first() {
    let mut catalog = fixture();
    catalog.offers.push(offer(
        "acme",
        "free-notebook",
        Some("l4"),
        1.0,
        vec![price(
            "a",
            Term::Free,
            Some(0.0),
            Currency::Usd,
            PriceUnit::InstanceHour,
        )],
    ));
    let fx = Fx::newest(&catalog.fx);
    let rows = rows(&catalog, &fx);
    let free = rows
        .iter()
        .find(|r| r.offer.id == "acme/free-notebook")
        .unwrap();
    let shown = free.on_demand.as_ref().unwrap();
    assert_eq!((shown.term, shown.per_hour), (Term::Free, 0.0));
    // An on-demand price, when there is one, wins over a free tier of the same offer.
    let node = rows.iter().find(|r| r.offer.id == "acme/node8").unwrap();
    assert_eq!(node.on_demand.as_ref().unwrap().term, Term::OnDemand);
    assert_eq!(ids(&catalog, Sort::default())[0], "acme/free-notebook");
}
