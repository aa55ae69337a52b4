//! "Call an API, run serverless, or keep a GPU?" for a serving job: over the offers shown, the
//! cheapest of each way at the job's volume, the cheapest hosted API for its model
//! (`api_way`), the daily volume where serverless and always-on cross, and the one from which
//! a GPU of one's own costs no more than the API. Serverless is billed by use (busy time and
//! cold starts), always-on for the hours it is kept, each as the table's cost column says;
//! prices the view's competition leaves out (old ones) and offers costed on an assumed
//! cluster do not answer.

use super::api_way::{self, ApiWay};
use super::i18n::Lang;
use crate::explorer::{hardware, price_input, Competition, Row};
use crate::pricing::Rates;
use catalog::api_prices::ApiCatalog;
use catalog::{format, Currency, Term};
use workload::crossing::{crossing, volumes, Crossing};
use workload::crossover::{crossover, Crossover};
use workload::serving::day_cost;
use workload::{Fit, Job, PriceInput, Workload};

/// The cheapest offer of one way to serve.
#[derive(Debug, Clone, PartialEq)]
pub struct Way {
    pub offer: String,
    /// "Koyeb · RTX A6000".
    pub label: String,
    pub per_day: f64,
    pub currency: Currency,
}

/// The three ways and where they cross.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingChoice {
    pub serverless: Option<Way>,
    pub always_on: Option<Way>,
    /// Serverless against always-on.
    pub crossover: Option<Crossover>,
    pub api: Option<ApiWay>,
    /// The API against the cheaper GPU way at each volume: from where a GPU costs no more.
    pub break_even: Option<Crossing>,
    /// Each way's cost a day from 1k to 10T output tokens a day, for the chart.
    pub curve: Vec<CostPoint>,
    /// The job's output tokens a day.
    pub tokens_per_day: f64,
}

/// The three ways' costs a day at one volume; `None` where a way cannot be costed (no offer,
/// or more load than the instances considered can carry).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CostPoint {
    pub tokens_per_day: f64,
    pub api: Option<f64>,
    pub serverless: Option<f64>,
    pub always_on: Option<f64>,
}

impl CostPoint {
    /// The cheaper of the two GPU ways.
    pub fn gpu(&self) -> Option<f64> {
        match (self.serverless, self.always_on) {
            (Some(s), Some(a)) => Some(s.min(a)),
            (s, a) => s.or(a),
        }
    }
}

/// The cheapest serverless and always-on rows among `rows` for `job`, and the cheapest API of
/// `api` priced in `currency`; `None` for a job that is not serving, or when no way has a cost.
pub fn choice(
    job: &Job,
    rows: &[Row<'_>],
    rates: &Rates,
    competition: Competition,
    api: Option<&ApiCatalog>,
    currency: Currency,
) -> Option<ServingChoice> {
    let Workload::Inference { tokens_per_day, .. } = job.workload else {
        return None;
    };
    let cheapest = |serverless: bool| {
        rows.iter()
            .filter(|r| {
                r.quote.as_ref().is_some_and(|q| {
                    (q.term == Term::Serverless) == serverless
                        && q.term != Term::Free
                        && competition.admits(q)
                })
            })
            .filter_map(|r| {
                let figures = r.job.as_ref()?;
                Some((r, figures.cost.filter(|_| holds(&figures.fit))?))
            })
            .min_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then_with(|| a.0.entry.offer.id.cmp(&b.0.entry.offer.id))
            })
    };
    let (serverless, always_on) = (cheapest(true), cheapest(false));
    let api = api.and_then(|api| api_way::cheapest(api, job, rates, currency));
    if serverless.is_none() && always_on.is_none() && api.is_none() {
        return None;
    }
    let input = |r: &Row<'_>| {
        Some((
            hardware(r.entry),
            price_input(r.entry, r.quote.as_ref()?, rates)?,
        ))
    };
    let crossover = match (
        serverless.and_then(|(r, _)| input(r)),
        always_on.and_then(|(r, _)| input(r)),
    ) {
        (Some((sh, sp)), Some((ah, ap))) => crossover(job, (&sh, &sp), (&ah, &ap)),
        _ => None,
    };
    let costs = Costs::new(job, rows, rates, competition, api.as_ref());
    let break_even = api.as_ref().and_then(|_| {
        crossing(|v| {
            let at = costs.at(v);
            Some(at.api? - at.gpu()?)
        })
    });
    let curve = volumes().map(|v| costs.at(v)).collect();
    let way = |(row, per_day): (&Row<'_>, f64)| Way {
        offer: row.entry.offer.id.clone(),
        label: row.entry.label(),
        per_day,
        currency: row.quote.as_ref().map_or(Currency::Usd, |q| q.currency),
    };
    Some(ServingChoice {
        serverless: serverless.map(way),
        always_on: always_on.map(way),
        crossover,
        api,
        break_even,
        curve,
        tokens_per_day,
    })
}

/// Every offer that answers, costed at any volume as the table costs it at the job's: its busy
/// hours grow in proportion to the tokens (decode and prefill both do), and a day of them is
/// billed by `workload::serving::day_cost`, so the cheapest of each way at each volume is the
/// cheapest of all offers there, not only of the one cheapest at the job's volume.
struct Costs<'a> {
    /// Per offer: busy instance-hours per output token, instances per copy, its price.
    serverless: Vec<(f64, u32, PriceInput)>,
    always_on: Vec<(f64, u32, PriceInput)>,
    weight_bytes: f64,
    api: Option<&'a ApiWay>,
}

impl<'a> Costs<'a> {
    fn new(
        job: &Job,
        rows: &[Row<'_>],
        rates: &Rates,
        competition: Competition,
        api: Option<&'a ApiWay>,
    ) -> Costs<'a> {
        let Workload::Inference {
            params_b,
            quant,
            tokens_per_day,
            ..
        } = &job.workload
        else {
            return Costs {
                serverless: Vec::new(),
                always_on: Vec::new(),
                weight_bytes: 0.0,
                api,
            };
        };
        let (mut serverless, mut always_on) = (Vec::new(), Vec::new());
        for row in rows {
            let (Some(quote), Some(figures)) = (row.quote.as_ref(), row.job.as_ref()) else {
                continue;
            };
            if quote.term == Term::Free || !competition.admits(quote) || !holds(&figures.fit) {
                continue;
            }
            let (Some(busy), Some(group), Some(price)) = (
                figures.busy_hours,
                figures.copy_instances,
                price_input(row.entry, quote, rates),
            ) else {
                continue;
            };
            if *tokens_per_day <= 0.0 || figures.cost.is_none() {
                continue;
            }
            let offer = (busy / tokens_per_day, group, price);
            if quote.term == Term::Serverless {
                serverless.push(offer);
            } else {
                always_on.push(offer);
            }
        }
        Costs {
            serverless,
            always_on,
            weight_bytes: quant.bytes_per_param() * params_b * 1e9,
            api,
        }
    }

    fn at(&self, tokens_per_day: f64) -> CostPoint {
        let cheapest = |offers: &[(f64, u32, PriceInput)]| {
            offers
                .iter()
                .filter_map(|(per_token, group, price)| {
                    day_cost(per_token * tokens_per_day, *group, self.weight_bytes, price)
                })
                .min_by(f64::total_cmp)
        };
        CostPoint {
            tokens_per_day,
            api: self.api.map(|a| a.per_day_at(tokens_per_day)),
            serverless: cheapest(&self.serverless),
            always_on: cheapest(&self.always_on),
        }
    }
}

/// A cheapest is a claim: an offer costed on an assumed cluster (it does not say it can join
/// instances) is listed in the table, marked, but not named.
fn holds(fit: &Fit) -> bool {
    !matches!(
        fit,
        Fit::DoesNotFit { .. }
            | Fit::Instances {
                clustering_assumed: true,
                ..
            }
    )
}

/// A token count read at a glance: "1M", "340k", "2.5B" / "100 万", "3.4 亿".
pub fn tokens(n: f64, lang: Lang) -> String {
    let short = |value: f64| {
        let text = if value >= 10.0 {
            format!("{}", value.round())
        } else {
            format!("{value:.1}")
        };
        text.trim_end_matches(".0").to_string()
    };
    match lang {
        Lang::En => match n {
            n if n >= 1e12 => format!("{}T", short(n / 1e12)),
            n if n >= 1e9 => format!("{}B", short(n / 1e9)),
            n if n >= 1e6 => format!("{}M", short(n / 1e6)),
            n if n >= 1e3 => format!("{}k", short(n / 1e3)),
            n => short(n),
        },
        Lang::Zh => match n {
            n if n >= 1e12 => format!("{} 万亿", short(n / 1e12)),
            n if n >= 1e8 => format!("{} 亿", short(n / 1e8)),
            n if n >= 1e4 => format!("{} 万", short(n / 1e4)),
            n => short(n),
        },
    }
}

/// The sentence: both costs a day, which is cheaper at the job's volume, and the crossover.
pub fn sentence(choice: &ServingChoice, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let volume = tokens(choice.tokens_per_day, lang);
    let cost = |w: &Way| format::money(w.per_day, w.currency);
    let mut parts = Vec::new();
    parts.push(match (&choice.serverless, zh) {
        (Some(w), false) => format!(
            "At {volume} output tokens a day, the cheapest serverless offer shown, billed by use, \
             costs {} a day ({})",
            cost(w),
            w.label
        ),
        (Some(w), true) => format!(
            "每天 {volume} 个输出 token：所列最便宜的 Serverless（按用量计费）每天 {}（{}）",
            cost(w),
            w.label
        ),
        (None, false) => format!("At {volume} output tokens a day, no serverless offer is shown"),
        (None, true) => format!("每天 {volume} 个输出 token：所列报价中没有 Serverless"),
    });
    parts.push(match (&choice.always_on, zh) {
        (Some(w), false) => format!(
            "the cheapest always-on offer, kept 24 hours, costs {} a day ({})",
            cost(w),
            w.label
        ),
        (Some(w), true) => format!(
            "最便宜的常驻实例（整天保留）每天 {}（{}）",
            cost(w),
            w.label
        ),
        (None, false) => "no always-on offer is shown".into(),
        (None, true) => "所列报价中没有常驻实例".into(),
    });
    let head = if zh {
        format!("{}；{}。", parts[0], parts[1])
    } else {
        format!("{}; {}.", parts[0], parts[1])
    };
    let tail = match (choice.crossover, zh) {
        (None, _) => String::new(),
        (Some(Crossover::At { tokens_per_day }), false) => format!(
            " Serverless is cheaper below about {} tokens a day; from there, keeping a GPU is.",
            tokens(tokens_per_day, lang)
        ),
        (Some(Crossover::At { tokens_per_day }), true) => format!(
            "每天约 {} 个 token 以下 Serverless 更便宜；超过后常驻实例更划算。",
            tokens(tokens_per_day, lang)
        ),
        (Some(Crossover::AlwaysOnFromTheStart), false) => {
            " Keeping a GPU is cheaper at any volume.".into()
        }
        (Some(Crossover::AlwaysOnFromTheStart), true) => "任何用量下常驻实例都更便宜。".into(),
        (
            Some(Crossover::ServerlessThroughout {
                up_to_tokens_per_day,
            }),
            false,
        ) => format!(
            " Serverless stays cheaper up to {} tokens a day.",
            tokens(up_to_tokens_per_day, lang)
        ),
        (
            Some(Crossover::ServerlessThroughout {
                up_to_tokens_per_day,
            }),
            true,
        ) => format!(
            "直到每天 {} 个 token，Serverless 都更便宜。",
            tokens(up_to_tokens_per_day, lang)
        ),
    };
    format!("{head}{tail}")
}

/// The hosted API's part: who, for which model (the nearest size, said so), what a day costs
/// at the job's mix, and from which volume a GPU of one's own costs no more; `None` without an
/// API price.
pub fn api_sentence(choice: &ServingChoice, lang: Lang) -> Option<String> {
    let api = choice.api.as_ref()?;
    let zh = lang == Lang::Zh;
    let cost = format::money(api.per_day, api.currency);
    let million = format::money(api.per_million, api.currency);
    let model = match (api.matched, api.params_b, zh) {
        (api_way::ModelMatch::Named, _, _) => api.model_name.clone(),
        (api_way::ModelMatch::NearestSize, Some(p), false) => {
            format!(
                "{} (the nearest size with an API price, {}B)",
                api.model_name,
                short(p)
            )
        }
        (api_way::ModelMatch::NearestSize, Some(p), true) => {
            format!(
                "{}（有 API 价格的最接近规模，{}B）",
                api.model_name,
                short(p)
            )
        }
        (api_way::ModelMatch::NearestSize, None, _) => api.model_name.clone(),
    };
    let cache = match (api.cached_stated, zh) {
        (true, _) => String::new(),
        (false, false) => " (it states no cached-token price: cache hits billed as input)".into(),
        (false, true) => "（未标明缓存 token 价格：缓存命中按输入计费）".into(),
    };
    let head = if zh {
        format!(
            "托管 API：{model} 最便宜的是 {}，每天 {cost}（每百万 token {million}）{cache}。",
            api.provider_name
        )
    } else {
        format!(
            "Hosted API: the cheapest for {model} is {}, {cost} a day ({million} per million tokens){cache}.",
            api.provider_name
        )
    };
    let tail = match (choice.break_even, zh) {
        (None, false) => " No GPU offer shown can be set against it.".to_string(),
        (None, true) => "所列报价中没有可与之比较的 GPU。".to_string(),
        (Some(Crossing::At { tokens_per_day }), false) => format!(
            " From about {} output tokens a day, a GPU of your own costs no more than the API.",
            tokens(tokens_per_day, lang)
        ),
        (Some(Crossing::At { tokens_per_day }), true) => format!(
            "每天约 {} 个输出 token 起，自己租 GPU 不比 API 贵。",
            tokens(tokens_per_day, lang)
        ),
        (Some(Crossing::SecondFromTheStart), false) => {
            " A GPU of your own costs no more than the API at any volume.".into()
        }
        (Some(Crossing::SecondFromTheStart), true) => "任何用量下自己租 GPU 都不比 API 贵。".into(),
        (
            Some(Crossing::FirstThroughout {
                up_to_tokens_per_day,
            }),
            false,
        ) => format!(
            " The API stays cheaper up to {} output tokens a day.",
            tokens(up_to_tokens_per_day, lang)
        ),
        (
            Some(Crossing::FirstThroughout {
                up_to_tokens_per_day,
            }),
            true,
        ) => format!(
            "直到每天 {} 个输出 token，API 都更便宜。",
            tokens(up_to_tokens_per_day, lang)
        ),
    };
    Some(format!("{head}{tail}"))
}

fn short(params_b: f64) -> String {
    let text = format!("{params_b:.1}");
    text.trim_end_matches(".0").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_counts_read_at_a_glance() {
        assert_eq!(tokens(1e6, Lang::En), "1M");
        assert_eq!(tokens(3.4e5, Lang::En), "340k");
        assert_eq!(tokens(2.5e9, Lang::En), "2.5B");
        assert_eq!(tokens(1e6, Lang::Zh), "100 万");
        assert_eq!(tokens(3.4e8, Lang::Zh), "3.4 亿");
        assert_eq!(tokens(512.0, Lang::En), "512");
    }
}
