//! The config file as text: reading it safely, and finding the key and line of a
//! byte offset (toml's spans) for messages.

use std::path::Path;

use super::{ConfigError, MAX_CONFIG_BYTES};

/// 1-based line and column of a byte offset.
pub(super) fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    (line, column)
}

/// Whether `path` is the null device (`/dev/null`, or a link to it): the usual way to say
/// "no config", read as an empty file.
pub fn is_null_device(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(path), std::fs::metadata("/dev/null")) {
            (Ok(file), Ok(null)) => {
                !file.is_file() && file.dev() == null.dev() && file.ino() == null.ino()
            }
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        path.as_os_str().eq_ignore_ascii_case("NUL")
    }
}

/// Reads a config file: a regular file of at most [`MAX_CONFIG_BYTES`], never a FIFO,
/// a device or a directory (which could block or never end); the null device reads as
/// an empty file (the defaults).
pub(super) fn read_config_file(path: &Path) -> Result<String, ConfigError> {
    use std::io::Read;
    let read_error = |source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    };
    let not_a_file = |file_type: std::fs::FileType| ConfigError::NotAFile {
        path: path.to_path_buf(),
        kind: file_kind(file_type),
    };
    // Checked before opening: opening a FIFO blocks until someone writes to it.
    let metadata = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ConfigError::Missing {
            path: path.to_path_buf(),
        },
        _ => read_error(e),
    })?;
    if !metadata.is_file() && is_null_device(path) {
        return Ok(String::new());
    }
    if !metadata.is_file() {
        return Err(not_a_file(metadata.file_type()));
    }
    let file = std::fs::File::open(path).map_err(read_error)?;
    // And again on what was opened, in case the path changed in between.
    let metadata = file.metadata().map_err(read_error)?;
    if !metadata.is_file() {
        return Err(not_a_file(metadata.file_type()));
    }
    // One byte more than the limit tells a file over it, however it grows meanwhile.
    let mut bytes = Vec::new();
    file.take(MAX_CONFIG_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        return Err(ConfigError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        read_error(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (invalid byte at offset {}): expected a TOML text file",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// What a file that is not a regular file is, for the message.
pub(super) fn file_kind(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// A byte range of the config's text.
pub(super) type Span = std::ops::Range<usize>;

/// A parsed document's keys, each with the spans of its name and of its value.
pub(super) fn walk_keys(
    table: &toml::de::DeTable<'_>,
    prefix: &str,
    visit: &mut dyn FnMut(&str, Span, Span),
) {
    for (name, value) in table.iter() {
        let path = if prefix.is_empty() {
            name.get_ref().to_string()
        } else {
            format!("{prefix}.{}", name.get_ref())
        };
        visit(&path, name.span(), value.span());
        if let toml::de::DeValue::Table(inner) = value.get_ref() {
            walk_keys(inner, &path, visit);
        }
    }
}

/// The dotted key, e.g. `ui.ai_delay_ms`, whose name or value holds byte `offset`: the
/// innermost one, so a key in a dotted key or an inline table is named in full.
pub(super) fn key_at(text: &str, offset: usize) -> Option<String> {
    let (document, _) = toml::de::DeTable::parse_recoverable(text);
    let mut found: Option<(String, usize)> = None;
    walk_keys(document.get_ref(), "", &mut |path, name, value| {
        let holds =
            |r: &std::ops::Range<usize>| r.start <= offset && offset < r.end.max(r.start + 1);
        let depth = path.matches('.').count() + 1;
        if (holds(&name) || holds(&value)) && found.as_ref().is_none_or(|(_, d)| depth > *d) {
            found = Some((path.to_string(), depth));
        }
    });
    found.map(|(path, _)| path)
}

/// The dotted key written at `span` (a key's name), under the table header above it:
/// for errors about a key that the parsed document does not hold, such as a duplicate.
pub(super) fn key_written_at(text: &str, span: Span) -> Option<String> {
    let end = span.end.min(text.len());
    let start = text
        .get(..span.start.min(end))?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let written = text.get(start..end)?.trim();
    // Parse the header and the key alone, then follow the one path they make.
    let snippet = if written.starts_with('[') {
        format!("{}]", written.trim_end_matches(']'))
    } else {
        let header = text[..start]
            .lines()
            .rev()
            .map(str::trim)
            .find(|l| l.starts_with('[') && !l.starts_with("[["))
            .unwrap_or("");
        format!("{header}\n{written} = 0\n")
    };
    let document = toml::de::DeTable::parse(&snippet).ok()?;
    let mut table = document.get_ref();
    let mut path: Vec<String> = Vec::new();
    while let Some((name, value)) = table.iter().next() {
        path.push(name.get_ref().to_string());
        match value.get_ref() {
            toml::de::DeValue::Table(inner) => table = inner,
            _ => break,
        }
    }
    (!path.is_empty()).then(|| path.join("."))
}

/// The line on which a dotted key (or a table) is written, as a plain, dotted or inline
/// key; that of the nearest enclosing table written when it is not; 1 when none is.
pub(super) fn line_of_key(text: &str, dotted: &str) -> usize {
    let (document, _) = toml::de::DeTable::parse_recoverable(text);
    let mut best: Option<(usize, usize)> = None;
    walk_keys(document.get_ref(), "", &mut |path, name, _| {
        let matches = path == dotted
            || dotted
                .strip_prefix(path)
                .is_some_and(|rest| rest.starts_with('.'));
        if matches && best.is_none_or(|(len, _)| path.len() > len) {
            best = Some((path.len(), name.start));
        }
    });
    best.map_or(1, |(_, offset)| line_and_column(text, offset).0)
}
