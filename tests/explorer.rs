//! The explorer: which price a row shows in which units, which offers each filter keeps, and
//! how rows sort. Runs on a small hand-made catalog so every expected value is checkable.

use gpu_atlas::engine::catalog::fx::Fx;
use gpu_atlas::engine::catalog::Link;
use gpu_atlas::engine::catalog::{
    Accelerator, Area, AsOf, BillingIncrement, Catalog, Confidence, Currency, FormFactor, FxRate,
    Interconnect, Offer, Price, PriceUnit, Provider, ProviderCategory, Region, Source, SourceKind,
    Specs, Term, Vendor,
};
use gpu_atlas::engine::explorer::Cell;
use gpu_atlas::engine::explorer::{Explorer, Row};
use gpu_atlas::engine::pricing::{Duration, Missing, PriceBasis, Rates};
use gpu_atlas::engine::view::columns::{Column, Direction, Sort};
use gpu_atlas::engine::view::filters::RangeField;
use gpu_atlas::engine::view::state::ViewState;

/// Region "a" is in the US, region "b" in the EU.
fn region(id: &str) -> Region {
    Region {
        id: id.into(),
        name: id.to_uppercase(),
        name_zh: None,
        area: if id == "a" { Area::Us } else { Area::Eu },
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
        retired: vec![],
    }
}

fn accelerator(id: &str, memory_gb: f64, bf16_tflops: f64) -> Accelerator {
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
            bf16_tflops: Some(bf16_tflops),
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
        live: Default::default(),
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
        network_zh: None,
        multi_node: None,
        source: "list".into(),
        note: None,
        note_zh: None,
        prices,
    }
}

/// Four offers: an 8-GPU NVSwitch node priced per instance in the US and (cheaper) the EU, a
/// CNY single L4, a USD single L4 priced per GPU, and an H100 whose price is unknown.
fn fixture() -> Catalog {
    use Currency::{Cny, Usd};
    use PriceUnit::{AcceleratorHour, InstanceHour, InstanceMonth};
    Catalog {
        providers: vec![
            Provider {
                billing_increment: Some(BillingIncrement::Second),
                facts: gpu_atlas::engine::catalog::ProviderFacts {
                    kubernetes: Some("Acme Kubernetes".into()),
                    ..Default::default()
                },
                ..provider("acme", "Acme", Usd)
            },
            Provider {
                category: ProviderCategory::China,
                ..provider("bolt", "bolt cloud", Cny)
            },
        ],
        accelerators: vec![
            accelerator("h100", 80.0, 1_000.0),
            accelerator("l4", 24.0, 120.0),
        ],
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
        ]
        .into_iter()
        .map(|mut o| {
            if o.id == "acme/node8" {
                o.interconnect = Some(Interconnect::Nvswitch);
                o.multi_node = Some(true);
                o.vcpus = Some(192.0);
            }
            o
        })
        .collect(),
        fx: vec![FxRate {
            date: AsOf::parse("2026-10-30").unwrap(),
            base: Usd,
            quote: Cny,
            rate: 7.0,
            source_title: "ECB".into(),
            source_url: "https://www.ecb.europa.eu/".into(),
        }],
        built_on: None,
        history: Default::default(),
    }
}

const TODAY: &str = "2026-11-30";

/// Applies a view to the fixture and returns the offer ids shown, in order.
fn shown(catalog: &Catalog, state: &ViewState) -> Vec<String> {
    let explorer = Explorer::new(catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), state.custom_rate);
    let today = AsOf::parse(TODAY).unwrap();
    let shown = explorer.show(state, &rates, &today);
    shown
        .rows
        .iter()
        .map(|r| r.entry.offer.id.clone())
        .collect()
}

fn with(change: impl FnOnce(&mut ViewState)) -> ViewState {
    let mut state = ViewState::default();
    change(&mut state);
    state
}

/// The one row of `offer` under `state`, with its price cell.
fn price_cell(catalog: &Catalog, state: &ViewState, offer: &str) -> Cell {
    let explorer = Explorer::new(catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), state.custom_rate);
    let row: Row<'_> = explorer.row(offer, state, &rates).unwrap();
    Column::Price.cell(&row)
}

fn money(cell: &Cell) -> (f64, Currency, bool) {
    match cell {
        Cell::Money {
            value,
            currency,
            converted,
            ..
        } => (*value, *currency, *converted),
        other => panic!("not money: {other:?}"),
    }
}

#[test]
fn a_row_shows_the_cheapest_region_of_the_term() {
    let catalog = fixture();
    let state = ViewState::default();
    let (value, currency, converted) = money(&price_cell(&catalog, &state, "acme/node8"));
    assert_eq!((value, currency, converted), (20.0, Currency::Usd, false));
    // Only the US chosen: the US price, and the EU one no longer counts.
    let us = with(|s| {
        s.regions.areas.insert(Area::Us);
    });
    assert_eq!(money(&price_cell(&catalog, &us, "acme/node8")).0, 24.0);
}

#[test]
fn units_divide_by_accelerators_memory_and_throughput_and_scale_by_duration() {
    let catalog = fixture();
    let per = |basis: PriceBasis, duration: Duration| {
        let state = with(|s| {
            s.price.basis = basis;
            s.price.duration = duration;
        });
        money(&price_cell(&catalog, &state, "acme/node8")).0
    };
    assert_eq!(per(PriceBasis::Instance, Duration::Hour), 20.0);
    assert_eq!(per(PriceBasis::Accelerator, Duration::Hour), 2.5);
    assert_eq!(per(PriceBasis::MemoryGb, Duration::Hour), 20.0 / 640.0);
    // 8 × 1,000 TFLOPS = 8 PFLOP/s.
    assert_eq!(per(PriceBasis::Bf16Pflop, Duration::Hour), 2.5);
    assert_eq!(per(PriceBasis::Instance, Duration::Day), 480.0);
    assert_eq!(per(PriceBasis::Instance, Duration::Month), 20.0 * 730.0);
    assert_eq!(per(PriceBasis::Accelerator, Duration::Year), 2.5 * 8_760.0);
}

#[test]
fn a_unit_that_cannot_apply_says_why_instead_of_guessing() {
    let mut catalog = fixture();
    catalog.accelerators[1].specs.bf16_tflops = None; // L4 throughput unknown
    let state = with(|s| s.price.basis = PriceBasis::Bf16Pflop);
    assert_eq!(
        price_cell(&catalog, &state, "acme/l4x1"),
        Cell::Unknown(Some(Missing::ThroughputSpec))
    );
    let unknown = price_cell(&catalog, &ViewState::default(), "acme/mystery");
    assert_eq!(unknown, Cell::Unknown(Some(Missing::Price)));
}

#[test]
fn currency_conversion_uses_the_reference_or_the_users_rate_and_is_marked() {
    let catalog = fixture();
    let cny = with(|s| s.price.currency = Currency::Cny);
    // USD 1.50 × 7 (the fixture's reference rate) = CNY 10.50, converted.
    let (value, currency, converted) = money(&price_cell(&catalog, &cny, "acme/l4x1"));
    assert!((value - 10.5).abs() < 1e-9);
    assert_eq!((currency, converted), (Currency::Cny, true));
    // A native CNY price is not marked.
    assert!(!money(&price_cell(&catalog, &cny, "bolt/l4x1")).2);
    // The user's own rate replaces the reference both ways.
    let own = with(|s| {
        s.price.currency = Currency::Cny;
        s.custom_rate = Some(8.0);
    });
    assert!((money(&price_cell(&catalog, &own, "acme/l4x1")).0 - 12.0).abs() < 1e-9);
    let back = with(|s| s.custom_rate = Some(3.5));
    assert!((money(&price_cell(&catalog, &back, "bolt/l4x1")).0 - 2.0).abs() < 1e-9);
}

#[test]
fn prices_sort_in_the_chosen_currency_with_unknowns_last_both_ways() {
    let catalog = fixture();
    let ascending = ViewState::default();
    // ¥7 is $1 at the fixture's rate: cheaper than $1.50 and $2.50 per GPU-hour.
    assert_eq!(
        shown(&catalog, &ascending),
        ["bolt/l4x1", "acme/l4x1", "acme/node8", "acme/mystery"]
    );
    let descending = with(|s| s.sort.direction = Direction::Descending);
    assert_eq!(
        shown(&catalog, &descending),
        ["acme/node8", "acme/l4x1", "bolt/l4x1", "acme/mystery"]
    );
}

#[test]
fn text_sorts_ignore_case_and_ties_break_by_offer_id() {
    let catalog = fixture();
    let by_provider = with(|s| {
        s.sort = Sort {
            column: Column::Provider,
            direction: Direction::Ascending,
        }
    });
    assert_eq!(
        shown(&catalog, &by_provider),
        ["acme/l4x1", "acme/mystery", "acme/node8", "bolt/l4x1"]
    );
    let by_memory = Sort::default().toggled(Column::Memory);
    assert_eq!(by_memory.direction, Direction::Descending);
    assert_eq!(
        shown(&catalog, &with(|s| s.sort = by_memory))[0],
        "acme/node8"
    );
}

#[test]
fn the_same_inputs_always_give_the_same_order() {
    let catalog = fixture();
    for column in Column::ALL {
        for direction in [Direction::Ascending, Direction::Descending] {
            let state = with(|s| s.sort = Sort { column, direction });
            assert_eq!(
                shown(&catalog, &state),
                shown(&catalog, &state),
                "{column:?}"
            );
        }
    }
}

#[test]
fn a_free_tier_offer_reads_free_under_on_demand_and_sorts_first() {
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
    let cell = price_cell(&catalog, &ViewState::default(), "acme/free-notebook");
    assert!(
        matches!(
            cell,
            Cell::Money {
                value: 0.0,
                term: Term::Free,
                ..
            }
        ),
        "{cell:?}"
    );
    assert_eq!(
        shown(&catalog, &ViewState::default())[0],
        "acme/free-notebook"
    );
}

#[test]
fn the_term_shows_only_offers_sold_that_way() {
    let catalog = fixture();
    assert_eq!(
        shown(&catalog, &with(|s| s.term = Term::Spot)),
        ["acme/node8"]
    );
    assert_eq!(
        shown(&catalog, &with(|s| s.term = Term::Monthly)),
        ["bolt/l4x1"]
    );
    // Monthly CNY 2,190 = CNY 3 per hour.
    let monthly = with(|s| {
        s.term = Term::Monthly;
        s.price.currency = Currency::Cny;
    });
    assert!((money(&price_cell(&catalog, &monthly, "bolt/l4x1")).0 - 3.0).abs() < 1e-9);
}

#[test]
fn each_filter_keeps_exactly_the_offers_it_should() {
    let catalog = fixture();
    let cases: Vec<(&str, ViewState, Vec<&str>)> = vec![
        (
            "search model",
            with(|s| s.filters.search = "h100".into()),
            vec!["acme/node8", "acme/mystery"],
        ),
        (
            "search provider",
            with(|s| s.filters.search = "BOLT".into()),
            vec!["bolt/l4x1"],
        ),
        (
            "provider",
            with(|s| {
                s.filters.providers.insert("bolt".into());
            }),
            vec!["bolt/l4x1"],
        ),
        (
            "category",
            with(|s| {
                s.filters.categories.insert(ProviderCategory::China);
            }),
            vec!["bolt/l4x1"],
        ),
        (
            "model",
            with(|s| {
                s.filters.models.insert("L4".into());
            }),
            vec!["bolt/l4x1", "acme/l4x1"],
        ),
        (
            "exact variant",
            with(|s| {
                s.filters.accelerators.insert("h100".into());
            }),
            vec!["acme/node8", "acme/mystery"],
        ),
        (
            "memory per accelerator",
            with(|s| {
                s.filters
                    .ranges
                    .insert(RangeField::MemoryPerAccelerator, ">=80".into());
            }),
            vec!["acme/node8", "acme/mystery"],
        ),
        (
            "total memory",
            with(|s| {
                s.filters
                    .ranges
                    .insert(RangeField::MemoryTotal, "100..".into());
            }),
            vec!["acme/node8"],
        ),
        (
            "count",
            with(|s| {
                s.filters.ranges.insert(RangeField::Count, "8".into());
            }),
            vec!["acme/node8"],
        ),
        (
            "vcpus: unknown is not in range",
            with(|s| {
                s.filters.ranges.insert(RangeField::Vcpus, ">=1".into());
            }),
            vec!["acme/node8"],
        ),
        (
            "price in chosen unit",
            with(|s| {
                s.filters.ranges.insert(RangeField::Price, "<=1.5".into());
            }),
            vec!["bolt/l4x1", "acme/l4x1"],
        ),
        (
            "bf16",
            with(|s| {
                s.filters.ranges.insert(RangeField::Bf16, ">500".into());
            }),
            vec!["acme/node8", "acme/mystery"],
        ),
        (
            "nvlink",
            with(|s| {
                s.filters.links.insert(Link::Nvlink);
            }),
            vec!["acme/node8"],
        ),
        (
            "multi-node",
            with(|s| s.filters.multi_node = true),
            vec!["acme/node8"],
        ),
        (
            "per-second billing",
            with(|s| s.filters.per_second_billing = true),
            vec!["acme/l4x1", "acme/node8", "acme/mystery"],
        ),
        (
            "kubernetes",
            with(|s| s.filters.kubernetes = true),
            vec!["acme/l4x1", "acme/node8", "acme/mystery"],
        ),
        (
            "hide unknown price",
            with(|s| s.filters.hide_unknown_price = true),
            vec!["bolt/l4x1", "acme/l4x1", "acme/node8"],
        ),
        (
            "eu region",
            with(|s| {
                s.regions.areas.insert(Area::Eu);
            }),
            vec!["acme/node8"],
        ),
    ];
    for (name, state, expected) in cases {
        assert_eq!(shown(&catalog, &state), expected, "{name}");
    }
}

#[test]
fn old_prices_can_be_hidden_by_age() {
    let mut catalog = fixture();
    catalog.offers[1].prices[0].as_of = AsOf::parse("2023-06-30").unwrap();
    let recent = with(|s| s.filters.max_age_months = Some(12));
    assert!(!shown(&catalog, &recent).contains(&"bolt/l4x1".to_string()));
    assert_eq!(shown(&catalog, &recent).len(), 3);
}

#[test]
fn a_bad_range_is_reported_and_ignored_not_an_empty_table() {
    let catalog = fixture();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let state = with(|s| {
        s.filters
            .ranges
            .insert(RangeField::MemoryPerAccelerator, "lots".into());
    });
    let today = AsOf::parse(TODAY).unwrap();
    let result = explorer.show(&state, &rates, &today);
    assert_eq!(result.rows.len(), 4);
    assert_eq!(result.range_errors.len(), 1);
    assert_eq!(result.range_errors[0].0, RangeField::MemoryPerAccelerator);
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
fn an_export_carries_each_prices_currency_date_region_and_source() {
    use gpu_atlas::engine::present::export;
    use gpu_atlas::engine::present::i18n::Lang;

    let catalog = fixture();
    let state = ViewState::default();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let today = AsOf::parse(TODAY).unwrap();
    let shown = explorer.show(&state, &rates, &today);
    assert!(!shown.rows.is_empty());

    let columns = [Column::Provider, Column::Price, Column::JobCost];
    let table = export::build(&shown.rows, &columns, &state.price, Lang::En);
    let at = |key: &str| table.keys.iter().position(|k| *k == key).unwrap();
    for key in ["native-currency", "as-of", "region", "source"] {
        assert!(table.keys.contains(&key), "{key} in {:?}", table.keys);
    }
    // Money the job costs names its currency like the prices do.
    assert_eq!(table.headers[at("job-cost")], "Job cost (USD)");
    for (row, cells) in shown.rows.iter().zip(&table.rows) {
        let quote = row.quote.as_ref().unwrap();
        assert_eq!(cells[at("as-of")], quote.as_of.to_string());
        assert_eq!(cells[at("region")], &*quote.region);
        let source = row.entry.provider.source(&quote.source).unwrap();
        assert_eq!(cells[at("source")], source.url.as_str());
    }

    // A claim whose column is shown is not written twice.
    let columns = [Column::Price, Column::AsOf, Column::Region];
    let table = export::build(&shown.rows, &columns, &state.price, Lang::Zh);
    assert_eq!(table.keys.iter().filter(|k| **k == "as-of").count(), 1);
    assert_eq!(table.keys.iter().filter(|k| **k == "region").count(), 1);
    assert!(table.headers.contains(&"来源".to_string()));

    // The file starts with a byte-order mark for Excel; the clipboard's text does not.
    let file = export::to_csv_file(&table);
    let copy = export::to_csv(&table);
    assert!(file.starts_with('\u{feff}'));
    assert!(!copy.starts_with('\u{feff}'));
    assert_eq!(&file['\u{feff}'.len_utf8()..], copy);
}

#[test]
fn a_spot_price_with_a_reported_interruption_band_is_costed_with_it_and_says_so() {
    use gpu_atlas::engine::catalog::{Interruption, InterruptionBand};
    use gpu_atlas::engine::explorer::estimate_row;
    use gpu_atlas::engine::workload::{spot, Preset};
    let mut catalog = fixture();
    let band = InterruptionBand::From5To10;
    let node8 = catalog
        .offers
        .iter_mut()
        .find(|o| o.id == "acme/node8")
        .unwrap();
    let spot_price = node8
        .prices
        .iter_mut()
        .find(|p| p.term == Term::Spot)
        .unwrap();
    spot_price.live.interruption = Some(Interruption {
        band,
        as_of: AsOf::parse("2026-11-29").unwrap(),
        source: "list".into(),
        note: None,
    });
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let job = Preset::LoraFineTune7b.job();
    let state = with(|s| {
        s.term = Term::Spot;
        s.job = Some(job.clone());
    });
    let explorer = Explorer::new(&catalog);
    let row = explorer.row("acme/node8", &state, &rates).unwrap();
    let entry = explorer.entry("acme/node8").unwrap();
    let estimate = estimate_row(&job, entry, row.quote.as_ref(), &rates);
    let rate = estimate
        .assumptions
        .iter()
        .find(|a| a.name == "Spot interruptions per hour")
        .expect("a spot estimate lists its interruption rate");
    // A second, simple computation: 10 % of instances a month as a Poisson rate per hour.
    let expected = -(1.0f64 - 0.10).ln() / 730.0;
    assert_eq!(
        spot::per_hour_from_monthly_share(band.monthly_share()),
        Some(expected)
    );
    assert!(
        rate.value
            .contains("5-10% of instances interrupted a month"),
        "{}",
        rate.value
    );
    assert!(
        rate.source.contains("Spot Instance Advisor"),
        "{}",
        rate.source
    );
    // The table's column shows the fact; a price without one shows unknown, never "none".
    assert!(matches!(Column::Live.cell(&row), Cell::Live(_)));
    // Without a reported band, the default rate is the labelled fallback.
    let plain = fixture();
    let explorer = Explorer::new(&plain);
    let row = explorer.row("acme/node8", &state, &rates).unwrap();
    let estimate = estimate_row(
        &job,
        explorer.entry("acme/node8").unwrap(),
        row.quote.as_ref(),
        &rates,
    );
    let rate = estimate
        .assumptions
        .iter()
        .find(|a| a.name == "Spot interruptions per hour")
        .unwrap();
    assert!(rate.value.contains("fallback"), "{}", rate.value);
    assert!(matches!(Column::Live.cell(&row), Cell::Unknown(None)));
    // And the rework is smaller at the band's rate than at the cautious default.
    assert!(expected < spot::DEFAULT_INTERRUPTIONS_PER_HOUR);
}
