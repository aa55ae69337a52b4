//! One crate's files and the arrows between them: each path a file names, resolved to the
//! file that defines the name.

use std::collections::{BTreeMap, BTreeSet};

use crate::graph::strongly_connected;
use crate::scan::{code_only, defined_names, paths, strip_comments, test_only_children};
use crate::SourceFile;

/// The files of one crate and the arrows between them.
pub struct FileGraph {
    pub crate_name: String,
    /// Module path ("explorer::row") -> file ("gpu-atlas-engine/explorer/row.rs").
    pub modules: BTreeMap<String, String>,
    /// File -> names its code defines at the top level.
    pub defines: BTreeMap<String, BTreeSet<String>>,
    pub files: BTreeMap<String, String>,
    pub edges: BTreeMap<String, BTreeSet<String>>,
    /// File -> paths into other crates of the workspace: (crate, segments).
    pub foreign: BTreeMap<String, Vec<(String, Vec<String>)>>,
}

impl FileGraph {
    pub fn build(
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

    pub fn file_id(&self, path: &str) -> String {
        format!("{}/{path}", self.crate_name)
    }

    /// The path as segments from the crate root, or `None` for std and outside crates (a
    /// path into a sibling crate of the workspace is kept in `foreign`).
    pub fn absolute(
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
    pub fn resolve(&self, segments: &[String]) -> Option<String> {
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
    pub fn loops(&self) -> Vec<Vec<String>> {
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
    pub fn upward(&self, layers: &[&str]) -> Vec<String> {
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

pub fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

pub fn split(module: &str) -> Vec<String> {
    module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// "lib.rs" -> "", "a.rs" -> "a", "a/mod.rs" -> "a", "a/b.rs" -> "a::b".
pub fn module_of(path: &str) -> String {
    let path = path.trim_end_matches(".rs");
    let path = path.strip_suffix("/mod").unwrap_or(path);
    if path == "lib" {
        String::new()
    } else {
        path.replace('/', "::")
    }
}
