//! Saved views: named share links kept on this device, and the file they travel in.
//!
//! A saved view is stored as its share-link query, not as a snapshot of `ViewState`: the link
//! format is the one with a compatibility promise (see `share`), so views saved today still
//! open after the state's shape changes. Imports are all-or-nothing: a file with one bad entry
//! changes nothing and says which entry is wrong.

use serde::{Deserialize, Serialize};

use crate::explorer::custom::CustomOffer;

/// The marker a saved-views file carries, so a foreign JSON file is recognised as such.
pub const FILE_KIND: &str = "gpu-atlas-saved-views";
pub const FILE_VERSION: u32 = 1;
/// Larger files are not saved views; refusing them early keeps the page responsive.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;
const MAX_NAME_CHARS: usize = 120;
const MAX_QUERY_BYTES: usize = 64 * 1024;
const MAX_VIEWS: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedView {
    pub name: String,
    /// The share-link query of the view (without '?').
    pub query: String,
    /// When it was saved, YYYY-MM-DD.
    pub saved: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SavedViews {
    pub views: Vec<SavedView>,
}

/// Why a name, a file or a stored value was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavedError {
    EmptyName,
    NameTooLong,
    DuplicateName(String),
    NotFound(String),
    TooMany,
    FileTooLarge(usize),
    NotJson(String),
    NotSavedViews,
    NewerFile(u32),
    BadEntry { index: usize, problem: String },
}

impl SavedError {
    /// A sentence for the user, in English or Simplified Chinese.
    pub fn describe(&self, lang: catalog::Lang) -> String {
        use catalog::Lang::{En, Zh};
        match (self, lang) {
            (SavedError::EmptyName, En) => "Give the view a name.".into(),
            (SavedError::EmptyName, Zh) => "请为视图命名。".into(),
            (SavedError::NameTooLong, En) => {
                format!("Names are at most {MAX_NAME_CHARS} characters.")
            }
            (SavedError::NameTooLong, Zh) => format!("名称最多 {MAX_NAME_CHARS} 个字符。"),
            (SavedError::DuplicateName(n), En) => format!("A view named “{n}” already exists."),
            (SavedError::DuplicateName(n), Zh) => format!("已有名为“{n}”的视图。"),
            (SavedError::NotFound(n), En) => format!("No saved view is named “{n}”."),
            (SavedError::NotFound(n), Zh) => format!("没有名为“{n}”的视图。"),
            (SavedError::TooMany, En) => format!("At most {MAX_VIEWS} views can be saved."),
            (SavedError::TooMany, Zh) => format!("最多保存 {MAX_VIEWS} 个视图。"),
            (SavedError::FileTooLarge(n), En) => {
                format!("The file is {n} bytes; a saved-views file is far smaller. Nothing was imported.")
            }
            (SavedError::FileTooLarge(n), Zh) => {
                format!("文件有 {n} 字节，不是视图文件。未导入任何内容。")
            }
            (SavedError::NotJson(why), En) => {
                format!("The file is not JSON ({why}). Nothing was imported.")
            }
            (SavedError::NotJson(why), Zh) => format!("文件不是 JSON（{why}）。未导入任何内容。"),
            (SavedError::NotSavedViews, En) => {
                "The file is JSON but not a GPU Atlas saved-views file. Nothing was imported."
                    .into()
            }
            (SavedError::NotSavedViews, Zh) => {
                "文件是 JSON，但不是 GPU Atlas 视图文件。未导入任何内容。".into()
            }
            (SavedError::NewerFile(v), En) => {
                format!(
                    "The file was written by a newer GPU Atlas (format {v}). Nothing was imported."
                )
            }
            (SavedError::NewerFile(v), Zh) => {
                format!("文件来自更新版本的 GPU Atlas（格式 {v}）。未导入任何内容。")
            }
            (SavedError::BadEntry { index, problem }, En) => {
                format!(
                    "View {} in the file is not usable: {problem}. Nothing was imported.",
                    index + 1
                )
            }
            (SavedError::BadEntry { index, problem }, Zh) => {
                format!(
                    "文件中第 {} 个视图不可用：{problem}。未导入任何内容。",
                    index + 1
                )
            }
        }
    }
}

fn clean_name(name: &str) -> Result<String, SavedError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(SavedError::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(SavedError::NameTooLong);
    }
    Ok(name.to_string())
}

impl SavedViews {
    /// Saves `query` under `name`; saving under an existing name replaces that view.
    pub fn save(&mut self, name: &str, query: &str, today: &str) -> Result<(), SavedError> {
        let name = clean_name(name)?;
        let view = SavedView {
            name: name.clone(),
            query: query.to_string(),
            saved: today.to_string(),
        };
        let full = self.views.len() >= MAX_VIEWS;
        match self.views.iter_mut().find(|v| v.name == name) {
            Some(existing) => *existing = view,
            None if full => return Err(SavedError::TooMany),
            None => self.views.push(view),
        }
        Ok(())
    }

    pub fn rename(&mut self, from: &str, to: &str) -> Result<(), SavedError> {
        let to = clean_name(to)?;
        if to != from && self.views.iter().any(|v| v.name == to) {
            return Err(SavedError::DuplicateName(to));
        }
        let view = self
            .views
            .iter_mut()
            .find(|v| v.name == from)
            .ok_or_else(|| SavedError::NotFound(from.to_string()))?;
        view.name = to;
        Ok(())
    }

    pub fn delete(&mut self, name: &str) -> Result<(), SavedError> {
        let before = self.views.len();
        self.views.retain(|v| v.name != name);
        if self.views.len() == before {
            return Err(SavedError::NotFound(name.to_string()));
        }
        Ok(())
    }

    /// The file a user downloads: marked, versioned, readable.
    pub fn export(&self) -> String {
        self.export_with(&[])
    }

    /// The file with the user's own offers too, so they move between browsers with the views.
    pub fn export_with(&self, offers: &[CustomOffer]) -> String {
        let mut doc = serde_json::json!({
            "kind": FILE_KIND,
            "version": FILE_VERSION,
            "views": self.views,
        });
        if !offers.is_empty() {
            doc["custom_offers"] = serde_json::json!(offers);
        }
        serde_json::to_string_pretty(&doc).unwrap_or_default()
    }

    /// The custom offers an exported file carries (none for files without them). Checked
    /// against the catalog by the caller before anything is kept.
    pub fn offers_in(file: &str) -> Result<Vec<CustomOffer>, SavedError> {
        parse_file(file)?;
        let value: serde_json::Value = serde_json::from_str(file.trim_start_matches('\u{feff}'))
            .map_err(|e| SavedError::NotJson(e.to_string()))?;
        match value.get("custom_offers") {
            None => Ok(Vec::new()),
            Some(list) => serde_json::from_value(list.clone()).map_err(|e| SavedError::BadEntry {
                index: 0,
                problem: format!("its custom offers cannot be read ({e})"),
            }),
        }
    }

    /// Adds the views of an exported file. Names already taken get " (2)", " (3)"…; nothing
    /// changes unless every entry of the file is usable. Returns how many were added.
    pub fn import(&mut self, file: &str) -> Result<usize, SavedError> {
        let incoming = parse_file(file)?;
        if self.views.len() + incoming.len() > MAX_VIEWS {
            return Err(SavedError::TooMany);
        }
        let mut merged = self.views.clone();
        for mut view in incoming.clone() {
            let base = view.name.clone();
            let mut n = 2;
            while merged.iter().any(|v| v.name == view.name) {
                view.name = format!("{base} ({n})");
                n += 1;
            }
            merged.push(view);
        }
        self.views = merged;
        Ok(incoming.len())
    }

    /// Reads what localStorage held. `Err` means the stored text is unreadable: the caller
    /// must keep a copy of it before writing anything over it.
    pub fn from_storage(stored: Option<&str>) -> Result<SavedViews, SavedError> {
        match stored {
            None => Ok(SavedViews::default()),
            Some(text) => parse_file(text).map(|views| SavedViews { views }),
        }
    }
}

fn parse_file(file: &str) -> Result<Vec<SavedView>, SavedError> {
    if file.len() > MAX_FILE_BYTES {
        return Err(SavedError::FileTooLarge(file.len()));
    }
    let value: serde_json::Value = serde_json::from_str(file.trim_start_matches('\u{feff}'))
        .map_err(|e| SavedError::NotJson(e.to_string()))?;
    let object = value.as_object().ok_or(SavedError::NotSavedViews)?;
    if object.get("kind").and_then(|k| k.as_str()) != Some(FILE_KIND) {
        return Err(SavedError::NotSavedViews);
    }
    let version = object.get("version").and_then(|v| v.as_u64()).unwrap_or(0);
    if version == 0 {
        return Err(SavedError::NotSavedViews);
    }
    if version > u64::from(FILE_VERSION) {
        return Err(SavedError::NewerFile(
            version.min(u64::from(u32::MAX)) as u32
        ));
    }
    let entries = object
        .get("views")
        .and_then(|v| v.as_array())
        .ok_or(SavedError::NotSavedViews)?;
    if entries.len() > MAX_VIEWS {
        return Err(SavedError::TooMany);
    }
    let mut views: Vec<SavedView> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let bad = |problem: &str| SavedError::BadEntry {
            index,
            problem: problem.to_string(),
        };
        let view: SavedView =
            serde_json::from_value(entry.clone()).map_err(|e| bad(&e.to_string()))?;
        let name = clean_name(&view.name).map_err(|_| bad("its name is empty or too long"))?;
        if view.query.len() > MAX_QUERY_BYTES {
            return Err(bad("its link is too long"));
        }
        if views.iter().any(|v| v.name == name) {
            return Err(bad("its name repeats an earlier view of the file"));
        }
        views.push(SavedView { name, ..view });
    }
    Ok(views)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> SavedViews {
        let mut s = SavedViews::default();
        s.save(
            "H100 in CNY",
            "v=1&gpu=h100-sxm5-80gb&cur=cny",
            "2026-11-30",
        )
        .unwrap();
        s.save("Cheap 4090", "v=1&q=4090", "2026-11-30").unwrap();
        s
    }

    #[test]
    fn save_rename_delete() {
        let mut s = two();
        s.save("Cheap 4090", "v=1&q=rtx%204090", "2026-12-01")
            .unwrap();
        assert_eq!(s.views.len(), 2, "saving under a taken name replaces it");
        assert_eq!(s.views[1].query, "v=1&q=rtx%204090");
        assert_eq!(
            s.rename("Cheap 4090", "H100 in CNY"),
            Err(SavedError::DuplicateName("H100 in CNY".into()))
        );
        s.rename("Cheap 4090", "  Budget  ").unwrap();
        assert_eq!(s.views[1].name, "Budget");
        assert_eq!(
            s.save("   ", "v=1", "2026-12-01"),
            Err(SavedError::EmptyName)
        );
        s.delete("Budget").unwrap();
        assert_eq!(
            s.delete("Budget"),
            Err(SavedError::NotFound("Budget".into()))
        );
        assert_eq!(s.views.len(), 1);
    }

    #[test]
    fn export_then_import_round_trips_and_renames_clashes() {
        let s = two();
        let file = s.export();
        let mut other = SavedViews::default();
        other
            .save("Cheap 4090", "v=1&q=3090", "2026-01-01")
            .unwrap();
        assert_eq!(other.import(&file), Ok(2));
        let names: Vec<&str> = other.views.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["Cheap 4090", "H100 in CNY", "Cheap 4090 (2)"]);
    }

    #[test]
    fn a_bad_file_changes_nothing_and_says_why() {
        let mut s = two();
        let before = s.clone();
        let cases = [
            ("not json at all", "NotJson"),
            ("[1, 2, 3]", "NotSavedViews"),
            (
                r#"{"kind": "something-else", "version": 1, "views": []}"#,
                "NotSavedViews",
            ),
            (
                r#"{"kind": "gpu-atlas-saved-views", "version": 9, "views": []}"#,
                "NewerFile",
            ),
            (
                r#"{"kind": "gpu-atlas-saved-views", "version": 1, "views": [{"name": "ok", "query": "v=1", "saved": "2026-11-30"}, {"name": "", "query": "v=1", "saved": "x"}]}"#,
                "BadEntry",
            ),
            (
                r#"{"kind": "gpu-atlas-saved-views", "version": 1, "views": [{"name": "x", "query": 5, "saved": "2026"}]}"#,
                "BadEntry",
            ),
        ];
        for (file, kind) in cases {
            let err = s.import(file).unwrap_err();
            assert!(format!("{err:?}").starts_with(kind), "{file}: {err:?}");
            assert_eq!(s, before, "{file} changed the saved views");
            assert!(!err.describe(catalog::Lang::En).is_empty());
        }
        let huge = " ".repeat(MAX_FILE_BYTES + 1);
        assert_eq!(
            s.import(&huge),
            Err(SavedError::FileTooLarge(MAX_FILE_BYTES + 1))
        );
        // The second bad entry is named, counting from one.
        let err = s.import(cases[4].0).unwrap_err();
        assert!(err.describe(catalog::Lang::En).starts_with("View 2"));
    }

    #[test]
    fn custom_offers_travel_in_the_file() {
        let offer: CustomOffer = serde_json::from_value(serde_json::json!({
            "seller": "Acme", "name": "quote", "accelerator": "h100-sxm5-80gb", "count": 8.0,
            "term": "on-demand", "price": 16.0, "currency": "USD", "unit": "instance-hour",
            "note": "", "as_of": "2026-11-30"
        }))
        .unwrap();
        let file = two().export_with(std::slice::from_ref(&offer));
        assert_eq!(SavedViews::offers_in(&file), Ok(vec![offer]));
        assert_eq!(SavedViews::offers_in(&two().export()), Ok(vec![]));
        assert!(SavedViews::offers_in("nope").is_err());
    }

    #[test]
    fn unreadable_storage_is_an_error_not_an_empty_list() {
        assert_eq!(SavedViews::from_storage(None), Ok(SavedViews::default()));
        let stored = two().export();
        assert_eq!(SavedViews::from_storage(Some(&stored)), Ok(two()));
        assert!(SavedViews::from_storage(Some("{broken")).is_err());
    }
}
