//! The pages' own words, in both languages. Words the app already has come from
//! `engine::present::i18n` instead, so a term reads the same on a page and in the app.

use engine::catalog::{FormFactor, SourceKind, Spec, Vendor};
use engine::present::i18n::{pick, Lang};
// The app's detail view says these too: one word list, in the engine.
pub use engine::present::i18n::{billing_increment as billing, provider_fact as fact};

/// Words only the static pages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    SiteName,
    SkipToContent,
    Accelerators,
    AllAccelerators,
    AllProviders,
    OpenInAtlas,
    OpenProviderInAtlas,
    Breadcrumbs,
    WhatItIs,
    FormFactor,
    MemoryType,
    ReleaseYear,
    Value,
    CheapestByTerm,
    CheapestByRegion,
    RegionGroup,
    WhoSellsIt,
    Offers,
    CheapestOnDemand,
    NoKnownPrice,
    OlderNotCounted,
    Rank,
    Count,
    OffersByAccelerator,
    AboutProvider,
    Category,
    Headquarters,
    Homepage,
    BillingIncrement,
    Sources,
    Kind,
    PagesIndexLead,
    ProvidersIndexLead,
    PriceDateNote,
    Family,
    Memory,
    SourceOpen,
    SourceClose,
    Source,
}

pub fn w(lang: Lang, word: Word) -> &'static str {
    use Word::*;
    let (en, zh) = match word {
        SiteName => ("GPU Atlas", "GPU Atlas"),
        SkipToContent => ("Skip to content", "跳到正文"),
        Accelerators => ("Accelerators", "加速器"),
        AllAccelerators => ("All accelerators", "全部加速器"),
        AllProviders => ("All providers", "全部服务商"),
        OpenInAtlas => (
            "Open in GPU Atlas: every offer, filtered and sorted by price per accelerator",
            "在 GPU Atlas 中打开：全部报价，已筛选并按每卡价格排序",
        ),
        OpenProviderInAtlas => (
            "Open in GPU Atlas: every offer of this provider, sorted by price per accelerator",
            "在 GPU Atlas 中打开：该服务商的全部报价，按每卡价格排序",
        ),
        Breadcrumbs => ("Breadcrumbs", "导航路径"),
        WhatItIs => ("What it is", "规格"),
        FormFactor => ("Form factor", "形态"),
        MemoryType => ("Memory type", "显存类型"),
        ReleaseYear => ("Released", "发布年份"),
        Value => ("Value", "数值"),
        CheapestByTerm => ("Cheapest offers by term", "各计费方式的最低价报价"),
        CheapestByRegion => ("Cheapest on-demand offer by region", "各地区最低按量价格"),
        RegionGroup => ("Region group", "地区"),
        WhoSellsIt => ("Who sells it", "哪些服务商提供"),
        Offers => ("Offers", "报价数"),
        CheapestOnDemand => ("Cheapest on-demand", "最低按量价格"),
        NoKnownPrice => (
            "No source we found states a price for this term.",
            "我们找到的来源没有给出该计费方式的价格。",
        ),
        OlderNotCounted => (
            "Prices older than 18 months, not counted here (the app lists them last, marked old)",
            "超过 18 个月的价格，此处不计入（应用中排在最后并标为旧价）",
        ),
        Rank => ("#", "#"),
        Count => ("Accelerators per instance", "每实例卡数"),
        OffersByAccelerator => ("Offers by accelerator", "按加速器分列的报价"),
        AboutProvider => ("About the provider", "服务商概况"),
        Category => ("Category", "类别"),
        Headquarters => ("Headquarters", "总部"),
        Homepage => ("Homepage", "官网"),
        BillingIncrement => ("Billing increment", "计费粒度"),
        Sources => ("Sources", "来源"),
        Kind => ("Kind", "类型"),
        PagesIndexLead => (
            "Every accelerator variant with at least one cloud offer, with its cheapest on-demand price per accelerator-hour. Each page lists the sourced specs and the cheapest offers by term and region.",
            "至少有一个云报价的每种加速器型号，及其按量付费的最低每卡小时价格。每个页面列出有来源的规格，以及按计费方式和地区的最低价报价。",
        ),
        ProvidersIndexLead => (
            "Every provider in the catalog, with its regions and offers. Each page lists its facts with sources and its cheapest price per accelerator and term.",
            "目录中的每个服务商，及其地区与报价。每个页面列出有来源的服务商信息，以及每种加速器各计费方式的最低价格。",
        ),
        PriceDateNote => (
            "Prices are per accelerator and hour in USD, converted (≈) at the reference rate where the provider prices in another currency. Each price links to its source; its date is when the source stated it.",
            "价格为每卡每小时美元价；服务商以其他货币定价时按参考汇率换算（标 ≈）。每个价格都链接到其来源；日期为来源给出该价格的日期。",
        ),
        Family => ("Vendor", "厂商"),
        Memory => ("Memory", "显存"),
        SourceOpen => (" (source: ", "（来源："),
        Source => ("Source", "来源"),
        SourceClose => (").", "）。"),
    };
    pick(lang, en, zh)
}

/// A spec's name and unit, as the specs table labels its rows.
pub fn spec(lang: Lang, spec: Spec) -> (&'static str, &'static str) {
    let (en, zh, unit) = match spec {
        Spec::MemoryGb => ("Memory", "显存", "GB"),
        Spec::MemoryBandwidthGbs => ("Memory bandwidth", "显存带宽", "GB/s"),
        Spec::Fp32Tflops => ("FP32", "FP32", "TFLOPS"),
        Spec::Fp16Tflops => ("FP16 tensor, dense", "FP16 张量稠密算力", "TFLOPS"),
        Spec::Bf16Tflops => ("BF16 tensor, dense", "BF16 张量稠密算力", "TFLOPS"),
        Spec::Fp8Tflops => ("FP8, dense", "FP8 稠密算力", "TFLOPS"),
        Spec::Int8Tops => ("INT8, dense", "INT8 稠密算力", "TOPS"),
        Spec::TdpW => ("Power", "功耗", "W"),
        Spec::InterconnectGbs => ("Accelerator link", "卡间互联", "GB/s"),
    };
    (pick(lang, en, zh), unit)
}

pub fn form_factor(lang: Lang, form: FormFactor) -> &'static str {
    let (en, zh) = match form {
        FormFactor::Sxm => ("SXM module", "SXM 模组"),
        FormFactor::Pcie => ("PCIe card", "PCIe 卡"),
        FormFactor::Nvl => ("NVL (paired PCIe cards)", "NVL（成对 PCIe 卡）"),
        FormFactor::Oam => ("OAM module", "OAM 模组"),
        FormFactor::Tpu => ("TPU chip", "TPU 芯片"),
        FormFactor::Consumer => ("Consumer card", "消费级显卡"),
        FormFactor::Module => ("Vendor's own module", "厂商自有模组"),
        FormFactor::Unspecified => ("Not stated by the seller", "卖方未注明"),
    };
    pick(lang, en, zh)
}

pub fn source_kind(lang: Lang, kind: SourceKind) -> &'static str {
    let (en, zh) = match kind {
        SourceKind::Vendor => ("vendor", "官方"),
        SourceKind::Aggregator => ("aggregator", "聚合站"),
        SourceKind::ThirdParty => ("third party", "第三方"),
        SourceKind::Community => ("community", "社区"),
    };
    pick(lang, en, zh)
}

/// What one unit of the headline price is: a GPU, or a chip for TPUs and AWS's own silicon.
pub fn unit_hour(lang: Lang, vendor: Vendor) -> &'static str {
    match vendor {
        Vendor::Google | Vendor::Aws => pick(lang, "chip-hour", "芯片·小时"),
        _ => pick(lang, "GPU-hour", "卡·小时"),
    }
}

/// The accelerator page's title, as a search result shows it.
pub fn accelerator_title(
    lang: Lang,
    label: &str,
    cheapest: Option<(&str, &str)>,
    providers: usize,
) -> String {
    match (lang, cheapest) {
        (Lang::En, Some((price, provider))) => format!(
            "{label} cloud prices: from {price} at {provider} — {providers} {} compared",
            plural(providers, "provider", "providers")
        ),
        (Lang::En, None) => format!(
            "{label} cloud prices — {providers} {} compared",
            plural(providers, "provider", "providers")
        ),
        (Lang::Zh, Some((price, provider))) => {
            format!("{label} 云服务器价格：{provider} 低至 {price}，对比 {providers} 家服务商")
        }
        (Lang::Zh, None) => format!("{label} 云服务器价格：对比 {providers} 家服务商"),
    }
}

/// The accelerator page's description: what the page holds, in one sentence or two.
pub fn accelerator_description(
    lang: Lang,
    label: &str,
    offers: usize,
    providers: usize,
    cheapest: Option<(&str, &str, &str)>,
) -> String {
    match lang {
        Lang::En => {
            let from = cheapest.map_or(String::new(), |(price, provider, date)| {
                format!(" On demand from {price} at {provider} (as of {date}).")
            });
            format!(
                "{offers} cloud {} of the {label} from {providers} {}, compared by price per accelerator-hour on demand, spot and reserved, by region.{from} Every price sourced and dated.",
                plural(offers, "offer", "offers"),
                plural(providers, "provider", "providers"),
            )
        }
        Lang::Zh => {
            let from = cheapest.map_or(String::new(), |(price, provider, date)| {
                format!("按量付费低至 {price}（{provider}，{date}）。")
            });
            format!(
                "{label} 的 {offers} 个云报价，来自 {providers} 家服务商，按每卡小时价格对比按量、竞价与预留价格及各地区价格。{from}每个价格都注明来源和日期。"
            )
        }
    }
}

pub fn provider_title(lang: Lang, name: &str, accelerators: usize) -> String {
    match lang {
        Lang::En => format!(
            "{name} GPU cloud prices: {accelerators} {} compared, sourced and dated",
            plural(accelerators, "accelerator", "accelerators")
        ),
        Lang::Zh => format!("{name} GPU 云服务器价格：{accelerators} 种加速器，注明来源和日期"),
    }
}

pub fn provider_description(
    lang: Lang,
    name: &str,
    offers: usize,
    accelerators: usize,
    regions: usize,
) -> String {
    match lang {
        Lang::En => format!(
            "{offers} {} from {name} across {accelerators} {} and {regions} {}: the cheapest price per accelerator-hour of each term, with the provider's billing, regions and sources.",
            plural(offers, "offer", "offers"),
            plural(accelerators, "accelerator", "accelerators"),
            plural(regions, "region", "regions"),
        ),
        Lang::Zh => format!(
            "{name} 的 {offers} 个报价，涵盖 {accelerators} 种加速器、{regions} 个地区：每种计费方式的最低每卡小时价格，以及计费方式、地区和来源。"
        ),
    }
}

pub fn accelerators_index_title(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!("Cloud GPU and TPU prices for {count} accelerators, sourced and dated"),
        Lang::Zh => format!("{count} 种 GPU 与 TPU 的云服务器价格，注明来源和日期"),
    }
}

pub fn providers_index_title(lang: Lang, count: usize) -> String {
    match lang {
        Lang::En => format!("{count} GPU cloud providers compared: regions, billing and prices"),
        Lang::Zh => format!("{count} 家 GPU 云服务商对比：地区、计费与价格"),
    }
}

/// "N offers from M providers", the lead's count.
pub fn offers_from(lang: Lang, offers: usize, providers: usize) -> String {
    match lang {
        Lang::En => format!(
            "{offers} {} from {providers} {}.",
            plural(offers, "offer", "offers"),
            plural(providers, "provider", "providers")
        ),
        Lang::Zh => format!("共 {offers} 个报价，来自 {providers} 家服务商。"),
    }
}

/// The headline around its price: "Cheapest on demand: " [price] " per GPU-hour at P (i), as
/// of " [date], [source].
pub fn headline(lang: Lang, unit: &str, provider: &str, instance: &str) -> (String, String) {
    match lang {
        Lang::En => (
            "Cheapest on demand: ".into(),
            format!(" per {unit} at {provider} ({instance}), as of "),
        ),
        Lang::Zh => (
            "按量付费最低价：".into(),
            format!("/{unit}，{provider}（{instance}），价格日期 "),
        ),
    }
}

/// "and 12 more offers (3 with no published price)": what a term's table leaves out.
pub fn more_offers(lang: Lang, more: usize, unknown: usize) -> String {
    match lang {
        Lang::En => {
            let unknown = if unknown > 0 {
                format!(" ({unknown} with no published price)")
            } else {
                String::new()
            };
            format!("{more} more {}{unknown}.", plural(more, "offer", "offers"))
        }
        Lang::Zh => {
            let unknown = if unknown > 0 {
                format!("（其中 {unknown} 个未公布价格）")
            } else {
                String::new()
            };
            format!("另有 {more} 个报价{unknown}。")
        }
    }
}

/// The link from a term's table to all of its offers in the app.
pub fn see_all(lang: Lang, term: &str) -> String {
    match lang {
        Lang::En => format!("All “{term}” offers in GPU Atlas"),
        Lang::Zh => format!("在 GPU Atlas 中查看全部“{term}”报价"),
    }
}

/// "3 offers".
pub fn offer_count(lang: Lang, offers: usize) -> String {
    match lang {
        Lang::En => format!("{offers} {}", plural(offers, "offer", "offers")),
        Lang::Zh => format!("{offers} 个报价"),
    }
}

pub fn catalog_built(lang: Lang, date: &str) -> String {
    match lang {
        Lang::En => format!("Catalog built {date}."),
        Lang::Zh => format!("目录构建于 {date}。"),
    }
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}
