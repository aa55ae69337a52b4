//! Reading Rust as text, just enough to find imports: comments, literals and test-only items
//! left out, `use` trees expanded, inline paths collected, top-level names listed.

use std::collections::BTreeSet;

/// The text without comments, string and character literals (kept as empty literals).
pub fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if b[i] == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            j += 1;
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if b[i] == b'\'' {
            // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a): only the first is skipped.
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|p| i + 2 + p)
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 1 + len)
            };
            match end {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let len = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

/// The text without comments and literals and without items under `#[cfg(test)]` or
/// `#[cfg(doc)]`.
pub fn code_only(text: &str) -> String {
    let text = strip_comments(text);
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    loop {
        let next = ["#[cfg(test)]", "#[cfg(doc)]"]
            .iter()
            .filter_map(|m| rest.find(m).map(|i| (i, m.len())))
            .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        rest = &rest[at + len..];
        rest = skip_item(rest);
    }
}

/// What follows an item: its `;` or the end of its braces, whichever comes first.
pub fn skip_item(text: &str) -> &str {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return &text[i + 1..];
                }
            }
            ';' if depth == 0 => return &text[i + 1..],
            _ => {}
        }
    }
    ""
}

/// Modules declared as `#[cfg(test)] mod name;` in this file.
pub fn test_only_children(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        rest = &rest[at + "#[cfg(test)]".len()..];
        let item = rest.trim_start();
        let item = item.strip_prefix("pub ").unwrap_or(item);
        if let Some(decl) = item.strip_prefix("mod ") {
            let name: String = decl
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if decl[name.len()..].trim_start().starts_with(';') {
                out.push(name);
            }
        }
    }
    out
}

/// Names a file defines at any depth (close enough: an inner name shadows nothing we import).
pub fn defined_names(text: &str) -> BTreeSet<String> {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = BTreeSet::new();
    for pair in words.windows(2) {
        if matches!(
            pair[0],
            "struct" | "enum" | "fn" | "const" | "static" | "type" | "trait" | "mod" | "union"
        ) {
            out.insert(pair[1].to_string());
        }
    }
    // `macro_rules! name`
    for (i, w) in words.iter().enumerate() {
        if *w == "macro_rules" {
            if let Some(name) = words.get(i + 1) {
                out.insert(name.to_string());
            }
        }
    }
    out
}

/// Every path in the code that can name an item: `use` trees expanded, and inline paths
/// (`crate::a::b(…)`, `super::x::Y`, `catalog::fx::Fx`).
pub fn paths(text: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            let mut j = i + 1;
            let mut tree = Vec::new();
            while j < tokens.len() && tokens[j] != ";" {
                tree.push(tokens[j].clone());
                j += 1;
            }
            expand(&tree, &[], &mut out);
            i = j + 1;
            continue;
        }
        let starts_path = is_ident(&tokens[i])
            && tokens.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || tokens[i - 1] != "::");
        if starts_path {
            let mut path = vec![tokens[i].clone()];
            let mut j = i + 1;
            while tokens.get(j).map(String::as_str) == Some("::") {
                match tokens.get(j + 1) {
                    Some(t) if is_ident(t) => {
                        path.push(t.clone());
                        j += 2;
                    }
                    _ => break,
                }
            }
            out.push(path);
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

pub fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut word = String::from(c);
            while let Some(&n) = chars.peek() {
                if n.is_alphanumeric() || n == '_' {
                    word.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            out.push("::".into());
        } else if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e as f}, self}`) into full paths.
pub fn expand(tree: &[String], prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut i = 0;
    let mut path = prefix.to_vec();
    while i < tree.len() {
        let t = tree[i].as_str();
        match t {
            "::" => {}
            "{" => {
                // Split the group's items at top-level commas.
                let mut depth = 0;
                let mut start = i + 1;
                let mut j = i + 1;
                while j < tree.len() {
                    match tree[j].as_str() {
                        "{" => depth += 1,
                        "}" if depth == 0 => break,
                        "}" => depth -= 1,
                        "," if depth == 0 => {
                            expand(&tree[start..j], &path, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                    j += 1;
                }
                expand(&tree[start..j.min(tree.len())], &path, out);
                return;
            }
            "as" => break,
            "self" if !path.is_empty() => {}
            "*" => path.push("*".into()),
            _ if is_ident(t) || t == "*" => path.push(t.to_string()),
            _ => {}
        }
        i += 1;
    }
    if path.len() > prefix.len() || (!path.is_empty() && tree.iter().any(|t| t == "self")) {
        out.push(path);
    }
}
