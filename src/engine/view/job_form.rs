//! What the calculator's form does with what the user types: a field's text either becomes
//! the job's new value (perhaps with a warning that it looks absurd), or is refused with the
//! reason, leaving the job as it was. The form never holds a job the calculator would reject,
//! so the table never shows NaN or a negative time.

use workload::{check_value, parse_amount, Job, Problem, TrainingSize, Workload};

/// The reference accelerator of "hours on a reference GPU" when a link names none.
pub const DEFAULT_REFERENCE: &str = "A100";

/// One numeric field of the job: the form and the link both read this table.
pub struct Field {
    pub key: &'static str,
    /// The job's own name for the field (its serde name), which labels and messages use.
    pub name: &'static str,
    /// The value, or `None` when this kind of job has no such field (or it is unset).
    pub get: fn(&Job) -> Option<f64>,
    /// Writes the value; `false` when this kind of job has no such field.
    pub set: fn(&mut Job, f64) -> bool,
}

fn count(v: f64) -> Option<u32> {
    (v.fract() == 0.0 && (1.0..=f64::from(u32::MAX)).contains(&v)).then_some(v as u32)
}

/// Every numeric field of a job, in the order links write them; `key` is its link key.
pub const FIELDS: &[Field] = &[
    Field {
        key: "j.p",
        name: "params_b",
        get: |j| Some(j.workload.params_b()),
        set: |j, v| {
            match &mut j.workload {
                Workload::Training { params_b, .. }
                | Workload::FineTune { params_b, .. }
                | Workload::Inference { params_b, .. } => *params_b = v,
            }
            true
        },
    },
    Field {
        key: "j.tok",
        name: "tokens_b",
        get: |j| match &j.workload {
            Workload::Training {
                size: TrainingSize::Tokens { tokens_b },
                ..
            }
            | Workload::FineTune { tokens_b, .. } => Some(*tokens_b),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Training { size, .. } => {
                *size = TrainingSize::Tokens { tokens_b: v };
                true
            }
            Workload::FineTune { tokens_b, .. } => {
                *tokens_b = v;
                true
            }
            Workload::Inference { .. } => false,
        },
    },
    Field {
        key: "j.flops",
        name: "flops",
        get: |j| match &j.workload {
            Workload::Training {
                size: TrainingSize::Flops { flops },
                ..
            } => Some(*flops),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Training { size, .. } => {
                *size = TrainingSize::Flops { flops: v };
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.refh",
        name: "hours",
        get: |j| match &j.workload {
            Workload::Training {
                size: TrainingSize::ReferenceHours { hours, .. },
                ..
            } => Some(*hours),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Training { size, .. } => {
                let reference = match size {
                    TrainingSize::ReferenceHours { reference, .. } => reference.clone(),
                    _ => DEFAULT_REFERENCE.to_string(),
                };
                *size = TrainingSize::ReferenceHours {
                    hours: v,
                    reference,
                };
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.mfu",
        name: "mfu",
        get: |j| match &j.workload {
            Workload::Training { mfu, .. } | Workload::FineTune { mfu, .. } => *mfu,
            Workload::Inference { .. } => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Training { mfu, .. } | Workload::FineTune { mfu, .. } => {
                *mfu = Some(v);
                true
            }
            Workload::Inference { .. } => false,
        },
    },
    Field {
        key: "j.ctx",
        name: "context_tokens",
        get: |j| match &j.workload {
            Workload::Inference { context_tokens, .. } => Some(f64::from(*context_tokens)),
            _ => None,
        },
        set: |j, v| match (&mut j.workload, count(v)) {
            (Workload::Inference { context_tokens, .. }, Some(n)) => {
                *context_tokens = n;
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.conc",
        name: "concurrency",
        get: |j| match &j.workload {
            Workload::Inference { concurrency, .. } => Some(f64::from(*concurrency)),
            _ => None,
        },
        set: |j, v| match (&mut j.workload, count(v)) {
            (Workload::Inference { concurrency, .. }, Some(n)) => {
                *concurrency = n;
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.tpd",
        name: "tokens_per_day",
        get: |j| match &j.workload {
            Workload::Inference { tokens_per_day, .. } => Some(*tokens_per_day),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Inference { tokens_per_day, .. } => {
                *tokens_per_day = v;
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.in",
        name: "input_tokens_per_day",
        get: |j| match &j.workload {
            Workload::Inference {
                input_tokens_per_day,
                ..
            } => Some(*input_tokens_per_day),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Inference {
                input_tokens_per_day,
                ..
            } => {
                *input_tokens_per_day = v;
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.cache",
        name: "cache_hit_share",
        get: |j| match &j.workload {
            Workload::Inference {
                cache_hit_share, ..
            } => Some(*cache_hit_share),
            _ => None,
        },
        set: |j, v| match &mut j.workload {
            Workload::Inference {
                cache_hit_share, ..
            } => {
                *cache_hit_share = v;
                true
            }
            _ => false,
        },
    },
    Field {
        key: "j.dl",
        name: "deadline_hours",
        get: |j| j.deadline_hours,
        set: |j, v| {
            j.deadline_hours = Some(v);
            true
        },
    },
    Field {
        key: "j.runs",
        name: "runs",
        get: |j| Some(f64::from(j.runs)),
        set: |j, v| count(v).map(|n| j.runs = n).is_some(),
    },
    Field {
        key: "j.ckpt",
        name: "checkpoint_minutes",
        get: |j| Some(j.checkpoint_minutes),
        set: |j, v| {
            j.checkpoint_minutes = v;
            true
        },
    },
    // With the checkpoint interval it sets what an interruption costs on spot, so it is
    // typed, and checked by its rule, like every other number of the job.
    Field {
        key: "j.rst",
        name: "restart_minutes",
        get: |j| Some(j.restart_minutes),
        set: |j, v| {
            j.restart_minutes = v;
            true
        },
    },
];

/// The outcome of typing into one field.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The job with the new value; warnings say what looks unusual.
    Applied { job: Job, warnings: Vec<Problem> },
    /// The text cannot be used; the job is unchanged.
    Refused(Vec<Problem>),
}

/// Fields a blank box leaves unset rather than refusing: MFU falls back to the generation's
/// default and the deadline to none.
const OPTIONAL: [&str; 2] = ["j.mfu", "j.dl"];

/// Applies `text` typed into the field `key` (a key of [`FIELDS`]) to `job`.
pub fn edit(job: &Job, key: &str, text: &str) -> Edit {
    let Some(field) = FIELDS.iter().find(|f| f.key == key) else {
        return Edit::Refused(Vec::new());
    };
    let mut next = job.clone();
    if text.trim().is_empty() && OPTIONAL.contains(&key) {
        clear(&mut next, key);
        return Edit::Applied {
            job: next,
            warnings: Vec::new(),
        };
    }
    let value = match number(field, text) {
        Ok(v) => v,
        Err(problem) => return Edit::Refused(vec![problem]),
    };
    // The field's one rule first: "-5 runs" is refused for being below 1, which says more
    // than the count's "not a whole number" that setting it would give.
    if let Some(problem) = check_value(field.name, value).filter(Problem::is_error) {
        return Edit::Refused(vec![problem]);
    }
    if !(field.set)(&mut next, value) {
        // Counts (runs, context, concurrency) must be whole numbers.
        return Edit::Refused(vec![Problem::new(
            field.name,
            workload::ProblemKind::NotWhole,
        )]);
    }
    let (errors, warnings): (Vec<Problem>, Vec<Problem>) = next
        .validate()
        .into_iter()
        .filter(|p| p.field == field.name)
        .partition(Problem::is_error);
    if errors.is_empty() {
        Edit::Applied {
            job: next,
            warnings,
        }
    } else {
        Edit::Refused(errors)
    }
}

/// The number `text` says for `field`, in the field's own unit: the model-size and token
/// boxes count in billions, but "13B", "500M" or "1T" say the count itself, so a suffix means
/// the number is not in billions yet. The command line reads its job flags with this too.
pub fn number(field: &Field, text: &str) -> Result<f64, Problem> {
    let value = parse_amount(text).map_err(|problem| problem.for_field(field.name))?;
    let in_billions = field.name.ends_with("_b");
    let suffixed = text
        .trim()
        .chars()
        .last()
        .is_some_and(|c| "kKmMbBtT千万亿".contains(c));
    Ok(if in_billions && suffixed {
        value / 1e9
    } else {
        value
    })
}

fn clear(job: &mut Job, key: &str) {
    match key {
        "j.mfu" => match &mut job.workload {
            Workload::Training { mfu, .. } | Workload::FineTune { mfu, .. } => *mfu = None,
            Workload::Inference { .. } => {}
        },
        "j.dl" => job.deadline_hours = None,
        _ => {}
    }
}

/// The text a field shows for a job: its value written plainly, or blank when unset.
pub fn text(job: &Job, key: &str) -> String {
    FIELDS
        .iter()
        .find(|f| f.key == key)
        .and_then(|f| (f.get)(job))
        .map(|v| v.to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use workload::{Preset, Severity};

    fn lora() -> Job {
        Preset::LoraFineTune7b.job()
    }

    #[test]
    fn a_readable_value_is_applied() {
        match edit(&lora(), "j.p", " 13B ") {
            Edit::Applied { job, warnings } => {
                assert_eq!(job.workload.params_b(), 13.0);
                assert!(warnings.is_empty());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn suffixes_say_the_count_itself_in_billion_boxes() {
        let params = |t: &str| match edit(&lora(), "j.p", t) {
            Edit::Applied { job, .. } => job.workload.params_b(),
            other => panic!("{other:?}"),
        };
        assert_eq!(params("7"), 7.0);
        assert_eq!(params("7B"), 7.0);
        assert_eq!(params("500M"), 0.5);
        assert_eq!(params("1.5万"), 0.000015);
        let Edit::Applied { job, .. } = edit(&Preset::Serve70bInt8.job(), "j.tpd", "2M") else {
            panic!()
        };
        assert_eq!(text(&job, "j.tpd"), "2000000");
    }

    #[test]
    fn negative_zero_and_words_are_refused_and_change_nothing() {
        for text in ["-7", "0", "seven", "NaN", "inf", "1e999", ""] {
            match edit(&lora(), "j.p", text) {
                Edit::Refused(problems) => {
                    assert!(!problems.is_empty(), "{text:?}");
                    assert!(problems.iter().all(|p| p.severity == Severity::Error));
                    assert!(
                        problems[0].en.starts_with("Model size"),
                        "{:?}",
                        problems[0].en
                    );
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn an_absurd_value_is_applied_with_a_warning() {
        match edit(&lora(), "j.p", "50000") {
            Edit::Applied { warnings, .. } => assert_eq!(warnings.len(), 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn blank_mfu_and_deadline_mean_default_and_none() {
        let Edit::Applied { job, .. } = edit(&lora(), "j.mfu", "0.5") else {
            panic!()
        };
        let Edit::Applied { job, .. } = edit(&job, "j.mfu", "  ") else {
            panic!()
        };
        assert_eq!(text(&job, "j.mfu"), "");
        let Edit::Applied { job, .. } = edit(&job, "j.dl", "48") else {
            panic!()
        };
        assert_eq!(job.deadline_hours, Some(48.0));
        let Edit::Applied { job, .. } = edit(&job, "j.dl", "") else {
            panic!()
        };
        assert_eq!(job.deadline_hours, None);
    }

    fn refused(key: &str, text: &str) -> Vec<Problem> {
        match edit(&lora(), key, text) {
            Edit::Refused(problems) => problems,
            other => panic!("{key}={text:?} should be refused: {other:?}"),
        }
    }

    #[test]
    fn mfu_is_a_share_of_peak_from_one_percent_to_all_and_the_message_says_so() {
        for text in ["1e-300", "0.001", "0", "-0.4", "1.5", "40"] {
            let problems = refused("j.mfu", text);
            assert!(
                problems[0]
                    .en
                    .contains("Allowed: 0.01 to 1 (1% to 100% of peak)."),
                "{text}: {}",
                problems[0].en
            );
            assert!(problems[0].zh.contains("0.01 至 1"), "{}", problems[0].zh);
        }
        assert_eq!(
            refused("j.mfu", "1e-300")[0].en,
            "MFU must be at least 0.01. Allowed: 0.01 to 1 (1% to 100% of peak)."
        );
        assert!(matches!(
            edit(&lora(), "j.mfu", "0.01"),
            Edit::Applied { .. }
        ));
    }

    #[test]
    fn fewer_than_one_run_says_at_least_one() {
        for text in ["-5", "0"] {
            assert_eq!(
                refused("j.runs", text)[0].en,
                "Runs must be at least 1. Allowed: 1 to 1,000,000 runs."
            );
        }
        assert_eq!(
            refused("j.runs", "-5")[0].zh,
            "运行次数不能小于 1。允许范围：1 至 1,000,000 次。"
        );
        assert!(refused("j.runs", "2.5")[0]
            .en
            .starts_with("Runs must be a whole number."));
    }

    #[test]
    fn every_number_of_every_kind_of_job_refuses_absurd_values_with_its_range() {
        let jobs = [
            Preset::Pretrain7b1t.job(),
            lora(),
            Preset::Serve70bInt8.job(),
        ];
        for job in &jobs {
            for field in FIELDS
                .iter()
                .filter(|f| (f.get)(job).is_some() || f.key == "j.mfu")
            {
                for text in ["1e40", "-1"] {
                    match edit(job, field.key, text) {
                        Edit::Refused(problems) => assert!(
                            problems[0].en.contains("Allowed: "),
                            "{}={text}: {}",
                            field.key,
                            problems[0].en
                        ),
                        Edit::Applied { .. } if (field.get)(job).is_none() => {}
                        other => panic!("{}={text}: {other:?}", field.key),
                    }
                }
            }
        }
    }

    #[test]
    fn the_restart_time_is_a_number_of_the_form_with_its_rule() {
        let Edit::Applied { job, .. } = edit(&lora(), "j.rst", "12") else {
            panic!()
        };
        assert_eq!(job.restart_minutes, 12.0);
        assert_eq!(text(&job, "j.rst"), "12");
        assert_eq!(
            refused("j.rst", "-1")[0].en,
            "Restart time (minutes) must be at least 0. Allowed: 0 to 1,000,000 minutes."
        );
    }

    #[test]
    fn counts_must_be_whole() {
        assert!(matches!(edit(&lora(), "j.runs", "2.5"), Edit::Refused(_)));
        assert!(matches!(
            edit(&lora(), "j.runs", "3"),
            Edit::Applied { ref job, .. } if job.runs == 3
        ));
    }
}
