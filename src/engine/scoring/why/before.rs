//! `why_among` as it was before [`WhyContext`](super::WhyContext): every superlative checked
//! by scanning the compared offers again for each explained offer. Kept verbatim (the parts
//! that changed; the unchanged helpers are the parent's) so a test can show the precomputed
//! context says exactly what this said; delete it with that test once nobody doubts it.

use super::{among, best, plain, stale, times, Reason};
use super::{ecosystem, flexibility, scale_out, trust};
use crate::engine::format::{money, quantity};
use crate::engine::i18n::Lang;
use crate::engine::scoring::normalise::{Better, Reference};
use crate::engine::scoring::rank::{cost_direction, cost_metric};
use crate::engine::scoring::{pick, Constraints, CostBasis, Criterion, Metrics, Scored};

/// At most this many reasons: more stops being a summary.
const REASONS: usize = 3;

pub(super) fn why_among(
    scored: &Scored,
    metrics: &Metrics,
    context: &[Metrics],
    constraints: &Constraints,
    lang: Lang,
) -> String {
    let compared: Vec<&Metrics> = context.iter().filter(|c| constraints.allows(c)).collect();
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
            Criterion::Performance => performance(metrics, &compared, lang),
            Criterion::CostEfficiency => {
                cost(metrics, &compared, scored.cost_basis, &mut said_free, lang)
            }
            Criterion::Memory => memory(metrics, &compared, lang),
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
        parts.push(match (first.superlative, among(constraints, lang)) {
            (true, Some(among)) => match lang {
                Lang::En => format!("{} {among}", first.text),
                Lang::Zh => format!("{among}，{}", first.text),
            },
            _ => first.text,
        });
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
    parts.join(pick(lang, "; ", "；"))
}

/// How `value` compares with the best of `compared` for one metric: `Ok(())` when it is the
/// best, `Err(ratio)` when it is `ratio` times worse, `None` when unknown.
fn versus(
    value: Option<f64>,
    compared: &[&Metrics],
    read: impl Fn(&Metrics) -> Option<f64>,
    better: Better,
) -> Option<Result<(), f64>> {
    let value = value?;
    let reference = Reference::of(compared.iter().map(|m| read(m)), better);
    if reference.score(Some(value))? >= 1.0 {
        return Some(Ok(()));
    }
    let best = reference.best()?;
    Some(Err(match better {
        Better::Lower => value / best,
        Better::Higher => best / value,
    }))
}

/// `said_free`: whether "free tier" was said already (by flexibility), and is after this.
fn cost(
    m: &Metrics,
    compared: &[&Metrics],
    basis: CostBasis,
    said_free: &mut bool,
    lang: Lang,
) -> Option<Reason> {
    if m.free {
        let first = !std::mem::replace(said_free, true);
        return first.then(|| plain(pick(lang, "free tier", "免费额度").to_string()))?;
    }
    let value = cost_metric(m, basis)?;
    let standing = versus(
        Some(value),
        compared,
        |c| cost_metric(c, basis),
        cost_direction(basis),
    )?;
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

fn performance(m: &Metrics, compared: &[&Metrics], lang: Lang) -> Option<Reason> {
    let per = m.bf16_pflops_per_accelerator()?;
    let standing = versus(
        Some(per),
        compared,
        Metrics::bf16_pflops_per_accelerator,
        Better::Higher,
    )?;
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

fn memory(m: &Metrics, compared: &[&Metrics], lang: Lang) -> Option<Reason> {
    let per = m.memory_per_accelerator_gb?;
    let standing = versus(
        Some(per),
        compared,
        |c| c.memory_per_accelerator_gb,
        Better::Higher,
    )?;
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

#[cfg(test)]
mod tests {
    use crate::engine::bundled;
    use crate::engine::catalog::{Currency, ProviderCategory, Term};
    use crate::engine::explorer::Explorer;
    use crate::engine::fx::Fx;
    use crate::engine::i18n::Lang;
    use crate::engine::pricing::Rates;
    use crate::engine::scoring::{
        rank, why_in, Constraints, CostBasis, Metrics, Scenario, Weights, WhyContext,
    };
    use crate::engine::view::filters::Link;
    use crate::engine::view::state::ViewState;

    /// The metrics of every offer of the real catalog a view shows.
    fn metrics(state: &ViewState) -> Vec<Metrics> {
        let catalog = bundled::catalog().unwrap();
        let today = bundled::built_on();
        let rates = Rates::new(Fx::newest(&catalog.fx), state.custom_rate);
        Explorer::new(&catalog)
            .show(state, &rates, &today)
            .rows
            .iter()
            .filter_map(|row| Metrics::of(row, &rates, &today))
            .collect()
    }

    /// Every scenario with its own constraints, and every cost basis under constraints that
    /// shrink the compared set in each way a superlative's qualifier can say.
    fn weighings() -> Vec<(Weights, Constraints)> {
        let mut all: Vec<_> = Scenario::ALL.into_iter().map(Scenario::preset).collect();
        let constrained = [
            Constraints::default(),
            Constraints {
                min_memory_per_accelerator_gb: Some(80.0),
                ..Constraints::default()
            },
            Constraints {
                min_count: Some(8.0),
                links: [Link::Nvlink].into(),
                multi_node: true,
                ..Constraints::default()
            },
            Constraints {
                max_count: Some(1.0),
                max_price_per_hour: Some(3.0),
                categories: [ProviderCategory::GpuCloud, ProviderCategory::China].into(),
                ..Constraints::default()
            },
        ];
        for (i, basis) in CostBasis::ALL.into_iter().enumerate() {
            // Cost first, then a different second criterion for each basis.
            let mut weights = [2, 10, 0, 0, 0, 0, 1];
            weights[i % 7] = weights[i % 7].max(6);
            let weights = Weights::from_array(weights, basis);
            all.extend(constrained.iter().map(|c| (weights.clone(), c.clone())));
        }
        all.push((Weights::default(), constrained[1].clone()));
        all
    }

    #[test]
    fn the_precomputed_context_says_what_scanning_said() {
        let views = [
            ViewState::default(),
            ViewState {
                term: Term::Spot,
                ..ViewState::default()
            },
            ViewState {
                price: crate::engine::pricing::PriceView {
                    currency: Currency::Cny,
                    ..Default::default()
                },
                ..ViewState::default()
            },
        ];
        let mut compared = 0;
        let mut superlatives = 0;
        for view in &views {
            let all = metrics(view);
            for (weights, constraints) in weighings() {
                let ranking = rank(&all, &weights, &constraints);
                let context = WhyContext::new(&all, &constraints);
                // The top of the list, as the rank panel shows it, and a spread of the rest.
                let explained = ranking
                    .ranked
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i < 25 || i % 41 == 0);
                for (_, scored) in explained {
                    let m = all.iter().find(|m| m.offer_id == scored.offer_id).unwrap();
                    for lang in [Lang::En, Lang::Zh] {
                        let before = super::why_among(scored, m, &all, &constraints, lang);
                        assert_eq!(
                            why_in(&context, scored, m, lang),
                            before,
                            "{} under {weights:?}, {constraints:?}",
                            scored.offer_id
                        );
                        compared += 1;
                        superlatives += usize::from(
                            ["lowest", "cheapest", "fastest", "most "]
                                .iter()
                                .any(|w| before.contains(w)),
                        );
                    }
                }
            }
        }
        assert!(compared > 2_000, "{compared} sentences compared");
        assert!(
            superlatives > 50,
            "superlatives are exercised: {superlatives}"
        );
    }
}
