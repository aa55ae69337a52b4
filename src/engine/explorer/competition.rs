//! Which prices compete for an answer. Wherever the app names a cheapest, a median, a place in
//! the market or a best, a price past the app's "old" mark (the one the table labels "old":
//! [`Freshness::Stale`], more than 18 months) does not compete unless the user lets it: an old
//! "from" price is the one most likely to have moved, and the cheapest answer is the one a user
//! acts on. Old prices stay visible, marked and counted apart; one switch (`old_prices`, link
//! key `old`) lets them back in.

use crate::pricing::Quote;
use crate::view::state::ViewState;
use catalog::freshness::Freshness;
use catalog::AsOf;

/// The rule for one view on one day.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Competition {
    /// The day ages count to; `None`: no price is old (a caller that names no "cheapest").
    today: Option<AsOf>,
    /// Old prices compete too.
    old_prices: bool,
}

impl Competition {
    pub fn of(state: &ViewState, today: &AsOf) -> Competition {
        Competition {
            today: Some(*today),
            old_prices: state.old_prices,
        }
    }

    /// Every price competes, whatever its age.
    pub fn everyone() -> Competition {
        Competition::default()
    }

    /// Whether `quote` competes.
    pub fn admits(&self, quote: &Quote) -> bool {
        self.old_prices || !self.is_old(quote)
    }

    /// Whether `quote` is past the "old" mark, whether or not it competes.
    pub fn is_old(&self, quote: &Quote) -> bool {
        self.today
            .is_some_and(|today| Freshness::of(&quote.as_of, &today) == Freshness::Stale)
    }

    /// Whether old prices compete in this view.
    pub fn lets_old_prices_in(&self) -> bool {
        self.old_prices
    }
}
