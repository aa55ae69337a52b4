//! Sorting floats fast: a key whose integer order is the floats' total order.

/// A key whose unsigned order is `f64::total_cmp`'s order: sorting plain integers is much
/// faster than sorting with a float comparison, which matters at 100k offers.
pub fn sort_key(x: f64) -> u64 {
    let bits = x.to_bits();
    // Negative numbers: flip every bit (larger magnitude sorts lower); others: set the sign.
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    }
}

#[cfg(test)]
mod tests {
    use super::sort_key;

    #[test]
    fn sort_keys_order_like_total_cmp() {
        let values = [
            f64::NEG_INFINITY,
            -3.5,
            -0.0,
            0.0,
            1e-300,
            0.5,
            2.0,
            f64::INFINITY,
        ];
        for pair in values.windows(2) {
            assert!(sort_key(pair[0]) < sort_key(pair[1]), "{pair:?}");
        }
    }
}
