//! Each market row against the table: the bundled catalog filtered to one variant and sorted
//! by price per accelerator, in the same term, currency, duration and regions, must give the
//! same cheapest offer, the same quartiles and the same counts.

use super::*;
use crate::bundled;
use crate::pricing::{Duration, PriceBasis};
use crate::view::columns::{Column, Direction, Sort};
use catalog::fx::Fx;
use catalog::{Area, Catalog, Currency, Lang};

fn rates(catalog: &Catalog) -> Rates {
    Rates::new(Fx::newest(&catalog.fx), None)
}

fn today() -> AsOf {
    AsOf::parse(bundled::BUILT_ON).unwrap()
}

/// Whether the table's row is past the "old" mark, computed here the plain way: more than
/// 18 whole calendar months before the catalog's day, or an estimated date that old.
fn old(row: &Row<'_>) -> bool {
    let quote = row.quote.as_ref().unwrap();
    quote.as_of.months_until(&today()) > 18
}

/// The table's rows of one variant in `term` that compete for "cheapest" (every row when the
/// view lets old prices compete), cheapest per accelerator first.
fn table<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    variant: &str,
    term: Term,
    rates: &Rates,
) -> Vec<Row<'a>> {
    table_all(explorer, state, variant, term, rates)
        .into_iter()
        .filter(|r| state.old_prices || r.quote.as_ref().unwrap().term == Term::Free || !old(r))
        .collect()
}

/// Every table row of one variant in `term`, old or not.
fn table_all<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    variant: &str,
    term: Term,
    rates: &Rates,
) -> Vec<Row<'a>> {
    let mut view = ViewState {
        term,
        sort: Sort {
            column: Column::PricePerAccelerator,
            direction: Direction::Ascending,
        },
        ..state.clone()
    };
    view.filters.accelerators = [variant.to_string()].into();
    explorer
        .show(&view, rates, &today())
        .rows
        .into_iter()
        .filter(|r| r.quote.as_ref().is_some_and(|q| q.term == term))
        .collect()
}

/// The median and quartiles computed the plain way from a sorted list.
fn plain_quartiles(mut prices: Vec<f64>) -> (f64, f64, f64) {
    prices.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let pos = q * (prices.len() - 1) as f64;
        let (i, f) = (pos.floor() as usize, pos.fract());
        if f == 0.0 {
            prices[i]
        } else {
            prices[i] * (1.0 - f) + prices[i + 1] * f
        }
    };
    (at(0.25), at(0.5), at(0.75))
}

fn check_against_the_table(state: &ViewState) -> usize {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let rows = market(&explorer, state, &rates, &today());
    assert!(!rows.is_empty());
    let mut checked = 0;
    for m in &rows {
        let id = m.accelerator.id.as_str();
        let demand = table(&explorer, state, id, Term::OnDemand, &rates);
        let known: Vec<f64> = demand
            .iter()
            .filter_map(|r| r.quote.as_ref()?.per_accelerator)
            .collect();
        assert_eq!(m.offers, known.len(), "{id}");
        assert_eq!(m.unknown, demand.len() - known.len(), "{id}");
        let older = table_all(&explorer, state, id, Term::OnDemand, &rates).len() - demand.len();
        assert_eq!(m.older, older, "{id} old prices counted apart");
        let providers: BTreeSet<&str> = demand
            .iter()
            .filter(|r| {
                r.quote
                    .as_ref()
                    .is_some_and(|q| q.per_accelerator.is_some())
            })
            .map(|r| r.entry.provider.id.as_str())
            .collect();
        assert_eq!(m.providers(), providers.len(), "{id}");
        match (&m.cheapest, demand.first()) {
            (Some(pick), Some(first)) if !known.is_empty() => {
                assert_eq!(pick.row.entry.offer.id, first.entry.offer.id, "{id}");
                assert_eq!(
                    Some(pick.per_accelerator),
                    first.quote.as_ref().unwrap().per_accelerator
                );
                let spread = m.on_demand.unwrap();
                let (p25, median, p75) = plain_quartiles(known.clone());
                for (got, want) in [
                    (spread.p25, p25),
                    (spread.median, median),
                    (spread.p75, p75),
                ] {
                    assert!(
                        (got - want).abs() <= 1e-9 * want.abs().max(1.0),
                        "{id}: {got} vs {want}"
                    );
                }
                assert_eq!(spread.low, pick.per_accelerator);
                checked += 1;
            }
            (None, _) => assert!(known.is_empty(), "{id}: no cheapest among {known:?}"),
            (Some(pick), _) => panic!("{id}: {} picked from nothing", pick.row.entry.offer.id),
        }
        // Spot and committed: the table's cheapest in those terms.
        let spot = table(&explorer, state, id, Term::Spot, &rates);
        let spot_first = spot
            .iter()
            .find(|r| r.quote.as_ref().unwrap().per_accelerator.is_some());
        assert_eq!(
            m.spot.as_ref().map(|p| p.row.entry.offer.id.as_str()),
            spot_first.map(|r| r.entry.offer.id.as_str()),
            "{id} spot"
        );
        let committed_low = COMMITTED
            .iter()
            .flat_map(|t| table(&explorer, state, id, *t, &rates))
            .filter_map(|r| r.quote.as_ref()?.per_accelerator)
            .fold(f64::INFINITY, f64::min);
        assert_eq!(
            m.committed.as_ref().map(|p| p.per_accelerator),
            committed_low.is_finite().then_some(committed_low),
            "{id} committed"
        );
    }
    checked
}

#[test]
fn each_row_matches_the_table_in_usd_per_hour() {
    assert!(check_against_the_table(&ViewState::default()) > 30);
}

#[test]
fn with_old_prices_let_in_each_row_matches_the_whole_table() {
    let state = ViewState {
        old_prices: true,
        ..ViewState::default()
    };
    assert!(check_against_the_table(&state) > 30);
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rows = market(&explorer, &state, &rates(&catalog), &today());
    assert!(rows.iter().all(|r| r.older == 0));
}

#[test]
fn each_row_matches_the_table_in_cny_per_month_in_china() {
    let mut state = ViewState::default();
    state.price.currency = Currency::Cny;
    state.price.duration = Duration::Month;
    state.regions.areas = [Area::Cn].into();
    assert!(check_against_the_table(&state) > 3);
}

#[test]
fn each_row_matches_the_table_in_eur_in_the_eu_for_h100s() {
    let mut state = ViewState::default();
    state.price.currency = Currency::Eur;
    state.price.basis = PriceBasis::MemoryGb;
    state.regions.areas = [Area::Eu].into();
    state.filters.search = "h100".into();
    let checked = check_against_the_table(&state);
    assert!(checked >= 2, "{checked}");
}

#[test]
fn the_h100_sxm_row_names_who_sells_it_cheapest_and_prices_a_pflop() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let rows = market(&explorer, &ViewState::default(), &rates, &today());
    let h100 = rows
        .iter()
        .find(|r| r.accelerator.id == "h100-sxm5-80gb")
        .unwrap();
    assert!(
        h100.providers() >= 10 && h100.offers >= h100.providers(),
        "{h100:?}"
    );
    let spread = h100.on_demand.unwrap();
    assert!(spread.low <= spread.p25 && spread.p25 <= spread.median && spread.median <= spread.p75);
    // 989 dense BF16 TFLOPS and 80 GB per card.
    let cheapest = h100.cheapest.as_ref().unwrap().per_accelerator;
    assert!((h100.per_pflop().unwrap() - cheapest / 0.989).abs() < 1e-9);
    assert!((h100.per_gb().unwrap() - cheapest / 80.0).abs() < 1e-9);
    // Variants stay apart, grouped under one family.
    let family: Vec<&str> = rows
        .iter()
        .filter(|r| r.family() == "NVIDIA H100")
        .map(|r| r.accelerator.id.as_str())
        .collect();
    assert!(
        family.contains(&"h100-sxm5-80gb") && family.contains(&"h100-pcie-80gb"),
        "{family:?}"
    );
    let first = rows
        .iter()
        .position(|r| r.family() == "NVIDIA H100")
        .unwrap();
    assert!(rows[first..first + family.len()]
        .iter()
        .all(|r| r.family() == "NVIDIA H100"));
}

#[test]
fn a_free_tier_is_counted_apart_and_never_the_cheapest_price() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let rows = market(&explorer, &ViewState::default(), &rates, &today());
    assert!(rows.iter().any(|r| r.free > 0));
    for r in &rows {
        if let Some(pick) = &r.cheapest {
            assert_eq!(pick.row.quote.as_ref().unwrap().term, Term::OnDemand);
            assert!(pick.per_accelerator > 0.0, "{}", r.accelerator.id);
        }
    }
}

#[test]
fn the_heat_tables_cheapest_cell_is_the_markets_cheapest_offer() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let state = ViewState::default();
    let rows = market(&explorer, &state, &rates, &today());
    for variant in ["h100-sxm5-80gb", "a100-sxm4-80gb", "rtx-4090-24gb"] {
        let heat = heat::heat(&explorer, &state, variant, Term::OnDemand, &rates, &today());
        let (r, c) = heat.cheapest().unwrap();
        let cell = heat.rows[r].cells[c].as_ref().unwrap();
        let market_row = rows.iter().find(|m| m.accelerator.id == variant).unwrap();
        let cheapest = market_row.cheapest.as_ref().unwrap();
        assert_eq!(cell.per_accelerator, cheapest.per_accelerator, "{variant}");
        assert_eq!(heat.level(cell.per_accelerator), 0);
        // Every cell is the quote the table shows with the region filter on that group.
        for row in &heat.rows {
            for (cell, area) in row.cells.iter().zip(&heat.areas) {
                let Some(cell) = cell else { continue };
                let mut view = ViewState::default();
                view.regions.areas = [*area].into();
                let quote = explorer
                    .row(&cell.row.entry.offer.id, &view, &rates)
                    .unwrap()
                    .quote
                    .unwrap();
                assert_eq!(quote.per_accelerator, Some(cell.per_accelerator));
                assert!(heat.level(cell.per_accelerator) < heat::LEVELS);
            }
        }
        // Providers are listed cheapest first.
        let lows: Vec<f64> = heat
            .rows
            .iter()
            .map(|r| {
                r.cells
                    .iter()
                    .flatten()
                    .map(|p| p.per_accelerator)
                    .fold(f64::INFINITY, f64::min)
            })
            .collect();
        assert!(lows.windows(2).all(|w| w[0] <= w[1]), "{variant}: {lows:?}");
    }
}

#[test]
fn heat_levels_climb_on_a_log_scale() {
    let heat = heat::Heat {
        areas: vec![],
        rows: vec![],
        range: Some((1.0, 16.0)),
        older: 0,
    };
    let levels: Vec<u8> = [1.0, 2.0, 4.0, 8.0, 16.0, 100.0]
        .map(|p| heat.level(p))
        .to_vec();
    assert_eq!(levels, [0, 1, 2, 3, 4, 4]);
    let flat = heat::Heat {
        range: Some((3.0, 3.0)),
        ..heat
    };
    assert_eq!(flat.level(3.0), 0);
}

#[test]
fn the_market_cheapest_offer_is_placed_first_and_a_dear_one_below_most() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let state = ViewState::default();
    let rows = market(&explorer, &state, &rates, &today());
    let h100 = rows
        .iter()
        .find(|r| r.accelerator.id == "h100-sxm5-80gb")
        .unwrap();
    let cheapest = h100.cheapest.as_ref().unwrap();
    let at = place::place_of(&explorer, &cheapest.row, &state, &rates, &today()).unwrap();
    assert_eq!(at.standing.cheaper, 0);
    assert_eq!(at.standing.others() + 1, h100.offers);
    assert_eq!(at.spread, h100.on_demand);
    assert!(
        at.sentence(Lang::En).contains("cheapest of"),
        "{}",
        at.sentence(Lang::En)
    );
    assert!(at.versus_median().unwrap() < 0.0);
}

/// The market's result count is the table's in the on-demand view, over the offers that name
/// an accelerator: the count a visitor reads above the market is the rows they would get by
/// switching to the table.
#[test]
fn the_market_count_is_the_on_demand_tables_count() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let mut eu = ViewState::default();
    eu.regions.areas = [Area::Eu].into();
    let mut h100 = ViewState::default();
    h100.filters.search = "h100".into();
    for state in [ViewState::default(), eu, h100] {
        let rows = market(&explorer, &state, &rates, &today());
        let table = explorer
            .show(&state, &rates, &today())
            .rows
            .into_iter()
            .filter(|r| r.entry.accelerator.is_some())
            .count();
        let variants: BTreeSet<&str> = rows.iter().map(|r| r.accelerator.id.as_str()).collect();
        assert_eq!(counts(&rows), (variants.len(), table), "{state:?}");
    }
}

/// The table's place column says what the detail says: for every row the view shows, its
/// standing is the one `place_of` computes over the catalog with the same filters and term.
#[test]
fn the_place_column_agrees_with_the_detail_for_every_row() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let mut views = Vec::new();
    for change in [
        (|_: &mut ViewState| {}) as fn(&mut ViewState),
        |s| s.filters.search = "h100".into(),
        |s| s.regions.areas = [Area::Eu].into(),
        |s| s.term = Term::Spot,
        |s| s.price.currency = Currency::Cny,
    ] {
        let mut state = ViewState::default();
        state.columns.push(Column::MarketPlace);
        change(&mut state);
        views.push(state);
    }
    for state in &views {
        let shown = explorer.show(state, &rates, &today()).rows;
        let mut placed = 0;
        for row in &shown {
            let detail = place::place_of(&explorer, row, state, &rates, &today());
            let expected = detail.filter(|p| p.price.is_some()).map(|p| p.standing);
            assert_eq!(row.place, expected, "{} in {state:?}", row.entry.offer.id);
            placed += usize::from(row.place.is_some());
        }
        assert!(placed > 0, "no row placed in {state:?}");
    }
    // Without the column (or a sort on it) no place is worked out.
    let plain = explorer.show(&ViewState::default(), &rates, &today()).rows;
    assert!(plain.iter().all(|r| r.place.is_none()));
}

/// Sorting on the place puts each variant's cheapest offers first and never a better place
/// after a worse one; the view's lead group still comes first.
#[test]
fn sorting_on_the_place_orders_by_the_share_of_cheaper_offers() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let state = ViewState {
        lead: crate::view::columns::Lead::None,
        sort: Sort {
            column: Column::MarketPlace,
            direction: Direction::Ascending,
        },
        ..ViewState::default()
    };
    let rows = explorer.show(&state, &rates, &today()).rows;
    let shares: Vec<Option<f64>> = rows
        .iter()
        .map(|r| r.place.and_then(|p| p.share_below()))
        .collect();
    let known: Vec<f64> = shares.iter().map_while(|s| *s).collect();
    assert!(known.len() > 100, "{} placed", known.len());
    assert!(known.windows(2).all(|w| w[0] <= w[1]), "not ascending");
    assert_eq!(known[0], 0.0);
    // Unknown places (the only offer of a variant, an unknown price) come after every known.
    assert!(shares[known.len()..].iter().all(Option::is_none));
}

/// A quote of the user's own is placed against the market but is not part of it: the
/// catalog's offers keep the places they had without it.
#[test]
fn an_own_offer_is_placed_but_does_not_move_the_market() {
    use crate::explorer::custom::{self, CustomOffer};
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let mut state = ViewState::default();
    state.columns.push(Column::MarketPlace);
    state.filters.accelerators = ["h100-sxm5-80gb".to_string()].into();
    let mine = CustomOffer {
        seller: "Acme GPU".into(),
        name: "8x H100 quote".into(),
        accelerator: Some("h100-sxm5-80gb".into()),
        count: 8.0,
        term: Term::OnDemand,
        price: 0.5,
        currency: Currency::Usd,
        unit: catalog::PriceUnit::AcceleratorHour,
        note: String::new(),
        as_of: today(),
    };
    let own = custom::catalog(&[mine], &catalog);
    let own_explorer = Explorer::new(&own);
    let order_and_show = |with_own: bool| {
        let mut priced = explorer.price(&state, &rates);
        if with_own {
            priced.join(own_explorer.price(&state, &rates));
        }
        let competition = crate::explorer::Competition::of(&state, &today());
        let order = priced.order(state.sort, state.lead, competition);
        priced.shown_placed(
            &order,
            &state.filters,
            false,
            &today(),
            crate::explorer::PlaceNeed::of(&state, &today()),
        )
    };
    let without = order_and_show(false).rows;
    let with = order_and_show(true).rows;
    let yours = with
        .iter()
        .find(|r| r.entry.provider.id == custom::PROVIDER_ID)
        .unwrap();
    let place = yours.place.unwrap();
    assert_eq!((place.cheaper, place.equal), (0, 0), "{place:?}");
    // Above it: every catalog price of the market, old prices being none of it.
    assert_eq!(
        place.dearer,
        without
            .iter()
            .filter(|r| r.place.is_some() && !old(r))
            .count()
    );
    for row in &without {
        let same = with
            .iter()
            .find(|r| r.entry.offer.id == row.entry.offer.id)
            .unwrap();
        assert_eq!(same.place, row.place, "{}", row.entry.offer.id);
    }
}

/// The market opens on the parts most visitors ask about: every data-centre family before any
/// other, each group in the order of how many providers sell the family on demand, and a
/// family's variants together.
#[test]
fn data_centre_families_come_first_most_sold_first_and_stay_together() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let rows = market(&explorer, &ViewState::default(), &rates, &today());
    let mut families: Vec<(String, bool, usize)> = Vec::new();
    for row in &rows {
        let family = row.family();
        if families.last().is_some_and(|(f, _, _)| *f == family) {
            continue;
        }
        assert!(
            families.iter().all(|(f, _, _)| *f != family),
            "{family} split"
        );
        let variants: Vec<&MarketRow<'_>> = rows.iter().filter(|r| r.family() == family).collect();
        let centre = variants
            .iter()
            .any(|r| crate::explorer::is_data_centre_part(r.accelerator));
        // Who sells it, counted the table's way: the variant's on-demand rows with a price.
        let sellers: BTreeSet<&str> = variants
            .iter()
            .flat_map(|r| {
                table(
                    &explorer,
                    &ViewState::default(),
                    &r.accelerator.id,
                    Term::OnDemand,
                    &rates,
                )
            })
            .filter(|r| {
                r.quote
                    .as_ref()
                    .is_some_and(|q| q.per_accelerator.is_some())
            })
            .map(|r| r.entry.provider.id.as_str())
            .collect();
        families.push((family, centre, sellers.len()));
    }
    let keys: Vec<(bool, usize)> = families.iter().map(|(_, c, n)| (*c, *n)).collect();
    assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{families:?}");
    assert!(families[0].1, "first family {:?}", families[0]);
    assert!(families.iter().any(|(_, centre, _)| !centre));
}

/// The answer most visitors come for, asked of the market and checked against a plain walk
/// over the catalog's price rows: the cheapest on-demand H100 SXM, H200 and B200 per GPU-hour
/// in USD is a price at most 18 months old, and no current USD row of a whole GPU undercuts
/// it; with old prices let in, the answer can only get cheaper.
#[test]
fn the_cheapest_h100_h200_and_b200_are_current_prices() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let fresh_view = ViewState::default();
    let with_old = ViewState {
        old_prices: true,
        ..ViewState::default()
    };
    let fresh = market(&explorer, &fresh_view, &rates, &today());
    let all = market(&explorer, &with_old, &rates, &today());
    // The plain walk: USD on-demand rows of whole-GPU offers, per GPU-hour.
    let plain = |variant: &str, any_age: bool| {
        catalog
            .offers
            .iter()
            .filter(|o| o.accelerator.as_deref() == Some(variant) && o.count >= 1.0)
            .flat_map(|o| o.prices.iter().map(move |p| (o, p)))
            .filter(|(_, p)| p.term == Term::OnDemand && p.currency == Currency::Usd)
            .filter(|(_, p)| any_age || p.as_of.months_until(&today()) <= 18)
            .filter_map(|(o, p)| match p.unit {
                catalog::PriceUnit::InstanceHour => Some(p.amount? / o.count),
                catalog::PriceUnit::AcceleratorHour => Some(p.amount?),
                _ => None,
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mut older_somewhere = 0;
    for variant in ["h100-sxm5-80gb", "h200-141gb", "b200"] {
        fn row<'a>(rows: &[MarketRow<'a>], variant: &str) -> (Pick<'a>, usize) {
            let r = rows.iter().find(|r| r.accelerator.id == variant).unwrap();
            (r.cheapest.clone().unwrap(), r.older)
        }
        let (pick, older) = row(&fresh, variant);
        let quote = pick.row.quote.as_ref().unwrap();
        assert!(
            quote.as_of.months_until(&today()) <= 18,
            "{variant}: {} of {}",
            pick.row.entry.offer.id,
            quote.as_of
        );
        let floor = plain(variant, false);
        assert!(
            pick.per_accelerator <= floor + 1e-9,
            "{variant}: {} undercut by a current row at {floor}",
            pick.per_accelerator
        );
        if quote.currency == Currency::Usd && pick.row.entry.offer.count >= 1.0 {
            assert!((pick.per_accelerator - floor).abs() < 1e-9, "{variant}");
        }
        let (any, none_older) = row(&all, variant);
        assert_eq!(none_older, 0);
        assert!(any.per_accelerator <= pick.per_accelerator);
        assert!(any.per_accelerator <= plain(variant, true) + 1e-9);
        older_somewhere += older;
    }
    assert!(
        older_somewhere > 0,
        "an old price is left out somewhere: the rule is tried"
    );
}

/// The page's window of the market, built from the lines on screen only, is the whole
/// table's markup cut by the plain window (`window::windowed`), whatever the band, the rows
/// measured and the folds: at the top, in the middle, at the end, past the end.
#[test]
fn the_windowed_market_is_the_whole_table_cut_to_its_band() {
    use super::markup::{lines, market_table, market_window};
    use super::window::{windowed, Measured};
    use std::collections::BTreeSet;
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let state = ViewState::default();
    let rows = market(&explorer, &state, &rates, &today());
    assert!(rows.len() > 50, "{} rows", rows.len());
    let mut measured = Measured::new();
    // Some rows measured taller than the estimate, as a row of three lines is.
    for (i, row) in rows.iter().enumerate().filter(|(i, _)| i % 3 == 0) {
        measured.insert(format!("v:{}", row.accelerator.id), 60.0 + i as f64 % 20.0);
    }
    let unfolded: BTreeSet<String> = ["NVIDIA H100".to_string()].into();
    for (folds, measured) in [(BTreeSet::new(), Measured::new()), (unfolded, measured)] {
        let whole = market_table(&rows, Lang::En, &today(), &state.price, &folds);
        let lines = lines(&rows, &folds);
        for (top, height) in [(0.0, 836.0), (2_500.0, 600.0), (1e6, 900.0), (4_000.0, 0.0)] {
            let page = market_window(
                &rows,
                &lines,
                Lang::En,
                &today(),
                &state.price,
                &measured,
                top,
                height,
            );
            assert_eq!(
                page.to_html(),
                windowed(&whole, &measured, top, height).to_html(),
                "band {top}+{height}"
            );
        }
    }
}
