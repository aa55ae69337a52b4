//! The catalog as files, before parsing: what the build script, the tests and the importers
//! hand the loader.

use std::fs;
use std::io;
use std::path::Path;

use crate::problem::Problem;

/// One catalog file's path (as shown in messages) and text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

impl SourceFile {
    pub fn new(path: &str, text: &str) -> SourceFile {
        SourceFile {
            path: path.to_string(),
            text: text.to_string(),
        }
    }

    /// A reader of this file as a CSV table whose header must be exactly `columns`; `None`,
    /// with the problem said (the columns expected and found), when it is not.
    pub(crate) fn csv_table(
        &self,
        columns: &[&str],
        problems: &mut Vec<Problem>,
    ) -> Option<csv::Reader<&[u8]>> {
        let path = self.path.as_str();
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .from_reader(self.text.as_bytes());
        match reader.headers() {
            Ok(headers) if headers.iter().eq(columns.iter().copied()) => Some(reader),
            Ok(headers) => {
                problems.push(Problem::new(
                    path,
                    "row 1",
                    "",
                    format!(
                        "columns must be exactly {} (found {})",
                        columns.join(","),
                        headers.iter().collect::<Vec<_>>().join(",")
                    ),
                ));
                None
            }
            Err(err) => {
                problems.push(Problem::new(path, "row 1", "", err.to_string()));
                None
            }
        }
    }
}

/// A provider's facts and offers, its price table and its price history.
#[derive(Debug, Clone)]
pub struct ProviderFiles {
    pub provider: SourceFile,
    pub prices: Option<SourceFile>,
    /// `history/<id>.csv`; a provider without one has no recorded history yet.
    pub history: Option<SourceFile>,
    /// `live/<id>.csv`: what live sources reported beyond prices; most providers have none.
    pub live: Option<SourceFile>,
}

/// The whole catalog as files, before parsing.
#[derive(Debug, Clone)]
pub struct CatalogFiles {
    pub accelerators: SourceFile,
    pub fx: SourceFile,
    pub providers: Vec<ProviderFiles>,
}

impl CatalogFiles {
    /// Reads `dir` (the repository's `catalog/`); `shown_as` prefixes paths in messages.
    pub fn read_dir(dir: &Path, shown_as: &str) -> io::Result<CatalogFiles> {
        let read = |rel: &str| -> io::Result<SourceFile> {
            Ok(SourceFile {
                path: format!("{shown_as}/{rel}"),
                text: fs::read_to_string(dir.join(rel))?,
            })
        };
        let mut stems: Vec<String> = fs::read_dir(dir.join("providers"))?
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                name.strip_suffix(".toml").map(str::to_string)
            })
            .collect();
        stems.sort();
        let mut providers = Vec::new();
        for stem in stems {
            let optional = |rel: String| -> io::Result<Option<SourceFile>> {
                if dir.join(&rel).exists() {
                    read(&rel).map(Some)
                } else {
                    Ok(None)
                }
            };
            providers.push(ProviderFiles {
                provider: read(&format!("providers/{stem}.toml"))?,
                prices: optional(format!("prices/{stem}.csv"))?,
                history: optional(format!("history/{stem}.csv"))?,
                live: optional(format!("live/{stem}.csv"))?,
            });
        }
        Ok(CatalogFiles {
            accelerators: read("accelerators.toml")?,
            fx: read("fx.csv")?,
            providers,
        })
    }
}
