//! The model pages' own words, in both languages (the accelerator and provider pages' are in
//! `words`). Chinese keeps Latin letters only for names, units and the field's acronyms
//! (token, GPU, BF16), as the language walk of the e2e tests checks.

use engine::catalog::api_prices::{ApiProviderCategory, ModelArchitecture, Quantization};
use engine::catalog::pick;
use engine::present::i18n::Lang;
use engine::workload::Quant;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MWord {
    Models,
    AllModels,
    ModelsIndexLead,
    OpenCalculator,
    Facts,
    Maker,
    Family,
    Architecture,
    Parameters,
    ActiveParameters,
    Context,
    Released,
    ModelCard,
    ApiPrices,
    Provider,
    Blended,
    Input,
    Output,
    CachedInput,
    Batch,
    Quantization,
    ServedContext,
    NotStated,
    NoApiPrice,
    Memory,
    Precision,
    Weights,
    Needed,
    GpusItFits,
    CheapestGpu,
    FitsOn,
    Fits,
    DoesNotFit,
    NoSingleGpu,
    Gpu,
    GpuMemory,
    CheapestApi,
    Model,
    UnknownBlend,
}

pub fn mw(lang: Lang, word: MWord) -> &'static str {
    use MWord::*;
    let (en, zh) = match word {
        Models => ("Models", "模型"),
        AllModels => ("Open-weight models: API prices", "开放权重模型：接口价格"),
        ModelsIndexLead => (
            "Every open-weight model with hosted API prices in the catalog, with its cheapest blended price per million tokens (3 input tokens to 1 output, no cache). Each page lists every provider's price with its date and source, the memory the weights need, and the rented GPUs the model fits on.",
            "目录中有托管接口价格的每个开放权重模型，及其每百万 token 的最低混合价（输入与输出 3:1，不计缓存）。每个页面列出各服务商的价格及其日期和来源、权重所需显存，以及能放下该模型的可租用 GPU。",
        ),
        OpenCalculator => (
            "Cost serving it on rented GPUs in the GPU Atlas calculator",
            "在 GPU Atlas 计算器中估算用租用 GPU 部署它的成本",
        ),
        Facts => ("The model", "模型概况"),
        Maker => ("Maker", "开发方"),
        Family => ("Family", "系列"),
        Architecture => ("Architecture", "架构"),
        Parameters => ("Parameters", "参数量"),
        ActiveParameters => ("Active per token", "每 token 激活参数"),
        Context => ("Context (maker)", "上下文长度（官方）"),
        Released => ("Released", "发布日期"),
        ModelCard => ("Source", "来源"),
        ApiPrices => ("Hosted API prices", "托管接口价格"),
        Provider => ("Provider", "服务商"),
        Blended => ("Blended 3:1", "混合价 3:1"),
        Input => ("Input", "输入"),
        Output => ("Output", "输出"),
        CachedInput => ("Cached input", "缓存输入"),
        Batch => ("Batch in / out", "批处理 输入/输出"),
        Quantization => ("Served at", "服务精度"),
        ServedContext => ("Context served", "服务上下文"),
        NotStated => ("not stated", "未注明"),
        NoApiPrice => (
            "No source we found states an API price for this model.",
            "我们找到的来源没有给出该模型的接口价格。",
        ),
        Memory => (
            "Memory for the weights, and the GPUs it fits on",
            "权重所需显存，及能放下它的 GPU",
        ),
        Precision => ("Precision", "精度"),
        Weights => ("Weights", "权重"),
        Needed => ("One GPU needs", "单卡所需"),
        GpusItFits => ("GPUs it fits on", "可放下的 GPU 数"),
        CheapestGpu => (
            "Cheapest GPU it fits on, on demand",
            "能放下它的最低价 GPU（按量）",
        ),
        FitsOn => ("Every GPU it fits on", "能放下它的全部 GPU"),
        Fits => ("fits", "可以"),
        DoesNotFit => ("no", "不行"),
        NoSingleGpu => (
            "No single GPU of the catalog holds it at these precisions: it needs several, which the calculator sizes.",
            "在这些精度下，目录中没有单张 GPU 放得下它：需要多卡，可在计算器中估算。",
        ),
        Gpu => ("GPU", "GPU"),
        GpuMemory => ("Memory", "显存"),
        CheapestApi => ("Cheapest API, blended 3:1", "最低接口价（混合 3:1）"),
        Model => ("Model", "模型"),
        UnknownBlend => (
            "input or output price not stated",
            "未注明输入或输出价格",
        ),
    };
    pick(lang, en, zh)
}

pub fn architecture(lang: Lang, architecture: ModelArchitecture) -> &'static str {
    match architecture {
        ModelArchitecture::Dense => pick(lang, "Dense", "稠密"),
        ModelArchitecture::Moe => pick(lang, "Mixture of experts (MoE)", "混合专家（MoE）"),
    }
}

pub fn category(lang: Lang, category: ApiProviderCategory) -> &'static str {
    let (en, zh) = match category {
        ApiProviderCategory::Inference => ("inference service", "推理服务"),
        ApiProviderCategory::Hyperscaler => ("hyperscaler", "超大规模云"),
        ApiProviderCategory::Cloud => ("cloud", "云服务"),
        ApiProviderCategory::Router => ("router", "转售平台"),
        ApiProviderCategory::ModelMaker => ("model maker", "模型开发方"),
    };
    pick(lang, en, zh)
}

/// A precision as the field writes it: "FP8", "NVFP4".
pub fn quantization(quantization: Quantization) -> &'static str {
    match quantization {
        Quantization::Bf16 => "BF16",
        Quantization::Fp16 => "FP16",
        Quantization::Fp8 => "FP8",
        Quantization::Fp4 => "FP4",
        Quantization::Nvfp4 => "NVFP4",
        Quantization::Mxfp4 => "MXFP4",
        Quantization::Int8 => "INT8",
        Quantization::Int4 => "INT4",
    }
}

/// "70.6 billion" / "706 亿".
pub fn billions(lang: Lang, params_b: f64) -> String {
    let quantity = engine::catalog::format::quantity;
    match lang {
        Lang::En => format!("{} billion", quantity(params_b)),
        Lang::Zh => format!("{} 亿", quantity(round(params_b * 10.0))),
    }
}

/// A total size with its active part: "109 billion (17 billion active)".
pub fn size_with_active(lang: Lang, params_b: f64, active_b: Option<f64>) -> String {
    let total = billions(lang, params_b);
    match (lang, active_b) {
        (_, None) => total,
        (Lang::En, Some(a)) => format!("{total} ({} active)", billions(lang, a)),
        (Lang::Zh, Some(a)) => format!("{total}（激活 {}）", billions(lang, a)),
    }
}

/// A column heading and its unit: "Blended 3:1, USD per million tokens".
pub fn with_unit(lang: Lang, heading: &str, unit: &str) -> String {
    match lang {
        Lang::En => format!("{heading}, {unit}"),
        Lang::Zh => format!("{heading}，{unit}"),
    }
}

/// A memory size in GB: one decimal, whole GB from a thousand up ("37.5 GB", "1,610 GB").
pub fn gigabytes(value: f64) -> String {
    let shown = if value >= 1_000.0 {
        value.round()
    } else {
        (value * 10.0).round() / 10.0
    };
    format!("{} GB", engine::catalog::format::quantity(shown))
}

/// "$0.40 per million tokens" around a price already written.
pub fn per_million(lang: Lang, money: &str) -> String {
    match lang {
        Lang::En => format!("{money} per million tokens"),
        Lang::Zh => format!("每百万 token {money}"),
    }
}

/// The price column's unit, "USD per million tokens".
pub fn price_unit(lang: Lang) -> &'static str {
    pick(lang, "USD per million tokens", "美元/百万 token")
}

/// How the blend and the unknowns are read: the sentence above the price table.
pub fn prices_note(lang: Lang) -> &'static str {
    pick(
        lang,
        "Prices per million tokens in the provider's currency. The blended price weighs 3 input tokens to 1 output token with no prompt-cache hits, (3 × input + output) ÷ 4; the table is sorted by it. A cached-input price is shown where the provider states one: \"not stated\" is not free. Each price has the date it was true at its source.",
        "价格为每百万 token 的价格，币种为服务商的定价货币。混合价按输入与输出 3:1 计算、不计提示缓存命中，即（3 × 输入 + 输出）÷ 4，表格按它排序。服务商给出缓存输入价格时才列出；“未注明”不等于免费。每个价格都注明其来源给出它的日期。",
    )
}

/// How the memory and the fit are computed: the sentence above the memory table.
pub fn memory_note(lang: Lang) -> String {
    let int4 = Quant::Int4.bytes_per_param();
    match lang {
        Lang::En => format!(
            "Weights only, from the parameter count: parameters × bytes per parameter (BF16 2, FP8 1, INT4 {int4}: 4 bits plus a 16-bit scale and zero point per 128 weights, as the calculator counts), in GB of 10⁹ bytes. A model fits on one GPU when the GPU's memory is at least the weights × {} (a fifth more for the KV cache and the serving runtime); a long context or many concurrent requests need more, which the calculator works out.",
            engine::catalog::format::quantity(super::api_models::HEADROOM)
        ),
        Lang::Zh => format!(
            "仅计权重，按参数量计算：参数量 × 每参数字节数（BF16 为 2，FP8 为 1，INT4 为 {int4}：4 位外加每 128 个权重一个 16 位缩放因子和零点，与计算器一致），单位 GB 为 10⁹ 字节。当单张 GPU 的显存不少于权重 × {}（多出的五分之一留给 KV 缓存和推理运行时）时，视为单卡放得下；长上下文或大量并发请求需要更多显存，可在计算器中估算。",
            engine::catalog::format::quantity(super::api_models::HEADROOM)
        ),
    }
}

/// What the calculator link opens: the parameter count in the serving preset.
pub fn calculator_note(lang: Lang, params: &str, moe: bool) -> String {
    match (lang, moe) {
        (Lang::En, false) => format!(
            "The calculator opens on its serving job with this model's {params} parameters; the other settings (precision, tokens a day) are the preset's, to change there."
        ),
        (Lang::En, true) => format!(
            "The calculator opens on its serving job with this model's {params} parameters in all: memory follows the total, though a mixture of experts computes with its active parameters only, so its cost there is an upper bound. The other settings (precision, tokens a day) are the preset's, to change there."
        ),
        (Lang::Zh, false) => format!(
            "计算器将以该模型的 {params} 参数打开部署任务；其他设置（精度、每日 token 数）为预设值，可在计算器中修改。"
        ),
        (Lang::Zh, true) => format!(
            "计算器将以该模型的总参数 {params} 打开部署任务：显存取决于总参数，但混合专家模型每个 token 只用激活参数计算，因此计算器给出的成本是上限。其他设置（精度、每日 token 数）为预设值，可在计算器中修改。"
        ),
    }
}

pub fn model_title(
    lang: Lang,
    name: &str,
    cheapest: Option<(&str, &str)>,
    providers: usize,
) -> String {
    match (lang, cheapest) {
        (Lang::En, Some((price, provider))) => format!(
            "{name} API prices: from {price} per million tokens at {provider}, {providers} {} compared, and the GPUs it fits on",
            plural(providers, "provider", "providers")
        ),
        (Lang::En, None) => format!(
            "{name} API prices from {providers} {}, and the GPUs it fits on",
            plural(providers, "provider", "providers")
        ),
        (Lang::Zh, Some((price, provider))) => format!(
            "{name} 接口价格：{provider} 低至每百万 token {price}，对比 {providers} 家服务商及可部署的 GPU"
        ),
        (Lang::Zh, None) => {
            format!("{name} 接口价格：对比 {providers} 家服务商及可部署的 GPU")
        }
    }
}

pub fn model_description(lang: Lang, name: &str, params: &str, providers: usize) -> String {
    match lang {
        Lang::En => format!(
            "What {providers} hosted {} charge for {name} ({params} parameters) per million input, output and cached tokens, each price dated and sourced; the memory its weights need at BF16, FP8 and INT4 and the cloud GPUs it fits on.",
            plural(providers, "API", "APIs")
        ),
        Lang::Zh => format!(
            "{providers} 家托管接口服务商对 {name}（{params} 参数）每百万输入、输出和缓存 token 的收费，每个价格都注明日期和来源；以及其权重在 BF16、FP8、INT4 下所需的显存和能放下它的云 GPU。"
        ),
    }
}

pub fn models_index_title(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!(
            "Hosted API prices of {count} open-weight models per million tokens, sourced and dated"
        ),
        Lang::Zh => format!("{count} 个开放权重模型的托管接口价格（每百万 token），注明来源和日期"),
    }
}

/// The lead of a model page: "N providers; cheapest blended ..." before the price.
pub fn lead(lang: Lang, providers: usize) -> (String, String) {
    match lang {
        Lang::En => (
            format!(
                "{providers} hosted API {}. Cheapest blended (3:1): ",
                plural(providers, "price", "prices")
            ),
            " per million tokens at ".into(),
        ),
        Lang::Zh => (
            format!("共 {providers} 个托管接口价格。最低混合价（3:1）：每百万 token "),
            "，服务商 ".into(),
        ),
    }
}

/// Between the provider and the date in the lead.
pub fn as_of(lang: Lang) -> &'static str {
    pick(lang, ", as of ", "，价格日期 ")
}

fn round(value: f64) -> f64 {
    (value * 1_000.0).round() / 1_000.0
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}
