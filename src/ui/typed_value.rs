//! One value of the view state typed as text into a box and read by an engine rule: the box
//! keeps what was typed, the state keeps its last good value (the engine's [`Typing`] says
//! which one: never the first keystrokes of a refused text), and a change from elsewhere (a
//! link, a saved view, a chip's ×) resets the box. The currency-rate box and the age-limit box
//! are both this.

use leptos::prelude::*;

use super::context::Atlas;
use crate::engine::view::input_rule::Typing;
use crate::engine::view::state::ViewState;

#[derive(Clone, Copy)]
pub struct TypedValue<T: Clone + PartialEq + Send + Sync + 'static> {
    /// What the box shows: the text as typed.
    pub text: RwSignal<String>,
    /// The value in force in the view state.
    pub in_state: Memo<T>,
    typing: StoredValue<Typing<T>>,
    /// The value this box wrote itself; any other change resets the box.
    written: StoredValue<T>,
}

impl<T: Clone + PartialEq + Send + Sync + 'static> TypedValue<T> {
    /// A box over the value `get` reads from the state, shown as text by `shown`.
    pub fn new(a: Atlas, get: fn(&ViewState) -> T, shown: fn(&T) -> String) -> TypedValue<T> {
        let initial = a.state.with_untracked(get);
        let text = RwSignal::new(shown(&initial));
        let typing = StoredValue::new(Typing::new(&shown(&initial), initial.clone()));
        let written = StoredValue::new(initial);
        let in_state = Memo::new(move |_| a.state.with(get));
        Effect::new(move |_| {
            let now = in_state.get();
            if written.with_value(|w| *w != now) {
                written.set_value(now.clone());
                text.set(shown(&now));
                typing.set_value(Typing::new(&shown(&now), now));
            }
        });
        TypedValue {
            text,
            in_state,
            typing,
            written,
        }
    }

    /// Takes `typed` and what the rule `read` of it; returns the value to put in force when it
    /// differs from the state's (the typed one, or the last good one when refused).
    pub fn input<E>(&self, typed: String, read: Result<T, E>) -> Option<T> {
        self.text.set(typed.clone());
        let value = match self.typing.try_update_value(|t| t.typed(&typed, read)) {
            Some(Ok(value) | Err((_, value))) => value,
            None => return None,
        };
        self.written.set_value(value.clone());
        (self.in_state.get_untracked() != value).then_some(value)
    }
}
