//! The `[[source]]` an API feed's rows cite, in `catalog/api/providers.toml`: after a refresh
//! it names what was read and the day its prices were true (a live download: the live API on
//! the download day), so a row's source and date never disagree. The edit is textual, so every
//! comment and hand-written line of the file stays as it was.

use crate::offers::quoted;
use catalog::{AsOf, SourceKind};

/// The source a feed cites, as its `[[source]]` block is written when new.
pub struct CitedSource<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub kind: SourceKind,
}

/// Sets the source's `url` and `date`, or appends the source when the file lacks it.
pub fn touch_api_source(toml: &mut String, source: &CitedSource, url: &str, as_of: AsOf) {
    let url_line = format!("url = {}", quoted(url));
    let date_line = format!("date = {}", quoted(&as_of.to_string()));
    let id_line = format!("id = {}", quoted(source.id));
    let lines: Vec<&str> = toml.lines().collect();
    // The id line of a `[[source]]` block, not a `[[provider]]` that happens to share the id.
    let id_at = lines.iter().enumerate().position(|(i, line)| {
        line.trim() == id_line
            && lines[..i]
                .iter()
                .rev()
                .find(|l| l.trim().starts_with('['))
                .is_some_and(|header| header.trim() == "[[source]]")
    });
    let Some(id_at) = id_at else {
        if !toml.ends_with('\n') {
            toml.push('\n');
        }
        toml.push_str(&format!(
            "\n[[source]]\n{id_line}\ntitle = {}\n{url_line}\nkind = \"{}\"\n{date_line}\n",
            quoted(source.title),
            kind_name(source.kind)
        ));
        return;
    };
    let end = lines[id_at + 1..]
        .iter()
        .position(|l| l.trim().starts_with('['))
        .map_or(lines.len(), |p| id_at + 1 + p);
    let mut block: Vec<String> = lines[id_at..end].iter().map(|l| l.to_string()).collect();
    for (key, line) in [("url", &url_line), ("date", &date_line)] {
        let is_key = |l: &String| {
            let l = l.trim_start();
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        };
        match block.iter().position(is_key) {
            Some(i) => block[i] = line.clone(),
            None => {
                // After the block's last line, before the blank line that ends it.
                let at = block
                    .iter()
                    .rposition(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                    .map_or(block.len(), |i| i + 1);
                block.insert(at, line.clone());
            }
        }
    }
    let mut out: Vec<String> = lines[..id_at].iter().map(|l| l.to_string()).collect();
    out.extend(block);
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    *toml = out.join("\n") + "\n";
}

fn kind_name(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Vendor => "vendor",
        SourceKind::Aggregator => "aggregator",
        SourceKind::ThirdParty => "third-party",
        SourceKind::Community => "community",
    }
}
