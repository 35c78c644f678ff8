//! Typed configuration: the documented defaults in `config.toml` are built in, and the
//! user's file (platform config dir, or `--config PATH`) overrides any of its keys.
//! parlor never writes the user's config.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Deserialize;
use thiserror::Error;

mod limits;
mod quote;
mod section;
mod sections;
mod source;
#[cfg(test)]
mod tests;

pub use crate::quote::{QUOTE_CHARS, clip};
pub use limits::{
    FALLBACK_MAX_TABLE_MIB, MAX_CONFIG_BYTES, MAX_MILLIS, MAX_TABLE_MIB, MAX_THREADS,
    max_table_mib, table_mib_limit, total_memory_mib,
};
use quote::clip_message;
use section::GameSections;
pub use section::{AnySection, Section};
pub use sections::{AiConfig, ColorConfig, KeyConfig, SolverConfig, ThemePreset, UiConfig};
pub use source::is_null_device;
use source::{Span, key_at, key_written_at, line_and_column, line_of_key, read_config_file};

/// The documented defaults, as shipped.
pub const DEFAULT_CONFIG: &str = include_str!("../../config.toml");

#[derive(Debug, Error)]
pub enum ConfigError {
    /// A config file named by `--config` or `PARLOR_CONFIG` that is not there: most
    /// likely a slip in the path (parlor never creates its config).
    #[error(
        "config file {path} does not exist: check the path, or start one with `parlor config default > {path}` (`--config /dev/null` runs with the defaults)"
    )]
    Missing { path: PathBuf },
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

/// The shared sections, typed; the games' sections as the file writes them, each read
/// by its game through a [`Section`]. A section that is neither is refused where the
/// games are known (`Registry::check_config`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Config {
    pub ui: UiConfig,
    pub ai: AiConfig,
    pub keys: KeyConfig,
    pub colors: ColorConfig,
    pub solver: SolverConfig,
    #[serde(skip)]
    games: GameSections,
}

/// A problem with the config that the shared sections cannot see alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A value that reads but is refused: blamed on the line of its dotted key.
    Invalid { key: String, message: String },
    /// Text that does not read as its section (a wrong type, an unknown key or
    /// section): reported where it is written, as a parse error is.
    Unreadable {
        message: String,
        span: Option<std::ops::Range<usize>>,
    },
}

impl Problem {
    pub fn invalid(key: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem::Invalid {
            key: key.into(),
            message: message.into(),
        }
    }
}

/// What checks a parsed config beyond its shared sections (`Registry::check_config`).
pub type Check<'a> = &'a dyn Fn(&Config) -> Result<(), Problem>;

/// Names the config file as `--config` does (which wins over it).
pub const CONFIG_ENV: &str = "PARLOR_CONFIG";

/// Which config file is in use, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigSource {
    /// `--config PATH`.
    Option(PathBuf),
    /// `PARLOR_CONFIG=PATH`.
    Env(PathBuf),
    /// The platform's file, which exists.
    Platform(PathBuf),
    /// No file: the built-in defaults (the platform's path where one would be read).
    BuiltIn(Option<PathBuf>),
}

impl ConfigSource {
    /// `--config`, else `PARLOR_CONFIG` (when set and not empty), else the platform's
    /// file if it exists, else the built-in defaults.
    pub fn find(explicit: Option<&Path>) -> ConfigSource {
        if let Some(p) = explicit {
            return ConfigSource::Option(p.to_path_buf());
        }
        if let Some(p) = std::env::var_os(CONFIG_ENV).filter(|p| !p.is_empty()) {
            return ConfigSource::Env(PathBuf::from(p));
        }
        match default_config_path() {
            Some(p) if p.exists() => ConfigSource::Platform(p),
            other => ConfigSource::BuiltIn(other),
        }
    }

    /// The file to read, if any.
    pub fn file(&self) -> Option<&Path> {
        match self {
            ConfigSource::Option(p) | ConfigSource::Env(p) | ConfigSource::Platform(p) => Some(p),
            ConfigSource::BuiltIn(_) => None,
        }
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

    /// Loads the file `ConfigSource::find` names (one named by `--config` or
    /// `PARLOR_CONFIG` must exist), else the built-in defaults; `check` looks at what
    /// the shared sections cannot judge alone (the keys of every game, each game's own
    /// section: `Registry::check_config`).
    pub fn load(explicit: Option<&Path>, check: Check) -> Result<Config, ConfigError> {
        let source = ConfigSource::find(explicit);
        let Some(path) = source.file() else {
            return Ok(Config::builtin());
        };
        let text = read_config_file(path)?;
        Config::parse_checked(&text, path, check)
    }

    /// [`Config::parse`], then `check`: a problem it finds is reported at the line of
    /// the key it blames.
    pub fn parse_checked(text: &str, path: &Path, check: Check) -> Result<Config, ConfigError> {
        let config = Config::parse(text, path)?;
        match check(&config) {
            Ok(()) => Ok(config),
            Err(Problem::Invalid { key, message }) => Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                line: line_of_key(text, &key),
                key,
                message,
            }),
            Err(Problem::Unreadable { message, span }) => {
                Err(parse_error(text, path, &message, span.unwrap_or(0..0)))
            }
        }
    }

    /// Sets one key of a game's section, as a file would (for tests and tools that
    /// start from a config and change one thing).
    pub fn set_section_key(&mut self, section: &str, key: &str, value: impl Into<toml::Value>) {
        self.games.set(section, key, value.into());
    }

    /// Refuses a section that is neither shared nor one of `games`' (the games'
    /// sections by name), naming every section there is.
    pub fn refuse_unknown_sections(&self, games: &[&str]) -> Result<(), Problem> {
        self.games.refuse_unknown(games)
    }

    /// Parses a config file's text: missing keys keep their defaults.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let error =
            |e: toml::de::Error| parse_error(text, path, e.message(), e.span().unwrap_or(0..0));
        let mut config: Config = toml::from_str(text).map_err(error)?;
        config.games = GameSections::of(text).map_err(error)?;
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
        if self.solver.threads > MAX_THREADS {
            return Err(invalid(
                "solver.threads",
                format!(
                    "{} is out of range: expected 1-{MAX_THREADS} threads, or 0 for the machine's cores (at most 8)",
                    self.solver.threads
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

/// An error at byte `span` of the text: its line and column, and the dotted key written
/// there when there is one.
fn parse_error(text: &str, path: &Path, message: &str, span: Span) -> ConfigError {
    let (line, column) = line_and_column(text, span.start);
    let mut message = clip_message(message.trim());
    let key = match key_at(text, span.start) {
        Some(key) => Some(key),
        // A key written twice is not in the parsed document: name it from the line it
        // is written on.
        None => key_written_at(text, span).inspect(|key| {
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
}
