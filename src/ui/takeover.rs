//! Taking over the pre-rendered first screen (src/site/first_screen): it is the page until the
//! app's own page is built, hidden under it (`ui::stages`); then, in one task, the app's page
//! takes its place, keeping what the visitor typed into its search box and ticked in its filters,
//! and the focus and caret if they were there.

use crate::engine::share;
use crate::engine::view::state::ViewState;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

/// The pre-rendered screen's id.
pub const SCREEN: &str = "prerendered";

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

impl Typed {
    /// Whether anything was typed or ticked (a search left empty keeps the link's).
    pub fn changes_view(&self) -> bool {
        !self.search.is_empty() || !self.checked.is_empty()
    }

    /// `base` (the link's view) with what was typed and ticked.
    pub fn applied_to(&self, mut base: ViewState) -> ViewState {
        self.apply(&mut base);
        base
    }

    /// The view with what was typed and ticked: the visitor's latest word wins over the link's.
    pub fn apply(&self, state: &mut ViewState) {
        if !self.search.is_empty() {
            state.filters.search = self.search.clone();
        }
        for key in &self.checked {
            share::filter_box::check(state, key);
        }
    }
}

/// The class of the element the app builds its page in while the pre-rendered screen is the
/// page: in the document, under the screen and hidden from sight, pointer and reader
/// (style/main.css), so the browser styles and lays out each part in the frame after it is
/// built, and the takeover's frame only paints. Built off the document, the whole page was
/// styled and laid out in that one frame: a median 69 ms with the CPU slowed 4× on a phone's
/// screen against 41 (the loaded page's markup swapped in both ways, 8 times each; issue 28).
const BUILDING: &str = "app-building";

/// The element the app builds its page in. Beside a pre-rendered screen it is in the document
/// from the start ([`BUILDING`]; until [`swap`] its ids are also the screen's, which comes
/// first, so the screen's labels and the page's own lookups find the screen's). Without one
/// (the development server) it is off the document, and [`swap`] puts its children in.
pub fn page_to_build() -> HtmlElement {
    let document = gloo::utils::document();
    let page: HtmlElement = document
        .create_element("div")
        .expect("a document creates a div")
        .unchecked_into();
    if document.get_element_by_id(SCREEN).is_some() {
        page.set_class_name(BUILDING);
        let _ = document.body().map(|body| body.append_with_node_1(&page));
    }
    page
}

/// A page served without a pre-rendered screen (the development server's) says it is loading
/// until the app's page takes its place, as a pre-rendered screen would.
pub fn stand_in() {
    let document = gloo::utils::document();
    if document.get_element_by_id(SCREEN).is_some() {
        return;
    }
    let Ok(main) = document.create_element("main") else {
        return;
    };
    main.set_id(SCREEN);
    main.set_class_name("loading");
    let _ = main.set_attribute("aria-busy", "true");
    main.set_inner_html("<p>Loading the catalog…</p>");
    let _ = document.body().map(|body| body.prepend_with_node_1(&main));
}

/// The part of the screen's table on screen, while the page still shows it: the app's table
/// takes exactly its place, so its first view renders the rows that will be on screen and
/// the frame's first measure, after the takeover, changes nothing. It used to render the first
/// screen's rows, then the measure added the rest: on a 1920×1080 screen 4 rows, a second
/// layout in the takeover's frame (127 of 1,627 objects).
pub fn screen_band() -> Option<(f64, f64)> {
    let screen = gloo::utils::document()
        .query_selector(&format!("#{SCREEN} .table-wrap"))
        .ok()??;
    Some(super::browser::band_of(&screen))
}

/// Whether the pre-rendered screen's filters are unfolded now (`None` without a screen): the
/// app's fold starts as the visitor left the screen's, not as the screen started.
pub fn screen_filters_open() -> Option<bool> {
    let screen = gloo::utils::document().get_element_by_id(SCREEN)?;
    Some(filters_fold(&screen)?.open())
}

fn filters_fold(within: &Element) -> Option<web_sys::HtmlDetailsElement> {
    within
        .query_selector(".filters-fold")
        .ok()
        .flatten()?
        .dyn_into()
        .ok()
}

/// Puts everything built in `page` where the pre-rendered screen was, in one step, and returns
/// what was typed and ticked there. The filters stay folded or unfolded as the visitor left
/// them (a fold opened after the app built its own opens it; its groups follow a moment later).
pub fn swap(page: &Element) -> Typed {
    let document = gloo::utils::document();
    let screen = document.get_element_by_id(SCREEN);
    let typed = screen.as_ref().map(typed).unwrap_or_default();
    if let Some((was, fold)) = screen
        .as_ref()
        .and_then(filters_fold)
        .zip(filters_fold(page))
    {
        if fold.open() != was.open() {
            fold.set_open(was.open());
        }
    }
    if page.is_connected() {
        // Built in place: the screen goes, and the page, styled and laid out already, shows.
        if let Some(screen) = screen {
            screen.remove();
        }
        let _ = page.remove_attribute("class");
        return typed;
    }
    let nodes = js_sys::Array::new();
    let children = page.child_nodes();
    for i in 0..children.length() {
        if let Some(node) = children.item(i) {
            nodes.push(&node);
        }
    }
    match screen {
        Some(screen) => {
            let _ = screen.replace_with_with_node(&nodes);
        }
        None => {
            let _ = document.body().map(|body| body.append_with_node(&nodes));
        }
    }
    typed
}

/// What is typed and ticked on the pre-rendered `screen` now.
pub fn typed(screen: &Element) -> Typed {
    let document = gloo::utils::document();
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
                .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
                .filter_map(|el| el.get_attribute("data-filter"))
                .collect()
        })
        .unwrap_or_default();
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
        // The box's text is the state's only once the app's effects have run; written here,
        // the caret has a text to stand in.
        input.set_value(&typed.search);
        let _ = input.focus();
        let _ = input.set_selection_range(caret, caret);
    }
}
