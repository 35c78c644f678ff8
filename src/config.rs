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
    #[error("config file {path}, line {line}, key `{key}`: {message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        key: String,
        message: String,
    },
}

pub use crate::matchup::FirstMover;

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
        let text = std::fs::read_to_string(&path).map_err(|source| ConfigError::Read {
            path: path.clone(),
            source,
        })?;
        Config::parse(&text, &path)
    }

    /// Parses a config file's text: missing keys keep their defaults.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            let (line, column) = line_and_column(text, offset);
            let key = key_on_line(text, line)
                .map(|k| format!(", key `{k}`"))
                .unwrap_or_default();
            ConfigError::Parse {
                path: path.to_path_buf(),
                line,
                column,
                key,
                message: e.message().trim().to_string(),
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
            let key = if name.is_empty() {
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
                        "'{value}' is not a colour: expected a name such as cyan or lightblue, \"#rrggbb\", or 0-255"
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
        if self.solver.max_millis == 0
            || self.solver.table_mib == 0
            || self.solver.table_mib > 16384
        {
            return Err(invalid(
                "solver",
                "expected max_millis above 0 and table_mib between 1 and 16384".into(),
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

/// The dotted key assigned on `line`, e.g. `ui.ai_delay_ms`.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if let Some(header) = l.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            table = header.trim().to_string();
        }
        if i + 1 == line {
            let (key, _) = l.split_once('=')?;
            let key = key.trim();
            return Some(if table.is_empty() {
                key.to_string()
            } else {
                format!("{table}.{key}")
            });
        }
    }
    None
}

/// The line on which a dotted key (or a table) is set; 1 when it is not written at all.
fn line_of_key(text: &str, dotted: &str) -> usize {
    let (table, key) = dotted.rsplit_once('.').unwrap_or(("", dotted));
    let mut current = String::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if let Some(header) = l.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            current = header.trim().to_string();
            if table.is_empty() && current == key {
                return i + 1;
            }
            continue;
        }
        if current == table && l.split_once('=').is_some_and(|(k, _)| k.trim() == key) {
            return i + 1;
        }
    }
    1
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
}
