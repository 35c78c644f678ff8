//! `parlor perft`, `parlor solve othello`, `parlor simulate othello`, `parlor bench ffo`.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde_json::json;

use crate::console::json::{self, SimulateJson};

use crate::config::{Config, MAX_THREADS};
use crate::console::progress::{Played, Progress};
use crate::game::othello::{Othello, OthelloMove};
use crate::game::{Game, Seat};
use crate::plugin::{CliError, SimulateCommon, usage};
use crate::solve::othello::perft::perft_watched;
use crate::solve::othello::{Engine, Evaluation, Level, Limits, STRONG_DEPTH};
use crate::solve::{Analysis, Verdict};

/// How an Othello position is written on the command line, with examples.
pub const POSITION_HELP: &str = "Positions: 64 squares a1..h8, rank 1 first, each X (black), O (white) or - \
(empty), a space, then X or O for the side to move, in quotes; or an OBF line (the same \
64 squares, then ' X;' or ' O;'); or a move list from the start given with --moves.";

/// `parlor solve othello`.
#[derive(Debug, clap::Args)]
pub struct OthelloSolveArgs {
    /// The board (see Positions below) or an OBF line; `-` reads it from the first line
    /// of standard input. Without it, the start (with --moves).
    #[arg(value_name = "BOARD", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Play these moves (e.g. f5d6c3) from the start, or from the board given, and
    /// analyse the position they lead to.
    #[arg(long, value_name = "MOVES")]
    pub moves: Option<String>,
    /// Search to this depth (plies) instead of solving exactly.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Stop searching after this many seconds (the answer may not be exact).
    #[arg(long)]
    pub max_seconds: Option<f64>,
    /// Search threads, 1-64 (default: solver.threads in the config).
    #[arg(long, value_name = "N")]
    pub threads: Option<u32>,
    /// The evaluation: patterns (trained) or classic (the one before, to compare).
    #[arg(long, value_name = "EVAL", value_parser = evaluation_parser())]
    pub eval: Option<Evaluation>,
    /// Value every move exactly. Without it the best move is exact and every other
    /// move is proved worse than it (at most N) or as good, which costs a fraction.
    #[arg(long)]
    pub every_move: bool,
    /// Print one JSON object (its shape is in docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// An evaluation on the command line: clap names the accepted values.
pub fn evaluation_parser() -> impl clap::builder::TypedValueParser<Value = Evaluation> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(Evaluation::ALL.map(Evaluation::name))
        .try_map(|name: String| name.parse::<Evaluation>())
}

/// An Othello AI level on the command line: clap names the accepted values.
fn level_parser() -> impl clap::builder::TypedValueParser<Value = Level> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    // `--help` lists each level with the words the setup screen and the rules use.
    let values = Level::ALL.map(|level| {
        let value = PossibleValue::new(level.name()).help(super::levels::description(level));
        match level {
            Level::Exact => value.alias("perfect"),
            _ => value,
        }
    });
    PossibleValuesParser::new(values).try_map(|name: String| name.parse::<Level>())
}

/// `parlor simulate othello`.
#[derive(Debug, clap::Args)]
pub struct OthelloSimulateArgs {
    #[command(flatten)]
    pub common: SimulateCommon,
    /// The level playing black in the first game (the two levels swap colours every game).
    #[arg(long, value_name = "LEVEL", value_parser = level_parser(), default_value = "strong")]
    pub black: Level,
    /// The level playing white in the first game.
    #[arg(long, value_name = "LEVEL", value_parser = level_parser(), default_value = "benedict")]
    pub white: Level,
}

/// The colour you play in `parlor play othello`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorArg {
    Black,
    White,
}

/// `parlor play othello`'s own options.
#[derive(Debug, clap::Args)]
pub struct OthelloPlayArgs {
    /// The AI's level (the default is the config's [othello] level).
    #[arg(long, value_name = "LEVEL", value_parser = level_parser())]
    pub level: Option<Level>,
    /// The colour you play against the AI (black moves first; not with --first, which
    /// says the same).
    #[arg(long, value_enum, conflicts_with = "first")]
    pub color: Option<ColorArg>,
}

/// The deepest `parlor perft` accepts (deeper takes hours).
const MAX_PERFT: u32 = 16;
/// Without `--depth` or `--max-seconds`, positions with up to this many empty squares
/// are solved exactly however long it takes; beyond, the config's time limit applies.
const SOLVE_EXACT_CAP: u32 = 30;

/// `parlor perft <DEPTH>`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
}

/// `parlor bench <SUITE> <FILE>`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// The suite: ffo.
    pub suite: String,
    /// The positions file, one position a line.
    pub file: std::path::PathBuf,
    /// Search threads, 1-64 (default: solver.threads in the config).
    #[arg(long, value_name = "N")]
    pub threads: Option<u32>,
    /// The evaluation: patterns (trained) or classic (the one before, to compare).
    #[arg(long, value_name = "EVAL")]
    pub eval: Option<String>,
}

pub fn perft(depth: u32) -> Result<(), CliError> {
    if depth > MAX_PERFT {
        return Err(usage(format!(
            "perft depth {depth} is too deep: accepted 0-{MAX_PERFT} plies"
        )));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let start = Instant::now();
    let progress = Progress::count(&format!("perft {depth}"), "subtrees", None)?;
    let count = perft_watched(
        &Othello::new(),
        depth,
        threads,
        &progress.stop(),
        &|done, total| {
            progress.set_total(total);
            progress.set(done);
        },
    );
    progress.clear();
    let secs = start.elapsed().as_secs_f64();
    let leaves = count.leaves;
    let plural = if threads == 1 { "" } else { "s" };
    if !count.complete() {
        // A partial count is not the answer: it goes to stderr only.
        eprintln!(
            "perft {depth}: {leaves} leaves in the {} of {} subtrees counted in {secs:.3} s ({threads} thread{plural})",
            count.subtrees_done, count.subtrees
        );
        return Err(CliError::Interrupted(format!(
            "perft {depth} interrupted after {} of {} subtrees",
            count.subtrees_done, count.subtrees
        )));
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{leaves}")?;
    eprintln!(
        "perft {depth}: {leaves} leaves in {secs:.3} s ({:.1} M leaves/s, {threads} thread{plural})",
        leaves as f64 / secs.max(1e-9) / 1e6,
    );
    Ok(())
}

fn side_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "X (black)",
        Seat::Second => "O (white)",
    }
}

/// The search threads: `--threads N` when given (1-64), else the config's.
pub fn threads(arg: Option<u32>, config: &Config) -> Result<usize, CliError> {
    match arg {
        None => Ok(crate::games::othello::threads(config)),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n as usize),
        Some(n) => Err(usage(format!(
            "--threads {n} is out of range: accepted 1-{MAX_THREADS} threads"
        ))),
    }
}

/// The limits `parlor solve othello` searches with.
fn solve_limits(
    args: &OthelloSolveArgs,
    config: &Config,
    empties: u32,
) -> Result<Limits, CliError> {
    let mib = config.solver.table_mib;
    if let Some(d) = args.depth
        && d == 0
    {
        return Err(usage("--depth must be at least 1 ply"));
    }
    let max_millis = match args.max_seconds {
        Some(s) if !(s.is_finite() && s > 0.0 && s <= 86_400.0) => {
            return Err(usage(format!(
                "--max-seconds {s} is out of range: accepted a number of seconds above 0 and at most 86400"
            )));
        }
        Some(s) => Some(((s * 1000.0).ceil() as u64).max(1)),
        None => None,
    };
    Ok(match (args.depth, max_millis) {
        (None, None) if empties <= SOLVE_EXACT_CAP => Limits::exact(mib),
        (None, None) => crate::games::othello::limits(config),
        (depth, millis) => Limits {
            max_depth: depth,
            max_millis: millis,
            table_mib: mib,
            exact_empties: if depth.is_some() {
                0
            } else {
                config.solver.exact_empties
            },
        },
    })
}

/// The position `solve othello` analyses: the board given (notation or OBF line),
/// else the start, after the moves of `--moves` if any.
fn solve_position(args: &OthelloSolveArgs) -> Result<Othello, CliError> {
    let position = crate::console::input::read_position(args.position.clone())?;
    let board = match (position.as_deref(), args.moves.as_deref()) {
        (None, None) => {
            return Err(usage(
                "solve othello needs a position: 64 squares a1..h8 (rank 1 first) of X, O or -, a space, then X or O to move, in quotes (or an OBF line), or --moves with a move list from the start such as f5d6c3",
            ));
        }
        (Some(text), _) => Othello::read(text).map_err(usage)?,
        (None, Some(_)) => Othello::new(),
    };
    match args.moves.as_deref() {
        Some(moves) => Ok(board
            .replay(moves)
            .map_err(|e| usage(format!("--moves: {e}")))?
            .0),
        None => Ok(board),
    }
}

pub fn solve(args: &OthelloSolveArgs, config: &Config) -> Result<(), CliError> {
    let board = solve_position(args)?;
    let n = board.empty_count();
    let limits = solve_limits(args, config, n)?;
    let threads = threads(args.threads, config)?;
    let start = Instant::now();
    let mut engine = Engine::new(limits.table_mib);
    engine.set_threads(threads);
    engine.set_evaluation(args.eval.unwrap_or_default());
    engine.set_exact_others(args.every_move);
    let mut last: Option<Analysis<OthelloMove>> = None;
    let progress = Progress::spinner("solve othello")?;
    engine.analyse(&board, &limits, &progress.stop(), &mut |a| {
        progress.message(format!(
            "depth {}{}, {} nodes, best {} {:+}",
            a.depth,
            if a.exact { " (exact)" } else { "" },
            a.nodes,
            a.best.map_or_else(|| "-".to_string(), |m| m.to_string()),
            a.score.unwrap_or(0)
        ));
        last = Some(a);
    });
    progress.clear();
    let analysis = match last {
        Some(a) => a,
        None => {
            // The time limit was too short for even one ply: take one ply anyway.
            let one = Limits {
                max_depth: Some(1),
                max_millis: None,
                table_mib: limits.table_mib,
                exact_empties: 0,
            };
            let mut first = None;
            engine.analyse(&board, &one, &|| false, &mut |a| first = Some(a));
            first.ok_or_else(|| CliError::Failed("the search produced no analysis".into()))?
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let printed = write_solution(args, &board, &analysis, secs, progress.interrupted());
    progress.result(printed, || {
        "interrupted: the analysis shown is the best found so far".to_string()
    })
}

/// Prints what `parlor solve othello` found (marked as cut short when `interrupted`).
fn write_solution(
    args: &OthelloSolveArgs,
    board: &Othello,
    analysis: &Analysis<OthelloMove>,
    secs: f64,
    interrupted: bool,
) -> Result<(), CliError> {
    let n = board.empty_count();
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut v = crate::console::json::SolveJson::new("othello", &board.notation(), analysis);
        // The engine counts discs, not plies.
        v.plies = None;
        for m in &mut v.moves {
            m.plies = None;
        }
        v.interrupted = interrupted;
        v.depth = Some(analysis.depth);
        v.pv = Some(analysis.pv.iter().map(|m| m.to_string()).collect());
        v.seconds = Some(secs);
        writeln!(out, "{}", v.line())?;
        return Ok(());
    }
    writeln!(out, "Othello {}", board.notation())?;
    write!(out, "{}", board.diagram())?;
    writeln!(
        out,
        "{} to move, {n} empty square{}.",
        side_name(board.to_move()),
        if n == 1 { "" } else { "s" }
    )?;
    let margin = analysis.score.unwrap_or(0);
    let mover = side_name(board.to_move());
    if board.is_over() {
        writeln!(out, "The game is over: {}.", describe(mover, margin))?;
        return Ok(());
    }
    if analysis.exact {
        writeln!(
            out,
            "Exact: {} with best play (margin {margin:+}).",
            describe(mover, margin)
        )?;
    } else {
        writeln!(
            out,
            "Estimate after {} plies (not exact): margin {margin:+} for the mover.",
            analysis.depth
        )?;
    }
    if let Some(best) = analysis.best {
        writeln!(out, "Best move: {best}")?;
    }
    if analysis.pv.len() > 1 {
        let pv: Vec<String> = analysis.pv.iter().map(|m| m.to_string()).collect();
        writeln!(out, "Principal variation: {}", pv.join(" "))?;
    }
    let mut moves = analysis.moves.clone();
    moves.sort_by_key(|m| std::cmp::Reverse(m.score.unwrap_or(i32::MIN)));
    writeln!(out, "Moves (margin for the mover after each):")?;
    for m in &moves {
        let (score, word) = match (m.score_at_most, m.score, m.verdict) {
            (Some(b), _, v) => (
                format!("≤{b:+}"),
                match v {
                    Verdict::Win { .. } => "win, worse than the best",
                    Verdict::Loss { .. } => "loss, worse than the best",
                    _ => "worse than the best, not a win",
                },
            ),
            (None, s, v) => (
                s.map_or_else(|| "?".to_string(), |s| format!("{s:+}")),
                match v {
                    Verdict::Score(_) | Verdict::Unknown => "estimate",
                    v => v.word(),
                },
            ),
        };
        writeln!(out, "  {:<5}{score:>4}  {word}", m.mv.to_string())?;
    }
    if moves.iter().any(|m| m.score_at_most.is_some()) {
        writeln!(
            out,
            "(≤N: proved worth at most N, less than the best; --every-move values every move exactly)"
        )?;
    }
    writeln!(out, "Nodes: {}  time: {secs:.2} s", analysis.nodes)?;
    Ok(())
}

fn describe(mover: &str, margin: i32) -> String {
    match margin.cmp(&0) {
        std::cmp::Ordering::Greater => format!("{mover} wins by {margin}"),
        std::cmp::Ordering::Less => format!("{mover} loses by {}", -margin),
        std::cmp::Ordering::Equal => "a draw".to_string(),
    }
}

/// One side of a simulated match.
struct Player {
    level: Level,
    engine: Engine,
    wins: u32,
    draws: u32,
    losses: u32,
    margin_sum: i64,
}

/// One game of a simulation from an opening of 4-8 random plies, `players[black]`
/// playing black: black's final disc margin, or `None` when `stop` cut it short.
fn play_one(
    players: &mut [Player; 2],
    black: usize,
    rng: &mut ChaCha8Rng,
    limits: &Limits,
    strong: &Limits,
    stop: &dyn Fn() -> bool,
) -> Result<Option<i32>, CliError> {
    let mut board = Othello::new();
    let opening = rng.random_range(4..=8);
    for _ in 0..opening {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        board.play(m).map_err(|e| CliError::Failed(e.to_string()))?;
    }
    while !board.is_over() {
        let side = match board.to_move() {
            Seat::First => black,
            Seat::Second => 1 - black,
        };
        let player = &mut players[side];
        let level_limits = if player.level == Level::Strong {
            strong
        } else {
            limits
        };
        let m = player
            .engine
            .choose_move(&board, player.level, rng, level_limits, stop)
            .ok_or_else(|| CliError::Failed("a running game had no legal move".into()))?;
        if stop() {
            return Ok(None);
        }
        board
            .play(m)
            .map_err(|e| CliError::Failed(format!("the {} level played {m}: {e}", player.level)))?;
    }
    Ok(Some(match board.to_move() {
        Seat::First => board.margin(),
        Seat::Second => -board.margin(),
    }))
}

pub fn simulate(all: &OthelloSimulateArgs, config: &Config) -> Result<(), CliError> {
    let args = &all.common;
    let (a, b) = (all.black, all.white);
    let (seed, mut rng) = crate::console::tally::seeded(args.seed);
    let limits = crate::games::othello::limits(config);
    // Strong searches to a fixed depth instead of the clock, so a seed repeats its games
    // on any machine.
    let strong = Limits {
        max_depth: Some(STRONG_DEPTH),
        ..limits
    };
    let table = |level: Level| match level {
        Level::Strong | Level::Exact => limits.table_mib,
        _ => 4,
    };
    let engine = |level: Level| {
        let mut engine = Engine::new(table(level));
        engine.set_threads(crate::games::othello::threads(config));
        engine
    };
    let mut players = [
        Player {
            level: a,
            engine: engine(a),
            wins: 0,
            draws: 0,
            losses: 0,
            margin_sum: 0,
        },
        Player {
            level: b,
            engine: engine(b),
            wins: 0,
            draws: 0,
            losses: 0,
            margin_sum: 0,
        },
    ];
    let start = Instant::now();
    let progress = Progress::count("simulate", "games", Some(u64::from(args.games)))?;
    let mut game = 0u32;
    let played = progress.games(args.games, |stop| {
        // Colours alternate: the first-named level is black in even games.
        let black = (game % 2) as usize;
        let Some(black_margin) = play_one(&mut players, black, &mut rng, &limits, &strong, stop)?
        else {
            return Ok(false);
        };
        game += 1;
        for (i, player) in players.iter_mut().enumerate() {
            let m = if i == black {
                black_margin
            } else {
                -black_margin
            };
            player.margin_sum += i64::from(m);
            match m.cmp(&0) {
                std::cmp::Ordering::Greater => player.wins += 1,
                std::cmp::Ordering::Less => player.losses += 1,
                std::cmp::Ordering::Equal => player.draws += 1,
            }
        }
        Ok(true)
    })?;
    let secs = start.elapsed().as_secs_f64();
    let printed = write_simulation(&players, seed, secs, args.json, played);
    played.finish(printed)
}

/// Prints a simulation's table (or JSON object).
fn write_simulation(
    players: &[Player; 2],
    seed: u64,
    secs: f64,
    as_json: bool,
    played: Played,
) -> Result<(), CliError> {
    let games = played.done;
    let mut out = std::io::stdout().lock();
    let mean = |p: &Player| p.margin_sum as f64 / f64::from(games.max(1));
    if as_json {
        let mut v = SimulateJson::new("othello", seed, played);
        v.players = Some(
            players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    json!({
                        "level": p.level.name(),
                        "black_in": if i == 0 { "even games" } else { "odd games" },
                        "wins": p.wins,
                        "draws": p.draws,
                        "losses": p.losses,
                        "mean_margin": mean(p),
                    })
                })
                .collect::<Vec<_>>(),
        );
        v.seconds = Some(secs);
        writeln!(out, "{}", json::line(&v))?;
        return Ok(());
    }
    writeln!(
        out,
        "{games} games, {} against {}, colours alternating ({} is black first), openings of 4-8 random plies, seed {seed}",
        players[0].level, players[1].level, players[0].level
    )?;
    writeln!(
        out,
        "{:<10}{:>7}{:>7}{:>7}{:>14}",
        "level", "wins", "draws", "losses", "mean margin"
    )?;
    for p in players {
        writeln!(
            out,
            "{:<10}{:>7}{:>7}{:>7}{:>+14.2}",
            p.level.name(),
            p.wins,
            p.draws,
            p.losses,
            mean(p)
        )?;
    }
    writeln!(out, "time: {secs:.1} s")?;
    writeln!(out, "{}", crate::console::tally::seed_line(seed))?;
    Ok(())
}

/// FFO #40's position: a file starting with it is numbered from 40.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";

/// One benchmark position: the board, the expected margin and the listed best move.
struct BenchCase {
    board: Othello,
    expected: i32,
}

fn parse_bench_line(line: &str, number: usize) -> Result<BenchCase, CliError> {
    let bad = |what: String| {
        usage(format!(
            "line {number}: {what}; each line is: <64 squares> <X|O to move> <exact margin> [best move]"
        ))
    };
    let mut parts = line.split_whitespace();
    let squares = parts.next().unwrap_or("");
    let side = parts.next().unwrap_or("");
    let board = Othello::parse(&format!("{squares} {side}")).map_err(|e| bad(e.to_string()))?;
    let expected = parts
        .next()
        .ok_or_else(|| bad("the exact margin is missing".into()))?
        .parse::<i32>()
        .map_err(|e| bad(format!("the margin is not a whole number ({e})")))?;
    Ok(BenchCase { board, expected })
}

pub fn bench(
    suite: &str,
    file: &Path,
    threads: Option<u32>,
    eval: Option<&str>,
    config: &Config,
) -> Result<(), CliError> {
    let eval = eval
        .map(|e| {
            e.parse::<Evaluation>()
                .map_err(|e| usage(format!("--eval: {e}")))
        })
        .transpose()?;
    if suite != "ffo" {
        return Err(usage(format!(
            "unknown benchmark suite '{suite}': accepted: ffo (parlor bench ffo FILE [--threads N])"
        )));
    }
    let threads = self::threads(threads, config)?;
    let text = std::fs::read_to_string(file)
        .map_err(|e| usage(format!("cannot read {}: {e}", file.display())))?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let cases = lines
        .iter()
        .enumerate()
        .map(|(i, l)| parse_bench_line(l, i + 1))
        .collect::<Result<Vec<_>, _>>()?;
    let first_number = match lines.first() {
        Some(l) if l.starts_with(FFO_40) => 40,
        _ => 1,
    };
    let mut engine = Engine::new(config.solver.table_mib);
    engine.set_threads(threads);
    engine.set_evaluation(eval.unwrap_or_default());
    let progress = Progress::count("bench ffo", "positions", Some(cases.len() as u64))?;
    let stop = progress.stop();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:>4} {:>7} {:>6} {:>8} {:>5} {:>9} {:>14} {:>10}",
        "#", "empties", "score", "expected", "best", "time (s)", "nodes", "nodes/s"
    )?;
    let mut total_nodes = 0u64;
    let mut total_secs = 0.0;
    let mut wrong = Vec::new();
    let mut solved = 0usize;
    for (i, case) in cases.iter().enumerate() {
        let number = first_number + i;
        engine.clear();
        let start = Instant::now();
        let solution = engine.solve(&case.board, &stop);
        if progress.interrupted() {
            break;
        }
        let solution = solution
            .ok_or_else(|| CliError::Failed(format!("#{number}: the game is already over")))?;
        let secs = start.elapsed().as_secs_f64();
        total_nodes += solution.nodes;
        total_secs += secs;
        let ok = solution.score == case.expected;
        if !ok {
            wrong.push(number);
        }
        progress.suspend(|| {
            writeln!(
                out,
                "{:>4} {:>7} {:>+6} {:>+8} {:>5} {:>9.3} {:>14} {:>9.1}M{}",
                number,
                case.board.empty_count(),
                solution.score,
                case.expected,
                solution.best.to_string(),
                secs,
                solution.nodes,
                solution.nodes as f64 / secs.max(1e-9) / 1e6,
                if ok { "" } else { "  WRONG" }
            )?;
            out.flush()
        })?;
        solved += 1;
        progress.set(solved as u64);
    }
    progress.clear();
    writeln!(
        out,
        "total: {solved} positions, {total_secs:.3} s, {total_nodes} nodes, {:.1}M nodes/s, {threads} thread{}",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6,
        if threads == 1 { "" } else { "s" }
    )?;
    if progress.interrupted() {
        if !wrong.is_empty() {
            eprintln!("parlor: wrong scores for {}", numbers(&wrong));
        }
        return Err(CliError::Interrupted(format!(
            "interrupted after {solved} of {} positions",
            cases.len()
        )));
    }
    if !wrong.is_empty() {
        return Err(CliError::Failed(format!(
            "wrong scores for {}",
            numbers(&wrong)
        )));
    }
    Ok(())
}

/// "#40, #43": benchmark positions by number.
fn numbers(list: &[usize]) -> String {
    list.iter()
        .map(|n| format!("#{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
