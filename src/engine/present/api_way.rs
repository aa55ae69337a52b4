//! The hosted-API way to serve a job: the cheapest provider's price for the job's model (or,
//! when the job names none the catalog prices, the open-weight model nearest its size, said
//! so), billed by the token at the job's input/output mix and prompt-cache share.

use crate::pricing::Rates;
use catalog::api_prices::{ApiCatalog, ApiModel, ApiPrice, TokenMix};
use catalog::{AsOf, Currency};
use workload::{Job, Workload};

/// How the priced model stands to the job's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ModelMatch {
    /// The model the job names, at its size.
    Named,
    /// No price for the job's own model: the open-weight model nearest its size.
    NearestSize,
}

/// The cheapest hosted API for a serving job.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiWay {
    pub model: String,
    pub model_name: String,
    /// Total parameters of the priced model, billions.
    pub params_b: Option<f64>,
    pub matched: ModelMatch,
    pub provider: String,
    pub provider_name: String,
    /// What the provider calls the model.
    pub provider_model: String,
    /// A million tokens of the job's mix (input and output together), in `currency`.
    pub per_million: f64,
    /// Tokens billed per output token (1 + the job's prompt tokens per output token).
    pub tokens_per_output: f64,
    /// A day at the job's volume.
    pub per_day: f64,
    pub currency: Currency,
    /// Whether the provider states a price for cached prompt tokens (if not, cache hits are
    /// billed as plain input: there is no stated discount to apply).
    pub cached_stated: bool,
    pub as_of: AsOf,
    pub source_title: String,
    pub source_url: String,
}

impl ApiWay {
    /// A day at `tokens_per_day` output tokens (the prompt tokens in the job's proportion):
    /// billed by the token, so in proportion.
    pub fn per_day_at(&self, tokens_per_day: f64) -> f64 {
        self.per_million * tokens_per_day * self.tokens_per_output / 1e6
    }
}

/// The job's tokens as an API bills them; `None` for a job that is not serving.
pub fn mix(job: &Job) -> Option<(TokenMix, f64)> {
    let Workload::Inference {
        tokens_per_day,
        input_tokens_per_day,
        cache_hit_share,
        ..
    } = &job.workload
    else {
        return None;
    };
    let all = tokens_per_day + input_tokens_per_day;
    let mix = TokenMix {
        input_share: if all > 0.0 {
            input_tokens_per_day / all
        } else {
            0.0
        },
        cache_hit_share: *cache_hit_share,
    };
    let per_output = if *tokens_per_day > 0.0 {
        all / tokens_per_day
    } else {
        1.0
    };
    Some((mix, per_output))
}

/// The cheapest hosted API serving the job's model, in `currency`; `None` for a job that is
/// not serving or when no model near it has a price the mix can be billed at.
pub fn cheapest(api: &ApiCatalog, job: &Job, rates: &Rates, currency: Currency) -> Option<ApiWay> {
    let Workload::Inference {
        params_b,
        tokens_per_day,
        model,
        ..
    } = &job.workload
    else {
        return None;
    };
    let (mix, tokens_per_output) = mix(job)?;
    let named = model
        .as_deref()
        .and_then(|id| api.model(id))
        .filter(|m| m.params_b.is_some_and(|p| same_size(p, *params_b)))
        .and_then(|m| {
            Some((
                m,
                best_price(api, m, mix, rates, currency)?,
                ModelMatch::Named,
            ))
        });
    let (model, (price, per_million), matched) = named.or_else(|| {
        api.models
            .iter()
            .filter(|m| m.self_hostable())
            .filter_map(|m| Some((m, m.params_b?, best_price(api, m, mix, rates, currency)?)))
            .min_by(|a, b| {
                size_gap(a.1, *params_b)
                    .total_cmp(&size_gap(b.1, *params_b))
                    .then_with(|| a.2 .1.total_cmp(&b.2 .1))
                    .then_with(|| a.0.id.cmp(&b.0.id))
            })
            .map(|(m, _, price)| (m, price, ModelMatch::NearestSize))
    })?;
    let provider = api.provider(&price.provider);
    let source = api.price_source(&price.source);
    Some(ApiWay {
        model: model.id.clone(),
        model_name: model.name.clone(),
        params_b: model.params_b,
        matched,
        provider: price.provider.clone(),
        provider_name: provider.map_or_else(|| price.provider.clone(), |p| p.name.clone()),
        provider_model: price.provider_model.clone(),
        per_million,
        tokens_per_output,
        per_day: per_million * tokens_per_day * tokens_per_output / 1e6,
        currency,
        cached_stated: price.cached_input.is_some(),
        as_of: price.as_of,
        source_title: source.map_or_else(String::new, |s| s.title.clone()),
        source_url: source.map_or_else(String::new, |s| s.url.clone()),
    })
}

/// The provider price of `model` that bills a million tokens of `mix` for least, converted
/// to `currency`; ties go to the provider whose id sorts first.
fn best_price<'a>(
    api: &'a ApiCatalog,
    model: &'a ApiModel,
    mix: TokenMix,
    rates: &Rates,
    currency: Currency,
) -> Option<(&'a ApiPrice, f64)> {
    api.prices_of(&model.id)
        .filter_map(|p| {
            let amount = rates.convert(p.per_million(mix)?, p.currency, currency)?;
            Some((p, amount))
        })
        .min_by(|a, b| {
            a.1.total_cmp(&b.1)
                .then_with(|| a.0.provider.cmp(&b.0.provider))
        })
}

/// Sizes as a ratio: 8B is as far from 70B as 70B is from 612B.
fn size_gap(a: f64, b: f64) -> f64 {
    (a.max(1e-9) / b.max(1e-9)).ln().abs()
}

/// The job's size is the named model's (within half a percent): a size typed over a named
/// model's makes the name no longer the job's.
fn same_size(a: f64, b: f64) -> bool {
    size_gap(a, b) < 0.005
}
