//! Everything scoring needs about one offer, as plain numbers and flags.
//!
//! Built once per view from an explorer row (the engine's `explorer::metrics`), so the scorer
//! never looks at the catalog again and the benchmark and property tests can make `Metrics` without one. `None` is
//! unknown: scoring gives an unknown value nothing and says so, and never guesses.

use catalog::freshness::{Freshness, FRESH_MONTHS, STALE_MONTHS};
use catalog::{Confidence, Currency, Interconnect, ProviderCategory, Term};

/// One offer as the scorer sees it, in the view's term, regions and currency.
///
/// Prices are per instance-hour (or per unit-hour) whatever unit the table shows, so
/// scores do not change when the user switches the table to "per month".
#[derive(Debug, Clone, PartialEq)]
pub struct Metrics {
    pub offer_id: String,
    /// The currency of every price below (the view's).
    pub currency: Currency,
    /// The term of the quote behind the prices (a free tier shows as `Free`).
    pub term: Option<Term>,

    // Prices; each derived from `price_per_hour` by `set_price`.
    pub price_per_hour: Option<f64>,
    pub price_per_accelerator_hour: Option<f64>,
    /// Per PFLOP/s of dense BF16 (FP16 where BF16 is unknown) and hour.
    pub price_per_bf16_pflop_hour: Option<f64>,
    /// Per PFLOP/s of dense FP8 and hour; `None` on chips without FP8.
    pub price_per_fp8_pflop_hour: Option<f64>,
    /// Per GB of accelerator memory and hour.
    pub price_per_gb_hour: Option<f64>,
    /// GB/s of memory bandwidth per unit of price per hour; infinite for a free offer.
    pub bandwidth_per_price: Option<f64>,

    // What the instance holds, all accelerators together unless named "per accelerator".
    pub bf16_pflops: Option<f64>,
    pub fp8_pflops: Option<f64>,
    pub memory_bandwidth_gbs: Option<f64>,
    /// Memory of one accelerator; of a fractional accelerator (a vGPU slice), its share.
    pub memory_per_accelerator_gb: Option<f64>,
    pub memory_total_gb: Option<f64>,
    /// Accelerators per instance; `None` for CPU-only offers.
    pub accelerators: Option<f64>,
    /// Chip-to-chip bandwidth per accelerator (NVLink, ICI), GB/s.
    pub interconnect_gbs: Option<f64>,
    /// How the instance's accelerators are joined, as the offer states it or its form factor
    /// implies (`catalog::fabric`); `None` when neither says.
    pub interconnect: Option<Interconnect>,
    /// An RDMA fabric between instances (InfiniBand, RoCE, EFA): `Some(false)` when the offer
    /// describes another network, `None` when it describes none.
    pub fast_network: Option<bool>,
    /// What the calculator's job costs here (all runs, view currency); `None` without a job or
    /// when its time or price is unknown.
    pub job_cost: Option<f64>,
    /// Whether the job runs here: `Some(false)` when it does not fit (or needs a cluster the
    /// provider does not offer), `None` without a job or when its fit is unknown.
    pub job_fits: Option<bool>,
    /// Hours one run of the calculator's job takes here (training and fine-tuning); `None`
    /// without a job, for serving, or when the speed is unknown.
    pub job_hours: Option<f64>,
    /// The price is past the app's "old" mark and the view does not let old prices compete:
    /// such an offer is not ranked (it is listed as left out, with the reason).
    pub old_price: bool,
    /// `interconnect` is implied by the form factor, not stated by the offer.
    pub interconnect_implied: bool,

    // Facts: `false` means no source says so.
    /// NVLink or NVSwitch between the instance's GPUs.
    pub nvlink: bool,
    /// The provider clusters these instances across nodes.
    pub multi_node: bool,
    /// The offer does not say whether it clusters instances: never read as "no".
    pub multi_node_not_stated: bool,
    /// Billing increment in seconds (1 = per-second).
    pub billing_seconds: Option<u32>,
    pub minimum_charge: bool,
    pub spot_available: bool,
    /// The quote is a free tier (price 0).
    pub free: bool,
    pub kubernetes: bool,
    pub framework_images: bool,
    pub notebooks: bool,
    pub storage: bool,
    /// The provider offers research or start-up credits.
    pub research_credits: bool,
    /// The provider sells reserved or committed terms.
    pub reserved_available: bool,

    // Trust.
    /// Whole months from the price's date to today.
    pub age_months: Option<i32>,
    pub freshness: Option<Freshness>,
    pub confidence: Option<Confidence>,
    pub category: ProviderCategory,
}

impl Metrics {
    /// An offer about which nothing is known yet: every value unknown, every fact unstated.
    pub fn unknown(offer_id: impl Into<String>, category: ProviderCategory) -> Metrics {
        Metrics {
            offer_id: offer_id.into(),
            currency: Currency::Usd,
            term: None,
            price_per_hour: None,
            price_per_accelerator_hour: None,
            price_per_bf16_pflop_hour: None,
            price_per_fp8_pflop_hour: None,
            price_per_gb_hour: None,
            bandwidth_per_price: None,
            bf16_pflops: None,
            fp8_pflops: None,
            memory_bandwidth_gbs: None,
            memory_per_accelerator_gb: None,
            memory_total_gb: None,
            accelerators: None,
            interconnect_gbs: None,
            interconnect: None,
            fast_network: None,
            interconnect_implied: false,
            job_cost: None,
            job_fits: None,
            job_hours: None,
            old_price: false,
            nvlink: false,
            multi_node: false,
            multi_node_not_stated: false,
            billing_seconds: None,
            minimum_charge: false,
            spot_available: false,
            free: false,
            kubernetes: false,
            framework_images: false,
            notebooks: false,
            storage: false,
            research_credits: false,
            reserved_available: false,
            age_months: None,
            freshness: None,
            confidence: None,
            category,
        }
    }

    /// Sets the per-instance-hour price and every price derived from it; a negative or
    /// non-finite price counts as unknown.
    pub fn set_price(&mut self, price_per_hour: Option<f64>) {
        // Adding 0.0 turns -0.0 into 0.0: one free price, not two that sort apart.
        let price = price_per_hour
            .filter(|p| p.is_finite() && *p >= 0.0)
            .map(|p| p + 0.0);
        let per = |divisor: Option<f64>| {
            let divisor = divisor.filter(|d| *d > 0.0)?;
            Some(price? / divisor)
        };
        self.price_per_hour = price;
        self.price_per_accelerator_hour = per(self.accelerators);
        self.price_per_bf16_pflop_hour = per(self.bf16_pflops);
        self.price_per_fp8_pflop_hour = per(self.fp8_pflops);
        self.price_per_gb_hour = per(self.memory_total_gb);
        // A free offer buys its bandwidth for nothing: infinitely much per unit of price,
        // which the normaliser scores as the best possible.
        self.bandwidth_per_price = match (self.memory_bandwidth_gbs, price) {
            (Some(bw), Some(p)) if p > 0.0 => Some(bw / p),
            (Some(_), Some(_)) => Some(f64::INFINITY),
            _ => None,
        };
        self.free = price == Some(0.0);
    }

    /// The same offer at another price.
    pub fn repriced(&self, price_per_hour: Option<f64>) -> Metrics {
        let mut m = self.clone();
        m.set_price(price_per_hour);
        m
    }

    /// Dense BF16 PFLOPS of one accelerator (of a fractional one, its share): how fast the
    /// chips are, whatever the instance's size.
    pub fn bf16_pflops_per_accelerator(&self) -> Option<f64> {
        let count = self.accelerators.filter(|c| *c > 0.0)?;
        Some(self.bf16_pflops? / count.max(1.0))
    }

    /// How fresh the price is: `freshness` when set, else judged from `age_months` alone.
    pub fn price_freshness(&self) -> Option<Freshness> {
        self.freshness.or_else(|| {
            self.age_months.map(|months| {
                if months <= FRESH_MONTHS {
                    Freshness::Fresh
                } else if months <= STALE_MONTHS {
                    Freshness::Aging
                } else {
                    Freshness::Stale
                }
            })
        })
    }

    /// No ecosystem fact is stated at all: more likely unresearched than absent.
    pub fn ecosystem_unstated(&self) -> bool {
        !(self.kubernetes || self.framework_images || self.notebooks || self.storage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight_gpu_box() -> Metrics {
        let mut m = Metrics::unknown("p/box", ProviderCategory::GpuCloud);
        m.accelerators = Some(8.0);
        m.bf16_pflops = Some(8.0);
        m.fp8_pflops = Some(16.0);
        m.memory_per_accelerator_gb = Some(80.0);
        m.memory_total_gb = Some(640.0);
        m.memory_bandwidth_gbs = Some(8.0 * 3_350.0);
        m
    }

    #[test]
    fn every_unit_price_follows_the_hourly_price() {
        let m = eight_gpu_box().repriced(Some(32.0));
        assert_eq!(m.price_per_accelerator_hour, Some(4.0));
        assert_eq!(m.price_per_bf16_pflop_hour, Some(4.0));
        assert_eq!(m.price_per_fp8_pflop_hour, Some(2.0));
        assert_eq!(m.price_per_gb_hour, Some(0.05));
        assert_eq!(m.bandwidth_per_price, Some(8.0 * 3_350.0 / 32.0));
        assert!(!m.free);
        assert_eq!(m.bf16_pflops_per_accelerator(), Some(1.0));
    }

    #[test]
    fn a_slice_of_an_accelerator_has_its_share_of_the_throughput() {
        let mut m = Metrics::unknown("p/slice", ProviderCategory::GpuCloud);
        m.accelerators = Some(0.25);
        m.bf16_pflops = Some(0.25);
        assert_eq!(m.bf16_pflops_per_accelerator(), Some(0.25));
    }

    #[test]
    fn an_unknown_divisor_leaves_its_unit_price_unknown() {
        let mut m = eight_gpu_box();
        m.fp8_pflops = None;
        m.set_price(Some(10.0));
        assert_eq!(m.price_per_fp8_pflop_hour, None);
        assert!(m.price_per_bf16_pflop_hour.is_some());
    }

    #[test]
    fn a_free_offer_is_free_and_infinitely_bandwidth_efficient() {
        let m = eight_gpu_box().repriced(Some(0.0));
        assert!(m.free);
        assert_eq!(m.price_per_bf16_pflop_hour, Some(0.0));
        assert_eq!(m.bandwidth_per_price, Some(f64::INFINITY));
    }

    #[test]
    fn a_nonsense_price_counts_as_unknown() {
        for bad in [-1.0, f64::NAN, f64::INFINITY] {
            let m = eight_gpu_box().repriced(Some(bad));
            assert_eq!(m.price_per_hour, None);
            assert_eq!(m.price_per_gb_hour, None);
            assert_eq!(m.bandwidth_per_price, None);
        }
    }
}
