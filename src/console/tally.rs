//! The result of a perfect-AI-against-itself simulation, as every game's `simulate`
//! prints it: a table (or one JSON object), and exit code 1 unless every game ended as
//! the start's analysis predicted. A simulation cut short by Ctrl-C prints the tally of
//! the games played and exits with code 130 (see [`crate::console::progress::Played`]).

use std::io::Write;

use crate::console::json::{self, SimulateJson};
use crate::console::progress::Played;
use crate::game::{Game, Seat};
use crate::plugin::CliError;
use crate::solve::analysis::Analysis;
use crate::solve::policy;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// A simulation's generator and its seed: `--seed` or a fresh random one. ChaCha8's
/// stream is fixed by its specification (unlike `StdRng`'s, which may change with rand's
/// version), so the printed seed replays the same games with any build.
pub fn seeded(seed: Option<u64>) -> (u64, ChaCha8Rng) {
    let seed = seed.unwrap_or_else(rand::random);
    (seed, ChaCha8Rng::seed_from_u64(seed))
}

/// Plays `game` out with the best moves of `analyse` (ties broken by `rng`), as the
/// simulations do: the finished game and how many moves it took.
pub fn play_out<G: Game>(
    mut game: G,
    analyse: impl Fn(&G) -> Analysis<G::Move>,
    rng: &mut ChaCha8Rng,
) -> Result<(G, u64), CliError> {
    let mut moves = 0;
    while game.outcome().is_none() {
        let mv = policy::choose_move(&analyse(&game), policy::Slips::NONE, rng)
            .ok_or_else(|| CliError::Failed("a running game had no legal move".into()))?;
        game.play(mv).map_err(|e| CliError::Failed(e.to_string()))?;
        moves += 1;
    }
    Ok((game, moves))
}

/// The line every text simulation ends with, so any run can be replayed.
pub fn seed_line(seed: u64) -> String {
    format!("seed: {seed} — replay with --seed {seed}")
}

/// What a simulation counted.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub games: u32,
    pub first_wins: u32,
    /// `None` in games that cannot be drawn (the JSON's `draws` is then `null`).
    pub draws: Option<u32>,
    pub confirmed: u32,
    pub total_moves: u64,
    /// The seed the games were played from (printed, to replay them).
    pub seed: u64,
}

impl Tally {
    /// Counts a finished game: won by `winner` (`None`: drawn), `confirmed` if it ended
    /// as predicted.
    pub fn count(&mut self, winner: Option<Seat>, confirmed: bool) {
        match winner {
            Some(Seat::First) => self.first_wins += 1,
            Some(Seat::Second) => {}
            None => *self.draws.get_or_insert(0) += 1,
        }
        self.confirmed += u32::from(confirmed);
    }

    pub fn second_wins(&self) -> u32 {
        self.games - self.first_wins - self.draws.unwrap_or(0)
    }

    pub fn mean_moves(&self) -> f64 {
        self.total_moves as f64 / f64::from(self.games.max(1))
    }

    /// Prints the tally: `heading` (if any) above the table, or the JSON object, the
    /// game's own fields (such as its rules) set by `fill`. `played` says whether
    /// Ctrl-C cut the simulation short (then the JSON says so and the exit code is 130).
    pub fn print(
        &self,
        game: &str,
        heading: Option<String>,
        fill: &dyn Fn(&mut SimulateJson),
        as_json: bool,
        played: Played,
    ) -> Result<(), CliError> {
        let printed = self.write(game, heading, fill, as_json, played);
        played.finish(printed.and_then(|()| self.check()))
    }

    fn write(
        &self,
        game: &str,
        heading: Option<String>,
        fill: &dyn Fn(&mut SimulateJson),
        as_json: bool,
        played: Played,
    ) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        if as_json {
            let mut v = SimulateJson::new(game, self.seed, played);
            v.games = self.games;
            v.first_player_wins = Some(self.first_wins);
            v.second_player_wins = Some(self.second_wins());
            v.draws = self.draws;
            v.predictions_confirmed = Some(self.confirmed);
            v.mean_moves = Some(self.mean_moves());
            fill(&mut v);
            writeln!(out, "{}", json::line(&v))?;
        } else {
            if let Some(heading) = heading {
                writeln!(out, "{heading}")?;
            }
            writeln!(out, "{:<28}{:>10}", "games", self.games)?;
            writeln!(out, "{:<28}{:>10}", "first-player wins", self.first_wins)?;
            writeln!(
                out,
                "{:<28}{:>10}",
                "second-player wins",
                self.second_wins()
            )?;
            if let Some(draws) = self.draws {
                writeln!(out, "{:<28}{:>10}", "draws", draws)?;
            }
            writeln!(
                out,
                "{:<28}{:>10.1}",
                "mean moves per game",
                self.mean_moves()
            )?;
            writeln!(
                out,
                "predictions confirmed: {}/{}",
                self.confirmed, self.games
            )?;
            writeln!(out, "{}", seed_line(self.seed))?;
        }
        Ok(())
    }

    /// Exit code 1 (with the count) when some game did not end as predicted.
    pub fn check(&self) -> Result<(), CliError> {
        if self.confirmed == self.games {
            return Ok(());
        }
        Err(CliError::Failed(format!(
            "{} game(s) did not end as predicted",
            self.games - self.confirmed
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nim::{Ending, Nim};

    /// Piles 1,2 under normal play: the first player wins by taking one from the two
    /// (the nim-sum 3 is not zero), then each takes one coin: three moves.
    #[test]
    fn a_game_played_out_ends_as_solved_and_counts_its_moves() -> Result<(), CliError> {
        let (_, mut rng) = seeded(Some(7));
        let start = Nim::new(vec![1, 2], Ending::Normal);
        let (end, moves) = play_out(start, crate::solve::nim::analyse, &mut rng)?;
        assert_eq!(end.outcome(), Some(crate::game::Outcome::Win(Seat::First)));
        assert_eq!(moves, 3);
        Ok(())
    }

    /// Wins of either seat and draws are counted apart; a game without a draw leaves
    /// `draws` as it was (`None` in games that cannot be drawn).
    #[test]
    fn counting_games_keeps_wins_draws_and_confirmations_apart() {
        let mut tally = Tally::default();
        tally.count(Some(Seat::First), true);
        tally.count(Some(Seat::Second), false);
        assert_eq!(
            (tally.first_wins, tally.draws, tally.confirmed),
            (1, None, 1)
        );
        tally.count(None, true);
        assert_eq!(
            (tally.first_wins, tally.draws, tally.confirmed),
            (1, Some(1), 2)
        );
    }
}
