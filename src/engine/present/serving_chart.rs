//! The three ways' cost a day against output tokens a day, both on log scales, as lines the
//! page draws in an SVG: the hosted API (a straight line: billed by the token), serverless
//! (billed by use) and always-on (steps: one more instance when the load needs it), the job's
//! volume and the break-even marked. Geometry only; the page adds the words and colours.

use super::i18n::Lang;
use super::serving_choice::{tokens, CostPoint, ServingChoice};
use catalog::Currency;
use workload::crossing::Crossing;

/// The plot's box in the SVG's own units.
pub const WIDTH: f64 = 640.0;
pub const HEIGHT: f64 = 300.0;
/// Room for the axes' labels.
const LEFT: f64 = 64.0;
const BOTTOM: f64 = 28.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 12.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WayKind {
    Api,
    Serverless,
    AlwaysOn,
}

/// One way's line: SVG `points` ("x,y x,y …"); a gap where the way cannot be costed splits it.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub way: WayKind,
    pub segments: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub at: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ServingChart {
    pub lines: Vec<Line>,
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    /// The job's volume, as an x position.
    pub job_x: Option<f64>,
    /// Where a GPU starts to cost no more than the API: (x, y).
    pub break_even: Option<(f64, f64)>,
    /// The plot's left, top, right and bottom edges.
    pub plot: (f64, f64, f64, f64),
}

/// The chart of `choice` with costs in `currency`; `None` when fewer than two points of any
/// way can be drawn.
pub fn chart(choice: &ServingChoice, currency: Currency, lang: Lang) -> Option<ServingChart> {
    let costs = |p: &CostPoint| [p.api, p.serverless, p.always_on];
    // Three decades either side of what matters (the job's volume and the break-even):
    // a way's cost at 1k tokens a day beside 10T reads as nothing.
    let even = match choice.break_even {
        Some(Crossing::At { tokens_per_day }) => tokens_per_day,
        _ => choice.tokens_per_day,
    };
    let near = choice.tokens_per_day.min(even) / 1e3..=choice.tokens_per_day.max(even) * 1e3;
    let drawn: Vec<&CostPoint> = choice
        .curve
        .iter()
        .filter(|p| near.contains(&p.tokens_per_day))
        .filter(|p| costs(p).iter().flatten().any(|c| *c > 0.0 && c.is_finite()))
        .collect();
    if drawn.len() < 2 {
        return None;
    }
    let (x0, x1) = (
        drawn[0].tokens_per_day,
        drawn[drawn.len() - 1].tokens_per_day,
    );
    let positive = |c: &f64| *c > 0.0 && c.is_finite();
    let hi = drawn
        .iter()
        .flat_map(|p| costs(p))
        .flatten()
        .filter(positive)
        .fold(0.0_f64, f64::max);
    // The floor: the least a GPU way costs in view, or the API's cost at the job's volume,
    // whichever is less (an API line falling further is cut off at the floor).
    let api_at_job = choice
        .api
        .as_ref()
        .map(|a| a.per_day_at(choice.tokens_per_day));
    let lo = drawn
        .iter()
        .flat_map(|p| [p.serverless, p.always_on])
        .flatten()
        .chain(api_at_job)
        .filter(positive)
        .fold(f64::INFINITY, f64::min);
    if !hi.is_finite() || hi <= 0.0 {
        return None;
    }
    let lo = if lo.is_finite() { lo } else { hi / 1e3 };
    // Whole decades, so the ticks fall on 1, 10, 100 …
    let y1 = hi.log10().ceil();
    let y0 = lo.log10().floor().min(y1 - 1.0);
    let (left, top, right, bottom) = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM);
    let x = |v: f64| left + (v.log10() - x0.log10()) / (x1.log10() - x0.log10()) * (right - left);
    let y = |c: f64| bottom - (c.log10() - y0) / (y1 - y0) * (bottom - top);
    let line = |way: WayKind, cost: fn(&CostPoint) -> Option<f64>| {
        let mut segments = Vec::new();
        let mut current: Vec<String> = Vec::new();
        for p in &drawn {
            match cost(p).filter(|c| c.is_finite() && c.log10() >= y0 - 1e-9) {
                Some(c) => current.push(format!("{:.1},{:.1}", x(p.tokens_per_day), y(c))),
                None if !current.is_empty() => {
                    segments.push(std::mem::take(&mut current).join(" "))
                }
                None => {}
            }
        }
        if !current.is_empty() {
            segments.push(current.join(" "));
        }
        Line { way, segments }
    };
    let lines = [
        line(WayKind::Api, |p| p.api),
        line(WayKind::Serverless, |p| p.serverless),
        line(WayKind::AlwaysOn, |p| p.always_on),
    ]
    .into_iter()
    .filter(|l| !l.segments.is_empty())
    .collect();
    let x_ticks = (x0.log10().ceil() as i32..=x1.log10().floor() as i32)
        .step_by(2)
        .map(|e| Tick {
            at: x(10f64.powi(e)),
            label: tokens(10f64.powi(e), lang),
        })
        .collect();
    let y_ticks = (y0 as i32..=y1 as i32)
        .map(|e| Tick {
            at: y(10f64.powi(e)),
            label: decade_money(e, currency),
        })
        .collect();
    let inside = |v: f64| (x0..=x1).contains(&v);
    let job_x = inside(choice.tokens_per_day).then(|| x(choice.tokens_per_day));
    let break_even = match (choice.break_even, &choice.api) {
        (Some(Crossing::At { tokens_per_day }), Some(api)) if inside(tokens_per_day) => {
            Some((x(tokens_per_day), y(api.per_day_at(tokens_per_day))))
        }
        _ => None,
    };
    Some(ServingChart {
        lines,
        x_ticks,
        y_ticks,
        job_x,
        break_even,
        plot: (left, top, right, bottom),
    })
}

/// A decade of money, short: "$0.01", "$1", "$1k", "$10M".
fn decade_money(exponent: i32, currency: Currency) -> String {
    let symbol = currency.symbol();
    match exponent {
        e if e < 0 => format!("{symbol}{:.*}", (-e) as usize, 10f64.powi(e)),
        e if e < 3 => format!("{symbol}{}", 10i64.pow(e as u32)),
        e if e < 6 => format!("{symbol}{}k", 10i64.pow((e - 3) as u32)),
        e if e < 9 => format!("{symbol}{}M", 10i64.pow((e - 6) as u32)),
        e => format!("{symbol}{}B", 10f64.powi(e - 9)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::serving_choice::{CostPoint, ServingChoice};

    fn choice(points: Vec<CostPoint>, tokens_per_day: f64) -> ServingChoice {
        ServingChoice {
            serverless: None,
            always_on: None,
            crossover: None,
            api: None,
            break_even: None,
            curve: points,
            tokens_per_day,
        }
    }

    #[test]
    fn decades_are_short_money() {
        assert_eq!(decade_money(-2, Currency::Usd), "$0.01");
        assert_eq!(decade_money(0, Currency::Usd), "$1");
        assert_eq!(decade_money(4, Currency::Usd), "$10k");
        assert_eq!(decade_money(6, Currency::Usd), "$1M");
    }

    #[test]
    fn a_line_runs_left_to_right_and_up_with_its_cost() {
        // A way billed by the token: ten times the tokens, ten times the cost.
        let points: Vec<CostPoint> = [1e3, 1e4, 1e5, 1e6]
            .iter()
            .map(|&v| CostPoint {
                tokens_per_day: v,
                api: Some(v / 1e4),
                serverless: None,
                always_on: Some(0.05),
            })
            .collect();
        let c = chart(&choice(points, 1e5), Currency::Usd, Lang::En).unwrap();
        let api = &c.lines[0];
        assert_eq!(api.way, WayKind::Api);
        let xy: Vec<(f64, f64)> = api.segments[0]
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(xy.len(), 4);
        // Equal steps across, equal steps up (log scales), rising (SVG y grows downwards).
        assert!(xy.windows(2).all(|w| w[1].0 > w[0].0 && w[1].1 < w[0].1));
        let (dx, dy) = (xy[1].0 - xy[0].0, xy[1].1 - xy[0].1);
        assert!(((xy[3].0 - xy[2].0) - dx).abs() < 0.2 && ((xy[3].1 - xy[2].1) - dy).abs() < 0.2);
        // The job's volume is drawn inside the plot; no break-even without one.
        let (left, _, right, _) = c.plot;
        assert!(c.job_x.is_some_and(|x| x > left && x < right));
        assert_eq!(c.break_even, None);
        assert!(c.y_ticks.iter().any(|t| t.label == "$1"));
    }
}
