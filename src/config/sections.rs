//! The config's shared sections ([ui], [ai], [keys], [colors], [solver]) with their
//! defaults; each game's section lives in its folder under `games/`.

use serde::Deserialize;

use crate::solve::policy::Difficulty;

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
    pub redo: String,
    pub review: String,
    pub new_game: String,
    pub rematch: String,
    pub pause: String,
    pub move_now: String,
    pub transcript: String,
    pub spoilers: String,
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
    /// Othello's search threads; 0: the machine's cores, at most 8.
    pub threads: u32,
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
            redo: "U".into(),
            review: "v".into(),
            new_game: "n".into(),
            rematch: "r".into(),
            pause: " ".into(),
            move_now: "m".into(),
            transcript: "x".into(),
            spoilers: "e".into(),
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
            threads: 0,
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
            "redo" => &self.redo,
            "review" => &self.review,
            "new_game" => &self.new_game,
            "rematch" => &self.rematch,
            "pause" => &self.pause,
            "move_now" => &self.move_now,
            "transcript" => &self.transcript,
            "spoilers" => &self.spoilers,
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
