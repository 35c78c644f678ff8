//! A log file for what the screen cannot show: solver panics, with where they happened.
//! Nothing is ever printed to the terminal while the arcade is up, so this file is where
//! a bug report starts. It lives in the data directory (`~/.local/share/parlor/parlor.log`
//! on Linux, honouring `XDG_DATA_HOME`) and is started afresh once it passes 1 MiB.

use std::fs::{File, OpenOptions};
use std::path::PathBuf;
use std::sync::Mutex;

/// Beyond this size the old log is moved aside to `parlor.log.old`.
const MAX_BYTES: u64 = 1 << 20;

/// Where the log goes, if the platform has a data directory.
pub fn log_path() -> Option<PathBuf> {
    crate::store::default_dir().map(|d| d.join("parlor.log"))
}

/// Starts logging (the start of a session, and errors) to the log file. A log that cannot be opened is no
/// reason to refuse to play: then nothing is logged.
pub fn start() -> Option<PathBuf> {
    let path = log_path()?;
    let file = open(&path).ok()?;
    tracing_subscriber::fmt()
        .with_writer(Mutex::new(file))
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .try_init()
        .ok()?;
    tracing::info!(version = env!("CARGO_PKG_VERSION"), "parlor started");
    Some(path)
}

fn open(path: &PathBuf) -> std::io::Result<File> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    if std::fs::metadata(path).is_ok_and(|m| m.len() > MAX_BYTES) {
        std::fs::rename(path, path.with_extension("log.old"))?;
    }
    OpenOptions::new().create(true).append(true).open(path)
}
