//! The hosted-API catalog's values: models, the providers that serve them by the token, and
//! their prices per million tokens, each with its source and date. Unknown is `None`.

use serde::{Deserialize, Serialize};

use crate::date::AsOf;
use crate::model::{Confidence, Currency, Source};

/// Everything `catalog/api/` holds, validated. Kept apart from the GPU offer [`crate::Catalog`]:
/// a token price is not an offer of hardware, and neither file format depends on the other.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct ApiCatalog {
    pub models: Vec<ApiModel>,
    /// Where the models' facts come from (`models.toml`).
    pub model_sources: Vec<Source>,
    pub providers: Vec<ApiProvider>,
    /// Where the prices come from (`providers.toml`).
    pub price_sources: Vec<Source>,
    pub prices: Vec<ApiPrice>,
}

/// One model as its maker describes it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ApiModel {
    pub id: String,
    pub name: String,
    pub maker: String,
    pub family: String,
    /// `None` for closed models whose makers do not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub architecture: Option<ModelArchitecture>,
    /// Total parameters, billions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub params_b: Option<f64>,
    /// Parameters active per token, billions: stated for mixture-of-experts models only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_params_b: Option<f64>,
    /// The longest context the maker states for the weights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<u64>,
    /// Weights published: the model can be run on rented GPUs. A closed model is only a
    /// reference point for API prices.
    pub open_weights: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub released: Option<AsOf>,
    /// A `model_sources` id.
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ApiModel {
    /// Whether someone could serve it themselves; today that is the same as open weights.
    pub fn self_hostable(&self) -> bool {
        self.open_weights
    }

    /// Parameters each token passes through: the active ones of a mixture of experts, all of
    /// a dense model's. This, not the total, sets the compute per token.
    pub fn params_per_token_b(&self) -> Option<f64> {
        match self.architecture? {
            ModelArchitecture::Dense => self.params_b,
            ModelArchitecture::Moe => self.active_params_b,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum ModelArchitecture {
    Dense,
    /// Mixture of experts: every parameter is held in memory, a few experts run per token.
    Moe,
}

/// A company that sells a model's tokens.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ApiProvider {
    pub id: String,
    pub name: String,
    pub category: ApiProviderCategory,
    pub homepage: String,
    /// The same company's id among the GPU providers (`catalog/providers/<id>.toml`), when it
    /// also rents GPUs: the app can put its token price beside its own hardware.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_provider: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum ApiProviderCategory {
    /// Serves open models by the token on its own GPUs or chips (Together, Groq, Cerebras).
    Inference,
    /// A hyperscaler's model service (Bedrock, Vertex AI, Azure AI Foundry).
    Hyperscaler,
    /// A general cloud's model service (DigitalOcean, Scaleway, OVHcloud, Cloudflare).
    Cloud,
    /// Resells other providers' endpoints under one API (OpenRouter).
    Router,
    /// The model's maker selling its own models (OpenAI, Anthropic, Mistral).
    ModelMaker,
}

/// One provider's price for one model, per million tokens in `currency`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ApiPrice {
    /// An [`ApiModel`] id.
    pub model: String,
    /// An [`ApiProvider`] id.
    pub provider: String,
    /// The provider's own name for the model (what its API is called with).
    pub provider_model: String,
    /// Per million input (prompt) tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<f64>,
    /// Per million output (completion) tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<f64>,
    /// Per million input tokens read from the provider's prompt cache; `None`: the source
    /// states no cached price (never read as free).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cached_input: Option<f64>,
    /// The batch (asynchronous) prices, where offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_input: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch_output: Option<f64>,
    pub currency: Currency,
    /// The precision the provider says it serves the weights in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantization: Option<Quantization>,
    /// The context the provider serves, often shorter than the model's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_tokens: Option<u64>,
    /// When the price was true at its source.
    pub as_of: AsOf,
    /// A `price_sources` id.
    pub source: String,
    pub confidence: Confidence,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum Quantization {
    Bf16,
    Fp16,
    Fp8,
    Fp4,
    Nvfp4,
    Mxfp4,
    Int8,
    Int4,
}

/// What a workload's tokens are: the share that is input, and the share of input the
/// provider's prompt cache serves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TokenMix {
    /// Input tokens / all tokens, 0..=1.
    pub input_share: f64,
    /// Cached input tokens / input tokens, 0..=1.
    pub cache_hit_share: f64,
}

impl ApiPrice {
    /// The price of a million tokens of this mix; `None` when a price the mix needs is
    /// unknown. Cache hits at a provider that states no cached price are billed as plain
    /// input: without a stated discount there is none to apply.
    pub fn per_million(&self, mix: TokenMix) -> Option<f64> {
        let input_share = mix.input_share.clamp(0.0, 1.0);
        let hit = mix.cache_hit_share.clamp(0.0, 1.0);
        let input = if input_share > 0.0 { self.input? } else { 0.0 };
        let output = if input_share < 1.0 { self.output? } else { 0.0 };
        let cached = self.cached_input.unwrap_or(input);
        Some(input_share * ((1.0 - hit) * input + hit * cached) + (1.0 - input_share) * output)
    }
}

impl ApiCatalog {
    pub fn model(&self, id: &str) -> Option<&ApiModel> {
        self.models.iter().find(|m| m.id == id)
    }

    pub fn provider(&self, id: &str) -> Option<&ApiProvider> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// The source a price cites.
    pub fn price_source(&self, id: &str) -> Option<&Source> {
        self.price_sources.iter().find(|s| s.id == id)
    }

    pub fn model_source(&self, id: &str) -> Option<&Source> {
        self.model_sources.iter().find(|s| s.id == id)
    }

    /// Every price of one model.
    pub fn prices_of<'a>(&'a self, model: &'a str) -> impl Iterator<Item = &'a ApiPrice> + 'a {
        self.prices.iter().filter(move |p| p.model == model)
    }

    /// The lowest price of a million tokens of `mix` for `model` in `currency`, with the
    /// row that gives it; rows missing a price the mix needs are passed over.
    pub fn cheapest(
        &self,
        model: &str,
        currency: Currency,
        mix: TokenMix,
    ) -> Option<(&ApiPrice, f64)> {
        self.prices
            .iter()
            .filter(|p| p.model == model && p.currency == currency)
            .filter_map(|p| Some((p, p.per_million(mix)?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The oldest and newest `as_of` of the prices.
    pub fn date_range(&self) -> Option<(AsOf, AsOf)> {
        let key = |d: &AsOf| d.days_since_epoch();
        let oldest = self.prices.iter().map(|p| p.as_of).min_by_key(key)?;
        let newest = self.prices.iter().map(|p| p.as_of).max_by_key(key)?;
        Some((oldest, newest))
    }
}
