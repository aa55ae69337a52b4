//! The filter panel: every filter group, each change reflected in the result count at once.
//! On a phone it folds into one "Filters" disclosure above the table.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::{atlas, Atlas};
use super::menus::{self, FirstOpen};
use super::plain::{self, El, Painted};
use super::takeover;
use super::typed_value::TypedValue;
use crate::engine::present::i18n::{self, Lang, Msg};
use crate::engine::share::filter_box;
use crate::engine::share::filter_boxes::{self, Folds};
use crate::engine::view::filters::RangeField;
use crate::engine::view::input_rule;
use crate::engine::view::range::RangeError;
use crate::engine::view::state::ViewState;

/// A group of boxes painted from the engine's markup into a place of the panel, whenever the
/// filters it shows (`shown`, compared) or the language change: a search or a sort repaints
/// nothing, and a tick repaints its own group.
fn painted<K: PartialEq + Send + Sync + 'static, E: leptos::html::ElementType>(
    a: Atlas,
    root: NodeRef<E>,
    shown: impl Fn(&ViewState) -> K + Send + Sync + 'static,
    markup: impl Fn(Lang, &ViewState) -> El + 'static,
) where
    E::Output: JsCast + Clone + 'static,
{
    let shown = Memo::new(move |_| a.state.with(&shown));
    Effect::new(move |painted: Option<Option<Painted>>| {
        // Read, not only tracked: a memo nobody has read has no sources to be told by.
        shown.with(|_| ());
        let lang = a.lang.get();
        let root: web_sys::Element = root.get()?.unchecked_into();
        let tree = a.state.with_untracked(|s| markup(lang, s));
        plain::paint(&root, painted.flatten(), tree)
    });
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
    let folds = RwSignal::new(Folds::default());
    // A long list's fold says it opened with a `toggle`, which does not bubble: caught on its
    // way down. Its boxes are written then, and kept.
    let fold_opened = move |ev: web_sys::Event| {
        let group = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-group"));
        if let Some(group) = group.filter(|_| menus::is_open(&ev)) {
            // Told only the first time: the group repaints once, with the list's boxes.
            folds.maybe_update(|f| f.open(&group));
        }
    };
    // Every box, one listener: the box's key names its filter (`share::filter_box`).
    let box_changed = move |ev: web_sys::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        if let Some(key) = input.get_attribute("data-filter") {
            let on = input.checked();
            a.update(|s| {
                filter_box::set(s, &key, on);
            });
        }
    };
    view! {
        <aside
            class="filters"
            aria-label=move || a.t(Msg::Filters)
            on:change=box_changed
            on:toggle:capture=fold_opened
        >
            <details class="filters-fold" open=open on:toggle=opened.on_toggle()>
                <summary>{move || a.t(Msg::Filters)}</summary>
                {opened.body(move || filter_groups(a, folds))}
            </details>
        </aside>
    }
}

/// Every filter group: the fold's body. The boxes are the engine's markup
/// (`share::filter_boxes`, as the pre-rendered screen writes them); the typed fields are
/// the app's own.
fn filter_groups(a: Atlas, folds: RwSignal<Folds>) -> impl IntoView {
    let catalog = a.explorer.catalog;
    // The range boxes' errors, read from the filters themselves and not the shown rows (a
    // view without the table, the market, must not run the table's stages to say a box is
    // unreadable); one parse per change, shared by every box.
    let range_errors = Memo::new(move |_| a.state.with(|s| s.filters.range_errors()));

    let providers = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        providers,
        |s| (s.filters.providers.clone(), s.filters.categories.clone()),
        move |lang, s| filter_boxes::providers(catalog, lang, &s.filters),
    );
    let accelerators = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        accelerators,
        move |s| {
            let f = &s.filters;
            let folds = folds.get();
            let lists = (
                f.models.clone(),
                f.accelerators.clone(),
                f.architectures.clone(),
            );
            (f.vendors.clone(), lists, folds)
        },
        move |lang, s| filter_boxes::accelerators(catalog, lang, &s.filters, folds.get_untracked()),
    );
    let interconnect = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        interconnect,
        |s| (s.filters.links.clone(), s.filters.multi_node),
        |lang, s| filter_boxes::interconnect(lang, &s.filters),
    );
    let regions = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        regions,
        |s| s.regions.areas.clone(),
        |lang, s| filter_boxes::regions(lang, &s.regions.areas),
    );
    let billing = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        billing,
        |s| (s.filters.per_second_billing, s.filters.no_commitment),
        |lang, s| filter_boxes::billing(lang, &s.filters),
    );
    let ecosystem = NodeRef::<leptos::html::Section>::new();
    painted(
        a,
        ecosystem,
        |s| {
            let f = &s.filters;
            (f.kubernetes, f.framework_images, f.notebooks)
        },
        |lang, s| filter_boxes::ecosystem(lang, &s.filters),
    );
    let hide_unknown = NodeRef::<leptos::html::Label>::new();
    painted(
        a,
        hide_unknown,
        |s| s.filters.hide_unknown_price,
        |lang, s| filter_boxes::hide_unknown(lang, &s.filters),
    );

    view! {
        <section node_ref=providers></section>
        <section node_ref=accelerators></section>
        <section>
            <h2>{move || a.t(Msg::Ranges)}</h2>
            <p class="hint">{move || a.t(Msg::RangeHelp)}</p>
            {RangeField::ALL.into_iter().map(|field| range_input(a, field, range_errors)).collect_view()}
        </section>
        <section node_ref=interconnect></section>
        <section node_ref=regions></section>
        <section node_ref=billing></section>
        <section node_ref=ecosystem></section>
        <section>
            <h2>{move || a.t(Msg::Data)}</h2>
            <label node_ref=hide_unknown></label>
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
