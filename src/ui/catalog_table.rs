//! The catalog table: every offer, sortable by any column, each row linked to its source.

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::catalog::{AsOf, Catalog, Term};
use crate::engine::format;
use crate::engine::freshness::Freshness;
use crate::engine::fx::Fx;
use crate::engine::table::{self, Column, Direction, OfferRow, Sort};

fn heading(column: Column) -> &'static str {
    match column {
        Column::Provider => "Provider",
        Column::Instance => "Instance",
        Column::Accelerator => "Accelerator",
        Column::Count => "Count",
        Column::Memory => "Accel. mem.",
        Column::Vcpus => "vCPUs",
        Column::Ram => "RAM",
        Column::Regions => "Regions",
        Column::PricePerHour => "Price / h",
        Column::PricePerAcceleratorHour => "Per accel.-h",
        Column::AsOf => "Price date",
    }
}

fn explanation(column: Column) -> &'static str {
    match column {
        Column::Memory => "Accelerator memory of the whole instance, in GB",
        Column::Ram => "Host memory, in GB",
        Column::Regions => "Regions the offer is listed in",
        Column::PricePerHour => {
            "Lowest on-demand price per instance-hour among its regions, in the provider's currency"
        }
        Column::PricePerAcceleratorHour => "The same price divided by the accelerator count",
        Column::AsOf => "When the shown price was true; links to its source",
        _ => "",
    }
}

#[component]
pub fn CatalogTable(catalog: &'static Catalog, fx: Fx, today: AsOf) -> impl IntoView {
    let rows: Arc<Vec<OfferRow<'static>>> = Arc::new(table::rows(catalog, &fx));
    let sort = RwSignal::new(Sort::default());
    let order = {
        let rows = Arc::clone(&rows);
        Memo::new(move |_| table::sort_order(&rows, sort.get()))
    };

    let headers = Column::ALL
        .into_iter()
        .map(|column| {
            let aria = move || {
                let s = sort.get();
                match (s.column == column, s.direction) {
                    (false, _) => "none",
                    (true, Direction::Ascending) => "ascending",
                    (true, Direction::Descending) => "descending",
                }
            };
            let arrow = move || {
                let s = sort.get();
                match (s.column == column, s.direction) {
                    (false, _) => "",
                    (true, Direction::Ascending) => " ▲",
                    (true, Direction::Descending) => " ▼",
                }
            };
            view! {
                <th
                    scope="col"
                    aria-sort=aria
                    data-col=column.key()
                    class:numeric=column.is_numeric()
                    title=explanation(column)
                >
                    <button
                        type="button"
                        on:click=move |_| sort.update(|s| *s = s.toggled(column))
                    >
                        {heading(column)}
                        <span class="arrow" aria-hidden="true">{arrow}</span>
                    </button>
                </th>
            }
        })
        .collect_view();

    let total = rows.len();
    view! {
        <div class="table-wrap">
            <table id="catalog" class="catalog">
                <caption>
                    {total} " offers. Select a column heading to sort; unknown values always sort last."
                </caption>
                <thead>
                    <tr>{headers}</tr>
                </thead>
                <tbody>
                    <For
                        each=move || order.get()
                        key=|index| *index
                        children=move |index| offer_row(&rows[index], &today)
                    />
                </tbody>
            </table>
        </div>
    }
}

const UNKNOWN: &str = "unknown";

fn offer_row(row: &OfferRow<'static>, today: &AsOf) -> impl IntoView {
    let offer = row.offer;
    let provider = row.provider;
    let accelerator = row
        .accelerator
        .map(|a| a.label())
        .unwrap_or_else(|| "none (CPU only)".to_string());
    let count = row.accelerator.map(|_| format::quantity(offer.count));
    let per_accelerator_memory = row.accelerator.and_then(|a| a.specs.memory_gb);
    let memory_title = per_accelerator_memory.map(|gb| {
        format!(
            "{} × {} GB",
            format::quantity(offer.count),
            format::quantity(gb)
        )
    });
    let memory = row
        .memory_gb
        .map(|gb| format!("{} GB", format::quantity(gb)));
    let vcpus = offer.vcpus.map(format::quantity);
    let ram = offer
        .ram_gb
        .map(|gb| format!("{} GB", format::quantity(gb)));
    let price = row.on_demand.as_ref();
    let per_hour = price.map(|p| match p.term {
        Term::Free => "free".to_string(),
        _ => format::money_range(p.per_hour, p.per_hour_high, p.currency),
    });
    let per_accelerator = price.and_then(|p| {
        let per = p.per_accelerator_hour?;
        if p.term == Term::Free {
            return Some("free".to_string());
        }
        let high = p.per_hour_high.map(|h| h / offer.count);
        Some(format::money_range(per, high, p.currency))
    });
    let price_region = price.map(|p| {
        let name = provider
            .region(&p.region)
            .map_or(p.region.as_str(), |r| r.name.as_str());
        format!(
            "Lowest on-demand price: {name}; confidence {:?}",
            p.confidence
        )
        .to_lowercase()
    });
    let freshness = price.map(|p| Freshness::of(&p.as_of, today));
    let date = price.map(|p| format::date(&p.as_of));
    let source_title = price
        .map(|p| p.source_title.clone())
        .or(row.offer_source.map(|s| s.title.clone()))
        .unwrap_or_default();
    let source_url = row.source_url().unwrap_or_default().to_string();
    let fresh_class = freshness.map_or("unknown", Freshness::class);
    let old = freshness == Some(Freshness::Stale);

    view! {
        <tr data-offer=offer.id.clone() data-provider=provider.id.clone()>
            <td class="provider">
                <a href=provider.homepage.clone() target="_blank" rel="noopener noreferrer">
                    {provider.name.clone()}
                </a>
                {provider.name_zh.clone().map(|zh| view! { <span class="zh" lang="zh">{zh}</span> })}
            </td>
            <td class="instance">{offer.instance.clone()}</td>
            <td class="accelerator">{accelerator}</td>
            <td class="numeric">{cell(count)}</td>
            <td class="numeric" title=memory_title>{cell(memory)}</td>
            <td class="numeric">{cell(vcpus)}</td>
            <td class="numeric">{cell(ram)}</td>
            <td class="numeric">{row.region_count}</td>
            <td class="numeric price" title=price_region>{cell(per_hour)}</td>
            <td class="numeric price">{cell(per_accelerator)}</td>
            <td class=format!("as-of {fresh_class}")>
                <a href=source_url target="_blank" rel="noopener noreferrer" title=source_title>
                    {date.unwrap_or_else(|| "source".to_string())}
                </a>
                {old.then(|| view! { <span class="badge">"old"</span> })}
            </td>
        </tr>
    }
}

/// A value, or the word "unknown" styled as such: never a blank, never a zero.
fn cell(value: Option<String>) -> impl IntoView {
    match value {
        Some(text) => view! { <span>{text}</span> }.into_any(),
        None => view! { <span class="unknown">{UNKNOWN}</span> }.into_any(),
    }
}
