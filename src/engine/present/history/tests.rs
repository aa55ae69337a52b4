//! The history as the app shows it, against the catalog's own files: the real GCP a3-highgpu-8g
//! price in us-central1 (43.07 → 88.49, restated as 88.490000119), and hand-made histories
//! for the edges.

use catalog::history::{History, Observation, PriceHistory};
use catalog::{AsOf, Catalog, Currency, Lang, PriceUnit, Term};

use super::detail::{last_change, last_changed, regions, steps};
use super::since::{changed_since, Since, MAX_LISTED};
use crate::bundled;
use crate::explorer::Explorer;
use crate::pricing::{PriceBasis, PriceView, Rates, RegionChoice};
use catalog::fx::Fx;

const OFFER: &str = "gcp/a3-highgpu-8g";
const REGION: &str = "us-central1";

/// The rows of `catalog/history/<provider>.csv` for one price, read straight from the file:
/// (price, as_of, source, recorded).
fn csv_rows(
    provider: &str,
    offer: &str,
    region: &str,
    term: &str,
) -> Vec<(f64, String, String, String)> {
    let path = format!(
        "{}/../../catalog/history/{provider}.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "offer,region,term,price,price_high,currency,unit,as_of,source,recorded"
    );
    lines
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|c| c[0] == offer && c[1] == region && c[2] == term)
        .map(|c| (c[3].parse().unwrap(), c[7].into(), c[8].into(), c[9].into()))
        .collect()
}

fn rates(catalog: &Catalog) -> Rates {
    Rates::new(Fx::newest(&catalog.fx), None)
}

fn today() -> AsOf {
    AsOf::day(2026, 12, 2)
}

fn observation(amount: f64, as_of: &str, recorded: &str) -> Observation {
    Observation {
        amount,
        amount_high: None,
        currency: Currency::Usd,
        unit: PriceUnit::InstanceHour,
        as_of: AsOf::parse(as_of).unwrap(),
        source: "gcp-pricing-copy-2026-10-04".into(),
        recorded: AsOf::parse(recorded).unwrap(),
    }
}

/// The bundled catalog with `prices` as its whole history.
fn with_history(prices: Vec<PriceHistory>) -> Catalog {
    let mut catalog = bundled::catalog().unwrap();
    catalog.history = History::from_prices(prices);
    catalog
}

fn one_price(observations: Vec<Observation>) -> Vec<PriceHistory> {
    vec![PriceHistory {
        offer: OFFER.into(),
        region: REGION.into(),
        term: Term::OnDemand,
        observations,
    }]
}

#[test]
fn the_step_chart_holds_every_recorded_value_of_the_file() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    let rows = csv_rows("gcp", "a3-highgpu-8g", REGION, "on-demand");
    assert!(rows.len() >= 2, "{rows:?}");
    let view = PriceView::default();
    let data = steps(
        entry,
        &catalog.history,
        Term::OnDemand,
        &view,
        &rates(&catalog),
        Lang::En,
        &today(),
    );
    let line = data
        .series
        .iter()
        .find(|s| s.name == entry.provider.region(REGION).unwrap().name)
        .expect("a line for us-central1");
    let values: Vec<f64> = line.steps.iter().map(|s| s.value).collect();
    let expected: Vec<f64> = rows.iter().map(|r| r.0).collect();
    assert_eq!(
        values, expected,
        "instance-hour in USD is the file's own number"
    );
    // Dates are where the values were true; the estimate keeps its mark.
    assert_eq!(line.steps[0].date, rows[0].1.replace('~', "≈"));
    assert_eq!(line.steps[0].estimated, rows[0].1.starts_with('~'));
    assert_eq!(
        line.steps[0].x,
        AsOf::parse(&rows[0].1).unwrap().days_since_epoch() as f64
    );
    // Sources by title.
    let title = &entry.provider.source(&rows[1].2).unwrap().title;
    assert_eq!(&line.steps[1].source, title);
    // Every line is a price of this offer in this term with a recorded history.
    let expected_lines = catalog
        .history
        .prices
        .iter()
        .filter(|p| p.offer == OFFER && p.term == Term::OnDemand)
        .count();
    assert_eq!(data.series.len(), expected_lines);
    assert_eq!(
        regions(entry, &catalog.history, Term::OnDemand).len(),
        expected_lines
    );
    assert_eq!(data.end_x, Some(today().days_since_epoch() as f64));
    // The table alternative lists each value with date and source.
    let (headers, table) = data.table();
    assert_eq!(headers.len(), 4);
    assert!(table
        .iter()
        .any(|r| r[1] == "2026-07-22" && r[3] == *title || r[1] == rows[1].1));
}

#[test]
fn the_view_prices_history_like_everything_else() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    let rates = rates(&catalog);
    let rows = csv_rows("gcp", "a3-highgpu-8g", REGION, "on-demand");
    let per_gpu_month_cny = PriceView {
        currency: Currency::Cny,
        basis: PriceBasis::Accelerator,
        duration: crate::pricing::Duration::Month,
    };
    let data = steps(
        entry,
        &catalog.history,
        Term::OnDemand,
        &per_gpu_month_cny,
        &rates,
        Lang::Zh,
        &today(),
    );
    // Named in the reader's language.
    let name = catalog::lang::region_name(Lang::Zh, entry.provider.region(REGION).unwrap());
    let line = data.series.iter().find(|s| s.name == name).unwrap();
    let usd_cny = rates.convert(1.0, Currency::Usd, Currency::Cny).unwrap();
    for (step, row) in line.steps.iter().zip(&rows) {
        let expected = row.0 * usd_cny / entry.offer.count * 730.0;
        assert!(
            (step.value - expected).abs() < 1e-6 * expected,
            "{} vs {expected}",
            step.value
        );
        assert!(step.value_text.starts_with('¥'), "{}", step.value_text);
    }
    assert!(data.y_label.contains("CNY"), "{}", data.y_label);
    assert!(data.title.starts_with("价格历史"));
}

#[test]
fn last_changed_names_the_move_not_a_restatement() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    let rows = csv_rows("gcp", "a3-highgpu-8g", REGION, "on-demand");
    let rates = rates(&catalog);
    let text = last_changed(
        entry,
        &catalog.history,
        Term::OnDemand,
        &PriceView::default(),
        &rates,
        Lang::En,
    )
    .sentence;
    // The file's first real move in this region (88.494 → 88.490000119 is a restatement) —
    // unless another region of the offer moved later, which the sentence would name instead.
    let (region, change) = last_change(entry, &catalog.history, Term::OnDemand).unwrap();
    if region == REGION {
        let moved = rows
            .windows(2)
            .rev()
            .find(|w| (w[0].0 - w[1].0).abs() > 1e-4 * w[0].0)
            .unwrap();
        assert_eq!(change.from.amount, moved[0].0);
        assert_eq!(change.to.amount, moved[1].0);
        assert!(
            text.contains(&format!("${:.2} → ${:.2}", moved[0].0, moved[1].0)),
            "{text}"
        );
    }
    assert!(text.starts_with("Last changed "), "{text}");
    assert!(text.contains("recorded 2 Dec 2026"), "{text}");
    let zh = last_changed(
        entry,
        &catalog.history,
        Term::OnDemand,
        &PriceView::default(),
        &rates,
        Lang::Zh,
    );
    assert!(zh.sentence.starts_with("最近一次变价："), "{zh:?}");
    // The source is cited apart, by the title the catalog gives it.
    assert!(zh.source.is_some_and(|s| !s.is_empty()));
    let zh = zh.sentence;
    assert!(zh.contains("记录于 2026年12月2日"), "{zh}");
}

#[test]
fn last_changed_at_the_edges() {
    let term = Term::OnDemand;
    let view = PriceView::default();
    // One observation: nothing changed since history began.
    let catalog = with_history(one_price(vec![observation(43.0, "~2025", "2026-12-01")]));
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    let rates = rates(&catalog);
    assert_eq!(
        last_changed(entry, &catalog.history, term, &view, &rates, Lang::En).sentence,
        "No change recorded since history began (1 Dec 2026)."
    );
    assert_eq!(
        last_changed(entry, &catalog.history, term, &view, &rates, Lang::Zh).sentence,
        "自价格历史开始记录（2026年12月1日）以来无变价。"
    );
    // The same value stated again (1.50 as 1.5, a new source, a new date) is not a change.
    let catalog = with_history(one_price(vec![
        observation(88.494, "2026-07-22", "2026-12-01"),
        observation(88.490000119, "2026-10-04", "2026-12-02"),
    ]));
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    assert!(
        last_changed(entry, &catalog.history, term, &view, &rates, Lang::En)
            .sentence
            .starts_with("No change recorded since history began (1 Dec 2026)")
    );
    // Estimated dates stay marked in the sentence.
    let catalog = with_history(one_price(vec![
        observation(40.0, "~2025", "2026-12-01"),
        observation(50.0, "~2025-09", "2026-12-02"),
    ]));
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    let text = last_changed(entry, &catalog.history, term, &view, &rates, Lang::En).sentence;
    assert!(text.starts_with("Last changed ≈ Sep 2025 in "), "{text}");
    assert!(
        text.contains("$40.00 → $50.00") || text.contains("$40 → $50"),
        "{text}"
    );
    let zh = last_changed(entry, &catalog.history, term, &view, &rates, Lang::Zh).sentence;
    assert!(zh.starts_with("最近一次变价：约 2025年9月"), "{zh}");
    // No history kept at all.
    let catalog = with_history(Vec::new());
    let explorer = Explorer::new(&catalog);
    let entry = explorer.entry(OFFER).unwrap();
    assert_eq!(
        last_changed(entry, &catalog.history, term, &view, &rates, Lang::En).sentence,
        "No price history is recorded yet."
    );
}

#[test]
fn an_older_link_lists_the_prices_of_its_view_that_changed() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let everywhere = RegionChoice::default();
    let version = AsOf::day(2026, 12, 1);
    let Since::Older {
        changed,
        more,
        current,
        ..
    } = changed_since(&explorer, [OFFER], Term::OnDemand, &everywhere, version)
    else {
        panic!("an older link with a moved price");
    };
    assert_eq!(Some(current), catalog.history.version);
    // Directly from the history: every on-demand price of the offer whose value held on the
    // version's day differs from its newest.
    let expected: Vec<&str> = catalog
        .history
        .of_offer(OFFER)
        .filter(|p| p.term == Term::OnDemand)
        .filter(|p| {
            let then = p.observations.iter().rev().find(|o| o.recorded <= version);
            let now = p.observations.last().unwrap();
            then.is_some_and(|t| (t.amount - now.amount).abs() > 1e-4 * now.amount)
        })
        .map(|p| p.region.as_str())
        .collect();
    let listed: Vec<&str> = changed.iter().map(|c| c.region).collect();
    assert_eq!(listed.len() + more, expected.len());
    assert!(listed.iter().all(|r| expected.contains(r)));
    assert!(expected.contains(&REGION), "{expected:?}");
    // A view of the one region: that price alone.
    let iowa = RegionChoice {
        regions: [format!("gcp/{REGION}")].into(),
        ..RegionChoice::default()
    };
    let since = changed_since(&explorer, [OFFER, OFFER], Term::OnDemand, &iowa, version);
    let Since::Older {
        changed, more: 0, ..
    } = &since
    else {
        panic!("one change expected");
    };
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0].region, REGION);
    let notice = since
        .notice(Lang::En, &PriceView::default(), &rates)
        .unwrap();
    assert!(
        notice.heading.contains("its catalog: 1 Dec 2026"),
        "{}",
        notice.heading
    );
    let line = notice.lines.iter().find(|l| l.contains(REGION)).unwrap();
    let rows = csv_rows("gcp", "a3-highgpu-8g", REGION, "on-demand");
    assert!(
        line.contains(&format!(
            "${:.2} → ${:.2}",
            rows[0].0,
            rows.last().unwrap().0
        )),
        "{line}"
    );
    assert!(line.contains("recorded 2 Dec 2026"), "{line}");
    // The move as a share, and said to be big past the refresh's review threshold.
    let (first, last) = (rows[0].0, rows.last().unwrap().0);
    let share = last / first - 1.0;
    assert!(
        share.abs() >= super::since::BIG_MOVE,
        "the fixture price moved {share}"
    );
    assert!(
        line.contains(&format!(
            "(+{:.0} %, a big change; true as of",
            share * 100.0
        )),
        "{line}"
    );
    // Regions the view leaves out are not listed; nor is another term.
    let elsewhere = RegionChoice {
        regions: ["gcp/europe-west4".to_string()].into(),
        ..RegionChoice::default()
    };
    let left_out = changed_since(&explorer, [OFFER], Term::OnDemand, &elsewhere, version);
    if let Since::Older { changed, .. } = &left_out {
        assert!(changed.iter().all(|c| c.region != REGION));
    }
}

#[test]
fn the_same_a_newer_or_no_version_says_nothing_or_says_newer() {
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let current = catalog.history.version.unwrap();
    let all = RegionChoice::default();
    assert!(matches!(
        changed_since(&explorer, [OFFER], Term::OnDemand, &all, current),
        Since::Nothing
    ));
    let later = AsOf::from_days_since_epoch(current.days_since_epoch() + 3);
    let newer = changed_since(&explorer, [OFFER], Term::OnDemand, &all, later);
    let notice = newer
        .notice(Lang::En, &PriceView::default(), &rates)
        .unwrap();
    assert!(
        notice.heading.contains("newer catalog"),
        "{}",
        notice.heading
    );
    assert!(notice.lines.is_empty());
    // An offer whose price never moved says nothing.
    let quiet = catalog
        .offers
        .iter()
        .find(|o| catalog.history.of_offer(&o.id).next().is_none())
        .unwrap();
    assert!(matches!(
        changed_since(
            &explorer,
            [quiet.id.as_str()],
            Term::OnDemand,
            &all,
            AsOf::day(2026, 12, 1)
        ),
        Since::Nothing
    ));
}

#[test]
fn a_long_list_is_capped_with_a_count_of_the_rest() {
    // Every offer of the catalog on every term: far more than a notice lists.
    let catalog = bundled::catalog().unwrap();
    let explorer = Explorer::new(&catalog);
    let rates = rates(&catalog);
    let ids: Vec<&str> = catalog.offers.iter().map(|o| o.id.as_str()).collect();
    let version = AsOf::day(2026, 12, 1);
    let since = changed_since(
        &explorer,
        ids.iter().copied(),
        Term::OnDemand,
        &RegionChoice::default(),
        version,
    );
    let expected = catalog
        .history
        .prices
        .iter()
        .filter(|p| p.term == Term::OnDemand && p.changed_since(version).is_some())
        .count();
    let Since::Older { changed, more, .. } = &since else {
        panic!("changes expected");
    };
    assert_eq!(changed.len(), MAX_LISTED.min(expected));
    assert_eq!(changed.len() + more, expected);
    let notice = since
        .notice(Lang::Zh, &PriceView::default(), &rates)
        .unwrap();
    assert_eq!(notice.more, (*more > 0).then(|| format!("另有 {more} 项")));
}
