//! Benchmark switches: a catalog multiplied to many synthetic offers, and the URL parameters
//! that ask the app for it.
//!
//! Test-only: nothing here runs unless a benchmark asks for it. `?bench-offers=10000` makes the
//! app build its explorer over [`multiplied`] (the real catalog cloned to 10,000 offers), so the
//! harness in `bench/` can show how cost grows with data; `?bench-timings` makes the app record
//! `performance.measure` entries around its engine work. Neither is a view setting: the share
//! link decoder passes over both, and the address the app writes back leaves them out.

use catalog::{Catalog, Offer};
use scoring::synthetic::XorShift;

use crate::share::Key;

/// The largest catalog a link may ask for: a bad value must not make the page allocate
/// without bound.
pub const MAX_OFFERS: usize = 200_000;

/// The benchmark switches a query string (with or without '?') sets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Switches {
    /// How many offers to multiply the catalog to: `1..=MAX_OFFERS`, or `None` when absent or
    /// not a plain number in that range (then the real catalog is used).
    pub offers: Option<usize>,
    /// Whether to record engine timings.
    pub timings: bool,
}

impl Switches {
    pub fn read(query: &str) -> Switches {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut switches = Switches::default();
        let mut offers_seen = false;
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match Key::from_name(key) {
                // The number of offers the app should be built over.
                Some(Key::BenchOffers) if !offers_seen => {
                    offers_seen = true;
                    switches.offers = value
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                        .then(|| value.parse::<usize>().ok())
                        .flatten()
                        .filter(|n| (1..=MAX_OFFERS).contains(n));
                }
                // The app's own engine timings.
                Some(Key::BenchTimings) => switches.timings = true,
                _ => {}
            }
        }
        switches
    }
}

/// `catalog` with exactly `n` offers: the real offers first (cut short when `n` is smaller),
/// then copies of them in rounds. Copy `k` of offer "provider/x" is "provider/x~k", its instance
/// name ends in " ~k", and each of its prices is scaled by a factor in [0.85, 1.15) drawn from a
/// generator seeded by the copy's position, so every run builds the same catalog. Providers,
/// accelerators and rates are unchanged, so every copy is as valid as its original.
pub fn multiplied(catalog: &Catalog, n: usize) -> Catalog {
    let originals = &catalog.offers;
    let offers = if originals.is_empty() {
        Vec::new()
    } else {
        (0..n)
            .map(|i| {
                let original = &originals[i % originals.len()];
                match i / originals.len() {
                    0 => original.clone(),
                    k => copy(original, k, i as u64),
                }
            })
            .collect()
    };
    Catalog {
        offers,
        ..catalog.clone()
    }
}

fn copy(original: &Offer, k: usize, seed: u64) -> Offer {
    let mut rng = XorShift::new(seed);
    let factor = 0.85 + 0.3 * rng.unit();
    let mut offer = original.clone();
    offer.id = format!("{}~{k}", original.id);
    offer.instance = format!("{} ~{k}", original.instance);
    for price in &mut offer.prices {
        price.amount = price.amount.map(|a| a * factor);
        price.amount_high = price.amount_high.map(|a| a * factor);
    }
    offer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::state::ViewState;
    use std::collections::HashSet;

    #[test]
    fn switches_read_only_plain_numbers_in_range() {
        let offers = |q: &str| Switches::read(q).offers;
        assert_eq!(offers("bench-offers=10000"), Some(10_000));
        assert_eq!(offers("?v=1&bench-offers=200000&cur=cny"), Some(200_000));
        assert_eq!(offers("bench-offers=1"), Some(1));
        for bad in [
            "",
            "bench-offers",
            "bench-offers=",
            "bench-offers=0",
            "bench-offers=200001",
            "bench-offers=-5",
            "bench-offers=+5",
            "bench-offers=1e5",
            "bench-offers=10k",
            "bench-offers=99999999999999999999999",
            "xbench-offers=10",
        ] {
            assert_eq!(offers(bad), None, "{bad}");
        }
        // The first occurrence decides, as the share decoder does.
        assert_eq!(offers("bench-offers=5&bench-offers=7"), Some(5));
        assert_eq!(offers("bench-offers=x&bench-offers=7"), None);
        assert!(Switches::read("bench-timings").timings);
        assert!(Switches::read("a=b&bench-timings=1").timings);
        assert!(!Switches::read("bench-offers=10").timings);
    }

    #[test]
    fn multiplied_has_n_unique_offers_with_the_originals_first() {
        let catalog = bundled::catalog().unwrap();
        let real = catalog.offers.len();
        for n in [1, real / 2, real, real + 1, 3 * real + 7] {
            let big = multiplied(&catalog, n);
            assert_eq!(big.offers.len(), n);
            let ids: HashSet<&str> = big.offers.iter().map(|o| o.id.as_str()).collect();
            assert_eq!(ids.len(), n, "ids are unique at {n}");
            let prefix = n.min(real);
            assert_eq!(big.offers[..prefix], catalog.offers[..prefix]);
            assert_eq!(big.providers, catalog.providers);
            assert_eq!(big.accelerators, catalog.accelerators);
            assert_eq!(big.fx, catalog.fx);
        }
        assert!(multiplied(&catalog, 0).offers.is_empty());
        assert!(multiplied(&Catalog::default(), 10).offers.is_empty());
    }

    #[test]
    fn copies_keep_their_original_apart_from_id_name_and_a_nearby_price() {
        let catalog = bundled::catalog().unwrap();
        let real = catalog.offers.len();
        let big = multiplied(&catalog, 3 * real);
        assert_eq!(big, multiplied(&catalog, 3 * real), "deterministic");
        let mut moved = 0;
        for (i, copy) in big.offers.iter().enumerate().skip(real) {
            let original = &catalog.offers[i % real];
            let k = i / real;
            assert_eq!(copy.id, format!("{}~{k}", original.id));
            assert!(copy.instance.starts_with(&original.instance));
            assert_eq!(copy.provider, original.provider);
            assert_eq!(copy.accelerator, original.accelerator);
            assert_eq!(copy.count, original.count);
            assert_eq!(copy.prices.len(), original.prices.len());
            for (p, o) in copy.prices.iter().zip(&original.prices) {
                assert_eq!(
                    (&p.region, p.term, p.currency),
                    (&o.region, o.term, o.currency)
                );
                assert_eq!(p.amount.is_some(), o.amount.is_some());
                if let (Some(a), Some(b)) = (p.amount, o.amount) {
                    assert!(a >= b * 0.85 - 1e-9 && a <= b * 1.15 + 1e-9, "{a} vs {b}");
                    moved += usize::from(a != b);
                }
            }
        }
        assert!(moved > real, "prices are perturbed ({moved} moved)");
    }

    #[test]
    fn the_explorer_shows_every_copy_of_a_shown_offer() {
        let catalog = bundled::catalog().unwrap();
        let real = catalog.offers.len();
        let big = multiplied(&catalog, 4 * real);
        let today = bundled::built_on();
        let rates = Rates::new(catalog::fx::Fx::newest(&catalog.fx), None);
        let state = ViewState::default();
        let small = Explorer::new(&catalog)
            .show(&state, &rates, &today)
            .rows
            .len();
        let large = Explorer::new(&big).show(&state, &rates, &today).rows.len();
        assert!(small > 0);
        assert_eq!(large, 4 * small);
    }
}
