//! A CSV source's columns, found by name in its header: sources add and reorder columns
//! between versions, and a file saved by a spreadsheet may start with a byte-order mark.

use std::collections::BTreeMap;
use std::io::Read;

use crate::quote::SourceProblem;

/// Where each named column sits.
pub(super) struct Columns {
    index: BTreeMap<&'static str, usize>,
    /// How many fields the header has.
    width: usize,
}

impl Columns {
    /// Reads the header and finds `required` (all must be there, else the file is not `what`)
    /// and `optional` columns.
    pub fn find<R: Read>(
        reader: &mut csv::Reader<R>,
        required: &[&'static str],
        optional: &[&'static str],
        what: &str,
    ) -> Result<Columns, SourceProblem> {
        let headers = reader
            .headers()
            .map_err(|e| SourceProblem::new("line 1", "", format!("not {what}: {e}")))?
            .clone();
        Columns::of(&headers, required, optional, what)
    }

    /// Finds the columns in a header row read some other way.
    pub fn of(
        headers: &csv::StringRecord,
        required: &[&'static str],
        optional: &[&'static str],
        what: &str,
    ) -> Result<Columns, SourceProblem> {
        let names: Vec<&str> = headers
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim())
            .collect();
        let mut index = BTreeMap::new();
        for &name in required {
            match names.iter().position(|h| *h == name) {
                Some(i) => {
                    index.insert(name, i);
                }
                None => {
                    let shown: String = names.join(",").chars().take(300).collect();
                    return Err(SourceProblem::new(
                        "line 1",
                        name,
                        format!("no {name} column: not {what} (columns: {shown})"),
                    ));
                }
            }
        }
        for &name in optional {
            if let Some(i) = names.iter().position(|h| *h == name) {
                index.insert(name, i);
            }
        }
        Ok(Columns {
            index,
            width: names.len(),
        })
    }

    /// A problem when `record` has fewer fields than the header: a row cut short (a broken
    /// transfer) must not read as a row whose missing cells are empty. Extra fields are a
    /// newer schema's and are ignored.
    pub fn short(&self, record: &csv::StringRecord, place: &str) -> Option<SourceProblem> {
        (record.len() < self.width).then(|| {
            SourceProblem::new(
                place,
                "",
                format!(
                    "{} fields where the header has {}: the row is cut short",
                    record.len(),
                    self.width
                ),
            )
        })
    }

    /// The trimmed cell of column `name` (empty when the column or the cell is missing).
    pub fn cell<'r>(&self, record: &'r csv::StringRecord, name: &str) -> &'r str {
        self.index
            .get(name)
            .and_then(|&i| record.get(i))
            .unwrap_or("")
            .trim()
    }
}

/// What reading the next row of a CSV source gave.
pub(super) enum Step {
    Row,
    End,
    /// A row that could not be read (wrong number of fields, not UTF-8): named and passed over.
    Skip(SourceProblem),
}

/// Reads the next row into `record`. A failure of the stream itself (a NUL byte: binary, not
/// text; a broken file) fails the whole source, since nothing after it can be trusted.
pub(super) fn next_row<R: Read>(
    reader: &mut csv::Reader<R>,
    record: &mut csv::StringRecord,
    place: &str,
) -> Result<Step, SourceProblem> {
    match reader.read_record(record) {
        Ok(true) => Ok(Step::Row),
        Ok(false) => Ok(Step::End),
        Err(e) if matches!(e.kind(), csv::ErrorKind::Io(_)) => {
            Err(SourceProblem::new(place, "", e.to_string()))
        }
        Err(e) => Ok(Step::Skip(SourceProblem::new(place, "", e.to_string()))),
    }
}
