//! A problem found in the catalog files, named precisely enough to fix it in one edit.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Path of the file, relative to the repository root.
    pub file: String,
    /// Where in the file: "row 14", "offer p5.48xlarge", "line 3".
    pub place: String,
    /// The column or key at fault; empty when the whole place is.
    pub field: String,
    pub message: String,
}

impl Problem {
    pub fn new(
        file: &str,
        place: impl Into<String>,
        field: &str,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            file: file.to_string(),
            place: place.into(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.place)?;
        if !self.field.is_empty() {
            write!(f, ", field `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}
