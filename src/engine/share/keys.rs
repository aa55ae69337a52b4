//! Every key a link or the browser's storage knows, spelled once: the encoder, the decoder,
//! the benchmark switches and the app's storage all read this table.
//!
//! Two families of link keys live in tables of their own, read by both sides too: the range
//! filters' keys ([`RangeField::key`](crate::view::filters::RangeField::key)) and the job's and
//! plan's number fields (`j.*` in [`view::job_form::FIELDS`](crate::view::job_form::FIELDS),
//! `pl.*` in [`view::plan::FIELDS`](crate::view::plan::FIELDS)). A test checks that no key is
//! spelled by two tables and that the module's documented key list names every key.

/// The link format version this code writes; see the version policy in [`super`].
pub const VERSION: u32 = 1;

/// A key of a share link's query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    Version,
    Lang,
    Theme,
    Mode,
    Search,
    Providers,
    Categories,
    Vendors,
    Models,
    Accelerators,
    Architectures,
    Links,
    MultiNode,
    PerSecond,
    NoCommitment,
    Kubernetes,
    FrameworkImages,
    Notebooks,
    KnownPrice,
    /// Offers that do not state a fact a filter asks for are shown, marked.
    Unstated,
    MaxAge,
    Term,
    Areas,
    Regions,
    Currency,
    CustomRate,
    Unit,
    Per,
    Sort,
    Lead,
    /// Old prices compete for cheapest, place and best (`ViewState::old_prices`).
    OldPrices,
    Columns,
    Scenario,
    Weights,
    CostBasis,
    MinMemory,
    MinCount,
    MaxCount,
    Budget,
    NeedsLink,
    NeedsMultiNode,
    NeedsCategory,
    Job,
    FitsOnly,
    JobPrecision,
    JobMethod,
    JobQuant,
    JobReference,
    JobModel,
    ChartMeasure,
    ChartEfficiency,
    Selection,
    Comparing,
    Detail,
    Heat,
    Discounts,
    /// The catalog version the link was made with (`share::stamp`): not part of the view.
    CatalogVersion,
    /// Benchmark switch, read by the app at start and never part of a view.
    BenchOffers,
    /// Benchmark switch, read by the app at start and never part of a view.
    BenchTimings,
}

impl Key {
    pub const ALL: [Key; 59] = [
        Key::Version,
        Key::Lang,
        Key::Theme,
        Key::Mode,
        Key::Search,
        Key::Providers,
        Key::Categories,
        Key::Vendors,
        Key::Models,
        Key::Accelerators,
        Key::Architectures,
        Key::Links,
        Key::MultiNode,
        Key::PerSecond,
        Key::NoCommitment,
        Key::Kubernetes,
        Key::FrameworkImages,
        Key::Notebooks,
        Key::KnownPrice,
        Key::Unstated,
        Key::MaxAge,
        Key::Term,
        Key::Areas,
        Key::Regions,
        Key::Currency,
        Key::CustomRate,
        Key::Unit,
        Key::Per,
        Key::Sort,
        Key::Lead,
        Key::OldPrices,
        Key::Columns,
        Key::Scenario,
        Key::Weights,
        Key::CostBasis,
        Key::MinMemory,
        Key::MinCount,
        Key::MaxCount,
        Key::Budget,
        Key::NeedsLink,
        Key::NeedsMultiNode,
        Key::NeedsCategory,
        Key::Job,
        Key::FitsOnly,
        Key::JobPrecision,
        Key::JobMethod,
        Key::JobQuant,
        Key::JobReference,
        Key::JobModel,
        Key::ChartMeasure,
        Key::ChartEfficiency,
        Key::Selection,
        Key::Comparing,
        Key::Detail,
        Key::Heat,
        Key::Discounts,
        Key::CatalogVersion,
        Key::BenchOffers,
        Key::BenchTimings,
    ];

    /// The key as links write it. Links live in chats and bookmarks for years: a name, once
    /// published, never changes meaning.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Version => "v",
            Key::Lang => "lang",
            Key::Theme => "theme",
            Key::Mode => "mode",
            Key::Search => "q",
            Key::Providers => "p",
            Key::Categories => "cat",
            Key::Vendors => "vendor",
            Key::Models => "model",
            Key::Accelerators => "gpu",
            Key::Architectures => "arch",
            Key::Links => "link",
            Key::MultiNode => "multi",
            Key::PerSecond => "persec",
            Key::NoCommitment => "nocommit",
            Key::Kubernetes => "k8s",
            Key::FrameworkImages => "images",
            Key::Notebooks => "notebooks",
            Key::KnownPrice => "known",
            Key::Unstated => "unstated",
            Key::MaxAge => "age",
            Key::Term => "term",
            Key::Areas => "area",
            Key::Regions => "region",
            Key::Currency => "cur",
            Key::CustomRate => "rate",
            Key::Unit => "unit",
            Key::Per => "per",
            Key::Sort => "sort",
            Key::Lead => "lead",
            Key::OldPrices => "old",
            Key::Columns => "cols",
            Key::Scenario => "scn",
            Key::Weights => "w",
            Key::CostBasis => "cb",
            Key::MinMemory => "c.mem",
            Key::MinCount => "c.min",
            Key::MaxCount => "c.max",
            Key::Budget => "c.budget",
            Key::NeedsLink => "c.link",
            Key::NeedsMultiNode => "c.multi",
            Key::NeedsCategory => "c.cat",
            Key::Job => "job",
            Key::FitsOnly => "fit",
            Key::JobPrecision => "j.prec",
            Key::JobMethod => "j.m",
            Key::JobQuant => "j.q",
            Key::JobReference => "j.ref",
            Key::JobModel => "j.model",
            Key::ChartMeasure => "cy",
            Key::ChartEfficiency => "ceff",
            Key::Selection => "sel",
            Key::Comparing => "cmp",
            Key::Detail => "detail",
            Key::Heat => "heat",
            Key::Discounts => "disc",
            Key::CatalogVersion => "cv",
            Key::BenchOffers => "bench-offers",
            Key::BenchTimings => "bench-timings",
        }
    }

    /// The key a link spells `name`, if it is one of this table's.
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl AsRef<str> for Key {
    fn as_ref(&self) -> &str {
        self.name()
    }
}

/// A key of the browser's local storage. Saved data outlives app versions, so these names
/// never change either; an unreadable value is kept aside under `<key>.unreadable-<date>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageKey {
    /// Language, theme and other choices that are not part of a view.
    Preferences,
    /// The saved views, as their export format.
    SavedViews,
    /// The user's own offers.
    CustomOffers,
    /// The user's own discounts, as set in their menu (never those a link brought).
    Discounts,
}

impl StorageKey {
    pub const ALL: [StorageKey; 4] = [
        StorageKey::Preferences,
        StorageKey::SavedViews,
        StorageKey::CustomOffers,
        StorageKey::Discounts,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            StorageKey::Preferences => "gpu-atlas.preferences",
            StorageKey::SavedViews => "gpu-atlas.saved-views",
            StorageKey::CustomOffers => "gpu-atlas.custom-offers",
            StorageKey::Discounts => "gpu-atlas.discounts",
        }
    }

    /// Where an unreadable value found on `day` is kept aside.
    pub fn unreadable(self, day: impl std::fmt::Display) -> String {
        format!("{}{day}", self.unreadable_prefix())
    }

    /// The start of every key an unreadable value of this key was kept aside under.
    pub fn unreadable_prefix(self) -> String {
        format!("{}.unreadable-", self.name())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::view::filters::RangeField;
    use crate::view::{job_form, plan};

    /// Every link key of every table.
    fn every_link_key() -> Vec<&'static str> {
        let mut keys: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
        keys.extend(RangeField::ALL.iter().map(|f| f.key()));
        keys.extend(job_form::FIELDS.iter().map(|f| f.key));
        keys.extend(plan::FIELDS.iter().map(|f| f.key));
        keys
    }

    #[test]
    fn no_key_is_spelled_twice_across_the_tables() {
        let keys = every_link_key();
        let unique: BTreeSet<&str> = keys.iter().copied().collect();
        assert_eq!(unique.len(), keys.len(), "{keys:?}");
        let storage: BTreeSet<&str> = StorageKey::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(storage.len(), StorageKey::ALL.len());
    }

    #[test]
    fn every_key_reads_back_as_itself() {
        for key in Key::ALL {
            assert_eq!(Key::from_name(key.name()), Some(key));
        }
        assert_eq!(Key::from_name("nonsense"), None);
        assert_eq!(Key::from_name(""), None);
    }

    #[test]
    fn the_documented_key_list_names_every_view_key() {
        // The module's doc table is what people read: it must not drift from the code.
        let doc = include_str!("mod.rs");
        for key in every_link_key() {
            if key.starts_with("bench-") {
                continue;
            }
            assert!(
                doc.contains(&format!("`{key}`")),
                "{key} is not documented in share/mod.rs"
            );
        }
    }

    #[test]
    fn unreadable_values_are_kept_under_their_keys_prefix() {
        let aside = StorageKey::SavedViews.unreadable("2026-12-01");
        assert_eq!(aside, "gpu-atlas.saved-views.unreadable-2026-12-01");
        assert!(aside.starts_with(&StorageKey::SavedViews.unreadable_prefix()));
    }
}
