//! Hot Aisle's public price page (`hotaisle.xyz/pricing`, no key): one card per product, each
//! a kind label (`VM`, `Bare metal`), a heading (`Small`, `Medium`, `Large`), the machine sizes
//! as `<span>1x</span>` or `<span>2x &amp; 4x</span>` followed by the GPU's name
//! (`<span …>MI300x</span>`), and the price per GPU-hour (`$2.99/GPU/hr`). A card whose price
//! line says "one-month minimum" is a monthly commitment, priced per GPU-hour.
//!
//! Each size on a card is one SKU, `<n>x <GPU>` ("2x MI300x"), at the card's per-GPU-hour
//! price: the page states one rate for every size a card names. Hot Aisle has one location
//! and states no region, so every quote's region is [`HERE`], which the feed maps onto the
//! catalog's region. A heading not followed by sizes is not a product card and is passed over;
//! a card without a readable per-GPU price is named, never guessed.

use catalog::{Currency, PriceUnit, Term};

use super::html::{decode, inner_text};
use crate::quote::{checked_price, paid_price, Parsed, Quote, SourceProblem};

/// The region every quote carries until the feed's `region_map` names the catalog's.
pub const HERE: &str = "page";

pub(super) fn parse(text: &str) -> Result<Parsed, SourceProblem> {
    let mut parsed = Parsed::default();
    let heads: Vec<usize> = text.match_indices("<h2").map(|(at, _)| at).collect();
    let mut cards = 0;
    let mut label_from = 0;
    for (n, &at) in heads.iter().enumerate() {
        let end = heads.get(n + 1).copied().unwrap_or(text.len());
        let card = &text[at..end];
        let label = last_paragraph(&text[label_from..at]);
        let Some(close) = card.find("</h2>") else {
            continue;
        };
        label_from = at + close;
        let heading = inner_text(&card[..close]);
        let rest = &card[close + "</h2>".len()..];
        let spans = first_spans(rest, 2);
        let Some(sizes) = spans.first().and_then(|s| sizes(s)) else {
            continue; // a heading of another part of the page
        };
        let Some(gpu) = spans.get(1).filter(|g| !g.is_empty()) else {
            continue;
        };
        cards += 1;
        let place = format!("card {heading}");
        let price = match per_gpu_hour(rest) {
            Ok(p) => checked_price(p, &place, "price"),
            Err(message) => Err(SourceProblem::new(&place, "price", message)),
        };
        let Some(price) = paid_price(price, &place, "price", "a GPU", &mut parsed.skipped) else {
            continue;
        };
        let term = if rest.contains("one-month minimum") {
            Term::Monthly
        } else {
            Term::OnDemand
        };
        let sizes_text = spans[0].clone();
        let note = format!(
            "page card {}{heading}: {sizes_text} {gpu} at ${price}/GPU/hr{}",
            if label.is_empty() {
                String::new()
            } else {
                format!("{label} ")
            },
            if term == Term::Monthly {
                ", one-month minimum"
            } else {
                ""
            }
        );
        for count in sizes {
            parsed.quotes.push(Quote {
                sku: format!("{count}x {gpu}"),
                gpu: Some(gpu.clone()),
                count: Some(count as f64),
                vcpus: None,
                ram_gb: None,
                region: HERE.into(),
                term,
                price,
                price_high: None,
                currency: Currency::Usd,
                unit: PriceUnit::AcceleratorHour,
                line: cards,
                note: Some(note.clone()),
                cited: None,
            });
        }
    }
    if cards == 0 {
        return Err(SourceProblem::new(
            "file",
            "",
            "not Hot Aisle's pricing page: no GPU card (a heading followed by sizes such as <span>1x</span>)",
        ));
    }
    Ok(parsed)
}

/// The price before the first "/GPU/hr": "$2.99/GPU/hr" → 2.99.
fn per_gpu_hour(card: &str) -> Result<f64, String> {
    let Some(at) = card.find("/GPU/hr") else {
        return Err("no per-GPU hourly price (\"$…/GPU/hr\")".into());
    };
    let before = &card[..at];
    let Some(dollar) = before.rfind('$').filter(|d| at - d <= 24) else {
        return Err("the price before \"/GPU/hr\" has no $".into());
    };
    let figure = before[dollar + 1..].trim();
    figure
        .parse::<f64>()
        .map_err(|_| format!("{figure:?} is not a price"))
}

/// "1x" → [1]; "2x & 4x" → [2, 4]; anything else is not a list of sizes.
fn sizes(text: &str) -> Option<Vec<u32>> {
    let sizes: Option<Vec<u32>> = text
        .split('&')
        .map(|part| {
            let n = part.trim().strip_suffix('x')?;
            n.parse::<u32>().ok().filter(|n| *n > 0)
        })
        .collect();
    sizes.filter(|s| !s.is_empty())
}

/// The inner text of the first `count` `<span …>…</span>` elements, entities decoded.
fn first_spans(html: &str, count: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while out.len() < count {
        let Some(open) = rest.find("<span") else {
            break;
        };
        let Some(gt) = rest[open..].find('>') else {
            break;
        };
        let body = &rest[open + gt + 1..];
        let Some(close) = body.find("</span>") else {
            break;
        };
        out.push(decode(body[..close].trim()));
        rest = &body[close..];
    }
    out
}

/// The text of the last `<p …>…</p>` in `html`, tags stripped ("VM", "Bare metal").
fn last_paragraph(html: &str) -> String {
    let Some(open) = html.rfind("<p") else {
        return String::new();
    };
    let body = &html[open..];
    let end = body.find("</p>").unwrap_or(body.len());
    inner_text(&body[..end])
}
