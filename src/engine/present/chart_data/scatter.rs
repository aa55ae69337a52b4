//! Price against what the money buys, one point per offer, with the Pareto frontier: the
//! offers no other offer beats on both price and the chosen measure.

use crate::explorer::Row;
use crate::present::i18n::{self, pick, Lang};
use crate::pricing::PriceView;
use crate::view::chart_choices::Measure;
use charts::style::MAX_SERIES;
use charts::{ScatterData, ScatterPoint};
use scoring::Ranking;

impl Measure {
    /// The measure of one offer; `None` when unknown.
    pub fn of(self, row: &Row<'_>) -> Option<f64> {
        let entry = row.entry;
        let specs = entry.accelerator.map(|a| &a.specs);
        match self {
            Measure::Bf16 => entry.divisors.bf16_pflops,
            Measure::Memory => entry.divisors.memory_gb,
            Measure::Bandwidth => {
                Some(specs.and_then(|s| s.memory_bandwidth_gbs)? * entry.divisors.accelerators?)
            }
            Measure::JobTime => row.job.as_ref().and_then(|j| j.wall_hours),
        }
    }
}

/// The scatter of the shown rows: x the price as the table shows it, y the measure; series
/// by provider (the most frequent first, the rest as "other"); `selected` offers emphasised.
pub fn price_scatter(
    rows: &[Row<'_>],
    measure: Measure,
    price: &PriceView,
    selected: &[String],
    lang: Lang,
) -> ScatterData {
    // Providers by how many offers they have here, so the legend names the big ones.
    let mut providers: Vec<(&str, usize)> = Vec::new();
    for row in rows {
        let name = row.entry.provider.name.as_str();
        match providers.iter_mut().find(|(p, _)| *p == name) {
            Some((_, n)) => *n += 1,
            None => providers.push((name, 1)),
        }
    }
    providers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let points: Vec<ScatterPoint> = rows
        .iter()
        .map(|row| ScatterPoint {
            id: row.entry.offer.id.clone(),
            label: row.entry.label(),
            series: providers
                .iter()
                .position(|(p, _)| *p == row.entry.provider.name)
                .unwrap_or(0),
            x: row.quote.as_ref().and_then(|q| q.value).unwrap_or(f64::NAN),
            y: measure.of(row).unwrap_or(f64::NAN),
        })
        .collect();
    let frontier = frontier(points.iter().map(|p| (p.x, p.y)), measure.lower_is_better());
    let mut data = ScatterData {
        title: pick(lang, "Price vs what it buys", "价格与性能").into(),
        x_label: i18n::price_unit(lang, price.currency.code(), price.basis, price.duration),
        y_label: measure.label(lang).into(),
        series: providers.iter().map(|(p, _)| p.to_string()).collect(),
        points,
        frontier,
        highlight: selected.to_vec(),
        words: super::words(lang, pick(lang, "Offer", "报价")),
    };
    data.fold_series(MAX_SERIES, pick(lang, "other", "其他"));
    data
}

/// Adds each ranked offer's score (for the current weights) to its point's label, so the
/// tooltip says how the ranking sees it.
pub fn add_scores(data: &mut ScatterData, ranking: &Ranking, lang: Lang) {
    let word = pick(lang, "score", "得分");
    let scores = ranking.by_offer();
    for point in &mut data.points {
        if let Some(scored) = scores.get(point.id.as_str()) {
            point.label = format!("{} — {word} {:.0}", point.label, scored.score);
        }
    }
}

/// The Pareto frontier of (price, measure) points, cheapest first: each vertex is strictly
/// better on the measure than every cheaper one. Points with an unknown, zero or negative
/// value are not offers one can place, so they are left out.
pub fn frontier(
    points: impl Iterator<Item = (f64, f64)>,
    lower_is_better: bool,
) -> Vec<(f64, f64)> {
    let mut usable: Vec<(f64, f64)> = points
        .filter(|(x, y)| x.is_finite() && y.is_finite() && *x > 0.0 && *y > 0.0)
        .collect();
    let better = |a: f64, b: f64| if lower_is_better { a < b } else { a > b };
    usable.sort_by(|a, b| {
        a.0.total_cmp(&b.0).then(if lower_is_better {
            a.1.total_cmp(&b.1)
        } else {
            b.1.total_cmp(&a.1)
        })
    });
    let mut out: Vec<(f64, f64)> = Vec::new();
    for p in usable {
        if out.last().is_none_or(|last| better(p.1, last.1)) {
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frontier_keeps_only_offers_nothing_beats() {
        let points = [
            (1.0, 1.0),
            (2.0, 0.5),
            (2.0, 3.0),
            (3.0, 3.0),
            (4.0, 5.0),
            (0.0, 9.0),
            (f64::NAN, 1.0),
        ];
        assert_eq!(
            frontier(points.into_iter(), false),
            [(1.0, 1.0), (2.0, 3.0), (4.0, 5.0)]
        );
        // For time, less is better: the cheapest, then only faster ones.
        assert_eq!(
            frontier([(1.0, 10.0), (2.0, 12.0), (3.0, 4.0)].into_iter(), true),
            [(1.0, 10.0), (3.0, 4.0)]
        );
    }

    #[test]
    fn the_real_catalog_scatters_with_a_frontier_and_a_short_legend() {
        super::super::with_default_view(|shown, state, _, _| {
            let data = price_scatter(&shown.rows, Measure::Bf16, &state.price, &[], Lang::En);
            assert_eq!(data.points.len(), shown.rows.len());
            assert!(data.series.len() <= MAX_SERIES);
            assert!(data.frontier.len() >= 3, "{:?}", data.frontier);
            // Along the frontier price rises and performance rises.
            for pair in data.frontier.windows(2) {
                assert!(pair[1].0 >= pair[0].0 && pair[1].1 > pair[0].1);
            }
            assert!(data.x_label.contains("USD"));
        });
    }

    #[test]
    fn each_ranked_point_is_labelled_with_its_own_score() {
        use crate::explorer::{ranked_metrics, Competition};
        use scoring::{rank, Scenario};
        super::super::with_default_view(|shown, state, rates, today| {
            let metrics: Vec<_> = shown
                .rows
                .iter()
                .filter_map(|row| ranked_metrics(row, rates, Competition::of(state, today), today))
                .collect();
            // Constrained, so some shown offers are not ranked and keep their label as it was.
            let (weights, constraints) = Scenario::Training.preset();
            let ranking = rank(&metrics, &weights, &constraints);
            let plain = price_scatter(&shown.rows, Measure::Bf16, &state.price, &[], Lang::En);
            let mut scored = plain.clone();
            add_scores(&mut scored, &ranking, Lang::En);
            let (mut with, mut without) = (0, 0);
            for (before, after) in plain.points.iter().zip(&scored.points) {
                // The second computation: the offer's score found by walking the ranking.
                match ranking.get(&before.id) {
                    Some(s) => {
                        with += 1;
                        assert_eq!(
                            after.label,
                            format!("{} — score {:.0}", before.label, s.score)
                        );
                    }
                    None => {
                        without += 1;
                        assert_eq!(after.label, before.label);
                    }
                }
            }
            assert!(with > 10 && without > 10, "{with} scored, {without} not");
        });
    }
}
