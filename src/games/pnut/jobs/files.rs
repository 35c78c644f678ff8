//! The files of a proof split into jobs (docs/proof-jobs.md): the split's manifest, one
//! job file a position, and what a job leaves beside its file (its result, and its
//! certificate part in `part`). Job and result files are small JSON objects, written
//! atomically, so a batch system may copy them about and a crash never leaves half of
//! one.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::pnut::{Pnut, Rules};

/// The manifest's name in a split's folder.
pub const MANIFEST: &str = "split.json";
/// The file names' endings.
pub const JOB: &str = "job";
pub const RESULT: &str = "result";
pub const PART: &str = "part";

/// What went wrong with a split's files.
#[derive(Debug, Error)]
pub enum JobError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not a {what} of parlor: {why}")]
    NotOurs {
        path: String,
        what: &'static str,
        why: String,
    },
    #[error("{path}: {why}")]
    Wrong { path: String, why: String },
}

impl JobError {
    pub fn io(path: &Path, source: std::io::Error) -> JobError {
        JobError::Io {
            path: path.display().to_string(),
            source,
        }
    }

    pub fn wrong(path: &Path, why: impl ToString) -> JobError {
        JobError::Wrong {
            path: path.display().to_string(),
            why: why.to_string(),
        }
    }
}

/// The split: its rules, the depth its first jobs were made at, and the budget each
/// job gets (kept so that re-split jobs get the same).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    pub version: u32,
    pub kind: String,
    pub symbols: String,
    pub length: usize,
    pub depth: usize,
    pub max_nodes: u64,
    pub table_mib: u32,
}

/// One job: prove who wins after `position` (the symbols as `parlor solve` writes a
/// position), within `max_nodes` nodes and a table of `table_mib` MiB.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Job {
    pub version: u32,
    pub kind: String,
    pub symbols: String,
    pub length: usize,
    pub position: String,
    pub max_nodes: u64,
    pub table_mib: u32,
}

/// What a job found: `mover_wins` is `None` when it ran out of its budget.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct JobResult {
    pub version: u32,
    pub kind: String,
    pub symbols: String,
    pub length: usize,
    pub position: String,
    pub mover_wins: Option<bool>,
    pub nodes: u64,
    pub seconds: f64,
    /// The certificate part's file name (beside the result), when proven.
    pub part: Option<String>,
    pub part_moves: Option<u64>,
}

pub const MANIFEST_KIND: &str = "parlor pnut split";
pub const JOB_KIND: &str = "parlor pnut job";
pub const RESULT_KIND: &str = "parlor pnut job result";

/// The file name of the job after the string `indices`: "job-0120.job" (symbol
/// indices as digits, then letters past 9, so names do not depend on the symbols).
pub fn job_name(indices: &[u8]) -> String {
    let digits: String = indices
        .iter()
        .map(|&d| char::from_digit(u32::from(d), 36).unwrap_or('?'))
        .collect();
    format!("job-{digits}.{JOB}")
}

/// The file beside `job` with the ending `ending` ("job-0120.result").
pub fn beside(job: &Path, ending: &str) -> PathBuf {
    job.with_extension(ending)
}

/// Reads a JSON file of ours, naming the file in every error.
pub fn read_json<T: serde::de::DeserializeOwned>(
    path: &Path,
    what: &'static str,
    kind: &str,
) -> Result<T, JobError> {
    let text = std::fs::read_to_string(path).map_err(|e| JobError::io(path, e))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| JobError::NotOurs {
        path: path.display().to_string(),
        what,
        why: e.to_string(),
    })?;
    if value.get("kind").and_then(|k| k.as_str()) != Some(kind) {
        return Err(JobError::NotOurs {
            path: path.display().to_string(),
            what,
            why: format!("its \"kind\" is not \"{kind}\""),
        });
    }
    if value.get("version").and_then(|k| k.as_u64()) != Some(1) {
        return Err(JobError::wrong(
            path,
            format!("a {what} of another version; this parlor reads version 1"),
        ));
    }
    serde_json::from_value(value).map_err(|e| JobError::NotOurs {
        path: path.display().to_string(),
        what,
        why: e.to_string(),
    })
}

/// Writes `value` as pretty JSON to `path`, atomically.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), JobError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| JobError::wrong(path, format!("cannot write JSON: {e}")))?;
    crate::store::file::write_atomically(path, |out| {
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")
    })
    .map_err(|e| JobError::io(path, e))
}

/// The rules a file names, checked.
pub fn rules_of(path: &Path, symbols: &str, length: usize) -> Result<Rules, JobError> {
    Rules::new(symbols, length).map_err(|e| JobError::wrong(path, format!("its rules: {e}")))
}

/// The symbol indices of a position written in `rules`' symbols, checked legal.
pub fn indices_of(path: &Path, rules: &Rules, position: &str) -> Result<Vec<u8>, JobError> {
    let game = Pnut::parse(rules.clone(), position)
        .map_err(|e| JobError::wrong(path, format!("its position '{position}': {e}")))?;
    Ok(game.indices()[..game.len()].to_vec())
}

/// The position of `indices` in `rules`' symbols.
pub fn text_of(rules: &Rules, indices: &[u8]) -> String {
    indices.iter().map(|&d| rules.symbol(d)).collect()
}
