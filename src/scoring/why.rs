//! Why an offer ranks where it does, in one plain sentence in English or Chinese.
//!
//! The sentence follows the breakdown: the criteria that earned the most points, each said
//! with the fact behind it ("cheapest dense BF16 per hour", "per-second billing"), a
//! superlative only when it is true of the offers compared, and at the end a stale price
//! and the weighted criteria that were unknown, so a high rank never hides a gap.
//!
//! The compared offers' best values live in a [`WhyContext`], built once per set of offers
//! and constraints: explaining an offer then reads a few numbers instead of every offer.

use super::normalise::{Better, Reference};
use super::rank::{cost_direction, cost_metric};
use super::{Constraints, CostBasis, Criterion, Metrics, Scored};
use catalog::format::{money, quantity};
use catalog::freshness::Freshness;
use catalog::lang::{self, Lang};
use catalog::pick;
use catalog::{Interconnect, ProviderCategory};

/// At most this many reasons: more stops being a summary.
const REASONS: usize = 3;

/// Why `scored` (the score of `metrics`) ranks where it does among `context`, the offers it
/// was ranked with. Superlatives are checked against `context`.
pub fn why(scored: &Scored, metrics: &Metrics, context: &[Metrics], lang: Lang) -> String {
    why_among(scored, metrics, context, &Constraints::default(), lang)
}

/// [`why`], saying which constraints the compared offers met ("among offers with ≥80 GB
/// per accelerator"). Offers of `context` failing `constraints` are left out of the
/// comparison, so the sentence holds whatever set the caller passes.
///
/// Scans `context` once; to explain several offers of one set, build a [`WhyContext`] once
/// and call [`why_in`].
pub fn why_among(
    scored: &Scored,
    metrics: &Metrics,
    context: &[Metrics],
    constraints: &Constraints,
    lang: Lang,
) -> String {
    why_in(
        &WhyContext::new(context, constraints),
        scored,
        metrics,
        lang,
    )
}

/// What the superlatives of a "why" are checked against: the best value of each metric a
/// superlative speaks of (performance, memory, cost on every basis), among the offers the
/// constraints allow. It depends on the offers and the constraints only, not on the weights,
/// so the rank panel builds it once per set and a weight change explains its offers without
/// scanning them all again for each one.
#[derive(Debug, Clone, PartialEq)]
pub struct WhyContext {
    constraints: Constraints,
    performance: Reference,
    memory: Reference,
    /// Every basis, since the weights choose one and change far more often than the offers.
    cost: [(CostBasis, Reference); 7],
}

impl WhyContext {
    /// The best values among the offers of `context` that meet `constraints`, in one pass.
    pub fn new(context: &[Metrics], constraints: &Constraints) -> WhyContext {
        let mut best = WhyContext {
            constraints: constraints.clone(),
            performance: Reference::empty(Better::Higher),
            memory: Reference::empty(Better::Higher),
            cost: CostBasis::ALL.map(|basis| (basis, Reference::empty(cost_direction(basis)))),
        };
        for m in context.iter().filter(|m| constraints.allows(m)) {
            best.performance.add(m.bf16_pflops_per_accelerator());
            best.memory.add(m.memory_per_accelerator_gb);
            for (basis, reference) in &mut best.cost {
                reference.add(cost_metric(m, *basis));
            }
        }
        best
    }

    /// The cheapest (or, for bandwidth, the best) value on `basis`.
    fn cost(&self, basis: CostBasis) -> Option<&Reference> {
        self.cost
            .iter()
            .find(|(b, _)| *b == basis)
            .map(|(_, reference)| reference)
    }
}

/// Why `scored` (the score of `metrics`) ranks where it does, its superlatives checked
/// against `context`; the same sentence as [`why_among`] over the offers and constraints
/// the context was built from.
pub fn why_in(context: &WhyContext, scored: &Scored, metrics: &Metrics, lang: Lang) -> String {
    let mut by_points: Vec<(Criterion, f64)> = scored
        .breakdown
        .iter()
        .filter(|(c, points)| *points > 0.0 && !scored.unknown.contains(c))
        .copied()
        .collect();
    // Stable: equal points keep the criteria's own order.
    by_points.sort_by(|a, b| b.1.total_cmp(&a.1));

    let mut reasons: Vec<Reason> = Vec::new();
    let mut said_free = false;
    for (criterion, _) in by_points {
        if reasons.len() == REASONS {
            break;
        }
        let reason = match criterion {
            Criterion::Performance => performance(metrics, &context.performance, lang),
            Criterion::CostEfficiency => context
                .cost(scored.cost_basis)
                .and_then(|best| cost(metrics, best, scored.cost_basis, &mut said_free, lang)),
            Criterion::Memory => memory(metrics, &context.memory, lang),
            Criterion::ScaleOut => scale_out(metrics, lang),
            Criterion::Ecosystem => ecosystem(metrics, lang),
            Criterion::Flexibility => flexibility(metrics, &mut said_free, lang),
            Criterion::Trust => trust(metrics, lang),
        };
        reasons.extend(reason);
    }

    let mut parts: Vec<String> = Vec::new();
    let mut reasons = reasons.into_iter();
    if let Some(first) = reasons.next() {
        parts.push(
            match (first.superlative, among(&context.constraints, lang)) {
                (true, Some(among)) => match lang {
                    Lang::En => format!("{} {among}", first.text),
                    Lang::Zh => format!("{among}，{}", first.text),
                },
                _ => first.text,
            },
        );
    }
    parts.extend(reasons.map(|r| r.text));
    if parts.is_empty() {
        parts.push(pick(lang, "ranked on the chosen weights", "按所选权重排名").to_string());
    }
    parts.extend(stale(metrics, lang));
    if !scored.unknown.is_empty() {
        let names: Vec<String> = scored
            .unknown
            .iter()
            .map(|c| match lang {
                Lang::En => c.name(lang).to_lowercase(),
                Lang::Zh => c.name(lang).to_string(),
            })
            .collect();
        parts.push(match lang {
            Lang::En => format!("unknown: {}", names.join(", ")),
            Lang::Zh => format!("未知：{}", names.join("、")),
        });
    }
    // A constraint the offer could not be checked against: ranked, never hidden.
    parts.extend(scored.unverified.iter().map(|e| match lang {
        Lang::En => format!("{} (ranked all the same)", e.not_stated(lang)),
        Lang::Zh => format!("{}（仍参与排名）", e.not_stated(lang)),
    }));
    parts.join(pick(lang, "; ", "；"))
}

/// One reason; a superlative can carry the "among offers with …" qualifier.
struct Reason {
    text: String,
    superlative: bool,
}

fn plain(text: String) -> Option<Reason> {
    Some(Reason {
        text,
        superlative: false,
    })
}

fn best(text: String) -> Option<Reason> {
    Some(Reason {
        text,
        superlative: true,
    })
}

/// "1.04", "1.4", "12": how many times worse than the best, with the digits that matter.
fn times(ratio: f64) -> String {
    if ratio >= 10.0 {
        format!("{ratio:.0}")
    } else if ratio >= 1.1 {
        format!("{ratio:.1}")
    } else {
        format!("{ratio:.2}")
    }
}

/// How `value` compares with `best`, the best of the compared offers: `Ok(())` when it is
/// the best, `Err(ratio)` when it is `ratio` times worse, `None` when it cannot be read.
fn versus(value: f64, best: &Reference, better: Better) -> Option<Result<(), f64>> {
    if best.score(Some(value))? >= 1.0 {
        return Some(Ok(()));
    }
    let best = best.best()?;
    Some(Err(match better {
        Better::Lower => value / best,
        Better::Higher => best / value,
    }))
}

/// `said_free`: whether "free tier" was said already (by flexibility), and is after this.
fn cost(
    m: &Metrics,
    best_cost: &Reference,
    basis: CostBasis,
    said_free: &mut bool,
    lang: Lang,
) -> Option<Reason> {
    if m.free {
        let first = !std::mem::replace(said_free, true);
        return first.then(|| plain(pick(lang, "free tier", "免费额度").to_string()))?;
    }
    let value = cost_metric(m, basis)?;
    let standing = versus(value, best_cost, cost_direction(basis))?;
    let price = money(value, m.currency);
    let (en_best, zh_best, en_rest, zh_rest) = match basis {
        CostBasis::Hour => (
            format!("lowest price per hour ({price}/h)"),
            format!("每小时价格最低（{price}/小时）"),
            format!("{price} per hour"),
            format!("每小时 {price}"),
        ),
        CostBasis::AcceleratorHour => (
            format!("lowest price per accelerator-hour ({price})"),
            format!("每卡每小时价格最低（{price}）"),
            format!("{price} per accelerator-hour"),
            format!("每卡每小时 {price}"),
        ),
        CostBasis::Bf16PflopHour => (
            format!("cheapest dense BF16 per hour ({price} per PFLOP-hour)"),
            format!("每小时稠密 BF16 算力最便宜（每 PFLOP 时 {price}）"),
            format!("dense BF16 at {price} per PFLOP-hour"),
            format!("稠密 BF16 每 PFLOP 时 {price}"),
        ),
        CostBasis::Fp8PflopHour => (
            format!("cheapest FP8 per hour ({price} per PFLOP-hour)"),
            format!("每小时 FP8 算力最便宜（每 PFLOP 时 {price}）"),
            format!("FP8 at {price} per PFLOP-hour"),
            format!("FP8 每 PFLOP 时 {price}"),
        ),
        CostBasis::GbHour => (
            format!("cheapest memory per GB-hour ({price})"),
            format!("每 GB 显存每小时最便宜（{price}）"),
            format!("{price} per GB-hour of memory"),
            format!("每 GB 显存每小时 {price}"),
        ),
        CostBasis::Job => (
            format!("your job costs least here ({price})"),
            format!("你的任务在此成本最低（{price}）"),
            format!("your job costs {price}"),
            format!("你的任务成本 {price}"),
        ),
        CostBasis::Bandwidth => {
            let gbs = quantity(value.round());
            (
                "most memory bandwidth per unit of price".to_string(),
                "单位价格的显存带宽最高".to_string(),
                format!("{gbs} GB/s of memory bandwidth per unit of price per hour"),
                format!("每单位小时价格 {gbs} GB/s 显存带宽"),
            )
        }
    };
    let prices = cost_direction(basis) == Better::Lower;
    match (standing, lang) {
        (Ok(()), Lang::En) => best(en_best),
        (Ok(()), Lang::Zh) => best(zh_best),
        (Err(r), Lang::En) if prices => plain(format!("{en_rest}, {}× the lowest", times(r))),
        (Err(r), Lang::Zh) if prices => plain(format!("{zh_rest}，为最低价的 {} 倍", times(r))),
        (Err(r), Lang::En) => plain(format!("{en_rest}, 1/{} of the best", times(r))),
        (Err(r), Lang::Zh) => plain(format!("{zh_rest}，为最高者的 1/{}", times(r))),
    }
}

fn performance(m: &Metrics, fastest: &Reference, lang: Lang) -> Option<Reason> {
    let per = m.bf16_pflops_per_accelerator()?;
    let standing = versus(per, fastest, Better::Higher)?;
    let pflops = quantity(per);
    match (standing, lang) {
        (Ok(()), Lang::En) if m.accelerators.is_some_and(|c| c > 1.0) => best(format!(
            "fastest accelerators ({pflops} PFLOPS dense BF16 each)"
        )),
        (Ok(()), Lang::En) => best(format!("fastest accelerator ({pflops} PFLOPS dense BF16)")),
        (Ok(()), Lang::Zh) => best(format!("单卡稠密 BF16 算力最高（{pflops} PFLOPS）")),
        (Err(_), Lang::En) => plain(format!("{pflops} PFLOPS dense BF16 per accelerator")),
        (Err(_), Lang::Zh) => plain(format!("单卡稠密 BF16 算力 {pflops} PFLOPS")),
    }
}

fn memory(m: &Metrics, most: &Reference, lang: Lang) -> Option<Reason> {
    let per = m.memory_per_accelerator_gb?;
    let standing = versus(per, most, Better::Higher)?;
    let per_text = quantity(per);
    let total = m
        .memory_total_gb
        .filter(|_| m.accelerators.is_some_and(|c| c > 1.0))
        .map(quantity);
    let text = match (standing, lang, total) {
        (Ok(()), Lang::En, _) => {
            return best(format!("most memory per accelerator ({per_text} GB)"))
        }
        (Ok(()), Lang::Zh, _) => return best(format!("每卡显存最大（{per_text} GB）")),
        (Err(_), Lang::En, Some(t)) => format!("{per_text} GB per accelerator, {t} GB in all"),
        (Err(_), Lang::Zh, Some(t)) => format!("每卡显存 {per_text} GB，共 {t} GB"),
        (Err(_), Lang::En, None) => format!("{per_text} GB per accelerator"),
        (Err(_), Lang::Zh, None) => format!("每卡显存 {per_text} GB"),
    };
    plain(text)
}

fn scale_out(m: &Metrics, lang: Lang) -> Option<Reason> {
    let count = m.accelerators.map(quantity).unwrap_or_default();
    let mut parts: Vec<String> = Vec::new();
    let link = if m.interconnect == Some(Interconnect::Nvswitch) {
        Some("NVSwitch")
    } else if m.nvlink {
        Some("NVLink")
    } else if m.interconnect == Some(Interconnect::Ici) {
        Some("TPU ICI")
    } else {
        None
    };
    let several = m.accelerators.is_some_and(|c| c > 1.0);
    match (link, several) {
        (Some(link), true) => parts.push(match (lang, m.interconnect_implied) {
            (Lang::En, false) => format!("{link} across {count} accelerators"),
            (Lang::Zh, false) => format!("{count} 卡 {link} 互联"),
            (Lang::En, true) => format!("{link} across {count} accelerators (implied by SXM)"),
            (Lang::Zh, true) => format!("{count} 卡 {link} 互联（由 SXM 推定）"),
        }),
        (None, true) if m.interconnect == Some(Interconnect::Pcie) => parts.push(match lang {
            Lang::En => format!("{count} accelerators over PCIe"),
            Lang::Zh => format!("{count} 卡 PCIe 互联"),
        }),
        _ => {}
    }
    if m.fast_network == Some(true) {
        parts.push(
            pick(
                lang,
                "InfiniBand / RoCE / EFA",
                "InfiniBand / RoCE / EFA 网络",
            )
            .to_string(),
        );
    }
    if m.multi_node {
        parts.push(pick(lang, "multi-node clusters", "支持多机集群").to_string());
    }
    (!parts.is_empty()).then(|| plain(parts.join(pick(lang, ", ", "、"))))?
}

fn ecosystem(m: &Metrics, lang: Lang) -> Option<Reason> {
    let items: Vec<&str> = [
        (m.kubernetes, pick(lang, "Kubernetes", "Kubernetes")),
        (
            m.framework_images,
            pick(lang, "framework images", "框架镜像"),
        ),
        (m.notebooks, pick(lang, "notebooks", "Notebook")),
        (m.storage, pick(lang, "storage integration", "存储集成")),
    ]
    .into_iter()
    .filter_map(|(held, name)| held.then_some(name))
    .collect();
    if items.is_empty() {
        return None;
    }
    plain(match lang {
        Lang::En => items.join(", "),
        // Chinese sets Latin text off with a space: "支持 Kubernetes".
        Lang::Zh if items[0].starts_with(|c: char| c.is_ascii()) => {
            format!("支持 {}", items.join("、"))
        }
        Lang::Zh => format!("支持{}", items.join("、")),
    })
}

fn flexibility(m: &Metrics, said_free: &mut bool, lang: Lang) -> Option<Reason> {
    let mut parts: Vec<&str> = Vec::new();
    if m.free && !std::mem::replace(said_free, true) {
        parts.push(pick(lang, "free tier", "免费额度"));
    }
    match m.billing_seconds {
        Some(0..=1) => parts.push(pick(lang, "per-second billing", "按秒计费")),
        Some(2..=60) => parts.push(pick(lang, "per-minute billing", "按分钟计费")),
        _ => {}
    }
    if m.spot_available {
        parts.push(pick(lang, "spot capacity", "有竞价实例"));
    }
    (!parts.is_empty()).then(|| plain(parts.join(pick(lang, ", ", "、"))))?
}

/// A reason only when the price is fresh: an old price earns some trust points, but "checked
/// two years ago" is a caveat, not a reason (see [`stale`]).
fn trust(m: &Metrics, lang: Lang) -> Option<Reason> {
    if m.price_freshness() != Some(Freshness::Fresh) {
        return None;
    }
    let confidence = m.confidence.map(|c| lang::confidence(lang, c))?;
    let months = m.age_months.unwrap_or(0).max(0);
    plain(match (lang, months) {
        (Lang::En, 0) => format!("price checked this month ({confidence} confidence)"),
        (Lang::En, 1) => format!("price checked a month ago ({confidence} confidence)"),
        (Lang::En, n) => format!("price checked {n} months ago ({confidence} confidence)"),
        (Lang::Zh, 0) => format!("价格本月核实（可信度：{confidence}）"),
        (Lang::Zh, n) => format!("价格 {n} 个月前核实（可信度：{confidence}）"),
    })
}

/// The caveat of a stale price, whatever the weights: "price 30 months old".
fn stale(m: &Metrics, lang: Lang) -> Option<String> {
    if m.price_freshness() != Some(Freshness::Stale) {
        return None;
    }
    Some(match (m.age_months, lang) {
        (Some(n), Lang::En) => format!("price {n} months old"),
        (Some(n), Lang::Zh) => format!("价格已 {n} 个月未核实"),
        (None, Lang::En) => "stale price".to_string(),
        (None, Lang::Zh) => "价格已过时".to_string(),
    })
}

/// "among hyperscaler offers with ≥80 GB per accelerator" / "在每卡显存≥80 GB 的超大规模云方案中";
/// `None` when nothing is constrained.
fn among(c: &Constraints, lang: Lang) -> Option<String> {
    let mut with: Vec<String> = Vec::new();
    if let Some(gb) = c.min_memory_per_accelerator_gb {
        with.push(match lang {
            Lang::En => format!("≥{} GB per accelerator", quantity(gb)),
            Lang::Zh => format!("每卡显存≥{} GB", quantity(gb)),
        });
    }
    match (c.min_count, c.max_count) {
        (_, Some(max)) if max <= 1.0 => {
            with.push(pick(lang, "a single accelerator", "单卡").into())
        }
        (Some(min), Some(max)) if min == max => with.push(match lang {
            Lang::En => format!("{} accelerators", quantity(min)),
            Lang::Zh => format!("{} 张加速卡", quantity(min)),
        }),
        (min, max) => {
            if let Some(min) = min {
                with.push(match lang {
                    Lang::En => format!("≥{} accelerators", quantity(min)),
                    Lang::Zh => format!("加速卡≥{} 张", quantity(min)),
                });
            }
            if let Some(max) = max {
                with.push(match lang {
                    Lang::En => format!("≤{} accelerators", quantity(max)),
                    Lang::Zh => format!("加速卡≤{} 张", quantity(max)),
                });
            }
        }
    }
    if !c.links.is_empty() {
        let links: Vec<&str> = c.links.iter().map(|l| lang::link(lang, *l)).collect();
        with.push(links.join(pick(lang, " or ", "或")));
    }
    if c.multi_node {
        with.push(pick(lang, "multi-node clusters", "支持多机集群").into());
    }
    if let Some(max) = c.max_price_per_hour {
        // The budget is in the view's currency; the label shows the amount only, since the
        // constraint carries no currency of its own.
        with.push(match lang {
            Lang::En => format!("a price ≤ {}/h", quantity(max)),
            Lang::Zh => format!("每小时≤{}", quantity(max)),
        });
    }
    let kinds: Vec<&str> = c.categories.iter().map(|k| kind(*k, lang)).collect();
    if with.is_empty() && kinds.is_empty() {
        return None;
    }
    Some(match lang {
        Lang::En => {
            let mut text = String::from("among ");
            if !kinds.is_empty() {
                text.push_str(&kinds.join(" or "));
                text.push(' ');
            }
            text.push_str("offers");
            if !with.is_empty() {
                text.push_str(" with ");
                text.push_str(&with.join(", "));
            }
            text
        }
        Lang::Zh => {
            let with = with.join("、");
            // Chinese sets Latin text off with a space: "80 GB 的", "单卡的".
            let with = match with.chars().last() {
                None => with,
                Some(last) if last.is_ascii() => format!("{with} 的"),
                Some(_) => format!("{with}的"),
            };
            format!("在{with}{}方案中", kinds.join("或"))
        }
    })
}

/// A provider category as an adjective: "hyperscaler offers".
fn kind(category: ProviderCategory, lang: Lang) -> &'static str {
    match category {
        ProviderCategory::Hyperscaler => pick(lang, "hyperscaler", "超大规模云"),
        ProviderCategory::GpuCloud => pick(lang, "GPU-cloud", "GPU 云"),
        ProviderCategory::Marketplace => pick(lang, "marketplace", "算力市场"),
        ProviderCategory::China => pick(lang, "China-platform", "国内平台"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rank, Weights};
    use catalog::{Confidence, Term};

    fn card(id: &str, price: f64, pflops: f64, memory_gb: f64) -> Metrics {
        let mut m = Metrics::unknown(id, ProviderCategory::GpuCloud);
        m.accelerators = Some(1.0);
        m.bf16_pflops = Some(pflops);
        m.memory_per_accelerator_gb = Some(memory_gb);
        m.memory_total_gb = Some(memory_gb);
        m.term = Some(Term::OnDemand);
        m.age_months = Some(1);
        m.confidence = Some(Confidence::High);
        m.set_price(Some(price));
        m
    }

    fn set() -> Vec<Metrics> {
        let mut h100 = card("p/h100", 2.0, 1.0, 80.0);
        h100.billing_seconds = Some(1);
        let mut small = card("p/small", 0.5, 0.1, 24.0);
        small.billing_seconds = Some(3_600);
        vec![h100, small, card("p/h200", 4.0, 1.0, 141.0)]
    }

    #[test]
    fn the_top_pick_of_a_memory_bound_search_reads_like_the_article() {
        let set = set();
        let weights = Weights::from_array([0, 10, 0, 0, 0, 3, 0], CostBasis::Bf16PflopHour);
        let constraints = Constraints {
            min_memory_per_accelerator_gb: Some(80.0),
            ..Constraints::default()
        };
        let ranking = rank(&set, &weights, &constraints);
        let top = &ranking.ranked[0];
        assert_eq!(top.offer_id, "p/h100");
        let en = why_among(top, &set[0], &set, &constraints, Lang::En);
        assert_eq!(
            en,
            "cheapest dense BF16 per hour ($2.00 per PFLOP-hour) among offers with ≥80 GB per accelerator; per-second billing"
        );
        let zh = why_among(top, &set[0], &set, &constraints, Lang::Zh);
        assert_eq!(
            zh,
            "在每卡显存≥80 GB 的方案中，每小时稠密 BF16 算力最便宜（每 PFLOP 时 $2.00）；按秒计费"
        );
    }

    #[test]
    fn a_superlative_is_only_claimed_when_true_of_the_compared_offers() {
        let set = set();
        let weights = Weights::from_array([0, 10, 0, 0, 0, 0, 0], CostBasis::Hour);
        let ranking = rank(&set, &weights, &Constraints::default());
        let h100 = ranking.get("p/h100").unwrap();
        let en = why(h100, &set[0], &set, Lang::En);
        assert_eq!(en, "$2.00 per hour, 4.0× the lowest");
        let small = ranking.get("p/small").unwrap();
        assert_eq!(
            why(small, &set[1], &set, Lang::En),
            "lowest price per hour ($0.500/h)"
        );
    }

    #[test]
    fn unknown_criteria_are_named() {
        let mut m = card("p/x", 1.0, 1.0, 80.0);
        m.bf16_pflops = None;
        m.set_price(Some(1.0));
        let set = vec![m];
        let ranking = rank(&set, &Weights::default(), &Constraints::default());
        let text = why(&ranking.ranked[0], &set[0], &set, Lang::En);
        assert!(
            text.contains("unknown: performance, cost-efficiency"),
            "{text}"
        );
        let zh = why(&ranking.ranked[0], &set[0], &set, Lang::Zh);
        assert!(zh.contains("未知：性能、性价比"), "{zh}");
    }

    #[test]
    fn a_constraint_that_cannot_be_checked_is_said() {
        let mut m = card("p/x", 1.0, 1.0, 80.0);
        m.set_price(Some(1.0));
        m.multi_node_not_stated = true;
        let set = vec![m];
        let constraints = Constraints {
            multi_node: true,
            ..Constraints::default()
        };
        let ranking = rank(&set, &Weights::default(), &constraints);
        let text = why(&ranking.ranked[0], &set[0], &set, Lang::En);
        assert!(
            text.ends_with("multi-node clustering not stated (ranked all the same)"),
            "{text}"
        );
    }

    #[test]
    fn a_free_tier_says_so_once() {
        let mut free = card("p/free", 0.0, 0.1, 8.0);
        free.billing_seconds = Some(1);
        let set = vec![free, card("p/paid", 1.0, 1.0, 80.0)];
        let weights = Weights::from_array([0, 10, 0, 0, 0, 8, 0], CostBasis::Hour);
        let ranking = rank(&set, &weights, &Constraints::default());
        let top = &ranking.ranked[0];
        assert_eq!(top.offer_id, "p/free");
        let text = why(top, &set[0], &set, Lang::En);
        assert_eq!(text, "free tier; per-second billing");
        let flexibility_first = Weights::from_array([0, 3, 0, 0, 0, 10, 0], CostBasis::Hour);
        let ranking = rank(&set, &flexibility_first, &Constraints::default());
        let text = why(&ranking.ranked[0], &set[0], &set, Lang::En);
        assert_eq!(text, "free tier, per-second billing");
    }

    #[test]
    fn bandwidth_per_price_is_compared_as_a_share_of_the_best() {
        let mut fast = card("p/fast", 1.0, 1.0, 80.0);
        fast.memory_bandwidth_gbs = Some(4_000.0);
        fast.set_price(Some(1.0));
        let mut slow = card("p/slow", 1.0, 1.0, 80.0);
        slow.memory_bandwidth_gbs = Some(1_000.0);
        slow.kubernetes = true;
        slow.set_price(Some(1.0));
        let set = vec![fast, slow];
        let weights = Weights::from_array([0, 10, 0, 0, 1, 0, 0], CostBasis::Bandwidth);
        let ranking = rank(&set, &weights, &Constraints::default());
        let slow_scored = ranking.get("p/slow").unwrap();
        assert_eq!(
            why(slow_scored, &set[1], &set, Lang::En),
            "1,000 GB/s of memory bandwidth per unit of price per hour, 1/4.0 of the best; Kubernetes"
        );
        assert_eq!(
            why(slow_scored, &set[1], &set, Lang::Zh),
            "每单位小时价格 1,000 GB/s 显存带宽，为最高者的 1/4.0；支持 Kubernetes"
        );
    }

    #[test]
    fn constraints_read_as_a_qualifier_in_both_languages() {
        let c = Constraints {
            min_count: Some(2.0),
            links: [catalog::Link::Nvlink].into(),
            categories: [ProviderCategory::Hyperscaler].into(),
            ..Constraints::default()
        };
        assert_eq!(
            among(&c, Lang::En).unwrap(),
            "among hyperscaler offers with ≥2 accelerators, NVLink / NVSwitch"
        );
        assert_eq!(
            among(&c, Lang::Zh).unwrap(),
            "在加速卡≥2 张、NVLink / NVSwitch 的超大规模云方案中"
        );
        assert_eq!(among(&Constraints::default(), Lang::En), None);
    }
}
