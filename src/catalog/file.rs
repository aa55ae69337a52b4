//! The catalog file the app downloads, laid out so the browser can read it a slice at a time.
//!
//! It is one plain JSON document (open data readers and tests parse it whole), written so
//! that its offers — nine tenths of its bytes — sit one per line inside `"offers":[` … `]`.
//! JSON escapes every newline inside a string, so a raw newline can only be one of those line
//! breaks. The app decodes the rest first, then the offers in slices, and gives the page back
//! to the browser between slices: decoding 3 MB in one go was the start's longest task
//! (110 ms on a desktop, 220 ms on a 4× slower phone; issue 28).

use serde::Deserialize;

use crate::model::{Catalog, Offer};

/// Where the offers start: the key and its opening bracket, then the first line break.
const OFFERS_OPEN: &[u8] = b"\"offers\":[\n";
/// Where they end.
const OFFERS_CLOSE: &[u8] = b"\n]";

/// The catalog as the app's file: [`Catalog`]'s JSON with one offer per line.
pub fn to_file(catalog: &Catalog) -> String {
    // Everything but the offers, without copying the offers (nine tenths of the bytes).
    let head = Catalog {
        providers: catalog.providers.clone(),
        accelerators: catalog.accelerators.clone(),
        accelerator_sources: catalog.accelerator_sources.clone(),
        offers: Vec::new(),
        fx: catalog.fx.clone(),
        built_on: catalog.built_on,
        history: catalog.history.clone(),
    };
    let head = serde_json::to_string(&head).expect("the catalog serialises");
    // A quote inside a JSON string is escaped, so this key with an empty list appears once:
    // where the catalog's own offers field is.
    let empty = "\"offers\":[]";
    debug_assert_eq!(head.matches(empty).count(), 1);
    let offers: Vec<String> = catalog
        .offers
        .iter()
        .map(|o| serde_json::to_string(o).expect("an offer serialises"))
        .collect();
    let list = format!("\"offers\":[\n{}\n]", offers.join(",\n"));
    head.replacen(empty, &list, 1)
}

/// Decodes a whole catalog file at once (native code, tests, and files of any layout).
pub fn decode(bytes: &[u8]) -> Result<Catalog, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("the catalog file is damaged: {e}"))
}

/// The offers' lines of a file, split at its raw newlines.
type Lines<'a> = std::slice::Split<'a, u8, fn(&u8) -> bool>;

/// A catalog file being decoded a slice at a time: [`SlicedDecode::step`] until it says it
/// is done, then [`SlicedDecode::finish`]. The first step decodes what precedes the offers
/// (providers, accelerators), the second what follows them (rates, history), the rest the
/// offers, `count` at a time.
pub struct SlicedDecode<'a> {
    /// What precedes and what follows the offers, until decoded.
    parts: Vec<Vec<u8>>,
    decoded: Vec<Part>,
    offers: Vec<Offer>,
    /// The offers' lines not decoded yet.
    lines: Option<Lines<'a>>,
    /// A file not laid out by [`to_file`] (an older or a hand-made one), decoded whole in the
    /// first step.
    whole: Option<&'a [u8]>,
    catalog: Option<Catalog>,
}

/// The fields of a catalog that one part of its file holds.
#[derive(Deserialize, Default)]
struct Part {
    providers: Option<Vec<crate::model::Provider>>,
    accelerators: Option<Vec<crate::model::Accelerator>>,
    accelerator_sources: Option<Vec<crate::model::Source>>,
    fx: Option<Vec<crate::model::FxRate>>,
    built_on: Option<crate::AsOf>,
    history: Option<crate::model::History>,
}

impl<'a> SlicedDecode<'a> {
    pub fn new(bytes: &'a [u8]) -> SlicedDecode<'a> {
        let newline: fn(&u8) -> bool = |b| *b == b'\n';
        let mut decode = SlicedDecode {
            parts: Vec::new(),
            decoded: Vec::new(),
            offers: Vec::new(),
            lines: None,
            whole: None,
            catalog: None,
        };
        match offers_part(bytes) {
            Some((before, offers, after)) => {
                // Each part is an object of its own with the offers' key left empty: before
                // ends with a comma, after starts with one.
                decode.parts = vec![
                    [before, b"\"offers\":[]}"].concat(),
                    [b"{\"offers\":[]", after].concat(),
                ];
                decode.lines = Some(offers.split(newline));
            }
            None => decode.whole = Some(bytes),
        }
        decode
    }

    /// Decodes one part, or up to `count` more offers; says whether all is decoded.
    pub fn step(&mut self, count: usize) -> Result<bool, String> {
        if let Some(bytes) = self.whole.take() {
            self.catalog = Some(decode(bytes)?);
            return Ok(true);
        }
        if !self.parts.is_empty() {
            let part = self.parts.remove(0);
            let part: Part = serde_json::from_slice(&part)
                .map_err(|e| format!("the catalog file is damaged: {e}"))?;
            self.decoded.push(part);
            return Ok(false);
        }
        let Some(lines) = self.lines.as_mut() else {
            return Ok(true);
        };
        for _ in 0..count {
            let Some(line) = lines.next() else {
                break;
            };
            let line = line.strip_suffix(b",").unwrap_or(line);
            if line.is_empty() {
                // A catalog without offers leaves one empty line between the brackets.
                continue;
            }
            let offer: Offer = serde_json::from_slice(line).map_err(|e| {
                format!(
                    "the catalog file is damaged at offer {}: {e}",
                    self.offers.len() + 1
                )
            })?;
            self.offers.push(offer);
        }
        if lines.size_hint().1 != Some(0) {
            return Ok(false);
        }
        self.lines = None;
        self.catalog = Some(self.assemble()?);
        Ok(true)
    }

    /// The catalog from its decoded parts and offers.
    fn assemble(&mut self) -> Result<Catalog, String> {
        let mut all = Part::default();
        for part in std::mem::take(&mut self.decoded) {
            all.providers = all.providers.or(part.providers);
            all.accelerators = all.accelerators.or(part.accelerators);
            all.accelerator_sources = all.accelerator_sources.or(part.accelerator_sources);
            all.fx = all.fx.or(part.fx);
            all.built_on = all.built_on.or(part.built_on);
            all.history = all.history.or(part.history);
        }
        let missing = |field: &str| format!("the catalog file is damaged: no {field}");
        Ok(Catalog {
            providers: all.providers.ok_or_else(|| missing("providers"))?,
            accelerators: all.accelerators.ok_or_else(|| missing("accelerators"))?,
            accelerator_sources: all
                .accelerator_sources
                .ok_or_else(|| missing("accelerator_sources"))?,
            offers: std::mem::take(&mut self.offers),
            fx: all.fx.ok_or_else(|| missing("fx"))?,
            built_on: all.built_on,
            history: all.history.unwrap_or_default(),
        })
    }

    /// The catalog, once [`SlicedDecode::step`] has said it is done.
    pub fn finish(self) -> Option<Catalog> {
        self.catalog
    }
}

/// The file split around its offers' lines: what comes before the key, the lines, and what
/// follows the closing bracket. Raw newlines only break the offers' lines, so the first and
/// the last newline of the file bound them (a byte scan, not a substring search: 14 ms less).
fn offers_part(bytes: &[u8]) -> Option<(&[u8], &[u8], &[u8])> {
    let first = bytes.iter().position(|b| *b == b'\n')?;
    let last = bytes.iter().rposition(|b| *b == b'\n')?;
    let start = (first + 1).checked_sub(OFFERS_OPEN.len())?;
    if last <= first
        || &bytes[start..=first] != OFFERS_OPEN
        || !bytes[last..].starts_with(OFFERS_CLOSE)
    {
        return None;
    }
    Some((
        &bytes[..start],
        &bytes[first + 1..last],
        &bytes[last + OFFERS_CLOSE.len()..],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            // A newline and a quote inside a string must not split a line.
            note: Some(note.into()),
            note_zh: None,
            prices: Vec::new(),
        };
        Catalog {
            providers: Vec::new(),
            accelerators: Vec::new(),
            accelerator_sources: Vec::new(),
            offers: vec![
                offer("p/a", "one\nline \"quoted\" ],\n]"),
                offer("p/b", "two"),
                offer("p/c", "three"),
            ],
            fx: Vec::new(),
            built_on: None,
            history: Default::default(),
        }
    }

    #[test]
    fn the_file_is_one_json_document_with_an_offer_per_line() {
        let catalog = small();
        let file = to_file(&catalog);
        assert_eq!(decode(file.as_bytes()).unwrap(), catalog);
        assert_eq!(file.matches('\n').count(), catalog.offers.len() + 1);
    }

    #[test]
    fn sliced_decoding_gives_the_same_catalog_as_decoding_whole() {
        let catalog = small();
        let file = to_file(&catalog);
        for step in [1, 2, 100] {
            let (got, steps) = sliced(file.as_bytes(), step).unwrap();
            assert_eq!(got, catalog, "in slices of {step}");
            // The two parts around the offers, then the offers in slices.
            assert_eq!(steps, 2 + catalog.offers.len().div_ceil(step) - 1);
        }
        // No offers at all, and a file of another layout (decoded whole, no steps).
        let empty = Catalog {
            offers: Vec::new(),
            ..small()
        };
        assert_eq!(sliced(to_file(&empty).as_bytes(), 5).unwrap().0, empty);
        let plain = serde_json::to_string(&catalog).unwrap();
        assert_eq!(sliced(plain.as_bytes(), 1).unwrap(), (catalog, 0));
    }

    #[test]
    fn a_damaged_file_says_where() {
        let file = to_file(&small());
        // An offer's line cut short.
        let cut = file.replacen("\"id\":\"p/b\"", "\"id\":", 1);
        let err = sliced(cut.as_bytes(), 1).unwrap_err();
        assert!(err.contains("offer 2"), "{err}");
        // The head cut short.
        let err = sliced(&file.as_bytes()[..20], 1).unwrap_err();
        assert!(err.starts_with("the catalog file is damaged"), "{err}");
    }
}
