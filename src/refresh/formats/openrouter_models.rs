//! OpenRouter's public model list, `GET https://openrouter.ai/api/v1/models` (no key needed):
//! `data` holds one item per model with `id`, `context_length` and `pricing`, whose
//! `prompt`, `completion` and `input_cache_read` are USD per token written as strings.
//!
//! Free variants (`…:free`, prices "0") are not serving prices and are passed over; the
//! routers (`openrouter/auto`) state "-1", a price decided per request, and are passed over
//! by name. A price that is not a number is skipped with its item and field.

use serde::Deserialize;

use crate::api_quote::{ApiParsed, ApiQuote};
use crate::quote::{checked_price, SourceProblem};

#[derive(Deserialize)]
struct Model {
    id: String,
    #[serde(default)]
    context_length: Option<u64>,
    pricing: Pricing,
}

#[derive(Deserialize)]
struct Pricing {
    prompt: String,
    completion: String,
    #[serde(default)]
    input_cache_read: Option<String>,
}

/// Per token → per million, rounded to what a price list writes (USD 0.000000039 per token
/// is 0.039, not 0.039000000000000004).
fn per_million(text: &str, place: &str, field: &str) -> Result<Option<f64>, SourceProblem> {
    let value: f64 = text.trim().parse().map_err(|_| {
        SourceProblem::new(place, field, format!("{text:?} is not a price per token"))
    })?;
    if value == -1.0 {
        return Ok(None);
    }
    let million = checked_price(value, place, field)? * 1e6;
    Ok((million > 0.0).then(|| (million * 1e9).round() / 1e9))
}

pub(super) fn parse(text: &str) -> Result<ApiParsed, SourceProblem> {
    let (models, skipped) = super::json::items::<Model>(text, "data", "an OpenRouter model list")?;
    let mut parsed = ApiParsed {
        skipped,
        ..ApiParsed::default()
    };
    for (n, model) in models {
        if model.id.ends_with(":free") {
            continue;
        }
        let place = format!("item {n}");
        let read = |text: &str, field: &str| per_million(text, &place, field);
        let prices = (
            read(&model.pricing.prompt, "pricing.prompt"),
            read(&model.pricing.completion, "pricing.completion"),
            model
                .pricing
                .input_cache_read
                .as_deref()
                .map(|t| read(t, "pricing.input_cache_read"))
                .transpose(),
        );
        let (input, output, cached_input) = match prices {
            (Ok(i), Ok(o), Ok(c)) => (i, o, c.flatten()),
            (Err(p), _, _) | (_, Err(p), _) | (_, _, Err(p)) => {
                parsed.skipped.push(p);
                continue;
            }
        };
        if input.is_none() && output.is_none() {
            continue;
        }
        parsed.quotes.push(ApiQuote {
            sku: model.id,
            input,
            output,
            cached_input,
            context_tokens: model.context_length,
            line: n,
        });
    }
    Ok(parsed)
}
