//! What a hosted-API price source says about one model: its prices per million tokens,
//! before they are matched to a row of `catalog/api/prices.csv`.

use crate::quote::SourceProblem;

/// One model's token prices as a source states them, in USD per million tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiQuote {
    /// The source's own name for the model ("meta-llama/llama-3.3-70b-instruct").
    pub sku: String,
    pub input: Option<f64>,
    pub output: Option<f64>,
    /// `None`: the source states no cached-input price (never read as free).
    pub cached_input: Option<f64>,
    pub context_tokens: Option<u64>,
    /// Item number in the source, for messages.
    pub line: usize,
}

/// What a parser made of a source: the quotes it could read and the items it had to skip.
/// A source that cannot be read at all is an `Err(SourceProblem)` instead.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ApiParsed {
    pub quotes: Vec<ApiQuote>,
    pub skipped: Vec<SourceProblem>,
}
