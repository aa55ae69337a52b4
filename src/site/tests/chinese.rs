//! Chinese throughout (issue 27): every name and qualifier the catalog shows a Chinese
//! reader has its Chinese, and every Chinese text of the catalog is written where it shows.

use engine::bundled;
use engine::present::i18n::{self, CatalogText, Lang};

fn latin_words(text: &str) -> bool {
    // A lowercase Latin word of three letters or more is English prose, not a name or code.
    text.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()))
}

#[test]
fn every_region_and_variant_has_its_chinese() {
    let catalog = bundled::catalog().expect("the bundled catalog decodes");
    let mut missing = Vec::new();
    for p in &catalog.providers {
        for r in &p.regions {
            if r.name_zh.is_none() {
                missing.push(format!("region {}/{} {:?}", p.id, r.id, r.name));
            }
        }
    }
    for a in &catalog.accelerators {
        let zh = i18n::variant(Lang::Zh, &a.variant);
        if latin_words(zh) {
            missing.push(format!("variant {} {:?}", a.id, a.variant));
        }
    }
    assert!(
        missing.is_empty(),
        "no Chinese for:\n{}",
        missing.join("\n")
    );
}

#[test]
fn an_english_region_name_has_no_chinese_in_it() {
    let catalog = bundled::catalog().expect("the bundled catalog decodes");
    for p in &catalog.providers {
        for r in &p.regions {
            assert!(
                !r.name
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{}/{}: {:?}",
                p.id,
                r.id,
                r.name
            );
        }
    }
}

#[test]
fn a_catalog_text_reaches_each_reader_in_their_language() {
    use CatalogText::*;
    assert_eq!(
        i18n::catalog_text(Lang::En, "per GPU", Some("每卡")),
        Own("per GPU")
    );
    assert_eq!(
        i18n::catalog_text(Lang::Zh, "per GPU", Some("每卡")),
        Translated("每卡")
    );
    assert_eq!(
        i18n::catalog_text(Lang::Zh, "per GPU", None),
        Untranslated("per GPU")
    );
    assert_eq!(i18n::catalog_text(Lang::Zh, "按报价", None), Own("按报价"));
    assert_eq!(
        i18n::catalog_text(Lang::Zh, "per GPU", Some(" ")),
        Untranslated("per GPU")
    );
}

#[test]
fn the_chinese_providers_facts_are_translated() {
    let catalog = bundled::catalog().expect("the bundled catalog decodes");
    for p in catalog
        .providers
        .iter()
        .filter(|p| p.category == engine::catalog::ProviderCategory::China)
    {
        let f = &p.facts;
        for (key, value) in [
            ("kubernetes", &f.kubernetes),
            ("storage", &f.storage),
            ("framework_images", &f.framework_images),
            ("notebooks", &f.notebooks),
            ("cli", &f.cli),
            ("spot", &f.spot),
            ("reserved", &f.reserved),
            ("note", &f.note),
        ] {
            if value.is_some() {
                assert!(f.zh(key).is_some(), "{}: {key} has no Chinese", p.id);
            }
        }
    }
}
