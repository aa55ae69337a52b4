//! The filter panel's boxes by the key each carries (`data-filter`): the one list of names the
//! app's panel, the pre-rendered panel and a box checked before the app ran agree on. A box
//! checked on the pre-rendered page while the app was still getting ready is checked in the
//! app when it takes over, so no click is lost (issue 28).

use std::collections::BTreeSet;

use catalog::{Area, Link, ProviderCategory, Vendor};

use super::tokens::Token;
use crate::view::filters::Filters;
use crate::view::state::ViewState;

pub fn provider(id: &str) -> String {
    format!("provider-{id}")
}

pub fn category(category: ProviderCategory) -> String {
    format!("category-{category:?}").to_lowercase()
}

pub fn vendor(vendor: Vendor) -> String {
    format!("vendor-{}", vendor.label().to_lowercase())
}

pub fn model(model: &str) -> String {
    format!("model-{model}")
}

pub fn accelerator(id: &str) -> String {
    format!("accelerator-{id}")
}

pub fn architecture(architecture: &str) -> String {
    format!("architecture-{architecture}")
}

pub fn link(link: Link) -> String {
    format!("link-{link:?}").to_lowercase()
}

pub fn area(area: Area) -> String {
    format!("area-{area:?}").to_lowercase()
}

/// Where a yes/no filter's flag lives.
type Flag = fn(&mut Filters) -> &mut bool;

/// The yes/no filters: each box's key, and where its flag lives.
pub const FLAGS: [(&str, Flag); 7] = [
    ("multi-node", |f| &mut f.multi_node),
    ("per-second", |f| &mut f.per_second_billing),
    ("no-commitment", |f| &mut f.no_commitment),
    ("kubernetes", |f| &mut f.kubernetes),
    ("framework-images", |f| &mut f.framework_images),
    ("notebooks", |f| &mut f.notebooks),
    ("hide-unknown", |f| &mut f.hide_unknown_price),
];

/// Checks the box `key` in `state`; says whether a box of that key exists. Checking a
/// checked box leaves it checked.
pub fn check(state: &mut ViewState, key: &str) -> bool {
    set(state, key, true)
}

/// Ticks (`on`) or unticks the box `key` in `state`, as a click on it leaves it; says whether
/// a box of that key exists.
pub fn set(state: &mut ViewState, key: &str, on: bool) -> bool {
    fn put<T: Ord>(set: &mut BTreeSet<T>, value: T, on: bool) {
        if on {
            set.insert(value);
        } else {
            set.remove(&value);
        }
    }
    let f = &mut state.filters;
    if let Some((_, flag)) = FLAGS.iter().find(|(k, _)| *k == key) {
        *flag(f) = on;
        return true;
    }
    // Sets of names: the name follows its prefix.
    let named: [(&str, &mut BTreeSet<String>); 4] = [
        ("provider-", &mut f.providers),
        ("model-", &mut f.models),
        ("accelerator-", &mut f.accelerators),
        ("architecture-", &mut f.architectures),
    ];
    for (prefix, names) in named {
        if let Some(name) = key.strip_prefix(prefix).filter(|n| !n.is_empty()) {
            put(names, name.to_string(), on);
            return true;
        }
    }
    if let Some(&c) = <ProviderCategory as Token>::ALL
        .iter()
        .find(|&&c| category(c) == key)
    {
        put(&mut f.categories, c, on);
        return true;
    }
    if let Some(&v) = <Vendor as Token>::ALL.iter().find(|&&v| vendor(v) == key) {
        put(&mut f.vendors, v, on);
        return true;
    }
    if let Some(l) = Link::ALL.into_iter().find(|&l| link(l) == key) {
        put(&mut f.links, l, on);
        return true;
    }
    if let Some(&a) = <Area as Token>::ALL.iter().find(|&&a| area(a) == key) {
        put(&mut state.regions.areas, a, on);
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_box_key_checks_its_own_filter_and_nothing_else() {
        let checked = |key: &str| {
            let mut state = ViewState::default();
            check(&mut state, key).then_some(state)
        };
        let s = checked(&provider("aws")).unwrap();
        assert!(s.filters.providers.contains("aws"));
        let s = checked(&area(Area::Eu)).unwrap();
        assert_eq!(s.regions.areas.iter().collect::<Vec<_>>(), [&Area::Eu]);
        for l in Link::ALL {
            assert!(checked(&link(l)).unwrap().filters.links.contains(&l));
        }
        for &v in <Vendor as Token>::ALL {
            assert!(checked(&vendor(v)).unwrap().filters.vendors.contains(&v));
        }
        for &c in <ProviderCategory as Token>::ALL {
            assert!(checked(&category(c))
                .unwrap()
                .filters
                .categories
                .contains(&c));
        }
        for (key, flag) in FLAGS {
            let mut s = checked(key).unwrap();
            assert!(*flag(&mut s.filters), "{key}");
        }
        // Unticked, a box's filter is as if it had never been ticked.
        let mut s = checked(&provider("aws")).unwrap();
        assert!(set(&mut s, &provider("aws"), false));
        let mut t = checked(&area(Area::Eu)).unwrap();
        assert!(set(&mut t, &area(Area::Eu), false));
        let mut u = checked("kubernetes").unwrap();
        assert!(set(&mut u, "kubernetes", false));
        for state in [s, t, u] {
            assert_eq!(state, ViewState::default());
        }
        // Keys no box carries change nothing.
        for key in ["", "provider-", "vendor-nobody", "area-mars", "sort"] {
            assert!(checked(key).is_none(), "{key:?}");
        }
    }
}
