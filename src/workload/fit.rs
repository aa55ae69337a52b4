//! Does the job fit? On one accelerator, sharded over several of the instance's accelerators,
//! over several instances, or not at all on this offer.
//!
//! Sharding follows ZeRO-3/FSDP (and tensor parallelism for serving): weights, gradients,
//! optimizer states and KV cache divide over N accelerators, while each accelerator keeps the
//! activations of its own micro-batch. N is the smallest count with
//! `shardable / N + activations ≤ usable memory per accelerator`.

use serde::{Deserialize, Serialize};

use super::hardware::{Hardware, MAX_INSTANCES};
use super::memory::{MemoryNeed, USABLE_MEMORY_FRACTION};

/// Where one copy of the job fits on an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "fit", rename_all = "kebab-case")]
pub enum Fit {
    /// On one accelerator (or the instance's slice of one).
    OneAccelerator,
    /// Sharded over `accelerators` of this instance's accelerators.
    Sharded { accelerators: u32 },
    /// Sharded over `accelerators` accelerators of `instances` instances; the offer clusters
    /// them, or (`clustering_assumed`) does not say and is assumed to.
    Instances {
        instances: u32,
        accelerators: u32,
        #[serde(default)]
        clustering_assumed: bool,
    },
    /// Not on this offer.
    DoesNotFit { why: NoFit },
    /// Cannot be told.
    Unknown { why: UnknownFit },
}

/// Why a job does not fit an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum NoFit {
    /// It would need `instances` instances, and the offer has no multi-node clusters.
    NeedsMultiNode { instances: u32 },
    /// A vGPU slice cannot be sharded with others.
    SliceTooSmall,
    /// One micro-batch's activations alone fill an accelerator.
    ActivationsTooLarge,
    /// It would need more than [`MAX_INSTANCES`] instances.
    TooManyInstances,
}

/// Why the fit cannot be told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnknownFit {
    /// The accelerator's memory is not known.
    Memory,
    /// The number of accelerators is not known.
    Accelerators,
    /// The job has errors (see `Job::validate`).
    InvalidJob,
}

/// Where `need` fits on `hw`.
pub fn fit(need: &MemoryNeed, hw: &Hardware) -> Fit {
    let (Some(count), Some(devices)) = (hw.count(), hw.devices()) else {
        return Fit::Unknown {
            why: UnknownFit::Accelerators,
        };
    };
    let Some(device_gb) = hw.device_memory_gb() else {
        return Fit::Unknown {
            why: UnknownFit::Memory,
        };
    };
    let usable = device_gb * USABLE_MEMORY_FRACTION;
    if need.total_gb <= usable {
        return Fit::OneAccelerator;
    }
    if count < 1.0 {
        return Fit::DoesNotFit {
            why: NoFit::SliceTooSmall,
        };
    }
    let room = usable - need.activations_gb;
    if room <= 0.0 {
        return Fit::DoesNotFit {
            why: NoFit::ActivationsTooLarge,
        };
    }
    let needed = (need.shardable_gb() / room).ceil().max(2.0);
    let most = devices as f64 * MAX_INSTANCES as f64;
    if !needed.is_finite() || needed > most {
        return Fit::DoesNotFit {
            why: NoFit::TooManyInstances,
        };
    }
    let accelerators = needed as u32;
    if accelerators <= devices {
        return Fit::Sharded { accelerators };
    }
    let instances = accelerators.div_ceil(devices);
    if hw.multi_node || hw.multi_node_not_stated {
        Fit::Instances {
            instances,
            accelerators,
            clustering_assumed: !hw.multi_node,
        }
    } else {
        Fit::DoesNotFit {
            why: NoFit::NeedsMultiNode { instances },
        }
    }
}

impl Fit {
    /// The fewest instances one copy of the job needs: 1 when the fit is unknown (the time on
    /// one instance can still be told), `None` when it does not fit.
    pub fn min_instances(&self) -> Option<u32> {
        match self {
            Fit::OneAccelerator | Fit::Sharded { .. } | Fit::Unknown { .. } => Some(1),
            Fit::Instances { instances, .. } => Some(*instances),
            Fit::DoesNotFit { .. } => None,
        }
    }

    /// A short sentence for the result card.
    pub fn describe(&self, zh: bool) -> String {
        match (self, zh) {
            (Fit::OneAccelerator, false) => "fits on one accelerator".into(),
            (Fit::OneAccelerator, true) => "单卡即可容纳".into(),
            (Fit::Sharded { accelerators }, false) => {
                format!("fits sharded over {accelerators} of the instance's accelerators")
            }
            (Fit::Sharded { accelerators }, true) => {
                format!("分片到本实例的 {accelerators} 张卡上可容纳")
            }
            (
                Fit::Instances {
                    instances,
                    accelerators,
                    clustering_assumed,
                },
                false,
            ) => {
                let assumed = if *clustering_assumed {
                    ", if the provider clusters them (it does not say)"
                } else {
                    ""
                };
                format!("needs {accelerators} accelerators over {instances} instances{assumed}")
            }
            (
                Fit::Instances {
                    instances,
                    accelerators,
                    clustering_assumed,
                },
                true,
            ) => {
                let assumed = if *clustering_assumed {
                    "，假设服务商支持多机集群（未注明）"
                } else {
                    ""
                };
                format!("需要 {instances} 台实例共 {accelerators} 张卡{assumed}")
            }
            (Fit::DoesNotFit { why }, zh) => why.describe(zh),
            (Fit::Unknown { why }, false) => match why {
                UnknownFit::Memory => "accelerator memory unknown".into(),
                UnknownFit::Accelerators => "number of accelerators unknown".into(),
                UnknownFit::InvalidJob => "fix the job's inputs first".into(),
            },
            (Fit::Unknown { why }, true) => match why {
                UnknownFit::Memory => "显存大小未知".into(),
                UnknownFit::Accelerators => "加速卡数量未知".into(),
                UnknownFit::InvalidJob => "请先修正作业输入".into(),
            },
        }
    }
}

impl NoFit {
    pub fn describe(&self, zh: bool) -> String {
        match (self, zh) {
            (NoFit::NeedsMultiNode { instances }, false) => {
                format!("does not fit: needs {instances} instances and this offer has no multi-node clusters")
            }
            (NoFit::NeedsMultiNode { instances }, true) => {
                format!("放不下：需要 {instances} 台实例，而此报价不支持多机集群")
            }
            (NoFit::SliceTooSmall, false) => "does not fit in this slice of an accelerator".into(),
            (NoFit::SliceTooSmall, true) => "此 GPU 切片放不下".into(),
            (NoFit::ActivationsTooLarge, false) => {
                "does not fit: one sequence's activations fill an accelerator".into()
            }
            (NoFit::ActivationsTooLarge, true) => "放不下：单条序列的激活值即占满一张卡".into(),
            (NoFit::TooManyInstances, false) => {
                format!("does not fit: would need more than {MAX_INSTANCES} instances")
            }
            (NoFit::TooManyInstances, true) => format!("放不下：需要超过 {MAX_INSTANCES} 台实例"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpus(count: f64, memory_gb: f64) -> Hardware {
        Hardware {
            accelerators: Some(count),
            memory_per_accelerator_gb: Some(memory_gb),
            ..Hardware::default()
        }
    }

    fn states(total_gb: f64, activations_gb: f64) -> MemoryNeed {
        MemoryNeed {
            weights_gb: total_gb - activations_gb,
            activations_gb,
            total_gb,
            ..MemoryNeed::default()
        }
    }

    #[test]
    fn sharding_leaves_each_accelerator_its_activations() {
        // 100 GB of states + 12 GB activations on 80 GB cards: 72 − 12 = 60 GB room → 2 cards.
        assert_eq!(
            fit(&states(112.0, 12.0), &gpus(8.0, 80.0)),
            Fit::Sharded { accelerators: 2 }
        );
        assert_eq!(
            fit(&states(72.0, 12.0), &gpus(1.0, 80.0)),
            Fit::OneAccelerator
        );
    }

    #[test]
    fn several_instances_need_multi_node() {
        let need = states(1_000.0, 0.0);
        let mut hw = gpus(8.0, 80.0);
        assert_eq!(
            fit(&need, &hw),
            Fit::DoesNotFit {
                why: NoFit::NeedsMultiNode { instances: 2 }
            }
        );
        // Unknown is not no: an offer silent about clustering is assumed to, and says so.
        hw.multi_node_not_stated = true;
        let assumed = fit(&need, &hw);
        assert_eq!(
            assumed,
            Fit::Instances {
                instances: 2,
                accelerators: 14,
                clustering_assumed: true
            }
        );
        assert!(assumed
            .describe(false)
            .ends_with("if the provider clusters them (it does not say)"));
        assert!(assumed.describe(true).contains("未注明"));
        hw.multi_node = true;
        assert_eq!(
            fit(&need, &hw),
            Fit::Instances {
                instances: 2,
                accelerators: 14,
                clustering_assumed: false
            }
        );
    }

    #[test]
    fn slices_and_unknowns() {
        assert_eq!(
            fit(&states(10.0, 0.0), &gpus(0.5, 16.0)),
            Fit::DoesNotFit {
                why: NoFit::SliceTooSmall
            }
        );
        assert_eq!(
            fit(&states(5.0, 0.0), &gpus(0.5, 16.0)),
            Fit::OneAccelerator
        );
        assert_eq!(
            fit(&states(5.0, 0.0), &Hardware::default()),
            Fit::Unknown {
                why: UnknownFit::Accelerators
            }
        );
        let no_memory = Hardware {
            accelerators: Some(8.0),
            ..Hardware::default()
        };
        assert_eq!(
            fit(&states(5.0, 0.0), &no_memory),
            Fit::Unknown {
                why: UnknownFit::Memory
            }
        );
        assert_eq!(
            fit(&states(100.0, 80.0), &gpus(8.0, 80.0)),
            Fit::DoesNotFit {
                why: NoFit::ActivationsTooLarge
            }
        );
        let mut huge = gpus(8.0, 80.0);
        huge.multi_node = true;
        assert_eq!(
            fit(&states(1e12, 0.0), &huge),
            Fit::DoesNotFit {
                why: NoFit::TooManyInstances
            }
        );
    }

    #[test]
    fn every_fit_has_a_sentence_in_both_languages() {
        let fits = [
            Fit::OneAccelerator,
            Fit::Sharded { accelerators: 2 },
            Fit::Instances {
                instances: 2,
                accelerators: 16,
                clustering_assumed: false,
            },
            Fit::Instances {
                instances: 2,
                accelerators: 16,
                clustering_assumed: true,
            },
            Fit::DoesNotFit {
                why: NoFit::NeedsMultiNode { instances: 3 },
            },
            Fit::Unknown {
                why: UnknownFit::Memory,
            },
        ];
        for fit in fits {
            assert!(!fit.describe(false).is_empty() && !fit.describe(true).is_empty());
            assert_ne!(fit.describe(false), fit.describe(true));
        }
    }
}
