//! Othello's puzzles (issue 37): endgame positions of [`EMPTIES`] empty squares met in
//! play where the side to move wins, some move throws the win away, and at most two of
//! its moves (and at most a third of them) reach the best score, proved by the exact solver (every move's exact disc
//! margin), the same up to the board's eight symmetries. The player must reach the best
//! score, not merely win: each move is judged against the best margin from there.
//!
//! The levels play as `examples/rate_levels.rs` measured them (the strong level at
//! its fixed simulation depth, the exact level exact), each drawing its move with the
//! puzzle's own seed; the casual level's move must miss the best score, and the first
//! rating is the measured rating (`assets/ratings/levels.txt`) of the weakest level
//! whose move reaches it. Made by `examples/make_puzzles.rs`.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use rand::{RngExt, SeedableRng};

use crate::game::Game;
#[cfg(test)]
use crate::game::Seat;
use crate::game::othello::{Othello, OthelloMove};
use crate::plugin::GameSetup;
use crate::plugin::puzzle::coach::{self, MoveValue, Worth};
use crate::plugin::puzzle::generate::{
    Found, Judgement, MAX_WINNING, MIN_PLIES, Plan, Report, SettingReport, finish, puzzle_id,
    stable_hash,
};
use crate::plugin::puzzle::{Puzzle, PuzzleBook, VERSION};
use crate::plugin::rating::levels::level_rating;
use crate::seeds::GameRng;
use crate::solve::Verdict;
use crate::solve::othello::{Engine, Level, Limits, STRONG_DEPTH};

/// The empty squares of a puzzle: enough for a line of several moves, few enough that
/// a plain search re-proves every shipped one in the tests.
pub const EMPTIES: RangeInclusive<u32> = 8..=14;

/// The generator plays this share of `Plan::games` (an Othello game costs far more
/// than a game of Nim: searches at every move).
pub const GAMES_DIVISOR: usize = 4;

/// The table of the exact solves (small positions).
const TABLE_MIB: u32 = 16;

pub fn book() -> PuzzleBook {
    PuzzleBook {
        game: super::ID.cli_name(),
        shipped: include_str!("../../../assets/puzzles/othello.jsonl"),
        generate,
        coach,
        goal: "find the best score (the most discs you can end with) against its best \
               defence: a move that still wins, but by fewer discs, is wrong",
        sides: Some(["Black", "White"]),
        how_to_move: "Reach the best score, not just a win. Move: the arrows and Enter, or type the square (d3: column, then row).",
        none_because: None,
        rules_of: crate::plugin::puzzle::one_variant,
    }
}

/// Every legal move's exact final margin for the mover (`None` where the solver could
/// not settle one).
pub fn exact_scores(board: &Othello, engine: &mut Engine) -> Option<Vec<(OthelloMove, i32)>> {
    let mut last = None;
    engine.clear();
    engine.analyse(board, &Limits::exact(TABLE_MIB), &|| false, &mut |a| {
        last = Some(a)
    });
    let analysis = last?;
    analysis
        .moves
        .iter()
        .map(|m| match (m.verdict, m.score) {
            (Verdict::Score(_) | Verdict::Unknown, _) | (_, None) => None,
            (_, Some(score)) => Some((m.mv, score)),
        })
        .collect()
}

/// The trainer's values: every move's exact margin on the board's position.
fn coach(setup: &GameSetup) -> Result<Vec<MoveValue>, String> {
    let position = super::screen::start_position(setup)?;
    let mut engine = Engine::new(TABLE_MIB);
    let scores =
        exact_scores(&position, &mut engine).ok_or("the solver could not settle every move")?;
    coach::values_by(&position, |mv| {
        scores
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|&(_, s)| Worth::Scores(s))
    })
}

/// The image of `bits` under symmetry `t` of the square: bit 0 mirrors the files,
/// bit 1 the ranks, bit 2 swaps files and ranks.
fn image(bits: u64, t: u8) -> u64 {
    let mut out = 0;
    for sq in 0..64u32 {
        if bits & (1 << sq) == 0 {
            continue;
        }
        let (mut f, mut r) = (sq % 8, sq / 8);
        if t & 1 != 0 {
            f = 7 - f;
        }
        if t & 2 != 0 {
            r = 7 - r;
        }
        if t & 4 != 0 {
            (f, r) = (r, f);
        }
        out |= 1 << (r * 8 + f);
    }
    out
}

/// The same text for positions equal up to the board's eight symmetries: the least
/// notation among the images (the side to move kept).
pub fn key(board: &Othello) -> String {
    (0..8u8)
        .filter_map(|t| {
            Othello::from_bitboards(
                image(board.black(), t),
                image(board.white(), t),
                board.to_move(),
            )
            .ok()
        })
        .map(|b| b.notation())
        .min()
        .unwrap_or_else(|| board.notation())
}

/// How each level plays in the generator: as `examples/rate_levels.rs` measured it.
fn limits_of(level: Level) -> Limits {
    match level {
        Level::Strong => Limits {
            max_depth: Some(STRONG_DEPTH),
            max_millis: None,
            table_mib: TABLE_MIB,
            exact_empties: 20,
        },
        Level::Exact => Limits::exact(TABLE_MIB),
        _ => Limits {
            max_depth: None,
            max_millis: None,
            table_mib: 4,
            exact_empties: 20,
        },
    }
}

/// The levels weakest first by their measured ratings, each with its rating.
fn graded_levels() -> Vec<(Level, u32)> {
    let game = super::ID.cli_name();
    let mut levels: Vec<(Level, u32)> = Level::ALL
        .iter()
        .filter_map(|&l| level_rating(game, l.name()).map(|r| (l, r)))
        .collect();
    levels.sort_by_key(|&(_, r)| r);
    levels
}

/// The moves best play allows: every move whose margin is the best.
fn best_moves(scores: &[(OthelloMove, i32)]) -> (i32, Vec<OthelloMove>) {
    let best = scores.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let moves = scores
        .iter()
        .filter(|&&(_, s)| s == best)
        .map(|&(m, _)| m)
        .collect();
    (best, moves)
}

/// Judges `board` by issue 37's rule for Othello (see the module's header); `seed`
/// draws each level's move.
pub fn judge(
    board: &Othello,
    scores: &[(OthelloMove, i32)],
    seed: u64,
    engine: &mut Engine,
) -> Judgement<OthelloMove> {
    let (best, winning) = best_moves(scores);
    if scores.is_empty() || best <= 0 || scores.iter().any(|&(m, _)| m == OthelloMove::Pass) {
        return Judgement::NotWon;
    }
    if winning.len() > MAX_WINNING || winning.len() * 3 > scores.len() {
        return Judgement::TooManyWinning;
    }
    // A position won whatever is played asks only for discs: some move must throw
    // the win away, so the puzzle is about winning.
    if scores.iter().all(|&(_, s)| s > 0) {
        return Judgement::TooManyWinning;
    }
    let plies = best_line_length(board, engine);
    if plies < MIN_PLIES {
        return Judgement::TooShort;
    }
    let mut rating = None;
    for (level, level_rating) in graded_levels() {
        let mut rng = GameRng::seed_from_u64(seed);
        engine.clear();
        let found = engine
            .choose_move(board, level, &mut rng, &limits_of(level), &|| false)
            .is_some_and(|m| winning.contains(&m));
        if level == Level::Casual && found {
            return Judgement::CasualFinds;
        }
        if found && rating.is_none() {
            rating = Some(level_rating);
        }
    }
    match rating {
        Some(rating) => Judgement::Puzzle {
            winning,
            plies,
            rating,
        },
        // Only if the exact level missed: a solver bug, nothing to ship.
        None => Judgement::Unproved,
    }
}

/// The moves to the end of the game with best play on both sides (passes not counted).
fn best_line_length(board: &Othello, engine: &mut Engine) -> u32 {
    let mut board = *board;
    let mut plies = 0;
    while let Some(solution) = engine.solve(&board, &|| false) {
        if solution.best != OthelloMove::Pass {
            plies += 1;
        }
        if board.play(solution.best).is_err() {
            break;
        }
    }
    plies
}

/// Who plays a side of a generator's game.
#[derive(Clone, Copy)]
enum Player {
    Random,
    At(Level),
}

fn pick_player(rng: &mut GameRng) -> Player {
    // A side in eight at random, the rest a level quick enough to play many games
    // (the strong level at a shallow depth, see `move_of`): games of players, mostly,
    // not of blunders on both sides.
    match rng.random_range(0..8) {
        0 => Player::Random,
        1..=2 => Player::At(Level::Beginner),
        3..=4 => Player::At(Level::Casual),
        5..=6 => Player::At(Level::Benedict),
        _ => Player::At(Level::Strong),
    }
}

fn move_of(board: &Othello, player: Player, engine: &mut Engine, rng: &mut GameRng) -> OthelloMove {
    let legal = board.legal_moves();
    let random = |rng: &mut GameRng| legal[rng.random_range(0..legal.len())];
    match player {
        Player::Random => random(rng),
        Player::At(level) => {
            let limits = Limits {
                max_depth: Some(4),
                ..limits_of(level)
            };
            engine
                .choose_move(board, level, rng, &limits, &|| false)
                .unwrap_or_else(|| random(rng))
        }
    }
}

fn generate(plan: &Plan) -> Report {
    let game = super::ID.cli_name();
    let options = String::new();
    let mut rng = GameRng::seed_from_u64(plan.seed ^ stable_hash(&format!("{game}\n")));
    let mut report = SettingReport {
        options: options.clone(),
        seen: 0,
        won: 0,
        unproved: 0,
        casual_finds: 0,
        qualified: 0,
    };
    let mut found = Found::new();
    let mut seen = BTreeSet::new();
    let mut engine = Engine::new(TABLE_MIB);
    for _ in 0..plan.games.div_ceil(GAMES_DIVISOR) {
        let players = [pick_player(&mut rng), pick_player(&mut rng)];
        let mut board = Othello::new();
        // A few random plies first, so the levels' games do not repeat.
        for _ in 0..rng.random_range(2..=8) {
            let legal = board.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            if board.play(mv).is_err() {
                break;
            }
        }
        while !board.is_over() && board.empty_count() >= *EMPTIES.start() {
            if EMPTIES.contains(&board.empty_count()) {
                let key = key(&board);
                if seen.insert(key.clone()) {
                    report.seen += 1;
                    consider(&board, &key, &mut engine, &mut report, &mut found);
                }
            }
            let mv = move_of(
                &board,
                players[board.to_move().index()],
                &mut engine,
                &mut rng,
            );
            if board.play(mv).is_err() {
                break;
            }
        }
    }
    finish(game, plan, vec![report], found)
}

/// Judges one new position and keeps it when it qualifies.
fn consider(
    board: &Othello,
    key: &str,
    engine: &mut Engine,
    report: &mut SettingReport,
    found: &mut Found,
) {
    let game = super::ID.cli_name();
    let Some(scores) = exact_scores(board, engine) else {
        report.unproved += 1;
        return;
    };
    let (best, _) = best_moves(&scores);
    if best > 0 {
        report.won += 1;
    }
    let seed = stable_hash(&format!("{game}\n\n{key}"));
    let Some((winning, plies, rating)) = report.count(judge(board, &scores, seed, engine)) else {
        return;
    };
    let puzzle = Puzzle {
        version: VERSION,
        game: game.to_string(),
        id: puzzle_id(game, "", key),
        options: String::new(),
        position: board.notation(),
        winning: winning.iter().map(ToString::to_string).collect(),
        result: Puzzle::win_by(best),
        plies,
        rating,
    };
    found.insert((String::new(), key.to_string()), puzzle);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_images_of_a_position_share_its_key() {
        let board =
            Othello::parse("--O-OXO-OOOOXX-OOOXXXXXXOXOOXOXXOOXXXXXXOOOOXXXX-OOOOOX-OOOOOO-X X")
                .expect("a position");
        let k = key(&board);
        for t in 0..8u8 {
            let turned = Othello::from_bitboards(
                image(board.black(), t),
                image(board.white(), t),
                board.to_move(),
            )
            .expect("an image is a position");
            assert_eq!(key(&turned), k, "symmetry {t}");
        }
        // The side to move is part of the position.
        let other = Othello::from_bitboards(board.black(), board.white(), Seat::Second)
            .expect("a position");
        assert_ne!(key(&other), k);
        // Each symmetry undone by applying it again, except the quarter turns.
        for t in [0u8, 1, 2, 3, 4, 7] {
            assert_eq!(image(image(board.black(), t), t), board.black(), "{t}");
        }
    }

    #[test]
    fn best_moves_are_those_of_the_best_margin() {
        let a = OthelloMove::at(19).expect("d3");
        let b = OthelloMove::at(20).expect("e3");
        let c = OthelloMove::at(21).expect("f3");
        assert_eq!(best_moves(&[(a, 4), (b, 6), (c, 6)]), (6, vec![b, c]));
        assert_eq!(best_moves(&[(a, -2)]), (-2, vec![a]));
    }
}
