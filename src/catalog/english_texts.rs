//! No English text of the catalog that a reader sees holds Chinese (issue 27): the English
//! page shows the English side of every note and fact, and the Chinese reader gets the file's
//! Chinese beside it (`note_zh`, `[provider.zh]`, `name_zh`). A Chinese term the English needs
//! is written in English there, and kept in Chinese on the Chinese side.
//!
//! Checked: provider names and facts (the provider note among them), region names, offer
//! notes, price notes and what a live source noted beside a price, accelerator names and
//! notes. Not checked: the `*_zh` side, a source's title (a cited document keeps its own
//! title) and an offer's instance name (the provider's own product name).
//!
//! Test only: it reads the shipped catalog (`catalog/`), with the `load` feature the crate's
//! self dev-dependency turns on.

/// Whether a text holds a Chinese character: CJK punctuation (U+3000–303F), the unified
/// ideographs with extension A (U+3400–9FFF), compatibility ideographs (U+F900–FAFF), full-width
/// forms (U+FF00–FFEF) and the supplementary ideographs (U+20000–3FFFF).
fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(
            c,
            '\u{3000}'..='\u{303f}'
                | '\u{3400}'..='\u{9fff}'
                | '\u{f900}'..='\u{faff}'
                | '\u{ff00}'..='\u{ffef}'
                | '\u{20000}'..='\u{3ffff}'
        )
    })
}

#[test]
fn the_chinese_detector_catches_chinese_and_passes_english_typography() {
    assert!(has_chinese("按量"));
    assert!(has_chinese("pay-as-you-go (按量)"));
    assert!(has_chinese("（full-width parentheses）"));
    assert!(!has_chinese("H100 SXM5 80GB ≈ $2.00 — “quoted”"));
    assert!(!has_chinese(""));
}

/// Every English text a reader sees, each with where it is ("aws/p5.48xlarge note").
#[cfg(feature = "load")]
fn english_texts(catalog: &crate::Catalog) -> Vec<(String, &str)> {
    let mut texts: Vec<(String, &str)> = Vec::new();
    for p in &catalog.providers {
        texts.push((format!("{} name", p.id), &p.name));
        let f = &p.facts;
        let note = ("note", f.note.as_deref());
        for (key, value) in f.listed().into_iter().chain([note]) {
            if let Some(text) = value {
                texts.push((format!("{} [provider] {key}", p.id), text));
            }
        }
        for r in &p.regions {
            texts.push((format!("{} region {} name", p.id, r.id), &r.name));
        }
    }
    for o in &catalog.offers {
        if let Some(note) = &o.note {
            texts.push((format!("{} note", o.id), note));
        }
        if let Some(network) = &o.network {
            texts.push((format!("{} network", o.id), network));
        }
        for price in &o.prices {
            let place = format!("{} {} {:?} price", o.id, price.region, price.term);
            if let Some(note) = &price.note {
                texts.push((format!("{place} note"), note));
            }
            if let Some(note) = price.live.available.as_ref().and_then(|a| a.note.as_ref()) {
                texts.push((format!("{place} live availability note"), note));
            }
            if let Some(note) = price
                .live
                .interruption
                .as_ref()
                .and_then(|i| i.note.as_ref())
            {
                texts.push((format!("{place} live interruption note"), note));
            }
        }
    }
    for a in &catalog.accelerators {
        texts.push((format!("accelerator {} model", a.id), &a.model));
        texts.push((format!("accelerator {} variant", a.id), &a.variant));
        if let Some(note) = &a.note {
            texts.push((format!("accelerator {} note", a.id), note));
        }
    }
    texts
}

#[cfg(feature = "load")]
fn shipped_catalog() -> crate::Catalog {
    use crate::load::{load, CatalogFiles};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog");
    let files = CatalogFiles::read_dir(&dir, "catalog").expect("catalog/ is readable");
    // The real date, so that the shipped prices are checked as the build checks them.
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs() as i64;
    let today = crate::AsOf::from_days_since_epoch(secs / 86_400);
    load(&files, today).unwrap_or_else(|problems| {
        panic!(
            "the shipped catalog does not load:\n{}",
            problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

#[cfg(feature = "load")]
#[test]
fn no_english_catalog_text_a_reader_sees_holds_chinese() {
    let catalog = shipped_catalog();
    let texts = english_texts(&catalog);
    assert!(
        texts.iter().any(|(place, _)| place.ends_with(" note")),
        "the walk found no notes: is the catalog empty?"
    );
    let offenders: Vec<String> = texts
        .iter()
        .filter(|(_, text)| has_chinese(text))
        .map(|(place, text)| format!("  {place}: {text:?}"))
        .collect();
    assert!(
        offenders.is_empty(),
        "{} English text(s) of the catalog hold Chinese; write them in English and keep the \
         Chinese on the Chinese side (note_zh, [provider.zh], name_zh):\n{}",
        offenders.len(),
        offenders.join("\n")
    );
}
