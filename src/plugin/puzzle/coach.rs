//! What the trainer asks of a game while a puzzle is played: every legal move's exact
//! value from the position on the board, the position each move leads to (as the board
//! writes it, so the move the player made is recognised), and the best line of play
//! from a position. Each game's glue (`games/<game>/puzzles.rs`) answers with its exact
//! solver through [`values`]; the trainer (`tui::trainer`) calls it off the UI thread.

use crate::config::Config;
use crate::game::{Game, Seat};
use crate::matchup::{FirstMover, Mode};
use crate::plugin::{GameArgs, GameId, GameSetup};
use crate::solve::{Analysis, Verdict};

use super::Puzzle;

/// One legal move and what it is worth to the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move in the game's notation (as the board's `play_text` takes it).
    pub text: String,
    /// The position after it, with any forced reply played (as the board shows it).
    pub after: String,
    pub worth: Worth,
    /// The seat that makes it (the board names it: "Player 2").
    pub mover: Seat,
}

/// What a move is worth with best play on both sides, with the plies to the end
/// (this move included; the winner fastest, the loser slowest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    Wins(u32),
    /// A draw (Chopsticks' endless play).
    Draws,
    Loses(u32),
    /// The disc margin the mover ends with (Othello, whose puzzles ask for the best
    /// score, not just a win).
    Scores(i32),
}

impl MoveValue {
    /// Whether the mover keeps a forced win by it.
    pub fn wins(&self) -> bool {
        match self.worth {
            Worth::Wins(_) => true,
            Worth::Scores(margin) => margin > 0,
            Worth::Draws | Worth::Loses(_) => false,
        }
    }

    /// Whether it is a move best play allows from among `moves` (the moves of the same
    /// position): a winning one, or in a game scored by discs one that reaches the best
    /// score.
    pub fn is_right(&self, moves: &[MoveValue]) -> bool {
        match self.worth {
            Worth::Scores(margin) => Some(margin) == best_score(moves),
            _ => self.wins(),
        }
    }

    /// What playing it instead of a right move gives away, in words: "lets the opponent
    /// win in 5", "lets the opponent hold a draw", "ends 4 discs short of the best
    /// (+2, not +6)". `None` for a right move.
    pub fn what_it_costs(&self, moves: &[MoveValue]) -> Option<String> {
        if self.is_right(moves) {
            return None;
        }
        Some(match self.worth {
            Worth::Loses(p) => format!("lets the opponent win in {}", p.saturating_sub(1)),
            Worth::Draws => "lets the opponent hold a draw".into(),
            Worth::Scores(margin) => {
                let best = best_score(moves).unwrap_or(margin);
                format!(
                    "ends {} disc{} short of the best ({}, not {})",
                    best - margin,
                    if best - margin == 1 { "" } else { "s" },
                    signed(margin),
                    signed(best)
                )
            }
            // A win is always right.
            Worth::Wins(_) => String::new(),
        })
    }
}

/// A margin with its sign: "+6", "-2", "0".
pub fn signed(margin: i32) -> String {
    if margin > 0 {
        format!("+{margin}")
    } else {
        margin.to_string()
    }
}

/// The best disc margin among `moves` scored by discs.
pub fn best_score(moves: &[MoveValue]) -> Option<i32> {
    moves
        .iter()
        .filter_map(|m| match m.worth {
            Worth::Scores(margin) => Some(margin),
            _ => None,
        })
        .max()
}

/// Whether every move of `moves` is right: nothing is left to find, the puzzle is
/// solved.
pub fn all_right(moves: &[MoveValue]) -> bool {
    moves.iter().all(|m| m.is_right(moves))
}

/// A game's exact values of every move from the position in `setup.position`, with the
/// options of `setup`. `Err` says why the position could not be valued.
pub type Coach = fn(&GameSetup) -> Result<Vec<MoveValue>, String>;

/// The values of `analysis` (an exact analysis of `position`) as the trainer needs
/// them: every legal move with its distance, or why one is missing.
pub fn values<G: Game>(
    position: &G,
    analysis: &Analysis<G::Move>,
) -> Result<Vec<MoveValue>, String> {
    values_by(position, |mv| {
        let verdict = analysis
            .value_of(mv)
            .map(|v| v.verdict)
            .unwrap_or(Verdict::Unknown);
        match verdict {
            Verdict::Win { plies: Some(p) } => Some(Worth::Wins(p)),
            Verdict::Loss { plies: Some(p) } => Some(Worth::Loses(p)),
            Verdict::Draw => Some(Worth::Draws),
            _ => None,
        }
    })
}

/// Every legal move of `position` with its worth by `worth_of` (`None`: the solver
/// could not settle it, and the whole answer is an error naming the move).
pub fn values_by<G: Game>(
    position: &G,
    worth_of: impl Fn(G::Move) -> Option<Worth>,
) -> Result<Vec<MoveValue>, String> {
    let mut out = Vec::new();
    for mv in position.legal_moves() {
        let text = position.move_text(mv);
        let Some(worth) = worth_of(mv) else {
            return Err(format!("the solver could not settle the move {text}"));
        };
        let mut after = position.clone();
        after.play(mv).map_err(|e| format!("{text}: {e}"))?;
        // A forced move (a pass) is played by the board without a key.
        while after.forced() && after.outcome().is_none() {
            let Some(&only) = after.legal_moves().first() else {
                break;
            };
            after.play(only).map_err(|e| e.to_string())?;
        }
        out.push(MoveValue {
            text,
            after: after.position_text(),
            worth,
            mover: position.to_move(),
        });
    }
    Ok(out)
}

/// The move best play chooses among `moves`: the fastest win, else a draw, else the
/// slowest loss (the solver's best defence); by discs, the best margin. The first of equals, so the choice is the
/// same each time.
pub fn best(moves: &[MoveValue]) -> Option<&MoveValue> {
    // Larger is better: wins first (the fewer plies the better), losses last (the
    // more plies the better).
    let rank = |w: Worth| match w {
        Worth::Wins(p) => (2, -i64::from(p)),
        Worth::Draws => (1, 0),
        Worth::Loses(p) => (0, i64::from(p)),
        Worth::Scores(margin) => (1, i64::from(margin)),
    };
    let mut best: Option<&MoveValue> = None;
    for m in moves {
        if best.is_none_or(|b| rank(m.worth) > rank(b.worth)) {
            best = Some(m);
        }
    }
    best
}

/// The line best play follows from `setup`'s position, at most `plies` moves long (the
/// words of "this lets the opponent win in 5: ..."). Stops early where the coach
/// cannot value a position or the game is over.
pub fn best_line(coach: Coach, setup: &GameSetup, plies: u32) -> Vec<String> {
    let mut setup = setup.clone();
    let mut line = Vec::new();
    for _ in 0..plies {
        let Ok(moves) = coach(&setup) else {
            break;
        };
        let Some(m) = best(&moves) else {
            break;
        };
        line.push(m.text.clone());
        setup.position = Some(m.after.clone());
    }
    line
}

/// The game's board for `setup` as a lesson or a puzzle shows it: no AI pause, no
/// hints, no prediction (the setup says who plays; the trainer and the lessons set two
/// people at one keyboard and answer for the other side themselves).
pub fn quiet_board(
    setup: GameSetup,
    config: &Config,
    seed: u64,
) -> Box<dyn crate::plugin::screen::GameScreen> {
    let env = crate::plugin::StartEnv {
        config,
        ai_delay_ms: 0,
        hints: false,
    };
    let mut rng = <crate::seeds::GameRng as rand::SeedableRng>::seed_from_u64(seed);
    let mut board = setup.game.kind().start(setup, &env, &mut rng);
    board.set_spoilers(false);
    board
}

/// The board a puzzle is played on: the game with the puzzle's options, started from
/// its position, two people at one keyboard (the trainer answers for the other side),
/// no clock, the prediction and the spoilers off. The error names what in the puzzle
/// the game does not accept.
pub fn setup_of(game: GameId, puzzle: &Puzzle, config: &Config) -> Result<GameSetup, String> {
    let kind = game.kind();
    let words = std::iter::once(game.cli_name()).chain(puzzle.options.split_whitespace());
    // The shared options too: a game may read them with its own (Pnut-Butta does).
    let shared = <crate::plugin::PlayCommon as clap::Args>::augment_args(clap::Command::new(
        game.cli_name(),
    ));
    let matches = kind
        .play_command(shared)
        .try_get_matches_from(words)
        .map_err(|e| {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("").to_string();
            format!(
                "puzzle {}: its options {:?}: {first}",
                puzzle.id, puzzle.options
            )
        })?;
    let mut setup = GameSetup::from_config(game, config);
    kind.play_options(&GameArgs { game, matches }, &mut setup)
        .map_err(|e| format!("puzzle {}: {e}", puzzle.id))?;
    setup.matchup.mode = Mode::TwoPlayers;
    setup.matchup.first = FirstMover::You;
    setup.matchup.clock = None;
    setup.spoilers = false;
    setup.position = Some(puzzle.position.clone());
    kind.check_position(&setup)
        .map_err(|e| format!("puzzle {}: its position: {e}", puzzle.id))?;
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str, wins: bool, plies: u32) -> MoveValue {
        MoveValue {
            text: text.into(),
            after: String::new(),
            worth: if wins {
                Worth::Wins(plies)
            } else {
                Worth::Loses(plies)
            },
            mover: Seat::First,
        }
    }

    #[test]
    fn best_play_takes_the_fastest_win_else_the_slowest_loss() {
        let moves = [
            value("a", false, 9),
            value("b", true, 7),
            value("c", true, 5),
            value("d", true, 5),
        ];
        assert_eq!(best(&moves).map(|m| m.text.as_str()), Some("c"));
        let lost = [
            value("a", false, 2),
            value("b", false, 6),
            value("c", false, 4),
        ];
        assert_eq!(best(&lost).map(|m| m.text.as_str()), Some("b"));
        // A draw is better than any loss (Chopsticks' defence), worse than any win.
        let mut held = lost.to_vec();
        held.push(MoveValue {
            text: "d".into(),
            after: String::new(),
            worth: Worth::Draws,
            mover: Seat::First,
        });
        assert_eq!(best(&held).map(|m| m.text.as_str()), Some("d"));
        held.push(value("e", true, 21));
        assert_eq!(best(&held).map(|m| m.text.as_str()), Some("e"));
        assert_eq!(best(&[]), None);
    }
}
