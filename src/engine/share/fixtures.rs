//! Links as version 1 users copied them, and what each must keep opening.
//!
//! These are the compatibility contract: a change to the codec may add keys or change how a
//! view is written, but every link here must still decode to the same view with the same
//! notice. Never edit a fixture to make a change pass; add a new one beside it.

use super::{decode, encode, Decoded, Ignored, Reason};
use crate::pricing::{Duration, PriceBasis};
use crate::view::columns::{Column, Direction, Lead, Sort};
use crate::view::filters::RangeField;
use crate::view::state::{Mode, Theme, ViewState};
use catalog::Lang;
use catalog::Link;
use catalog::{Area, Currency, ProviderCategory, Term, Vendor};
use scoring::{CostBasis, Scenario, Weights};

/// The catalog these links are opened against: everything but the offers of a provider that
/// has since left.
fn in_catalog(id: &str) -> bool {
    !id.starts_with("gone/")
}

fn open(link: &str) -> Decoded {
    decode(link, &in_catalog)
}

fn strings<const N: usize>(items: [&str; N]) -> std::collections::BTreeSet<String> {
    items.into_iter().map(String::from).collect()
}

fn ignored(key: &str, value: &str, reason: Reason) -> Ignored {
    Ignored {
        key: key.into(),
        value: value.into(),
        reason,
    }
}

#[test]
fn v1_the_readable_filter_link_of_the_issue() {
    let d = open("?v=1&gpu=h100-sxm5-80gb&mem=80..&cur=cny");
    let mut want = ViewState::default();
    want.filters.accelerators = strings(["h100-sxm5-80gb"]);
    want.filters
        .ranges
        .insert(RangeField::MemoryPerAccelerator, "80..".into());
    want.choose_currency(Currency::Cny);
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty());
    assert_eq!(encode(&d.state), "v=1&gpu=h100-sxm5-80gb&mem=80..&cur=cny");
}

#[test]
fn v1_every_table_setting_escaped_as_a_browser_copies_it() {
    let d = open(
        "https://example.invalid/?v=1&lang=zh&theme=dark&q=4090%20%E6%98%BE%E5%8D%A1\
         &p=autodl,aws&cat=china,gpu-cloud&vendor=nvidia&model=RTX%204090&arch=Ada%20Lovelace\
         &count=1&total-mem=24..48&vcpus=%3E=8&ram=%3E%3D32&price=..2.5&bf16=100..\
         &link=pcie-only&multi=1&persec=1&nocommit=1&k8s=1&images=1&notebooks=1&known=1&age=12\
         &term=monthly&area=cn,hk&region=aws/us-east-1&rate=7.1&unit=accelerator&per=month\
         &sort=-memory&cols=provider,instance,price,memory\
         &sel=autodl/rtx-4090-24gb-x1,aws/g6e.xlarge&cmp=1&detail=aws/g6e.xlarge"
            .split_once('?')
            .map_or("", |(_, query)| query),
    );
    let mut want = ViewState {
        lang: Lang::Zh,
        theme: Theme::Dark,
        term: Term::Monthly,
        custom_rate: Some(7.1),
        sort: Sort {
            column: Column::Memory,
            direction: Direction::Descending,
        },
        // Sorted by the column alone, as the sender's table was (the data-centre lead came
        // later and goes only with the first screen's sort).
        lead: Lead::None,
        columns: vec![
            Column::Provider,
            Column::Instance,
            Column::Price,
            Column::Memory,
        ],
        selection: vec!["autodl/rtx-4090-24gb-x1".into(), "aws/g6e.xlarge".into()],
        comparing: true,
        detail: Some("aws/g6e.xlarge".into()),
        ..ViewState::default()
    };
    let f = &mut want.filters;
    f.search = "4090 显卡".into();
    f.providers = strings(["autodl", "aws"]);
    f.categories = [ProviderCategory::China, ProviderCategory::GpuCloud].into();
    f.vendors = [Vendor::Nvidia].into();
    f.models = strings(["RTX 4090"]);
    f.architectures = strings(["Ada Lovelace"]);
    for (field, text) in [
        (RangeField::Count, "1"),
        (RangeField::MemoryTotal, "24..48"),
        (RangeField::Vcpus, ">=8"),
        (RangeField::Ram, ">=32"),
        (RangeField::Price, "..2.5"),
        (RangeField::Bf16, "100.."),
    ] {
        f.ranges.insert(field, text.into());
    }
    f.links = [Link::PcieOnly].into();
    f.multi_node = true;
    f.per_second_billing = true;
    f.no_commitment = true;
    f.kubernetes = true;
    f.framework_images = true;
    f.notebooks = true;
    f.hide_unknown_price = true;
    f.max_age_months = Some(12);
    want.regions.areas = [Area::Cn, Area::Hk].into();
    want.regions.regions = strings(["aws/us-east-1"]);
    want.price.basis = PriceBasis::Accelerator;
    want.price.duration = Duration::Month;
    // No `cur` and `lang=zh`: the reader's language's currency.
    want.price.currency = Currency::Cny;
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
}

#[test]
fn v1_a_ranking_from_a_preset() {
    let d = open("v=1&mode=rank&term=reserved-1y&scn=enterprise");
    let mut want = ViewState {
        mode: Mode::Rank,
        ..ViewState::default()
    };
    want.apply_scenario(Scenario::Enterprise);
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty());
    assert_eq!(
        encode(&d.state),
        "v=1&mode=rank&term=reserved-1y&scn=enterprise"
    );
}

#[test]
fn v1_a_ranking_with_custom_weights_and_constraints() {
    let d = open(
        "v=1&mode=rank&w=8a58313&cb=gb-hour&c.mem=40&c.min=2&c.max=8\
         &c.link=nvlink,infiniband&c.multi=1&c.budget=25.5&c.cat=hyperscaler",
    );
    let mut want = ViewState {
        mode: Mode::Rank,
        weights: Weights::from_array([8, 10, 5, 8, 3, 1, 3], CostBasis::GbHour),
        ..ViewState::default()
    };
    let c = &mut want.constraints;
    c.min_memory_per_accelerator_gb = Some(40.0);
    c.min_count = Some(2.0);
    c.max_count = Some(8.0);
    c.links = [Link::Nvlink, Link::Infiniband].into();
    c.multi_node = true;
    c.max_price_per_hour = Some(25.5);
    c.categories = [ProviderCategory::Hyperscaler].into();
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty());
}

#[test]
fn v1_a_comparison_of_which_one_offer_has_left_the_catalog() {
    let d = open("v=1&sel=aws/p5.48xlarge,gone/h100-x8,lambda/gpu_8x_h100_sxm5&cmp=1");
    assert_eq!(
        d.state.selection,
        ["aws/p5.48xlarge", "lambda/gpu_8x_h100_sxm5"]
    );
    assert!(d.state.comparing);
    assert_eq!(
        d.ignored,
        [ignored("sel", "gone/h100-x8", Reason::UnknownOffer)]
    );
}

#[test]
fn a_link_without_a_version_is_version_one() {
    let d = open("?q=h100&sort=-price&cols=provider,instance,price&unit=accelerator&per=month");
    let mut want = ViewState {
        sort: Sort {
            column: Column::Price,
            direction: Direction::Descending,
        },
        // Sorted by the column alone, as the sender's table was.
        lead: Lead::None,
        columns: vec![Column::Provider, Column::Instance, Column::Price],
        ..ViewState::default()
    };
    want.filters.search = "h100".into();
    want.price.basis = PriceBasis::Accelerator;
    want.price.duration = Duration::Month;
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty());
    assert_eq!(
        encode(&d.state),
        "v=1&q=h100&unit=accelerator&per=month&sort=-price&cols=provider,instance,price"
    );
}

#[test]
fn v1_a_damaged_link_opens_with_what_could_be_read() {
    let d = open(
        "v=1&cur=yen&rate=-3&age=0&w=zzzzzzz&mem=abc&detail=%E0%A4&hello=world\
         &gpu=a100-sxm4-80gb&per=month&detail=gone/x",
    );
    let mut want = ViewState::default();
    want.filters.accelerators = strings(["a100-sxm4-80gb"]);
    want.price.duration = Duration::Month;
    assert_eq!(d.state, want);
    assert_eq!(
        d.ignored,
        [
            ignored("cur", "yen", Reason::BadValue),
            ignored("rate", "-3", Reason::OutOfRange),
            ignored("age", "0", Reason::OutOfRange),
            ignored("w", "zzzzzzz", Reason::OutOfRange),
            ignored("mem", "abc", Reason::BadValue),
            ignored("detail", "\u{FFFD}", Reason::BadValue),
            ignored("hello", "world", Reason::UnknownKey),
            ignored("detail", "gone/x", Reason::TooMany),
        ]
    );
}

#[test]
fn a_link_from_a_newer_version_applies_what_this_one_knows() {
    let d = open("v=2&cur=eur&calc.hours=720&chart=scatter");
    assert_eq!(d.state.price.currency, Currency::Eur);
    assert_eq!(
        d.ignored,
        [
            ignored("v", "2", Reason::UnsupportedVersion),
            ignored("calc.hours", "720", Reason::UnknownKey),
            ignored("chart", "scatter", Reason::UnknownKey),
        ]
    );
}

#[test]
fn v1_a_money_plan_on_an_open_offer() {
    let d = open("v=1&pl.h=200&pl.buy=25000&pl.kwh=0.12&detail=aws/p5.48xlarge");
    let mut want = ViewState {
        detail: Some("aws/p5.48xlarge".into()),
        ..ViewState::default()
    };
    want.plan.hours_per_month = 200.0;
    want.plan.purchase_per_gpu = Some(25_000.0);
    want.plan.electricity_per_kwh = Some(0.12);
    assert_eq!(d.state, want);
    assert!(d.ignored.is_empty(), "{:?}", d.ignored);
    assert_eq!(
        encode(&d.state),
        "v=1&pl.h=200&pl.buy=25000&pl.kwh=0.12&detail=aws/p5.48xlarge"
    );
}

#[test]
fn v1_a_damaged_money_plan_keeps_what_the_form_would_accept() {
    let d = open("v=1&pl.h=-5&pl.buy=abc&pl.pue=0.5&pl.yr=1e400&pl.w=NaN&pl.x=1&pl.maint=12");
    let mut want = ViewState::default();
    want.plan.maintenance_percent_per_year = 12.0;
    assert_eq!(d.state, want);
    assert_eq!(
        d.ignored,
        [
            ignored("pl.h", "-5", Reason::OutOfRange),
            ignored("pl.buy", "abc", Reason::BadValue),
            ignored("pl.pue", "0.5", Reason::OutOfRange),
            ignored("pl.yr", "1e400", Reason::OutOfRange),
            ignored("pl.w", "NaN", Reason::BadValue),
            ignored("pl.x", "1", Reason::UnknownKey),
        ]
    );
}

#[test]
fn v1_a_link_with_its_own_sort_keeps_it_alone_and_one_without_gets_the_first_screens_lead() {
    // Version 1 had no `lead`: a clicked header sorted by that column alone, and still does.
    let d = open("?v=1&sort=price");
    assert_eq!(d.state.lead, Lead::None);
    assert_eq!(d.state.sort.column, Column::Price);
    // Without a sort the link had the first screen's order, by price per accelerator; today's
    // first screen adds the data-centre group before it, and says so above the table. The
    // same offers, the same sort column: a new setting with its default, as the version
    // policy has it, not a changed meaning.
    let d = open("?v=1&q=a100");
    assert_eq!(d.state.sort, Sort::default());
    assert_eq!(d.state.lead, Lead::DataCentre);
    assert_eq!(encode(&d.state), "v=1&q=a100");
    // And today's links say what differs from what their sort implies.
    let mut by_hand = ViewState::default();
    by_hand.sort_by(Column::PricePerAccelerator);
    assert_eq!(encode(&by_hand), "v=1&lead=none");
    assert_eq!(open(&encode(&by_hand)).state, by_hand);
}
