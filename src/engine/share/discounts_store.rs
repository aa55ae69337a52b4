//! The user's discounts as this browser keeps them between visits: the `disc` value of a
//! link (`aws::15:enterprise%20agreement,:spot:10`), read back by the link's own rules, so a
//! stored list still reads after an update and a damaged one keeps what reads.

use super::decode::decode;
use super::discounts::item;
use super::keys::Key;
use super::percent::escape;
use crate::discounts::Discounts;

/// The discounts as this browser keeps them between visits: the `disc` value of a link, whose
/// meaning links promise never to change, so a stored list still reads after an update.
pub fn to_storage(discounts: &Discounts) -> String {
    discounts
        .iter()
        .map(|d| escape(&item(d), true))
        .collect::<Vec<_>>()
        .join(",")
}

/// Stored discounts read back by the link's own rules: what is damaged is left out, the rest
/// kept, and nothing fails.
pub fn from_storage(text: &str) -> Discounts {
    let query = format!("{}={text}", Key::Discounts.name());
    decode(&query, &|_| false).state.discounts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::discounts::read;

    #[test]
    fn stored_discounts_read_back_and_a_damaged_store_keeps_what_reads() {
        let set: Discounts = ["aws::15:enterprise agreement, EU", ":spot:10"]
            .into_iter()
            .map(|t| read(t).unwrap())
            .collect();
        assert_eq!(from_storage(&to_storage(&set)), set);
        assert!(from_storage("").is_empty());
        let kept = from_storage("aws::15,%%%,gcp::500");
        assert_eq!(kept.len(), 1);
    }
}
