//! The Charts view: price against what it buys (with the Pareto frontier), and the cheapest
//! offers per unit of compute, memory or the user's job, for exactly the offers the filters
//! show, in the view's currency and units.

use leptos::prelude::*;

use super::chart::{Chart, ChartData};
use super::context::atlas;
use super::discount_marker::DiscountMarker;
use crate::engine::present::chart_data::bars::efficiency_bars;
use crate::engine::present::chart_data::scatter::{add_scores, price_scatter};
use crate::engine::present::i18n::pick;
use crate::engine::share::Token;
use crate::engine::view::chart_choices::{Efficiency, Measure};

#[component]
pub fn ChartsPanel() -> impl IntoView {
    let a = atlas();
    let measure = Memo::new(move |_| a.state.with(|s| s.chart_measure));
    let efficiency = Memo::new(move |_| a.state.with(|s| s.chart_efficiency));
    let price = Memo::new(move |_| a.state.with(|s| s.price));
    let scatter = Memo::new(move |_| {
        let lang = a.lang.get();
        let selected = a.selection.get();
        let (measure, price) = (measure.get(), price.get());
        let mut data = a
            .shown
            .with(|shown| price_scatter(&shown.rows, measure, &price, &selected, lang));
        // The tooltip tells each offer's score for the current weights.
        a.ranking.with(|r| add_scores(&mut data, r, lang));
        ChartData::Scatter(data)
    });
    let bars = Memo::new(move |_| {
        let lang = a.lang.get();
        let efficiency = efficiency.get();
        ChartData::Bars(a.shown.with(|shown| {
            a.rates
                .with(|rates| efficiency_bars(&shown.rows, efficiency, rates, &a.today, lang))
        }))
    });
    // A click on a point adds the offer to the comparison (or takes it out).
    let pick_offer = Callback::new(move |id: String| {
        a.update(|s| {
            s.toggle_selected(&id);
        });
    });
    let measure_options = move || {
        let lang = a.lang.get();
        Measure::ALL
            .into_iter()
            .map(|m| view! { <option value=m.token()>{m.label(lang)}</option> })
            .collect_view()
    };
    let efficiency_options = move || {
        let lang = a.lang.get();
        Efficiency::ALL
            .into_iter()
            .map(|e| view! { <option value=e.token()>{e.label(lang)}</option> })
            .collect_view()
    };
    view! {
        <section class="charts" id="charts-panel">
            <DiscountMarker id="charts-discounts" />
            <div class="chart-controls">
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Vertical axis", "纵轴")}</span>
                    <select
                        id="chart-measure"
                        prop:value=move || measure.get().token()
                        on:change=move |ev| {
                            if let Some(m) = Measure::from_token(&event_target_value(&ev)) {
                                a.update(|s| s.chart_measure = m);
                            }
                        }
                    >
                        {measure_options}
                    </select>
                </label>
                <p class="hint">
                    {move || pick(a.lang.get(), "Click or tap a point to add the offer to the comparison.", "点击数据点可将该报价加入对比。")}
                </p>
            </div>
            <Chart id="price-scatter" data=scatter height=460.0 on_pick=pick_offer />
            <div class="chart-controls">
                <label class="field">
                    <span>{move || pick(a.lang.get(), "Price", "价格")}</span>
                    <select
                        id="chart-efficiency"
                        prop:value=move || efficiency.get().token()
                        on:change=move |ev| {
                            if let Some(e) = Efficiency::from_token(&event_target_value(&ev)) {
                                a.update(|s| s.chart_efficiency = e);
                            }
                        }
                    >
                        {efficiency_options}
                    </select>
                </label>
            </div>
            <Chart id="efficiency-bars" data=bars height=440.0 />
        </section>
    }
}
