//! Reading the array of items a JSON price document holds, item by item, so one bad item is
//! named and skipped while the others are read.

use serde::de::DeserializeOwned;

use crate::quote::SourceProblem;

/// A JSON array's elements that read as `T`, numbered from 1, and the problems of those that
/// did not.
type Items<T> = (Vec<(usize, T)>, Vec<SourceProblem>);

/// The elements of a JSON document's array `key`, each read as `T`: the ones that read, with
/// their 1-based number, and a problem naming each one that does not. A document that is not
/// JSON, or has no such array, fails whole with `what` it was expected to be.
pub(super) fn items<T: DeserializeOwned>(
    text: &str,
    key: &str,
    what: &str,
) -> Result<Items<T>, SourceProblem> {
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        SourceProblem::new(
            format!("line {}", e.line()),
            key,
            format!("not {what}: {e}"),
        )
    })?;
    let Some(items) = doc.get(key).and_then(|v| v.as_array()) else {
        return Err(SourceProblem::new(
            "file",
            key,
            format!("not {what}: no {key} array"),
        ));
    };
    let mut read = Vec::new();
    let mut skipped = Vec::new();
    for (i, value) in items.iter().enumerate() {
        match T::deserialize(value) {
            Ok(item) => read.push((i + 1, item)),
            Err(e) => skipped.push(SourceProblem::new(
                format!("item {}", i + 1),
                "",
                e.to_string(),
            )),
        }
    }
    Ok((read, skipped))
}
