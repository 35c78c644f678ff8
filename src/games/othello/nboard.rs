//! The NBoard protocol for `parlor engine othello` (Othello's own engine session, the
//! other games share `cli::engine::lines`), so the engine can be added to the
//! NBoard GUI: `nboard 2`, `set depth N`, `set game <GGF>`, `set contempt N`,
//! `move <sq>[/eval/time]`, `hint N`, `go`, `ping N`, `learn`. Lines it does not know
//! are ignored, as the protocol asks. One search engine (and so one transposition
//! table) serves the whole session.
//!
//! The GUI sends the board before each request (`set game`, or `move` for one more
//! move), then `ping N`, then `go` or `hint N`; and it sends them while a search still
//! runs when the user takes a move back or starts a new game. So a search stops at
//! once when such a line arrives (see [`stops_a_search`]): it answers with what it has,
//! which the GUI ignores until its `pong`. A record or move the engine cannot follow
//! leaves it without a board: it says so in a `status` line and answers nothing for a
//! board it does not have, until the next `set game`.

use std::io::Write;
use std::time::Instant;

use crate::config::Config;
use crate::game::othello::ggf::GgfGame;
use crate::game::othello::ggf_fields::{read_square, split_move};
use crate::game::othello::{Othello, OthelloMove};
use crate::game::{Game, Seat};
use crate::plugin::engine::EngineSession;
use crate::solve::Analysis;
use crate::solve::othello::book::Book;
use crate::solve::othello::clock::move_budget;
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

/// Whether a line arriving during a search stops it (`quit` always does): `ping` (the
/// protocol: "stop thinking and respond"), and every line that changes the board or asks
/// for another search. `set contempt` and lines the engine does not know leave it.
pub fn stops_a_search(line: &str) -> bool {
    let mut words = line.split_whitespace();
    match (words.next(), words.next()) {
        (Some("set"), Some("contempt")) => false,
        (Some(word), _) => {
            matches!(
                word,
                "ping" | "go" | "hint" | "move" | "set" | "nboard" | "learn" | "analyze"
            ) || read_square(word).is_ok()
        }
        (None, _) => false,
    }
}

pub struct NBoard {
    engine: Engine,
    table_mib: u32,
    depth: u32,
    /// parlor's extension `set movetime MS`: search by the clock, as the strong level
    /// does, instead of to a depth (`set depth` goes back to depths).
    movetime: Option<u64>,
    /// The game as the GUI set it, with the moves since; or why the engine does not
    /// know the board (a record or move it could not follow).
    game: Result<GgfGame, String>,
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
            game: Ok(GgfGame::new(Othello::new(), Vec::new())),
        }
    }

    /// Depth maps to the midgame depth; the endgame is solved exactly once the empty
    /// squares are no more than the depth (as NBoard engines do at the end). With
    /// `clocked`, the record's clock for the side to move also bounds the time.
    fn limits(&self, game: &GgfGame, clocked: bool) -> Limits {
        let position = game.end();
        let seat = position.to_move();
        let clock = game.clocks[seat.index()]
            .filter(|_| clocked)
            .zip(game.time_left(seat))
            .map(|(clock, left)| {
                move_budget(left, clock.increment, position.empty_count()).as_millis() as u64
            });
        if let Some(ms) = self.movetime {
            return Limits {
                max_depth: None,
                max_millis: Some(clock.map_or(ms, |c| c.min(ms))),
                table_mib: self.table_mib,
                exact_empties: STRONG_EXACT,
            };
        }
        Limits {
            max_depth: Some(self.depth),
            max_millis: clock,
            table_mib: self.table_mib,
            exact_empties: self.depth,
        }
    }

    /// The board, or a `status` line saying the engine has none.
    fn board(&self, out: &mut dyn Write) -> std::io::Result<Option<GgfGame>> {
        match &self.game {
            Ok(game) => Ok(Some(game.clone())),
            Err(why) => {
                refuse(
                    out,
                    format!("parlor has no board ({why}): send set game first"),
                )?;
                Ok(None)
            }
        }
    }

    fn command(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()> {
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
                    Ok(game) => self.game = Ok(game),
                    Err(e) => {
                        refuse(out, format!("set game refused: {e}"))?;
                        self.game = Err(format!("the last set game was refused: {e}"));
                    }
                }
            }
            // parlor's extension `set eval patterns|classic`: which evaluation to use.
            ["set", "eval", name] => match name.parse::<Evaluation>() {
                Ok(e) => self.engine.set_evaluation(e),
                Err(e) => refuse(out, format!("set eval: {e}"))?,
            },
            // Draws are scored as they fall: contempt changes nothing here.
            ["set", "contempt", _] => {}
            ["move", mv] => self.play(mv, out)?,
            // NBoard 1.1 sent the move alone ("F5" for "move F5").
            [mv] if read_square(split_move(mv).0).is_ok() => self.play(mv, out)?,
            ["go"] => {
                if let Some(game) = self.board(out)? {
                    writeln!(out, "status parlor is thinking")?;
                    self.best(&game, out, stop)?;
                    writeln!(out, "status parlor is waiting")?;
                }
            }
            ["hint", n] => {
                if let Some(game) = self.board(out)? {
                    writeln!(out, "status parlor is thinking")?;
                    // `hint N`: a line for each of the N best moves (fewer if fewer are legal).
                    let wanted = n.parse::<usize>().unwrap_or(1).max(1);
                    let limits = self.limits(&game, false);
                    let mut last = None;
                    self.engine
                        .analyse(&game.end(), &limits, stop, &mut |a| last = Some(a));
                    if let Some(a) = last {
                        for line in hint_lines(&a, wanted) {
                            writeln!(out, "{line}")?;
                        }
                    }
                    writeln!(out, "status")?;
                }
            }
            ["learn"] => writeln!(out, "learned")?,
            ["analyze"] => {
                if let Some(game) = self.board(out)? {
                    writeln!(out, "status parlor is analysing the game")?;
                    self.analyze(&game, out, stop)?;
                    writeln!(out, "status")?;
                }
            }
            // Unknown lines are ignored: the protocol's rule.
            _ => {}
        }
        Ok(())
    }

    /// `move F5[/eval/time]`: the move is added to the game with the time it took. One
    /// that is not legal on the engine's board leaves it without a board.
    fn play(&mut self, text: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let (square, seconds) = split_move(text);
        let Ok(game) = &mut self.game else {
            return self.board(out).map(|_| ());
        };
        let legal = game.end().legal_moves();
        match read_square(square).ok() {
            Some(m) if legal.contains(&m) => {
                let _ = game.push(m, seconds);
            }
            _ => {
                let names: Vec<String> = legal.iter().map(|m| nboard_move(*m)).collect();
                refuse(
                    out,
                    format!(
                        "move {square}: not legal on parlor's board (legal: {})",
                        names.join(" ")
                    ),
                )?;
                self.game = Err(format!("the move {square} was not legal on its board"));
            }
        }
        Ok(())
    }

    /// The answer to `go`: `nodestats`, then `=== <move>/<eval>/<seconds>`, a pass as
    /// `PA`. The move is the AI's play search (the strong level's: one best move,
    /// midgame ProbCut), not the analysis `hint` gives, which values every move. A
    /// stopped search answers with the best move of its last finished depth.
    fn best(
        &mut self,
        game: &GgfGame,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()> {
        let position = game.end();
        let legal = position.legal_moves();
        if legal == [OthelloMove::Pass] || legal.is_empty() {
            return writeln!(out, "=== PA");
        }
        // The opening book answers at once where it has the position.
        if let Some((mv, v)) = Book::shipped().best(&position) {
            writeln!(out, "nodestats 0 0.00")?;
            return writeln!(out, "=== {}/{}.00/0.0", nboard_move(mv), v.score);
        }
        let start = Instant::now();
        let limits = self.limits(game, true);
        match self.engine.search(&position, &limits, stop) {
            Some(c) => {
                let mv = Some(c.mv).filter(|m| legal.contains(m)).unwrap_or(legal[0]);
                let seconds = start.elapsed().as_secs_f64();
                writeln!(out, "nodestats {} {seconds:.2}", c.nodes)?;
                writeln!(out, "=== {}/{}.00/{seconds:.1}", nboard_move(mv), c.score)
            }
            None => writeln!(out, "=== {}", nboard_move(legal[0])),
        }
    }
}

impl NBoard {
    /// The answer to `analyze`, the protocol's retrograde analysis: for each position of
    /// the game, from the last back to the start, `analysis <moves made> <eval>` (passes
    /// count as moves), the eval black's disc margin as NBoard's score graph plots it
    /// (it draws white's move values negated). Each position is valued as `go` would
    /// value it (the book, else the play search at the set depth, exact near the end);
    /// finished positions by their result. A `ping` stops it after the line in hand.
    fn analyze(
        &mut self,
        game: &GgfGame,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()> {
        let mut positions = vec![game.start];
        for mv in &game.moves {
            let mut next = *positions.last().unwrap_or(&game.start);
            if next.play(*mv).is_err() {
                break;
            }
            positions.push(next);
        }
        for (made, position) in positions.iter().enumerate().rev() {
            if stop() {
                break;
            }
            // A finished game's margin counts its empty squares for the winner.
            let finished = position.is_over().then(|| {
                let [b, w] = position.final_count();
                b as i32 - w as i32
            });
            let for_mover = if let Some(black) = finished {
                Some(match position.to_move() {
                    Seat::First => black,
                    Seat::Second => -black,
                })
            } else if let Some((_, v)) = Book::shipped().best(position) {
                Some(v.score)
            } else {
                let limits = self.limits(&GgfGame::new(*position, Vec::new()), false);
                self.engine.search(position, &limits, stop).map(|c| c.score)
            };
            let Some(v) = for_mover else {
                break;
            };
            let black = match position.to_move() {
                Seat::First => v,
                Seat::Second => -v,
            };
            writeln!(out, "analysis {made} {black}.00")?;
            out.flush()?;
        }
        Ok(())
    }
}

impl EngineSession for NBoard {
    fn answer(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()> {
        self.command(line, out, stop)
    }

    fn stopper(&self) -> fn(&str) -> bool {
        stops_a_search
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
