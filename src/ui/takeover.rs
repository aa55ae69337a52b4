//! Taking over the pre-rendered first screen (src/site/first_screen): it is the page until the
//! app is ready; then, in one frame, it goes and the app's own page takes its place, keeping
//! what the visitor typed into its search box, and the focus and caret if they were there.

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;

/// What the visitor typed into the pre-rendered page's search box, and the filter boxes they
/// ticked there.
#[derive(Debug, Clone, Default)]
pub struct Typed {
    pub search: String,
    /// The keys (`data-filter`) of the boxes ticked (`share::filter_box`).
    pub checked: Vec<String>,
    /// Whether the box had the focus, and where its caret was.
    pub caret: Option<u32>,
}

/// Whether the page has a pre-rendered first screen (the app then shows no loading text).
pub fn prerendered() -> bool {
    gloo::utils::document()
        .get_element_by_id("prerendered")
        .is_some()
}

/// Removes the pre-rendered screen and returns what was typed into it. Called in the same
/// task that renders the app, so no frame shows neither.
pub fn take() -> Typed {
    let document = gloo::utils::document();
    let Some(screen) = document.get_element_by_id("prerendered") else {
        return Typed::default();
    };
    let typed = screen
        .query_selector("#search")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<HtmlInputElement>().ok())
        .map(|input| {
            let focused = document
                .active_element()
                .is_some_and(|active| active == **input);
            Typed {
                search: input.value(),
                caret: focused
                    .then(|| input.selection_end().ok().flatten())
                    .flatten(),
                checked: Vec::new(),
            }
        })
        .unwrap_or_default();
    let checked = screen
        .query_selector_all("input[data-filter]:checked")
        .map(|list| {
            (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
                .filter_map(|el| el.get_attribute("data-filter"))
                .collect()
        })
        .unwrap_or_default();
    screen.remove();
    Typed { checked, ..typed }
}

/// Puts the focus and caret back in the app's search box, where the visitor left them.
pub fn restore_focus(typed: &Typed) {
    let Some(caret) = typed.caret else {
        return;
    };
    let input = gloo::utils::document()
        .get_element_by_id("search")
        .and_then(|el| el.dyn_into::<HtmlInputElement>().ok());
    if let Some(input) = input {
        let _ = input.focus();
        let _ = input.set_selection_range(caret, caret);
    }
}
