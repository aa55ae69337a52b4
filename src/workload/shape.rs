//! A model's shape (layers, width, key/value heads) when the user gives only its size: the KV
//! cache and the activations depend on the shape, not on the parameter count alone.
//!
//! The approximation follows dense Llama-style decoders: non-embedding parameters
//! N ≈ 12 · layers · d_model² (Kaplan et al. 2020, §2.1) with d_model ≈ 128 · layers (Llama 2
//! 7B: 4096 / 32; 13B: 5120 / 40), attention heads of 128 dimensions and 8 key/value heads
//! (grouped-query attention as in Llama 2 70B and all Llama 3 models). For Llama 2 70B it gives
//! 71 layers of 9,088 (real: 80 of 8,192), a KV cache 11% smaller than the real one. A model
//! with full multi-head attention (Llama 2 7B has 32 KV heads) has a KV cache 4× larger:
//! the user should give `kv_heads` for such models.

use serde::Serialize;

use super::sources::{Source, GQA_2023, KAPLAN_2020, LLAMA2_2023};

/// Bytes of one cached key or value element: 16-bit, the serving engines' default.
pub const KV_CACHE_BYTES: f64 = 2.0;

/// Parameters per layer per d_model²: 4·d² in attention and 8·d² in the MLP.
pub const PARAMS_PER_LAYER_PER_WIDTH_SQUARED: f64 = 12.0;
/// d_model per layer in Llama 2 7B and 13B (Table 1 of arXiv:2307.09288 and the model configs).
pub const WIDTH_PER_LAYER: f64 = 128.0;
/// Dimensions per attention head in every Llama 2 and Llama 3 model.
pub const HEAD_DIM: u32 = 128;
/// Key/value heads with grouped-query attention in Llama 2 70B and Llama 3.
pub const GQA_KV_HEADS: u32 = 8;
/// Sources of the shape approximation, in the order of the constants above.
pub const SHAPE_SOURCES: [Source; 4] = [KAPLAN_2020, LLAMA2_2023, LLAMA2_2023, GQA_2023];

/// A decoder's shape.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Shape {
    pub layers: u32,
    pub d_model: f64,
    pub kv_heads: u32,
    pub head_dim: u32,
    /// Some dimension was derived from the parameter count rather than given.
    pub derived: bool,
}

impl Shape {
    /// The shape a dense Llama-style model of `params` parameters has.
    pub fn approximate(params: f64) -> Shape {
        let params = if params.is_finite() {
            params.max(0.0)
        } else {
            0.0
        };
        let cube =
            params / (PARAMS_PER_LAYER_PER_WIDTH_SQUARED * WIDTH_PER_LAYER * WIDTH_PER_LAYER);
        let layers = cube.cbrt().round().clamp(1.0, u32::MAX as f64) as u32;
        let d_model = WIDTH_PER_LAYER * layers as f64;
        // A small model has fewer heads than eight: d_model / head_dim of them at most.
        let heads = (d_model / HEAD_DIM as f64).max(1.0) as u32;
        Shape {
            layers,
            d_model,
            kv_heads: GQA_KV_HEADS.min(heads),
            head_dim: HEAD_DIM,
            derived: true,
        }
    }

    /// The approximate shape with the dimensions the user gave put in.
    pub fn with(
        params: f64,
        layers: Option<u32>,
        kv_heads: Option<u32>,
        head_dim: Option<u32>,
    ) -> Shape {
        let guess = Shape::approximate(params);
        let given = |x: Option<u32>| x.filter(|v| *v > 0);
        let layers_given = given(layers);
        Shape {
            layers: layers_given.unwrap_or(guess.layers),
            d_model: guess.d_model,
            kv_heads: given(kv_heads).unwrap_or(guess.kv_heads),
            head_dim: given(head_dim).unwrap_or(guess.head_dim),
            derived: layers_given.is_none()
                || given(kv_heads).is_none()
                || given(head_dim).is_none(),
        }
    }

    /// Bytes of KV cache one token of context takes: a key and a value vector per KV head per
    /// layer (PagedAttention, §3: 2 × layers × hidden × bytes; with GQA, kv_heads × head_dim
    /// replaces the hidden size).
    pub fn kv_bytes_per_token(&self) -> f64 {
        2.0 * self.layers as f64 * self.kv_heads as f64 * self.head_dim as f64 * KV_CACHE_BYTES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn llama_sizes_come_out_near_their_real_shapes() {
        let seven = Shape::approximate(7e9);
        assert_eq!(seven.layers, 33); // real: 32 layers of 4096
        assert_eq!(seven.d_model, 4224.0);
        let seventy = Shape::approximate(70e9);
        assert_eq!(seventy.layers, 71); // real: 80 layers of 8192
        assert_eq!(seventy.kv_heads, 8);
    }

    #[test]
    fn llama_2_70b_kv_cache_matches_its_config_when_the_shape_is_given() {
        // 80 layers, 8 KV heads of 128: 2 · 80 · 8 · 128 · 2 bytes = 327,680 bytes per token.
        let shape = Shape::with(70e9, Some(80), Some(8), Some(128));
        assert_eq!(shape.kv_bytes_per_token(), 327_680.0);
        assert!(!shape.derived);
        // PagedAttention's OPT-13B example: 2 · 40 layers · 5120 · 2 bytes = 800 KiB-ish.
        let opt = Shape::with(13e9, Some(40), Some(40), Some(128));
        assert_eq!(opt.kv_bytes_per_token(), 819_200.0);
    }

    #[test]
    fn tiny_and_broken_sizes_still_give_a_shape() {
        for params in [0.0, 1.0, -5.0, f64::NAN, f64::INFINITY, 1e21] {
            let shape = Shape::approximate(params);
            assert!(shape.layers >= 1 && shape.kv_heads >= 1, "{params}");
            assert!(shape.kv_bytes_per_token().is_finite());
        }
    }
}
