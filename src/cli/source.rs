//! Where the command's catalog comes from: the one built into the binary, or a newer
//! `data/v1/catalog.json` from a file or the site, so a price refresh never needs a new binary.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use engine::bundled;
use engine::catalog::{AsOf, Catalog};

use crate::failure::Failure;

/// The most a downloaded catalog may weigh: today's is about 3 MB.
const MAX_BYTES: u64 = 512 * 1024 * 1024;

/// The catalog `arg` names (a path or an http(s) address), or the built-in one.
pub fn catalog(arg: Option<&str>) -> Result<Catalog, Failure> {
    let Some(arg) = arg else {
        return bundled::catalog().map_err(Failure::catalog);
    };
    let bytes = if arg.starts_with("http://") || arg.starts_with("https://") {
        download(arg)?
    } else {
        std::fs::read(arg).map_err(|e| Failure::catalog(format!("--catalog {arg}: {e}")))?
    };
    bundled::decode(&bytes).map_err(|e| Failure::catalog(format!("--catalog {arg}: {e}")))
}

fn download(url: &str) -> Result<Vec<u8>, Failure> {
    let failed = |e: ureq::Error| Failure::catalog(format!("--catalog {url}: {e}"));
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into();
    let mut response = agent.get(url).call().map_err(failed)?;
    response
        .body_mut()
        .with_config()
        .limit(MAX_BYTES)
        .read_to_vec()
        .map_err(failed)
}

/// The day ages are counted to: `--today`, else the system's date (UTC), as the app uses the
/// browser's.
pub fn today(arg: Option<&str>) -> Result<AsOf, Failure> {
    match arg {
        Some(text) => AsOf::parse(text)
            .ok()
            .filter(|d| d.day.is_some() && !d.estimated)
            .ok_or_else(|| Failure::usage(format!("--today {text}: write a day as YYYY-MM-DD"))),
        None => {
            let seconds = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            Ok(AsOf::from_days_since_epoch((seconds / 86_400) as i64))
        }
    }
}
