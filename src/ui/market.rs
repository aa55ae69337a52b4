//! The market view: one row per accelerator variant (engine `present::market`), painted by
//! difference, and under it the heat table of the variant picked. A variant's name opens the
//! table filtered to it, cheapest per accelerator first.

use std::collections::BTreeSet;

use leptos::prelude::*;

use crate::engine::catalog::{pick, Term};
use crate::engine::present::market::heat::heat;
use crate::engine::present::market::markup::{heat_table, market_table};
use crate::engine::view::columns::{Column, Direction, Sort};
use crate::engine::view::state::{Mode, ViewState};
use crate::ui::context::atlas;
use crate::ui::plain::{self, Painted};

#[component]
pub fn MarketPanel() -> impl IntoView {
    let a = atlas();
    // The families whose variants of unstated board are listed (folded by default).
    let unfolded = RwSignal::new(BTreeSet::<String>::new());
    let tree = Memo::new(move |_| {
        let lang = a.lang.get();
        let price = a.market_inputs.with(|s| s.price);
        unfolded.with(|open| {
            a.market
                .with(|rows| market_table(rows, lang, &a.today, &price, open))
        })
    });
    let table = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |painted: Option<Option<Painted>>| {
        let table = table.get()?;
        plain::paint(&table, painted.flatten(), tree.get())
    });

    let variant = Memo::new(move |_| a.state.with(|s| s.heat.clone()));
    let heat_tree = Memo::new(move |_| {
        let id = variant.get()?;
        let lang = a.lang.get();
        let label = a
            .explorer
            .catalog
            .accelerators
            .iter()
            .find(|x| x.id == id)
            .map_or_else(
                || id.clone(),
                |x| crate::engine::present::i18n::accelerator_label(lang, x),
            );
        a.market_inputs.with(|state| {
            a.rates.with(|rates| {
                let grid = heat(a.explorer, state, &id, Term::OnDemand, rates, &a.today);
                Some(heat_table(&grid, &label, lang, &a.today))
            })
        })
    });
    let heat_el = NodeRef::<leptos::html::Table>::new();
    Effect::new(move |painted: Option<Option<Painted>>| {
        let table = heat_el.get()?;
        plain::paint(&table, painted.flatten(), heat_tree.get()?)
    });

    let on_click = move |event: web_sys::MouseEvent| {
        if let Some((_, family)) = plain::delegated(&event, "button.fold-toggle", "data-family") {
            unfolded.update(|open| {
                if !open.remove(&family) {
                    open.insert(family);
                }
            });
            return;
        }
        let Some((target, id)) = plain::delegated(&event, "button[data-variant]", "data-variant")
        else {
            return;
        };
        let is = |class: &str| target.closest(class).ok().flatten().is_some();
        if is(".open-variant") {
            a.update(|s| open_in_table(s, id));
        } else if is(".heat-open") {
            a.update(|s| s.heat = Some(id));
            if let Some(section) = leptos::prelude::document().get_element_by_id("heat") {
                section.scroll_into_view();
            }
        }
    };

    view! {
        <section class="market-view" id="market" aria-labelledby="market-title">
            <h2 id="market-title">{move || pick(a.lang.get(), "The market at a glance", "市场概览")}</h2>
            <div class="market-wrap" tabindex="0" on:click=on_click>
                <table node_ref=table></table>
            </div>
            <section class="heat-view" id="heat" hidden=move || variant.with(Option::is_none)>
                <div class="heat-wrap" tabindex="0">
                    <table node_ref=heat_el></table>
                </div>
                <button type="button" id="heat-close" on:click=move |_| a.update(|s| s.heat = None)>
                    {move || pick(a.lang.get(), "Close the region table", "关闭地区表")}
                </button>
            </section>
        </section>
    }
}

/// The table of `variant`'s offers, cheapest per accelerator first.
fn open_in_table(state: &mut ViewState, variant: String) {
    state.filters.accelerators = [variant].into();
    state.sort = Sort {
        column: Column::PricePerAccelerator,
        direction: Direction::Ascending,
    };
    state.mode = Mode::Table;
}
