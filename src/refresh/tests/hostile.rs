//! Every format against the files a real download can turn into: binary garbage, nothing, a
//! cut-off transfer, absurd prices (NaN, negative, 1e308), extra columns, Windows line ends and
//! a byte-order mark. Each is either read (as the clean file is, where the damage is harmless)
//! or named — never a panic, never an absurd price in a quote.

use crate::formats::Format;
use crate::quote::{Parsed, SourceProblem, MAX_PRICE};

/// Each format's recorded copy and one price as it is written there. Every format is here:
/// `every_format_is_tried` fails when a new one is not.
const CASES: [(Format, &str, &str); 18] = [
    (Format::SkypilotVms, "skypilot-v8-aws.csv", "55.04"),
    (Format::GpuhuntCsv, "gpuhunt-v2-sample.csv", "0.5"),
    (
        Format::AwsPriceList,
        "aws-price-list-p4d.json",
        "32.7726000000",
    ),
    (
        Format::AwsPriceListCsv,
        "aws-price-list-p4d.csv",
        "32.7726000000",
    ),
    // No prices in it: the damage lands on a band index.
    (Format::AwsSpotAdvisor, "aws-spot-advisor.json", "\"r\": 2"),
    (Format::AzureRetail, "azure-retail-d8v4.json", "0.46"),
    (Format::OciPriceList, "oracle-price-list.json", "3.5"),
    (
        Format::GcpPricingYml,
        "gcp-pricing-2026-07-30.yml",
        "3.673385",
    ),
    (Format::LinodeTypes, "linode-types.json", "0.52"),
    (Format::VultrPlans, "vultr-plans-metal.json", "23.92"),
    (
        Format::ExoscalePricing,
        "exoscale-opencompute-usd.json",
        "2.13333000",
    ),
    (Format::CatalogCsv, "vantage-aws-excerpt.csv", "13.10904"),
    // Issue 25, feeds2:
    (
        Format::ScalewayServers,
        "scaleway-servers-fr-par-2-p1.json",
        "18.96",
    ),
    // The first "19.71" is the spot price the reader reads (its table cell comes after).
    (
        Format::CoreweavePricing,
        "coreweave-pricing-na-excerpt.html",
        "19.71",
    ),
    // Issue 25, feeds3: g3.h100.small's hourly price in the United States.
    (
        Format::LatitudePlans,
        "latitude-pricing-excerpt.html",
        "3.37",
    ),
    // The Small card's price (the first "2.99" of the excerpt).
    (
        Format::HotaislePricing,
        "hotaisle-pricing-cards.html",
        "2.99",
    ),
    // B300's list price.
    (Format::FalPricing, "fal-pricing-gpu-table.html", "8.50"),
    // Dedicated Inference HGX H100's on-demand price.
    (
        Format::TogetherPricing,
        "together-pricing-excerpt.html",
        "5.49",
    ),
];

fn fixture(name: &str) -> String {
    let path = format!("{}/fixtures/feeds/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse_bytes(format: Format, bytes: &[u8]) -> Result<Parsed, SourceProblem> {
    let dir = std::env::temp_dir().join(format!("gpu-atlas-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.bin", format.name()));
    std::fs::write(&path, bytes).unwrap();
    format.read_file(&path)
}

/// What every outcome must keep: quotes with sane prices, problems that say where.
fn sane(format: Format, what: &str, outcome: &Result<Parsed, SourceProblem>) {
    match outcome {
        Ok(parsed) => {
            for q in &parsed.quotes {
                let ok = |p: f64| p.is_finite() && (0.0..=MAX_PRICE).contains(&p);
                assert!(
                    ok(q.price) && q.price_high.is_none_or(ok),
                    "{} {what}: absurd price kept: {q:?}",
                    format.name()
                );
            }
            for p in &parsed.skipped {
                assert!(!p.place.is_empty() && !p.message.is_empty(), "{p:?}");
            }
        }
        Err(p) => assert!(
            !p.message.is_empty(),
            "{} {what}: unnamed failure",
            format.name()
        ),
    }
}

fn keys(parsed: &Parsed) -> Vec<(String, String, String, String)> {
    let quotes = parsed.quotes.iter().map(|q| {
        (
            q.sku.clone(),
            q.region.clone(),
            format!("{:?}", q.term),
            q.price.to_string(),
        )
    });
    let facts = parsed.facts.iter().map(|f| {
        (
            f.sku.clone(),
            f.region.clone(),
            format!("{:?}", f.term),
            format!("{:?}", f.kind),
        )
    });
    let mut keys: Vec<_> = quotes.chain(facts).collect();
    keys.sort();
    keys
}

#[test]
fn binary_garbage_fails_whole_and_names_it() {
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    for (format, _, _) in CASES {
        let outcome = parse_bytes(format, &garbage);
        sane(format, "garbage", &outcome);
        let err = outcome.expect_err(format.name());
        assert!(
            err.message.contains("not text") || err.message.starts_with("not "),
            "{}: {err}",
            format.name()
        );
    }
}

#[test]
fn an_empty_file_gives_no_price() {
    for (format, _, _) in CASES {
        let outcome = parse_bytes(format, b"");
        sane(format, "empty", &outcome);
        if let Ok(parsed) = outcome {
            assert!(parsed.quotes.is_empty(), "{}", format.name());
        }
    }
}

#[test]
fn a_cut_off_transfer_keeps_no_more_than_the_whole() {
    for (format, file, _) in CASES {
        let text = fixture(file);
        let whole = format.parse(&text).unwrap();
        for share in [3, 2] {
            let mut cut = text.len() * (share - 1) / share;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            let outcome = format.parse(&text[..cut]);
            sane(format, "truncated", &outcome);
            if let Ok(parsed) = outcome {
                assert!(
                    parsed.quotes.len() <= whole.quotes.len(),
                    "{}",
                    format.name()
                );
            }
        }
    }
}

#[test]
fn absurd_prices_are_named_never_kept() {
    for (format, file, price) in CASES {
        let text = fixture(file);
        assert!(text.contains(price), "{file} holds no {price}");
        for absurd in ["NaN", "-1", "1e308", "inf"] {
            let damaged = text.replacen(price, absurd, 1);
            let outcome = format.parse(&damaged);
            sane(format, absurd, &outcome);
            match outcome {
                Err(_) => {}
                Ok(parsed) => assert!(
                    !parsed.skipped.is_empty(),
                    "{} {absurd}: the absurd price vanished without a word",
                    format.name()
                ),
            }
        }
    }
}

#[test]
fn extra_columns_windows_line_ends_and_a_byte_order_mark_read_as_the_clean_file() {
    for (format, file, _) in CASES {
        let text = fixture(file);
        let clean = keys(&format.parse(&text).unwrap());
        assert!(!clean.is_empty(), "{file}");
        let crlf = text.replace('\n', "\r\n");
        let bom = format!("\u{feff}{text}");
        let mut variants = vec![("CRLF", crlf), ("BOM", bom)];
        if format.extension() == "csv" {
            // A column the reader does not know, added to the header and every row.
            let widened: String = text
                .lines()
                .map(|l| {
                    if l.is_empty() {
                        String::new()
                    } else {
                        format!("{l},\"later\"\n")
                    }
                })
                .collect();
            variants.push(("extra column", widened));
        } else if format == Format::LatitudePlans {
            // A plan attribute the reader does not know, in every plan (the page's escaped form).
            let widened = text.replace(
                "\\\"features\\\":",
                "\\\"added_later\\\":{\\\"x\\\":[1]},\\\"features\\\":",
            );
            assert_ne!(widened, text);
            variants.push(("extra field", widened));
        } else if format == Format::TogetherPricing {
            // A cell the reader does not know at the end of every row.
            let widened = text.replace("</td></tr>", "</td><td>later</td></tr>");
            assert_ne!(widened, text);
            variants.push(("extra column", widened));
        } else if format == Format::FalPricing {
            // A column the reader does not know, in the header and every row.
            let widened = text
                .replace(">As low as</th>", ">As low as</th><th>Regions</th>")
                .replace("</td></tr>", "</td><td>later</td></tr>");
            assert_ne!(widened, text);
            variants.push(("extra column", widened));
        } else if format == Format::HotaislePricing {
            // An element the reader does not know before every card's heading.
            let widened = text.replace("<h2 ", "<span class=\"badge\">new</span><h2 ");
            assert_ne!(widened, text);
            variants.push(("extra element", widened));
        } else if format.extension() == "html" {
            // An element the reader does not know at the start of every row's grid.
            let widened = text.replace(
                "class=\"table-grid\">",
                "class=\"table-grid\"><span class=\"added-later\">new</span>",
            );
            variants.push(("extra element", widened));
        } else if format.extension() == "yml" {
            // A field the reader does not know in every machine block, and a new section.
            let widened = text.replace("\n      cost:\n", "\n      bandwidth: 200\n      cost:\n")
                + "zz-added-later:\n  instance:\n    x: 1\n";
            variants.push(("extra field", widened));
        } else {
            let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
            doc["addedLater"] = serde_json::json!({"unknown": [1, 2]});
            variants.push(("extra field", doc.to_string()));
        }
        for (what, variant) in variants {
            let outcome = format.parse(&variant);
            sane(format, what, &outcome);
            if format == Format::CatalogCsv && what == "extra column" {
                // The catalog's own columns are exact by rule (a hand-made table with a
                // column too many was made for something else): refused, and said why.
                let err = outcome.expect_err("an extra column in the catalog's own format");
                assert!(err.message.contains("columns must be exactly"), "{err}");
                continue;
            }
            let parsed = outcome.unwrap_or_else(|e| panic!("{} {what}: {e}", format.name()));
            assert_eq!(keys(&parsed), clean, "{} {what}", format.name());
        }
    }
}

#[test]
fn every_format_is_tried() {
    for format in Format::ALL {
        assert!(
            CASES.iter().any(|(f, _, _)| *f == format),
            "{} has no hostile-file case",
            format.name()
        );
    }
}
