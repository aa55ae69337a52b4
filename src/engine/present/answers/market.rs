//! What each accelerator variant costs across the market, as data: the market view's rows
//! (`present::market`) with every pick a [`PriceClaim`], so `gpu-atlas market`, its MCP tool
//! and the site's `data/v1/market.json` say exactly what the app's Market tab says.

use serde::Serialize;

use super::claim::{PriceClaim, Unit};
use crate::explorer::Explorer;
use crate::present::market::{self, MarketRow, Pick};
use crate::pricing::{PriceBasis, Rates};
use crate::view::state::ViewState;
use catalog::{Accelerator, AsOf, Vendor};

/// The variant a market line is about.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantRef {
    pub id: String,
    /// "NVIDIA H100 SXM5 80GB".
    pub name: String,
    pub vendor: Vendor,
    pub memory_gb: Option<f64>,
    /// Dense BF16 TFLOPS (FP16 where the chip has no BF16); `None`: no source states it.
    pub bf16_tflops: Option<f64>,
}

impl VariantRef {
    pub fn of(accelerator: &Accelerator) -> VariantRef {
        VariantRef {
            id: accelerator.id.clone(),
            name: accelerator.label(),
            vendor: accelerator.vendor,
            memory_gb: accelerator.specs.memory_gb,
            bf16_tflops: accelerator
                .specs
                .bf16_tflops
                .or(accelerator.specs.fp16_tflops),
        }
    }
}

/// How the known on-demand prices per accelerator spread, and the cheapest of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnDemand {
    pub cheapest: PriceClaim,
    pub low: f64,
    pub p25: f64,
    pub median: f64,
    pub p75: f64,
    pub high: f64,
    /// Offers with a known on-demand price, and how many providers they belong to.
    pub offers: usize,
    pub providers: usize,
}

/// One variant's prices in one market (all regions, or one area).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Prices {
    pub on_demand: Option<OnDemand>,
    /// The cheapest spot price per accelerator.
    pub spot: Option<PriceClaim>,
    /// The cheapest of 1-year, 3-year and monthly commitments; its `term` says which.
    pub committed: Option<PriceClaim>,
    /// Offers sold on demand whose price no source gave: counted, never guessed.
    pub unknown: usize,
    /// Free tiers, not counted as market prices.
    pub free: usize,
    /// Prices older than 18 months, left out of the figures above as the app leaves them out.
    pub older: usize,
}

impl Prices {
    pub fn of(row: &MarketRow<'_>, today: &AsOf) -> Prices {
        let claim =
            |pick: &Option<Pick<'_>>| pick.as_ref().and_then(|p| PriceClaim::of(&p.row, today));
        Prices {
            on_demand: row
                .on_demand
                .zip(claim(&row.cheapest))
                .map(|(spread, cheapest)| OnDemand {
                    cheapest,
                    low: spread.low,
                    p25: spread.p25,
                    median: spread.median,
                    p75: spread.p75,
                    high: spread.high,
                    offers: row.offers,
                    providers: row.providers(),
                }),
            spot: claim(&row.spot),
            committed: claim(&row.committed),
            unknown: row.unknown,
            free: row.free,
            older: row.older,
        }
    }
}

/// One line of the market.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantMarket {
    pub accelerator: VariantRef,
    #[serde(flatten)]
    pub prices: Prices,
}

/// The market a view shows: one line per variant its filters keep, in the Market tab's order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarketAnswer {
    /// Every price below is per accelerator, in this currency and duration.
    pub unit: Unit,
    /// The day ages are counted to.
    pub today: AsOf,
    pub variants: Vec<VariantMarket>,
}

/// The view's prices per accelerator (the market's unit, whatever basis the view shows).
pub fn per_accelerator(state: &ViewState) -> ViewState {
    let mut state = state.clone();
    state.price.basis = PriceBasis::Accelerator;
    state
}

/// The market of `state` (its filters, regions, currency and duration).
pub fn answer(
    explorer: &Explorer<'_>,
    state: &ViewState,
    rates: &Rates,
    today: &AsOf,
) -> MarketAnswer {
    let state = per_accelerator(state);
    let rows = market::market(explorer, &state, rates, today);
    MarketAnswer {
        unit: Unit::from(&state.price),
        today: *today,
        variants: rows
            .iter()
            .map(|row| VariantMarket {
                accelerator: VariantRef::of(row.accelerator),
                prices: Prices::of(row, today),
            })
            .collect(),
    }
}
