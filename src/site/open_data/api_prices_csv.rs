//! `data/v1/api-prices.csv`: one row per model and hosted-API provider — what each charges per
//! million tokens — with the model's facts beside the price, so a row read alone says what
//! was priced, where, when and by whose account. Unknown is an empty cell, never zero: a
//! provider that states no cached-input price has an empty `cached_input_per_million`.

use engine::catalog::api_prices::{ApiCatalog, ApiModel, ApiPrice, ApiProvider};

use super::offers_csv::number;
use super::paths::API_PRICES_CSV;
use crate::{File, Site};

/// The columns, in order (docs/open-data.md explains each one).
pub const COLUMNS: [&str; 26] = [
    "model_id",
    "model_name",
    "maker",
    "architecture",
    "params_b",
    "active_params_b",
    "open_weights",
    "provider_id",
    "provider_name",
    "provider_model",
    "input_per_million",
    "output_per_million",
    "cached_input_per_million",
    "batch_input_per_million",
    "batch_output_per_million",
    "currency",
    "quantization",
    "context_tokens",
    "as_of",
    "source_id",
    "source_title",
    "source_url",
    "source_kind",
    "confidence",
    "model_source_url",
    "note",
];

pub fn file(site: &Site) -> Result<File, String> {
    let err = |e: csv::Error| format!("{API_PRICES_CSV}: {e}");
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(COLUMNS).map_err(err)?;
    for price in &site.api.prices {
        let model = site.api.model(&price.model);
        let provider = site.api.provider(&price.provider);
        out.write_record(row(&site.api, price, model, provider))
            .map_err(err)?;
    }
    let body = out
        .into_inner()
        .map_err(|e| format!("{API_PRICES_CSV}: {}", e.error()))?;
    Ok(File {
        path: API_PRICES_CSV.to_string(),
        body,
    })
}

fn row(
    api: &ApiCatalog,
    price: &ApiPrice,
    model: Option<&ApiModel>,
    provider: Option<&ApiProvider>,
) -> [String; 26] {
    let amount = |value: Option<f64>| value.map(number).unwrap_or_default();
    let source = api.price_source(&price.source);
    let model_source = model.and_then(|m| api.model_source(&m.source));
    [
        price.model.clone(),
        model.map(|m| m.name.clone()).unwrap_or_default(),
        model.map(|m| m.maker.clone()).unwrap_or_default(),
        model
            .and_then(|m| m.architecture)
            .map(|a| serde_text(&a))
            .unwrap_or_default(),
        amount(model.and_then(|m| m.params_b)),
        amount(model.and_then(|m| m.active_params_b)),
        model
            .map(|m| m.open_weights.to_string())
            .unwrap_or_default(),
        price.provider.clone(),
        provider.map(|p| p.name.clone()).unwrap_or_default(),
        price.provider_model.clone(),
        amount(price.input),
        amount(price.output),
        amount(price.cached_input),
        amount(price.batch_input),
        amount(price.batch_output),
        price.currency.code().to_string(),
        price
            .quantization
            .map(|q| serde_text(&q))
            .unwrap_or_default(),
        price
            .context_tokens
            .map(|c| c.to_string())
            .unwrap_or_default(),
        price.as_of.to_string(),
        price.source.clone(),
        source.map(|s| s.title.clone()).unwrap_or_default(),
        source.map(|s| s.url.clone()).unwrap_or_default(),
        source.map(|s| serde_text(&s.kind)).unwrap_or_default(),
        serde_text(&price.confidence),
        model_source.map(|s| s.url.clone()).unwrap_or_default(),
        price.note.clone().unwrap_or_default(),
    ]
}

/// An enum's name as `catalog/api/` and `api-prices.json` spell it ("moe", "fp8").
fn serde_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}
