//! What an importer reads out of a source: one price of one SKU in one region and term.

use catalog::{AsOf, Currency, PriceUnit, Term};

/// One price as a source states it, before it is matched to the catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct Quote {
    /// The provider's own name for what is rented ("p5.48xlarge", "Standard_ND96isr_H100_v5").
    pub sku: String,
    /// The source's name for the accelerator ("H100", "A100-80GB"), when it gives one.
    pub gpu: Option<String>,
    /// Accelerators per instance, when the source says.
    pub count: Option<f64>,
    pub vcpus: Option<f64>,
    pub ram_gb: Option<f64>,
    /// The provider's region code.
    pub region: String,
    pub term: Term,
    pub price: f64,
    /// Upper end when the source gives several prices for one key (spot over zones).
    pub price_high: Option<f64>,
    pub currency: Currency,
    pub unit: PriceUnit,
    /// Line (CSV) or item number (JSON) in the source, for messages.
    pub line: usize,
    pub note: Option<String>,
    /// What the row itself says, for sources that date and cite each row (the catalog's own
    /// CSV format); `None`: the copy's date, the feed's source and confidence.
    pub cited: Option<Cited>,
}

/// What a live source reports about a SKU beyond its price, before it is matched to the
/// catalog: capacity reported available, or how often its spot capacity is taken back.
#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub sku: String,
    pub region: String,
    pub term: Term,
    pub kind: FactKind,
    /// Line (CSV) or item number (JSON) in the source, for messages.
    pub line: usize,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FactKind {
    /// Units reported available (`None`: available, no count; `Some(0)`: sold out).
    Available(Option<u32>),
    Interruption(catalog::InterruptionBand),
}

/// A row's own date, source and confidence.
#[derive(Debug, Clone, PartialEq)]
pub struct Cited {
    pub as_of: String,
    pub source: String,
    pub confidence: catalog::Confidence,
}

/// A flaw in a source, named precisely enough to look up: the line or item and the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceProblem {
    /// "line 57", "item 12", "file".
    pub place: String,
    pub field: String,
    pub message: String,
}

impl SourceProblem {
    pub fn new(place: impl Into<String>, field: &str, message: impl Into<String>) -> Self {
        SourceProblem {
            place: place.into(),
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for SourceProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.place)?;
        if !self.field.is_empty() {
            write!(f, ", field `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// What a parser made of a source: the quotes it could read and the rows it had to skip.
///
/// A source that cannot be read at all is an `Err(SourceProblem)` instead: then nothing of it
/// is applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub quotes: Vec<Quote>,
    pub skipped: Vec<SourceProblem>,
    /// The date the document itself states it was published, as written there.
    pub published: Option<String>,
    /// What the source reports beyond prices (live facts), for `live/<id>.csv`.
    pub facts: Vec<Fact>,
}

/// The largest price a source may state, in its currency per its unit. A reserved term's
/// total for an 8-GPU instance is about a million dollars; a value above this bound is a
/// broken cell (`1e308`, a misplaced decimal point), not a price, and is skipped by name.
pub const MAX_PRICE: f64 = 1.0e7;

/// A number as sources write it: finite and not negative, or a problem naming the field.
pub fn number(text: &str, place: &str, field: &str) -> Result<f64, SourceProblem> {
    let t = text.trim();
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(SourceProblem::new(
            place,
            field,
            format!("{t:?} is not a price or quantity"),
        )),
    }
}

/// A price as sources write it: a [`number`] no larger than [`MAX_PRICE`].
pub fn price(text: &str, place: &str, field: &str) -> Result<f64, SourceProblem> {
    let value = number(text, place, field)?;
    checked_price(value, place, field)
}

/// A price a source gave as a number: finite, not negative and no larger than [`MAX_PRICE`].
pub fn checked_price(value: f64, place: &str, field: &str) -> Result<f64, SourceProblem> {
    if value.is_finite() && (0.0..=MAX_PRICE).contains(&value) {
        Ok(value)
    } else {
        Err(SourceProblem::new(
            place,
            field,
            format!("{value} is not a price (allowed: 0 to {MAX_PRICE})"),
        ))
    }
}

/// A price read for something rented (`what`: "a GPU", "a GPU server"…): kept when it is more
/// than nothing; a zero, or why it could not be read, goes to `skipped` instead.
pub fn paid_price(
    price: Result<f64, SourceProblem>,
    place: &str,
    field: &str,
    what: &str,
    skipped: &mut Vec<SourceProblem>,
) -> Option<f64> {
    match price {
        Ok(p) if p > 0.0 => Some(p),
        Ok(_) => {
            skipped.push(SourceProblem::new(
                place,
                field,
                format!("0: {what} is not free; not a price"),
            ));
            None
        }
        Err(problem) => {
            skipped.push(problem);
            None
        }
    }
}

/// The day a feed's prices were true, and how it is written in the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Dated {
    pub as_of: AsOf,
    pub text: String,
    /// Why the date is what it is, when it is not the download day.
    pub note: Option<String>,
}
