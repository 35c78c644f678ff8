//! Typed configuration: the documented defaults in `config.toml` are built in, and the
//! user's file (platform config dir, or `--config PATH`) overrides any of its keys.
//! parlor never writes the user's config.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Deserialize;
use thiserror::Error;

use crate::solve::policy::Difficulty;

/// The documented defaults, as shipped.
pub const DEFAULT_CONFIG: &str = include_str!("../config.toml");

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path}, line {line}, column {column}{key}: {message}")]
    Parse {
        path: PathBuf,
        line: usize,
        column: usize,
        /// ", key `a.b`" when the error belongs to a key, else empty.
        key: String,
        message: String,
    },
    #[error("config file {path} is {kind}, not a regular file: expected a TOML text file")]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error(
        "config file {path} is larger than {} KiB: expected a TOML text file of at most that size",
        MAX_CONFIG_BYTES / 1024
    )]
    TooLarge { path: PathBuf },
    #[error("config file {path}, line {line}, key `{key}`: {message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        key: String,
        message: String,
    },
}

pub use crate::matchup::FirstMover;

/// The largest config file read (1 MiB): the documented file is a few KiB.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The most a bad value or key is quoted in an error message, in characters.
pub const QUOTE_CHARS: usize = 40;

/// `solver.max_millis` at most: 24 hours, the same limit as `--max-seconds` (86400) in
/// `parlor solve othello` and `parlor solve pnut`.
pub const MAX_MILLIS: u64 = 86_400 * 1000;

/// `solver.table_mib` never above this (16 GiB), whatever the machine.
pub const MAX_TABLE_MIB: u32 = 16_384;

/// Where the total memory is not known (not Linux, or no `/proc`): the table limit.
pub const FALLBACK_MAX_TABLE_MIB: u32 = 4096;

/// The machine's total physical memory in MiB: `MemTotal` of `/proc/meminfo` on Linux,
/// `None` elsewhere or when it cannot be read.
pub fn total_memory_mib() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total_mib(&text))
}

/// `MemTotal` of a `/proc/meminfo` text, in MiB.
fn mem_total_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let kib: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") | None => Some(kib / 1024),
        Some(_) => None,
    }
}

/// The largest `solver.table_mib` for a machine with `total_mib` MiB of memory: a
/// quarter of it, never below the default (64) nor above [`MAX_TABLE_MIB`];
/// [`FALLBACK_MAX_TABLE_MIB`] when the total is not known.
pub fn table_mib_limit(total_mib: Option<u64>) -> u32 {
    match total_mib {
        Some(total) => {
            let quarter = u32::try_from(total / 4).unwrap_or(u32::MAX);
            quarter.clamp(SolverConfig::default().table_mib, MAX_TABLE_MIB)
        }
        None => FALLBACK_MAX_TABLE_MIB,
    }
}

/// The largest `solver.table_mib` on this machine (see [`table_mib_limit`]).
pub fn max_table_mib() -> u32 {
    table_mib_limit(total_memory_mib())
}

/// `text` as it may be quoted in a message: at most [`QUOTE_CHARS`] characters, then
/// "…" when there was more, so a huge bad value makes a short message.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// A message from the TOML parser, with every quoted part (in `"` or backticks)
/// clipped (see [`clip`]) and the whole at most a few hundred characters.
fn clip_message(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..];
        // The closing quote, skipping escaped ones.
        let mut close = None;
        let mut escaped = false;
        for (i, c) in inner.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == quote {
                close = Some(i);
                break;
            }
        }
        let end = close.unwrap_or(inner.len());
        out.push_str(&clip(&inner[..end]));
        rest = &inner[end..];
        if let Some(q) = rest.chars().next() {
            out.push(q);
            rest = &rest[q.len_utf8()..];
        }
    }
    out.push_str(rest);
    const MAX_MESSAGE_CHARS: usize = 400;
    match out.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((end, _)) => format!("{}…", &out[..end]),
        None => out,
    }
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub ui: UiConfig,
    pub ai: AiConfig,
    pub keys: KeyConfig,
    pub colors: ColorConfig,
    pub nim: crate::games::nim::config::NimConfig,
    pub sugar_packets: crate::games::sugar_packets::config::SugarPacketsConfig,
    pub chopsticks: crate::games::chopsticks::config::ChopsticksConfig,
    pub othello: crate::games::othello::config::OthelloConfig,
    pub pnut: crate::games::pnut::config::PnutConfig,
    pub wl: crate::games::wl::config::WlConfig,
    pub solver: SolverConfig,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiConfig {
    pub ai_delay_ms: u64,
    pub mouse: bool,
    pub hints: bool,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AiConfig {
    pub difficulty: Difficulty,
}

/// The shared keys by name; each game's own keys (`GameKind::keys`) in `games`, also
/// written directly under `[keys]`. Unknown names are refused by `tui::keys::check`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default)]
pub struct KeyConfig {
    pub quit: String,
    pub help: String,
    pub hints: String,
    pub undo: String,
    pub new_game: String,
    pub rematch: String,
    pub pause: String,
    pub move_now: String,
    pub up: String,
    pub down: String,
    /// The games' own keys, by name.
    #[serde(flatten)]
    pub games: std::collections::BTreeMap<String, toml::Value>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ColorConfig {
    pub accent: String,
    pub coin: String,
    pub cursor: String,
    pub hint: String,
    pub warning: String,
    pub muted: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverConfig {
    pub max_millis: u64,
    pub table_mib: u32,
    pub exact_empties: u32,
}

// The Default impls restate config.toml; a test checks that the two agree, so the
// built-in file is the single documented source of truth.
impl Default for UiConfig {
    fn default() -> Self {
        UiConfig {
            ai_delay_ms: 700,
            mouse: true,
            hints: false,
        }
    }
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            difficulty: Difficulty::Perfect,
        }
    }
}

impl Default for KeyConfig {
    fn default() -> Self {
        KeyConfig {
            quit: "q".into(),
            help: "?".into(),
            hints: "h".into(),
            undo: "u".into(),
            new_game: "n".into(),
            rematch: "r".into(),
            pause: " ".into(),
            move_now: "m".into(),
            up: "k".into(),
            down: "j".into(),
            games: crate::games::GameId::all()
                .flat_map(|g| g.kind().keys())
                .map(|k| {
                    (
                        k.name.to_string(),
                        toml::Value::String(k.default.to_string()),
                    )
                })
                .collect(),
        }
    }
}

impl Default for ColorConfig {
    fn default() -> Self {
        ColorConfig {
            accent: "cyan".into(),
            coin: "yellow".into(),
            cursor: "lightmagenta".into(),
            hint: "lightgreen".into(),
            warning: "lightred".into(),
            muted: "darkgray".into(),
        }
    }
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            max_millis: 5000,
            table_mib: 64,
            exact_empties: 20,
        }
    }
}

impl KeyConfig {
    /// The text bound to the key named `name` (as in `[keys]`).
    pub fn text(&self, name: &str) -> Option<&str> {
        Some(match name {
            "quit" => &self.quit,
            "help" => &self.help,
            "hints" => &self.hints,
            "undo" => &self.undo,
            "new_game" => &self.new_game,
            "rematch" => &self.rematch,
            "pause" => &self.pause,
            "move_now" => &self.move_now,
            "up" => &self.up,
            "down" => &self.down,
            other => return self.games.get(other).and_then(toml::Value::as_str),
        })
    }

    /// The character bound to the key named `name`; validated configs have exactly one.
    pub fn get(&self, name: &str) -> Option<char> {
        self.text(name).and_then(|t| t.chars().next())
    }
}

impl ColorConfig {
    pub fn entries(&self) -> [(&'static str, &str); 6] {
        [
            ("accent", &self.accent),
            ("coin", &self.coin),
            ("cursor", &self.cursor),
            ("hint", &self.hint),
            ("warning", &self.warning),
            ("muted", &self.muted),
        ]
    }
}

/// Where the user's config file lives on this platform, if there is a home directory.
pub fn default_config_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "parlor").map(|d| d.config_dir().join("config.toml"))
}

impl Config {
    /// The built-in defaults.
    pub fn builtin() -> Config {
        // The built-in file is checked by a test; fall back to the same values in code.
        Config::parse(DEFAULT_CONFIG, Path::new("<built-in config.toml>")).unwrap_or_default()
    }

    /// Loads `explicit` if given (it must exist), else the platform file if it exists,
    /// else the built-in defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        let path = match explicit {
            Some(p) => p.to_path_buf(),
            None => match default_config_path() {
                Some(p) if p.exists() => p,
                _ => return Ok(Config::builtin()),
            },
        };
        let text = read_config_file(&path)?;
        Config::parse(&text, &path)
    }

    /// Parses a config file's text: missing keys keep their defaults.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let (line, column) = line_and_column(text, span.start);
            let mut message = clip_message(e.message().trim());
            let key = match key_at(text, span.start) {
                Some(key) => Some(key),
                // A key written twice is not in the parsed document: name it from the
                // line it is written on.
                None => key_written_at(text, span.clone()).inspect(|key| {
                    let first = line_of_key(text, key);
                    if first != line {
                        message.push_str(&format!(" (already set on line {first})"));
                    }
                }),
            };
            let key = key
                .map(|k| format!(", key `{}`", clip(&k)))
                .unwrap_or_default();
            ConfigError::Parse {
                path: path.to_path_buf(),
                line,
                column,
                key,
                message,
            }
        })?;
        config.validate(text, path)?;
        Ok(config)
    }

    fn validate(&self, text: &str, path: &Path) -> Result<(), ConfigError> {
        let invalid = |key: &str, message: String| ConfigError::Invalid {
            path: path.to_path_buf(),
            line: line_of_key(text, key),
            key: key.to_string(),
            message,
        };
        if self.ui.ai_delay_ms > 10_000 {
            return Err(invalid(
                "ui.ai_delay_ms",
                format!(
                    "{} is too long: expected 0-10000 milliseconds",
                    self.ui.ai_delay_ms
                ),
            ));
        }
        if let Err((name, message)) = crate::tui::keys::check(&self.keys) {
            // A name too long to quote is blamed on its table (the message quotes it
            // shortened).
            let key = if name.is_empty() || clip(&name) != name {
                "keys".to_string()
            } else {
                format!("keys.{name}")
            };
            return Err(invalid(&key, message));
        }
        for (name, value) in self.colors.entries() {
            if ratatui::style::Color::from_str(value).is_err() {
                return Err(invalid(
                    &format!("colors.{name}"),
                    format!(
                        "'{}' is not a colour: expected a name such as cyan or lightblue, \"#rrggbb\", or 0-255",
                        clip(value)
                    ),
                ));
            }
        }
        // Each game checks its own section.
        for game in crate::games::GameId::all() {
            if let Err((key, message)) = game.kind().validate_config(self) {
                return Err(invalid(key, message));
            }
        }
        if self.solver.exact_empties > 64 {
            return Err(invalid(
                "solver.exact_empties",
                format!("{}: expected 0-64 empty squares", self.solver.exact_empties),
            ));
        }
        if !(1..=MAX_MILLIS).contains(&self.solver.max_millis) {
            return Err(invalid(
                "solver.max_millis",
                format!(
                    "{} is out of range: expected 1-{MAX_MILLIS} milliseconds (at most 24 hours, as --max-seconds)",
                    self.solver.max_millis
                ),
            ));
        }
        let max_mib = max_table_mib();
        if !(1..=max_mib).contains(&self.solver.table_mib) {
            let why = match total_memory_mib() {
                Some(total) => format!(
                    "a quarter of this machine's {total} MiB of memory, and never above {MAX_TABLE_MIB}"
                ),
                None => "the limit where the machine's memory is not known".to_string(),
            };
            return Err(invalid(
                "solver.table_mib",
                format!(
                    "{} is out of range: expected 1-{max_mib} MiB on this machine ({why})",
                    self.solver.table_mib
                ),
            ));
        }
        Ok(())
    }
}

/// 1-based line and column of a byte offset.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    (line, column)
}

/// Reads a config file: a regular file of at most [`MAX_CONFIG_BYTES`], never a FIFO,
/// a device or a directory (which could block or never end).
fn read_config_file(path: &Path) -> Result<String, ConfigError> {
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
    let metadata = std::fs::metadata(path).map_err(read_error)?;
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
fn file_kind(file_type: std::fs::FileType) -> &'static str {
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
type Span = std::ops::Range<usize>;

/// A parsed document's keys, each with the spans of its name and of its value.
fn walk_keys(table: &toml::de::DeTable<'_>, prefix: &str, visit: &mut dyn FnMut(&str, Span, Span)) {
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
fn key_at(text: &str, offset: usize) -> Option<String> {
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
fn key_written_at(text: &str, span: Span) -> Option<String> {
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
fn line_of_key(text: &str, dotted: &str) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("/tmp/c.toml"))
    }

    #[test]
    fn built_in_file_matches_the_defaults_in_code() {
        let parsed = parse(DEFAULT_CONFIG).unwrap();
        assert_eq!(parsed, Config::default());
    }

    #[test]
    fn user_values_override_and_the_rest_keep_defaults() {
        let c = parse("[nim]\npiles = [1, 2]\n[ui]\nai_delay_ms = 0\n").unwrap();
        assert_eq!(c.nim.piles, vec![1, 2]);
        assert_eq!(c.ui.ai_delay_ms, 0);
        assert_eq!(c.keys, KeyConfig::default());
    }

    #[test]
    fn unknown_key_names_line_and_key() {
        let e = parse("[ui]\nmouse = true\nspeed = 3\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3"), "{e}");
        assert!(e.contains("speed"), "{e}");
        assert!(e.contains("/tmp/c.toml"), "{e}");
    }

    #[test]
    fn wrong_type_names_line_and_key() {
        let e = parse("[ui]\n\nai_delay_ms = \"slow\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3"), "{e}");
        assert!(e.contains("ui.ai_delay_ms"), "{e}");
    }

    #[test]
    fn broken_toml_names_the_line() {
        let e = parse("[ui\nmouse = true\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn invalid_values_name_line_and_key() {
        let e = parse("[nim]\nmisere = true\npiles = [0, 3]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3") && e.contains("nim.piles"), "{e}");
        let e = parse("[colors]\naccent = \"sparkly\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("colors.accent"), "{e}");
        let e = parse("[keys]\nquit = \"h\"\n").unwrap_err().to_string();
        assert!(e.contains("already bound"), "{e}");
        assert!(e.contains("line 2") && e.contains("keys.quit"), "{e}");
        let e = parse("[wl]\nmin_len = 0\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("wl.min_len"), "{e}");
        let e = parse("[wl]\nmin_len = 60\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("wl.min_len"), "{e}");
        let e = parse("[ai]\ndifficulty = \"godlike\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("ai.difficulty"), "{e}");
    }

    #[test]
    fn total_memory_is_read_from_meminfo() {
        let meminfo = "MemTotal:       16318412 kB\nMemFree:         1000 kB\n";
        assert_eq!(mem_total_mib(meminfo), Some(15935));
        assert_eq!(mem_total_mib("MemFree: 1 kB\n"), None);
        assert_eq!(mem_total_mib("MemTotal: lots\n"), None);
    }

    #[test]
    fn the_table_limit_is_a_quarter_of_memory_within_fixed_bounds() {
        assert_eq!(table_mib_limit(Some(16_384)), 4096);
        assert_eq!(table_mib_limit(Some(1_000_000)), MAX_TABLE_MIB);
        // Never below the default, so the defaults are valid everywhere.
        assert_eq!(table_mib_limit(Some(100)), 64);
        assert_eq!(table_mib_limit(None), FALLBACK_MAX_TABLE_MIB);
        let max = max_table_mib();
        assert!((64..=MAX_TABLE_MIB).contains(&max), "{max}");
    }

    #[test]
    fn table_mib_is_bounded_by_the_machine() {
        let max = max_table_mib();
        let ok = parse(&format!("[solver]\ntable_mib = {max}\n")).unwrap();
        assert_eq!(ok.solver.table_mib, max);
        for bad in [0, u64::from(max) + 1, 16_385, 4_294_967_295] {
            let e = parse(&format!(
                "[ui]\nmouse = true\n[solver]\n\ntable_mib = {bad}\n"
            ))
            .unwrap_err()
            .to_string();
            assert!(
                e.contains("line 5") && e.contains("solver.table_mib"),
                "{e}"
            );
            assert!(e.contains(&bad.to_string()), "{e}");
            assert!(e.contains(&format!("1-{max} MiB")), "{e}");
            assert!(!e.contains("max_millis"), "{e}");
        }
    }

    #[test]
    fn max_millis_is_bounded_like_max_seconds() {
        let ok = parse("[solver]\nmax_millis = 86400000\n").unwrap();
        assert_eq!(ok.solver.max_millis, MAX_MILLIS);
        for bad in [0, MAX_MILLIS + 1, u64::MAX] {
            let e = parse(&format!("[solver]\ntable_mib = 8\nmax_millis = {bad}\n"))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("line 3") && e.contains("solver.max_millis"),
                "{e}"
            );
            assert!(
                e.contains(&bad.to_string()) && e.contains("1-86400000"),
                "{e}"
            );
            assert!(!e.contains("table_mib"), "{e}");
        }
    }

    #[test]
    fn clip_keeps_short_text_and_cuts_long_text() {
        assert_eq!(clip("cyan"), "cyan");
        let long = "é".repeat(100);
        let c = clip(&long);
        assert_eq!(c.chars().count(), QUOTE_CHARS + 1);
        assert!(c.ends_with('…'));
        let m = clip_message(&format!(
            "invalid type: string \"{}\", expected u64",
            "x\\\"".repeat(50_000)
        ));
        assert!(m.ends_with("…\", expected u64"), "{m}");
        assert!(m.len() < 200, "{m}");
        assert!(clip_message(&"y".repeat(100_000)).chars().count() <= 401);
    }

    /// Every message about a 100,000-character value quotes only a short part of it.
    #[test]
    fn huge_bad_values_make_short_messages() {
        let huge = "z".repeat(100_000);
        let piles = vec!["0"; 50_000].join(", ");
        for (text, key) in [
            (format!("[keys]\nquit = \"{huge}\"\n"), "keys.quit"),
            (format!("[keys]\nright = [\"{huge}\"]\n"), "keys.right"),
            (format!("[colors]\naccent = \"{huge}\"\n"), "colors.accent"),
            (
                format!("[ui]\nai_delay_ms = \"{huge}\"\n"),
                "ui.ai_delay_ms",
            ),
            (format!("[ai]\ndifficulty = \"{huge}\"\n"), "ai.difficulty"),
            (format!("[ui]\n{huge} = 1\n"), "zzzz"),
            (format!("[keys]\n{huge} = \"x\"\n"), "keys.zzzz"),
            (format!("[nim]\npiles = [{piles}]\n"), "nim.piles"),
            (format!("[pnut]\nsymbols = \"{huge}\"\n"), "pnut.symbols"),
        ] {
            let e = parse(&text).unwrap_err().to_string();
            assert!(e.len() < 700, "{} bytes: {}", e.len(), clip(&e));
            assert!(e.contains(key), "{e}");
            // An unknown name in [keys] is found after parsing: blamed on the table.
            let line = if key == "keys.zzzz" {
                "line 1"
            } else {
                "line 2"
            };
            assert!(e.contains(line), "{e}");
        }
    }

    #[test]
    fn a_duplicate_key_names_the_key_and_both_lines() {
        let e = parse("[ui]\nai_delay_ms = 1\n\nai_delay_ms = 2\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 4") && e.contains("key `ui.ai_delay_ms`"),
            "{e}"
        );
        assert!(e.contains("duplicate") && e.contains("line 2"), "{e}");
        let e = parse("ui.mouse = true\n[ui] # again\nmouse = false\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("`ui`"), "{e}");
        let e = parse("[nim] # the piles\npiles = [1]\n[ui]\nmouse = true\n[nim]\nmisere = true\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 5") && e.contains("nim"), "{e}");
    }

    #[test]
    fn errors_in_dotted_keys_and_inline_tables_name_the_key_and_its_line() {
        let e = parse("# mine\nui.mouse = true\nui.ai_delay_ms = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3") && e.contains("key `ui.ai_delay_ms`"),
            "{e}"
        );
        let e = parse("ui = { mouse = true,\n  ai_delay_ms = \"x\" }\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 2") && e.contains("key `ui.ai_delay_ms`"),
            "{e}"
        );
        let e = parse("[ui] # comment\n\nai_delay_ms = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 3") && e.contains("key `ui.ai_delay_ms`"),
            "{e}"
        );
        // Invalid values (checked after parsing) too.
        let e = parse("# mine\n\nui.ai_delay_ms = 20000\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 3") && e.contains("ui.ai_delay_ms"), "{e}");
        let e = parse("[solver] # limits\nexact_empties = 3\nsolver.max_millis = 1\n");
        assert!(e.is_err(), "solver.solver is not a key");
        let e = parse("solver = { exact_empties = 3,\n max_millis = 0 }\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 2") && e.contains("solver.max_millis"),
            "{e}"
        );
        let e = parse("[nim]\npiles = [\n  1,\n  0,\n]\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("nim.piles"), "{e}");
    }

    fn load(path: &Path) -> String {
        Config::load(Some(path)).unwrap_err().to_string()
    }

    #[test]
    fn load_refuses_directories_and_devices() {
        let dir = tempfile::tempdir().unwrap();
        let e = load(dir.path());
        assert!(
            e.contains("a directory") && e.contains("not a regular file"),
            "{e}"
        );
        assert!(e.contains(&dir.path().display().to_string()), "{e}");
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let e = load(zero);
            assert!(e.contains("/dev/zero") && e.contains("a device"), "{e}");
        }
    }

    #[test]
    fn load_refuses_a_fifo_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("config.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: no mkfifo");
            return;
        }
        let e = load(&fifo);
        assert!(
            e.contains("FIFO") && e.contains("not a regular file"),
            "{e}"
        );
    }

    #[test]
    fn load_refuses_a_file_over_the_size_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.toml");
        let fits = format!("{}\n", "#".repeat(MAX_CONFIG_BYTES as usize - 1));
        std::fs::write(&path, &fits).unwrap();
        assert_eq!(Config::load(Some(&path)).unwrap(), Config::default());
        std::fs::write(&path, format!("{fits}#")).unwrap();
        let e = load(&path);
        assert!(
            e.contains("big.toml") && e.contains("larger than 1024 KiB"),
            "{e}"
        );
        std::fs::write(&path, b"[ui]\nmouse = \xff\n").unwrap();
        let e = load(&path);
        assert!(e.contains("big.toml") && e.contains("not UTF-8"), "{e}");
    }
}
