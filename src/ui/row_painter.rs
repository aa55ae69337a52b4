//! Writes a [`RowFace`] into a table row's elements, touching only what differs from what the
//! row shows now.
//!
//! A sort, a filter or a currency change puts other offers or other numbers into the ~30 rows
//! on screen. Rebuilding them, or re-running a reactive binding per text (thousands per
//! change), cost more than the engine's whole pass; comparing the engine's plain-text faces
//! and writing the few hundred strings that differ is what the table can afford at 60 frames
//! a second. The elements' shape per column is fixed, so a cell is only rebuilt when its marks
//! appear or go (a conversion, an "old" badge, a custom offer's badge).

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, Text};

use crate::engine::face::{Aside, CellFace, Face, RowFace, Wrapper};

/// A row as painted: its elements, and the face they show.
pub struct Painted {
    face: RowFace,
    checkbox: HtmlInputElement,
    cells: Vec<PaintedCell>,
}

struct PaintedCell {
    td: Element,
    /// The link or button holding the value, when the column has one.
    wrapper: Option<Element>,
    span: Element,
    text: Text,
    asides: Vec<Element>,
}

/// Shows `face` in `tr`, from what `before` painted there (if anything).
pub fn paint(tr: &Element, before: Option<Painted>, face: RowFace) -> Option<Painted> {
    let doc = tr.owner_document()?;
    let mut painted = match before {
        Some(p) if p.cells.len() == face.cells.len() => p,
        _ => build(&doc, tr, &face)?,
    };
    let old = std::mem::take(&mut painted.face);
    set(tr, "data-offer", &face.offer, &old.offer);
    set(tr, "data-provider", &face.provider, &old.provider);
    if face.selected != old.selected {
        set_optional(tr, "class", face.selected.then_some("selected"));
    }
    // The box may have been clicked since: compare with the element, not the last face.
    if painted.checkbox.checked() != face.selected {
        painted.checkbox.set_checked(face.selected);
    }
    set(
        &painted.checkbox,
        "aria-label",
        &face.select_label,
        &old.select_label,
    );
    for (i, new) in face.cells.iter().enumerate() {
        let was = &old.cells[i];
        if same_shape(new, was) {
            update_cell(&painted.cells[i], new, was);
        } else if let Some(cell) = build_cell(&doc, new) {
            let _ = painted.cells[i].td.replace_with_with_node_1(&cell.td);
            painted.cells[i] = cell;
        }
    }
    painted.face = face;
    Some(painted)
}

/// A new row: the checkbox cell (its events are the table body's), then a cell per column,
/// with every value written (the face to compare with starts out matching the elements).
fn build(doc: &Document, tr: &Element, face: &RowFace) -> Option<Painted> {
    tr.set_text_content(None);
    let select = doc.create_element("td").ok()?;
    select.set_class_name("select");
    let checkbox: HtmlInputElement = doc.create_element("input").ok()?.dyn_into().ok()?;
    checkbox.set_type("checkbox");
    checkbox.set_checked(face.selected);
    let _ = checkbox.set_attribute("aria-label", &face.select_label);
    select.append_child(&checkbox).ok()?;
    tr.append_child(&select).ok()?;
    let cells = face
        .cells
        .iter()
        .map(|cell| {
            let built = build_cell(doc, cell)?;
            tr.append_child(&built.td).ok()?;
            Some(built)
        })
        .collect::<Option<Vec<_>>>()?;
    let _ = tr.set_attribute("data-offer", &face.offer);
    let _ = tr.set_attribute("data-provider", &face.provider);
    set_optional(tr, "class", face.selected.then_some("selected"));
    Some(Painted {
        face: face.clone(),
        checkbox,
        cells,
    })
}

/// Whether `new` fits the elements `was` was painted into: the same wrapper, marks and
/// asides (their text may differ).
fn same_shape(new: &CellFace, was: &CellFace) -> bool {
    let marks = |f: &Face| (f.converted, f.old);
    let asides = |c: &CellFace| {
        c.asides
            .iter()
            .map(|a| (a.class, a.lang))
            .collect::<Vec<_>>()
    };
    std::mem::discriminant(&new.wrapper) == std::mem::discriminant(&was.wrapper)
        && marks(&new.face) == marks(&was.face)
        && asides(new) == asides(was)
}

fn update_cell(cell: &PaintedCell, new: &CellFace, was: &CellFace) {
    set(&cell.td, "class", &new.class, &was.class);
    if new.title != was.title {
        set_optional(&cell.td, "title", new.title.as_deref());
    }
    match (&cell.wrapper, &new.wrapper, &was.wrapper) {
        (Some(a), Wrapper::Link { href, title }, Wrapper::Link { href: h, title: t }) => {
            set(a, "href", href, h);
            set(a, "title", title, t);
        }
        (Some(button), Wrapper::Details(title), Wrapper::Details(t)) => {
            set(button, "title", title, t);
        }
        _ => {}
    }
    if new.face.class != was.face.class {
        set_optional(&cell.span, "class", non_empty(new.face.class));
    }
    if new.face.title != was.face.title {
        set_optional(&cell.span, "title", new.face.title.as_deref());
    }
    if new.face.text != was.face.text {
        cell.text.set_data(&new.face.text);
    }
    for ((element, new), was) in cell.asides.iter().zip(&new.asides).zip(&was.asides) {
        if new.text != was.text {
            element.set_text_content(Some(&new.text));
        }
        if new.label != was.label {
            set_optional(element, "title", new.label.as_deref());
            set_optional(element, "aria-label", new.label.as_deref());
        }
    }
}

fn build_cell(doc: &Document, face: &CellFace) -> Option<PaintedCell> {
    let td = doc.create_element("td").ok()?;
    let _ = td.set_attribute("class", &face.class);
    set_optional(&td, "title", face.title.as_deref());
    let wrapper = match &face.wrapper {
        Wrapper::None => None,
        Wrapper::Link { href, title } => {
            let a = doc.create_element("a").ok()?;
            let _ = a.set_attribute("href", href);
            let _ = a.set_attribute("target", "_blank");
            let _ = a.set_attribute("rel", "noopener noreferrer");
            let _ = a.set_attribute("title", title);
            Some(a)
        }
        Wrapper::Details(title) => {
            let button = doc.create_element("button").ok()?;
            let _ = button.set_attribute("type", "button");
            let _ = button.set_attribute("class", "link-button open-detail");
            let _ = button.set_attribute("title", title);
            Some(button)
        }
    };
    let span = doc.create_element("span").ok()?;
    set_optional(&span, "class", non_empty(face.face.class));
    set_optional(&span, "title", face.face.title.as_deref());
    if let Some(label) = face.face.converted {
        let abbr = doc.create_element("abbr").ok()?;
        let _ = abbr.set_attribute("class", "converted");
        let _ = abbr.set_attribute("title", label);
        let _ = abbr.set_attribute("aria-label", label);
        abbr.set_text_content(Some("≈"));
        span.append_child(&abbr).ok()?;
    }
    let text = doc.create_text_node(&face.face.text);
    span.append_child(&text).ok()?;
    if let Some(old) = face.face.old {
        let badge = doc.create_element("span").ok()?;
        badge.set_class_name("badge");
        badge.set_text_content(Some(old));
        span.append_child(&badge).ok()?;
    }
    match &wrapper {
        Some(w) => {
            w.append_child(&span).ok()?;
            td.append_child(w).ok()?;
        }
        None => {
            td.append_child(&span).ok()?;
        }
    }
    let asides = face
        .asides
        .iter()
        .map(|aside| {
            let element = build_aside(doc, aside)?;
            td.append_child(&element).ok()?;
            Some(element)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PaintedCell {
        td,
        wrapper,
        span,
        text,
        asides,
    })
}

fn build_aside(doc: &Document, aside: &Aside) -> Option<Element> {
    let element = doc.create_element("span").ok()?;
    element.set_class_name(aside.class);
    element.set_text_content(Some(&aside.text));
    set_optional(&element, "title", aside.label.as_deref());
    set_optional(&element, "aria-label", aside.label.as_deref());
    set_optional(&element, "lang", aside.lang);
    Some(element)
}

fn set(element: &Element, name: &str, new: &str, was: &str) {
    if new != was {
        let _ = element.set_attribute(name, new);
    }
}

fn set_optional(element: &Element, name: &str, value: Option<&str>) {
    let _ = match value {
        Some(value) => element.set_attribute(name, value),
        None => element.remove_attribute(name),
    };
}

fn non_empty(class: &str) -> Option<&str> {
    (!class.is_empty()).then_some(class)
}
