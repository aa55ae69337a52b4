//! A provider's `prices/<id>.csv` as rows of text: read and written back without loss, so a
//! refresh changes only the cells it means to and a diff shows exactly those.

use catalog::AsOf;

/// The columns, in the order the catalog keeps them: the loader's own list.
pub use catalog::load::PRICE_COLUMNS as COLUMNS;

/// One row of a price table, every cell as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Row {
    pub offer: String,
    pub region: String,
    pub term: String,
    pub price: String,
    pub price_high: String,
    pub currency: String,
    pub unit: String,
    pub billing: String,
    pub as_of: String,
    pub source: String,
    pub confidence: String,
    pub note: String,
}

impl Row {
    /// What a table holds one row per.
    pub fn key(&self) -> (String, String, String) {
        (self.offer.clone(), self.region.clone(), self.term.clone())
    }

    pub fn amount(&self) -> Option<f64> {
        self.price.trim().parse().ok()
    }

    pub fn date(&self) -> Option<AsOf> {
        AsOf::parse(self.as_of.trim()).ok()
    }

    fn cells(&self) -> [&str; 12] {
        [
            &self.offer,
            &self.region,
            &self.term,
            &self.price,
            &self.price_high,
            &self.currency,
            &self.unit,
            &self.billing,
            &self.as_of,
            &self.source,
            &self.confidence,
            &self.note,
        ]
    }

    fn from_cells(c: &csv::StringRecord) -> Row {
        let get = |i: usize| c.get(i).unwrap_or("").to_string();
        Row {
            offer: get(0),
            region: get(1),
            term: get(2),
            price: get(3),
            price_high: get(4),
            currency: get(5),
            unit: get(6),
            billing: get(7),
            as_of: get(8),
            source: get(9),
            confidence: get(10),
            note: get(11),
        }
    }
}

/// Reads a price table; the header must be the catalog's.
pub fn read(text: &str) -> Result<Vec<Row>, String> {
    Ok(csv_records(text, &COLUMNS)?
        .iter()
        .map(Row::from_cells)
        .collect())
}

/// A CSV file's records, after checking its header is exactly `header`; a bad record is
/// named by its row as a spreadsheet counts them (the header is row 1).
pub fn csv_records<const N: usize>(
    text: &str,
    header: &[&str; N],
) -> Result<Vec<csv::StringRecord>, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(true)
        .from_reader(text.as_bytes());
    if !reader
        .headers()
        .map_err(|e| e.to_string())?
        .iter()
        .eq(header.iter().copied())
    {
        return Err(format!("columns must be exactly {}", header.join(",")));
    }
    reader
        .records()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| format!("row {}: {e}", i + 2)))
        .collect()
}

/// Writes a price table the way the catalog keeps it (quotes only where needed).
pub fn write(rows: &[Row]) -> String {
    csv_text(&COLUMNS, rows.iter().map(|r| r.cells()))
}

/// A CSV file's text: a header, then one record per row, "\n" line ends.
pub fn csv_text<'a, const N: usize>(
    header: &[&str; N],
    rows: impl Iterator<Item = [&'a str; N]>,
) -> String {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    writer.write_record(header).expect("writing to memory");
    for row in rows {
        writer.write_record(row).expect("writing to memory");
    }
    String::from_utf8(writer.into_inner().expect("writing to memory")).expect("UTF-8 in, UTF-8 out")
}

/// A number as the catalog writes it: the shortest decimal that reads back as the same value
/// (so a source's "88.490000119" stays exactly that), never in exponent form.
///
/// Rounded to ten significant digits first: sources that compute prices in binary floating
/// point publish noise (SkyPilot's Cudo rows: 0.36979999999999996), which would otherwise be
/// written, and compared, as a different price from the 0.3698 it means.
pub fn number(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (9 - magnitude).clamp(0, 17) as usize;
    let rounded: f64 = format!("{value:.decimals$}").parse().unwrap_or(value);
    format!("{rounded}")
}

/// A catalog value as its files write it ("on-demand", "instance-hour", "high"): the
/// model's own serde names, so the importers and the loader never disagree.
pub fn token<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        other => unreachable!("catalog tokens serialise as strings, not {other:?}"),
    }
}
