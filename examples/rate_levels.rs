//! Measures the AI levels' ratings (issue 37): for every game, AI-vs-AI matches between
//! every pair of its levels, then one maximum likelihood fit of the results on the Elo
//! scale (`parlor::plugin::rating::fit`: a draw half a win for each side, one virtual
//! draw per pairing, the weakest level at 800). Writes `assets/ratings/levels.txt`.
//!
//! ```text
//! cargo run --release --example rate_levels -- --seed 1 --games 200 --othello-games 20 \
//!     --out assets/ratings/levels.txt
//! ```
//!
//! `--games N`: games per pairing of levels (6 pairings of the 4 difficulties; Othello's
//! 5 levels make 10, with `--othello-games` each, as its strong levels are slow).
//! `--only GAME`: one game. Every random choice follows from `--seed` (ChaCha8, whose
//! stream does not change between versions), so a run repeats.
//!
//! The games are played as the arcade plays them, from varied starts, each start twice
//! with the sides swapped (so a start that favours one side favours both levels once):
//! - Nim: half 3-4-5, half 2-5 random piles of 1-9 coins; normal or misère at random.
//! - 1-3-5-7: the rows 1, 3, 5, 7 (misère), after 0-2 random moves.
//! - Chopsticks: standard, rollover or no empty splits at random, after 0-2 random moves;
//!   the arcade's move cap of 100 (a draw), and a repeated position is a draw.
//! - Winners & Losers: random strings of 5-50 letters (the setup's lengths).
//! - Pnut-Butta: symbols 012, l = 3 (the default), after 0-2 random symbols; the engine
//!   searches within a node budget instead of the clock, so a run repeats.
//! - Othello: the start after 2-6 random moves; strong searches 8 plies (as `parlor
//!   simulate othello` plays it) and exact 10, solving the last 18 and 20 squares; the
//!   others as in the arcade. One search thread.
//!
//! The shared difficulties (perfect, strong, casual, beginner) play the solver's move
//! except when they slip (`matchup::Difficulty::slips`), as in a match; Othello's levels
//! are its engine's (`solve::othello::Level`).

use std::io::Write;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use parlor::game::chopsticks::{Chopsticks, Variant};
use parlor::game::nim::{Ending, Nim};
use parlor::game::othello::Othello;
use parlor::game::pnut::{Pnut, Rules};
use parlor::game::wl::Wl;
use parlor::game::{Game, Outcome, Seat};
use parlor::matchup::Difficulty;
use parlor::plugin::rating::fit::{PRIOR_DRAWS, Tally, fit};
use parlor::solve::othello::{Engine, Level, Limits};
use parlor::solve::policy::choose_move;

/// The weakest level's rating.
const ANCHOR: f64 = 800.0;
/// A game still going after this many plies is a draw (none of the games gets near it).
const MAX_PLIES: usize = 1000;
/// The Pnut-Butta engine's nodes per move.
const PNUT_NODES: u64 = 2_000_000;

struct Args {
    seed: u64,
    games: u32,
    othello_games: u32,
    only: Option<String>,
    out: Option<String>,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        seed: 1,
        games: 40,
        othello_games: 10,
        only: None,
        out: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--seed" => args.seed = number(value()?)?,
            "--games" => args.games = number(value()?)? as u32,
            "--othello-games" => args.othello_games = number(value()?)? as u32,
            "--only" => args.only = Some(value()?),
            "--out" => args.out = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(args)
}

/// How level `i` (an index into the arena's levels) chooses its move.
type Chooser<G> = Box<dyn FnMut(&G, usize, &mut ChaCha8Rng) -> Option<<G as Game>::Move>>;

/// A game's levels at play: how a start is drawn and how a level chooses its move.
struct Arena<G: Game> {
    game: &'static str,
    /// The levels' names, as `GameKind::levels` gives them.
    levels: Vec<&'static str>,
    start: Box<dyn FnMut(&mut ChaCha8Rng) -> G>,
    choose: Chooser<G>,
}

/// What the example needs of any arena.
trait Measure {
    fn game(&self) -> &'static str;
    fn levels(&self) -> &[&'static str];
    /// One start, played twice with the sides swapped: the two outcomes, level `a`
    /// first in the first game.
    fn pair(&mut self, a: usize, b: usize, rng: &mut ChaCha8Rng) -> [Outcome; 2];
}

impl<G: Game> Arena<G> {
    fn play(&mut self, mut game: G, levels: [usize; 2], rng: &mut ChaCha8Rng) -> Outcome {
        for _ in 0..MAX_PLIES {
            if let Some(outcome) = game.outcome() {
                return outcome;
            }
            let level = levels[game.to_move().index()];
            let mv = match (self.choose)(&game, level, rng) {
                Some(mv) => mv,
                None => {
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    moves[rng.random_range(0..moves.len())]
                }
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        game.outcome().unwrap_or(Outcome::Draw)
    }
}

impl<G: Game> Measure for Arena<G> {
    fn game(&self) -> &'static str {
        self.game
    }
    fn levels(&self) -> &[&'static str] {
        &self.levels
    }
    fn pair(&mut self, a: usize, b: usize, rng: &mut ChaCha8Rng) -> [Outcome; 2] {
        let start = (self.start)(rng);
        [
            self.play(start.clone(), [a, b], rng),
            self.play(start, [b, a], rng),
        ]
    }
}

/// The shared difficulties, in `GameKind::levels`'s order.
fn difficulties() -> Vec<&'static str> {
    Difficulty::ALL.iter().map(|d| d.name()).collect()
}

/// `moves` random moves played from `game` (fewer if it ends).
fn random_moves<G: Game>(mut game: G, moves: usize, rng: &mut ChaCha8Rng) -> G {
    for _ in 0..moves {
        let legal = game.legal_moves();
        if game.outcome().is_some() || legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// A game whose levels are the shared difficulties playing `analyse`'s moves.
fn solved<G: Game + 'static>(
    game: &'static str,
    start: impl FnMut(&mut ChaCha8Rng) -> G + 'static,
    analyse: impl Fn(&G) -> parlor::solve::Analysis<G::Move> + 'static,
) -> Box<dyn Measure> {
    Box::new(Arena {
        game,
        levels: difficulties(),
        start: Box::new(start),
        choose: Box::new(move |g, level, rng| {
            choose_move(&analyse(g), Difficulty::ALL[level].slips(), rng)
        }),
    })
}

fn arenas() -> Vec<Box<dyn Measure>> {
    let nim = solved(
        "nim",
        |rng| {
            let ending = if rng.random_bool(0.5) {
                Ending::Misere
            } else {
                Ending::Normal
            };
            let piles = if rng.random_bool(0.5) {
                vec![3, 4, 5]
            } else {
                let n = rng.random_range(2..=5);
                (0..n).map(|_| rng.random_range(1..=9)).collect()
            };
            Nim::new(piles, ending)
        },
        parlor::solve::nim::analyse,
    );
    let sugar = solved(
        "1357",
        |rng| {
            let moves = rng.random_range(0..=2);
            random_moves(Nim::new(vec![1, 3, 5, 7], Ending::Misere), moves, rng)
        },
        parlor::solve::nim::analyse,
    );
    let chopsticks = solved(
        "chopsticks",
        |rng| {
            let variant = match rng.random_range(0..3) {
                0 => Variant::STANDARD,
                1 => Variant {
                    rollover: true,
                    ..Variant::STANDARD
                },
                _ => Variant {
                    empty_splits: false,
                    ..Variant::STANDARD
                },
            };
            let moves = rng.random_range(0..=2);
            random_moves(Chopsticks::new(variant, Some(100)), moves, rng)
        },
        parlor::solve::chopsticks::analyse,
    );
    let wl = solved(
        "wl",
        |rng| {
            let n = rng.random_range(5..=50);
            Wl::new((0..n).map(|_| rng.random_bool(0.5)).collect())
        },
        parlor::solve::wl::analyse,
    );
    vec![nim, sugar, chopsticks, othello(), pnut(), wl]
}

fn pnut() -> Box<dyn Measure> {
    let rules = Rules::new("012", 3).expect("the default setting");
    let start_rules = rules.clone();
    // One engine per level, kept from move to move as a match keeps its analyst.
    let mut engines: Vec<parlor::solve::pnut::Engine> = (0..4)
        .map(|_| parlor::solve::pnut::Engine::new(&rules, 16))
        .collect();
    let limits = parlor::solve::pnut::Limits::nodes(PNUT_NODES, 16);
    Box::new(Arena {
        game: "pnut",
        levels: difficulties(),
        start: Box::new(move |rng| {
            let moves = rng.random_range(0..=2);
            random_moves(Pnut::new(start_rules.clone()), moves, rng)
        }),
        choose: Box::new(move |g: &Pnut, level, rng| {
            let solved = engines[level].analyse_goal(
                g,
                &limits,
                parlor::solve::pnut::Goal::Play,
                &|| false,
                &mut |_| {},
            );
            choose_move(&solved.analysis, Difficulty::ALL[level].slips(), rng)
        }),
    })
}

fn othello() -> Box<dyn Measure> {
    let limits = |level: Level| match level {
        Level::Strong => Limits {
            max_depth: Some(parlor::solve::othello::STRONG_DEPTH),
            max_millis: None,
            table_mib: 64,
            exact_empties: 20,
        },
        Level::Exact => Limits {
            max_depth: Some(10),
            max_millis: None,
            table_mib: 64,
            exact_empties: 20,
        },
        _ => Limits {
            max_depth: None,
            max_millis: None,
            table_mib: 4,
            exact_empties: 20,
        },
    };
    let mut engines: Vec<Engine> = Level::ALL
        .iter()
        .map(|&l| {
            let mut engine = Engine::new(limits(l).table_mib);
            engine.set_threads(1);
            engine
        })
        .collect();
    Box::new(Arena {
        game: "othello",
        levels: Level::ALL.iter().map(|l| l.name()).collect(),
        start: Box::new(|rng| {
            let moves = rng.random_range(2..=6);
            random_moves(Othello::new(), moves, rng)
        }),
        choose: Box::new(move |board: &Othello, level, rng| {
            let l = Level::ALL[level];
            engines[level].choose_move(board, l, rng, &limits(l), &|| false)
        }),
    })
}

/// Plays `games` games (in pairs, sides swapped) between every two levels of `arena`.
fn measure(arena: &mut dyn Measure, games: u32, rng: &mut ChaCha8Rng) -> Vec<Tally> {
    let n = arena.levels().len();
    let mut tallies = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let mut t = Tally {
                a,
                b,
                ..Tally::default()
            };
            for _ in 0..games.div_ceil(2) {
                let [first, second] = arena.pair(a, b, rng);
                // Level a moved first in the first game, second in the second.
                for (outcome, a_seat) in [(first, Seat::First), (second, Seat::Second)] {
                    match outcome {
                        Outcome::Draw => t.draws += 1,
                        Outcome::Win(s) if s == a_seat => t.a_wins += 1,
                        Outcome::Win(_) => t.b_wins += 1,
                    }
                }
            }
            eprintln!(
                "  {} {} vs {}: {}-{}-{} (wins, draws, losses)",
                arena.game(),
                arena.levels()[a],
                arena.levels()[b],
                t.a_wins,
                t.draws,
                t.b_wins
            );
            tallies.push(t);
        }
    }
    tallies
}

fn main() -> Result<(), String> {
    let args = args()?;
    let mut out = format!(
        "# The AI levels' ratings, measured by AI-vs-AI matches: every pair of a game's levels\n\
         # played {} games ({} in Othello), each start twice with the sides swapped; fitted\n\
         # by maximum likelihood on the Elo scale (a draw half a win, {PRIOR_DRAWS} virtual draw\n\
         # per pairing), the weakest level of each game at {ANCHOR}. Made by\n\
         # cargo run --release --example rate_levels -- --seed {} --games {} --othello-games {} --out assets/ratings/levels.txt\n\
         # (see examples/rate_levels.rs for the starts and how each level plays). A pairing\n\
         # one level won every game of says only that the gap is large: the prior sets it.\n\
         # <game> <level> <rating>   # the pairings' results: wins-draws-losses\n",
        args.games, args.othello_games, args.seed, args.games, args.othello_games
    );
    for mut arena in arenas() {
        if args.only.as_deref().is_some_and(|g| g != arena.game()) {
            continue;
        }
        let games = if arena.game() == "othello" {
            args.othello_games
        } else {
            args.games
        };
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed ^ parlor_hash(arena.game()));
        let started = std::time::Instant::now();
        eprintln!("{}: {} games a pairing", arena.game(), games);
        let tallies = measure(arena.as_mut(), games, &mut rng);
        let levels = arena.levels().to_vec();
        let ratings = fit(levels.len(), &tallies, PRIOR_DRAWS, ANCHOR);
        for (i, level) in levels.iter().enumerate() {
            let record: Vec<String> = tallies
                .iter()
                .filter(|t| t.a == i || t.b == i)
                .map(|t| {
                    let (other, w, l) = if t.a == i {
                        (t.b, t.a_wins, t.b_wins)
                    } else {
                        (t.a, t.b_wins, t.a_wins)
                    };
                    format!("{} {w}-{}-{l}", levels[other], t.draws)
                })
                .collect();
            out.push_str(&format!(
                "{} {level} {:.0}   # {}\n",
                arena.game(),
                ratings[i],
                record.join(", ")
            ));
        }
        eprintln!("  {:.0?}", started.elapsed());
    }
    match &args.out {
        Some(path) => std::fs::write(path, &out).map_err(|e| format!("{path}: {e}"))?,
        None => std::io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())?,
    }
    Ok(())
}

/// A stable hash of a game's name (FNV-1a), so each game's matches have their own
/// stream whatever else runs.
fn parlor_hash(text: &str) -> u64 {
    parlor::plugin::puzzle::generate::stable_hash(text)
}
