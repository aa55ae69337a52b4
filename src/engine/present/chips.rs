//! Active filters as chips: one per thing the user set, each able to remove itself.

use crate::view::filters::RangeField;
use crate::view::state::ViewState;
use catalog::Link;
use catalog::{Area, ProviderCategory, Vendor};

#[derive(Debug, Clone, PartialEq)]
pub enum Chip {
    Search(String),
    Provider(String),
    Category(ProviderCategory),
    Vendor(Vendor),
    Model(String),
    Accelerator(String),
    Architecture(String),
    Range(RangeField, String),
    Link(Link),
    MultiNode,
    PerSecondBilling,
    NoCommitment,
    Kubernetes,
    FrameworkImages,
    Notebooks,
    HideUnknownPrice,
    MaxAge(u32),
    Area(Area),
    Region(String),
}

/// The chips for everything `state` filters by, in the order the filter panel lists them.
pub fn chips(state: &ViewState) -> Vec<Chip> {
    let f = &state.filters;
    let mut out = Vec::new();
    if !f.search.trim().is_empty() {
        out.push(Chip::Search(f.search.trim().to_string()));
    }
    out.extend(f.categories.iter().copied().map(Chip::Category));
    out.extend(f.providers.iter().cloned().map(Chip::Provider));
    out.extend(f.vendors.iter().copied().map(Chip::Vendor));
    out.extend(f.models.iter().cloned().map(Chip::Model));
    out.extend(f.accelerators.iter().cloned().map(Chip::Accelerator));
    out.extend(f.architectures.iter().cloned().map(Chip::Architecture));
    out.extend(
        f.ranges
            .iter()
            .filter(|(_, text)| !text.trim().is_empty())
            .map(|(field, text)| Chip::Range(*field, text.trim().to_string())),
    );
    out.extend(f.links.iter().copied().map(Chip::Link));
    let toggles = [
        (f.multi_node, Chip::MultiNode),
        (f.per_second_billing, Chip::PerSecondBilling),
        (f.no_commitment, Chip::NoCommitment),
        (f.kubernetes, Chip::Kubernetes),
        (f.framework_images, Chip::FrameworkImages),
        (f.notebooks, Chip::Notebooks),
        (f.hide_unknown_price, Chip::HideUnknownPrice),
    ];
    out.extend(toggles.into_iter().filter(|(on, _)| *on).map(|(_, c)| c));
    out.extend(f.max_age_months.map(Chip::MaxAge));
    out.extend(state.regions.areas.iter().copied().map(Chip::Area));
    out.extend(state.regions.regions.iter().cloned().map(Chip::Region));
    out
}

impl Chip {
    /// Removes what this chip stands for from `state`.
    pub fn remove(&self, state: &mut ViewState) {
        let f = &mut state.filters;
        match self {
            Chip::Search(_) => f.search.clear(),
            Chip::Provider(p) => {
                f.providers.remove(p);
            }
            Chip::Category(c) => {
                f.categories.remove(c);
            }
            Chip::Vendor(v) => {
                f.vendors.remove(v);
            }
            Chip::Model(m) => {
                f.models.remove(m);
            }
            Chip::Accelerator(a) => {
                f.accelerators.remove(a);
            }
            Chip::Architecture(a) => {
                f.architectures.remove(a);
            }
            Chip::Range(field, _) => {
                f.ranges.remove(field);
            }
            Chip::Link(l) => {
                f.links.remove(l);
            }
            Chip::MultiNode => f.multi_node = false,
            Chip::PerSecondBilling => f.per_second_billing = false,
            Chip::NoCommitment => f.no_commitment = false,
            Chip::Kubernetes => f.kubernetes = false,
            Chip::FrameworkImages => f.framework_images = false,
            Chip::Notebooks => f.notebooks = false,
            Chip::HideUnknownPrice => f.hide_unknown_price = false,
            Chip::MaxAge(_) => f.max_age_months = None,
            Chip::Area(a) => {
                state.regions.areas.remove(a);
            }
            Chip::Region(r) => {
                state.regions.regions.remove(r);
            }
        }
    }
}

/// Clears every filter and region choice; term, units, columns and selection stay.
pub fn clear_all(state: &mut ViewState) {
    state.filters = Default::default();
    state.regions = Default::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::filters::Filters;

    fn busy_state() -> ViewState {
        let mut state = ViewState::default();
        let f: &mut Filters = &mut state.filters;
        f.search = " h100 ".into();
        f.providers.insert("aws".into());
        f.categories.insert(ProviderCategory::China);
        f.vendors.insert(Vendor::Amd);
        f.models.insert("H100".into());
        f.accelerators.insert("h100-sxm5-80gb".into());
        f.architectures.insert("Hopper".into());
        f.ranges
            .insert(RangeField::MemoryPerAccelerator, ">=80".into());
        f.ranges.insert(RangeField::Vcpus, "  ".into());
        f.links.insert(Link::Nvlink);
        f.multi_node = true;
        f.per_second_billing = true;
        f.no_commitment = true;
        f.kubernetes = true;
        f.framework_images = true;
        f.notebooks = true;
        f.hide_unknown_price = true;
        f.max_age_months = Some(12);
        state.regions.areas.insert(Area::Eu);
        state.regions.regions.insert("aws/us-east-1".into());
        state
    }

    #[test]
    fn every_active_filter_has_a_chip_and_blank_ranges_do_not() {
        let state = busy_state();
        let all = chips(&state);
        assert_eq!(all.len(), 19, "{all:#?}");
        assert_eq!(all[0], Chip::Search("h100".into()));
        assert!(all.contains(&Chip::Range(
            RangeField::MemoryPerAccelerator,
            ">=80".into()
        )));
        assert!(chips(&ViewState::default()).is_empty());
    }

    #[test]
    fn removing_every_chip_clears_every_filter() {
        let mut state = busy_state();
        for chip in chips(&state.clone()) {
            chip.remove(&mut state);
        }
        assert!(chips(&state).is_empty());
        assert!(state.regions.is_everywhere());
        // The blank range text is not a filter; clear_all removes it too.
        clear_all(&mut state);
        assert!(state.filters.is_clear());
    }

    #[test]
    fn removing_one_chip_leaves_the_others() {
        let mut state = busy_state();
        Chip::Vendor(Vendor::Amd).remove(&mut state);
        assert!(state.filters.vendors.is_empty());
        assert!(state.filters.providers.contains("aws"));
        assert_eq!(chips(&state).len(), 18);
    }
}
