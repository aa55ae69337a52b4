//! How much accelerator memory a job needs: weights, gradients, optimizer states, activations
//! and KV cache, each from a cited rule.
//!
//! Units: GB = 10⁹ bytes. Vendors' "80 GB" of HBM is 80 GiB (85.9 × 10⁹ bytes), so comparing
//! a need in GB against a capacity in vendor GB errs on the safe side by about 7%.

use serde::{Deserialize, Serialize};

use super::job::{FineTuneMethod, Workload, BYTES_16BIT};
use super::shape::Shape;

/// Bytes in a GB.
pub const GB: f64 = 1e9;

/// Mixed-precision Adam (ZeRO, arXiv:1910.02054, §3.1): 16-bit weights…
pub const ADAM_WEIGHT_BYTES: f64 = 2.0;
/// …16-bit gradients…
pub const ADAM_GRADIENT_BYTES: f64 = 2.0;
/// …and K = 12 bytes of optimizer state: FP32 master weights, momentum and variance.
pub const ADAM_STATE_BYTES: f64 = 12.0;

/// Share of the parameters LoRA trains, this project's default: rank 16 on every linear layer
/// of a Llama-style model is ≈0.6% of its parameters (7B: 32 layers × (4 × 16 × 8192 +
/// 3 × 16 × 15104) ≈ 40M); rank 8 on the query and value projections only, as in the LoRA
/// paper (arXiv:2106.09685), is under 0.1%. Adapters are trained with mixed-precision Adam.
pub const LORA_TRAINABLE_FRACTION: f64 = 0.005;

/// Bytes per frozen QLoRA weight: 4-bit NF4 plus 0.127 bit of double-quantized scales
/// (QLoRA, arXiv:2305.14314, §3: 8/64 + 32/(64 · 256) bits per parameter).
pub const QLORA_WEIGHT_BYTES: f64 = (4.0 + 0.127) / 8.0;

/// Sequence length of the micro-batch whose activations are counted (Llama 2's context).
pub const ACTIVATION_SEQUENCE_TOKENS: f64 = 4_096.0;
/// With full activation recomputation only each layer's 16-bit input is kept:
/// 2 bytes per token per hidden unit per layer (Korthikanti et al., arXiv:2205.05198, §4).
pub const ACTIVATION_CHECKPOINT_BYTES: f64 = 2.0;
/// …plus one layer's full activations while it is recomputed: 34 bytes per token per hidden
/// unit (their eq. 1 without the 5·a·s/h attention-score term, which FlashAttention-style
/// kernels do not store).
pub const ACTIVATION_LAYER_BYTES: f64 = 34.0;

/// Share of an accelerator's memory a job may fill: vLLM's default `gpu_memory_utilization`,
/// the rest going to the runtime, fragmentation and buffers.
pub const USABLE_MEMORY_FRACTION: f64 = 0.9;

/// What one copy of the job keeps in accelerator memory, GB.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct MemoryNeed {
    pub weights_gb: f64,
    pub gradients_gb: f64,
    pub optimizer_gb: f64,
    /// Activations of one micro-batch; not divided when the model states are sharded.
    pub activations_gb: f64,
    /// KV cache of all concurrent sequences of one model copy.
    pub kv_cache_gb: f64,
    pub total_gb: f64,
}

impl MemoryNeed {
    fn new(weights: f64, gradients: f64, optimizer: f64, activations: f64, kv: f64) -> MemoryNeed {
        let need = MemoryNeed {
            weights_gb: weights / GB,
            gradients_gb: gradients / GB,
            optimizer_gb: optimizer / GB,
            activations_gb: activations / GB,
            kv_cache_gb: kv / GB,
            total_gb: (weights + gradients + optimizer + activations + kv) / GB,
        };
        if need.total_gb.is_finite() {
            need
        } else {
            MemoryNeed::default()
        }
    }

    /// What sharding divides among accelerators (ZeRO-3/FSDP or tensor parallelism).
    pub(crate) fn shardable_gb(&self) -> f64 {
        self.weights_gb + self.gradients_gb + self.optimizer_gb + self.kv_cache_gb
    }
}

/// Activation bytes of one micro-batch of one sequence with full recomputation.
pub fn activation_bytes(shape: &Shape) -> f64 {
    ACTIVATION_SEQUENCE_TOKENS
        * shape.d_model
        * (ACTIVATION_CHECKPOINT_BYTES * shape.layers as f64 + ACTIVATION_LAYER_BYTES)
}

/// The memory one copy of a workload needs. Inputs are assumed validated; anything that still
/// overflows gives an all-zero need. Training precision does not change it: FP8 training
/// still keeps 16-bit weights and FP32 optimizer states, only the matrix multiplies run in FP8.
pub fn memory_need(workload: &Workload) -> MemoryNeed {
    let params = workload.params();
    match workload {
        Workload::Training { .. }
        | Workload::FineTune {
            method: FineTuneMethod::Full,
            ..
        } => {
            let shape = Shape::approximate(params);
            MemoryNeed::new(
                ADAM_WEIGHT_BYTES * params,
                ADAM_GRADIENT_BYTES * params,
                ADAM_STATE_BYTES * params,
                activation_bytes(&shape),
                0.0,
            )
        }
        Workload::FineTune { method, .. } => {
            let shape = Shape::approximate(params);
            let frozen = match method {
                FineTuneMethod::Qlora => QLORA_WEIGHT_BYTES,
                _ => BYTES_16BIT,
            };
            let trainable = LORA_TRAINABLE_FRACTION * params;
            MemoryNeed::new(
                frozen * params + ADAM_WEIGHT_BYTES * trainable,
                ADAM_GRADIENT_BYTES * trainable,
                ADAM_STATE_BYTES * trainable,
                activation_bytes(&shape),
                0.0,
            )
        }
        Workload::Inference {
            quant,
            context_tokens,
            concurrency,
            layers,
            kv_heads,
            head_dim,
            ..
        } => {
            let shape = Shape::with(params, *layers, *kv_heads, *head_dim);
            let kv = shape.kv_bytes_per_token() * *context_tokens as f64 * *concurrency as f64;
            MemoryNeed::new(quant.bytes_per_param() * params, 0.0, 0.0, 0.0, kv)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::job::{Precision, Quant, TrainingSize, INT4_BYTES};

    fn fine_tune(params_b: f64, method: FineTuneMethod) -> Workload {
        Workload::FineTune {
            params_b,
            method,
            tokens_b: 0.1,
            precision: Precision::Bf16,
            mfu: None,
        }
    }

    #[test]
    fn full_training_keeps_sixteen_bytes_per_parameter_of_model_state() {
        let need = memory_need(&Workload::Training {
            params_b: 7.0,
            size: TrainingSize::Tokens { tokens_b: 1.0 },
            precision: Precision::Bf16,
            mfu: None,
        });
        assert!((need.weights_gb + need.gradients_gb + need.optimizer_gb - 112.0).abs() < 1e-9);
        // 4096 tokens × 4224 wide × (2 × 33 layers + 34) bytes ≈ 1.73 GB.
        assert!((need.activations_gb - 1.730).abs() < 0.001, "{need:?}");
    }

    #[test]
    fn lora_keeps_frozen_weights_plus_adapter_states() {
        let need = memory_need(&fine_tune(7.0, FineTuneMethod::Lora));
        // 14 GB frozen + 35M adapters × 16 bytes = 0.56 GB.
        assert!((need.weights_gb - 14.07).abs() < 1e-9);
        assert!((need.gradients_gb + need.optimizer_gb - 0.49).abs() < 1e-9);
    }

    #[test]
    fn qlora_weights_take_about_half_a_byte() {
        let need = memory_need(&fine_tune(70.0, FineTuneMethod::Qlora));
        // 70e9 × 0.515875 B = 36.1 GB, + 350M adapters × 2 B.
        assert!(
            (need.weights_gb - (36.111_25 + 0.7)).abs() < 1e-6,
            "{need:?}"
        );
    }

    #[test]
    fn inference_memory_is_weights_plus_kv_cache() {
        let need = memory_need(&Workload::Inference {
            params_b: 70.0,
            quant: Quant::Int8,
            context_tokens: 4_096,
            concurrency: 16,
            tokens_per_day: 1e6,
            input_tokens_per_day: 0.0,
            layers: Some(80),
            kv_heads: Some(8),
            head_dim: Some(128),
            cache_hit_share: 0.0,
            model: None,
        });
        assert_eq!(need.weights_gb, 70.0);
        // 327,680 B/token × 4096 × 16 = 21.47 GB.
        assert!((need.kv_cache_gb - 21.474_836_48).abs() < 1e-9);
        assert_eq!(need.total_gb, need.weights_gb + need.kv_cache_gb);
    }

    #[test]
    fn int4_costs_four_and_a_quarter_bits() {
        assert_eq!(INT4_BYTES, 0.531_25);
        assert_eq!(Quant::Int4.bytes_per_param(), INT4_BYTES);
    }
}
