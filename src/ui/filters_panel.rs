//! The filter panel: every filter group, each change reflected in the result count at once.
//! On a phone it folds into one "Filters" disclosure above the table.

use std::collections::BTreeSet;

use leptos::prelude::*;

use super::context::{atlas, Atlas};
use super::menus::FirstOpen;
use super::takeover;
use super::typed_value::TypedValue;
use crate::engine::catalog::Link;
use crate::engine::catalog::{Area, ProviderCategory, Vendor};
use crate::engine::present::i18n::{self, Msg};
use crate::engine::share::{filter_box, Token};
use crate::engine::view::filters::{Filters, RangeField};
use crate::engine::view::input_rule;
use crate::engine::view::range::RangeError;
use crate::engine::view::state::ViewState;

/// A set-valued filter of the view state, watched through one memo for all its boxes: a
/// change elsewhere (a sort, a unit, a search) then re-checks one set, not ~250 boxes each
/// re-reading the whole state.
struct SetField<T: Send + Sync + 'static> {
    set: Memo<BTreeSet<T>>,
    get_mut: fn(&mut ViewState) -> &mut BTreeSet<T>,
}

impl<T: Send + Sync + 'static> Clone for SetField<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Send + Sync + 'static> Copy for SetField<T> {}

fn set_field<T: Ord + Clone + Send + Sync + 'static>(
    a: Atlas,
    get: fn(&ViewState) -> &BTreeSet<T>,
    get_mut: fn(&mut ViewState) -> &mut BTreeSet<T>,
) -> SetField<T> {
    SetField {
        set: Memo::new(move |_| a.state.with(|s| get(s).clone())),
        get_mut,
    }
}

/// A checkbox bound to membership of `value` in a set of the view state.
fn set_checkbox<T: Ord + Clone + Send + Sync + 'static>(
    a: Atlas,
    value: T,
    field: SetField<T>,
    label: impl IntoView + 'static,
    test_id: String,
) -> impl IntoView {
    // A memo, so a change to another member does not touch this box.
    let checked = {
        let value = value.clone();
        Memo::new(move |_| field.set.with(|set| set.contains(&value)))
    };
    let toggle = move |_| {
        a.update(|s| {
            let set = (field.get_mut)(s);
            if !set.remove(&value) {
                set.insert(value.clone());
            }
        })
    };
    view! {
        <label class="check">
            <input type="checkbox" data-filter=test_id prop:checked=checked on:change=toggle />
            {label}
        </label>
    }
}

/// A long list of boxes folded under its name, built the first time it opens: the model,
/// variant and architecture lists were 435 of the page's 1,900 elements, all built in the
/// start's one task (issue 28). Folded even when a link ticks one of its boxes: the summary
/// counts what is ticked and the chips above the table name it (with a way to remove it),
/// while the open variant list was 213 elements, a link's page 1,068 against a budget of
/// 1,000, and its ticked box often scrolled out of the list's view anyway.
fn folded_group<T: Send + Sync + 'static, V: IntoView + 'static>(
    a: Atlas,
    msg: Msg,
    key: &'static str,
    field: SetField<T>,
    body: impl Fn() -> V + Send + Sync + 'static,
) -> impl IntoView {
    let chosen = move || field.set.with(BTreeSet::len);
    let opened = FirstOpen::new();
    view! {
        <details class="group-fold" data-group=key on:toggle=opened.on_toggle()>
            <summary>
                {move || a.t(msg)}
                {move || (chosen() > 0).then(|| view! { " " <span class="badge">{chosen()}</span> })}
            </summary>
            {opened.body(move || view! { <div class="scroll-list">{body()}</div> })}
        </details>
    }
}

/// Where a yes/no filter lives, for reading and for changing.
type FlagField = (fn(&Filters) -> bool, fn(&mut Filters) -> &mut bool);

/// A checkbox bound to one boolean filter.
fn toggle_checkbox(
    a: Atlas,
    msg: Msg,
    (get, get_mut): FlagField,
    key: &'static str,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-filter=key
                prop:checked=Memo::new(move |_| a.state.with(|s| get(&s.filters)))
                on:change=move |_| a.update(|s| {
                    let flag = get_mut(&mut s.filters);
                    *flag = !*flag;
                })
            />
            {move || a.t(msg)}
        </label>
    }
}

#[component]
pub fn FiltersPanel() -> impl IntoView {
    let a = atlas();
    // As the visitor left the pre-rendered screen's fold; without one, open beside the table on
    // wide screens and folded above it on phones. Folded, its groups (some 270 elements, the
    // start's largest part: 20-25 ms on a desktop, four times that on a phone) are built the
    // first time it opens (issue 28).
    let open = takeover::screen_filters_open().unwrap_or_else(|| {
        web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .is_some_and(|w| w > 800.0)
    });
    let opened = FirstOpen::opened_if(open);
    view! {
        <aside class="filters" aria-label=move || a.t(Msg::Filters)>
            <details class="filters-fold" open=open on:toggle=opened.on_toggle()>
                <summary>{move || a.t(Msg::Filters)}</summary>
                {opened.body(move || filter_groups(a))}
            </details>
        </aside>
    }
}

/// Every filter group: the fold's body.
fn filter_groups(a: Atlas) -> impl IntoView {
    let catalog = a.explorer.catalog;
    let lang = a.lang;
    // The range boxes' errors, read from the filters themselves and not the shown rows (a
    // view without the table, the market, must not run the table's stages to say a box is
    // unreadable); one parse per change, shared by every box.
    let range_errors = Memo::new(move |_| a.state.with(|s| s.filters.range_errors()));
    let filters_providers = set_field(a, |s| &s.filters.providers, |s| &mut s.filters.providers);
    let filters_categories = set_field(a, |s| &s.filters.categories, |s| &mut s.filters.categories);
    let filters_accelerators = set_field(
        a,
        |s| &s.filters.accelerators,
        |s| &mut s.filters.accelerators,
    );
    let filters_vendors = set_field(a, |s| &s.filters.vendors, |s| &mut s.filters.vendors);
    let filters_models = set_field(a, |s| &s.filters.models, |s| &mut s.filters.models);
    let filters_architectures = set_field(
        a,
        |s| &s.filters.architectures,
        |s| &mut s.filters.architectures,
    );
    let filters_links = set_field(a, |s| &s.filters.links, |s| &mut s.filters.links);
    let regions_areas = set_field(a, |s| &s.regions.areas, |s| &mut s.regions.areas);

    // Every closed choice is listed in the order share links name them (one list, no copies).
    let providers = <ProviderCategory as Token>::ALL
        .iter()
        .copied()
        .map(|category| {
            let members = catalog
                .providers
                .iter()
                .filter(|p| p.category == category)
                .map(|p| {
                    set_checkbox(
                        a,
                        p.id.clone(),
                        filters_providers,
                        // In the reader's language, as the table names it.
                        move || i18n::provider_name(lang.get(), p).to_string(),
                        filter_box::provider(&p.id),
                    )
                })
                .collect_view();
            view! {
                <fieldset class="group">
                    <legend>
                        {set_checkbox(
                            a,
                            category,
                            filters_categories,
                            move || i18n::category(lang.get(), category),
                            filter_box::category(category),
                        )}
                    </legend>
                    <div class="scroll-list">{members}</div>
                </fieldset>
            }
        })
        .collect_view();

    let models: BTreeSet<String> = catalog
        .accelerators
        .iter()
        .map(|x| x.model.clone())
        .collect();
    let architectures: BTreeSet<String> = catalog
        .accelerators
        .iter()
        .filter_map(|x| x.architecture.clone())
        .collect();
    let mut variants: Vec<_> = catalog.accelerators.iter().collect();
    variants.sort_by_key(|x| x.label());

    // Exact variants of the chosen models (or all), so SXM/PCIe/NVL stay apart; rebuilt only
    // when the chosen models change.
    let chosen_models = Memo::new(move |_| a.state.with(|s| s.filters.models.clone()));
    let variant_list = move || {
        let chosen = chosen_models.get();
        variants
            .iter()
            .filter(|x| chosen.is_empty() || chosen.contains(&x.model))
            .map(|x| {
                set_checkbox(
                    a,
                    x.id.clone(),
                    filters_accelerators,
                    i18n::accelerator_label(a.lang.get(), x),
                    filter_box::accelerator(&x.id),
                )
            })
            .collect_view()
    };

    view! {
                <section>
                    <h2>{move || a.t(Msg::Providers)}</h2>
                    {providers}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Accelerator)}</h2>
                    <fieldset class="group">
                        <legend>{move || a.t(Msg::Vendor)}</legend>
                        {<Vendor as Token>::ALL
                            .iter()
                            .copied()
                            .map(|v| {
                                let label = match v {
                                    Vendor::Google => "Google TPU",
                                    Vendor::Aws => "AWS Trainium / Inferentia",
                                    other => other.label(),
                                };
                                set_checkbox(a, v, filters_vendors, label, filter_box::vendor(v))
                            })
                            .collect_view()}
                    </fieldset>
                    {folded_group(a, Msg::Model, "model", filters_models, move || {
                        models
                            .iter()
                            .map(|m| set_checkbox(a, m.clone(), filters_models, m.clone(), filter_box::model(m)))
                            .collect_view()
                    })}
                    {folded_group(a, Msg::Variant, "variant", filters_accelerators, variant_list)}
                    {folded_group(a, Msg::Architecture, "architecture", filters_architectures, move || {
                        architectures
                            .iter()
                            .map(|arch| set_checkbox(a, arch.clone(), filters_architectures, arch.clone(), filter_box::architecture(arch)))
                            .collect_view()
                    })}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Ranges)}</h2>
                    <p class="hint">{move || a.t(Msg::RangeHelp)}</p>
                    {RangeField::ALL.into_iter().map(|field| range_input(a, field, range_errors)).collect_view()}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Interconnect)}</h2>
                    {Link::ALL
                        .into_iter()
                        .map(|l| set_checkbox(a, l, filters_links, move || i18n::link(lang.get(), l), filter_box::link(l)))
                        .collect_view()}
                    {toggle_checkbox(a, Msg::MultiNode, (|f| f.multi_node, |f| &mut f.multi_node), "multi-node")}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Regions)}</h2>
                    {<Area as Token>::ALL
                        .iter()
                        .copied()
                        .map(|area| set_checkbox(a, area, regions_areas, move || i18n::area(lang.get(), area), filter_box::area(area)))
                        .collect_view()}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Billing)}</h2>
                    {toggle_checkbox(a, Msg::PerSecondBilling, (|f| f.per_second_billing, |f| &mut f.per_second_billing), "per-second")}
                    {toggle_checkbox(a, Msg::NoCommitment, (|f| f.no_commitment, |f| &mut f.no_commitment), "no-commitment")}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Ecosystem)}</h2>
                    {toggle_checkbox(a, Msg::Kubernetes, (|f| f.kubernetes, |f| &mut f.kubernetes), "kubernetes")}
                    {toggle_checkbox(a, Msg::FrameworkImages, (|f| f.framework_images, |f| &mut f.framework_images), "framework-images")}
                    {toggle_checkbox(a, Msg::Notebooks, (|f| f.notebooks, |f| &mut f.notebooks), "notebooks")}
                </section>
                <section>
                    <h2>{move || a.t(Msg::Data)}</h2>
                    {toggle_checkbox(a, Msg::HideUnknownPrice, (|f| f.hide_unknown_price, |f| &mut f.hide_unknown_price), "hide-unknown")}
                    {max_age_input(a)}
                </section>
    }
}

/// A range box: keeps the text as typed and says inline why it cannot be read.
fn range_input(
    a: Atlas,
    field: RangeField,
    errors: Memo<Vec<(RangeField, RangeError)>>,
) -> impl IntoView {
    let error = move || {
        errors.with(|errors| {
            errors
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(f, e)| i18n::range_error(a.lang.get(), *f, &e.text, &e.kind))
        })
    };
    let id = format!("range-{}", field.key());
    let error_id = format!("{id}-error");
    view! {
        <label class="field range">
            <span>{move || i18n::range_field(a.lang.get(), field)}</span>
            <input
                type="text"
                id=id
                inputmode="text"
                autocomplete="off"
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=error_id.clone()
                prop:value=move || a.state.with(|s| s.filters.ranges.get(&field).cloned().unwrap_or_default())
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    a.update(|s| {
                        if text.trim().is_empty() {
                            s.filters.ranges.remove(&field);
                        } else {
                            s.filters.ranges.insert(field, text);
                        }
                    });
                }
            />
            <span class="field-error" id=error_id role="status">{error}</span>
        </label>
    }
}

/// "Hide prices older than N months": a whole number of months by the engine's rule. Text is
/// kept as typed (a number box would turn "0.5" into "05" and "-5" into "5" as it re-reads
/// itself); refused text is said inline with the allowed range and changes nothing — the
/// last good limit (never one that was only the first keystrokes of the refused text)
/// stays in force.
fn max_age_input(a: Atlas) -> impl IntoView {
    let months = TypedValue::new(
        a,
        |s| s.filters.max_age_months,
        |m| m.map(|m| m.to_string()).unwrap_or_default(),
    );
    let (text, in_state) = (months.text, months.in_state);
    let problem = move || {
        let lang = a.lang.get();
        input_rule::read_max_age(&text.get())
            .err()
            .map(|kind| input_rule::max_age_refused(kind, in_state.get(), lang))
    };
    let on_input = move |ev| {
        let typed = event_target_value(&ev);
        let read = input_rule::read_max_age(&typed);
        if let Some(changed) = months.input(typed, read) {
            a.update(|s| s.filters.max_age_months = changed);
        }
    };
    view! {
        <label class="field">
            <span>{move || a.t(Msg::HideOlderThan)}</span>
            <input
                type="text"
                inputmode="numeric"
                autocomplete="off"
                id="max-age"
                aria-invalid=move || problem().is_some().to_string()
                aria-describedby="max-age-error"
                prop:value=move || text.get()
                on:input=on_input
            />
            <span>{move || a.t(Msg::Months)}</span>
            <span class="field-error" id="max-age-error" role="status">{problem}</span>
        </label>
    }
}
