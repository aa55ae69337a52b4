//! `export_catalog DIR`: writes the validated catalog as `DIR/catalog-<hash>.json` (the file
//! the browser app fetches) and prints the file's name. The release build runs it from a
//! Trunk hook (`scripts/catalog-file.mjs`), which also names the file in the page.

use std::path::PathBuf;
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use gpu_atlas_engine::bundled;

/// A host tool: in a browser build the catalog is not embedded to export.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    let _ = PathBuf::new();
    ExitCode::FAILURE
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let Some(dir) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: export_catalog DIR");
        return ExitCode::from(2);
    };
    // Decoding first proves the file the app will fetch is a catalog.
    if let Err(e) = bundled::catalog() {
        eprintln!("export_catalog: {e}");
        return ExitCode::FAILURE;
    }
    let name = bundled::file_name(bundled::CATALOG_JSON);
    match std::fs::write(dir.join(&name), bundled::CATALOG_JSON) {
        Ok(()) => {
            println!("{name}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("export_catalog: {}: {e}", dir.display());
            ExitCode::FAILURE
        }
    }
}
