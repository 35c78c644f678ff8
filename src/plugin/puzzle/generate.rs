//! The puzzle generator: positions from play (random playouts and AI-vs-AI games,
//! seeded), each proved by the game's exact solver, judged by issue 37's rule, graded,
//! and de-duplicated up to the game's symmetries.
//!
//! The rule ([`judge`]): the side to move wins; at most a third of its legal moves, and
//! at most two, win; the win takes at least [`MIN_PLIES`] plies against the best
//! defence; and the casual level's move does not win. The levels of the games solved
//! exactly (`matchup::Difficulty`) play the solver's best move except when they slip
//! (`solve::policy::choose_move`), so "the casual level's move" is the move it plays
//! with the puzzle's own seed (a hash of the game, its options and the position up to
//! symmetry): one fixed move per puzzle that anyone can replay. Every level draws with
//! that same seed, so a level slips only where every weaker one does. The first rating
//! is the measured rating (`assets/ratings/levels.txt`) of the weakest level whose move
//! so drawn wins ([`super::first_rating`]).

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};

use super::{Puzzle, VERSION, first_rating};
use crate::game::Game;
use crate::matchup::Difficulty;
use crate::seeds::GameRng;
use crate::solve::policy::choose_move;
use crate::solve::{Analysis, Verdict};

/// The shortest win a puzzle may have, in plies against the best defence.
pub const MIN_PLIES: u32 = 5;
/// The most winning first moves a puzzle may have (and at most a third of its moves).
pub const MAX_WINNING: usize = 2;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Every random choice follows from it: the same seed makes the same sets.
    pub seed: u64,
    /// Games played from each of a game's settings, half random playouts, half AI
    /// against AI (each side a level drawn at random).
    pub games: usize,
    /// At most this many puzzles are kept per game (the shipped set).
    pub keep: usize,
}

/// What became of one candidate position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement<M> {
    /// The side to move does not win (or the game is over).
    NotWon,
    /// The solver could not prove every move's value with its distance.
    Unproved,
    /// The win is shorter than [`MIN_PLIES`].
    TooShort,
    /// More than [`MAX_WINNING`] moves win, or more than a third of them.
    TooManyWinning,
    /// The casual level's move (drawn with the puzzle's seed) wins.
    CasualFinds,
    /// A puzzle: its winning moves, the win's length and its first rating.
    Puzzle {
        winning: Vec<M>,
        plies: u32,
        rating: u32,
    },
}

/// Judges a position of `game` by its exact analysis: `seed` draws each level's move
/// (see the module's header).
pub fn judge<M: Copy + PartialEq>(game: &str, analysis: &Analysis<M>, seed: u64) -> Judgement<M> {
    if !analysis.verdict.is_win() || analysis.moves.is_empty() {
        return Judgement::NotWon;
    }
    let known = |v: Verdict| match v {
        Verdict::Win { plies } | Verdict::Loss { plies } => plies.is_some(),
        Verdict::Draw => true,
        Verdict::Score(_) | Verdict::Unknown => false,
    };
    let Some(plies) = analysis.verdict.plies() else {
        return Judgement::Unproved;
    };
    if !analysis.exact || !analysis.moves.iter().all(|m| known(m.verdict)) {
        return Judgement::Unproved;
    }
    if plies < MIN_PLIES {
        return Judgement::TooShort;
    }
    let winning: Vec<M> = analysis.winning_moves().collect();
    if winning.len() > MAX_WINNING || winning.len() * 3 > analysis.moves.len() {
        return Judgement::TooManyWinning;
    }
    let mut rating = None;
    for level in Difficulty::ALL.into_iter().rev() {
        let level_rating = first_rating(game, level);
        let mut rng = GameRng::seed_from_u64(seed);
        let wins =
            choose_move(analysis, level.slips(), &mut rng).is_some_and(|m| winning.contains(&m));
        if level == Difficulty::Casual && wins {
            return Judgement::CasualFinds;
        }
        if wins && rating.is_none() {
            rating = Some(level_rating);
        }
    }
    // The perfect level always plays a winning move; the fallback is its rating.
    let rating = rating.unwrap_or_else(|| first_rating(game, Difficulty::Perfect));
    Judgement::Puzzle {
        winning,
        plies,
        rating,
    }
}

/// A stable 64-bit hash (FNV-1a): ids and seeds must not change between builds.
pub fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The id of a puzzle of `game` with `options` whose position is `key` up to symmetry.
pub fn puzzle_id(game: &str, options: &str, key: &str) -> String {
    format!(
        "{game}-{:08x}",
        stable_hash(&format!("{options}\n{key}")) as u32
    )
}

/// A game's exact analysis for the generator: `None` where it cannot be had cheaply.
pub type Analyser<G> = Box<dyn FnMut(&G) -> Option<Analysis<<G as Game>::Move>>>;

/// One setting of a game to play and mine for puzzles.
pub struct Source<G: Game> {
    /// The game's command-line name.
    pub game: &'static str,
    /// The setting's options as `parlor solve` takes them.
    pub options: String,
    /// A start to play from (random or fixed).
    pub start: Box<dyn FnMut(&mut GameRng) -> G>,
    /// The position as a puzzle shows it (Nim leaves out empty piles; most games
    /// show it as it is): the one analysed and listed.
    pub present: fn(&G) -> G,
    /// The exact analysis, every move's value with its distance; `None` where it cannot
    /// be had cheaply (the position is then no candidate).
    pub analyse: Analyser<G>,
    /// The same text for positions equal up to the game's symmetries.
    pub key: fn(&G) -> String,
    /// Games longer than this are cut short (a loopy game's random walk).
    pub max_plies: usize,
}

/// What one setting gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingReport {
    pub options: String,
    /// Distinct positions met in play, up to symmetry.
    pub seen: usize,
    /// Of those, the ones whose mover wins, proved.
    pub won: usize,
    /// The ones the solver could not prove within the generator's budget.
    pub unproved: usize,
    /// The ones that would qualify but for the casual level's move, which wins.
    pub casual_finds: usize,
    /// The ones that qualify as puzzles.
    pub qualified: usize,
}

impl SettingReport {
    /// Counts `judgement` where it belongs; a puzzle's winning moves, length and first
    /// rating come back.
    pub fn count<M>(&mut self, judgement: Judgement<M>) -> Option<(Vec<M>, u32, u32)> {
        match judgement {
            Judgement::Puzzle {
                winning,
                plies,
                rating,
            } => {
                self.qualified += 1;
                Some((winning, plies, rating))
            }
            Judgement::Unproved => {
                self.unproved += 1;
                None
            }
            Judgement::CasualFinds => {
                self.casual_finds += 1;
                None
            }
            Judgement::NotWon | Judgement::TooShort | Judgement::TooManyWinning => None,
        }
    }
}

/// What a game's generator gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub game: &'static str,
    pub settings: Vec<SettingReport>,
    /// Every qualifying position found, over the settings.
    pub qualified: usize,
    /// The kept ones ([`Plan::keep`] at most), easiest first.
    pub puzzles: Vec<Puzzle>,
}

/// The puzzles found so far, by setting and position up to symmetry.
pub type Found = BTreeMap<(String, String), Puzzle>;

/// Plays `plan.games` games of `source` and adds every qualifying position to `found`.
pub fn mine<G: Game>(source: &mut Source<G>, plan: &Plan, found: &mut Found) -> SettingReport {
    let mut rng = GameRng::seed_from_u64(
        plan.seed ^ stable_hash(&format!("{}\n{}", source.game, source.options)),
    );
    let mut report = SettingReport {
        options: source.options.clone(),
        seen: 0,
        won: 0,
        unproved: 0,
        casual_finds: 0,
        qualified: 0,
    };
    let mut seen: BTreeMap<String, ()> = BTreeMap::new();
    for game in 0..plan.games {
        let random = game % 2 == 0;
        let levels = [pick_level(&mut rng), pick_level(&mut rng)];
        let mut position = (source.start)(&mut rng);
        for _ in 0..source.max_plies {
            if position.outcome().is_some() {
                break;
            }
            let shown = (source.present)(&position);
            let same = shown.position_text() == position.position_text();
            let key = (source.key)(&shown);
            let mut shown_analysis = None;
            if seen.insert(key.clone(), ()).is_none() {
                report.seen += 1;
                let analysis = (source.analyse)(&shown);
                match &analysis {
                    Some(a) => consider(source, &shown, &key, a, &mut report, found),
                    None => report.unproved += 1,
                }
                shown_analysis = analysis;
            }
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let chosen = if random {
                None
            } else {
                let analysis = match shown_analysis {
                    Some(a) if same => Some(a),
                    _ => (source.analyse)(&position),
                };
                let slips = levels[position.to_move().index()].slips();
                analysis.and_then(|a| choose_move(&a, slips, &mut rng))
            };
            let mv = chosen.unwrap_or_else(|| moves[rng.random_range(0..moves.len())]);
            if position.play(mv).is_err() {
                break;
            }
        }
    }
    report
}

fn pick_level(rng: &mut GameRng) -> Difficulty {
    Difficulty::ALL[rng.random_range(0..Difficulty::ALL.len())]
}

/// Judges one new position and keeps it when it qualifies.
fn consider<G: Game>(
    source: &Source<G>,
    shown: &G,
    key: &str,
    analysis: &Analysis<G::Move>,
    report: &mut SettingReport,
    found: &mut Found,
) {
    if analysis.verdict.is_win() {
        report.won += 1;
    }
    let seed = stable_hash(&format!("{}\n{}\n{key}", source.game, source.options));
    let Some((winning, plies, rating)) = report.count(judge(source.game, analysis, seed)) else {
        return;
    };
    let puzzle = Puzzle {
        version: VERSION,
        game: source.game.to_string(),
        id: puzzle_id(source.game, &source.options, key),
        options: source.options.clone(),
        position: shown.position_text(),
        winning: winning.iter().map(ToString::to_string).collect(),
        result: Puzzle::win_in(plies),
        plies,
        rating,
    };
    found.insert((source.options.clone(), key.to_string()), puzzle);
}

/// The report of a game from its settings' reports and every puzzle found: at most
/// `plan.keep` kept, chosen by id (a hash, so no setting or rating is favoured), then
/// listed easiest first (rating, then the win's length, then setting and position).
pub fn finish(
    game: &'static str,
    plan: &Plan,
    settings: Vec<SettingReport>,
    found: Found,
) -> Report {
    let qualified = found.len();
    let mut puzzles: Vec<Puzzle> = found.into_values().collect();
    puzzles.sort_by(|a, b| a.id.cmp(&b.id));
    puzzles.truncate(plan.keep);
    puzzles.sort_by(|a, b| {
        (a.rating, a.plies, &a.options, &a.position).cmp(&(
            b.rating,
            b.plies,
            &b.options,
            &b.position,
        ))
    });
    Report {
        game,
        settings,
        qualified,
        puzzles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MoveValue;

    fn valued(mv: u8, verdict: Verdict) -> MoveValue<u8> {
        MoveValue {
            mv,
            verdict,
            score: None,
            traps: None,
            plies_at_most: None,
            chances: None,
            proofs_left: None,
            score_at_most: None,
        }
    }

    /// A won position of `n` moves, the first `w` winning in `plies`.
    fn won(n: u8, w: u8, plies: u32) -> Analysis<u8> {
        let moves: Vec<MoveValue<u8>> = (0..n)
            .map(|i| {
                let v = if i < w {
                    Verdict::Win { plies: Some(plies) }
                } else {
                    Verdict::Loss {
                        plies: Some(plies + 1),
                    }
                };
                valued(i, v)
            })
            .collect();
        Analysis {
            best: Some(0),
            verdict: Verdict::Win { plies: Some(plies) },
            score: None,
            pv: vec![0],
            moves,
            depth: 1,
            nodes: 1,
            exact: true,
        }
    }

    /// The first seed whose judgement of `a` is not `CasualFinds`.
    fn judged(a: &Analysis<u8>) -> Judgement<u8> {
        (0..200u64)
            .map(|s| judge("nim", a, s))
            .find(|j| *j != Judgement::CasualFinds)
            .expect("some seed makes casual slip")
    }

    #[test]
    fn the_rule_of_issue_37() {
        assert_eq!(judge("nim", &won(6, 1, 3), 1), Judgement::TooShort);
        assert_eq!(judge("nim", &won(6, 3, 7), 1), Judgement::TooManyWinning);
        assert_eq!(
            judge("nim", &won(5, 2, 7), 1),
            Judgement::TooManyWinning,
            "2 of 5 is more than a third"
        );
        let mut lost = won(6, 0, 6);
        lost.verdict = Verdict::Loss { plies: Some(6) };
        assert_eq!(judge("nim", &lost, 1), Judgement::NotWon);
        let mut unknown = won(6, 1, 7);
        unknown.moves[3].verdict = Verdict::Loss { plies: None };
        assert_eq!(judge("nim", &unknown, 1), Judgement::Unproved);
        match judged(&won(6, 2, 7)) {
            Judgement::Puzzle {
                winning,
                plies,
                rating,
            } => {
                assert_eq!((winning, plies), (vec![0, 1], 7));
                assert_ne!(
                    rating,
                    first_rating("nim", Difficulty::Casual),
                    "casual does not solve it"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn casual_finds_a_win_for_most_seeds_and_misses_it_for_some() {
        let a = won(9, 1, 9);
        let finds = (0..400u64)
            .filter(|&s| judge("nim", &a, s) == Judgement::CasualFinds)
            .count();
        // Casual plays the best move 70% of the time and slips onto the one win 1 in 9.
        assert!((250..350).contains(&finds), "{finds}");
    }

    #[test]
    fn ratings_are_level_ratings_and_a_weaker_level_solving_rates_lower() {
        let a = won(9, 1, 9);
        let mut ratings = std::collections::BTreeSet::new();
        for s in 0..400u64 {
            if let Judgement::Puzzle { rating, .. } = judge("nim", &a, s) {
                ratings.insert(rating);
            }
        }
        let levels: Vec<u32> = Difficulty::ALL
            .iter()
            .map(|&l| first_rating("nim", l))
            .collect();
        assert!(ratings.iter().all(|r| levels.contains(r)), "{ratings:?}");
        assert!(
            ratings.contains(&first_rating("nim", Difficulty::Strong)),
            "{ratings:?}"
        );
    }

    #[test]
    fn ids_are_stable_and_differ_by_options() {
        assert_eq!(puzzle_id("nim", "", "3,4,5"), puzzle_id("nim", "", "3,4,5"));
        assert_ne!(
            puzzle_id("nim", "", "3,4,5"),
            puzzle_id("nim", "--misere", "3,4,5")
        );
        assert_eq!(stable_hash(""), 0xcbf2_9ce4_8422_2325);
    }
}
