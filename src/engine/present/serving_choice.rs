//! "Serverless or always-on?" in one sentence above the table, for a serving job: over the
//! offers shown, the cheapest of each way at the job's volume, and the daily volume where the
//! two cross. Serverless is billed by use (busy time and cold starts), always-on for the hours
//! it is kept, each as the table's cost column says; prices the view's competition leaves out
//! (old ones) and offers costed on an assumed cluster do not answer.

use super::i18n::Lang;
use crate::explorer::{hardware, price_input, Competition, Row};
use crate::pricing::Rates;
use catalog::{format, Currency, Term};
use workload::serverless::{crossover, Crossover};
use workload::{Fit, Job, Workload};

/// The cheapest offer of one way to serve.
#[derive(Debug, Clone, PartialEq)]
pub struct Way {
    pub offer: String,
    /// "Koyeb · RTX A6000".
    pub label: String,
    pub per_day: f64,
    pub currency: Currency,
}

/// Both ways and where they cross.
#[derive(Debug, Clone, PartialEq)]
pub struct ServingChoice {
    pub serverless: Option<Way>,
    pub always_on: Option<Way>,
    pub crossover: Option<Crossover>,
    /// The job's output tokens a day.
    pub tokens_per_day: f64,
}

/// The cheapest serverless and always-on rows among `rows` for `job`; `None` for a job that
/// is not serving, or when no row of either way has a cost.
pub fn choice(
    job: &Job,
    rows: &[Row<'_>],
    rates: &Rates,
    competition: Competition,
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
                // A cheapest is a claim: an offer costed on an assumed cluster (it does not
                // say it can join instances) is listed in the table, marked, but not named.
                let holds = !matches!(
                    figures.fit,
                    Fit::DoesNotFit { .. }
                        | Fit::Instances {
                            clustering_assumed: true,
                            ..
                        }
                );
                Some((r, figures.cost.filter(|_| holds)?))
            })
            .min_by(|a, b| {
                a.1.total_cmp(&b.1)
                    .then_with(|| a.0.entry.offer.id.cmp(&b.0.entry.offer.id))
            })
    };
    let (serverless, always_on) = (cheapest(true), cheapest(false));
    if serverless.is_none() && always_on.is_none() {
        return None;
    }
    let crossover = match (serverless, always_on) {
        (Some((s, _)), Some((a, _))) => {
            let input = |r: &Row<'_>| price_input(r.entry, r.quote.as_ref()?, rates);
            let (sp, ap) = (input(s)?, input(a)?);
            crossover(job, (&hardware(s.entry), &sp), (&hardware(a.entry), &ap))
        }
        _ => None,
    };
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
        tokens_per_day,
    })
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
