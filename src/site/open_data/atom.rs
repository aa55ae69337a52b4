//! `data/changes.atom`: the price changes as an Atom 1.0 feed (RFC 4287).
//!
//! Every date in it comes from the data — an entry is dated by the day its new values were
//! true at their sources — so building the site twice writes the same feed. Ids are tag URIs
//! (RFC 4151) that do not depend on where the site is served, and stay the same as long as
//! the entry is about the same provider and day.

use std::fmt::Write as _;

use engine::catalog::{AsOf, Catalog, Provider};

use super::changes::{Changes, Day, Gone, Unpriced, HISTORY_BEGAN};
use super::history::Observation;
use super::paths::{self, CHANGES_ATOM};
use crate::{File, Site};

/// The stem of every id in the feed.
pub const TAG: &str = "tag:gpu-atlas,2026:changes";

/// At most this many new prices are listed in one entry; a pull that re-sources a whole
/// cloud brings a thousand, which belong in offers.csv rather than a feed reader.
pub const NEW_LISTED: usize = 100;

pub fn file(site: &Site, changes: &Changes) -> File {
    let mut entries: Vec<Entry> = Vec::new();
    if changes.baseline_prices > 0 {
        entries.push(baseline(changes));
    }
    entries.extend(changes.days.iter().map(|d| day(site, d)));
    entries.extend(changes.unpriced.iter().map(|u| unpriced(site, u)));
    entries.sort_by(|a, b| b.updated.cmp(&a.updated).then(a.id.cmp(&b.id)));
    let updated = entries
        .iter()
        .map(|e| e.updated)
        .max()
        .unwrap_or(HISTORY_BEGAN);

    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    xml.push_str("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    element(&mut xml, 1, "id", TAG);
    element(&mut xml, 1, "title", "GPU Atlas: GPU cloud price changes");
    element(
        &mut xml,
        1,
        "subtitle",
        "Prices that changed value in GPU Atlas's catalog, old and new, each with the day it \
         was true and its source. Entries are dated by the data, not by the day they were \
         recorded.",
    );
    element(&mut xml, 1, "updated", &timestamp(updated));
    xml.push_str("  <author><name>GPU Atlas</name></author>\n");
    if site.origin.is_some() {
        link(
            &mut xml,
            1,
            "self",
            "application/atom+xml",
            &href(site, CHANGES_ATOM),
        );
    }
    link(&mut xml, 1, "alternate", "text/html", &href(site, ""));
    element(
        &mut xml,
        1,
        "rights",
        "Prices are facts quoted from the sources each one cites; the files are MIT-licensed.",
    );
    for entry in &entries {
        xml.push_str("  <entry>\n");
        element(&mut xml, 2, "id", &entry.id);
        element(&mut xml, 2, "title", &entry.title);
        element(&mut xml, 2, "updated", &timestamp(entry.updated));
        if let Some(url) = &entry.link {
            link(&mut xml, 2, "alternate", "text/html", url);
        }
        let _ = writeln!(
            xml,
            "    <content type=\"html\">{}</content>",
            escape(&entry.html)
        );
        xml.push_str("  </entry>\n");
    }
    xml.push_str("</feed>\n");
    File::text(CHANGES_ATOM, xml)
}

struct Entry {
    id: String,
    title: String,
    updated: AsOf,
    link: Option<String>,
    /// The entry's content as HTML, escaped once more when written into the XML.
    html: String,
}

fn baseline(changes: &Changes) -> Entry {
    Entry {
        id: format!("{TAG}/baseline"),
        title: format!("Price history began on {HISTORY_BEGAN}"),
        updated: HISTORY_BEGAN,
        link: None,
        html: format!(
            "<p>The price history began on {HISTORY_BEGAN} with every price the catalog held. \
             A price's first recorded value is a baseline, not a change, unless it arrived in \
             a pull that moved other prices of its provider on the same day: then it is listed \
             there as new. {} of {} are baseline. The other entries \
             list prices whose value changed (old and new, each with its date and source), \
             the prices that arrived with them, and prices no longer priced; each is dated by \
             the day its values were true at their sources, not the day they were \
             recorded.</p>",
            plural(changes.baseline_prices, "first value", "first values"),
            plural(changes.baseline_providers, "provider", "providers")
        ),
    }
}

fn day(site: &Site, day: &Day) -> Entry {
    let provider = provider(site.catalog, day.provider);
    let name = name(provider, day.provider);
    let mut counts = Vec::new();
    if !day.moved.is_empty() {
        counts.push(plural(day.moved.len(), "price changed", "prices changed"));
    }
    if !day.added.is_empty() {
        counts.push(plural(day.added.len(), "new price", "new prices"));
    }
    let mut html = format!(
        "<p>Prices of {} as their sources gave them for {}{}.</p>",
        html_text(name),
        day.as_of,
        if day.as_of.estimated {
            " (an estimated date: the notes in offers.csv say why)"
        } else {
            ""
        }
    );
    if !day.moved.is_empty() {
        html.push_str("<h3>Changed</h3><ul>");
        for m in &day.moved {
            let _ = write!(
                html,
                "<li>{}: <del>{}</del> ({}) → <ins>{}</ins> ({})</li>",
                what(m.new),
                html_text(&value(m.old)),
                dated(provider, m.old),
                html_text(&value(m.new)),
                dated(provider, m.new),
            );
        }
        html.push_str("</ul>");
    }
    if !day.added.is_empty() {
        html.push_str("<h3>New</h3><ul>");
        for o in day.added.iter().take(NEW_LISTED) {
            let _ = write!(
                html,
                "<li>{}: {} ({})</li>",
                what(o),
                html_text(&value(o)),
                dated(provider, o)
            );
        }
        html.push_str("</ul>");
        if day.added.len() > NEW_LISTED {
            let _ = write!(
                html,
                "<p>… and {} more new prices: every current price is in <a href=\"{}\">offers.csv</a>.</p>",
                day.added.len() - NEW_LISTED,
                html_text(&href(site, paths::OFFERS_CSV))
            );
        }
    }
    Entry {
        id: format!("{TAG}/{}/{}", tag_text(day.provider), day.as_of),
        title: format!("{name}: {} ({})", counts.join(", "), day.as_of),
        updated: day.as_of,
        link: Some(href(site, &format!("provider/{}/", day.provider))),
        html,
    }
}

fn unpriced(site: &Site, u: &Unpriced) -> Entry {
    let provider = provider(site.catalog, u.provider);
    let name = name(provider, u.provider);
    let mut html = format!(
        "<p>Prices of {} that the history recorded with a value and the catalog no longer \
         prices. The files do not record the day a value was cleared; this entry carries the \
         newest date of the provider's history, {}.</p><ul>",
        html_text(name),
        u.as_of
    );
    for (o, gone) in &u.prices {
        let now = match gone {
            Gone::Unknown { note: Some(note) } => format!("now unknown: {}", html_text(note)),
            Gone::Unknown { note: None } => "now unknown".to_string(),
            Gone::NotListed => "no longer listed".to_string(),
        };
        let _ = write!(
            html,
            "<li>{}: last {} ({}); {now}</li>",
            what(o),
            html_text(&value(o)),
            dated(provider, o)
        );
    }
    html.push_str("</ul>");
    Entry {
        id: format!("{TAG}/{}/no-longer-priced", tag_text(u.provider)),
        title: format!(
            "{name}: {} no longer priced",
            plural(u.prices.len(), "price", "prices")
        ),
        updated: u.as_of,
        link: Some(href(site, &format!("provider/{}/", u.provider))),
        html,
    }
}

fn provider<'a>(catalog: &'a Catalog, id: &str) -> Option<&'a Provider> {
    catalog.providers.iter().find(|p| p.id == id)
}

fn name<'a>(provider: Option<&'a Provider>, id: &'a str) -> &'a str {
    provider.map_or(id, |p| p.name.as_str())
}

/// "p5.48xlarge · us-east-1 · on-demand", as HTML.
fn what(o: &Observation) -> String {
    html_text(&format!("{} · {} · {}", o.offer, o.region, o.term))
}

/// "55.04 USD/instance-hour", or "12.5–19.1 USD/instance-hour" for a range.
fn value(o: &Observation) -> String {
    let amount = if o.price_high.is_empty() {
        o.price.clone()
    } else {
        format!("{}–{}", o.price, o.price_high)
    };
    format!("{amount} {}/{}", o.currency, o.unit)
}

/// "2026-11-09, <a href=…>the source's title</a>", as HTML; the source's id when the catalog
/// no longer lists it.
fn dated(provider: Option<&Provider>, o: &Observation) -> String {
    match provider.and_then(|p| p.source(&o.source)) {
        Some(source) => format!(
            "{}, <a href=\"{}\">{}</a>",
            o.as_of,
            html_text(&source.url),
            html_text(&source.title)
        ),
        None => format!("{}, source {}", o.as_of, html_text(&o.source)),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A link from the feed: absolute under the site's origin, else relative to the feed's own
/// folder (`data/`), which Atom readers resolve against the feed's URL.
fn href(site: &Site, path: &str) -> String {
    match &site.origin {
        Some(origin) => format!("{origin}{path}"),
        None => format!("../{path}"),
    }
}

/// The earliest instant a date can mean, as RFC 3339 (`2025-06` is 2025-06-01T00:00:00Z).
fn timestamp(date: AsOf) -> String {
    format!(
        "{}T00:00:00Z",
        AsOf::from_days_since_epoch(date.days_since_epoch())
    )
}

/// A provider id inside a tag URI: ids are a-z, 0-9 and '-', anything else is %-encoded.
fn tag_text(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn element(xml: &mut String, depth: usize, name: &str, text: &str) {
    let _ = writeln!(
        xml,
        "{}<{name}>{}</{name}>",
        "  ".repeat(depth),
        escape(text)
    );
}

fn link(xml: &mut String, depth: usize, rel: &str, kind: &str, href: &str) {
    let _ = writeln!(
        xml,
        "{}<link rel=\"{rel}\" type=\"{kind}\" href=\"{}\"/>",
        "  ".repeat(depth),
        escape(href)
    );
}

/// Text for HTML inside the feed's content; the content is escaped again as XML text.
fn html_text(text: &str) -> String {
    escape(text)
}

/// Text as XML character data or attribute value. Control characters XML 1.0 cannot carry
/// are dropped rather than breaking the feed.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}
