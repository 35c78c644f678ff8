//! The statistics of the history: per game (in menu order) and per AI level, the games
//! a person played against the AI (played, won, drawn, lost, the winning streaks and,
//! for games with a score, the mean margin), and how the games of two people and of
//! two AIs ended, by seat; the same again per variant of the game (its options in
//! words, as the game describes them: "piles 3,4,5, misère"), and the player's rating
//! against the AI (`store::rating`, filled in by the caller). Pure functions of the records, so that the statistics screen
//! and `parlor stats` always agree. The games' order, names and levels come from the
//! caller ([`GameInfo`]; `games::statistics` passes the registry's), so the store
//! imports no game.

use serde::Serialize;

use super::rating::PlayerRating;
use super::record::{MatchRecord, ResultRecord};
use crate::game::Seat;
use crate::matchup::Mode;

/// What the statistics know of a game: its command-line name, its name on the menu and
/// the names of its AI levels, in the order its setup offers them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub levels: Vec<&'static str>,
}

/// A person's games against the AI at one level of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelStats {
    /// The AI's strength (`MatchRecord::level`).
    pub level: String,
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Wins in a row ending with the latest game at this level (0 after a draw or loss).
    pub streak: u32,
    /// The longest run of wins at this level.
    pub best_streak: u32,
    /// The person's mean final margin (their score minus the AI's), rounded to two
    /// decimals; `None` for games without a score.
    pub mean_margin: Option<f64>,
    #[serde(skip)]
    margin_sum: i64,
    #[serde(skip)]
    margin_games: u32,
}

/// Games without a person against the AI (two people, or two AIs), by who won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeatTally {
    pub played: u32,
    /// Won by whoever moved first.
    pub first_won: u32,
    pub second_won: u32,
    pub drawn: u32,
}

/// The games of one variant of a game, counted as the game's are.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantStats {
    /// The variant in words ("symbols 012, runs of 3").
    pub variant: String,
    pub vs_ai: Vec<LevelStats>,
    pub two_players: SeatTally,
    pub ai_vs_ai: SeatTally,
}

/// Everything counted for one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameStats {
    /// The command-line name (`MatchRecord::game`).
    pub game: String,
    /// The name on the menu (the command-line name for a game this parlor does not know).
    pub name: String,
    /// Against the AI, one entry per level played, in the order the game's setup offers
    /// the levels.
    pub vs_ai: Vec<LevelStats>,
    pub two_players: SeatTally,
    pub ai_vs_ai: SeatTally,
    /// The same per variant, in the order first played; empty for a game with one
    /// variant.
    pub variants: Vec<VariantStats>,
    /// The player's rating against the AI, once a game was rated (the caller's to fill:
    /// `compute` leaves it `None`).
    pub rating: Option<PlayerRating>,
}

/// How a finished game went for the person in `seat`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Won,
    Drawn,
    Lost,
}

fn outcome(seat: Seat, result: ResultRecord) -> Outcome {
    match (seat, result) {
        (_, ResultRecord::Draw) => Outcome::Drawn,
        (Seat::First, ResultRecord::First) | (Seat::Second, ResultRecord::Second) => Outcome::Won,
        _ => Outcome::Lost,
    }
}

impl LevelStats {
    fn new(level: &str) -> LevelStats {
        LevelStats {
            level: level.to_string(),
            ..LevelStats::default()
        }
    }

    fn add(&mut self, outcome: Outcome, margin: Option<i32>) {
        self.played += 1;
        match outcome {
            Outcome::Won => {
                self.won += 1;
                self.streak += 1;
                self.best_streak = self.best_streak.max(self.streak);
            }
            Outcome::Drawn => {
                self.drawn += 1;
                self.streak = 0;
            }
            Outcome::Lost => {
                self.lost += 1;
                self.streak = 0;
            }
        }
        if let Some(margin) = margin {
            self.margin_sum += i64::from(margin);
            self.margin_games += 1;
            let mean = self.margin_sum as f64 / f64::from(self.margin_games);
            self.mean_margin = Some((mean * 100.0).round() / 100.0);
        }
    }
}

/// A mean margin with its sign and one decimal, or a dash for a game without a score.
pub fn margin_text(margin: Option<f64>) -> String {
    margin.map_or_else(|| "-".to_string(), |m| format!("{m:+.1}"))
}

impl SeatTally {
    /// How these games ended, by seat, in the words the table and the screen use:
    /// `who` names the seats as the game did ("player" for two people: "player 1 won
    /// 3"; "AI" for two AIs: "AI 1 won 3").
    pub fn summary(&self, who: &str) -> String {
        format!(
            "{who} 1 won {}, {who} 2 won {}, drawn {}",
            self.first_won, self.second_won, self.drawn
        )
    }

    fn add(&mut self, result: ResultRecord) {
        self.played += 1;
        match result {
            ResultRecord::First => self.first_won += 1,
            ResultRecord::Second => self.second_won += 1,
            ResultRecord::Draw => self.drawn += 1,
        }
    }
}

impl GameStats {
    fn new(game: &str, known: &[GameInfo]) -> GameStats {
        GameStats {
            game: game.to_string(),
            name: known
                .iter()
                .find(|g| g.id == game)
                .map_or_else(|| game.to_string(), |g| g.name.to_string()),
            vs_ai: Vec::new(),
            two_players: SeatTally::default(),
            ai_vs_ai: SeatTally::default(),
            variants: Vec::new(),
            rating: None,
        }
    }

    /// Counts one finished game of this game, of `variant` if the game has variants.
    fn add(&mut self, record: &MatchRecord, result: ResultRecord, variant: Option<String>) {
        count(
            (&mut self.vs_ai, &mut self.two_players, &mut self.ai_vs_ai),
            record,
            result,
        );
        let Some(variant) = variant else {
            return;
        };
        let index = match self.variants.iter().position(|v| v.variant == variant) {
            Some(i) => i,
            None => {
                self.variants.push(VariantStats {
                    variant,
                    vs_ai: Vec::new(),
                    two_players: SeatTally::default(),
                    ai_vs_ai: SeatTally::default(),
                });
                self.variants.len() - 1
            }
        };
        let v = &mut self.variants[index];
        count(
            (&mut v.vs_ai, &mut v.two_players, &mut v.ai_vs_ai),
            record,
            result,
        );
    }

    /// Whether anything of this game was counted.
    pub fn is_empty(&self) -> bool {
        self.vs_ai.is_empty() && self.two_players.played == 0 && self.ai_vs_ai.played == 0
    }

    /// Whether any level has a mean margin (the game has a score).
    pub fn has_margin(&self) -> bool {
        self.vs_ai.iter().any(|l| l.mean_margin.is_some())
    }
}

/// Counts one finished game into a game's (or a variant's) tallies: against the AI by
/// level, else by seat.
fn count(
    (vs_ai, two_players, ai_vs_ai): (&mut Vec<LevelStats>, &mut SeatTally, &mut SeatTally),
    record: &MatchRecord,
    result: ResultRecord,
) {
    match (record.mode, record.human_seat()) {
        (Mode::VsAi, Some(seat)) => {
            let level = if record.level.is_empty() {
                record.difficulty.name()
            } else {
                record.level.as_str()
            };
            let index = match vs_ai.iter().position(|l| l.level == level) {
                Some(i) => i,
                None => {
                    vs_ai.push(LevelStats::new(level));
                    vs_ai.len() - 1
                }
            };
            // The margin from the person's side: the record keeps the first mover's.
            let margin = record.first_margin.map(|m| match seat {
                Seat::First => m,
                Seat::Second => -m,
            });
            vs_ai[index].add(outcome(seat, result), margin);
        }
        (Mode::TwoPlayers, _) => two_players.add(result),
        (Mode::AiVsAi, _) => ai_vs_ai.add(result),
        // Against the AI with no one person in a seat: not a game anyone played.
        (Mode::VsAi, None) => {}
    }
}

/// The statistics of `history` (oldest first, as `Store::history` gives it): one entry
/// per game with a finished game in it, in the order of `known` (games not in it last,
/// as they first appear), levels likewise. Games not finished are not counted.
pub fn compute(history: &[MatchRecord], known: &[GameInfo]) -> Vec<GameStats> {
    compute_by_variant(history, known, &|_| None)
}

/// [`compute`], each game's games also split by the variant `variant` names (`None`:
/// the game has one variant).
pub fn compute_by_variant(
    history: &[MatchRecord],
    known: &[GameInfo],
    variant: &dyn Fn(&MatchRecord) -> Option<String>,
) -> Vec<GameStats> {
    let mut games: Vec<GameStats> = Vec::new();
    for record in history {
        let Some(result) = record.result else {
            continue;
        };
        let index = match games.iter().position(|g| g.game == record.game) {
            Some(i) => i,
            None => {
                games.push(GameStats::new(&record.game, known));
                games.len() - 1
            }
        };
        games[index].add(record, result, variant(record));
    }
    games.retain(|g| !g.is_empty());
    // Stable sorts: what the registry does not list keeps the order it first appeared in.
    let info = |game: &str| known.iter().position(|g| g.id == game);
    games.sort_by_key(|g| info(&g.game).unwrap_or(usize::MAX));
    for game in &mut games {
        let levels = info(&game.game).map_or(&[][..], |i| &known[i].levels[..]);
        let order = |l: &LevelStats| {
            levels
                .iter()
                .position(|name| *name == l.level)
                .unwrap_or(usize::MAX)
        };
        game.vs_ai.sort_by_key(order);
        for v in &mut game.variants {
            v.vs_ai.sort_by_key(order);
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchup::Difficulty;
    use crate::store::record::test_records::{ai, person, vs_ai};

    /// A won, drawn or lost game of Nim at `level` for a person moving first.
    fn nim(level: &str, outcome: Outcome) -> MatchRecord {
        let result = match outcome {
            Outcome::Won => ResultRecord::First,
            Outcome::Drawn => ResultRecord::Draw,
            Outcome::Lost => ResultRecord::Second,
        };
        vs_ai("nim", level, true, result)
    }

    fn other_mode(game: &str, mode: Mode, result: ResultRecord) -> MatchRecord {
        let mut r = vs_ai(game, "perfect", true, result);
        r.mode = mode;
        r.seats = match mode {
            Mode::TwoPlayers => [person(), person()],
            _ => [ai(), ai()],
        };
        r
    }

    use Outcome::{Drawn, Lost, Won};

    const DIFFICULTIES: [&str; 4] = ["perfect", "strong", "casual", "beginner"];

    /// The games these tests know, in this order, as the registry would list them.
    fn known() -> Vec<GameInfo> {
        let game = |id, name, levels: &[&'static str]| GameInfo {
            id,
            name,
            levels: levels.to_vec(),
        };
        vec![
            game("nim", "Nim", &DIFFICULTIES),
            game("chopsticks", "Chopsticks", &DIFFICULTIES),
            game(
                "othello",
                "Othello",
                &["beginner", "casual", "benedict", "strong", "exact"],
            ),
            game("wl", "Winners & Losers", &DIFFICULTIES),
        ]
    }

    fn compute(history: &[MatchRecord]) -> Vec<GameStats> {
        super::compute(history, &known())
    }

    #[test]
    fn no_history_no_statistics() {
        assert!(compute(&[]).is_empty());
    }

    #[test]
    fn counts_and_streaks_per_level() {
        let history = [
            nim("perfect", Won),
            nim("perfect", Won),
            nim("casual", Won),
            nim("perfect", Lost),
            nim("perfect", Won),
            nim("casual", Won),
        ];
        let stats = compute(&history);
        assert_eq!(stats.len(), 1);
        let nim = &stats[0];
        assert_eq!((nim.game.as_str(), nim.name.as_str()), ("nim", "Nim"));
        let perfect = &nim.vs_ai[0];
        assert_eq!(perfect.level, "perfect");
        assert_eq!(
            (perfect.played, perfect.won, perfect.drawn, perfect.lost),
            (4, 3, 0, 1)
        );
        // Won, won, lost, won: one in a row now, two at best.
        assert_eq!((perfect.streak, perfect.best_streak), (1, 2));
        let casual = &nim.vs_ai[1];
        assert_eq!(casual.level, "casual");
        assert_eq!(
            (casual.played, casual.won, casual.streak, casual.best_streak),
            (2, 2, 2, 2)
        );
        assert_eq!(perfect.mean_margin, None);
        assert!(!nim.has_margin());
    }

    #[test]
    fn a_draw_or_a_loss_ends_the_streak() {
        let stats = compute(&[nim("strong", Won), nim("strong", Won), nim("strong", Drawn)]);
        let strong = &stats[0].vs_ai[0];
        assert_eq!((strong.won, strong.drawn, strong.lost), (2, 1, 0));
        assert_eq!((strong.streak, strong.best_streak), (0, 2));
        let stats = compute(&[
            nim("strong", Won),
            nim("strong", Lost),
            nim("strong", Won),
            nim("strong", Won),
            nim("strong", Won),
        ]);
        let strong = &stats[0].vs_ai[0];
        assert_eq!((strong.streak, strong.best_streak), (3, 3));
        let stats = compute(&[nim("strong", Lost), nim("strong", Lost)]);
        let strong = &stats[0].vs_ai[0];
        assert_eq!(
            (strong.won, strong.lost, strong.streak, strong.best_streak),
            (0, 2, 0, 0)
        );
    }

    #[test]
    fn the_person_moving_second_wins_when_the_second_seat_does() {
        let history = [
            vs_ai("chopsticks", "casual", false, ResultRecord::Second),
            vs_ai("chopsticks", "casual", false, ResultRecord::First),
            vs_ai("chopsticks", "casual", true, ResultRecord::Second),
            vs_ai("chopsticks", "casual", false, ResultRecord::Draw),
        ];
        let casual = &compute(&history)[0].vs_ai[0];
        assert_eq!(
            (casual.played, casual.won, casual.drawn, casual.lost),
            (4, 1, 1, 2)
        );
        assert_eq!((casual.streak, casual.best_streak), (0, 1));
    }

    #[test]
    fn margins_are_the_persons_and_averaged() {
        let mut black = vs_ai("othello", "benedict", true, ResultRecord::First);
        black.first_margin = Some(10);
        // The person played white and lost by 4: the first player's margin is +4.
        let mut white = vs_ai("othello", "benedict", false, ResultRecord::First);
        white.first_margin = Some(4);
        let mut draw = vs_ai("othello", "benedict", false, ResultRecord::Draw);
        draw.first_margin = Some(0);
        let stats = compute(&[black, white, draw]);
        let benedict = &stats[0].vs_ai[0];
        // (10 - 4 + 0) / 3
        assert_eq!(benedict.mean_margin, Some(2.0));
        assert!(stats[0].has_margin());

        let mut a = vs_ai("othello", "strong", true, ResultRecord::Second);
        a.first_margin = Some(-5);
        let mut b = vs_ai("othello", "strong", true, ResultRecord::First);
        b.first_margin = Some(2);
        let mut c = vs_ai("othello", "strong", true, ResultRecord::Second);
        c.first_margin = Some(-7);
        // -10 / 3 = -3.333...: two decimals.
        let strong = &compute(&[a, b, c])[0].vs_ai[0];
        assert_eq!(strong.mean_margin, Some(-3.33));
    }

    #[test]
    fn games_of_other_modes_are_not_wins_against_the_ai() {
        let history = [
            nim("perfect", Won),
            other_mode("nim", Mode::TwoPlayers, ResultRecord::First),
            other_mode("nim", Mode::TwoPlayers, ResultRecord::First),
            other_mode("nim", Mode::TwoPlayers, ResultRecord::Second),
            other_mode("nim", Mode::AiVsAi, ResultRecord::Second),
            other_mode("nim", Mode::AiVsAi, ResultRecord::Draw),
            nim("perfect", Won),
        ];
        let stats = compute(&history);
        let nim = &stats[0];
        assert_eq!(nim.vs_ai.len(), 1);
        let perfect = &nim.vs_ai[0];
        // The games between them neither count nor break the streak.
        assert_eq!((perfect.played, perfect.won, perfect.streak), (2, 2, 2));
        assert_eq!(
            nim.two_players,
            SeatTally {
                played: 3,
                first_won: 2,
                second_won: 1,
                drawn: 0
            }
        );
        assert_eq!(
            nim.ai_vs_ai,
            SeatTally {
                played: 2,
                first_won: 0,
                second_won: 1,
                drawn: 1
            }
        );
    }

    #[test]
    fn a_vs_ai_record_without_one_person_is_not_counted() {
        let mut odd = nim("perfect", Won);
        odd.seats = [ai(), ai()];
        assert!(compute(&[odd]).is_empty());
    }

    #[test]
    fn unfinished_games_are_not_counted() {
        let mut open = nim("perfect", Won);
        open.result = None;
        assert!(compute(&[open.clone()]).is_empty());
        let stats = compute(&[nim("perfect", Won), open, nim("perfect", Won)]);
        assert_eq!(stats[0].vs_ai[0].played, 2);
    }

    #[test]
    fn games_in_menu_order_levels_in_setup_order() {
        let history = [
            vs_ai("wl", "beginner", true, ResultRecord::First),
            vs_ai("othello", "exact", true, ResultRecord::First),
            vs_ai("othello", "beginner", true, ResultRecord::First),
            vs_ai("zork", "grue", true, ResultRecord::First),
            vs_ai("nim", "beginner", true, ResultRecord::First),
            vs_ai("nim", "mystery", true, ResultRecord::First),
            vs_ai("nim", "perfect", true, ResultRecord::First),
        ];
        let stats = compute(&history);
        let games: Vec<&str> = stats.iter().map(|g| g.game.as_str()).collect();
        assert_eq!(games, ["nim", "othello", "wl", "zork"]);
        let levels =
            |i: usize| -> Vec<&str> { stats[i].vs_ai.iter().map(|l| l.level.as_str()).collect() };
        // Difficulties strongest first, as the setup cycles them; unknown ones last.
        assert_eq!(levels(0), ["perfect", "beginner", "mystery"]);
        // Othello's levels weakest first, as its setup offers them.
        assert_eq!(levels(1), ["beginner", "exact"]);
        assert_eq!(stats[3].name, "zork");
    }

    #[test]
    fn margins_and_seats_in_words() {
        assert_eq!(margin_text(Some(5.33)), "+5.3");
        assert_eq!(margin_text(Some(-20.0)), "-20.0");
        assert_eq!(margin_text(Some(0.0)), "+0.0");
        assert_eq!(margin_text(None), "-");
        let tally = SeatTally {
            played: 6,
            first_won: 3,
            second_won: 2,
            drawn: 1,
        };
        assert_eq!(
            tally.summary("player"),
            "player 1 won 3, player 2 won 2, drawn 1"
        );
        assert_eq!(tally.summary("AI"), "AI 1 won 3, AI 2 won 2, drawn 1");
    }

    #[test]
    fn games_split_by_variant_and_the_totals_stay() {
        let mut misere = nim("perfect", Won);
        misere.options = serde_json::json!("misère");
        let mut other = other_mode("nim", Mode::TwoPlayers, ResultRecord::Second);
        other.options = serde_json::json!("misère");
        let history = [
            nim("perfect", Won),
            misere.clone(),
            nim("casual", Lost),
            misere,
            other,
            vs_ai("othello", "exact", true, ResultRecord::Second),
        ];
        // The variant is the options' text here; Othello has none.
        let variant = |r: &MatchRecord| match (&r.game[..], &r.options) {
            ("nim", serde_json::Value::String(s)) => Some(s.clone()),
            ("nim", _) => Some("normal".to_string()),
            _ => None,
        };
        let stats = compute_by_variant(&history, &known(), &variant);
        let nim = &stats[0];
        // The totals as before.
        assert_eq!(nim.vs_ai[0].played, 3);
        assert_eq!(
            (nim.vs_ai[1].level.as_str(), nim.vs_ai[1].lost),
            ("casual", 1)
        );
        assert_eq!(nim.two_players.played, 1);
        // Per variant, in the order first played, levels in the setup's order.
        let names: Vec<&str> = nim.variants.iter().map(|v| v.variant.as_str()).collect();
        assert_eq!(names, ["normal", "misère"]);
        let normal = &nim.variants[0];
        let levels: Vec<(&str, u32, u32)> = normal
            .vs_ai
            .iter()
            .map(|l| (l.level.as_str(), l.won, l.lost))
            .collect();
        assert_eq!(levels, [("perfect", 1, 0), ("casual", 0, 1)]);
        assert_eq!(normal.two_players.played, 0);
        let misere = &nim.variants[1];
        assert_eq!((misere.vs_ai.len(), misere.vs_ai[0].won), (1, 2));
        assert_eq!(misere.vs_ai[0].streak, 2);
        assert_eq!(misere.two_players.second_won, 1);
        // A game without variants has none; compute splits nothing.
        assert!(stats[1].variants.is_empty());
        assert!(compute(&history).iter().all(|g| g.variants.is_empty()));
        assert!(stats.iter().all(|g| g.rating.is_none()));
    }

    #[test]
    fn an_empty_level_falls_back_to_the_difficulty() {
        let mut r = nim("x", Won);
        r.level = String::new();
        r.difficulty = Difficulty::Casual;
        assert_eq!(compute(&[r])[0].vs_ai[0].level, "casual");
    }
}
