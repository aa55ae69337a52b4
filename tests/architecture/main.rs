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

mod file_graph;
mod graph;
mod scan;

use file_graph::FileGraph;
use graph::levels;

/// Inside the engine crate, the order its top-level modules may import in: each may use
/// itself and what comes before it, never what comes after.
const ENGINE_LAYERS: &[&str] = &[
    "bundled",
    "discounts",
    "pricing",
    "view",
    "explorer",
    "present",
    "share",
    "bench",
];

/// Crates that talk to the browser; only the app may depend on them.
const BROWSER_CRATES: &[&str] = &["leptos", "web-sys", "js-sys", "gloo", "wasm-bindgen"];

/// Native tools nothing may depend on: the importers (run by contributors and the refresh bot)
/// and the static site's generator (run by the build). Neither is shipped in the app.
const TOOLS: &[&str] = &["gpu-atlas-refresh", "gpu-atlas-site"];

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
    assert!(
        report.on_importers.is_empty(),
        "crates that depend on a native tool (the importers, the site generator; never shipped): {:?}",
        report.on_importers
    );
    // The layers the crates form: catalog; workload, scoring, charts, refresh; engine; the app.
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
    /// Crates that depend on the importers (none may).
    on_importers: Vec<String>,
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
        let mut on_importers = Vec::new();
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
                if TOOLS.contains(&dep_name) {
                    on_importers.push(format!("{name} -> {dep_name}"));
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
            on_importers,
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
pub struct SourceFile {
    pub path: String,
    pub text: String,
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
