//! A discount moves every figure derived from a price by exactly its factor, and nothing
//! else: each check prices the bundled catalog twice, once at list prices and once with the
//! discount, and compares the two runs (no hard-coded numbers), then checks that the catalog
//! itself is unchanged.

use crate::bundled;
use crate::discounts::{Discount, Discounts};
use crate::explorer::{metrics, Explorer, Row};
use crate::present::export;
use crate::present::face::CellFace;
use crate::present::i18n::Lang;
use crate::present::market::market;
use crate::present::plan_offer::plan_offer;
use crate::pricing::{Duration, PriceBasis, Rates};
use crate::view::columns::Column;
use crate::view::plan::PlanInputs;
use crate::view::state::ViewState;
use catalog::fx::Fx;
use catalog::{AsOf, Catalog, Currency, Term};
use workload::Preset;

fn today() -> AsOf {
    AsOf::parse(bundled::BUILT_ON).unwrap()
}

fn discounts(list: &[(Option<&str>, Option<Term>, f64)]) -> Discounts {
    list.iter()
        .map(|(provider, term, percent)| Discount {
            provider: provider.map(str::to_string),
            term: *term,
            percent: *percent,
            note: "enterprise agreement".into(),
        })
        .collect()
}

/// `b` is `a` times `factor`, both known or both unknown.
fn moved(a: Option<f64>, b: Option<f64>, factor: f64, what: &str) {
    match (a, b) {
        (Some(a), Some(b)) => assert!(
            (a * factor - b).abs() <= 1e-9 * (a * factor).abs().max(1e-9),
            "{what}: {a} × {factor} ≠ {b}"
        ),
        (None, None) => {}
        _ => panic!("{what}: {a:?} vs {b:?}"),
    }
}

fn both(catalog: &Catalog, set: Discounts) -> (Rates, Rates) {
    let list = Rates::new(Fx::newest(&catalog.fx), None);
    (list.clone(), list.with_discounts(set))
}

fn pairs<'a>(
    explorer: &'a Explorer<'a>,
    state: &ViewState,
    list: &Rates,
    mine: &Rates,
) -> Vec<(Row<'a>, Row<'a>)> {
    let a = explorer.price(state, list).rows;
    let b = explorer.price(state, mine).rows;
    assert_eq!(a.len(), b.len(), "a discount hides or adds no offer");
    a.into_iter().zip(b).collect()
}

#[test]
fn an_aws_discount_moves_every_aws_quote_by_its_factor_in_every_unit_and_currency() {
    let catalog = bundled::catalog().unwrap();
    let before = catalog.clone();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(Some("aws"), None, 15.0)]));
    let mut discounted = 0;
    for currency in [Currency::Usd, Currency::Cny, Currency::Eur] {
        for basis in PriceBasis::ALL {
            for duration in [Duration::Hour, Duration::Month] {
                let mut state = ViewState::default();
                state.price.currency = currency;
                state.price.basis = basis;
                state.price.duration = duration;
                for (a, b) in pairs(&explorer, &state, &list, &mine) {
                    let (qa, qb) = (a.quote.as_ref().unwrap(), b.quote.as_ref().unwrap());
                    let aws = a.entry.provider.id == "aws";
                    let f = if aws { 0.85 } else { 1.0 };
                    let id = &a.entry.offer.id;
                    moved(qa.value, qb.value, f, id);
                    moved(qa.value_high, qb.value_high, f, id);
                    moved(qa.per_accelerator, qb.per_accelerator, f, id);
                    moved(qa.native_per_hour, qb.native_per_hour, f, id);
                    for column in [Column::Price, Column::PricePerAccelerator] {
                        moved(column.cell(&a).number(), column.cell(&b).number(), f, id);
                    }
                    assert_eq!(qb.discount.is_some(), aws, "{id}");
                    if aws {
                        assert_eq!(qb.list_value, qa.value, "{id}: the list price is kept");
                        discounted += 1;
                    } else {
                        assert_eq!(qa, qb, "{id}: other providers are untouched");
                    }
                }
            }
        }
    }
    assert!(discounted > 100, "the catalog has AWS offers: {discounted}");
    assert_eq!(catalog, before, "the catalog is never changed");
}

#[test]
fn the_job_cost_the_rank_metrics_and_the_plan_move_by_the_factor() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(Some("aws"), None, 15.0)]));
    let state = ViewState {
        job: Some(Preset::LoraFineTune7b.job()),
        plan: PlanInputs {
            purchase_per_gpu: Some(25_000.0),
            ..PlanInputs::default()
        },
        ..ViewState::default()
    };
    let mut costed = 0;
    for (a, b) in pairs(&explorer, &state, &list, &mine) {
        let f = if a.entry.provider.id == "aws" {
            0.85
        } else {
            1.0
        };
        let id = &a.entry.offer.id;
        let (ja, jb) = (a.job.as_ref().unwrap(), b.job.as_ref().unwrap());
        moved(ja.cost, jb.cost, f, id);
        moved(ja.per_million_tokens, jb.per_million_tokens, f, id);
        assert_eq!(ja.wall_hours, jb.wall_hours, "{id}: time is not money");
        costed += usize::from(f < 1.0 && jb.cost.is_some());
        let (ma, mb) = (
            metrics(&a, &list, &today()).unwrap(),
            metrics(&b, &mine, &today()).unwrap(),
        );
        moved(ma.price_per_hour, mb.price_per_hour, f, id);
        moved(
            ma.price_per_accelerator_hour,
            mb.price_per_accelerator_hour,
            f,
            id,
        );
        moved(ma.price_per_gb_hour, mb.price_per_gb_hour, f, id);
        moved(
            ma.price_per_bf16_pflop_hour,
            mb.price_per_bf16_pflop_hour,
            f,
            id,
        );
        if f < 1.0 {
            let (pa, pb) = (
                plan_offer(a.entry, &state, &list),
                plan_offer(b.entry, &state, &mine),
            );
            assert_eq!(pa.rows.len(), pb.rows.len(), "{id}");
            for (ra, rb) in pa.rows.iter().zip(&pb.rows) {
                moved(Some(ra.hourly), Some(rb.hourly), f, id);
                moved(Some(ra.monthly), Some(rb.monthly), f, id);
                moved(Some(ra.yearly), Some(rb.yearly), f, id);
            }
            if let (Ok(ba), Ok(bb)) = (&pa.buy, &pb.buy) {
                moved(ba.rent_per_gpu_hour, bb.rent_per_gpu_hour, f, id);
                assert_eq!(
                    ba.cost_per_gpu_hour, bb.cost_per_gpu_hour,
                    "owning is not rented"
                );
            }
        }
    }
    assert!(costed > 10, "{costed}");
}

#[test]
fn a_discount_on_every_provider_moves_every_market_figure_by_its_factor() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(None, None, 20.0)]));
    let state = ViewState::default();
    let (a, b) = (
        market(&explorer, &state, &list, &today()),
        market(&explorer, &state, &mine, &today()),
    );
    assert_eq!(a.len(), b.len());
    for (ra, rb) in a.iter().zip(&b) {
        let id = &ra.accelerator.id;
        let per =
            |p: &Option<crate::present::market::Pick<'_>>| p.as_ref().map(|p| p.per_accelerator);
        moved(per(&ra.cheapest), per(&rb.cheapest), 0.8, id);
        moved(per(&ra.spot), per(&rb.spot), 0.8, id);
        moved(per(&ra.committed), per(&rb.committed), 0.8, id);
        moved(ra.per_pflop(), rb.per_pflop(), 0.8, id);
        moved(ra.per_gb(), rb.per_gb(), 0.8, id);
        let median = |r: &crate::present::market::MarketRow<'_>| r.on_demand.map(|s| s.median);
        moved(median(ra), median(rb), 0.8, id);
        assert_eq!(
            (ra.offers, ra.providers()),
            (rb.offers, rb.providers()),
            "{id}"
        );
    }
}

#[test]
fn the_export_carries_your_price_the_list_price_and_the_discount() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(Some("aws"), None, 15.0)]));
    let state = ViewState::default();
    let today = today();
    let (ra, rb) = (
        explorer.show(&state, &list, &today).rows,
        explorer.show(&state, &mine, &today).rows,
    );
    let columns = [Column::Provider, Column::Instance, Column::Price];
    let (ea, eb) = (
        export::build(&ra, &columns, &state.price, Lang::En),
        export::build(&rb, &columns, &state.price, Lang::En),
    );
    assert!(
        !ea.keys.contains(&"list-price"),
        "no discount, no extra columns"
    );
    let at = |key: &str| eb.keys.iter().position(|k| *k == key).unwrap();
    let (price, list_price, discount) = (at("price"), at("list-price"), at("your-discount"));
    let mut aws = 0;
    for (row, (la, lb)) in rb.iter().zip(ea.rows.iter().zip(&eb.rows)) {
        // Same order: a uniform discount on one provider could reorder; match by instance.
        let Some(lp) = ea.rows.iter().find(|r| r[..2] == lb[..2]) else {
            panic!("{la:?}")
        };
        let n = |v: &serde_json::Value| v.as_f64();
        if row.entry.provider.id == "aws" {
            aws += 1;
            // Exports round to six decimals.
            match (n(&lp[2]), n(&lb[price])) {
                (Some(x), Some(y)) => assert!((x * 0.85 - y).abs() <= 1e-6, "{x} {y}"),
                (x, y) => assert_eq!(x, y, "unknown stays unknown"),
            }
            assert!(
                n(&lb[list_price])
                    .zip(n(&lp[2]))
                    .is_none_or(|(x, y)| (x - y).abs() < 1e-5),
                "{lb:?} vs {lp:?}"
            );
            assert_eq!(lb[discount], "−15 % (enterprise agreement)");
        } else {
            assert_eq!(lb[price], lp[2]);
            assert_eq!(lb[discount], serde_json::Value::Null);
        }
    }
    assert!(aws > 0);
}

#[test]
fn a_discounted_price_cell_is_marked_with_the_discount_and_the_list_price() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(Some("aws"), None, 15.0)]));
    let state = ViewState::default();
    let rows = explorer.show(&state, &mine, &today()).rows;
    let row = rows
        .iter()
        .find(|r| {
            r.entry.provider.id == "aws" && r.quote.as_ref().is_some_and(|q| q.value > Some(0.0))
        })
        .unwrap();
    let listed = explorer.row(&row.entry.offer.id, &state, &list).unwrap();
    let cell = CellFace::of(row, Column::Price, Lang::En, &today());
    let mark = cell
        .asides
        .iter()
        .find(|a| a.class.contains("yours"))
        .unwrap();
    assert_eq!(mark.text, "−15 %");
    let label = mark.label.as_deref().unwrap();
    let list_text = catalog::format::money(listed.quote.unwrap().value.unwrap(), Currency::Usd);
    assert_eq!(
        label,
        format!(
            "Your price: {} −15 % (enterprise agreement); list price {list_text}",
            row.entry.provider.name
        )
    );
    let other = rows.iter().find(|r| r.entry.provider.id != "aws").unwrap();
    let plain = CellFace::of(other, Column::Price, Lang::En, &today());
    assert!(plain.asides.iter().all(|a| !a.class.contains("yours")));
}

#[test]
fn the_market_table_and_the_comparison_mark_your_price() {
    use crate::present::compare::lines;
    use crate::present::market::markup::market_table;
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(None, None, 20.0)]));
    let state = ViewState::default();
    let html = |rates: &Rates| {
        let rows = market(&explorer, &state, rates, &today());
        market_table(&rows, Lang::En, &today(), &state.price, &Default::default()).to_html()
    };
    assert!(!html(&list).contains("badge yours"));
    let marked = html(&mine);
    assert!(
        marked.contains(r#"class="badge yours""#),
        "the market marks your price"
    );
    assert!(marked.contains("Your price: "));
    let rows = explorer.show(&state, &mine, &today()).rows;
    let compared = lines(
        &rows[..2],
        None,
        Lang::En,
        &today(),
        crate::explorer::Competition::of(&ViewState::default(), &today()),
    );
    let price = compared.iter().find(|l| l.column == Column::Price).unwrap();
    assert!(price.cells.iter().all(|c| c.yours.is_some()));
}

/// A free tier is not discounted, even by a discount on every provider and term: it has no
/// price to take a share off, so it carries no "your price" mark either.
#[test]
fn a_free_tier_carries_no_discount() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (list, mine) = both(&catalog, discounts(&[(None, None, 15.0)]));
    let state = ViewState::default();
    let mut free = 0;
    for (a, b) in pairs(&explorer, &state, &list, &mine) {
        let (qa, qb) = (a.quote.unwrap(), b.quote.unwrap());
        if qb.term == Term::Free {
            free += 1;
            assert!(qb.discount.is_none(), "{}", b.entry.offer.id);
            assert_eq!(qa.value, qb.value, "{}", b.entry.offer.id);
        } else {
            assert!(qb.discount.is_some(), "{}", b.entry.offer.id);
        }
    }
    assert!(free > 0, "no free tier in the on-demand view");
}
