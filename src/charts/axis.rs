//! Axis ranges and tick values, and [`Axis`]: the plotters coordinate that maps a value to a
//! pixel on a linear or a logarithmic scale.
//!
//! [`Axis`] wraps plotters' own `RangedCoordf64` and `LogCoord` for the mapping (so a layout
//! computed with `ChartContext::backend_coord` is exactly where plotters drew) and supplies our
//! tick values instead of plotters' key points: plotters' log axis labels every integer
//! between powers of ten when given room, which crowds a phone screen.

use std::ops::Range;

use plotters::coord::combinators::{IntoLogRange, LogCoord};
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;

/// An axis turns logarithmic when its positive data spans more than this many powers of ten
/// (a factor of about 32). Below that a linear axis reads more naturally; above it, the cheap
/// offers would be squashed into one corner. Prices across GPU clouds span two to three decades.
pub const LOG_DECADES: f64 = 1.5;

/// Values whose magnitude is beyond this are treated as unknown: no price or throughput comes
/// near it, and keeping them would make every other value collapse onto one pixel.
pub(crate) const LIMIT: f64 = 1e15;

/// Whether a value can be placed on an axis of this kind.
pub(crate) fn placeable(value: f64, log: bool) -> bool {
    value.is_finite() && value.abs() <= LIMIT && (!log || value >= 1.0 / LIMIT)
}

/// Whether these values want a logarithmic axis: see [`LOG_DECADES`]. Only finite positive
/// values count, since nothing else can be placed on a log axis anyway.
pub fn wants_log(values: impl IntoIterator<Item = f64>) -> bool {
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for v in values {
        if placeable(v, true) {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    lo.is_finite() && hi > lo && (hi / lo).log10() > LOG_DECADES
}

/// A range that contains `min..=max` and starts and ends on round values.
///
/// Linear: multiples of a 1-2-5 step chosen for about five intervals (0.3..9.2 → 0..10).
/// Logarithmic: the nearest 1, 2 or 5 times a power of ten outside the data (0.3..20 → 0.2..20,
/// not 0.1..100, which would waste two thirds of the axis on nothing).
///
/// Never fails: NaN and infinite bounds are ignored (both unusable → 0..1, or 1..10 on a log
/// scale), swapped bounds are reordered, non-positive bounds are ignored on a log scale, and an
/// empty span is widened so the result always has `lo < hi`.
pub fn nice_range(min: f64, max: f64, log: bool) -> (f64, f64) {
    let usable: Vec<f64> = [min, max]
        .into_iter()
        .filter(|&v| placeable(v, log))
        .collect();
    let (lo, hi) = match usable.as_slice() {
        [] => return if log { (1.0, 10.0) } else { (0.0, 1.0) },
        [v] => (*v, *v),
        [a, b, ..] => (a.min(*b), a.max(*b)),
    };
    if log {
        let lo_nice = floor_125(lo);
        let mut hi_nice = ceil_125(hi);
        if hi_nice <= lo_nice {
            hi_nice = next_125(lo_nice);
        }
        (lo_nice, hi_nice)
    } else {
        let (lo, hi) = if lo == hi {
            // Around zero a relative pad would vanish; widen by one instead.
            let pad = if lo.abs() < 1e-12 {
                1.0
            } else {
                lo.abs() * 0.1
            };
            (lo - pad, hi + pad)
        } else {
            (lo, hi)
        };
        let step = nice_step(hi - lo, 5);
        // The tolerance keeps 3.6 / 0.2 = 17.999999999999996 from widening the range a step.
        let (a, b) = (
            (lo / step + 1e-9).floor() * step,
            (hi / step - 1e-9).ceil() * step,
        );
        let (a, b) = (clean(a), clean(b));
        if a.is_finite() && b.is_finite() && a < b {
            (a, b)
        } else {
            // Spans near the smallest doubles defeat the step arithmetic.
            (lo.min(0.0) - 1.0, hi.max(0.0) + 1.0)
        }
    }
}

/// Tick values inside `lo..=hi`, at most `max_ticks` of them (at least 2 are asked for).
///
/// Linear: multiples of a 1-2-5 step. Logarithmic: 1, 2 and 5 times each power of ten when they
/// fit, else 1 and 3 times, else the powers of ten, else every second (third, …) one.
pub fn ticks(lo: f64, hi: f64, log: bool, max_ticks: usize) -> Vec<f64> {
    let max_ticks = max_ticks.max(2);
    if !(lo.is_finite() && hi.is_finite() && lo < hi) || (log && lo <= 0.0) {
        return Vec::new();
    }
    if log {
        log_ticks(lo, hi, max_ticks)
    } else {
        linear_ticks(lo, hi, max_ticks)
    }
}

/// Month ticks for the cost-over-time chart: steps of 1, 2, 3, 6 or 12 months (a year reads
/// better than 10 months), falling back to 1-2-5 steps for long spans.
pub(crate) fn month_ticks(lo: f64, hi: f64, max_ticks: usize) -> Vec<f64> {
    let max_ticks = max_ticks.max(2);
    if !(lo.is_finite() && hi.is_finite() && lo < hi) {
        return Vec::new();
    }
    for step in [1.0, 2.0, 3.0, 6.0, 12.0, 24.0] {
        let values = multiples(lo, hi, step);
        if values.len() <= max_ticks {
            return values;
        }
    }
    linear_ticks(lo, hi, max_ticks)
}

/// The month range shown: from the first to the last month, widened to whole multiples of the
/// tick step so the axis ends on a label.
pub(crate) fn month_range(min: f64, max: f64) -> (f64, f64) {
    let (lo, hi) = nice_range(min, max, false);
    if !(placeable(min, false) && placeable(max, false)) {
        return (lo, hi);
    }
    let (min, max) = (min.min(max), min.max(max));
    if min == max {
        return (min.floor() - 1.0, max.ceil() + 1.0);
    }
    let span = max - min;
    let step = [1.0, 2.0, 3.0, 6.0, 12.0]
        .into_iter()
        .find(|s| span / s <= 8.0)
        .unwrap_or_else(|| nice_step(span, 6));
    ((min / step).floor() * step, (max / step).ceil() * step)
}

fn linear_ticks(lo: f64, hi: f64, max_ticks: usize) -> Vec<f64> {
    // The smallest step of 1, 2, 2.5 or 5 times a power of ten that fits: 2.5 lets a phone
    // show 0, 2.5, 5 where 1-2-5 alone would jump from five ticks to two.
    let raw = (hi - lo) / (max_ticks - 1) as f64;
    if !(raw.is_finite() && raw > 0.0) {
        return Vec::new();
    }
    let magnitude = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 2.5, 5.0, 10.0, 20.0, 25.0, 50.0, 100.0] {
        let step = m * magnitude;
        if step < raw * (1.0 - 1e-9) {
            continue;
        }
        let values = multiples(lo, hi, step);
        if values.len() <= max_ticks {
            return values;
        }
    }
    Vec::new()
}

/// A range for a scatter plot's axis: the data widened by 5% of its span on each side (in
/// log space on a log axis), so markers at the extremes are not cut by the axes. Unlike
/// [`nice_range`] its ends are not round; the ticks inside are. A linear axis of positive data
/// does not widen below zero. Degenerate input falls back to [`nice_range`].
pub(crate) fn padded_range(min: f64, max: f64, log: bool) -> (f64, f64) {
    let valid = placeable(min, log) && placeable(max, log) && min < max;
    if !valid {
        return nice_range(min, max, log);
    }
    if log {
        let factor = (max / min).powf(0.05);
        (min / factor, max * factor)
    } else {
        let pad = (max - min) * 0.05;
        let lo = if min >= 0.0 {
            (min - pad).max(0.0)
        } else {
            min - pad
        };
        (lo, max + pad)
    }
}

/// The multiples of `step` inside `lo..=hi` (with a little tolerance for rounding), at most a
/// thousand of them whatever the arguments.
fn multiples(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    if !(step.is_finite() && step > 0.0) {
        return Vec::new();
    }
    let tolerance = step * 1e-9;
    let first = ((lo - tolerance) / step).ceil();
    let last = ((hi + tolerance) / step).floor();
    if !(first.is_finite() && last.is_finite()) || last - first > 1000.0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut k = first;
    while k <= last {
        out.push(clean(k * step));
        k += 1.0;
    }
    out
}

fn log_ticks(lo: f64, hi: f64, max_ticks: usize) -> Vec<f64> {
    let first = lo.log10().floor() as i32 - 1;
    let last = hi.log10().ceil() as i32 + 1;
    let inside = |v: f64| v >= lo * (1.0 - 1e-9) && v <= hi * (1.0 + 1e-9);
    let with = |mantissas: &[f64], every: i32| -> Vec<f64> {
        (first..=last)
            .filter(|e| e.rem_euclid(every) == 0)
            .flat_map(|e| mantissas.iter().map(move |m| m * 10f64.powi(e)))
            .filter(|&v| inside(v))
            .collect()
    };
    // 1-2-5, then 1-3 (nearly even on a log scale), then powers of ten.
    for mantissas in [&[1.0, 2.0, 5.0][..], &[1.0, 3.0][..]] {
        let values = with(mantissas, 1);
        if values.len() <= max_ticks {
            return values;
        }
    }
    let mut every = 1;
    loop {
        let powers = with(&[1.0], every);
        if powers.len() <= max_ticks || every > 400 {
            return powers;
        }
        every += 1;
    }
}

/// A 1-2-5 step that cuts `span` into about `intervals` pieces.
fn nice_step(span: f64, intervals: usize) -> f64 {
    let raw = span / intervals.max(1) as f64;
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let magnitude = 10f64.powf(raw.log10().floor());
    let normalised = raw / magnitude;
    let nice = if normalised <= 1.0 + 1e-9 {
        1.0
    } else if normalised <= 2.0 + 1e-9 {
        2.0
    } else if normalised <= 5.0 + 1e-9 {
        5.0
    } else {
        10.0
    };
    nice * magnitude
}

/// Splits a positive value into mantissa (1 ≤ m < 10, within rounding) and power of ten.
fn decompose(v: f64) -> (f64, f64) {
    let power = 10f64.powf(v.log10().floor());
    (v / power, power)
}

fn floor_125(v: f64) -> f64 {
    let (m, power) = decompose(v);
    let m = [5.0, 2.0, 1.0]
        .into_iter()
        .find(|&c| c <= m * (1.0 + 1e-9))
        .unwrap_or(1.0);
    m * power
}

fn ceil_125(v: f64) -> f64 {
    let (m, power) = decompose(v);
    let m = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .find(|&c| c >= m * (1.0 - 1e-9))
        .unwrap_or(10.0);
    m * power
}

fn next_125(v: f64) -> f64 {
    let (m, power) = decompose(v);
    if m < 1.5 {
        2.0 * power
    } else if m < 3.5 {
        5.0 * power
    } else {
        10.0 * power
    }
}

/// Rounds away floating-point noise (0.30000000000000004 → 0.3) and negative zero.
fn clean(v: f64) -> f64 {
    if v == 0.0 {
        return 0.0;
    }
    let digits = 12 - v.abs().log10().floor() as i32;
    if !(0..=300).contains(&digits) {
        return v;
    }
    let factor = 10f64.powi(digits);
    (v * factor).round() / factor
}

/// One axis of a chart, as plotters' coordinate: the mapping of plotters' linear or log
/// coordinate, with our ticks. Built only from a valid range (`lo < hi`, positive if log).
pub(crate) struct Axis {
    map: Mapping,
    lo: f64,
    hi: f64,
    log: bool,
    ticks: Vec<f64>,
}

enum Mapping {
    Linear(RangedCoordf64),
    Log(LogCoord<f64>),
}

impl Axis {
    /// An axis over `lo..hi` (already nice) with these ticks. A range that is not valid for the
    /// kind of axis is replaced by a default one rather than mapped to NaN.
    pub(crate) fn new(lo: f64, hi: f64, log: bool, ticks: Vec<f64>) -> Axis {
        let valid = lo.is_finite() && hi.is_finite() && lo < hi && (!log || lo > 0.0);
        let (lo, hi) = if valid {
            (lo, hi)
        } else {
            nice_range(f64::NAN, f64::NAN, log)
        };
        let map = if log {
            Mapping::Log((lo..hi).log_scale().into())
        } else {
            Mapping::Linear((lo..hi).into())
        };
        Axis {
            map,
            lo,
            hi,
            log,
            ticks,
        }
    }

    /// A value axis with nice range and ticks for data between `min` and `max`.
    pub(crate) fn fit(min: f64, max: f64, log: bool, max_ticks: usize) -> Axis {
        let (lo, hi) = nice_range(min, max, log);
        Axis::new(lo, hi, log, ticks(lo, hi, log, max_ticks))
    }

    /// A scatter axis: the data's range padded (see [`padded_range`]), with nice ticks inside.
    pub(crate) fn padded(min: f64, max: f64, log: bool, max_ticks: usize) -> Axis {
        let (lo, hi) = padded_range(min, max, log);
        Axis::new(lo, hi, log, ticks(lo, hi, log, max_ticks))
    }

    pub(crate) fn ticks(&self) -> &[f64] {
        &self.ticks
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        // Callers only pass placeable values; this guard is what makes "never a NaN
        // coordinate" hold even if one slips through: such a value lands on the axis start.
        let value = if placeable(*value, self.log) {
            *value
        } else {
            self.lo
        };
        match &self.map {
            Mapping::Linear(coord) => coord.map(&value, limit),
            Mapping::Log(coord) => coord.map(&value, limit),
        }
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Plotters asks twice: once for light grid lines (we draw none, they clutter small
        // screens) and once for the labelled ones.
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.lo..self.hi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_ranges_start_and_end_on_round_values() {
        assert_eq!(nice_range(0.3, 9.2, false), (0.0, 10.0));
        assert_eq!(nice_range(0.0, 37.0, false), (0.0, 40.0));
        assert_eq!(nice_range(-3.0, 7.0, false), (-4.0, 8.0));
        assert_eq!(nice_range(9.2, 0.3, false), (0.0, 10.0));
        assert_eq!(nice_range(0.1 + 0.2, 0.7, false), (0.3, 0.7));
    }

    #[test]
    fn log_ranges_use_one_two_five_bounds() {
        assert_eq!(nice_range(0.3, 20.0, true), (0.2, 20.0));
        assert_eq!(nice_range(1.0, 1000.0, true), (1.0, 1000.0));
        assert_eq!(nice_range(0.012, 3.1, true), (0.01, 5.0));
        assert_eq!(nice_range(3.0, 3.0, true), (2.0, 5.0));
        assert_eq!(nice_range(2.0, 2.0, true), (2.0, 5.0));
    }

    #[test]
    fn nice_range_never_fails_and_always_has_a_span() {
        let nasty = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -5.0,
            1e300,
            -1e300,
            5e-324,
            7.0,
        ];
        for &a in &nasty {
            for &b in &nasty {
                for log in [false, true] {
                    let (lo, hi) = nice_range(a, b, log);
                    assert!(lo.is_finite() && hi.is_finite() && lo < hi, "{a} {b} {log}");
                    if log {
                        assert!(lo > 0.0);
                    }
                }
            }
        }
        assert_eq!(nice_range(f64::NAN, f64::NAN, false), (0.0, 1.0));
        assert_eq!(nice_range(-1.0, 0.0, true), (1.0, 10.0));
        assert_eq!(nice_range(0.0, 0.0, false), (-1.0, 1.0));
        assert_eq!(nice_range(f64::NAN, 4.0, false), (3.6, 4.4));
    }

    #[test]
    fn log_is_chosen_past_one_and_a_half_decades_only() {
        assert!(wants_log([0.5, 5.0, 500.0]));
        assert!(!wants_log([1.0, 5.0, 10.0]));
        assert!(!wants_log([1.0, 30.0]));
        assert!(wants_log([1.0, 40.0]));
        // Non-positive and non-finite values do not count.
        assert!(!wants_log([0.0, -100.0, f64::NAN, 2.0, 4.0]));
        assert!(!wants_log([]));
    }

    #[test]
    fn linear_ticks_are_round_and_few_enough() {
        assert_eq!(
            ticks(0.0, 10.0, false, 6),
            vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
        );
        assert_eq!(ticks(0.0, 10.0, false, 3), vec![0.0, 5.0, 10.0]);
        assert_eq!(ticks(0.3, 0.7, false, 5), vec![0.3, 0.4, 0.5, 0.6, 0.7]);
        for max in 2..12 {
            assert!(ticks(0.0, 1234.0, false, max).len() <= max);
        }
        assert!(ticks(1.0, 1.0, false, 5).is_empty());
        assert!(ticks(f64::NAN, 1.0, false, 5).is_empty());
    }

    #[test]
    fn log_ticks_thin_out_when_space_is_short() {
        assert_eq!(
            ticks(0.2, 20.0, true, 8),
            vec![0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0]
        );
        assert_eq!(
            ticks(0.01, 1000.0, true, 6),
            vec![0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]
        );
        assert_eq!(ticks(0.01, 1000.0, true, 3), vec![0.01, 1.0, 100.0]);
        assert!(ticks(1e-15, 1e15, true, 4).len() <= 4);
        assert!(ticks(0.0, 10.0, true, 4).is_empty());
    }

    #[test]
    fn a_phone_axis_gets_quarter_steps_rather_than_two_ticks() {
        assert_eq!(ticks(0.0, 5.0, false, 3), vec![0.0, 2.5, 5.0]);
        assert_eq!(
            ticks(0.0, 100.0, false, 5),
            vec![0.0, 25.0, 50.0, 75.0, 100.0]
        );
    }

    #[test]
    fn scatter_ranges_pad_the_data_and_stay_positive() {
        let (lo, hi) = padded_range(0.2, 200.0, true);
        assert!(
            lo < 0.2 && lo > 0.1 && hi > 200.0 && hi < 300.0,
            "{lo} {hi}"
        );
        assert_eq!(padded_range(1.0, 11.0, false), (0.5, 11.5));
        assert_eq!(padded_range(0.1, 10.0, false).0, 0.0);
        assert_eq!(padded_range(3.0, 3.0, false), nice_range(3.0, 3.0, false));
        assert_eq!(
            padded_range(f64::NAN, 3.0, true),
            nice_range(f64::NAN, 3.0, true)
        );
    }

    #[test]
    fn month_ticks_prefer_quarters_halves_and_years() {
        assert_eq!(
            month_ticks(0.0, 36.0, 7),
            vec![0.0, 6.0, 12.0, 18.0, 24.0, 30.0, 36.0]
        );
        assert_eq!(month_ticks(0.0, 36.0, 4), vec![0.0, 12.0, 24.0, 36.0]);
        assert_eq!(month_ticks(0.0, 12.0, 5), vec![0.0, 3.0, 6.0, 9.0, 12.0]);
        assert_eq!(month_range(1.0, 36.0), (0.0, 36.0));
        assert_eq!(month_range(1.0, 1.0), (0.0, 2.0));
    }

    #[test]
    fn the_axis_maps_like_plotters_and_never_to_nan() {
        let log = Axis::new(1.0, 100.0, true, vec![1.0, 10.0, 100.0]);
        assert_eq!(log.map(&10.0, (0, 200)), 100);
        assert_eq!(log.map(&f64::NAN, (0, 200)), 0);
        assert_eq!(log.map(&-5.0, (0, 200)), 0);
        let linear = Axis::new(0.0, 10.0, false, vec![]);
        assert_eq!(linear.map(&5.0, (0, 100)), 50);
        assert_eq!(linear.map(&f64::INFINITY, (0, 100)), 0);
        // A broken range becomes a default one.
        let broken = Axis::new(5.0, 5.0, true, vec![]);
        assert_eq!(broken.range(), 1.0..10.0);
    }
}
