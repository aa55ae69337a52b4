//! Seeded synthetic offers for the property tests and the scoring benchmark.
//!
//! Plausible, not real: a handful of accelerator shapes at scattered prices, with some values
//! unknown and some offers free, so every branch of scoring is exercised. A small xorshift
//! generator keeps the engine free of a `rand` dependency and the sets reproducible.

use super::Metrics;
use catalog::{Confidence, Currency, Interconnect, ProviderCategory, Term};

/// Marsaglia's xorshift64*: fast, seedable, good enough for test data (not for secrets).
#[derive(Debug, Clone)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        // Zero is xorshift's one fixed point; any other seed works.
        XorShift((seed ^ 0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// An accelerator shape: memory GB, dense BF16 TFLOPS, FP8 TFLOPS, memory bandwidth GB/s,
/// chip-to-chip GB/s, a typical price per accelerator-hour in USD.
type Shape = (f64, f64, Option<f64>, f64, Option<f64>, f64);

const SHAPES: [Shape; 9] = [
    (16.0, 65.0, None, 320.0, None, 0.35),
    (24.0, 121.0, Some(242.0), 300.0, None, 0.7),
    (24.0, 125.0, None, 600.0, None, 0.75),
    (24.0, 165.0, Some(330.0), 1_008.0, None, 0.4),
    (80.0, 312.0, None, 2_039.0, Some(600.0), 1.8),
    (80.0, 989.0, Some(1_979.0), 3_350.0, Some(900.0), 2.8),
    (141.0, 989.0, Some(1_979.0), 4_800.0, Some(900.0), 3.6),
    (192.0, 1_307.0, Some(2_615.0), 5_300.0, Some(896.0), 3.0),
    (180.0, 2_250.0, Some(4_500.0), 8_000.0, Some(1_800.0), 5.5),
];

/// `n` offers from `seed`, with ids "synthetic/000042"; the same seed gives the same offers.
pub fn offers(n: usize, seed: u64) -> Vec<Metrics> {
    let mut rng = XorShift::new(seed);
    (0..n)
        .map(|i| offer(&mut rng, format!("synthetic/{i:06}")))
        .collect()
}

/// One random offer.
pub fn offer(rng: &mut XorShift, id: String) -> Metrics {
    let (memory, bf16, fp8, bandwidth, link_gbs, typical) = rng.pick(&SHAPES);
    let count = rng.pick(&[0.5, 1.0, 1.0, 1.0, 2.0, 4.0, 8.0, 8.0]);
    let unknown = |rng: &mut XorShift, v: Option<f64>| v.filter(|_| !rng.chance(0.05));
    let category = rng.pick(&[
        ProviderCategory::Hyperscaler,
        ProviderCategory::GpuCloud,
        ProviderCategory::Marketplace,
        ProviderCategory::China,
    ]);
    let mut m = Metrics::unknown(id, category);
    m.currency = Currency::Usd;
    m.term = Some(rng.pick(&[Term::OnDemand, Term::OnDemand, Term::Spot, Term::Reserved1y]));
    m.accelerators = Some(count);
    m.bf16_pflops = unknown(rng, Some(bf16 * count / 1_000.0));
    m.fp8_pflops = fp8.map(|t| t * count / 1_000.0);
    m.memory_bandwidth_gbs = unknown(rng, Some(bandwidth * count));
    m.memory_per_accelerator_gb = unknown(rng, Some(memory));
    m.memory_total_gb = m.memory_per_accelerator_gb.map(|g| g * count);
    m.interconnect_gbs = link_gbs;
    if count > 1.0 {
        m.interconnect = rng.pick(&[
            Some(Interconnect::Nvlink),
            Some(Interconnect::Nvswitch),
            Some(Interconnect::Pcie),
            Some(Interconnect::Ici),
            None,
        ]);
    }
    m.nvlink = matches!(
        m.interconnect,
        Some(Interconnect::Nvlink | Interconnect::Nvswitch)
    );
    m.fast_network = rng.pick(&[Some(count >= 8.0), None]);
    m.multi_node = m.fast_network == Some(true) || rng.chance(0.1);
    m.billing_seconds = rng.pick(&[Some(1), Some(60), Some(3_600), Some(86_400), None]);
    m.minimum_charge = rng.chance(0.1);
    m.spot_available = rng.chance(0.4);
    m.kubernetes = rng.chance(0.4);
    m.framework_images = rng.chance(0.5);
    m.notebooks = rng.chance(0.3);
    m.storage = rng.chance(0.5);
    m.research_credits = rng.chance(0.1);
    m.reserved_available = rng.chance(0.5);
    let age = rng.below(40) as f64;
    m.age_months = unknown(rng, Some(age)).map(|a| a as i32);
    m.confidence = if rng.chance(0.05) {
        None
    } else {
        Some(rng.pick(&[Confidence::Low, Confidence::Medium, Confidence::High]))
    };
    // Prices scatter over a factor of about 6 around the typical one; a few are unknown
    // and a few free.
    let price = if rng.chance(0.01) {
        Some(0.0)
    } else {
        let factor = (rng.unit() * 1.8 - 0.6).exp();
        unknown(rng, Some(typical * count * factor))
    };
    m.set_price(price);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_offers() {
        assert_eq!(offers(200, 7), offers(200, 7));
        assert_ne!(offers(200, 7), offers(200, 8));
    }

    #[test]
    fn units_stay_in_range() {
        let mut rng = XorShift::new(0);
        for _ in 0..10_000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
            assert!(rng.below(3) < 3);
        }
    }
}
