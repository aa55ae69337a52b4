//! A number typed as text and checked by the engine: what cannot be used stays in the box with
//! the reason (and `aria-invalid`), the state keeps its last good value, and a warning (an
//! absurd but possible value) is shown without refusing. The calculator's and the plan's
//! inputs are all this one field.

use leptos::prelude::*;

use super::context::atlas;
use crate::engine::present::i18n::Lang;
use crate::engine::workload::Problem;

/// What trying a typed text did: applied to the state (with warnings), or refused.
pub type Tried = Result<Vec<Problem>, Vec<Problem>>;

#[component]
pub fn NumberField(
    id: String,
    /// Extra class on the label ("job-field", "plan-field").
    class: &'static str,
    #[prop(into)] label: Signal<String>,
    /// The value the state holds, as the box should show it; a memo, so that a change
    /// elsewhere in the state does not reset text the user is still correcting.
    value: Memo<String>,
    /// Tries the typed text against the state and applies it when usable.
    try_text: Callback<String, Tried>,
    #[prop(into, optional)] placeholder: Signal<String>,
) -> impl IntoView {
    let a = atlas();
    let message_id = format!("{id}-message");
    let text = RwSignal::new(value.get_untracked());
    let problems = RwSignal::new(Vec::<Problem>::new());
    // The value this box wrote itself; any other change (a preset, a link, a saved view)
    // resets the box to the state's value.
    let written = StoredValue::new(None::<String>);
    Effect::new(move |_| {
        let now = value.get();
        if written.get_value().as_ref() != Some(&now) {
            text.set(now);
            problems.set(Vec::new());
        }
    });
    let on_input = move |ev| {
        let typed = event_target_value(&ev);
        text.set(typed.clone());
        match try_text.run(typed) {
            Ok(warnings) => {
                written.set_value(Some(value.get_untracked()));
                problems.set(warnings);
            }
            Err(found) => problems.set(found),
        }
    };
    let invalid = move || {
        problems
            .with(|p| p.iter().any(Problem::is_error))
            .to_string()
    };
    let message = move || {
        let zh = a.lang.get() == Lang::Zh;
        problems.with(|p| {
            p.iter()
                .map(|p| if zh { p.zh.clone() } else { p.en.clone() })
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    view! {
        <label class=format!("field {class}")>
            <span>{move || label.get()}</span>
            <input
                id=id
                type="text"
                inputmode="decimal"
                autocomplete="off"
                maxlength="64"
                placeholder=move || placeholder.get()
                aria-invalid=invalid
                aria-describedby=message_id.clone()
                prop:value=move || text.get()
                on:input=on_input
            />
            <span class="field-problem" id=message_id role="status">{message}</span>
        </label>
    }
}
