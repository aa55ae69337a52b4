//! Plain element trees, written into the page once and then rewritten by difference.
//!
//! The table's rows and the ranked list show other offers in the same places after every
//! sort, filter, currency or weight change. Rebuilding their elements, or re-running a
//! reactive binding per text (thousands per change, each re-subscribing), cost more than the
//! engine's whole pass (profiled with `scripts/profile.sh`). Instead each place computes a
//! plain tree of what it shows — tags, attributes, styles, text — and [`paint`] compares it
//! with the tree it painted last, writing only the attributes and texts that differ and
//! rebuilding only an element whose tag changed. The elements keep their identity, so focus
//! and hover stay, and one change costs a few hundred string writes.

use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement, HtmlInputElement, Node};

pub use crate::engine::present::markup::{El, Plain};

/// For events handled once for a whole list: the element `event` happened on, and the
/// `attribute` of its closest `holder` (say, the offer of the row a button is in).
pub fn delegated(
    event: &web_sys::Event,
    holder: &str,
    attribute: &str,
) -> Option<(Element, String)> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    let value = target.closest(holder).ok()??.get_attribute(attribute)?;
    Some((target, value))
}

/// A tree as painted, with its nodes, so a later paint writes to them without looking them up.
pub struct Painted {
    tree: El,
    nodes: Vec<Nodes>,
}

struct Nodes {
    node: Node,
    children: Vec<Nodes>,
}

/// Shows `tree` in `root` (an element the view owns: its tag is the view's, its attributes and
/// children the tree's), from what `before` painted there.
pub fn paint(root: &Element, before: Option<Painted>, tree: El) -> Option<Painted> {
    let doc = root.owner_document()?;
    match before {
        Some(mut painted) => {
            patch_attributes(root, &painted.tree, &tree);
            patch_children(
                &doc,
                root,
                &mut painted.nodes,
                &painted.tree.children,
                &tree.children,
            )?;
            painted.tree = tree;
            Some(painted)
        }
        None => {
            root.set_text_content(None);
            patch_attributes(root, &El::default(), &tree);
            let nodes = build_children(&doc, root, &tree.children)?;
            Some(Painted { tree, nodes })
        }
    }
}

fn build(doc: &Document, plain: &Plain) -> Option<Nodes> {
    match plain {
        Plain::Text(text) => Some(Nodes {
            node: doc.create_text_node(text).into(),
            children: Vec::new(),
        }),
        Plain::Element(el) => {
            let element = doc.create_element(el.tag).ok()?;
            patch_attributes(&element, &El::default(), el);
            let children = build_children(doc, &element, &el.children)?;
            Some(Nodes {
                node: element.into(),
                children,
            })
        }
    }
}

fn build_children(doc: &Document, parent: &Element, children: &[Plain]) -> Option<Vec<Nodes>> {
    children
        .iter()
        .map(|child| {
            let nodes = build(doc, child)?;
            parent.append_child(&nodes.node).ok()?;
            Some(nodes)
        })
        .collect()
}

/// Children are patched place by place (one of another kind or tag is rebuilt in its place);
/// when the count changes, the places both trees have are patched the same way and the rest
/// appended or removed: a filter that moves rows in and out of a window keeps the rows'
/// elements instead of rebuilding every one of them.
fn patch_children(
    doc: &Document,
    parent: &Element,
    nodes: &mut Vec<Nodes>,
    old: &[Plain],
    new: &[Plain],
) -> Option<()> {
    if nodes.len() != old.len() {
        // Not the tree these nodes were painted from: start again.
        for n in nodes.iter() {
            let _ = parent.remove_child(&n.node);
        }
        *nodes = build_children(doc, parent, new)?;
        return Some(());
    }
    for ((n, was), now) in nodes.iter_mut().zip(old).zip(new) {
        patch_child(doc, parent, n, was, now)?;
    }
    for gone in nodes.drain(new.len().min(old.len())..) {
        let _ = parent.remove_child(&gone.node);
    }
    if new.len() > old.len() {
        nodes.extend(build_children(doc, parent, &new[old.len()..])?);
    }
    Some(())
}

fn patch_child(
    doc: &Document,
    parent: &Element,
    n: &mut Nodes,
    was: &Plain,
    now: &Plain,
) -> Option<()> {
    match (was, now) {
        (Plain::Text(a), Plain::Text(b)) => {
            if a != b {
                n.node.set_node_value(Some(b));
            }
        }
        (Plain::Element(a), Plain::Element(b)) if a.tag == b.tag => {
            let element: &Element = n.node.unchecked_ref();
            patch_attributes(element, a, b);
            patch_children(doc, element, &mut n.children, &a.children, &b.children)?;
        }
        _ => {
            let fresh = build(doc, now)?;
            parent.replace_child(&fresh.node, &n.node).ok()?;
            *n = fresh;
        }
    }
    Some(())
}

fn patch_attributes(element: &Element, old: &El, new: &El) {
    for (name, value) in &new.attrs {
        if !old.attrs.iter().any(|(n, v)| n == name && v == value) {
            let _ = element.set_attribute(name, value);
        }
    }
    for (name, _) in &old.attrs {
        if !new.attrs.iter().any(|(n, _)| n == name) {
            let _ = element.remove_attribute(name);
        }
    }
    if new.styles != old.styles {
        if let Some(style) = element.dyn_ref::<HtmlElement>().map(HtmlElement::style) {
            for (name, _) in &old.styles {
                if !new.styles.iter().any(|(n, _)| n == name) {
                    let _ = style.remove_property(name);
                }
            }
            for (name, value) in &new.styles {
                if !old.styles.iter().any(|(n, v)| n == name && v == value) {
                    let _ = style.set_property(name, value);
                }
            }
        }
    }
    if let Some(checked) = new.checked {
        // Compared with the element, not the last tree: the user may have clicked it since.
        if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            if input.checked() != checked {
                input.set_checked(checked);
            }
        }
    }
}
