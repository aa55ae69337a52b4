//! One behaviour for every menu of the bar above the table (Columns, Export, Share, Saved
//! views, My offers — each a `<details class="menu">`): Escape closes the open one and puts
//! the focus back on its button; a click or tap anywhere outside it closes it. A menu covers
//! the table, so leaving it open by accident hides what the visitor came for.

use leptos::prelude::{Get, GetUntracked, IntoView, RwSignal, Set};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// The menus open now.
fn open_menus() -> Vec<Element> {
    let Ok(open) = gloo::utils::document().query_selector_all("details.menu[open]") else {
        return Vec::new();
    };
    (0..open.length())
        .filter_map(|i| open.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

/// Closes every open menu; says whether there was one. With `refocus`, the focus goes back
/// to the button of a menu it was in, so the keyboard stays where the visitor was.
pub fn close_all(refocus: bool) -> bool {
    let menus = open_menus();
    let active = gloo::utils::document().active_element();
    for menu in &menus {
        let had_focus = active.as_ref().is_some_and(|a| menu.contains(Some(a)));
        let _ = menu.remove_attribute("open");
        if refocus && had_focus {
            if let Some(summary) = menu
                .query_selector("summary")
                .ok()
                .flatten()
                .and_then(|s| s.dyn_into::<HtmlElement>().ok())
            {
                let _ = summary.focus();
            }
        }
    }
    !menus.is_empty()
}

/// Closes the open menus that `target` (where a click or tap landed) is not inside.
pub fn close_others(target: Option<web_sys::EventTarget>) {
    let target = target.and_then(|t| t.dyn_into::<web_sys::Node>().ok());
    for menu in open_menus() {
        if !menu.contains(target.as_ref()) {
            let _ = menu.remove_attribute("open");
        }
    }
}

/// Whether a `toggle` event's `<details>` is now open.
pub fn is_open(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|el| el.has_attribute("open"))
}

/// For a click on a menu's `<summary>`, before the browser toggles it: whether its menu is
/// open now (so the click is about to close it).
pub fn was_open(event: &web_sys::MouseEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|el| el.closest("details").ok().flatten())
        .is_some_and(|details| details.has_attribute("open"))
}

/// A menu's body built the first time the menu opens, then kept (with what was typed in it).
/// A closed menu costs the page its button only: the bar's menus held 340 elements nobody
/// sees at load, each built in the start's one long task (issue 28).
#[derive(Clone, Copy)]
pub struct FirstOpen(RwSignal<bool>);

impl FirstOpen {
    pub fn new() -> FirstOpen {
        FirstOpen::opened_if(false)
    }

    /// One already open (and its body built) when `open`.
    pub fn opened_if(open: bool) -> FirstOpen {
        FirstOpen(RwSignal::new(open))
    }

    /// The `<details>`'s `toggle` handler. Only the first opening sets the flag: a signal
    /// set notifies even when its value does not change, and the body would be built again
    /// — the filters' 270 elements each time the fold was opened, and once at the start,
    /// where the fold is created open and the browser says so with a `toggle` (15 ms on a
    /// desktop, about 60 with the CPU slowed four times; issue 28).
    pub fn on_toggle(self) -> impl Fn(web_sys::Event) + Copy + 'static {
        move |ev| {
            if is_open(&ev) && !self.0.get_untracked() {
                self.0.set(true);
            }
        }
    }

    /// The body, once the menu has opened.
    pub fn body<V: IntoView + 'static>(
        self,
        body: impl Fn() -> V + Send + Sync + 'static,
    ) -> impl IntoView {
        move || self.0.get().then(&body)
    }
}
