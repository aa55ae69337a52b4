//! Where one way of paying for a day's tokens stops being the cheaper: the daily volume from
//! which a second way costs no more than the first. Serverless against always-on, a hosted API
//! against a GPU of one's own: both are this question, each asked with its own costs.

/// The volumes tried, output tokens a day.
pub const MIN_TOKENS_PER_DAY: f64 = 1e3;
pub const MAX_TOKENS_PER_DAY: f64 = 1e13;

/// Where the second way catches up with the first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Crossing {
    /// The second is no dearer at any volume tried, however small.
    SecondFromTheStart,
    /// From this many output tokens a day, the second is no dearer than the first.
    At { tokens_per_day: f64 },
    /// The first stays cheaper up to the largest volume both could be costed at (at most
    /// [`MAX_TOKENS_PER_DAY`]).
    FirstThroughout { up_to_tokens_per_day: f64 },
}

/// Ten volumes a decade from [`MIN_TOKENS_PER_DAY`] to [`MAX_TOKENS_PER_DAY`]: the volumes a
/// crossing is looked for at, and a chart of the costs can be drawn at.
pub fn volumes() -> impl Iterator<Item = f64> {
    let steps = ((MAX_TOKENS_PER_DAY / MIN_TOKENS_PER_DAY).log10() * 10.0).round() as i32;
    (0..=steps).map(volume)
}

fn volume(k: i32) -> f64 {
    MIN_TOKENS_PER_DAY * 10f64.powf(f64::from(k) / 10.0)
}

/// The crossing of two ways whose costs differ by `gap(volume)` (the first's cost minus the
/// second's, a day); `None` when the gap cannot be told even at the smallest volume. The scan
/// ends where either way can no longer be costed; the crossing is then narrowed to within a
/// fraction of a percent by halving.
pub fn crossing(gap: impl Fn(f64) -> Option<f64>) -> Option<Crossing> {
    if gap(MIN_TOKENS_PER_DAY)? >= 0.0 {
        return Some(Crossing::SecondFromTheStart);
    }
    let mut costed = MIN_TOKENS_PER_DAY;
    for (k, v) in volumes().enumerate().skip(1) {
        let Some(here) = gap(v) else { break };
        costed = v;
        if here >= 0.0 {
            let (mut low, mut high) = (volume(k as i32 - 1), v);
            for _ in 0..40 {
                let mid = (low * high).sqrt();
                if gap(mid).is_none_or(|g| g >= 0.0) {
                    high = mid;
                } else {
                    low = mid;
                }
            }
            return Some(Crossing::At {
                tokens_per_day: high,
            });
        }
    }
    Some(Crossing::FirstThroughout {
        up_to_tokens_per_day: costed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_lines_cross_where_their_costs_are_equal() {
        // 5 a day flat against 1 per million tokens: equal at 5M tokens a day.
        let at = crossing(|v| Some(v / 1e6 - 5.0)).unwrap();
        let Crossing::At { tokens_per_day } = at else {
            panic!("{at:?}")
        };
        assert!(
            (tokens_per_day / 5e6 - 1.0).abs() < 1e-3,
            "{tokens_per_day}"
        );
    }

    #[test]
    fn no_crossing_is_said_as_such() {
        assert_eq!(crossing(|_| Some(1.0)), Some(Crossing::SecondFromTheStart));
        assert_eq!(
            crossing(|_| Some(-1.0)),
            Some(Crossing::FirstThroughout {
                up_to_tokens_per_day: MAX_TOKENS_PER_DAY
            })
        );
        assert_eq!(crossing(|_| None), None);
        // Costed only up to 1M tokens a day: the first is cheaper as far as can be told.
        let short = crossing(|v| (v <= 1e6).then_some(-1.0)).unwrap();
        let Crossing::FirstThroughout {
            up_to_tokens_per_day,
        } = short
        else {
            panic!("{short:?}")
        };
        assert!((up_to_tokens_per_day / 1e6 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_volumes_run_ten_a_decade_from_the_least_to_the_most() {
        let v: Vec<f64> = volumes().collect();
        assert_eq!(v.len(), 101);
        assert_eq!(v[0], MIN_TOKENS_PER_DAY);
        assert!((v[100] / MAX_TOKENS_PER_DAY - 1.0).abs() < 1e-9);
    }
}
