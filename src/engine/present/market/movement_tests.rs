//! The market's 90-day movement against a direct computation over the history files: for
//! each variant, the table's on-demand rows, each price's rows of `catalog/history/`, the
//! value true 90 days ago and today by plain arithmetic (each in the view's currency at
//! today's rates, as the market states it: a price that changed currency, OVHcloud's EUR
//! list to its USD page, moves by its converted values), and the median of the moves.

use std::collections::BTreeMap;

use super::movement::WINDOW_DAYS;
use super::*;
use crate::bundled;
use crate::view::columns::{Column, Direction, Sort};
use catalog::fx::Fx;
use catalog::{Currency, Lang};

/// (offer id, region) → on-demand rows as written: (price, currency, unit, as_of), in file
/// order.
type Files = BTreeMap<(String, String), Vec<(f64, Currency, String, AsOf)>>;

fn read_files() -> Files {
    let dir = format!("{}/../../catalog/history", env!("CARGO_MANIFEST_DIR"));
    let mut out = Files::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let provider = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().skip(1) {
            let c: Vec<&str> = line.split(',').collect();
            if c[2] != "on-demand" {
                continue;
            }
            out.entry((format!("{provider}/{}", c[0]), c[1].to_string()))
                .or_default()
                .push((
                    c[3].parse().unwrap(),
                    Currency::from_code(c[5]).unwrap(),
                    c[6].to_string(),
                    AsOf::parse(c[7]).unwrap(),
                ));
        }
    }
    out
}

/// Hours one unit of a price stands for, per instance (`count` accelerators).
fn per_instance_hour(amount: f64, unit: &str, count: f64) -> f64 {
    match unit {
        "instance-hour" => amount,
        "accelerator-hour" => amount * count,
        "instance-month" => amount / 730.0,
        "accelerator-month" => amount * count / 730.0,
        "accelerator-second" => amount * count * 3600.0,
        other => panic!("no on-demand price is per {other}"),
    }
}

/// The row of `rows` true on `day`: the latest `as_of` (earliest day of an estimate) on or
/// before it, the later row on a tie; in `to` at today's `rates`.
fn true_on(
    rows: &[(f64, Currency, String, AsOf)],
    day: AsOf,
    count: f64,
    rates: &Rates,
    to: Currency,
) -> Option<f64> {
    let mut best: Option<(i64, f64)> = None;
    for (amount, currency, unit, as_of) in rows {
        let d = as_of.days_since_epoch();
        if d <= day.days_since_epoch() && best.is_none_or(|(b, _)| d >= b) {
            let value = rates.convert(per_instance_hour(*amount, unit, count), *currency, to)?;
            best = Some((d, value));
        }
    }
    best.map(|(_, v)| v)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn check(explorer: &Explorer<'_>, today: AsOf) -> (usize, usize) {
    let files = read_files();
    let catalog = explorer.catalog;
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let state = ViewState::default();
    let then = AsOf::from_days_since_epoch(today.days_since_epoch() - WINDOW_DAYS);
    let (mut known, mut unknown) = (0, 0);
    for m in market(explorer, &state, &rates, &today) {
        let mut view = ViewState {
            term: Term::OnDemand,
            sort: Sort {
                column: Column::PricePerAccelerator,
                direction: Direction::Ascending,
            },
            ..state.clone()
        };
        view.filters.accelerators = [m.accelerator.id.clone()].into();
        let moves: Vec<f64> = explorer
            .show(&view, &rates, &today)
            .rows
            .iter()
            .filter_map(|r| {
                let q = r.quote.as_ref().filter(|q| q.term == Term::OnDemand)?;
                // A price past the "old" mark (more than 18 months) is no market price.
                if q.as_of.months_until(&today) > 18 {
                    return None;
                }
                let rows = files.get(&(r.entry.offer.id.clone(), q.region.to_string()))?;
                // Only prices with a recorded history: more than one row.
                if rows.len() < 2 {
                    return None;
                }
                let count = r.entry.offer.count;
                let to = view.price.currency;
                let (a, b) = (
                    true_on(rows, then, count, &rates, to)?,
                    true_on(rows, today, count, &rates, to)?,
                );
                (a > 0.0).then(|| b / a - 1.0)
            })
            .collect();
        match m.movement {
            Some(movement) => {
                assert_eq!(movement.offers, moves.len(), "{}", m.accelerator.id);
                let want = median(moves);
                assert!(
                    (movement.change - want).abs() < 1e-9,
                    "{}: {} vs {want}",
                    m.accelerator.id,
                    movement.change
                );
                known += 1;
            }
            None => {
                assert!(
                    moves.is_empty(),
                    "{}: unknown yet {moves:?}",
                    m.accelerator.id
                );
                unknown += 1;
            }
        }
    }
    (known, unknown)
}

#[test]
fn the_movement_is_the_median_of_the_offers_own_moves_in_the_files() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let (known, unknown) = check(&explorer, AsOf::parse(bundled::BUILT_ON).unwrap());
    assert!(known > 0 && unknown > 0, "{known} known, {unknown} unknown");
    // Earlier, with GCP's mid-2026 move (43.07 → 88.49 on 2026-07-22) inside the window.
    let (known, _) = check(&explorer, AsOf::day(2026, 10, 1));
    assert!(known > 0);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    let rows = market(
        &explorer,
        &ViewState::default(),
        &rates,
        &AsOf::day(2026, 10, 1),
    );
    let h100 = rows
        .iter()
        .find(|r| r.accelerator.id == "h100-sxm5-80gb")
        .unwrap();
    assert!(h100.movement.is_some());
}

#[test]
fn history_decoded_after_the_catalog_moves_the_market_as_the_files_do() {
    // The browser decodes the catalog file leaving the history's recorded prices as lines,
    // answers, then decodes them (`catalog::file::SlicedDecode::leaving_history`).
    let whole = bundled::catalog().unwrap();
    let file = catalog::file::to_file(&whole);
    let mut decode = catalog::file::SlicedDecode::leaving_history(file.as_bytes());
    while !decode.step(64).unwrap() {}
    let mut left = decode.history_left();
    let rest = decode.finish().unwrap();
    assert!(rest.history.prices.is_empty() && !whole.history.prices.is_empty());
    assert_eq!(rest.history.version, whole.history.version);
    let explorer = Explorer::new(&rest);
    let today = AsOf::parse(bundled::BUILT_ON).unwrap();
    // Until they are in, no variant has a move: unknown, not "no change".
    let rates = Rates::new(Fx::newest(&rest.fx), None);
    let before = market(&explorer, &ViewState::default(), &rates, &today);
    assert!(before.iter().all(|m| m.movement.is_none()));
    while !left.step(file.as_bytes(), 64).unwrap() {}
    assert!(explorer.add_history(left.finish()));
    assert_eq!(explorer.history(), &whole.history);
    assert!(!explorer.add_history(Vec::new()), "added once");
    let (known, unknown) = check(&explorer, today);
    assert!(known > 0 && unknown > 0, "{known} known, {unknown} unknown");
}

#[test]
fn unknown_is_written_out_never_zero() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = Rates::new(Fx::newest(&catalog.fx), None);
    // Before history's values were true, nothing has a value 90 days ago.
    let rows = market(
        &explorer,
        &ViewState::default(),
        &rates,
        &AsOf::day(2011, 1, 1),
    );
    assert!(rows.iter().all(|r| r.movement.is_none()));
    for lang in Lang::ALL {
        let (text, covered, title) = crate::present::i18n::price_move(lang, None);
        assert_eq!(
            text,
            crate::present::i18n::t(lang, crate::present::i18n::Msg::Unknown)
        );
        assert!(covered.is_empty() && !title.is_empty());
        assert!(!text.contains('0'));
    }
    let (text, covered, _) = crate::present::i18n::price_move(Lang::En, Some((1.054, 2)));
    assert_eq!(
        (text.as_str(), covered.as_str()),
        ("▲ +105.4 %", "2 offers")
    );
    let (text, covered, _) = crate::present::i18n::price_move(Lang::Zh, Some((-0.031, 1)));
    assert_eq!((text.as_str(), covered.as_str()), ("▼ −3.1%", "1 个报价"));
    assert_eq!(
        crate::present::i18n::price_move(Lang::En, Some((0.0001, 3))).0,
        "= 0 %"
    );
}
