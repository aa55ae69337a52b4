//! What the price-page formats read from HTML: whole elements by tag, and their text. Pages are
//! read as text, not parsed as a document: these are the few cuts the formats need, shared so
//! each page's reader holds only what is particular to that page.

/// Every whole `<tag …>…</tag>` element (not nested in one of its own kind), outer text.
pub(super) fn elements<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        // `<tr` must not match `<track`, `<table` not `<tablex`.
        if !after.starts_with(['>', ' ', '\t', '\r', '\n', '/']) {
            rest = after;
            continue;
        }
        let Some(end) = rest[at..].find(&close) else {
            break; // cut off: the element never closes
        };
        out.push(&rest[at..at + end + close.len()]);
        rest = &rest[at + end + close.len()..];
    }
    out
}

/// The inner texts of the `<th>` or `<td>` cells of `html`: [`inner_text`] of each.
pub(super) fn cells(html: &str, tag: &str) -> Vec<String> {
    elements(html, tag).into_iter().map(inner_text).collect()
}

/// `html` with its tags removed, as written (entities and spacing kept).
pub(super) fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Text with tags removed and the entities these pages use decoded, trimmed.
pub(super) fn inner_text(html: &str) -> String {
    decode(strip_tags(html).trim())
}

/// The entities the price pages write; `&amp;` last, so `&amp;quot;` stays `&quot;`.
pub(super) fn decode(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}
