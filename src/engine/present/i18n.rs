//! Every string the UI shows, in English and Simplified Chinese, and number formatting per
//! language. One table, so a missing translation is a compile error, not a blank.
//!
//! The language itself and the words of catalog terms live in the catalog (`catalog::lang`),
//! which every layer shares; they are re-exported here so the UI finds every word in one place.

pub use catalog::lang::{
    accelerator_label, catalog_text, confidence, inside_link, link, pick, provider_name,
    region_name, variant, CatalogText, Lang, TRANSLATED_MARK, TRANSLATED_TITLE,
    UNTRANSLATED_SUMMARY,
};

use catalog::{Area, PriceUnit, ProviderCategory, Term};

use crate::pricing::{Duration, Missing, PriceBasis};
use crate::view::columns::Column;
use crate::view::filters::RangeField;
use crate::view::range::RangeErrorKind;
use crate::view::state::Theme;

/// Messages of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Msg {
    Tagline,
    OffersFrom,
    WithKnownPrice,
    Providers,
    CatalogBuilt,
    ReferenceRate,
    Source,
    Search,
    SearchPlaceholder,
    Term,
    Currency,
    CustomRate,
    CustomRateHelp,
    YourRate,
    Unit,
    Per,
    Columns,
    ResetColumns,
    FindColumn,
    Export,
    Copy,
    Download,
    Copied,
    ClearFilters,
    Filters,
    Accelerator,
    Vendor,
    Model,
    Variant,
    Architecture,
    Ranges,
    RangeHelp,
    Interconnect,
    MultiNode,
    Regions,
    Billing,
    PerSecondBilling,
    NoCommitment,
    Ecosystem,
    Kubernetes,
    FrameworkImages,
    Notebooks,
    Data,
    HideUnknownPrice,
    HideOlderThan,
    Months,
    ShownOf,
    OffersWord,
    NoMatch,
    /// The badge of a serverless price beside always-on ones.
    ByUse,
    Select,
    Compare,
    ClearSelection,
    Selected,
    CompareTitle,
    Close,
    Details,
    Specs,
    Prices,
    CrossRegion,
    Cheapest,
    ProviderFacts,
    CliCommand,
    CliDescribe,
    CliLaunch,
    NoCli,
    Unknown,
    Free,
    Converted,
    Old,
    Estimated,
    Language,
    Theme,
    Footer,
    Remove,
    Region,
    Price,
    Date,
    Confidence,
    Note,
    MaxCompared,
    BestValue,
    NotSoldThere,
    Network,
    Yes,
    No,
    /// The market's column of how prices moved over the last 90 days.
    PriceMove90,
    PriceHistory,
}

/// The text of a message in `lang`.
/// After the market's variant count: "accelerator variants · 774 offers on demand".
pub fn market_count(lang: Lang, offers: usize) -> String {
    match lang {
        Lang::En => format!("accelerator variants · {offers} offers on demand"),
        Lang::Zh => format!("种加速卡型号 · {offers} 个按量报价"),
    }
}

pub fn t(lang: Lang, msg: Msg) -> &'static str {
    use Msg::*;
    let (en, zh) = match msg {
        Tagline => (
            "Every GPU and TPU cloud offer we could source — hyperscalers, GPU clouds, marketplaces and Chinese platforms — each price with its source and date.",
            "我们能找到来源的每一个 GPU 与 TPU 云服务报价——超大规模云、GPU 云、算力市场与国内平台——每个价格都注明来源和日期。",
        ),
        OffersFrom => ("offers from", "个报价，来自"),
        WithKnownPrice => ("with a known price", "个价格已知"),
        Providers => ("Providers", "服务商"),
        CatalogBuilt => ("catalog built", "目录构建于"),
        ReferenceRate => ("Reference rate", "参考汇率"),
        Source => ("source", "来源"),
        Search => ("Search", "搜索"),
        SearchPlaceholder => ("h100, a100 80, rtx 4090, us-east…", "h100、a100 80、rtx 4090、广州…"),
        Term => ("Term", "计费方式"),
        Currency => ("Currency", "货币"),
        CustomRate => ("Your USD→CNY rate", "自定义美元→人民币汇率"),
        CustomRateHelp => ("Leave empty to use the reference rate", "留空则使用参考汇率"),
        YourRate => ("your rate", "自定义汇率"),
        Unit => ("Price unit", "价格单位"),
        Per => ("per", "每"),
        Columns => ("Columns", "列"),
        ResetColumns => ("Reset to defaults", "恢复默认"),
        FindColumn => ("Find a column", "查找列"),
        Export => ("Export", "导出"),
        Copy => ("Copy", "复制"),
        Download => ("Download", "下载"),
        Copied => ("Copied", "已复制"),
        ClearFilters => ("Clear all filters", "清除全部筛选"),
        Filters => ("Filters", "筛选"),
        Accelerator => ("Accelerator", "加速器"),
        Vendor => ("Vendor", "厂商"),
        Model => ("Model", "型号"),
        Variant => ("Exact variant", "具体版本"),
        Architecture => ("Architecture", "架构"),
        Ranges => ("Numbers", "数值范围"),
        RangeHelp => ("e.g. 80, >=80, <=4, 24..48", "例如 80、>=80、<=4、24..48"),
        Interconnect => ("Interconnect", "互联"),
        // Only 20 offers say so and none says no: the filter keeps what is stated, and says
        // that most offers do not say (unknown is not a no).
        MultiNode => (
            "States multi-node clusters (most offers do not say)",
            "注明支持多节点集群（多数报价未注明）",
        ),
        Regions => ("Regions", "地区"),
        Billing => ("Billing", "计费"),
        PerSecondBilling => ("Billed per second", "按秒计费"),
        NoCommitment => ("No minimum commitment", "无最低消费承诺"),
        Ecosystem => ("Ecosystem", "生态"),
        Kubernetes => ("Managed Kubernetes", "托管 Kubernetes"),
        FrameworkImages => ("Framework images (PyTorch, TensorFlow, JAX)", "预装框架镜像（PyTorch、TensorFlow、JAX）"),
        Notebooks => ("Jupyter / notebooks", "Jupyter / Notebook"),
        Data => ("Data", "数据"),
        HideUnknownPrice => ("Hide offers with unknown price", "隐藏价格未知的报价"),
        HideOlderThan => ("Hide prices older than", "隐藏早于此时间的价格"),
        Months => ("months", "个月"),
        ShownOf => ("of", "/"),
        OffersWord => ("offers", "个报价"),
        NoMatch => ("No offer matches these filters.", "没有符合筛选条件的报价。"),
        Select => ("Select for comparison", "选中以对比"),
        Compare => ("Compare", "对比"),
        ClearSelection => ("Clear selection", "清除选择"),
        Selected => ("selected", "已选"),
        CompareTitle => ("Side-by-side comparison", "并排对比"),
        Close => ("Close", "关闭"),
        Details => ("Details", "详情"),
        Specs => ("Accelerator specs", "加速器规格"),
        Prices => ("All prices", "全部价格"),
        CrossRegion => ("Prices across regions", "各地区价格"),
        Cheapest => ("cheapest", "最便宜"),
        ProviderFacts => ("Provider", "服务商信息"),
        CliCommand => ("Command line", "命令行"),
        CliDescribe => ("Describe", "查询"),
        CliLaunch => ("Launch", "创建"),
        NoCli => ("No documented command-line tool for this provider.", "该服务商没有已记录的命令行工具。"),
        Unknown => ("unknown", "未知"),
        Free => ("free", "免费"),
        Converted => ("converted", "已换算"),
        ByUse => ("by use", "按用量"),
        Old => ("old", "过期"),
        Estimated => ("estimated date", "估计日期"),
        Language => ("Language", "语言"),
        Theme => ("Theme", "主题"),
        Footer => (
            "Prices are list prices excluding tax, storage and traffic. A row shows the cheapest price of the chosen term among the chosen regions. Dates marked ≈ are estimates; amber dates are over six months old, grey ones (marked “old”) over eighteen. Unknown means no source we found states it.",
            "价格为不含税、存储和流量的刊例价。每行显示所选计费方式在所选地区中的最低价格。标 ≈ 的日期为估计；琥珀色日期超过六个月，灰色（标“过期”）超过十八个月。“未知”表示我们找到的来源没有给出该数值。",
        ),
        Remove => ("Remove", "移除"),
        Region => ("Region", "地区"),
        Price => ("Price", "价格"),
        Date => ("Date", "日期"),
        Confidence => ("Confidence", "可信度"),
        Note => ("Note", "备注"),
        MaxCompared => ("Up to 8 offers can be compared.", "最多可对比 8 个报价。"),
        BestValue => ("best", "最优"),
        NotSoldThere => ("not offered for this term in the chosen regions", "所选地区没有该计费方式的报价"),
        Network => ("Network between instances", "实例间网络"),
        Yes => ("yes", "是"),
        No => ("no", "否"),
        PriceMove90 => ("90-day move", "90 天变价"),
        PriceHistory => ("Price history", "价格历史"),
    };
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

pub fn column(lang: Lang, column: Column) -> &'static str {
    let (en, zh) = match column {
        Column::Provider => ("Provider", "服务商"),
        Column::Category => ("Category", "类别"),
        Column::Instance => ("Instance", "实例"),
        Column::Accelerator => ("Accelerator", "加速器"),
        Column::Vendor => ("Vendor", "厂商"),
        Column::Architecture => ("Architecture", "架构"),
        Column::Count => ("Count", "数量"),
        Column::MemoryPerAccelerator => ("Mem. / accel.", "单卡显存"),
        Column::Memory => ("Accel. mem.", "总显存"),
        Column::MemoryBandwidth => ("Mem. bandwidth", "显存带宽"),
        Column::Bf16 => ("BF16 dense", "BF16 稠密算力"),
        Column::Fp8 => ("FP8 dense", "FP8 稠密算力"),
        Column::Interconnect => ("Interconnect", "互联"),
        Column::Vcpus => ("vCPUs", "vCPU"),
        Column::Ram => ("RAM", "内存"),
        Column::Regions => ("Regions", "地区数"),
        Column::Region => ("Price region", "价格地区"),
        Column::Price => ("Price", "价格"),
        Column::PricePerAccelerator => ("Per accel.", "每卡价格"),
        Column::MarketPlace => ("Place in market", "市场位置"),
        Column::Confidence => ("Confidence", "可信度"),
        Column::AsOf => ("Price date", "价格日期"),
        Column::Live => ("Capacity · interruption", "可用量 · 中断率"),
        Column::JobFit => ("Fits?", "能否装下"),
        Column::JobInstances => ("Instances", "所需实例"),
        Column::JobTime => ("Job time", "任务耗时"),
        Column::JobThroughput => ("Output speed", "输出速度"),
        Column::JobCost => ("Job cost", "任务成本"),
        Column::JobPerMillionTokens => ("Per 1M tokens", "每百万 token"),
    };
    pick(lang, en, zh)
}

/// The unit a column's numbers are in, for headers and exports ("" when unitless).
pub fn column_unit(lang: Lang, column: Column) -> &'static str {
    match column {
        Column::MemoryPerAccelerator | Column::Memory | Column::Ram => "GB",
        Column::MemoryBandwidth => "GB/s",
        Column::Bf16 | Column::Fp8 => "TFLOPS",
        Column::AsOf => pick(lang, "date", "日期"),
        Column::JobTime => pick(lang, "hours", "小时"),
        Column::JobThroughput => pick(lang, "tokens/s", "token/秒"),
        Column::JobFit => pick(lang, "accelerators", "卡"),
        // What an export writes for a place: the number in "cheaper than 80 %".
        Column::MarketPlace => pick(
            lang,
            "% of the other offers dearer",
            "比其更贵的其他报价占比 %",
        ),
        _ => "",
    }
}

pub fn term(lang: Lang, term: Term) -> &'static str {
    let (en, zh) = match term {
        Term::OnDemand => ("On-demand (free tiers included)", "按量付费（含免费额度）"),
        Term::Spot => ("Spot / preemptible", "竞价 / 抢占式"),
        Term::Reserved1y => ("Reserved 1 year", "预留 1 年"),
        Term::Reserved3y => ("Reserved 3 years", "预留 3 年"),
        Term::Monthly => ("Monthly subscription", "包年包月（月付）"),
        Term::Free => ("Free tier", "免费额度"),
        Term::Serverless => (
            "Serverless (per second of use)",
            "无服务器（按秒计费，空闲不收费）",
        ),
    };
    pick(lang, en, zh)
}

pub fn basis(lang: Lang, basis: PriceBasis) -> &'static str {
    let (en, zh) = match basis {
        PriceBasis::Instance => ("instance", "实例"),
        PriceBasis::Accelerator => ("accelerator", "加速卡"),
        PriceBasis::MemoryGb => ("GB of accelerator memory", "GB 显存"),
        PriceBasis::Bf16Pflop => ("dense BF16 PFLOP/s", "PFLOP/s BF16 稠密算力"),
    };
    pick(lang, en, zh)
}

pub fn duration(lang: Lang, duration: Duration) -> &'static str {
    let (en, zh) = match duration {
        Duration::Hour => ("hour", "小时"),
        Duration::Day => ("day", "天"),
        Duration::Month => ("month (730 h)", "月（730 小时）"),
        Duration::Year => ("year", "年"),
    };
    pick(lang, en, zh)
}

/// "USD per instance-hour": the unit of a price column, for headers and exports.
pub fn price_unit(lang: Lang, currency: &str, basis_: PriceBasis, duration_: Duration) -> String {
    let d = match duration_ {
        Duration::Month => pick(lang, "month", "月"),
        other => duration(lang, other),
    };
    match lang {
        Lang::En => format!("{currency} per {} per {d}", basis(lang, basis_)),
        Lang::Zh => format!("{currency} / {} / {d}", basis(lang, basis_)),
    }
}

/// What one unit of a catalog price buys, as the detail view names it.
pub fn price_unit_label(lang: Lang, unit: PriceUnit) -> &'static str {
    let (en, zh) = crate::view::input_rule::unit_words(unit);
    pick(lang, en, zh)
}

pub fn category(lang: Lang, category: ProviderCategory) -> &'static str {
    let (en, zh) = match category {
        ProviderCategory::Hyperscaler => ("Hyperscalers", "超大规模云"),
        ProviderCategory::GpuCloud => ("GPU clouds", "GPU 云"),
        ProviderCategory::Marketplace => ("Marketplaces", "算力市场"),
        ProviderCategory::China => ("China", "国内平台"),
    };
    pick(lang, en, zh)
}

pub fn area(lang: Lang, area: Area) -> &'static str {
    let (en, zh) = match area {
        Area::Cn => ("China mainland", "中国大陆"),
        Area::Hk => ("Hong Kong", "中国香港"),
        Area::Asia => ("Asia (other)", "亚洲其他"),
        Area::Us => ("United States", "美国"),
        Area::Eu => ("EU (GDPR)", "欧盟（GDPR）"),
        Area::Other => ("Other", "其他"),
        Area::Global => ("Region not stated", "未注明地区"),
    };
    pick(lang, en, zh)
}

pub fn range_field(lang: Lang, field: RangeField) -> &'static str {
    let (en, zh) = match field {
        RangeField::Count => ("Accelerators per instance", "每实例加速卡数"),
        RangeField::MemoryPerAccelerator => ("Memory per accelerator (GB)", "单卡显存（GB）"),
        RangeField::MemoryTotal => ("Total accelerator memory (GB)", "总显存（GB）"),
        RangeField::Vcpus => ("vCPUs", "vCPU"),
        RangeField::Ram => ("RAM (GB)", "内存（GB）"),
        RangeField::Price => ("Price (chosen unit)", "价格（所选单位）"),
        RangeField::Bf16 => ("BF16 TFLOPS per accelerator", "单卡 BF16 TFLOPS"),
    };
    pick(lang, en, zh)
}

/// Why the text in `field`'s range box cannot be used, naming the quantity where the reason
/// depends on it.
pub fn range_error(lang: Lang, field: RangeField, text: &str, kind: &RangeErrorKind) -> String {
    match (lang, kind) {
        (Lang::En, RangeErrorKind::Negative) => format!(
            "{} cannot be negative: “{text}” goes below 0.",
            range_field(lang, field)
        ),
        (Lang::Zh, RangeErrorKind::Negative) => {
            format!("{}不可能为负数：“{text}”低于 0。", range_field(lang, field))
        }
        (Lang::En, RangeErrorKind::NoneAboveZero) => format!(
            "{} is more than 0 for every offer: “{text}” matches none. Allowed: a range \
             above 0, as in 1, >=8 or <=4.",
            range_field(lang, field)
        ),
        (Lang::Zh, RangeErrorKind::NoneAboveZero) => format!(
            "所有报价的{}都大于 0：“{text}”匹配不到任何报价。允许范围：大于 0 的范围，\
             例如 1、>=8 或 <=4。",
            range_field(lang, field)
        ),
        (Lang::En, RangeErrorKind::NotANumber(piece)) => {
            format!("“{piece}” is not a number. Use 80, >=80, <=4 or 24..48.")
        }
        (Lang::Zh, RangeErrorKind::NotANumber(piece)) => {
            format!("“{piece}”不是数字。可用 80、>=80、<=4 或 24..48。")
        }
        (Lang::En, RangeErrorKind::Reversed) => {
            format!("“{text}” goes from high to low: write the smaller number first.")
        }
        (Lang::Zh, RangeErrorKind::Reversed) => format!("“{text}”上下限颠倒：请先写较小的数。"),
        (Lang::En, RangeErrorKind::NotFinite) => {
            format!("“{text}” is not a finite number: it is too large.")
        }
        (Lang::Zh, RangeErrorKind::NotFinite) => format!("“{text}”不是有限数值：数值过大。"),
        (Lang::En, RangeErrorKind::Malformed) => {
            format!("“{text}” is not a range. Use 80, >=80, <=4 or 24..48.")
        }
        (Lang::Zh, RangeErrorKind::Malformed) => {
            format!("“{text}”不是有效范围。可用 80、>=80、<=4 或 24..48。")
        }
    }
}

pub fn missing(lang: Lang, missing: Option<Missing>) -> &'static str {
    let (en, zh) = match missing {
        None | Some(Missing::Price) => ("unknown", "未知"),
        Some(Missing::NoAccelerator) => ("n/a (no accelerator)", "不适用（无加速卡）"),
        Some(Missing::MemorySpec) => ("n/a (memory unknown)", "不适用（显存未知）"),
        Some(Missing::ThroughputSpec) => ("n/a (BF16 unknown)", "不适用（算力未知）"),
        Some(Missing::Rate) => ("n/a (no exchange rate)", "不适用（无汇率）"),
    };
    pick(lang, en, zh)
}

pub fn theme(lang: Lang, theme: Theme) -> &'static str {
    let (en, zh) = match theme {
        Theme::System => ("System", "跟随系统"),
        Theme::Light => ("Light", "浅色"),
        Theme::Dark => ("Dark", "深色"),
    };
    pick(lang, en, zh)
}

/// A job's fit in a table cell: a mark that does not rely on colour, and a few words.
pub fn fit_short(lang: Lang, fit: &workload::Fit) -> String {
    use workload::Fit;
    match (fit, lang) {
        (Fit::OneAccelerator, Lang::En) => "✓ 1 accelerator".into(),
        (Fit::OneAccelerator, Lang::Zh) => "✓ 单卡".into(),
        (Fit::Sharded { accelerators }, Lang::En) => format!("✓ sharded × {accelerators}"),
        (Fit::Sharded { accelerators }, Lang::Zh) => format!("✓ 分片 × {accelerators}"),
        (
            Fit::Instances {
                instances,
                clustering_assumed: true,
                ..
            },
            Lang::En,
        ) => format!("? {instances} instances, clustering not stated"),
        (
            Fit::Instances {
                instances,
                clustering_assumed: true,
                ..
            },
            Lang::Zh,
        ) => format!("? {instances} 台实例，未注明集群"),
        (Fit::Instances { instances, .. }, Lang::En) => format!("✓ {instances} instances"),
        (Fit::Instances { instances, .. }, Lang::Zh) => format!("✓ {instances} 台实例"),
        (Fit::DoesNotFit { .. }, Lang::En) => "✗ does not fit".into(),
        (Fit::DoesNotFit { .. }, Lang::Zh) => "✗ 放不下".into(),
        (Fit::Unknown { .. }, Lang::En) => "? unknown".into(),
        (Fit::Unknown { .. }, Lang::Zh) => "? 未知".into(),
    }
}

/// How finely a provider bills, in the table's facts, the detail view and the pages.
pub fn billing_increment(lang: Lang, increment: catalog::BillingIncrement) -> &'static str {
    let (en, zh) = match increment {
        catalog::BillingIncrement::Second => ("per second", "按秒"),
        catalog::BillingIncrement::Minute => ("per minute", "按分钟"),
        catalog::BillingIncrement::Hour => ("per hour", "按小时"),
        catalog::BillingIncrement::Day => ("per day", "按天"),
        catalog::BillingIncrement::Month => ("per month", "按月"),
    };
    pick(lang, en, zh)
}

/// A 90-day price move as the market shows it: the text ("▲ +5.2 %", "▼ −3.1 %", "= 0 %":
/// the arrow says the direction without colour), the offers it covers ("3 offers") and the
/// cell's title saying what the number is. `None`: unknown, with the title saying why.
pub fn price_move(lang: Lang, change: Option<(f64, usize)>) -> (String, String, String) {
    let Some((change, offers)) = change.filter(|(c, _)| c.is_finite()) else {
        return (
            t(lang, Msg::Unknown).to_string(),
            String::new(),
            pick(
                lang,
                "Unknown: no on-demand price of this variant in this view has a recorded value from 90 days ago",
                "未知：此视图中该型号的按量价格都没有 90 天前的记录",
            )
            .to_string(),
        );
    };
    let percent = change * 100.0;
    let space = if lang == Lang::En { " " } else { "" };
    let text = if percent.abs() < 0.05 {
        format!("= 0{space}%")
    } else if percent > 0.0 {
        format!("▲ +{percent:.1}{space}%")
    } else {
        format!("▼ −{:.1}{space}%", percent.abs())
    };
    let (covered, title) = match lang {
        Lang::En => (
            format!("{offers} offer{}", if offers == 1 { "" } else { "s" }),
            format!("The median move of {offers} offers' own on-demand prices per accelerator, from 90 days ago to today (the dates their prices were true)"),
        ),
        Lang::Zh => (
            format!("{offers} 个报价"),
            format!("{offers} 个报价各自的按量每卡价格从 90 天前到今天的变化中位数（按价格生效日期）"),
        ),
    };
    (text, covered, title)
}

/// A provider fact's label by its key in the catalog, for the detail view and the pages
/// (the note is a paragraph of its own).
pub fn provider_fact(lang: Lang, key: &str) -> Option<&'static str> {
    let (en, zh) = match key {
        "minimum_charge" => ("Minimum charge", "最低计费"),
        "free_tier" => ("Free tier", "免费额度"),
        "kubernetes" => ("Managed Kubernetes", "托管 Kubernetes"),
        "storage" => ("Storage", "存储"),
        "framework_images" => ("Framework images", "预装框架镜像"),
        "notebooks" => ("Notebooks", "Notebook"),
        "cli" => ("Command-line tool", "命令行工具"),
        "credits" => ("Credits", "赠金"),
        "spot" => ("Spot capacity", "竞价实例"),
        "reserved" => ("Reservations", "预留实例"),
        _ => return None,
    };
    Some(pick(lang, en, zh))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_has_a_label_in_both_languages() {
        for c in Column::ALL {
            assert!(!column(Lang::En, c).is_empty());
            assert_ne!(column(Lang::En, c), column(Lang::Zh, c), "{c:?}");
        }
    }

    #[test]
    fn a_range_of_0_accelerators_says_it_matches_no_offer_and_what_is_allowed() {
        use crate::view::range::RangeErrorKind::NoneAboveZero;
        assert_eq!(
            range_error(Lang::En, RangeField::Count, "0", &NoneAboveZero),
            "Accelerators per instance is more than 0 for every offer: “0” matches none. \
             Allowed: a range above 0, as in 1, >=8 or <=4."
        );
        assert_eq!(
            range_error(
                Lang::Zh,
                RangeField::MemoryPerAccelerator,
                "0",
                &NoneAboveZero
            ),
            "所有报价的单卡显存（GB）都大于 0：“0”匹配不到任何报价。允许范围：大于 0 的范围，\
             例如 1、>=8 或 <=4。"
        );
    }

    #[test]
    fn price_units_read_naturally() {
        assert_eq!(
            price_unit(Lang::En, "USD", PriceBasis::Accelerator, Duration::Hour),
            "USD per accelerator per hour"
        );
        assert_eq!(
            price_unit(Lang::Zh, "CNY", PriceBasis::Instance, Duration::Month),
            "CNY / 实例 / 月"
        );
    }

    #[test]
    fn billing_and_provider_facts_have_one_word_per_language_never_both() {
        for lang in Lang::ALL {
            let word = billing_increment(lang, catalog::BillingIncrement::Second);
            assert_ne!(word, "second");
            for key in [
                "minimum_charge",
                "free_tier",
                "storage",
                "credits",
                "spot",
                "reserved",
            ] {
                let label = provider_fact(lang, key).unwrap();
                assert!(!label.contains(" / "), "{label}");
                let chinese = label
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                assert_eq!(chinese, lang == Lang::Zh, "{label}");
            }
        }
        assert_eq!(
            billing_increment(Lang::Zh, catalog::BillingIncrement::Second),
            "按秒"
        );
    }
}
