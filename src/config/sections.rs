//! The config's shared sections ([ui], [ai], [keys], [colors], [solver]) with their
//! defaults; each game's section lives in its folder under `games/`.

use serde::Deserialize;

use crate::matchup::Difficulty;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiConfig {
    pub ai_delay_ms: u64,
    pub mouse: bool,
    pub hints: bool,
    /// Brief animations where the board changes (flips, coins taken, a hand dying).
    pub animations: bool,
    /// The terminal bell on the AI's move and at the end of a game.
    pub bell: bool,
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
    pub resign: String,
    pub offer_draw: String,
    pub chat: String,
    /// The games' own keys, by name.
    #[serde(flatten)]
    pub games: std::collections::BTreeMap<String, toml::Value>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ColorConfig {
    /// The palette the colours below start from.
    pub theme: ThemePreset,
    /// Each colour, when set, replaces the theme's.
    pub accent: Option<String>,
    pub coin: Option<String>,
    pub cursor: Option<String>,
    pub hint: Option<String>,
    pub warning: Option<String>,
    pub muted: Option<String>,
}

/// A palette made for a kind of terminal or of eyes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThemePreset {
    /// Bright colours for a dark background.
    #[default]
    Dark,
    /// Darker colours that read on a light background.
    Light,
    /// The Okabe-Ito palette, told apart with any colour vision: no red against green.
    #[serde(alias = "colour-blind", alias = "color-blind", alias = "colorblind")]
    OkabeIto,
    /// No colour at all: emphasis from bold, reverse and underline (as NO_COLOR).
    Mono,
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
            animations: true,
            bell: false,
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
            resign: "R".into(),
            offer_draw: "D".into(),
            chat: "c".into(),
            // Each game's own keys keep the defaults the game declares
            // (`ui::keys::remappable`) unless the file names them.
            games: Default::default(),
        }
    }
}

impl Default for ColorConfig {
    fn default() -> Self {
        ColorConfig {
            theme: ThemePreset::Dark,
            accent: None,
            coin: None,
            cursor: None,
            hint: None,
            warning: None,
            muted: None,
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
            "resign" => &self.resign,
            "offer_draw" => &self.offer_draw,
            "chat" => &self.chat,
            other => return self.games.get(other).and_then(toml::Value::as_str),
        })
    }

    /// The character bound to the key named `name`; validated configs have exactly one.
    pub fn get(&self, name: &str) -> Option<char> {
        self.text(name).and_then(|t| t.chars().next())
    }
}

impl ColorConfig {
    /// The colours the config sets, by name.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("accent", &self.accent),
            ("coin", &self.coin),
            ("cursor", &self.cursor),
            ("hint", &self.hint),
            ("warning", &self.warning),
            ("muted", &self.muted),
        ]
        .into_iter()
        .filter_map(|(name, value)| value.as_deref().map(|v| (name, v)))
    }
}
