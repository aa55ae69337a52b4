//! What the calculator says about the job's deadline over the offers shown: none meets it,
//! or how many do. Each offer's own verdict is in its job-time cell ("deadline unreachable");
//! this is the sentence above the table, so an impossible deadline is never only implied by
//! a column of long times.

use super::i18n::Lang;
use crate::explorer::Row;
use catalog::format;
use workload::Job;

/// The sentence about the deadline, and whether it is a warning (no offer meets it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub none_met: bool,
    pub text: String,
}

/// The sentence about `job`'s deadline over `rows`; `None` without a deadline or rows, or
/// for serving (whose "deadline" is a day's load, shown per offer).
pub fn summary(job: &Job, rows: &[Row<'_>], lang: Lang) -> Option<Summary> {
    let deadline = job.deadline_hours?;
    if job.workload.is_inference() || rows.is_empty() {
        return None;
    }
    let figures = rows.iter().filter_map(|r| r.job.as_ref());
    let met = figures.clone().filter(|j| j.deadline_met).count();
    let zh = lang == Lang::Zh;
    let limit = format::duration(deadline, zh);
    let text = match (met, zh) {
        (0, false) => format!(
            "No offer shown meets the deadline of {limit}: those that hold the job are too slow \
             even on the most instances considered (marked “deadline unreachable”), or their \
             speed is unknown. Allow more time, or compare without a deadline."
        ),
        (0, true) => format!(
            "所列报价均无法在 {limit} 的截止时间内完成：能装下作业的报价即使用上考虑的最多实例也太慢\
             （标为“无法按期完成”），或速度未知。请放宽时限，或不设截止时间比较。"
        ),
        (n, false) => format!(
            "{n} of {} offers shown meet the deadline of {limit}.",
            rows.len()
        ),
        (n, true) => format!("所列 {} 个报价中有 {n} 个能在 {limit} 内完成。", rows.len()),
    };
    Some(Summary {
        none_met: met == 0,
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;
    use crate::explorer::Explorer;
    use crate::pricing::Rates;
    use crate::view::state::ViewState;
    use catalog::fx::Fx;
    use catalog::AsOf;
    use workload::Preset;

    fn said(deadline: Option<f64>, lang: Lang) -> Option<String> {
        said_fully(deadline, lang).map(|s| s.text)
    }

    fn said_fully(deadline: Option<f64>, lang: Lang) -> Option<Summary> {
        let catalog = bundled::catalog().unwrap();
        let explorer = Explorer::new(&catalog);
        let rates = Rates::new(Fx::newest(&catalog.fx), None);
        let job = Job {
            deadline_hours: deadline,
            ..Preset::Pretrain7b1t.job()
        };
        let state = ViewState {
            job: Some(job.clone()),
            ..ViewState::default()
        };
        let rows = explorer.show(&state, &rates, &AsOf::day(2026, 11, 30)).rows;
        summary(&job, &rows, lang)
    }

    #[test]
    fn an_impossible_deadline_is_said_plainly() {
        // Pre-training 7B on 1 T tokens in six minutes: no cluster in the catalog is that big.
        let en = said(Some(0.1), Lang::En).unwrap();
        assert!(
            en.starts_with("No offer shown meets the deadline of 6 min:"),
            "{en}"
        );
        let zh = said(Some(0.1), Lang::Zh).unwrap();
        assert!(zh.starts_with("所列报价均无法在 6 分钟"), "{zh}");
        assert!(said_fully(Some(0.1), Lang::En).unwrap().none_met);
    }

    #[test]
    fn a_reachable_deadline_counts_the_offers_that_meet_it() {
        let en = said(Some(24.0 * 365.0 * 10.0), Lang::En).unwrap();
        assert!(
            en.contains(" offers shown meet the deadline of 10 years."),
            "{en}"
        );
        assert_eq!(said(None, Lang::En), None);
    }
}
