//! One versioned JSON file: written atomically (a temporary file in the same folder,
//! then a rename), read back only when its format and version are ones this parlor
//! knows, and moved aside, never trusted or deleted, when it is not.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Files larger than this are not read (a save is a few KiB, the history a few MiB).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// Why a file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not a parlor {format} file ({reason})")]
    Unreadable {
        path: String,
        format: &'static str,
        reason: String,
    },
    #[error(
        "{path} was written by a newer parlor (format version {found}; this one reads up to {known})"
    )]
    Newer {
        path: String,
        found: u64,
        known: u64,
    },
}

impl FileError {
    /// What is wrong, without the path (for a one-line notice that names the file).
    pub fn reason(&self) -> String {
        match self {
            FileError::Io { source, .. } => source.to_string(),
            FileError::Unreadable { format, reason, .. } => {
                format!("not a parlor {format} file: {reason}")
            }
            FileError::Newer { found, known, .. } => format!(
                "written by a newer parlor: format version {found}, this one reads up to {known}"
            ),
        }
    }
}

/// A file's kind, written into it as `"format"`, and the version this build writes.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    pub name: &'static str,
    pub version: u64,
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// Reads `path` as a `format` file. `Ok(None)` when there is no such file.
pub fn read<T: DeserializeOwned>(path: &Path, format: Format) -> Result<Option<T>, FileError> {
    let unreadable = |reason: String| FileError::Unreadable {
        path: shown(path),
        format: format.name,
        reason,
    };
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(FileError::Io {
                path: shown(path),
                source,
            });
        }
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(unreadable(format!("{} bytes is too large", meta.len())));
    }
    let bytes = fs::read(path).map_err(|source| FileError::Io {
        path: shown(path),
        source,
    })?;
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| unreadable(e.to_string()))?;
    let Value::Object(mut map) = value else {
        return Err(unreadable("not a JSON object".into()));
    };
    match map.get("format").and_then(Value::as_str) {
        Some(name) if name == format.name => {}
        Some(other) => return Err(unreadable(format!("its format is {other:?}"))),
        None => return Err(unreadable("no \"format\" field".into())),
    }
    let Some(found) = map.get("version").and_then(Value::as_u64) else {
        return Err(unreadable("no \"version\" number".into()));
    };
    if found > format.version {
        return Err(FileError::Newer {
            path: shown(path),
            found,
            known: format.version,
        });
    }
    map.remove("format");
    map.remove("version");
    serde_json::from_value(Value::Object(map))
        .map(Some)
        .map_err(|e| unreadable(e.to_string()))
}

/// Writes `data` to `path` as a `format` file: to a temporary file beside it, flushed
/// to disk, then renamed over `path`, so a reader sees the old file or the new one,
/// never half of one.
pub fn write<T: Serialize>(path: &Path, format: Format, data: &T) -> Result<(), FileError> {
    let io = |source: std::io::Error| FileError::Io {
        path: shown(path),
        source,
    };
    let body = serde_json::to_value(data).map_err(|e| io(std::io::Error::other(e)))?;
    let mut map = Map::new();
    map.insert("format".into(), Value::from(format.name));
    map.insert("version".into(), Value::from(format.version));
    if let Value::Object(fields) = body {
        map.extend(fields);
    }
    let text = serde_json::to_vec_pretty(&Value::Object(map)).map_err(|e| io(e.into()))?;
    write_atomically(path, |out| {
        out.write_all(&text)?;
        out.write_all(b"\n")
    })
    .map_err(io)
}

/// Writes `path` with what `fill` writes (buffered): to a temporary file beside it,
/// flushed and synced to disk, then renamed over `path`, so a reader sees the old file
/// or the new one, never half of one; on an error the temporary file is removed.
pub fn write_atomically(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let temp = tempfile::NamedTempFile::new_in(dir)?;
    {
        let mut out = std::io::BufWriter::with_capacity(1 << 20, temp.as_file());
        fill(&mut out)?;
        out.flush()?;
    }
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Moves a file that cannot be used out of the way (`<name>.broken-<n>`), keeping it
/// for the user to look at. Returns where it went.
pub fn move_aside(path: &Path) -> Result<PathBuf, FileError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = time::OffsetDateTime::now_utc().unix_timestamp();
    let mut n = 0;
    loop {
        let suffix = if n == 0 {
            format!("{name}.broken-{stamp}")
        } else {
            format!("{name}.broken-{stamp}-{n}")
        };
        let aside = path.with_file_name(suffix);
        if !aside.exists() {
            fs::rename(path, &aside).map_err(|source| FileError::Io {
                path: shown(path),
                source,
            })?;
            return Ok(aside);
        }
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: Format = Format {
        name: "test",
        version: 2,
    };

    #[derive(Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Data {
        a: u32,
        b: Vec<String>,
    }

    #[test]
    fn round_trip_and_missing_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("x.json");
        assert!(
            read::<Data>(&path, TEST)
                .expect("no file is fine")
                .is_none()
        );
        let data = Data {
            a: 7,
            b: vec!["f5".into(), "d6".into()],
        };
        write(&path, TEST, &data).expect("written");
        assert_eq!(read::<Data>(&path, TEST).expect("read"), Some(data));
        let text = fs::read_to_string(&path).expect("text");
        assert!(text.contains("\"format\": \"test\""), "{text}");
        assert!(text.contains("\"version\": 2"), "{text}");
        // Only the file itself is left behind.
        assert_eq!(fs::read_dir(dir.path()).expect("dir").count(), 1);
    }

    #[test]
    fn truncated_foreign_and_newer_files_are_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("x.json");
        write(&path, TEST, &Data { a: 1, b: vec![] }).expect("written");
        let full = fs::read(&path).expect("bytes");
        fs::write(&path, &full[..full.len() / 2]).expect("truncate");
        assert!(matches!(
            read::<Data>(&path, TEST),
            Err(FileError::Unreadable { .. })
        ));
        fs::write(&path, r#"{"format":"other","version":1,"a":1,"b":[]}"#).expect("w");
        assert!(matches!(
            read::<Data>(&path, TEST),
            Err(FileError::Unreadable { .. })
        ));
        fs::write(&path, r#"{"format":"test","version":3,"a":1,"b":[]}"#).expect("w");
        let err = read::<Data>(&path, TEST).expect_err("newer");
        assert!(matches!(err, FileError::Newer { found: 3, .. }), "{err}");
        fs::write(&path, r#"{"format":"test","version":1,"a":"x","b":[]}"#).expect("w");
        assert!(read::<Data>(&path, TEST).is_err(), "wrong field type");
    }

    #[test]
    fn moved_aside_files_are_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("x.json");
        fs::write(&path, "garbage").expect("w");
        let first = move_aside(&path).expect("moved");
        fs::write(&path, "garbage 2").expect("w");
        let second = move_aside(&path).expect("moved");
        assert_ne!(first, second);
        assert!(!path.exists());
        assert_eq!(fs::read_to_string(first).expect("kept"), "garbage");
        assert_eq!(fs::read_to_string(second).expect("kept"), "garbage 2");
    }
}
