//! What every command reads: the catalog's explorer, the day prices are aged to, and the
//! rates a view prices with.

use engine::catalog::fx::Fx;
use engine::catalog::{AsOf, Catalog};
use engine::explorer::Explorer;
use engine::pricing::Rates;
use engine::view::state::ViewState;

/// What every command reads: the catalog's explorer and the day prices are aged to.
pub struct Context<'a> {
    pub explorer: Explorer<'a>,
    pub today: AsOf,
}

impl<'a> Context<'a> {
    pub fn new(catalog: &'a Catalog, today: AsOf) -> Context<'a> {
        Context {
            explorer: Explorer::new(catalog),
            today,
        }
    }

    pub fn catalog(&self) -> &'a Catalog {
        self.explorer.catalog
    }

    /// The rates a view prices with, as the app builds them: the newest reference rates, the
    /// view's own USD→CNY rate and its discounts.
    pub fn rates(&self, state: &ViewState) -> Rates {
        Rates::new(Fx::newest(&self.catalog().fx), state.custom_rate)
            .with_discounts(state.discounts.clone())
    }

    /// Whether the catalog has an offer with this id.
    pub fn has_offer(&self, id: &str) -> bool {
        self.explorer.entry(id).is_some()
    }
}
