//! The shape of the code, checked: the crates form layers (cargo refuses loops between crates),
//! no file imports from a file that imports it back (directly or round a loop), and inside the
//! engine a folder imports only from folders below it in the pipeline
//! (`docs/architecture.md` states these invariants; this test is how they stay true).
//!
//! It reads the workspace with `cargo metadata` and each crate's files as text: comments,
//! strings and `#[cfg(test)]` / `#[cfg(doc)]` items are left out (tests may reach anywhere),
//! and every `crate::`, `super::`, `self::`, child-module and sibling-crate path becomes an
//! arrow to the file that defines the name (not to a `mod.rs` that merely re-exports it).
//! `scripts/imports.sh` prints the report: loops, imports that run back up, and levels.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// Inside the engine crate, the order its top-level modules may import in: each may use
/// itself and what comes before it, never what comes after.
const ENGINE_LAYERS: &[&str] = &[
    "bundled", "pricing", "view", "explorer", "present", "share", "bench",
];

/// Crates that talk to the browser; only the app may depend on them.
const BROWSER_CRATES: &[&str] = &["leptos", "web-sys", "js-sys", "gloo", "wasm-bindgen"];

#[test]
fn the_workspace_has_no_import_loops_and_nothing_imports_upward() {
    let report = Report::of_workspace();
    println!("{}", report.text());
    assert!(
        report.loops.is_empty(),
        "import loops between files:\n{:#?}",
        report.loops
    );
    assert!(
        report.upward.is_empty(),
        "imports that run back up the engine's pipeline ({}):\n{:#?}",
        ENGINE_LAYERS.join(" < "),
        report.upward
    );
    assert!(
        report.browser_in_engine.is_empty(),
        "engine crates that depend on browser crates: {:?}",
        report.browser_in_engine
    );
    // The layers the crates form: catalog; workload, scoring, charts; engine; the app.
    assert!(report.crate_levels.values().all(|&l| l >= 1));
}

#[test]
fn a_loop_and_an_upward_import_are_found() {
    // The checker itself must fail when the code does: a made-up crate of three files.
    let files = vec![
        SourceFile::new("lib.rs", "mod a; mod b; pub use a::A;"),
        SourceFile::new("a.rs", "use crate::b::B; pub struct A;"),
        SourceFile::new(
            "b.rs",
            "// use crate::c::C; only a comment\nuse crate::a::A; pub struct B;",
        ),
    ];
    let graph = FileGraph::build("demo", &files, &BTreeMap::new());
    let loops = graph.loops();
    assert_eq!(
        loops,
        vec![vec![
            "demo/a.rs -> demo/b.rs".to_string(),
            "demo/b.rs -> demo/a.rs".to_string()
        ]]
    );

    let files = vec![
        SourceFile::new("lib.rs", "mod view; mod explorer;"),
        SourceFile::new("view.rs", "use crate::explorer::Row; pub struct State;"),
        SourceFile::new(
            "explorer.rs",
            "pub struct Row;\n#[cfg(test)]\nmod tests { use crate::view::State; }",
        ),
    ];
    let graph = FileGraph::build("demo", &files, &BTreeMap::new());
    assert!(graph.loops().is_empty());
    let upward = graph.upward(&["view", "explorer"]);
    assert_eq!(upward, vec!["demo/view.rs -> demo/explorer.rs".to_string()]);
}

/// What the check found over the whole workspace.
struct Report {
    crate_levels: BTreeMap<String, usize>,
    /// Per crate: files, arrows between them, and levels of files.
    crate_files: Vec<(String, usize, usize, usize)>,
    /// Levels of the whole file graph, arrows across crates included.
    file_levels: usize,
    loops: Vec<Vec<String>>,
    upward: Vec<String>,
    browser_in_engine: Vec<String>,
}

impl Report {
    fn of_workspace() -> Report {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args([
                "metadata",
                "--format-version",
                "1",
                "--no-deps",
                "--offline",
            ])
            .current_dir(root)
            .output()
            .expect("cargo metadata runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON");
        let members: BTreeSet<&str> = meta["workspace_members"]
            .as_array()
            .expect("workspace_members")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let packages: Vec<&Value> = meta["packages"]
            .as_array()
            .expect("packages")
            .iter()
            .filter(|p| p["id"].as_str().is_some_and(|id| members.contains(id)))
            .collect();

        // Crates: name -> (extern name used in code -> crate name) and the lib's folder.
        let mut crate_edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut externs: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut lib_roots: BTreeMap<String, PathBuf> = BTreeMap::new();
        let mut browser_in_engine = Vec::new();
        let names: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
        for package in &packages {
            let name = package["name"].as_str().expect("name").to_string();
            let mut used = BTreeMap::new();
            let mut edges = BTreeSet::new();
            for dep in package["dependencies"].as_array().expect("dependencies") {
                let dep_name = dep["name"].as_str().unwrap_or_default();
                let normal = dep["kind"].is_null();
                if BROWSER_CRATES.contains(&dep_name) && name != "gpu-atlas" {
                    browser_in_engine.push(format!("{name} -> {dep_name}"));
                }
                if normal && names.contains(dep_name) {
                    edges.insert(dep_name.to_string());
                    let alias = dep["rename"]
                        .as_str()
                        .map(str::to_string)
                        .unwrap_or_else(|| dep_name.replace('-', "_"));
                    used.insert(alias, dep_name.to_string());
                }
            }
            crate_edges.insert(name.clone(), edges);
            externs.insert(name.clone(), used);
            let lib = package["targets"]
                .as_array()
                .expect("targets")
                .iter()
                .find(|t| {
                    t["kind"]
                        .as_array()
                        .is_some_and(|k| k.iter().any(|k| k == "lib"))
                })
                .and_then(|t| t["src_path"].as_str())
                .expect("every member has a lib");
            lib_roots.insert(name, PathBuf::from(lib));
        }
        let crate_levels = levels(&crate_edges);

        let mut graphs = BTreeMap::new();
        for (name, lib) in &lib_roots {
            let files = read_crate(lib);
            graphs.insert(name.clone(), FileGraph::build(name, &files, &externs[name]));
        }
        // One graph of every file, arrows across crates resolved in the crate they name.
        let mut all: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut crate_files = Vec::new();
        let mut loops = Vec::new();
        let mut upward = Vec::new();
        for (name, graph) in &graphs {
            for (file, targets) in &graph.edges {
                let set = all.entry(file.clone()).or_default();
                set.extend(targets.iter().cloned());
            }
            for (file, path) in &graph.foreign {
                for (krate, segments) in path {
                    if let Some(target) = graphs.get(krate).and_then(|g| g.resolve(segments)) {
                        all.entry(file.clone()).or_default().insert(target);
                    }
                }
            }
            let arrows: usize = graph.edges.values().map(BTreeSet::len).sum();
            crate_files.push((
                name.clone(),
                graph.files.len(),
                arrows,
                levels(&graph.edges).values().copied().max().unwrap_or(0),
            ));
            loops.extend(graph.loops());
            if name == "gpu-atlas-engine" {
                upward.extend(graph.upward(ENGINE_LAYERS));
            }
        }
        let file_levels = levels(&all).values().copied().max().unwrap_or(0);
        Report {
            crate_levels,
            crate_files,
            file_levels,
            loops,
            upward,
            browser_in_engine,
        }
    }

    fn text(&self) -> String {
        let mut out = String::from("crates, by level (1 = depends on no other crate here):\n");
        let top = self.crate_levels.values().copied().max().unwrap_or(0);
        for level in 1..=top {
            let names: Vec<&str> = self
                .crate_levels
                .iter()
                .filter(|(_, &l)| l == level)
                .map(|(n, _)| n.as_str())
                .collect();
            out += &format!("  {level}: {}\n", names.join(", "));
        }
        out += "files per crate (files, arrows between them, levels):\n";
        for (name, files, arrows, levels) in &self.crate_files {
            out += &format!("  {name}: {files} files, {arrows} arrows, {levels} levels\n");
        }
        out += &format!(
            "crate levels: {top}; file levels across the workspace: {}\nimport loops: {}\nimports that run back up: {}\n",
            self.file_levels,
            self.loops.len(),
            self.upward.len()
        );
        out
    }
}

/// One source file of a crate: its path inside the crate's folder and its text.
struct SourceFile {
    path: String,
    text: String,
}

impl SourceFile {
    fn new(path: &str, text: &str) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }
}

/// Every `.rs` file under the lib's folder, except binaries (`bin/`, separate crates that use
/// the library like any other) and the crate's integration tests (`tests/` at its root when
/// that is not a module).
fn read_crate(lib: &Path) -> Vec<SourceFile> {
    let dir = lib.parent().expect("the lib sits in a folder");
    let lib_name = lib.file_name().and_then(|n| n.to_str()).unwrap_or("lib.rs");
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).expect("readable folder").flatten() {
            let path = entry.path();
            let rel = path
                .strip_prefix(dir)
                .expect("inside")
                .to_string_lossy()
                .replace('\\', "/");
            if path.is_dir() {
                // Another crate's folder (the app's `src/` holds the engine's crates).
                let own_crate = path.join("Cargo.toml").exists();
                if rel != "bin" && rel != "target" && !own_crate {
                    stack.push(path);
                }
            } else if rel.ends_with(".rs") && rel != "build.rs" {
                let rel = if rel == lib_name {
                    "lib.rs".to_string()
                } else {
                    rel
                };
                files.push(SourceFile {
                    path: rel,
                    text: fs::read_to_string(&path).expect("readable file"),
                });
            }
        }
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// The files of one crate and the arrows between them.
struct FileGraph {
    crate_name: String,
    /// Module path ("explorer::row") -> file ("gpu-atlas-engine/explorer/row.rs").
    modules: BTreeMap<String, String>,
    /// File -> names its code defines at the top level.
    defines: BTreeMap<String, BTreeSet<String>>,
    files: BTreeMap<String, String>,
    edges: BTreeMap<String, BTreeSet<String>>,
    /// File -> paths into other crates of the workspace: (crate, segments).
    foreign: BTreeMap<String, Vec<(String, Vec<String>)>>,
}

impl FileGraph {
    fn build(
        crate_name: &str,
        files: &[SourceFile],
        externs: &BTreeMap<String, String>,
    ) -> FileGraph {
        let mut graph = FileGraph {
            crate_name: crate_name.into(),
            modules: BTreeMap::new(),
            defines: BTreeMap::new(),
            files: BTreeMap::new(),
            edges: BTreeMap::new(),
            foreign: BTreeMap::new(),
        };
        let cleaned: Vec<(String, String, String)> = files
            .iter()
            .map(|f| {
                (
                    module_of(&f.path),
                    graph.file_id(&f.path),
                    code_only(&f.text),
                )
            })
            .collect();
        // Files only tests declare (`#[cfg(test)] mod tests;`) are tests: left out.
        let mut test_modules = BTreeSet::new();
        for f in files {
            let here = module_of(&f.path);
            for child in test_only_children(&strip_comments(&f.text)) {
                test_modules.insert(join(&here, &child));
            }
        }
        for (module, id, text) in &cleaned {
            if test_modules
                .iter()
                .any(|t| module == t || module.starts_with(&format!("{t}::")))
            {
                continue;
            }
            graph.modules.insert(module.clone(), id.clone());
            graph.defines.insert(id.clone(), defined_names(text));
            graph.files.insert(id.clone(), text.clone());
        }
        for (module, id, _) in &cleaned {
            let Some(text) = graph.files.get(id).cloned() else {
                continue;
            };
            let mut targets = BTreeSet::new();
            for path in paths(&text) {
                let Some(segments) = graph.absolute(module, &path, externs, id) else {
                    continue;
                };
                if let Some(target) = graph.resolve(&segments) {
                    if &target != id {
                        targets.insert(target);
                    }
                }
            }
            graph.edges.insert(id.clone(), targets);
        }
        graph
    }

    fn file_id(&self, path: &str) -> String {
        format!("{}/{path}", self.crate_name)
    }

    /// The path as segments from the crate root, or `None` for std and outside crates (a
    /// path into a sibling crate of the workspace is kept in `foreign`).
    fn absolute(
        &mut self,
        module: &str,
        path: &[String],
        externs: &BTreeMap<String, String>,
        file: &str,
    ) -> Option<Vec<String>> {
        let mut base: Vec<String> = split(module);
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            Some(first) if externs.contains_key(first) => {
                self.foreign
                    .entry(file.to_string())
                    .or_default()
                    .push((externs[first].clone(), rest[1..].to_vec()));
                return None;
            }
            Some(first) => {
                // A child module of this one (`mod rank;` … `use rank::Ranking`), else not ours.
                if !self.modules.contains_key(&join(module, first)) {
                    return None;
                }
            }
            None => return None,
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `segments` (from the crate root) names.
    fn resolve(&self, segments: &[String]) -> Option<String> {
        let mut module = String::new();
        let mut i = 0;
        while i < segments.len() && self.modules.contains_key(&join(&module, &segments[i])) {
            module = join(&module, &segments[i]);
            i += 1;
        }
        let file = self.modules.get(&module)?.clone();
        let Some(name) = segments.get(i) else {
            return Some(file);
        };
        if name == "*" || self.defines.get(&file).is_some_and(|d| d.contains(name)) {
            return Some(file);
        }
        // A re-export: the file below `module` that defines the name, nearest first.
        let prefix = if module.is_empty() {
            String::new()
        } else {
            format!("{module}::")
        };
        let mut found: Vec<(usize, &String)> = self
            .modules
            .iter()
            .filter(|(m, _)| !m.is_empty() && m.starts_with(&prefix) && *m != &module)
            .filter(|(_, f)| self.defines.get(*f).is_some_and(|d| d.contains(name)))
            .map(|(m, f)| (m.matches("::").count(), f))
            .collect();
        found.sort();
        Some(found.first().map(|(_, f)| (*f).clone()).unwrap_or(file))
    }

    /// Groups of files that import each other round a loop, each sorted.
    fn loops(&self) -> Vec<Vec<String>> {
        strongly_connected(&self.edges)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|files| {
                // Each file of the loop, then the arrows that close it.
                let mut arrows = Vec::new();
                for from in &files {
                    for to in self.edges.get(from).into_iter().flatten() {
                        if files.contains(to) {
                            arrows.push(format!("{from} -> {to}"));
                        }
                    }
                }
                arrows
            })
            .collect()
    }

    /// Arrows from a module to one later in `layers` (by the first segment of its path).
    fn upward(&self, layers: &[&str]) -> Vec<String> {
        let layer_of_file: BTreeMap<&String, Option<usize>> = self
            .modules
            .iter()
            .map(|(m, f)| {
                let top = m.split("::").next().unwrap_or("");
                (f, layers.iter().position(|l| *l == top))
            })
            .collect();
        let mut out = Vec::new();
        for (from, targets) in &self.edges {
            for to in targets {
                if let (Some(Some(a)), Some(Some(b))) =
                    (layer_of_file.get(from), layer_of_file.get(to))
                {
                    if b > a {
                        out.push(format!("{from} -> {to}"));
                    }
                }
            }
        }
        out
    }
}

fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

fn split(module: &str) -> Vec<String> {
    module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// "lib.rs" -> "", "a.rs" -> "a", "a/mod.rs" -> "a", "a/b.rs" -> "a::b".
fn module_of(path: &str) -> String {
    let path = path.trim_end_matches(".rs");
    let path = path.strip_suffix("/mod").unwrap_or(path);
    if path == "lib" {
        String::new()
    } else {
        path.replace('/', "::")
    }
}

/// The text without comments, string and character literals (kept as empty literals).
fn strip_comments(text: &str) -> String {
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
fn code_only(text: &str) -> String {
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
fn skip_item(text: &str) -> &str {
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
fn test_only_children(text: &str) -> Vec<String> {
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
fn defined_names(text: &str) -> BTreeSet<String> {
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
fn paths(text: &str) -> Vec<Vec<String>> {
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

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

fn tokenize(text: &str) -> Vec<String> {
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
fn expand(tree: &[String], prefix: &[String], out: &mut Vec<Vec<String>>) {
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

/// Tarjan's strongly connected components, each sorted, in a stable order.
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        if let Some(targets) = s.edges.get(v) {
            for w in targets {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            component.sort();
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    let nodes: BTreeSet<&str> = edges
        .iter()
        .flat_map(|(k, v)| std::iter::once(k.as_str()).chain(v.iter().map(String::as_str)))
        .collect();
    for v in nodes {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// Each node's level: 1 when it imports nothing, else one more than the highest it imports.
/// Nodes in a loop share the loop's level (so a loop never makes this run forever).
fn levels(edges: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, usize> {
    let components = strongly_connected(edges);
    let component_of: BTreeMap<&str, usize> = components
        .iter()
        .enumerate()
        .flat_map(|(i, c)| c.iter().map(move |n| (n.as_str(), i)))
        .collect();
    let mut level: BTreeMap<usize, usize> = BTreeMap::new();
    fn level_of(
        c: usize,
        components: &[Vec<String>],
        component_of: &BTreeMap<&str, usize>,
        edges: &BTreeMap<String, BTreeSet<String>>,
        memo: &mut BTreeMap<usize, usize>,
    ) -> usize {
        if let Some(&l) = memo.get(&c) {
            return l;
        }
        let mut highest = 0;
        for node in &components[c] {
            for target in edges.get(node).into_iter().flatten() {
                let t = component_of[target.as_str()];
                if t != c {
                    highest = highest.max(level_of(t, components, component_of, edges, memo));
                }
            }
        }
        memo.insert(c, highest + 1);
        highest + 1
    }
    let mut out = BTreeMap::new();
    for (node, &c) in &component_of {
        let l = level_of(c, &components, &component_of, edges, &mut level);
        out.insert(node.to_string(), l);
    }
    out
}
