//! Edits to a provider's TOML file that a refresh makes: new `[[offer]]` blocks for SKUs an
//! alias resolved, and the `[[source]]` block of the feed (created, or its address and date
//! updated). Edits are textual so every comment and hand-written line stays as it was.

use crate::feeds::Feed;
use crate::merge::NewOffer;
use crate::quote::Dated;
use crate::table::number;

/// Appends one `[[offer]]` block per new offer.
pub fn add_offers(toml: &mut String, offers: &[NewOffer], source: &str) {
    for o in offers {
        if !toml.ends_with('\n') {
            toml.push('\n');
        }
        toml.push_str(&format!(
            "\n[[offer]]\nid = {}\ninstance = {}\naccelerator = {}\ncount = {}\n",
            quoted(&o.id),
            quoted(&o.sku),
            quoted(&o.accelerator),
            number(o.count)
        ));
        if let Some(v) = o.vcpus {
            toml.push_str(&format!("vcpus = {}\n", number(v)));
        }
        if let Some(r) = o.ram_gb {
            toml.push_str(&format!("ram_gb = {}\n", number(r)));
        }
        toml.push_str(&format!(
            "source = {}\nnote = \"Added by the importer: the alias table names its accelerator.\"\n",
            quoted(source)
        ));
    }
}

/// Makes sure the feed's `[[source]]` exists and names what was read and when.
pub fn touch_source(toml: &mut String, feed: &Feed, url: &str, dated: &Dated) {
    let date_line = format!("date = {}", quoted(&dated.text));
    let url_line = format!("url = {}", quoted(url));
    let id_line = format!("id = {}", quoted(&feed.source));
    let lines: Vec<&str> = toml.lines().collect();
    let start = lines.iter().enumerate().position(|(i, l)| {
        l.trim() == id_line
            && i > 0
            && lines[..i]
                .iter()
                .rev()
                .find(|l| l.trim().starts_with("["))
                .is_some_and(|h| h.trim() == "[[source]]")
    });
    let Some(id_at) = start else {
        if !toml.ends_with('\n') {
            toml.push('\n');
        }
        let kind = match feed.kind {
            catalog::SourceKind::Vendor => "vendor",
            catalog::SourceKind::Aggregator => "aggregator",
            catalog::SourceKind::ThirdParty => "third-party",
            catalog::SourceKind::Community => "community",
        };
        toml.push_str(&format!(
            "\n[[source]]\n{id_line}\ntitle = {}\n{url_line}\nkind = \"{kind}\"\n{date_line}\n",
            quoted(&feed.title)
        ));
        return;
    };
    let end = lines[id_at + 1..]
        .iter()
        .position(|l| l.trim().starts_with('['))
        .map(|p| id_at + 1 + p)
        .unwrap_or(lines.len());
    let mut block: Vec<String> = lines[id_at..end].iter().map(|l| l.to_string()).collect();
    let mut set = |key: &str, line: &str| match block.iter().position(|l| {
        l.trim_start().starts_with(&format!("{key} "))
            || l.trim_start().starts_with(&format!("{key}="))
    }) {
        Some(i) => block[i] = line.to_string(),
        None => {
            let at = block
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map(|i| i + 1)
                .unwrap_or(block.len());
            block.insert(at, line.to_string());
        }
    };
    set("url", &url_line);
    set("date", &date_line);
    let mut out: Vec<String> = lines[..id_at].iter().map(|l| l.to_string()).collect();
    out.extend(block);
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    *toml = out.join("\n") + "\n";
}

/// A TOML basic string.
pub(crate) fn quoted(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}
