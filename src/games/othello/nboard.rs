//! The NBoard protocol for `parlor engine othello` (Othello's own engine session, the
//! other games share `cli::engine::lines`), so the engine can be added to the
//! NBoard GUI: `nboard 2`, `set depth N`, `set game <GGF>`, `set contempt N`,
//! `move <sq>[/eval/time]`, `hint N`, `go`, `ping N`, `learn`. Lines it does not know
//! are ignored, as the protocol asks. One search engine (and so one transposition
//! table) serves the whole session.

use std::io::Write;
use std::time::Instant;

use crate::config::Config;
use crate::game::Game;
use crate::game::othello::ggf::GgfGame;
use crate::game::othello::{Othello, OthelloMove};
use crate::plugin::engine::{EngineSession, Flow};
use crate::solve::Analysis;
use crate::solve::othello::{Engine, Evaluation, Limits, STRONG_EXACT};

/// A `status` line saying why a command was refused; a huge value it quotes clipped.
fn refuse(out: &mut dyn Write, reason: String) -> std::io::Result<()> {
    writeln!(out, "status {}", crate::quote::clip_values(&reason))
}

/// The depth before `set depth`: what NBoard's own default asks.
const DEFAULT_DEPTH: u32 = 12;
/// The deepest midgame search `set depth` accepts (the board has 60 empty squares).
const MAX_DEPTH: u32 = 60;
/// The longest `set movetime` accepted: ten minutes a move.
const MAX_MOVETIME: u64 = 600_000;

pub struct NBoard {
    engine: Engine,
    table_mib: u32,
    depth: u32,
    /// parlor's extension `set movetime MS`: search by the clock, as the strong level
    /// does, instead of to a depth (`set depth` goes back to depths).
    movetime: Option<u64>,
    position: Othello,
}

impl NBoard {
    pub fn new(config: &Config) -> NBoard {
        let mut engine = Engine::new(config.solver.table_mib);
        engine.set_threads(crate::games::othello::threads(config));
        NBoard {
            engine,
            table_mib: config.solver.table_mib,
            depth: DEFAULT_DEPTH,
            movetime: None,
            position: Othello::new(),
        }
    }

    /// Depth maps to the midgame depth; the endgame is solved exactly once the empty
    /// squares are no more than the depth (as NBoard engines do at the end).
    fn limits(&self) -> Limits {
        if let Some(ms) = self.movetime {
            return Limits {
                max_depth: None,
                max_millis: Some(ms),
                table_mib: self.table_mib,
                exact_empties: STRONG_EXACT,
            };
        }
        Limits {
            max_depth: Some(self.depth),
            max_millis: None,
            table_mib: self.table_mib,
            exact_empties: self.depth,
        }
    }

    fn search(&mut self) -> Option<(Analysis<OthelloMove>, f64)> {
        let start = Instant::now();
        let limits = self.limits();
        let mut last = None;
        self.engine
            .analyse(&self.position, &limits, &|| false, &mut |a| last = Some(a));
        last.map(|a| (a, start.elapsed().as_secs_f64()))
    }

    fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["nboard", ..] => writeln!(out, "set myname parlor")?,
            ["ping", n] => writeln!(out, "pong {n}")?,
            ["set", "depth", n] => match n.parse::<u32>() {
                Ok(d) if (1..=MAX_DEPTH).contains(&d) => {
                    self.depth = d;
                    self.movetime = None;
                }
                _ => refuse(out, format!("set depth {n}: accepted 1-{MAX_DEPTH}"))?,
            },
            ["set", "movetime", ms] => match ms.parse::<u64>() {
                Ok(ms) if (1..=MAX_MOVETIME).contains(&ms) => self.movetime = Some(ms),
                _ => refuse(
                    out,
                    format!("set movetime {ms}: accepted 1-{MAX_MOVETIME} milliseconds"),
                )?,
            },
            ["set", "game", ..] => {
                let record = line.split_once("game").map_or("", |(_, r)| r.trim());
                match GgfGame::parse(record) {
                    Ok(game) => self.position = game.end(),
                    Err(e) => refuse(out, format!("set game: {e}"))?,
                }
            }
            // parlor's extension `set eval patterns|classic`: which evaluation to use.
            ["set", "eval", name] => match name.parse::<Evaluation>() {
                Ok(e) => self.engine.set_evaluation(e),
                Err(e) => refuse(out, format!("set eval: {e}"))?,
            },
            // Draws are scored as they fall: contempt changes nothing here.
            ["set", "contempt", _] => {}
            ["move", mv] => {
                let square = mv.split('/').next().unwrap_or("");
                match read_move(square) {
                    Some(m) if self.position.legal_moves().contains(&m) => {
                        let _ = self.position.play(m);
                    }
                    _ => refuse(out, format!("move {square}: not legal here"))?,
                }
            }
            ["go"] => {
                writeln!(out, "status parlor is thinking")?;
                let answer = self.best();
                writeln!(out, "{answer}")?;
                writeln!(out, "status parlor is waiting")?;
            }
            ["hint", n] => {
                writeln!(out, "status parlor is thinking")?;
                // `hint N`: a line for each of the N best moves (fewer if fewer are legal).
                let wanted = n.parse::<usize>().unwrap_or(1).max(1);
                if let Some((a, _)) = self.search() {
                    for line in hint_lines(&a, wanted) {
                        writeln!(out, "{line}")?;
                    }
                }
                writeln!(out, "status")?;
            }
            ["learn"] => writeln!(out, "learned")?,
            // Unknown lines are ignored: the protocol's rule.
            _ => {}
        }
        Ok(())
    }

    /// The answer to `go`: `=== <move>/<eval>/<seconds>`, a pass as `PA`. The move is
    /// the AI's play search (the strong level's: one best move, midgame ProbCut), not
    /// the analysis `hint` gives, which values every move.
    fn best(&mut self) -> String {
        let legal = self.position.legal_moves();
        if legal == [OthelloMove::Pass] || legal.is_empty() {
            return "=== PA".to_string();
        }
        let start = Instant::now();
        let limits = self.limits();
        match self.engine.search(&self.position, &limits, &|| false) {
            Some(c) => {
                let mv = Some(c.mv).filter(|m| legal.contains(m)).unwrap_or(legal[0]);
                let seconds = start.elapsed().as_secs_f64();
                format!("=== {}/{}.00/{seconds:.1}", nboard_move(mv), c.score)
            }
            None => format!("=== {}", nboard_move(legal[0])),
        }
    }
}

impl EngineSession for NBoard {
    fn answer(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<Flow> {
        if line == "quit" {
            return Ok(Flow::Quit);
        }
        self.command(line, out)?;
        Ok(Flow::Continue)
    }
}

/// The `search <pv> <eval> 0 <depth>` lines of `hint N`: the best move with the
/// principal variation, then the next best moves by their value, `wanted` in all. The
/// depth is `100%` for a value the search proved.
fn hint_lines(a: &Analysis<OthelloMove>, wanted: usize) -> Vec<String> {
    let depth = |exact: bool| {
        if exact {
            "100%".to_string()
        } else {
            a.depth.to_string()
        }
    };
    let mut lines = Vec::new();
    let best = a.best.or_else(|| a.pv.first().copied());
    if let Some(best) = best {
        let pv: String = if a.pv.first() == Some(&best) {
            a.pv.iter().map(|m| nboard_move(*m)).collect()
        } else {
            nboard_move(best)
        };
        lines.push(format!(
            "search {pv} {} 0 {}",
            a.score.unwrap_or(0),
            depth(a.exact)
        ));
    }
    let mut others: Vec<_> = a
        .moves
        .iter()
        .filter(|m| Some(m.mv) != best)
        .filter_map(|m| m.score.map(|s| (s, m)))
        .collect();
    others.sort_by_key(|(s, m)| (std::cmp::Reverse(*s), m.mv));
    for (score, m) in others.into_iter().take(wanted.saturating_sub(lines.len())) {
        let proved = !matches!(
            m.verdict,
            crate::solve::Verdict::Score(_) | crate::solve::Verdict::Unknown
        );
        lines.push(format!(
            "search {} {score} 0 {}",
            nboard_move(m.mv),
            depth(proved)
        ));
    }
    lines.truncate(wanted);
    lines
}

/// A square as NBoard writes it (`F5`), a pass as `PA`.
fn nboard_move(m: OthelloMove) -> String {
    match m {
        OthelloMove::Pass => "PA".to_string(),
        square => square.to_string().to_uppercase(),
    }
}

/// `F5`, `f5`, `PA` or `pass`.
fn read_move(text: &str) -> Option<OthelloMove> {
    if text.eq_ignore_ascii_case("pa") {
        return Some(OthelloMove::Pass);
    }
    text.parse().ok()
}
