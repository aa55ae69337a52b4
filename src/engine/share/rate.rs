//! A USD→CNY rate a link brings: the decoder reads it as a number, but whether it is usable
//! depends on the reference rate, which only the catalog knows. So it is settled once the
//! catalog is here: a rate outside the band around the reference ([`custom_rate_allowed`]) is
//! taken out of the view and named in the link's notice, never left in the address while the
//! prices silently ignore it.

use catalog::fx::Fx;
use catalog::Currency;

use super::{Ignored, Key, Reason};
use crate::pricing::custom_rate_allowed;
use crate::view::state::ViewState;

/// Takes a link's custom rate out of `state` when the reference rates in `fx` refuse it, and
/// says so; `None` when there is no rate or it stands.
pub fn settle_custom_rate(state: &mut ViewState, fx: &Fx) -> Option<Ignored> {
    let rate = state.custom_rate?;
    let reference = fx.rate(Currency::Usd, Currency::Cny).map(|(r, _)| r);
    if custom_rate_allowed(rate, reference) {
        return None;
    }
    state.custom_rate = None;
    Some(Ignored {
        key: Key::CustomRate.name().to_string(),
        value: format!("{rate}"),
        reason: Reason::OutOfRange,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::pricing::custom_rate_band;

    #[test]
    fn a_rate_outside_the_band_is_taken_out_and_said_and_one_inside_stays() {
        let catalog = bundled::catalog().unwrap();
        let fx = Fx::newest(&catalog.fx);
        let (reference, _) = fx.rate(Currency::Usd, Currency::Cny).unwrap();
        let (low, high) = custom_rate_band(reference);
        for refused in [high * 1.5, low / 2.0] {
            let mut state = ViewState {
                custom_rate: Some(refused),
                ..ViewState::default()
            };
            let said = settle_custom_rate(&mut state, &fx).unwrap();
            assert_eq!(state.custom_rate, None);
            assert_eq!(said.key, "rate");
            assert_eq!(said.reason, Reason::OutOfRange);
            assert_eq!(said.value, format!("{refused}"));
        }
        let mut kept = ViewState {
            custom_rate: Some(reference * 1.1),
            ..ViewState::default()
        };
        assert_eq!(settle_custom_rate(&mut kept, &fx), None);
        assert_eq!(kept.custom_rate, Some(reference * 1.1));
        let mut none = ViewState::default();
        assert_eq!(settle_custom_rate(&mut none, &fx), None);
    }
}
