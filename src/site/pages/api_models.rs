//! What a model page says, computed once: the open-weight models of the hosted-API catalog,
//! each provider's price blended at one stated token mix, the memory the weights need at
//! three precisions, and the rented GPUs each fits on.
//!
//! Two rules are the pages' own and stated on them: the mix ([`MIX`]: 3 input tokens to 1
//! output, no cache hits) and the fit ([`HEADROOM`]: one GPU's memory holds the weights and
//! a fifth more for the KV cache and the runtime). Weights are the parameter count times the
//! bytes per parameter the calculator counts (`workload::Quant::bytes_per_param`).

use engine::catalog::api_prices::{ApiCatalog, ApiModel, ApiPrice, ApiProvider, TokenMix};
use engine::catalog::Currency;
use engine::workload::Quant;

use super::accelerator;

/// The mix the pages rank API prices by: three input tokens to one output token (a chat or
/// retrieval prompt longer than its answer), none read from a prompt cache.
pub const MIX: TokenMix = TokenMix {
    input_share: 0.75,
    cache_hit_share: 0.0,
};

/// The precisions a page sizes the weights at, widest first.
pub const PRECISIONS: [Quant; 3] = [Quant::Bf16, Quant::Fp8, Quant::Int4];

/// One GPU fits a model when its memory is at least the weights times this: the fifth more
/// is for the KV cache of a few sequences, activations and the serving runtime.
pub const HEADROOM: f64 = 1.2;

/// Every open-weight model, in the catalog's order: those are the ones with a page (a closed
/// model cannot be served on rented GPUs; the loader requires an open model's size).
pub fn listed(api: &ApiCatalog) -> impl Iterator<Item = &ApiModel> {
    api.models
        .iter()
        .filter(|m| m.open_weights && m.params_b.is_some())
}

/// One provider's price of a model, with its blend.
pub struct Quote<'s> {
    pub price: &'s ApiPrice,
    pub provider: Option<&'s ApiProvider>,
    /// The price of a million tokens of [`MIX`]; `None` when input or output is unknown.
    pub blended: Option<f64>,
}

/// The weights' memory at one precision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Need {
    pub quant: Quant,
    /// Parameters × bytes per parameter, in GB (10⁹ bytes).
    pub weights_gb: f64,
    /// What one GPU must hold: the weights × [`HEADROOM`].
    pub needed_gb: f64,
}

/// A rented GPU and the precisions ([`PRECISIONS`]'s order) at which the model fits on one.
pub struct GpuFit<'f, 's> {
    pub gpu: &'f accelerator::Facts<'s>,
    pub fits: [bool; 3],
}

pub struct ModelFacts<'f, 's> {
    pub model: &'s ApiModel,
    /// Its prices, by currency (dollars first), then cheapest blend first; unknown blends last.
    pub quotes: Vec<Quote<'s>>,
    pub needs: [Need; 3],
    /// Every rented GPU it fits on at one precision at least, cheapest on demand first.
    pub gpus: Vec<GpuFit<'f, 's>>,
}

impl<'f, 's> ModelFacts<'f, 's> {
    pub fn of(
        api: &'s ApiCatalog,
        model: &'s ApiModel,
        rented: &'f [accelerator::Facts<'s>],
    ) -> ModelFacts<'f, 's> {
        let mut quotes: Vec<Quote<'s>> = api
            .prices_of(&model.id)
            .map(|price| Quote {
                price,
                provider: api.provider(&price.provider),
                blended: price.per_million(MIX),
            })
            .collect();
        quotes.sort_by(|a, b| {
            currency_rank(a.price.currency)
                .cmp(&currency_rank(b.price.currency))
                .then_with(|| match (a.blended, b.blended) {
                    (Some(x), Some(y)) => x.total_cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                })
                .then_with(|| name(a).cmp(name(b)))
        });
        let params_b = model.params_b.unwrap_or(0.0);
        let needs = PRECISIONS.map(|quant| need(params_b, quant));
        let mut gpus: Vec<GpuFit<'f, 's>> = rented
            .iter()
            .filter_map(|gpu| {
                let memory = gpu.accelerator.specs.memory_gb?;
                let fits = needs.map(|n| fits(memory, &n));
                fits.contains(&true).then_some(GpuFit { gpu, fits })
            })
            .collect();
        gpus.sort_by(|a, b| {
            let price = |g: &GpuFit<'_, '_>| {
                g.gpu
                    .cheapest()
                    .and_then(|r| r.quote.as_ref())
                    .and_then(|q| q.per_accelerator)
            };
            match (price(a), price(b)) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
            .then_with(|| a.gpu.accelerator.label().cmp(&b.gpu.accelerator.label()))
        });
        ModelFacts {
            model,
            quotes,
            needs,
            gpus,
        }
    }

    /// The cheapest blend: the first quote when its blend is known.
    pub fn cheapest(&self) -> Option<&Quote<'s>> {
        self.quotes.first().filter(|q| q.blended.is_some())
    }

    /// The GPUs it fits on at the precision of index `i` (in [`PRECISIONS`]), cheapest first.
    pub fn fitting(&self, i: usize) -> impl Iterator<Item = &GpuFit<'f, 's>> {
        self.gpus.iter().filter(move |g| g.fits[i])
    }
}

/// The weights of `params_b` billion parameters at `quant`, and what one GPU must hold.
pub fn need(params_b: f64, quant: Quant) -> Need {
    let weights_gb = params_b * quant.bytes_per_param();
    Need {
        quant,
        weights_gb,
        needed_gb: weights_gb * HEADROOM,
    }
}

/// Whether one GPU of `memory_gb` holds `need`.
pub fn fits(memory_gb: f64, need: &Need) -> bool {
    memory_gb >= need.needed_gb
}

fn currency_rank(currency: Currency) -> u8 {
    match currency {
        Currency::Usd => 0,
        Currency::Eur => 1,
        Currency::Cny => 2,
    }
}

fn name<'a>(quote: &'a Quote<'_>) -> &'a str {
    quote
        .provider
        .map_or(quote.price.provider.as_str(), |p| p.name.as_str())
}
