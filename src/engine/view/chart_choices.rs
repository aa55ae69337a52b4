//! What the Charts view shows, as the user chose it: settings that `ViewState` and the link
//! carry. How a row is measured (`Measure::of`) belongs to the chart data, which has the rows.

use serde::{Deserialize, Serialize};

use crate::catalog::{pick, Lang};

/// What the vertical axis measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// Dense BF16 PFLOP/s of the instance (FP16 where BF16 is unknown).
    #[default]
    Bf16,
    /// Accelerator memory of the instance, GB.
    Memory,
    /// Memory bandwidth of the instance, GB/s.
    Bandwidth,
    /// Hours the calculator's job takes (lower is better).
    JobTime,
}

impl Measure {
    pub const ALL: [Measure; 4] = [
        Measure::Bf16,
        Measure::Memory,
        Measure::Bandwidth,
        Measure::JobTime,
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Measure::Bf16 => pick(
                lang,
                "Dense BF16 PFLOP/s per instance",
                "每实例 BF16 稠密算力（PFLOP/s）",
            ),
            Measure::Memory => pick(
                lang,
                "Accelerator memory per instance (GB)",
                "每实例显存（GB）",
            ),
            Measure::Bandwidth => pick(
                lang,
                "Memory bandwidth per instance (GB/s)",
                "每实例显存带宽（GB/s）",
            ),
            Measure::JobTime => pick(lang, "Job time (hours)", "任务耗时（小时）"),
        }
    }

    /// Whether less of it is better (time), so the frontier runs the other way.
    pub fn lower_is_better(self) -> bool {
        self == Measure::JobTime
    }
}

/// What a bar's value is the price of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Efficiency {
    /// Per dense BF16 PFLOP/s and hour.
    #[default]
    PflopHour,
    /// Per GB of accelerator memory and hour.
    GbHour,
    /// The calculator's job, whole.
    Job,
}

impl Efficiency {
    pub const ALL: [Efficiency; 3] = [Efficiency::PflopHour, Efficiency::GbHour, Efficiency::Job];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Efficiency::PflopHour => pick(lang, "per BF16 PFLOP/s-hour", "每 BF16 PFLOP/s·小时"),
            Efficiency::GbHour => {
                pick(lang, "per GB of accelerator memory-hour", "每 GB 显存·小时")
            }
            Efficiency::Job => pick(lang, "for the whole job", "整个作业"),
        }
    }
}
