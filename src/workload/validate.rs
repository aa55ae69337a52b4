//! Checking a job before estimating it: impossible values are errors naming the field,
//! implausible ones are warnings (the estimate still runs), each in English and Chinese.

use serde::Serialize;

use super::job::{Job, TrainingSize, Workload};
use super::reference::find_reference;
use super::rule::{plain, rule_of, Rule};

/// Whether a problem stops the estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    Error,
    Warning,
}

/// What is wrong with a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    Empty,
    NotANumber,
    TooLong,
    NotFinite,
    Negative,
    Zero,
    /// An MFU outside (0, 1].
    NotAFraction,
    /// So large the arithmetic would overflow.
    TooLarge,
    UnknownReference,
    /// A count (runs, sequences, tokens of context) with a fraction.
    NotWhole,
    /// Possible but unusual: a warning.
    Unusual,
    /// Below 1 where 1 is the floor (a PUE: a data centre cannot use less than its IT load).
    BelowOne,
    /// More hours than a month's 730.
    OverMonth,
    /// Below the smallest value its [`Rule`] allows.
    BelowMin,
    /// Above the largest value its [`Rule`] allows.
    AboveMax,
}

impl ProblemKind {
    fn severity(self) -> Severity {
        match self {
            ProblemKind::Unusual => Severity::Warning,
            _ => Severity::Error,
        }
    }

    fn text(self) -> (&'static str, &'static str) {
        match self {
            ProblemKind::Empty => ("is empty", "不能为空"),
            ProblemKind::NotANumber => ("is not a number", "不是数字"),
            ProblemKind::TooLong => ("is too long to be a number", "过长，不是有效数字"),
            ProblemKind::NotFinite => ("must be a finite number", "必须是有限的数值"),
            ProblemKind::Negative => ("cannot be negative", "不能为负数"),
            ProblemKind::Zero => ("must be more than zero", "必须大于零"),
            ProblemKind::NotAFraction => {
                ("must be more than 0 and at most 1", "必须大于 0 且不超过 1")
            }
            ProblemKind::TooLarge => ("is too large to compute", "过大，无法计算"),
            ProblemKind::UnknownReference => (
                "is not a known reference accelerator",
                "不是已知的参考加速卡",
            ),
            ProblemKind::NotWhole => ("must be a whole number", "必须是整数"),
            ProblemKind::Unusual => ("is unusually large: please check it", "异常偏大，请核对"),
            ProblemKind::BelowOne => ("cannot be less than 1", "不能小于 1"),
            ProblemKind::OverMonth => (
                "cannot exceed the 730 hours of a month",
                "不能超过一个月的 730 小时",
            ),
            // The bound itself is added from the field's rule (see `Problem::new`).
            ProblemKind::BelowMin => ("must be at least", "不能小于"),
            ProblemKind::AboveMax => ("must be at most", "不能大于"),
        }
    }
}

/// One problem with one input field.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    /// The field's id, as in the job's serde names ("params_b", "mfu", …).
    pub field: &'static str,
    pub severity: Severity,
    pub kind: ProblemKind,
    pub en: String,
    pub zh: String,
}

impl Problem {
    /// The problem of `field`, said in one form per kind; an error of a field with a
    /// [`Rule`] also names the range the rule allows, so the user knows what to type.
    pub fn new(field: &'static str, kind: ProblemKind) -> Problem {
        let (label_en, label_zh) = field_label(field);
        let (mut en, mut zh) = kind.text();
        let rule = rule_of(field);
        let bound = match (kind, rule) {
            (ProblemKind::BelowMin, Some(r)) => Some(plain(r.min)),
            (ProblemKind::AboveMax, Some(r)) => Some(plain(r.max)),
            _ => None,
        };
        if bound.is_none() && matches!(kind, ProblemKind::BelowMin | ProblemKind::AboveMax) {
            // No rule to name a bound from: say what can be said without one.
            (en, zh) = ("is outside the allowed range", "超出允许范围");
        }
        let bound = bound.map(|b| format!(" {b}")).unwrap_or_default();
        let mut problem = Problem {
            field,
            severity: kind.severity(),
            kind,
            en: format!("{label_en} {en}{bound}."),
            zh: format!("{label_zh}{zh}{bound}。"),
        };
        if let Some(rule) = rule.filter(|_| problem.is_error()) {
            let (allowed_en, allowed_zh) = rule.allowed();
            problem.en = format!("{} {allowed_en}", problem.en);
            problem.zh = format!("{}{allowed_zh}", problem.zh);
        }
        problem
    }

    /// The same problem said of another field (a parsed text box knows which field it is).
    pub fn for_field(self, field: &'static str) -> Problem {
        Problem::new(field, self.kind)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A field's name for messages, in English and Chinese.
pub fn field_label(field: &str) -> (&'static str, &'static str) {
    match field {
        "params_b" => ("Model size (billion parameters)", "模型规模（十亿参数）"),
        "tokens_b" => ("Tokens (billions)", "token 数（十亿）"),
        "flops" => ("Training compute (FLOP)", "训练计算量（FLOP）"),
        "hours" => ("Reference hours", "参考时长（小时）"),
        "reference" => ("Reference accelerator", "参考加速卡"),
        "mfu" => ("MFU", "MFU"),
        "context_tokens" => ("Context length (tokens)", "上下文长度（token）"),
        "concurrency" => ("Concurrent sequences", "并发序列数"),
        "tokens_per_day" => ("Output tokens per day", "每日输出 token 数"),
        "input_tokens_per_day" => ("Input tokens per day", "每日输入 token 数"),
        "cache_hit_share" => (
            "Prompt share from an API's cache (0–1)",
            "API 缓存命中的提示占比（0–1）",
        ),
        "layers" => ("Layers", "层数"),
        "kv_heads" => ("KV heads", "KV 头数"),
        "head_dim" => ("Head size", "头维度"),
        "deadline_hours" => ("Deadline (hours)", "截止时间（小时）"),
        "runs" => ("Runs", "运行次数"),
        "checkpoint_minutes" => ("Checkpoint interval (minutes)", "检查点间隔（分钟）"),
        "restart_minutes" => ("Restart time (minutes)", "重启耗时（分钟）"),
        "hours_per_month" => ("Hours per month", "每月使用小时数"),
        "purchase_per_gpu" => ("Purchase price per GPU", "每卡购置价"),
        "host_per_gpu" => ("Server share per GPU", "每卡分摊的服务器费用"),
        "power_per_gpu_w" => ("Power per GPU (W)", "每卡功耗（W）"),
        "electricity_per_kwh" => ("Electricity price per kWh", "电价（每千瓦时）"),
        "pue" => ("PUE", "PUE"),
        "years" => ("Years of use", "使用年限"),
        "maintenance_percent_per_year" => (
            "Maintenance per year (% of purchase)",
            "每年维护费（占购置价的 %）",
        ),
        _ => ("Value", "数值"),
    }
}

/// Checks `x` against the rule of `field`: the problem it has, if any (a warning when
/// unusual). A field without a rule passes; every field the calculator reads has one.
pub fn check_value(field: &'static str, x: f64) -> Option<Problem> {
    rule_of(field)
        .and_then(|r| breach(r, x))
        .map(|kind| Problem::new(field, kind))
}

/// What is wrong with `x` for the kind of number `rule` governs, if anything; `Unusual` is
/// a warning.
fn breach(rule: &Rule, x: f64) -> Option<ProblemKind> {
    if !x.is_finite() {
        Some(ProblemKind::NotFinite)
    } else if x < rule.min {
        Some(ProblemKind::BelowMin)
    } else if x > rule.max {
        Some(ProblemKind::AboveMax)
    } else if rule.whole && x.fract() != 0.0 {
        Some(ProblemKind::NotWhole)
    } else if x > rule.unusual {
        Some(ProblemKind::Unusual)
    } else {
        None
    }
}

fn check(out: &mut Vec<Problem>, field: &'static str, x: f64) {
    out.extend(check_value(field, x));
}

impl Job {
    /// Every problem with the job's inputs; errors first. An empty list means all is well.
    pub fn validate(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        check(&mut out, "params_b", self.workload.params_b());
        match &self.workload {
            Workload::Training { size, mfu, .. } => {
                match size {
                    TrainingSize::Tokens { tokens_b } => check(&mut out, "tokens_b", *tokens_b),
                    TrainingSize::Flops { flops } => check(&mut out, "flops", *flops),
                    TrainingSize::ReferenceHours { hours, reference } => {
                        check(&mut out, "hours", *hours);
                        if find_reference(reference).is_none() {
                            out.push(Problem::new("reference", ProblemKind::UnknownReference));
                        }
                    }
                }
                if let Some(m) = mfu {
                    check(&mut out, "mfu", *m);
                }
            }
            Workload::FineTune { tokens_b, mfu, .. } => {
                check(&mut out, "tokens_b", *tokens_b);
                if let Some(m) = mfu {
                    check(&mut out, "mfu", *m);
                }
            }
            Workload::Inference {
                context_tokens,
                concurrency,
                tokens_per_day,
                input_tokens_per_day,
                layers,
                kv_heads,
                head_dim,
                cache_hit_share,
                ..
            } => {
                check(&mut out, "context_tokens", f64::from(*context_tokens));
                check(&mut out, "cache_hit_share", *cache_hit_share);
                check(&mut out, "concurrency", f64::from(*concurrency));
                check(&mut out, "tokens_per_day", *tokens_per_day);
                check(&mut out, "input_tokens_per_day", *input_tokens_per_day);
                for (field, value) in [
                    ("layers", layers),
                    ("kv_heads", kv_heads),
                    ("head_dim", head_dim),
                ] {
                    if let Some(n) = value {
                        check(&mut out, field, f64::from(*n));
                    }
                }
            }
        }
        if let Some(deadline) = self.deadline_hours {
            check(&mut out, "deadline_hours", deadline);
        }
        check(&mut out, "runs", f64::from(self.runs));
        check(&mut out, "checkpoint_minutes", self.checkpoint_minutes);
        check(&mut out, "restart_minutes", self.restart_minutes);
        out.sort_by_key(|p| p.severity != Severity::Error);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::{FineTuneMethod, Precision, Quant};
    use crate::presets::Preset;

    fn fine_tune(params_b: f64, tokens_b: f64, mfu: Option<f64>) -> Job {
        Job::new(Workload::FineTune {
            params_b,
            method: FineTuneMethod::Lora,
            tokens_b,
            precision: Precision::Bf16,
            mfu,
        })
    }

    fn kinds(job: &Job) -> Vec<(&'static str, ProblemKind)> {
        job.validate().iter().map(|p| (p.field, p.kind)).collect()
    }

    #[test]
    fn values_outside_a_rule_say_which_side() {
        let mfu = rule_of("mfu").unwrap();
        assert_eq!(breach(mfu, 1e-300), Some(ProblemKind::BelowMin));
        assert_eq!(breach(mfu, 1.5), Some(ProblemKind::AboveMax));
        assert_eq!(breach(mfu, f64::NAN), Some(ProblemKind::NotFinite));
        assert_eq!(breach(mfu, 0.8), Some(ProblemKind::Unusual));
        let runs = rule_of("runs").unwrap();
        assert_eq!(breach(runs, -5.0), Some(ProblemKind::BelowMin));
        assert_eq!(breach(runs, 2.5), Some(ProblemKind::NotWhole));
    }

    #[test]
    fn each_rule_takes_its_own_bounds() {
        for r in crate::RULES {
            assert_eq!(breach(r, r.min), None, "{r:?}");
            assert_eq!(
                breach(r, r.max).filter(|k| *k != ProblemKind::Unusual),
                None
            );
        }
    }

    #[test]
    fn presets_are_valid() {
        for preset in Preset::ALL {
            assert!(preset.job().validate().is_empty(), "{preset:?}");
        }
    }

    #[test]
    fn negative_zero_and_broken_numbers_are_errors_naming_the_field_and_its_range() {
        assert_eq!(
            kinds(&fine_tune(-7.0, 0.1, None)),
            [("params_b", ProblemKind::BelowMin)]
        );
        assert_eq!(
            kinds(&fine_tune(7.0, 0.0, None)),
            [("tokens_b", ProblemKind::BelowMin)]
        );
        assert_eq!(
            kinds(&fine_tune(f64::NAN, 0.1, None)),
            [("params_b", ProblemKind::NotFinite)]
        );
        assert_eq!(
            kinds(&fine_tune(7.0, f64::INFINITY, None)),
            [("tokens_b", ProblemKind::NotFinite)]
        );
        let problem = &fine_tune(0.0, 0.1, None).validate()[0];
        assert!(problem.is_error());
        assert_eq!(
            problem.en,
            "Model size (billion parameters) must be at least 0.000001. \
             Allowed: 0.000001 to 100,000 billion parameters."
        );
        assert_eq!(
            problem.zh,
            "模型规模（十亿参数）不能小于 0.000001。允许范围：0.000001 至 100,000 十亿参数。"
        );
    }

    #[test]
    fn every_number_the_job_holds_is_checked_against_its_rule() {
        let serve = Job {
            deadline_hours: Some(1e-300),
            runs: 0,
            checkpoint_minutes: 1e300,
            restart_minutes: -1.0,
            ..Job::new(Workload::Inference {
                params_b: 1e-300,
                quant: Quant::Fp16,
                context_tokens: u32::MAX,
                concurrency: 0,
                tokens_per_day: 0.5,
                input_tokens_per_day: 1e30,
                layers: Some(0),
                kv_heads: Some(u32::MAX),
                head_dim: Some(0),
                cache_hit_share: 0.0,
                model: None,
            })
        };
        let problems = serve.validate();
        assert!(problems.iter().all(Problem::is_error));
        let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
        assert_eq!(fields.len(), 12, "{fields:?}");
        assert!(problems.iter().all(|p| p.en.contains("Allowed: ")));
    }

    #[test]
    fn mfu_must_be_a_fraction_and_high_ones_warn() {
        for bad in [0.0, -0.1, 1.01, f64::NAN] {
            let problems = fine_tune(7.0, 0.1, Some(bad)).validate();
            assert_eq!(problems.len(), 1, "{bad}");
            assert!(problems[0].is_error() && problems[0].field == "mfu");
        }
        let perfect = fine_tune(7.0, 0.1, Some(1.0)).validate();
        assert!(
            perfect.iter().all(|p| !p.is_error()),
            "1.0 is allowed, if unlikely"
        );
        assert!(fine_tune(7.0, 0.1, Some(0.5)).validate().is_empty());
        let high = fine_tune(7.0, 0.1, Some(0.8)).validate();
        assert_eq!(
            (high[0].kind, high[0].severity),
            (ProblemKind::Unusual, Severity::Warning)
        );
    }

    #[test]
    fn absurd_values_warn_and_impossible_ones_stop() {
        let huge = fine_tune(20_000.0, 2e6, None).validate();
        assert!(huge.iter().all(|p| p.severity == Severity::Warning));
        assert_eq!(huge.len(), 2);
        assert_eq!(
            kinds(&fine_tune(1e300, 0.1, None)),
            [("params_b", ProblemKind::AboveMax)]
        );
        assert_eq!(
            kinds(&fine_tune(7.0, 0.1, Some(1e-300))),
            [("mfu", ProblemKind::BelowMin)]
        );
    }

    #[test]
    fn serving_counts_must_be_at_least_one() {
        let job = Job {
            runs: 0,
            deadline_hours: Some(-1.0),
            checkpoint_minutes: -5.0,
            ..Job::new(Workload::Inference {
                params_b: 7.0,
                quant: Quant::Fp16,
                context_tokens: 0,
                concurrency: 0,
                tokens_per_day: 0.0,
                input_tokens_per_day: -1.0,
                layers: Some(0),
                kv_heads: None,
                head_dim: None,
                cache_hit_share: 0.0,
                model: None,
            })
        };
        let fields: Vec<_> = job.validate().iter().map(|p| p.field).collect();
        for field in [
            "context_tokens",
            "concurrency",
            "tokens_per_day",
            "input_tokens_per_day",
            "layers",
            "deadline_hours",
            "runs",
            "checkpoint_minutes",
        ] {
            assert!(fields.contains(&field), "{field} missing from {fields:?}");
        }
        let long = Job::new(Workload::Inference {
            params_b: 7.0,
            quant: Quant::Fp16,
            context_tokens: 20_000_000,
            concurrency: 1,
            tokens_per_day: 1e6,
            input_tokens_per_day: 0.0,
            layers: None,
            kv_heads: None,
            head_dim: None,
            cache_hit_share: 0.0,
            model: None,
        });
        assert_eq!(kinds(&long), [("context_tokens", ProblemKind::Unusual)]);
    }

    #[test]
    fn unknown_reference_accelerators_are_errors() {
        let job = Job::new(Workload::Training {
            params_b: 1.0,
            size: TrainingSize::ReferenceHours {
                hours: 10.0,
                reference: "GTX 9999".into(),
            },
            precision: Precision::Bf16,
            mfu: None,
        });
        assert_eq!(kinds(&job), [("reference", ProblemKind::UnknownReference)]);
    }

    #[test]
    fn errors_come_before_warnings() {
        let job = Job {
            runs: 0,
            ..fine_tune(20_000.0, 0.1, None)
        };
        let problems = job.validate();
        assert_eq!(problems[0].severity, Severity::Error);
        assert_eq!(problems[1].severity, Severity::Warning);
    }
}
