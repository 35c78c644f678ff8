//! Every key the arcade answers to, as data: one list of bindings (the action, the key,
//! where it applies, its name in `[keys]` when it can be remapped, and what it does).
//! Key presses are read through the list, and the footers and the help are written
//! from it, so what a screen says a key does is what the key does.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::config::KeyConfig;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Back,
    Quit,
    Help,
    Hints,
    Undo,
    /// Plays again what undo took back.
    Redo,
    /// Opens the review of a finished game.
    Review,
    NewGame,
    Rematch,
    Pause,
    PageUp,
    PageDown,
    /// The AI plays its best move so far, at once.
    MoveNow,
    /// Shows the position and the move list as text to copy.
    Transcript,
    /// The spoiler switch: shows or hides the prediction and what gives the result away.
    Spoilers,
    /// A key of one game's own, by its name in `[keys]` (see [`OwnKey`]).
    Own(&'static str),
    Digit(u8),
    Backspace,
    /// Resigns a match online.
    Resign,
    /// Offers a draw in a match online (games with draws).
    OfferDraw,
    /// Says a line in a match online.
    Chat,
    /// Any other character, for text fields.
    Char(char),
    None,
}

/// Where a binding applies: everywhere, or only while one game is on screen (so that
/// the same character stays free to type elsewhere, e.g. `p` as a Pnut-Butta symbol).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Everywhere,
    /// The game of this command-line name.
    Game(&'static str),
}

/// Each game's own keys, by the game's command-line name (`Registry::own_keys`).
pub type GameKeys = [(&'static str, &'static [OwnKey])];

/// One key and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub action: Action,
    pub key: KeyCode,
    pub scope: Scope,
    /// Its name in the config's `[keys]`; `None` for the fixed keys (arrows, Enter,
    /// Esc, Backspace).
    pub config: Option<&'static str>,
    /// What it does, for the help.
    pub what: &'static str,
}

/// A key of one game's own, declared by the game (`GameKind::keys`): it applies only
/// while that game is on screen, and is remapped in `[keys]` under its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnKey {
    pub name: &'static str,
    /// Usually `Action::Own(name)`; a second key for a shared action is possible too
    /// (Othello's `l` for right).
    pub action: Action,
    pub default: char,
    pub what: &'static str,
}

/// The remappable keys every screen shares: config name, action, default key, what it
/// does. `KeyConfig` has one field per name.
pub const SHARED: [(&str, Action, char, &str); 17] = [
    ("quit", Action::Quit, 'q', "quit"),
    ("help", Action::Help, '?', "help, or the rules of the game"),
    (
        "hints",
        Action::Hints,
        'h',
        "hints: what every legal move is worth",
    ),
    (
        "undo",
        Action::Undo,
        'u',
        "undo (against the AI: back to your previous turn)",
    ),
    (
        "redo",
        Action::Redo,
        'U',
        "redo what undo took back (until a new move is made)",
    ),
    (
        "new_game",
        Action::NewGame,
        'n',
        "new game (back to its setup)",
    ),
    (
        "review",
        Action::Review,
        'v',
        "review a finished game: every move judged, the turning points marked",
    ),
    (
        "rematch",
        Action::Rematch,
        'r',
        "rematch when the game is over",
    ),
    (
        "pause",
        Action::Pause,
        ' ',
        "pause or resume when two AIs play",
    ),
    (
        "move_now",
        Action::MoveNow,
        'm',
        "move now: the AI plays its best move so far",
    ),
    (
        "transcript",
        Action::Transcript,
        'x',
        "the position and the moves as text, to copy",
    ),
    (
        "spoilers",
        Action::Spoilers,
        'e',
        "show or hide the prediction, the AI's remarks on who wins and the best move (kept for each game: every match of that game)",
    ),
    ("up", Action::Up, 'k', "up, beside the arrow key"),
    ("down", Action::Down, 'j', "down, beside the arrow key"),
    ("resign", Action::Resign, 'R', "resign a match online"),
    (
        "offer_draw",
        Action::OfferDraw,
        'D',
        "offer a draw in a match online (games with draws)",
    ),
    ("chat", Action::Chat, 'c', "say a line in a match online"),
];

/// Every remappable key: the shared ones, then each game's own, with the game.
pub fn remappable(
    games: &GameKeys,
) -> Vec<(
    &'static str,
    Action,
    Option<&'static str>,
    char,
    &'static str,
)> {
    let mut all: Vec<_> = SHARED
        .iter()
        .map(|&(name, action, default, what)| (name, action, None, default, what))
        .collect();
    for &(game, keys) in games {
        for k in keys {
            all.push((k.name, k.action, Some(game), k.default, k.what));
        }
    }
    all
}

/// The fixed keys: always there, whatever the config says.
const FIXED: [(Action, KeyCode, &str); 12] = [
    (Action::PageUp, KeyCode::PageUp, "a page up (the help)"),
    (
        Action::PageDown,
        KeyCode::PageDown,
        "a page down (the help)",
    ),
    (Action::Up, KeyCode::Up, "up"),
    (Action::Down, KeyCode::Down, "down"),
    (Action::Left, KeyCode::Left, "left"),
    (Action::Right, KeyCode::Right, "right"),
    (
        Action::Enter,
        KeyCode::Enter,
        "choose, play, start; once a game is over, hide or show its result box",
    ),
    (
        Action::Back,
        KeyCode::Esc,
        "back (from a game: to the menu)",
    ),
    (
        Action::Backspace,
        KeyCode::Backspace,
        "erase what was typed; on the menu, forget the saved game chosen (it asks first)",
    ),
    (Action::Backspace, KeyCode::Delete, "as Backspace"),
    // Where PgUp/PgDn jump to the ends (the review: the start, the end), Home and End
    // are the keys people try first.
    (
        Action::PageUp,
        KeyCode::Home,
        "as PgUp (the review: the start)",
    ),
    (
        Action::PageDown,
        KeyCode::End,
        "as PgDn (the review: the end)",
    ),
];

/// A key as the footer and the help write it.
pub fn key_label(key: KeyCode) -> String {
    match key {
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Backspace => "Backspace".into(),
        KeyCode::Delete => "Del".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::Char(' ') => "space".into(),
        KeyCode::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    }
}

/// The mark of the status entry of a footer ("✓ saved"): no key, so the footer gives
/// it up before any key when the line is short (`widgets::footer`).
pub const STATUS_MARK: &str = "✓";

/// A match online is on screen: its footers name the keys that work there (a takeback
/// asked of the other player, resigning, a draw offered, the chat) and none that do not
/// (hints, the AI, undo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineFooter {
    /// The game has draws: one may be offered.
    pub draws: bool,
    /// The match is over (by the rules, resignation or agreement).
    pub over: bool,
    /// The game was played to its end by the rules, so it can be reviewed.
    pub reviewable: bool,
    /// Watched, not played.
    pub watching: bool,
}

impl OnlineFooter {
    /// The keys that work in such a match now, with what they do.
    fn items(self) -> Vec<(Action, &'static str)> {
        let mut items = Vec::new();
        if self.watching {
            items.extend([(Action::Chat, "chat"), (Action::Back, "lobby")]);
        } else if self.over {
            items.push((Action::Rematch, "rematch"));
            if self.reviewable {
                items.push((Action::Review, "review"));
            }
            items.extend([(Action::Chat, "chat"), (Action::Back, "lobby")]);
        } else {
            items.push((Action::Undo, "takeback"));
            if self.draws {
                items.push((Action::OfferDraw, "draw"));
            }
            items.extend([
                (Action::Resign, "resign"),
                (Action::Chat, "chat"),
                (Action::Back, "leave"),
            ]);
        }
        items
    }
}

/// Keys a match online has no use for: they ask the solver or the AI, or leave
/// (the online footer names its own way out).
const NOT_ONLINE: [Action; 12] = [
    Action::Hints,
    Action::Spoilers,
    Action::MoveNow,
    Action::Pause,
    Action::Undo,
    Action::Redo,
    Action::NewGame,
    Action::Rematch,
    Action::Review,
    Action::Back,
    Action::Quit,
    Action::Help,
];

#[derive(Clone, Debug, PartialEq)]
pub struct Keys {
    bindings: Vec<Binding>,
    /// A word on the match shown first in every footer ("saved"), set by the app.
    status: Option<&'static str>,
    /// A lesson is on screen (`tui::lesson`): the game's footers name only the keys
    /// that work in it, and the game draws no game-over box of its own.
    teaching: bool,
    /// A match online is on screen (set by the app while it draws one).
    online: Option<OnlineFooter>,
    /// The match on screen ended outside its rules (a clock ran out): its footers
    /// offer what comes next, not moves.
    finished: bool,
    /// A match ended outside its rules with no move played: nothing to review.
    nothing_to_review: bool,
    /// The shell draws a game-over box for an ending outside the rules.
    ending_box: Option<EndingBox>,
    /// What the board's turn line says instead of whose turn it is: a puzzle ended
    /// mid-game ("Missed: …") stands still, though the game on it would go on.
    board_note: Option<String>,
}

/// The shell's game-over box for a match that ended outside its rules (a clock, a
/// resignation, an agreement), as the footers and the turn line need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndingBox {
    /// On screen (Enter puts it away and brings it back).
    pub shown: bool,
    /// How the match ended, a sentence ("bob resigned.").
    pub how: String,
}

impl Default for Keys {
    fn default() -> Self {
        Keys::new(&KeyConfig::default(), &[])
    }
}

impl Keys {
    /// The fixed keys and the remappable ones as `config` binds them. Remappable keys
    /// come first, so the footer names the key the user chose. `games`: each game's
    /// own keys.
    pub fn new(config: &KeyConfig, games: &GameKeys) -> Keys {
        let mut bindings: Vec<Binding> = remappable(games)
            .into_iter()
            .map(|(name, action, game, default, what)| Binding {
                action,
                key: KeyCode::Char(config.get(name).unwrap_or(default)),
                scope: game.map_or(Scope::Everywhere, Scope::Game),
                config: Some(name),
                what,
            })
            .collect();
        bindings.extend(FIXED.iter().map(|&(action, key, what)| Binding {
            action,
            key,
            scope: Scope::Everywhere,
            config: None,
            what,
        }));
        Keys {
            bindings,
            status: None,
            teaching: false,
            online: None,
            finished: false,
            nothing_to_review: false,
            ending_box: None,
            board_note: None,
        }
    }

    /// Every binding, remappable ones first.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// The action of a key press where `game` (a command-line name) is on screen
    /// (`None`: menu and setup).
    pub fn action(&self, key: KeyEvent, game: Option<&str>) -> Action {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c') => Action::Quit,
                _ => Action::None,
            };
        }
        let applies = |b: &&Binding| match b.scope {
            Scope::Everywhere => true,
            Scope::Game(g) => Some(g) == game,
        };
        if let Some(b) = self
            .bindings
            .iter()
            .filter(applies)
            .find(|b| b.key == key.code)
        {
            return b.action;
        }
        match key.code {
            KeyCode::Char(c) if c.is_ascii_digit() => Action::Digit(c as u8 - b'0'),
            KeyCode::Char(c) => Action::Char(c),
            _ => Action::None,
        }
    }

    /// What `c` does on the screen of `game` (a command-line name), if it has a job
    /// there, in words: its name in the config's `[keys]` ("quit", "hints"), with
    /// spaces for underscores ("new game", not "new_game") and the prediction switch
    /// named as the help names it. The keys of a match online count only `online`.
    pub fn job_of(&self, c: char, game: &str, online: bool) -> Option<String> {
        let action = self.action(
            KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE),
            Some(game),
        );
        let online_only = matches!(action, Action::Resign | Action::OfferDraw | Action::Chat);
        if online_only && !online {
            return None;
        }
        self.bindings
            .iter()
            .find(|b| b.key == KeyCode::Char(c) && b.action == action)
            .map(|b| match b.config {
                Some("spoilers") => "the prediction switch".to_string(),
                Some(name) => name.replace('_', " "),
                None => b.what.to_string(),
            })
    }

    /// The key bound to `action` as footers write it: the fixed key where there is one
    /// (the arrows), else the remappable one.
    pub fn key(&self, action: Action) -> String {
        if let Action::Digit(_) = action {
            return "0-9".into();
        }
        let bound = |fixed: bool| {
            self.bindings
                .iter()
                .find(|b| b.action == action && b.config.is_none() == fixed)
        };
        bound(true)
            .or_else(|| bound(false))
            .map_or_else(String::new, |b| key_label(b.key))
    }

    /// The action of a key press in a text field: the fixed keys (arrows, Enter, Esc,
    /// Backspace) and Ctrl-C keep theirs, every character is typed.
    pub fn text_action(&self, key: KeyEvent) -> Action {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return self.action(key, None);
        }
        match key.code {
            KeyCode::Char(c) if c.is_ascii_digit() => Action::Digit(c as u8 - b'0'),
            KeyCode::Char(c) => Action::Char(c),
            code => FIXED
                .iter()
                .find(|(_, key, _)| *key == code)
                .map_or(Action::None, |(action, ..)| *action),
        }
    }

    /// The keys of several actions as one footer label: arrows side by side ("↑↓"),
    /// others with a slash ("r/Enter", "+/-").
    pub fn label(&self, actions: &[Action]) -> String {
        let keys: Vec<String> = actions.iter().map(|a| self.key(*a)).collect();
        let arrows = keys
            .iter()
            .all(|k| k.chars().count() == 1 && "↑↓←→".contains(k.as_str()));
        keys.join(if arrows { "" } else { "/" })
    }

    /// A footer: `(actions, what they do)` pairs turned into `(keys, what)` pairs, after
    /// the status (see [`STATUS_MARK`]) when there is one.
    pub fn footer(&self, items: &[(&[Action], &str)]) -> Vec<(String, String)> {
        let status = self
            .status
            .map(|s| (STATUS_MARK.to_string(), s.to_string()))
            .into_iter();
        let mut list: Vec<(String, String)> = status
            .chain(items.iter().filter_map(|(actions, what)| {
                if self.online.is_some() && actions.iter().any(|a| NOT_ONLINE.contains(a)) {
                    return None;
                }
                let what = if self.teaching {
                    lesson_word(actions, what)?
                } else {
                    what
                };
                Some((self.label(actions), what.to_string()))
            }))
            .collect();
        let enter = self.key(Action::Enter);
        let ending_box = self.ending_box.as_ref().map(|ending| {
            let what = if ending.shown { "board" } else { "result" };
            (enter.clone(), what.to_string())
        });
        if self.finished && self.online.is_none() {
            list.retain(|(key, _)| key == STATUS_MARK);
            list.extend(ending_box.clone());
            for (action, what) in [
                (Action::Rematch, "rematch"),
                (Action::Review, "review"),
                (Action::NewGame, "new"),
                (Action::Back, "menu"),
            ] {
                if action == Action::Review && self.nothing_to_review {
                    continue;
                }
                list.push((self.key(action), what.to_string()));
            }
        }
        if let Some(online) = self.online {
            // A finished match online names only its own keys (no moves are left).
            // The game's own game-over box (a game the rules ended) keeps its Enter.
            if online.over || online.watching {
                let own_box = online.over && ending_box.is_none();
                list.retain(|(key, _)| key == STATUS_MARK || (own_box && *key == enter));
                list.extend(ending_box);
            }
            list.extend(
                online
                    .items()
                    .into_iter()
                    .map(|(action, what)| (self.key(action), what.to_string())),
            );
        }
        list
    }

    /// Sets (or clears) the match online on screen, for the footers.
    pub fn set_online(&mut self, online: Option<OnlineFooter>) {
        self.online = online;
    }

    /// Whether the match on screen ended outside its rules (see `finished`).
    /// `moves`: whether a move was played (without one, the footer offers no review).
    pub fn set_finished(&mut self, finished: bool, moves: bool) {
        self.finished = finished;
        self.nothing_to_review = finished && !moves;
    }

    /// The shell's game-over box (an ending outside the rules), `None` when there is
    /// no such box.
    pub fn set_ending_box(&mut self, ending: Option<EndingBox>) {
        self.ending_box = ending;
    }

    /// How a match that ended outside its rules ended ("bob resigned."), if one did.
    pub fn ending_how(&self) -> Option<&str> {
        self.ending_box.as_ref().map(|e| e.how.as_str())
    }

    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The match online on screen, if one is.
    pub fn online(&self) -> Option<OnlineFooter> {
        self.online
    }

    /// The same keys, for a lesson's board (see `teaching`).
    pub fn teaching(&self) -> Keys {
        Keys {
            teaching: true,
            ..self.clone()
        }
    }

    /// The same keys, with the board's turn line saying `note` (see `board_note`).
    pub fn with_board_note(&self, note: String) -> Keys {
        Keys {
            board_note: Some(note),
            ..self.clone()
        }
    }

    /// What the board's turn line says instead of whose turn it is, if anything.
    pub fn board_note(&self) -> Option<&str> {
        self.board_note.as_deref()
    }

    /// Whether a lesson is on screen.
    pub fn is_teaching(&self) -> bool {
        self.teaching
    }

    /// Shows `status` first in the footers drawn from now on (the app says "saved"
    /// while a game on screen is saved), or nothing.
    pub fn set_status(&mut self, status: Option<&'static str>) {
        self.status = status;
    }

    /// The keys that apply everywhere, one line each, for the help.
    pub fn help_lines(&self, game: Option<&str>) -> Vec<String> {
        let mut lines = Vec::new();
        for b in &self.bindings {
            let shown = match b.scope {
                Scope::Everywhere => game.is_none() || b.config.is_some(),
                Scope::Game(g) => Some(g) == game,
            };
            // A match online has its own list, below: no AI, hints or undo there.
            let online_only = matches!(b.action, Action::Resign | Action::OfferDraw | Action::Chat);
            let elsewhere =
                self.online.is_some() && (NOT_ONLINE.contains(&b.action) || online_only);
            // A game's rules offline do not list the keys that work only online.
            let offline_game = game.is_some() && self.online.is_none() && online_only;
            // Arrows, Enter and Esc are described in the prose of each section.
            if shown && b.config.is_some() && !elsewhere && !offline_game {
                lines.push(format!("{:<7}{}", key_label(b.key), b.what));
            }
        }
        if let Some(online) = self.online {
            lines.push(String::new());
            lines.push("In this match online:".to_string());
            for (action, what) in online.items() {
                lines.push(format!("{:<7}{what}", self.key(action)));
            }
            if !online.over && !online.watching {
                lines.push(format!(
                    "{:<7}accept / decline what the other player asks",
                    "y / n"
                ));
                lines.push(format!(
                    "{:<7}(after {}: the other away over a minute) claim the win",
                    "w",
                    self.key(Action::Back)
                ));
            }
        }
        lines
    }
}

/// What a footer entry says in a lesson (`None`: the key does nothing there): undo and
/// a new game start the step again, Esc leaves the lesson.
fn lesson_word<'a>(actions: &[Action], what: &'a str) -> Option<&'a str> {
    match actions.first() {
        Some(
            Action::Hints
            | Action::Spoilers
            | Action::NewGame
            | Action::Review
            | Action::Rematch
            | Action::Redo
            | Action::Transcript
            | Action::MoveNow
            | Action::Pause,
        ) => None,
        Some(Action::Undo) => Some("again"),
        Some(Action::Back) => Some("leave"),
        _ => Some(what),
    }
}

/// Why a `[keys]` section cannot be used: the key to blame and what is wrong. Each
/// remappable key must be one visible character (or a space) and differ from every
/// other key that can apply on the same screen.
pub fn check(config: &KeyConfig, games: &GameKeys) -> Result<(), (String, String)> {
    let all = remappable(games);
    let default_of = |n: &str| all.iter().find(|(name, ..)| *name == n).map(|k| k.3);
    if let Some(unknown) = config
        .games
        .keys()
        .find(|k| !all.iter().any(|(n, ..)| n == k))
    {
        let names: Vec<&str> = all.iter().map(|(n, ..)| *n).collect();
        return Err((
            unknown.clone(),
            format!(
                "unknown key `keys.{}`: expected one of {}",
                crate::config::clip(unknown),
                names.join(", ")
            ),
        ));
    }
    if let Some((name, value)) = config.games.iter().find(|(_, v)| !v.is_str())
        && let Some((known, ..)) = all.iter().find(|(n, ..)| n == name)
    {
        return Err((
            known.to_string(),
            format!(
                "{} is not a key: expected one character in quotes, e.g. \"p\"",
                crate::config::clip(&value.to_string())
            ),
        ));
    }
    let mut seen: Vec<(&'static str, Option<&'static str>, char)> = Vec::new();
    for &(name, _, game, default, _) in &all {
        // A game key left out of the file keeps its default.
        let text = config
            .text(name)
            .map_or_else(|| default.to_string(), str::to_string);
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err((
                name.to_string(),
                format!(
                    "'{}' is not a single character: expected one key, e.g. \"q\"",
                    crate::config::clip(&text)
                ),
            ));
        };
        if c.is_control() || (c.is_whitespace() && c != ' ') {
            return Err((
                name.to_string(),
                "expected a visible character or a space".into(),
            ));
        }
        let clash = seen.iter().find(|(_, other_game, used)| {
            *used == c && (game.is_none() || other_game.is_none() || *other_game == game)
        });
        if let Some(&(other, _, _)) = clash {
            // Blame the binding the user changed, which is the one in their file.
            let untouched = |n: &str| default_of(n) == Some(c);
            let (blamed, kept) = if untouched(name) {
                (other, name)
            } else {
                (name, other)
            };
            return Err((
                blamed.to_string(),
                format!("'{c}' is already bound to keys.{kept}: each action needs its own key"),
            ));
        }
        seen.push((name, game, c));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    /// Two made-up games: one with a key of its own, one without.
    const GAMES: &GameKeys = &[
        (
            "pyramids",
            &[OwnKey {
                name: "pyramid",
                action: Action::Own("pyramid"),
                default: 'p',
                what: "the pyramid",
            }],
        ),
        ("letters", &[]),
    ];

    #[test]
    fn game_keys_apply_only_in_their_game() {
        let keys = Keys::new(&KeyConfig::default(), GAMES);
        let wl = Some("pyramids");
        let pnut = Some("letters");
        assert_eq!(keys.action(press('p'), wl), Action::Own("pyramid"));
        assert_eq!(keys.action(press('p'), pnut), Action::Char('p'));
        assert_eq!(keys.action(press('p'), None), Action::Char('p'));
        assert_eq!(keys.action(press('k'), pnut), Action::Up);
        assert_eq!(keys.action(press('7'), None), Action::Digit(7));
    }

    #[test]
    fn remapped_keys_move_and_the_footer_follows() {
        let config = KeyConfig {
            hints: "w".into(),
            pause: "x".into(),
            ..KeyConfig::default()
        };
        let keys = Keys::new(&config, GAMES);
        assert_eq!(keys.action(press('w'), None), Action::Hints);
        assert_eq!(keys.action(press('h'), None), Action::Char('h'));
        assert_eq!(keys.action(press('x'), None), Action::Pause);
        assert_eq!(keys.key(Action::Hints), "w");
        assert_eq!(keys.label(&[Action::Up, Action::Down]), "↑↓");
        assert_eq!(keys.label(&[Action::Rematch, Action::Enter]), "r/Enter");
        assert_eq!(keys.label(&[Action::Left, Action::Right]), "←→");
        let footer = keys.footer(&[(&[Action::Pause], "pause")]);
        assert_eq!(footer, vec![("x".to_string(), "pause".to_string())]);
    }

    #[test]
    fn clashes_are_refused_only_where_both_apply() {
        // `p` for the pyramid and as the pause key would clash in Winners & Losers.
        let mut config = KeyConfig {
            pause: "p".into(),
            ..KeyConfig::default()
        };
        let (blamed, message) = check(&config, GAMES).unwrap_err();
        assert_eq!(blamed, "pause");
        assert!(message.contains("keys.pyramid"), "{message}");
        // Two games' own keys may share a character.
        config = KeyConfig::default();
        config
            .games
            .insert("pyramid".into(), toml::Value::String("s".into()));
        assert_eq!(check(&config, GAMES), Ok(()));
        // A name no game declares is refused.
        config
            .games
            .insert("teleport".into(), toml::Value::String("t".into()));
        assert!(check(&config, GAMES).is_err_and(|(_, m)| m.contains("keys.teleport")));
        assert_eq!(check(&KeyConfig::default(), GAMES), Ok(()));
    }
}
