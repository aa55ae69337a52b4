//! Reads and validates `catalog/api/`: `models.toml`, `providers.toml` and `prices.csv`.
//! Every problem names the file, the row or entry, and the field; the loader keeps going
//! after one, so a single run lists them all.

use std::path::Path;

use serde::de::{value::Error as ValueError, IntoDeserializer};
use serde::Deserialize;

use super::model::{
    ApiCatalog, ApiModel, ApiPrice, ApiProvider, ApiProviderCategory, ModelArchitecture,
};
use crate::date::AsOf;
use crate::load::rules::{check_sources, is_plain_id, toml_message};
use crate::load::SourceFile;
use crate::model::Source;
use crate::problem::Problem;

/// The columns of `api/prices.csv`, in order (the importers write the same table).
pub const COLUMNS: [&str; 15] = [
    "model",
    "provider",
    "provider_model",
    "input",
    "output",
    "cached_input",
    "batch_input",
    "batch_output",
    "currency",
    "quantization",
    "context_tokens",
    "as_of",
    "source",
    "confidence",
    "note",
];

/// A price per million tokens outside this range is a unit typed wrong (per token, per
/// thousand) or a broken cell: the cheapest stated prices are around 0.01, the dearest
/// closed models' output around 100.
pub const SANE_PER_MILLION: (f64, f64) = (0.001, 1_000.0);

/// Hosted APIs for open models began in 2023; an earlier date is a typo.
const EARLIEST_PRICE_YEAR: u16 = 2023;

/// The three files, before parsing.
#[derive(Debug, Clone)]
pub struct ApiFiles {
    pub models: SourceFile,
    pub providers: SourceFile,
    pub prices: SourceFile,
}

impl ApiFiles {
    /// Reads `dir/api/` (`dir` is the repository's `catalog/`); `shown_as` prefixes paths.
    pub fn read_dir(dir: &Path, shown_as: &str) -> std::io::Result<ApiFiles> {
        let read = |name: &str| -> std::io::Result<SourceFile> {
            Ok(SourceFile::new(
                &format!("{shown_as}/api/{name}"),
                &std::fs::read_to_string(dir.join("api").join(name))?,
            ))
        };
        Ok(ApiFiles {
            models: read("models.toml")?,
            providers: read("providers.toml")?,
            prices: read("prices.csv")?,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelsFile {
    #[serde(default)]
    source: Vec<Source>,
    #[serde(default)]
    model: Vec<ModelEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelEntry {
    id: String,
    name: String,
    maker: String,
    family: String,
    architecture: Option<ModelArchitecture>,
    params_b: Option<f64>,
    active_params_b: Option<f64>,
    context_tokens: Option<u64>,
    open_weights: bool,
    released: Option<AsOf>,
    source: String,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProvidersFile {
    #[serde(default)]
    source: Vec<Source>,
    #[serde(default)]
    provider: Vec<ProviderEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProviderEntry {
    id: String,
    name: String,
    category: ApiProviderCategory,
    homepage: String,
    gpu_provider: Option<String>,
}

/// Parses and validates the three files. `today` bounds dates: no price from the future.
pub fn load_api(files: &ApiFiles, today: AsOf) -> Result<ApiCatalog, Vec<Problem>> {
    let mut problems = Vec::new();
    let (model_sources, models) = load_models(&files.models, today, &mut problems);
    let (price_sources, providers) = load_providers(&files.providers, today, &mut problems);
    let mut catalog = ApiCatalog {
        models,
        model_sources,
        providers,
        price_sources,
        prices: Vec::new(),
    };
    catalog.prices = load_prices(&files.prices, &catalog, today, &mut problems);
    if problems.is_empty() {
        Ok(catalog)
    } else {
        Err(problems)
    }
}

fn is_lower_id(id: &str) -> bool {
    is_plain_id(id) && !id.bytes().any(|b| b.is_ascii_uppercase())
}

fn load_models(
    file: &SourceFile,
    today: AsOf,
    problems: &mut Vec<Problem>,
) -> (Vec<Source>, Vec<ApiModel>) {
    let parsed: ModelsFile = match toml::from_str(&file.text) {
        Ok(parsed) => parsed,
        Err(err) => {
            problems.push(Problem::new(&file.path, "file", "", toml_message(&err)));
            return (Vec::new(), Vec::new());
        }
    };
    check_sources(&file.path, &parsed.source, today, problems);
    let mut models: Vec<ApiModel> = Vec::new();
    for e in parsed.model {
        let place = format!("model {}", e.id);
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(&file.path, &place, field, message));
        };
        if !is_lower_id(&e.id) {
            report("id", "use lowercase letters, digits, . _ -".into());
        }
        if models.iter().any(|m| m.id == e.id) {
            report("id", "duplicate model id".into());
        }
        for (field, text) in [
            ("name", &e.name),
            ("maker", &e.maker),
            ("family", &e.family),
        ] {
            if text.trim().is_empty() {
                report(field, "empty".into());
            }
        }
        if !parsed.source.iter().any(|s| s.id == e.source) {
            report("source", format!("no [[source]] with id {:?}", e.source));
        }
        for (field, value) in [
            ("params_b", e.params_b),
            ("active_params_b", e.active_params_b),
        ] {
            if let Some(v) = value {
                if !(0.01..=100_000.0).contains(&v) {
                    report(field, format!("{v} billion parameters is not a model size"));
                }
            }
        }
        match (e.architecture, e.params_b, e.active_params_b) {
            (Some(ModelArchitecture::Dense), _, Some(_)) => report(
                "active_params_b",
                "a dense model uses every parameter: state params_b only".into(),
            ),
            (Some(ModelArchitecture::Moe), Some(total), Some(active)) if active >= total => report(
                "active_params_b",
                format!("{active} active is not below the {total} total"),
            ),
            (None, _, Some(_)) => report(
                "architecture",
                "active parameters are stated for a mixture of experts (moe) only".into(),
            ),
            _ => {}
        }
        if e.open_weights && (e.architecture.is_none() || e.params_b.is_none()) {
            report(
                "params_b",
                "an open-weight model's size and architecture are on its card: state them".into(),
            );
        }
        if let Some(c) = e.context_tokens {
            if !(1_024..=100_000_000).contains(&c) {
                report(
                    "context_tokens",
                    format!("{c} tokens is not a context length"),
                );
            }
        }
        if let Some(day) = e.released {
            if day > today {
                report("released", format!("{day} lies in the future"));
            }
        }
        models.push(ApiModel {
            id: e.id,
            name: e.name,
            maker: e.maker,
            family: e.family,
            architecture: e.architecture,
            params_b: e.params_b,
            active_params_b: e.active_params_b,
            context_tokens: e.context_tokens,
            open_weights: e.open_weights,
            released: e.released,
            source: e.source,
            note: e.note.filter(|n| !n.trim().is_empty()),
        });
    }
    (parsed.source, models)
}

fn load_providers(
    file: &SourceFile,
    today: AsOf,
    problems: &mut Vec<Problem>,
) -> (Vec<Source>, Vec<ApiProvider>) {
    let parsed: ProvidersFile = match toml::from_str(&file.text) {
        Ok(parsed) => parsed,
        Err(err) => {
            problems.push(Problem::new(&file.path, "file", "", toml_message(&err)));
            return (Vec::new(), Vec::new());
        }
    };
    check_sources(&file.path, &parsed.source, today, problems);
    let mut providers: Vec<ApiProvider> = Vec::new();
    for e in parsed.provider {
        let place = format!("provider {}", e.id);
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(&file.path, &place, field, message));
        };
        if !is_lower_id(&e.id) {
            report("id", "use lowercase letters, digits, . _ -".into());
        }
        if providers.iter().any(|p| p.id == e.id) {
            report("id", "duplicate provider id".into());
        }
        if e.name.trim().is_empty() {
            report("name", "empty".into());
        }
        if !e.homepage.starts_with("https://") && !e.homepage.starts_with("http://") {
            report("homepage", format!("{:?} is not a web address", e.homepage));
        }
        if let Some(gpu) = &e.gpu_provider {
            if !is_lower_id(gpu) {
                report("gpu_provider", format!("{gpu:?} is not a provider id"));
            }
        }
        providers.push(ApiProvider {
            id: e.id,
            name: e.name,
            category: e.category,
            homepage: e.homepage,
            gpu_provider: e.gpu_provider,
        });
    }
    (parsed.source, providers)
}

fn load_prices(
    file: &SourceFile,
    catalog: &ApiCatalog,
    today: AsOf,
    problems: &mut Vec<Problem>,
) -> Vec<ApiPrice> {
    let path = file.path.as_str();
    let Some(mut reader) = file.csv_table(&COLUMNS, problems) else {
        return Vec::new();
    };
    let mut prices: Vec<ApiPrice> = Vec::new();
    // The row each kept price came from, to name the first of a duplicate pair.
    let mut rows: Vec<usize> = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        let place = format!("row {row}");
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                problems.push(Problem::new(path, &place, "", err.to_string()));
                continue;
            }
        };
        let cell = |name: &str| {
            let idx = COLUMNS.iter().position(|c| *c == name).unwrap_or(0);
            record.get(idx).unwrap_or("").trim()
        };
        let before = problems.len();
        let mut report = |field: &str, message: String| {
            problems.push(Problem::new(path, &place, field, message));
        };
        if catalog.model(cell("model")).is_none() {
            report(
                "model",
                format!("no [[model]] with id {:?} in models.toml", cell("model")),
            );
        }
        if catalog.provider(cell("provider")).is_none() {
            report(
                "provider",
                format!(
                    "no [[provider]] with id {:?} in providers.toml",
                    cell("provider")
                ),
            );
        }
        if cell("provider_model").is_empty() {
            report(
                "provider_model",
                "empty: name the model as the provider's API does".into(),
            );
        }
        let mut amount = |field: &str| parse_per_million(cell(field), field, &mut report);
        let input = amount("input");
        let output = amount("output");
        let cached_input = amount("cached_input");
        let batch_input = amount("batch_input");
        let batch_output = amount("batch_output");
        if input.is_none() && output.is_none() && cell("input").is_empty() {
            report(
                "input",
                "a row with neither an input nor an output price says nothing: state one".into(),
            );
        }
        for (field, discounted, full) in [
            ("cached_input", cached_input, input),
            ("batch_input", batch_input, input),
            ("batch_output", batch_output, output),
        ] {
            if let (Some(d), Some(f)) = (discounted, full) {
                if d > f {
                    report(
                        field,
                        format!("{d} is above the full price {f}: check the columns"),
                    );
                }
            }
        }
        let currency = parse_enum(cell("currency"), "currency", &mut report);
        let confidence = parse_enum(cell("confidence"), "confidence", &mut report);
        let quantization = match cell("quantization") {
            "" => None,
            text => parse_enum(text, "quantization", &mut report),
        };
        let context_tokens = match cell("context_tokens") {
            "" => None,
            text => match text.parse::<u64>() {
                Ok(c) if (1_024..=100_000_000).contains(&c) => Some(c),
                _ => {
                    report(
                        "context_tokens",
                        format!("{text:?} is not a context length in tokens"),
                    );
                    None
                }
            },
        };
        let as_of = match AsOf::parse(cell("as_of")) {
            Ok(date) if date > today => {
                report("as_of", format!("{date} lies in the future"));
                None
            }
            Ok(date) if date.year < EARLIEST_PRICE_YEAR => {
                report(
                    "as_of",
                    format!("{date} is before hosted open-model APIs existed"),
                );
                None
            }
            Ok(date) => Some(date),
            Err(err) => {
                report("as_of", err.to_string());
                None
            }
        };
        let source = cell("source");
        if source.is_empty() {
            report(
                "source",
                "empty: every price cites a [[source]] of providers.toml".into(),
            );
        } else if catalog.price_source(source).is_none() {
            report(
                "source",
                format!("no [[source]] with id {source:?} in providers.toml"),
            );
        }
        if problems.len() > before {
            continue;
        }
        let (Some(currency), Some(confidence), Some(as_of)) = (currency, confidence, as_of) else {
            continue;
        };
        let price = ApiPrice {
            model: cell("model").to_string(),
            provider: cell("provider").to_string(),
            provider_model: cell("provider_model").to_string(),
            input,
            output,
            cached_input,
            batch_input,
            batch_output,
            currency,
            quantization,
            context_tokens,
            as_of,
            source: source.to_string(),
            confidence,
            note: Some(cell("note").to_string()).filter(|n| !n.is_empty()),
        };
        if let Some(first) = prices
            .iter()
            .position(|p| p.provider == price.provider && p.provider_model == price.provider_model)
        {
            problems.push(Problem::new(
                path,
                &place,
                "provider_model",
                format!(
                    "{} at {} is priced already in row {}",
                    price.provider_model, price.provider, rows[first]
                ),
            ));
            continue;
        }
        prices.push(price);
        rows.push(row);
    }
    prices
}

fn parse_enum<T: for<'de> Deserialize<'de>>(
    text: &str,
    field: &str,
    report: &mut impl FnMut(&str, String),
) -> Option<T> {
    let parsed: Result<T, ValueError> = T::deserialize(text.into_deserializer());
    match parsed {
        Ok(value) => Some(value),
        Err(err) => {
            report(field, format!("{text:?}: {err}"));
            None
        }
    }
}

/// A price per million tokens: empty is unknown, 0 is refused (a free tier is not a serving
/// price, and an unknown price is left empty), and a number outside [`SANE_PER_MILLION`] is
/// a wrong unit.
fn parse_per_million(
    text: &str,
    field: &str,
    report: &mut impl FnMut(&str, String),
) -> Option<f64> {
    if text.is_empty() {
        return None;
    }
    let (low, high) = SANE_PER_MILLION;
    match text.parse::<f64>() {
        Ok(0.0) => {
            report(
                field,
                "0 is not a price: leave it empty when the source states none".into(),
            );
            None
        }
        Ok(v) if v.is_finite() && (low..=high).contains(&v) => Some(v),
        Ok(v) if v.is_finite() && v > 0.0 => {
            report(
                field,
                format!("{v} per million tokens is outside {low}..={high}: check the unit"),
            );
            None
        }
        _ => {
            report(
                field,
                format!("{text:?} is not a price (a number per million tokens)"),
            );
            None
        }
    }
}
