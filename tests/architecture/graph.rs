//! Loops and levels of a directed graph of names.

use std::collections::{BTreeMap, BTreeSet};

/// Tarjan's strongly connected components, each sorted, in a stable order.
pub fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    pub fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            component.sort();
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    let nodes: BTreeSet<&str> = edges
        .iter()
        .flat_map(|(k, v)| std::iter::once(k.as_str()).chain(v.iter().map(String::as_str)))
        .collect();
    for v in nodes {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Each node's level: 1 when it imports nothing, else one more than the highest it imports.
/// Nodes in a loop share the loop's level (so a loop never makes this run forever).
pub fn levels(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, usize> {
    let components = strongly_connected(edges);
    let component_of: BTreeMap<&str, usize> = components
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.iter().map(move |n| (n.as_str(), i)))
        .collect();
    let mut level: BTreeMap<usize, usize> = BTreeMap::new();
    pub fn level_of(
        c: usize,
        components: &[Vec<String>],
        component_of: &BTreeMap<&str, usize>,
        edges: &BTreeMap<String, BTreeSet<String>>,
        memo: &mut BTreeMap<usize, usize>,
    ) -> usize {
        if let Some(&l) = memo.get(&c) {
            return l;
        }
        let mut highest = 0;
        for node in &components[c] {
            for target in edges.get(node).into_iter().flatten() {
                let t = component_of[target.as_str()];
                if t != c {
                    highest = highest.max(level_of(t, components, component_of, edges, memo));
                }
            }
        }
        memo.insert(c, highest + 1);
        highest + 1
    }
    let mut out = BTreeMap::new();
    for (node, &c) in &component_of {
        let l = level_of(c, &components, &component_of, edges, &mut level);
        out.insert(node.to_string(), l);
    }
    out
}
