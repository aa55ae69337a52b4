//! What the engine says about the real catalog under a few views, written to
//! `target/e2e-expectations.json` so the browser tests can check that the page shows exactly
//! that (the same count of ≥80 GB offers, the same CNY price). Also a test in its own right:
//! each view must keep some offers and drop others, or the e2e check would prove nothing.

use std::collections::BTreeMap;
use std::path::Path;

use gpu_atlas::engine::bundled;
use gpu_atlas::engine::catalog::fx::Fx;
use gpu_atlas::engine::catalog::Link;
use gpu_atlas::engine::catalog::{Area, AsOf, Currency, Term, Vendor};
use gpu_atlas::engine::explorer::Explorer;
use gpu_atlas::engine::pricing::{PriceBasis, Rates};
use gpu_atlas::engine::view::columns::Column;
use gpu_atlas::engine::view::filters::RangeField;
use gpu_atlas::engine::view::state::ViewState;
use serde_json::{json, Value};

fn with(change: impl FnOnce(&mut ViewState)) -> ViewState {
    let mut state = ViewState::default();
    change(&mut state);
    state
}

#[test]
fn engine_expectations_for_the_browser_tests() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let today = AsOf::parse(bundled::BUILT_ON).unwrap();
    let fx = Fx::newest(&catalog.fx);
    let count = |state: &ViewState| {
        let rates = Rates::new(fx.clone(), state.custom_rate);
        explorer.show(state, &rates, &today).rows.len()
    };

    let views: Vec<(&str, ViewState)> = vec![
        ("default", ViewState::default()),
        (
            "memory-per-accelerator>=80",
            with(|s| {
                s.filters
                    .ranges
                    .insert(RangeField::MemoryPerAccelerator, ">=80".into());
            }),
        ),
        ("search-h100", with(|s| s.filters.search = "h100".into())),
        ("term-serverless", with(|s| s.term = Term::Serverless)),
        (
            "provider-aws",
            with(|s| {
                s.filters.providers.insert("aws".into());
            }),
        ),
        (
            "vendor-amd",
            with(|s| {
                s.filters.vendors.insert(Vendor::Amd);
            }),
        ),
        (
            "link-nvlink",
            with(|s| {
                s.filters.links.insert(Link::Nvlink);
            }),
        ),
        (
            "area-eu",
            with(|s| {
                s.regions.areas.insert(Area::Eu);
            }),
        ),
        (
            "area-cn",
            with(|s| {
                s.regions.areas.insert(Area::Cn);
            }),
        ),
        ("term-spot", with(|s| s.term = Term::Spot)),
        (
            "hide-unknown",
            with(|s| s.filters.hide_unknown_price = true),
        ),
        ("kubernetes", with(|s| s.filters.kubernetes = true)),
    ];
    let mut counts = BTreeMap::new();
    let all = count(&ViewState::default());
    for (name, state) in &views {
        let n = count(state);
        if *name != "default" {
            assert!(
                n > 0 && n < all,
                "{name}: {n} of {all} shows nothing or everything"
            );
        }
        counts.insert(name.to_string(), n);
    }

    // One well-known offer priced in each way the UI offers.
    let offer = "aws/p5.48xlarge";
    let price = |state: &ViewState| -> Value {
        let rates = Rates::new(fx.clone(), state.custom_rate);
        let row = explorer
            .row(offer, state, &rates)
            .expect("the offer exists");
        let cell = Column::Price.cell(&row);
        json!(cell.number())
    };
    let usd = price(&ViewState::default());
    let cny = price(&with(|s| s.price.currency = Currency::Cny));
    let own_rate = price(&with(|s| {
        s.price.currency = Currency::Cny;
        s.custom_rate = Some(8.0);
    }));
    let per_gpu = price(&with(|s| s.price.basis = PriceBasis::Accelerator));
    let rate = fx.rate(Currency::Usd, Currency::Cny).unwrap().0;
    assert!((cny.as_f64().unwrap() - usd.as_f64().unwrap() * rate).abs() < 1e-6);

    let doc = json!({
        "counts": counts,
        "offer": offer,
        "usd_cny_rate": rate,
        "price": { "usd": usd, "cny": cny, "cny_at_8": own_rate, "usd_per_accelerator": per_gpu },
    });
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/e2e-expectations.json");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    std::fs::write(&out, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
}
