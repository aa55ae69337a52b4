//! The catalog file the app downloads, laid out so the browser can read it a slice at a time.
//!
//! It is one plain JSON document (open data readers and tests parse it whole), written so that
//! its three long lists — the history's prices, the providers and the offers, nine tenths of
//! its bytes — hold one element per line. JSON escapes every newline inside a string, so a raw
//! newline can only be one of those line breaks. The app decodes the elements a few at a time
//! and gives the page back to the browser between slices, then what is left (the accelerators,
//! the rates) with the lists empty. Decoding 3 MB in one go was the start's longest task
//! (110 ms on a desktop, 220 ms on a 4× slower phone); with only the offers a line each, the
//! parts around them, decoded whole, still took 10–15 ms each (issue 28).

use std::ops::Range;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::model::{Catalog, History, Offer, PriceHistory, Provider};

/// A list written a line per element, known by the key that opens it at the end of a line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum List {
    /// The history's `prices` (an offer's own prices stay inside its line).
    HistoryPrices,
    Providers,
    Offers,
}

impl List {
    const ALL: [List; 3] = [List::HistoryPrices, List::Providers, List::Offers];

    fn key(self) -> &'static str {
        match self {
            List::HistoryPrices => "prices",
            List::Providers => "providers",
            List::Offers => "offers",
        }
    }

    /// Where a damaged element is, in words.
    fn what(self) -> &'static str {
        match self {
            List::HistoryPrices => "price history",
            List::Providers => "provider",
            List::Offers => "offer",
        }
    }

    /// The list that `line` opens: its key and bracket end the line.
    fn opened_by(line: &[u8]) -> Option<List> {
        List::ALL.into_iter().find(|list| {
            line.strip_suffix(b"\":[")
                .and_then(|head| head.strip_suffix(list.key().as_bytes()))
                .is_some_and(|head| head.ends_with(b"\""))
        })
    }
}

/// The catalog as the app's file: [`Catalog`]'s JSON with a history price, a provider and an
/// offer per line.
pub fn to_file(catalog: &Catalog) -> String {
    // The history's own fields, then its prices a line each.
    let history = (!catalog.history.is_empty()).then(|| {
        let fields = json(&History {
            prices: Vec::new(),
            ..catalog.history.clone()
        });
        with_list(fields, List::HistoryPrices, &catalog.history.prices)
    });
    // Everything else (without copying the long lists), then the history and the two lists.
    let rest = Catalog {
        providers: Vec::new(),
        accelerators: catalog.accelerators.clone(),
        accelerator_sources: catalog.accelerator_sources.clone(),
        offers: Vec::new(),
        fx: catalog.fx.clone(),
        built_on: catalog.built_on,
        history: History::default(),
    };
    let mut rest = serde_json::to_value(&rest).expect("the catalog serialises");
    if let Some(object) = rest.as_object_mut() {
        object.remove("providers");
        object.remove("offers");
    }
    let mut file = json(&rest);
    if let Some(history) = history {
        file = with_field(file, &format!("\"history\":{history}"));
    }
    let file = with_list(file, List::Providers, &catalog.providers);
    with_list(file, List::Offers, &catalog.offers)
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("the catalog serialises")
}

/// `object` (a JSON object's text) with `field` (`"key":value`) added last.
fn with_field(object: String, field: &str) -> String {
    let open = object.strip_suffix('}').expect("a JSON object");
    let comma = if open.ends_with('{') { "" } else { "," };
    format!("{open}{comma}{field}}}")
}

/// `object` with `items` added last under `list`'s key, one per line.
fn with_list(object: String, list: List, items: &[impl Serialize]) -> String {
    let lines: Vec<String> = items.iter().map(json).collect();
    let body = if lines.is_empty() {
        String::new()
    } else {
        format!("{}\n", lines.join(",\n"))
    };
    with_field(object, &format!("\"{}\":[\n{body}]", list.key()))
}

/// Decodes a whole catalog file at once (native code, tests, and files of any layout).
pub fn decode(bytes: &[u8]) -> Result<Catalog, String> {
    read_json(bytes).map_err(|e| format!("the catalog file is damaged: {e}"))
}

/// `bytes` as JSON, checked as UTF-8 once and then read as text: read as bytes, every string
/// and key was checked on its own (an eighth of the decode's time). The error says what is
/// wrong, without where in the file.
fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// The file's lines, split at its raw newlines, with the next one in view.
///
/// Each newline is found with `memchr` (a word at a time): `slice::split` called its test
/// once per byte through a function pointer, a quarter of the sliced decode's time.
struct Lines<'a> {
    /// The line in view; `None` once every line has been taken.
    next: Option<&'a [u8]>,
    /// What follows it, after its newline; `None` when it is the last line.
    after: Option<&'a [u8]>,
}

impl<'a> Lines<'a> {
    fn new(bytes: &'a [u8]) -> Lines<'a> {
        let mut lines = Lines {
            next: None,
            after: Some(bytes),
        };
        lines.advance();
        lines
    }

    fn peek(&self) -> Option<&'a [u8]> {
        self.next
    }

    /// Takes the line in view and brings the following one into view.
    fn advance(&mut self) {
        self.next = self.after.map(|rest| match memchr::memchr(b'\n', rest) {
            Some(at) => {
                self.after = Some(&rest[at + 1..]);
                &rest[..at]
            }
            None => {
                self.after = None;
                rest
            }
        });
    }
}

/// A catalog file being decoded a slice at a time: [`SlicedDecode::step`] until it says it
/// is done, then [`SlicedDecode::finish`]. A line that opens a list (its key and bracket end
/// it) is followed by the list's elements, a line each, up to a line that starts with the
/// closing bracket; every other line is the rest of the document, decoded last with the lists
/// empty. A file of another layout (one line, or printed with spaces) is all "rest": it is
/// decoded whole, in the last step.
pub struct SlicedDecode<'a> {
    bytes: &'a [u8],
    lines: Lines<'a>,
    /// Whether the history's prices are left as lines ([`SlicedDecode::leaving_history`]).
    leave_history: bool,
    /// Where the lines left are in `bytes`.
    left: Vec<Range<usize>>,
    /// The list whose elements the next lines are.
    open: Option<List>,
    /// The document without the lists' elements.
    rest: Vec<u8>,
    history: Vec<PriceHistory>,
    providers: Vec<Provider>,
    offers: Vec<Offer>,
    catalog: Option<Catalog>,
}

impl<'a> SlicedDecode<'a> {
    pub fn new(bytes: &'a [u8]) -> SlicedDecode<'a> {
        SlicedDecode {
            bytes,
            lines: Lines::new(bytes),
            leave_history: false,
            left: Vec::new(),
            open: None,
            rest: Vec::new(),
            history: Vec::new(),
            providers: Vec::new(),
            offers: Vec::new(),
            catalog: None,
        }
    }

    /// As [`SlicedDecode::new`], but the history's prices (a fifth of the decode's work, and
    /// the part of the file that grows every day) are left as lines: the catalog comes out
    /// with none, and [`SlicedDecode::history_left`] decodes them once the first answer is
    /// on screen; nothing else in the catalog depends on them (issue 28).
    pub fn leaving_history(bytes: &'a [u8]) -> SlicedDecode<'a> {
        SlicedDecode {
            leave_history: true,
            ..SlicedDecode::new(bytes)
        }
    }

    /// Decodes up to `count` more elements of the lists, or, once they are all decoded, the
    /// rest of the document; says whether all is decoded.
    pub fn step(&mut self, count: usize) -> Result<bool, String> {
        if self.catalog.is_some() {
            return Ok(true);
        }
        let mut decoded = 0;
        while let Some(line) = self.lines.peek() {
            let element = self.open.filter(|_| !line.starts_with(b"]"));
            if element.is_some() && decoded == count {
                return Ok(false);
            }
            self.lines.advance();
            match element {
                Some(list) => {
                    let line = line.strip_suffix(b",").unwrap_or(line);
                    // An empty list was once written as one empty line between its brackets.
                    if !line.is_empty() {
                        self.element(list, line)?;
                        decoded += 1;
                    }
                }
                None => {
                    self.rest.extend_from_slice(line);
                    self.open = List::opened_by(line);
                }
            }
        }
        self.catalog = Some(self.assemble()?);
        Ok(true)
    }

    fn element(&mut self, list: List, line: &[u8]) -> Result<(), String> {
        fn one<T: DeserializeOwned>(
            into: &mut Vec<T>,
            line: &[u8],
            what: &str,
        ) -> Result<(), String> {
            let item = read_json(line).map_err(|e| {
                format!(
                    "the catalog file is damaged at {what} {}: {e}",
                    into.len() + 1
                )
            })?;
            into.push(item);
            Ok(())
        }
        match list {
            List::HistoryPrices if self.leave_history => {
                let at = line.as_ptr() as usize - self.bytes.as_ptr() as usize;
                self.left.push(at..at + line.len());
                Ok(())
            }
            List::HistoryPrices => one(&mut self.history, line, list.what()),
            List::Providers => one(&mut self.providers, line, list.what()),
            List::Offers => one(&mut self.offers, line, list.what()),
        }
    }

    /// The catalog from the rest of the document and the lists' elements.
    fn assemble(&mut self) -> Result<Catalog, String> {
        let mut catalog = decode(&self.rest)?;
        // A list written inline (not a line per element) is the rest's own.
        if !self.history.is_empty() {
            catalog.history.prices = std::mem::take(&mut self.history);
        }
        if !self.providers.is_empty() {
            catalog.providers = std::mem::take(&mut self.providers);
        }
        if !self.offers.is_empty() {
            catalog.offers = std::mem::take(&mut self.offers);
        }
        Ok(catalog)
    }

    /// The catalog, once [`SlicedDecode::step`] has said it is done.
    pub fn finish(self) -> Option<Catalog> {
        self.catalog
    }

    /// The history's prices left as lines by [`SlicedDecode::leaving_history`], to decode
    /// from the same bytes.
    pub fn history_left(&mut self) -> HistoryLeft {
        HistoryLeft {
            lines: std::mem::take(&mut self.left),
            prices: Vec::new(),
        }
    }
}

/// The history's prices of a catalog file, left as lines in its bytes while the rest was
/// decoded ([`SlicedDecode::leaving_history`]), decoded a slice at a time: in the file's
/// order, which is the history's own (by offer, region and term).
#[derive(Debug, Default)]
pub struct HistoryLeft {
    lines: Vec<Range<usize>>,
    prices: Vec<PriceHistory>,
}

impl HistoryLeft {
    /// Decodes up to `count` more prices from `bytes` (the file they were left in); says
    /// whether all are decoded. A line that is not a price history says which one it is.
    pub fn step(&mut self, bytes: &[u8], count: usize) -> Result<bool, String> {
        let from = self.prices.len();
        let to = from.saturating_add(count).min(self.lines.len());
        for (index, range) in self.lines[from..to].iter().enumerate() {
            let damaged = |why: &str| {
                let what = List::HistoryPrices.what();
                format!(
                    "the catalog file is damaged at {what} {}: {why}",
                    from + index + 1
                )
            };
            let line = bytes
                .get(range.clone())
                .ok_or_else(|| damaged("cut short"))?;
            let price = read_json(line).map_err(|e| damaged(&e))?;
            self.prices.push(price);
        }
        Ok(to == self.lines.len())
    }

    /// The prices decoded so far (all of them once [`HistoryLeft::step`] said so).
    pub fn finish(self) -> Vec<PriceHistory> {
        self.prices
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AsOf;

    fn sliced(bytes: &[u8], step: usize) -> Result<(Catalog, usize), String> {
        let mut decode = SlicedDecode::new(bytes);
        let mut steps = 0;
        while !decode.step(step)? {
            steps += 1;
        }
        Ok((decode.finish().expect("done"), steps))
    }

    fn small() -> Catalog {
        let offer = |id: &str, note: &str| Offer {
            id: id.into(),
            provider: "p".into(),
            instance: "i".into(),
            accelerator: None,
            count: 1.0,
            vcpus: None,
            ram_gb: None,
            interconnect: None,
            network: None,
            network_zh: None,
            multi_node: None,
            source: "s".into(),
            // A newline and a quote inside a string must not split a line, nor a key and a
            // bracket end one.
            note: Some(note.into()),
            note_zh: None,
            // A price: its region, source and date are read from the text in place.
            prices: vec![serde_json::from_str(
                r#"{"region":"eu-west","term":"on-demand","amount":2.5,"currency":"EUR",
                    "unit":"accelerator-hour","as_of":"~2026-11","source":"p-list",
                    "confidence":"high","live":{"available":{"count":3,"as_of":"2026-12-01",
                    "source":"p-api"}}}"#,
            )
            .unwrap()],
        };
        let provider: Provider = serde_json::from_str(
            r#"{"id":"p","name":"P \"prices\":[","category":"gpu-cloud","currencies":["USD"],
                "homepage":"https://p.example/","regions":[],"sources":[]}"#,
        )
        .unwrap();
        let price: PriceHistory =
            serde_json::from_str(r#"{"offer":"p/a","region":"r","term":"on-demand","values":[]}"#)
                .unwrap();
        Catalog {
            providers: vec![
                provider.clone(),
                Provider {
                    id: "q".into(),
                    ..provider
                },
            ],
            accelerators: Vec::new(),
            accelerator_sources: Vec::new(),
            offers: vec![
                offer("p/a", "one\nline \"quoted\" ],\n]"),
                offer("p/b", "two \"offers\":["),
                offer("p/c", "three"),
            ],
            fx: Vec::new(),
            built_on: None,
            history: History {
                start: None,
                version: None,
                prices: vec![price],
            },
        }
    }

    /// The lines of a file that hold one element each.
    fn elements(catalog: &Catalog) -> usize {
        catalog.providers.len() + catalog.history.prices.len() + catalog.offers.len()
    }

    #[test]
    fn the_file_is_one_json_document_with_an_element_of_each_long_list_per_line() {
        let catalog = small();
        let file = to_file(&catalog);
        assert_eq!(decode(file.as_bytes()).unwrap(), catalog);
        // Three lists, so four lines around their elements.
        assert_eq!(file.lines().count(), elements(&catalog) + 4, "{file}");
        assert!(file
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("{\"offer\":\"p/a\""));
    }

    #[test]
    fn sliced_decoding_gives_the_same_catalog_as_decoding_whole() {
        let catalog = small();
        let file = to_file(&catalog);
        for step in [1, 2, 100] {
            let (got, steps) = sliced(file.as_bytes(), step).unwrap();
            assert_eq!(got, catalog, "in slices of {step}");
            // The elements in slices; the rest of the document with the last of them.
            assert_eq!(
                steps,
                elements(&catalog).div_ceil(step) - 1,
                "in slices of {step}"
            );
        }
        // Empty lists, and files of other layouts (decoded whole, no steps): one line,
        // printed with spaces, and the older layout with only the offers a line each.
        let empty = Catalog {
            offers: Vec::new(),
            providers: Vec::new(),
            history: History::default(),
            ..small()
        };
        assert_eq!(sliced(to_file(&empty).as_bytes(), 5).unwrap(), (empty, 0));
        let plain = serde_json::to_string(&catalog).unwrap();
        assert_eq!(sliced(plain.as_bytes(), 1).unwrap(), (catalog.clone(), 0));
        let pretty = serde_json::to_string_pretty(&catalog).unwrap();
        assert_eq!(sliced(pretty.as_bytes(), 1).unwrap(), (catalog.clone(), 0));
        let offers: Vec<String> = catalog
            .offers
            .iter()
            .map(|o| serde_json::to_string(o).unwrap())
            .collect();
        let older = plain.replacen(
            &format!(
                "\"offers\":{}",
                serde_json::to_string(&catalog.offers).unwrap()
            ),
            &format!("\"offers\":[\n{}\n]", offers.join(",\n")),
            1,
        );
        assert_eq!(older.lines().count(), catalog.offers.len() + 2);
        let (got, steps) = sliced(older.as_bytes(), 1).unwrap();
        assert_eq!((got, steps), (catalog, 2));
    }

    #[test]
    fn the_history_left_as_lines_decodes_to_the_history_decoding_whole_gives() {
        let mut catalog = small();
        let price = |offer: &str| PriceHistory {
            offer: offer.into(),
            ..catalog.history.prices[0].clone()
        };
        catalog.history = History {
            start: AsOf::parse("2026-12-01").ok(),
            version: AsOf::parse("2026-12-06").ok(),
            prices: vec![price("p/a"), price("p/b"), price("p/c")],
        };
        let file = to_file(&catalog);
        for step in [1, 2, 100] {
            let mut decode = SlicedDecode::leaving_history(file.as_bytes());
            while !decode.step(step).unwrap() {}
            let mut left = decode.history_left();
            let rest = decode.finish().unwrap();
            // Everything but the history's prices, its start and version included.
            assert_eq!(
                rest,
                Catalog {
                    history: History {
                        prices: Vec::new(),
                        ..catalog.history.clone()
                    },
                    ..catalog.clone()
                }
            );
            let mut steps = 0;
            while !left.step(file.as_bytes(), step).unwrap() {
                steps += 1;
            }
            assert_eq!(steps, 3_usize.div_ceil(step) - 1, "in slices of {step}");
            assert_eq!(left.finish(), catalog.history.prices, "in slices of {step}");
        }
        // A damaged history line is named when it is decoded, not before.
        let cut = file.replacen("{\"offer\":\"p/b\"", "{\"offer\":", 1);
        let mut decode = SlicedDecode::leaving_history(cut.as_bytes());
        while !decode.step(1).unwrap() {}
        let mut left = decode.history_left();
        assert!(decode.finish().is_some());
        let err = loop {
            match left.step(cut.as_bytes(), 1) {
                Ok(true) => panic!("a damaged line decoded"),
                Ok(false) => {}
                Err(e) => break e,
            }
        };
        assert!(err.contains("price history 2"), "{err}");
    }

    #[test]
    fn a_damaged_file_says_where() {
        let file = to_file(&small());
        // An offer's line cut short, and a provider's.
        let cut = file.replacen("\"id\":\"p/b\"", "\"id\":", 1);
        let err = sliced(cut.as_bytes(), 1).unwrap_err();
        assert!(err.contains("offer 2"), "{err}");
        let cut = file.replacen("\"id\":\"q\"", "\"id\":", 1);
        let err = sliced(cut.as_bytes(), 1).unwrap_err();
        assert!(err.contains("provider 2"), "{err}");
        // The head cut short.
        let err = sliced(&file.as_bytes()[..20], 1).unwrap_err();
        assert!(err.starts_with("the catalog file is damaged"), "{err}");
        // A byte that is not UTF-8 inside an offer's line, and in the head.
        let mut bytes = file.clone().into_bytes();
        let at = file.find("\"id\":\"p/c\"").unwrap() + 7;
        bytes[at] = 0xff;
        let err = sliced(&bytes, 1).unwrap_err();
        assert!(err.contains("offer 3") && err.contains("utf-8"), "{err}");
        let mut bytes = file.into_bytes();
        bytes[1] = 0xff;
        let err = sliced(&bytes, 1).unwrap_err();
        assert!(err.starts_with("the catalog file is damaged"), "{err}");
    }
}
