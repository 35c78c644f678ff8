//! The JSON that `solve`, `simulate` and usage errors print under `--json`: one shape per
//! command, the same keys for every game (`null` where a field does not apply), in the
//! order docs/json.md documents (serde writes a struct's fields in declaration order).
//! `tests/commands/json_schema.rs` checks the keys against its schema blocks.

use serde::Serialize;

use crate::solve::Analysis;

/// Changes whenever a shape below does.
pub const VERSION: u32 = 1;

/// `parlor solve <game> --json`.
#[derive(Debug, Serialize)]
pub struct SolveJson {
    pub version: u32,
    pub game: String,
    pub position: String,
    /// For the player to move: win, loss or draw.
    pub verdict: &'static str,
    /// Plies to the end with best play, where the engine counts them.
    pub plies: Option<u32>,
    /// The margin for the player to move (Othello's discs), `null` in games without one.
    pub score: Option<i32>,
    pub best: Option<String>,
    pub exact: bool,
    /// Ctrl-C stopped the search: the best analysis found so far.
    pub interrupted: bool,
    /// The search's depth in plies, for the engines that search by depth.
    pub depth: Option<u32>,
    pub nodes: u64,
    /// The expected line of play, best move first (Othello).
    pub pv: Option<Vec<String>>,
    pub moves: Vec<SolveMove>,
    /// Pnut-Butta's rules: the symbols and l.
    pub symbols: Option<String>,
    pub length: Option<usize>,
    /// Positions stored by the search (Pnut-Butta).
    pub positions: Option<u64>,
    /// The search's time (Othello, Pnut-Butta); left out when outputs are compared.
    pub seconds: Option<f64>,
    /// When and after how many nodes the winner was proven (Pnut-Butta).
    pub proof_seconds: Option<f64>,
    pub proof_nodes: Option<u64>,
    /// `--winner` was asked (Pnut-Butta).
    pub winner_only: Option<bool>,
}

/// One legal move's value in [`SolveJson`].
#[derive(Debug, Serialize)]
pub struct SolveMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub verdict: &'static str,
    pub plies: Option<u32>,
    /// Null where only a bound is proved (`at_most`).
    pub score: Option<i32>,
    /// Othello: the move is proved worth at most this (worse than the best); its exact
    /// margin was not asked for (`--every-move` asks). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<i32>,
}

impl SolveJson {
    /// The shared part of any game's analysis; the game fills in its own fields.
    pub fn new<M: std::fmt::Display>(game: &str, position: &str, a: &Analysis<M>) -> SolveJson {
        SolveJson {
            version: VERSION,
            game: game.to_string(),
            position: position.to_string(),
            verdict: a.verdict.word(),
            plies: a.verdict.plies(),
            score: a.score,
            best: a.best.as_ref().map(|m| m.to_string()),
            exact: a.exact,
            interrupted: false,
            depth: None,
            nodes: a.nodes,
            pv: None,
            moves: a
                .moves
                .iter()
                .map(|m| SolveMove {
                    mv: m.mv.to_string(),
                    verdict: m.verdict.word(),
                    plies: m.verdict.plies(),
                    score: m.score.filter(|_| m.score_at_most.is_none()),
                    at_most: m.score_at_most,
                })
                .collect(),
            symbols: None,
            length: None,
            positions: None,
            seconds: None,
            proof_seconds: None,
            proof_nodes: None,
            winner_only: None,
        }
    }

    /// One line on stdout.
    pub fn line(&self) -> String {
        line(self)
    }
}

/// A value as one line of JSON; serialising these plain structs cannot fail, but should
/// it, the line says so rather than the program panicking.
pub fn line<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        format!("{{\"version\":{VERSION},\"error\":\"cannot write JSON: {e}\",\"code\":1}}")
    })
}

/// `parlor solve nim|1357 --proof --json`: the exhaustive search's counts.
#[derive(Debug, Serialize)]
pub struct ProofJson {
    pub version: u32,
    pub game: String,
    pub position: String,
    pub positions: usize,
    pub first_player_wins: usize,
    pub second_player_wins: usize,
    /// "first" or "second".
    pub winner: &'static str,
}

/// `parlor simulate <game> --json`.
#[derive(Debug, Serialize)]
pub struct SimulateJson {
    pub version: u32,
    pub game: String,
    /// Replays the same games with `--seed`.
    pub seed: u64,
    /// Games played (fewer than `games_asked` after Ctrl-C).
    pub games: u32,
    pub games_asked: u32,
    pub interrupted: bool,
    /// By seat (the first mover); `null` for Othello, whose levels swap colours.
    pub first_player_wins: Option<u32>,
    pub second_player_wins: Option<u32>,
    /// `null` in games that cannot be drawn.
    pub draws: Option<u32>,
    /// Games that ended as the start's analysis predicted (`null`: Othello predicts none).
    pub predictions_confirmed: Option<u32>,
    pub mean_moves: Option<f64>,
    /// Winners & Losers: the mean string length and the games by length.
    pub mean_length: Option<f64>,
    pub by_length: Option<serde_json::Map<String, serde_json::Value>>,
    /// Pnut-Butta's rules.
    pub symbols: Option<String>,
    pub length: Option<usize>,
    /// Othello: each level's results.
    pub players: Option<Vec<serde_json::Value>>,
    /// Othello: the time taken; left out when outputs are compared.
    pub seconds: Option<f64>,
}

impl SimulateJson {
    /// The shared part; the game fills in its counts.
    pub fn new(game: &str, seed: u64, played: crate::console::progress::Played) -> SimulateJson {
        SimulateJson {
            version: VERSION,
            game: game.to_string(),
            seed,
            games: played.done,
            games_asked: played.asked,
            interrupted: played.interrupted(),
            first_player_wins: None,
            second_player_wins: None,
            draws: None,
            predictions_confirmed: None,
            mean_moves: None,
            mean_length: None,
            by_length: None,
            symbols: None,
            length: None,
            players: None,
            seconds: None,
        }
    }
}

/// An error under `--json`: one object on stderr instead of the `parlor: ...` line.
#[derive(Debug, Serialize)]
pub struct ErrorJson {
    pub version: u32,
    pub error: String,
    /// The exit code: 2 for usage errors (1 for a failed check, 130 after Ctrl-C).
    pub code: u8,
}

/// Whether the command line asks for JSON: `--json` (solve, simulate, stats) or
/// `--format json` (export). Read from the raw arguments, so that clap's own parse
/// errors are answered in JSON too.
pub fn wants_json<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> bool {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(AsRef::as_ref).collect();
    args.iter().enumerate().any(|(i, a)| {
        *a == "--json"
            || *a == "--format=json"
            || (*a == "--format" && args.get(i + 1).is_some_and(|next| *next == "json"))
    })
}

/// The error object's line; `message` without clap's "error: " prefix.
pub fn error_line(message: &str, code: u8) -> String {
    let message = message.trim();
    let message = message.strip_prefix("error: ").unwrap_or(message);
    line(&ErrorJson {
        version: VERSION,
        error: message.to_string(),
        code,
    })
}
