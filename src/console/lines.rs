//! The line protocol of `parlor engine` for the games other than Othello: one command a
//! line, one or more answer lines, `error <reason>` for a line it cannot follow (the
//! session goes on). docs/engine.md documents it with an example session.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::game::{Game, Outcome, Seat};
use crate::plugin::engine::{EngineSession, SetupReader};
use crate::plugin::{CliError, usage};
use crate::plugin::{GameId, GameSetup};
use crate::quote::clip_values;
use crate::solve::analysis::{Analysis, Verdict};
use crate::solve::analyst::{Analyst, Query};

/// What a game supplies to be driven by the line protocol.
pub struct LineGame<G: Game> {
    pub id: GameId,
    /// The start of a setup: its position when it names one, else the game's own start.
    pub start: fn(&GameSetup) -> Result<G, String>,
    /// The analyst of a setup, kept until the next `new`.
    pub analyst: fn(&GameSetup) -> Box<dyn Analyst<G>>,
}

/// A session of the line protocol.
pub struct LineEngine<G: Game> {
    game: LineGame<G>,
    /// Reads the setup of `new <options>`.
    setups: SetupReader,
    /// The options the engine was started with: `new` alone starts another such game.
    options: Vec<String>,
    setup: GameSetup,
    position: G,
    analyst: Box<dyn Analyst<G>>,
    /// Moves played since the last `new` or `position` (a stable seed for the analyst).
    ply: usize,
}

/// The longest `go <seconds>` accepted: a day.
const MAX_SECONDS: f64 = 86_400.0;

impl<G: Game + 'static> LineGame<G> {
    /// `parlor engine <game>`'s session of this game set up with `options`.
    pub fn session(
        self,
        options: &[String],
        setups: SetupReader,
    ) -> Result<Box<dyn EngineSession>, CliError> {
        Ok(Box::new(LineEngine::new(self, options, setups)?))
    }
}

impl<G: Game> LineEngine<G> {
    /// A session of the game set up with `options` (its `parlor play` options).
    pub fn new(
        game: LineGame<G>,
        options: &[String],
        setups: SetupReader,
    ) -> Result<Self, CliError> {
        let setup = setups(options)?;
        let position = (game.start)(&setup).map_err(usage)?;
        let analyst = (game.analyst)(&setup);
        Ok(LineEngine {
            game,
            setups,
            options: options.to_vec(),
            setup,
            position,
            analyst,
            ply: 0,
        })
    }

    fn command(&mut self, line: &str, stop: &dyn Fn() -> bool) -> Result<Vec<String>, String> {
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        match word {
            "new" => {
                let options: Vec<String> = if rest.is_empty() {
                    self.options.clone()
                } else {
                    rest.split_whitespace().map(String::from).collect()
                };
                let setup = (self.setups)(&options).map_err(|e| e.to_string())?;
                self.position = (self.game.start)(&setup)?;
                self.analyst = (self.game.analyst)(&setup);
                self.setup = setup;
                self.ply = 0;
                Ok(vec![self.ok()])
            }
            "position" if rest.is_empty() => Err(
                "position needs a position in the game's notation (as parlor solve reads it)"
                    .into(),
            ),
            "position" => {
                let mut setup = self.setup.clone();
                setup.position = Some(rest.to_string());
                self.position = (self.game.start)(&setup)?;
                self.ply = 0;
                Ok(vec![self.ok()])
            }
            "play" => {
                let mv = self.legal_move(rest)?;
                self.position.play(mv).map_err(|e| e.to_string())?;
                self.ply += 1;
                Ok(self.after_move(vec![self.ok()]))
            }
            "go" => {
                let deadline = deadline(rest)?;
                let analysis = self.analyse(deadline, stop)?;
                let legal = self.position.legal_moves();
                let mv = analysis
                    .best
                    .filter(|m| legal.contains(m))
                    .or_else(|| legal.first().copied())
                    .ok_or("there is no legal move")?;
                self.position.play(mv).map_err(|e| e.to_string())?;
                self.ply += 1;
                let answer = vec![
                    format!("move {mv}"),
                    format!("info {}", verdict_text(analysis.verdict)),
                ];
                Ok(self.after_move(answer))
            }
            "analyse" | "analyze" => {
                if !rest.is_empty() {
                    return Err(format!("analyse takes nothing after it, not {rest:?}"));
                }
                let analysis = self.analyse(None, stop)?;
                let mut answer: Vec<String> = analysis
                    .moves
                    .iter()
                    .map(|m| format!("value {} {}", m.mv, verdict_text(m.verdict)))
                    .collect();
                answer.push(format!("info {}", verdict_text(analysis.verdict)));
                Ok(answer)
            }
            "" => Err("empty line: accepted new, position, play, go, analyse, quit".into()),
            other => Err(format!(
                "unknown command {other:?}: accepted new [options], position <notation>, play <move>, go [seconds], analyse, quit"
            )),
        }
    }

    /// `ok` and the position it leaves, in the game's notation.
    fn ok(&self) -> String {
        format!("ok {}", self.position.position_text())
    }

    /// `answer`, and the result when the move ended the game.
    fn after_move(&self, mut answer: Vec<String>) -> Vec<String> {
        if let Some(outcome) = self.position.outcome() {
            answer.push(result_text(outcome).to_string());
        }
        answer
    }

    /// `text` as a legal move here; the error lists the legal ones.
    fn legal_move(&self, text: &str) -> Result<G::Move, String> {
        if let Some(outcome) = self.position.outcome() {
            return Err(format!("the game is over ({})", result_text(outcome)));
        }
        if text.is_empty() {
            return Err(format!("play needs a move: {}", self.legal_list()));
        }
        match text.parse::<G::Move>() {
            Ok(mv) if self.position.legal_moves().contains(&mv) => Ok(mv),
            Ok(_) => Err(format!("illegal move {text}: {}", self.legal_list())),
            Err(e) => Err(format!("illegal move {text} ({e}): {}", self.legal_list())),
        }
    }

    fn legal_list(&self) -> String {
        let moves: Vec<String> = self
            .position
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("the legal moves are {}", moves.join(" "))
    }

    /// The analyst's last report on the position, stopped at `deadline` if any, or
    /// when `stop` says a line that ends the session waits.
    fn analyse(
        &mut self,
        deadline: Option<Instant>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Analysis<G::Move>, String> {
        if let Some(outcome) = self.position.outcome() {
            return Err(format!("the game is over ({})", result_text(outcome)));
        }
        let query = Query {
            position: self.position.clone(),
            ai_to_move: true,
            ply: self.ply,
            played: None,
        };
        let stop = || stop() || deadline.is_some_and(|d| Instant::now() >= d);
        let mut last = None;
        self.analyst.analyse(&query, &stop, &mut |a| last = Some(a));
        last.ok_or_else(|| "the search stopped before it had an answer".to_string())
    }
}

impl<G: Game> EngineSession for LineEngine<G> {
    fn answer(
        &mut self,
        line: &str,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> std::io::Result<()> {
        match self.command(line, stop) {
            Ok(lines) => {
                for l in lines {
                    writeln!(out, "{l}")?;
                }
            }
            // One line: the reason's first line (clap's messages run on), a huge value
            // it quotes clipped.
            Err(reason) => writeln!(
                out,
                "error {}",
                clip_values(reason.lines().next().unwrap_or(""))
            )?,
        }
        Ok(())
    }
}

/// The deadline of `go <seconds>`; none without seconds (the analyst's own limits).
fn deadline(seconds: &str) -> Result<Option<Instant>, String> {
    if seconds.is_empty() {
        return Ok(None);
    }
    match seconds.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => {
            Ok(Some(Instant::now() + Duration::from_secs_f64(s)))
        }
        _ => Err(format!(
            "go {seconds}: accepted a number of seconds above 0 and at most {MAX_SECONDS}, or nothing"
        )),
    }
}

/// A verdict for the mover: `win in 7`, `loss in 4`, `draw`, `score 3` or `unknown`.
pub fn verdict_text(verdict: Verdict) -> String {
    match verdict {
        Verdict::Win { plies: Some(n) } => format!("win in {n}"),
        Verdict::Loss { plies: Some(n) } => format!("loss in {n}"),
        Verdict::Score(s) => format!("score {s}"),
        other => other.word().to_string(),
    }
}

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Seat::First) => "result first",
        Outcome::Win(Seat::Second) => "result second",
        Outcome::Draw => "result draw",
    }
}
