//! What a live source reported about a price beyond its amount, in words: capacity reported
//! available and, for spot, how often the provider takes the capacity back. Each fact says
//! who reported it and when — a count of machines is true for hours, not months — and a
//! price with no fact says nothing (unknown is never "none available").

use catalog::{pick, AsOf, Available, Interruption, Lang, Live, Provider};

/// The table cell's short form: "5–10 %/mo interrupted · 3 available".
pub fn short(live: &Live, lang: Lang) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(i) = &live.interruption {
        parts.push(match lang {
            Lang::En => format!("{} /mo interrupted", band(i)),
            Lang::Zh => format!("月中断 {}", band(i)),
        });
    }
    if let Some(a) = &live.available {
        parts.push(available_short(a, lang));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// The detail's sentences, one per fact, each with its source and day.
pub fn sentences(live: &Live, provider: &Provider, lang: Lang, today: &AsOf) -> Vec<String> {
    // A source's title is English text from the catalog; in Chinese the sentence names what
    // kind of source it is (its title and link stay in the English view and the open data).
    let source = |id: &str| match (lang, provider.source(id)) {
        (Lang::En, Some(s)) => s.title.clone(),
        (Lang::Zh, Some(s)) => match s.kind {
            catalog::SourceKind::Vendor => "服务商自己的数据".to_string(),
            catalog::SourceKind::Aggregator => "汇总服务的数据".to_string(),
            _ => "第三方数据".to_string(),
        },
        (_, None) => id.to_string(),
    };
    let mut out = Vec::new();
    if let Some(i) = &live.interruption {
        out.push(match lang {
            Lang::En => format!(
                "Interruption: {} of spot instances taken back in a month — {}, {}{}.",
                band(i),
                source(&i.source),
                i.as_of,
                age(&i.as_of, today, lang)
            ),
            Lang::Zh => format!(
                "中断率：每月 {} 的竞价实例被收回 —— {}，{}{}。",
                band(i),
                source(&i.source),
                i.as_of,
                age(&i.as_of, today, lang)
            ),
        });
    }
    if let Some(a) = &live.available {
        let what = a
            .note
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        out.push(match lang {
            Lang::En => format!(
                "{}{what} — {}, {}{}.",
                available_words(a, lang),
                source(&a.source),
                a.as_of,
                age(&a.as_of, today, lang)
            ),
            Lang::Zh => format!(
                "{}{what} —— {}，{}{}。",
                available_words(a, lang),
                source(&a.source),
                a.as_of,
                age(&a.as_of, today, lang)
            ),
        });
    }
    out
}

/// "5–10 %", with the band's own bounds.
fn band(i: &Interruption) -> String {
    i.band.label().replace('-', "–").replace('%', " %")
}

fn available_short(a: &Available, lang: Lang) -> String {
    match (a.count, lang) {
        (Some(0), _) => pick(lang, "sold out", "售罄").to_string(),
        (Some(n), Lang::En) => format!("{n} available"),
        (Some(n), Lang::Zh) => format!("可用 {n}"),
        (None, _) => pick(lang, "available", "有货").to_string(),
    }
}

fn available_words(a: &Available, lang: Lang) -> String {
    match (a.count, lang) {
        (Some(0), _) => pick(lang, "Reported sold out", "报告已售罄").to_string(),
        (Some(n), Lang::En) => format!("Reported available: {n}"),
        (Some(n), Lang::Zh) => format!("报告可用：{n}"),
        (None, _) => pick(lang, "Reported available", "报告有货").to_string(),
    }
}

/// " (58 days ago)": availability moves by the hour, so its age is always said. A band dated
/// to its month (a stored copy's estimate, "~2026-08") is aged in months: counting days from
/// the 1st would claim a precision the date does not have.
fn age(date: &AsOf, today: &AsOf, lang: Lang) -> String {
    if date.day.is_none() {
        return match (date.months_until(today), lang) {
            (m, _) if m <= 0 => String::new(),
            (1, Lang::En) => " (about a month ago)".into(),
            (m, Lang::En) => format!(" (about {m} months ago)"),
            (m, Lang::Zh) => format!("（约 {m} 个月前）"),
        };
    }
    let days = today.days_since_epoch() - date.days_since_epoch();
    match (days, lang) {
        (d, _) if d <= 0 => String::new(),
        (1, Lang::En) => " (yesterday)".into(),
        (d, Lang::En) => format!(" ({d} days ago)"),
        (d, Lang::Zh) => format!("（{d} 天前）"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalog::InterruptionBand;

    fn live(count: Option<u32>, band: Option<InterruptionBand>) -> Live {
        let day = AsOf::parse("2026-10-07").unwrap();
        Live {
            available: Some(Available {
                count,
                as_of: day,
                source: "vast-api".into(),
                note: Some("verified rentable 1× listings".into()),
            }),
            interruption: band.map(|band| Interruption {
                band,
                as_of: day,
                source: "aws-spot-advisor".into(),
                note: None,
            }),
        }
    }

    #[test]
    fn each_fact_reads_with_its_source_and_age() {
        let provider: Provider = serde_json::from_value(serde_json::json!({
            "id": "vast", "name": "Vast.ai", "category": "marketplace", "currencies": ["USD"],
            "homepage": "https://vast.ai/", "regions": [],
            "sources": [{"id": "vast-api", "title": "Vast.ai offers API", "url": "https://vast.ai/", "kind": "vendor"}]
        }))
        .unwrap();
        let today = AsOf::parse("2026-12-05").unwrap();
        let facts = live(Some(3), Some(InterruptionBand::From5To10));
        let en = sentences(&facts, &provider, Lang::En, &today);
        assert_eq!(
            en,
            [
                "Interruption: 5–10 % of spot instances taken back in a month — aws-spot-advisor, 2026-10-07 (59 days ago).",
                "Reported available: 3 (verified rentable 1× listings) — Vast.ai offers API, 2026-10-07 (59 days ago)."
            ]
        );
        assert_eq!(
            short(&facts, Lang::En).as_deref(),
            Some("5–10 % /mo interrupted · 3 available")
        );
        assert_eq!(
            short(&live(Some(0), None), Lang::Zh).as_deref(),
            Some("售罄")
        );
        // A band from a stored copy dated to its month is aged in months, not days.
        let mut monthly = live(None, Some(InterruptionBand::Over20));
        monthly.interruption.as_mut().unwrap().as_of = AsOf::parse("~2026-08").unwrap();
        assert_eq!(
            sentences(&monthly, &provider, Lang::En, &today)[0],
            "Interruption: >20 % of spot instances taken back in a month — aws-spot-advisor, ~2026-08 (about 4 months ago)."
        );
        // No fact, no words: unknown is never "none available".
        assert_eq!(short(&Live::default(), Lang::En), None);
        assert!(sentences(&Live::default(), &provider, Lang::En, &today).is_empty());
    }
}
