//! A match of Othello engines, measured in CPU time. Each side is a parlor binary (`parlor
//! engine othello` in the NBoard protocol with parlor's `set movetime MS`: issue 16's
//! match of two builds), or a yardstick with trained weights built outside the project
//! (issue 36): NTest over NBoard at a fixed depth (`set depth N`), or Zebra at a fixed
//! depth, one process a move.
//!
//! ```text
//! cargo run --release --example othello_match -- --a ./target/release/parlor \
//!     --b /tmp/base-parlor --games 100 --ms 1000 --seed 1
//! cargo run --release --example othello_match -- --a ./target/release/parlor --ms 500 \
//!     --b-kind ntest --b-dir /work/yardsticks/ntest --b-depth 18 --games 100
//! cargo run --release --example othello_match -- --a ./target/release/parlor --ms 500 \
//!     --b-kind zebra --b-dir /work/yardsticks/zebra --b-depth 18 [--b-end 20,22]
//! ```
//!
//! A side: `--X-kind parlor|ntest|zebra` (parlor by default), `--X BIN` (parlor's
//! binary), `--X-dir DIR` (where the yardstick was built), `--X-depth N` (the
//! yardstick's midgame depth), `--X-end EXACT,WLD` (Zebra's exact and win/loss/draw
//! solves from so many empty squares: depth + 2 and depth + 4 unless given), `--X-eval E`
//! (parlor's `set eval patterns|classic`), `--X-ms MS` (parlor's time a move, else `--ms`).
//!
//! Openings: `--opening N` random plies from the start (8 by default; ChaCha8 from
//! `--seed`, so the same openings with any build), each played twice with the colours
//! swapped. `--even MAX` keeps only openings that both sides (each asked once,
//! at its match setting, before the match) value within MAX discs of a draw: random
//! 8-ply openings are often decided before the engines play (in one match against
//! NTest, 35 of 50 openings were won by whichever engine had the better side), and a
//! decided opening scores 50% whatever the engines. A side that gives no value (Zebra)
//! has no say. Parlor reads a config file of its own with only `solver.threads`
//! (`--threads`, 1 by default), never the user's. `--jobs N` plays N games at a time
//! (1 by default; not with Zebra, whose CPU is read from this process's children).
//!
//! CPU time (user + system) of each side, per game: a long-lived engine's from its
//! /proc/<pid>/stat before and after the game, Zebra's from /proc/self/stat's reaped
//! children around each move. Parlor's movetime is wall-clock, so on a busy machine its
//! CPU per game is what to compare. Reports each side's wins, draws, losses, score, mean
//! disc margin, CPU seconds per game (mean, median) and per move, and b's CPU over a's.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

#[path = "shared/othello_players.rs"]
mod othello_players;
use othello_players::{Kind, Player, ticks_per_second};

use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::{Game, Seat};

/// One side's options as given.
#[derive(Default)]
struct SideArgs {
    kind: String,
    binary: String,
    dir: String,
    depth: Option<u32>,
    end: Option<String>,
    eval: Option<String>,
    ms: Option<u64>,
}

impl SideArgs {
    fn kind(&self, name: &str, ms: u64) -> Result<Kind, String> {
        let depth = || self.depth.ok_or(format!("--{name}-depth is needed"));
        let dir = || match self.dir.as_str() {
            "" => Err(format!("--{name}-dir is needed")),
            d => Ok(d.into()),
        };
        match self.kind.as_str() {
            "" | "parlor" if self.binary.is_empty() => Err(format!("--{name} BIN is needed")),
            "" | "parlor" => Ok(Kind::Parlor {
                binary: self.binary.clone(),
                ms: self.ms.unwrap_or(ms),
                eval: self.eval.clone(),
            }),
            "ntest" => Ok(Kind::Ntest {
                dir: dir()?,
                depth: depth()?,
            }),
            "zebra" => {
                let depth = depth()?;
                let (exact, wld) = match &self.end {
                    None => (depth + 2, depth + 4),
                    Some(end) => end
                        .split_once(',')
                        .and_then(|(e, w)| Some((e.parse().ok()?, w.parse().ok()?)))
                        .ok_or(format!("--{name}-end {end}: EXACT,WLD expected"))?,
                };
                Ok(Kind::Zebra {
                    dir: dir()?,
                    depth,
                    exact,
                    wld,
                })
            }
            other => Err(format!("--{name}-kind {other}: parlor, ntest or zebra")),
        }
    }
}

struct Args {
    a: Kind,
    b: Kind,
    games: usize,
    seed: u64,
    opening: usize,
    /// Search threads of parlor (`solver.threads`; 0: the machine's cores).
    threads: u64,
    jobs: usize,
    /// Keep only openings both sides value within this many discs of a draw.
    even: Option<f64>,
    /// Where each game's line goes (number, a's colour, a's margin, the moves with
    /// their evaluations), if anywhere.
    record: Option<String>,
}

const USAGE: &str = "usage: othello_match --a BIN | --a-kind ntest|zebra --a-dir DIR --a-depth N, \
    the same for --b [--X-end EXACT,WLD] [--X-eval E] [--X-ms MS] [--games N] [--ms MS] \
    [--seed S] [--opening PLIES] [--even MAX] [--threads N] [--jobs N] [--record FILE]";

fn parse_args() -> Result<Args, String> {
    let (mut a, mut b) = (SideArgs::default(), SideArgs::default());
    let (mut games, mut ms, mut seed, mut opening, mut threads, mut jobs) = (100, 1000, 1, 8, 1, 1);
    let mut record = None;
    let mut even = None;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        let (side, option) = match flag.strip_prefix("--a") {
            Some(rest) => (Some(&mut a), rest),
            None => match flag.strip_prefix("--b") {
                Some(rest) => (Some(&mut b), rest),
                None => (None, flag.as_str()),
            },
        };
        match (side, option) {
            (Some(s), "") => s.binary = value.clone(),
            (Some(s), "-kind") => s.kind = value.clone(),
            (Some(s), "-dir") => s.dir = value.clone(),
            (Some(s), "-depth") => s.depth = Some(number()? as u32),
            (Some(s), "-end") => s.end = Some(value.clone()),
            (Some(s), "-eval") => s.eval = Some(value.clone()),
            (Some(s), "-ms") => s.ms = Some(number()?),
            (None, "--games") => games = number()? as usize,
            (None, "--ms") => ms = number()?,
            (None, "--seed") => seed = number()?,
            (None, "--opening") => opening = number()? as usize,
            (None, "--threads") => threads = number()?,
            (None, "--jobs") => jobs = (number()? as usize).max(1),
            (None, "--record") => record = Some(value.clone()),
            (None, "--even") => {
                even = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|m| *m >= 0.0)
                        .ok_or(format!("--even {value}: a number of discs, 0 or more"))?,
                )
            }
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    let args = Args {
        a: a.kind("a", ms)?,
        b: b.kind("b", ms)?,
        games,
        seed,
        opening,
        threads,
        jobs,
        even,
        record,
    };
    let zebra = |k: &Kind| matches!(k, Kind::Zebra { .. });
    if args.jobs > 1 && (zebra(&args.a) || zebra(&args.b)) {
        return Err("Zebra's CPU is read from this process's reaped children: --jobs 1".into());
    }
    Ok(args)
}

/// `plies` random moves from the start that leave the game running.
fn opening(rng: &mut ChaCha8Rng, plies: usize) -> Vec<OthelloMove> {
    loop {
        let mut board = Othello::new();
        let mut moves = Vec::new();
        while moves.len() < plies && board.outcome().is_none() {
            let legal = board.legal_moves();
            let m = legal[rng.random_range(0..legal.len())];
            let _ = board.play(m);
            moves.push(m);
        }
        if board.outcome().is_none() {
            return moves;
        }
    }
}

/// `count` openings of `args.opening` random plies (no two alike) that every side
/// which gives a value puts within `max` discs of a draw, each side asked once at its
/// match setting.
fn even_openings(
    args: &Args,
    dir: &std::path::Path,
    rng: &mut ChaCha8Rng,
    count: usize,
    max: f64,
) -> Result<Vec<Vec<OthelloMove>>, String> {
    let config = dir.join("config.toml");
    let mut a = Player::start(&args.a, &config, &dir.join("balance-a"))?;
    let mut b = Player::start(&args.b, &config, &dir.join("balance-b"))?;
    let mut kept: Vec<Vec<OthelloMove>> = Vec::new();
    let mut tried = 0;
    while kept.len() < count {
        tried += 1;
        if tried > 50 * count.max(1) {
            return Err(format!(
                "--even {max}: {} of {count} openings found in {} tried",
                kept.len(),
                tried - 1
            ));
        }
        let line = opening(rng, args.opening);
        if kept.contains(&line) {
            continue;
        }
        let mut level = true;
        for side in [&mut a, &mut b] {
            side.choose(&line)?;
            let value = side.last_eval().and_then(|e| {
                e.split(|c: char| c.is_whitespace() || c == '/')
                    .next()?
                    .parse::<f64>()
                    .ok()
            });
            if value.is_some_and(|v| v.abs() > max) {
                level = false;
                break;
            }
        }
        if level {
            kept.push(line);
        }
    }
    eprintln!(
        "even openings: {} of {tried} within {max} discs of a draw",
        kept.len()
    );
    Ok(kept)
}

/// What one side spent in a game.
#[derive(Clone, Copy, Default)]
struct Spent {
    ticks: u64,
    wall: Duration,
    /// Moves it chose (a forced pass is played for it).
    moves: u32,
}

/// One game's result, for a.
struct GameResult {
    game: usize,
    a_black: bool,
    a_margin: i32,
    a: Spent,
    b: Spent,
    /// The game's moves from the start, each with the evaluation its player gave
    /// (`f5/-1.14`; a forced pass or a silent player: the move alone).
    record: Vec<String>,
}

/// One game from `opening`, `black` and `white` choosing: black's final disc margin and
/// what each spent.
fn play(
    black: &mut Player,
    white: &mut Player,
    opening: &[OthelloMove],
) -> Result<(i32, Spent, Spent, Vec<String>), String> {
    let mut board = Othello::new();
    let mut moves = opening.to_vec();
    let mut record: Vec<String> = opening.iter().map(|m| m.to_string()).collect();
    for m in opening {
        board.play(*m).map_err(|e| e.to_string())?;
    }
    let mut spent = [Spent::default(); 2];
    let start = [black.cpu_ticks()?, white.cpu_ticks()?];
    while board.outcome().is_none() {
        let seat = board.to_move();
        let m = if board.legal_moves() == [OthelloMove::Pass] {
            record.push(OthelloMove::Pass.to_string());
            OthelloMove::Pass
        } else {
            let player = match seat {
                Seat::First => &mut *black,
                Seat::Second => &mut *white,
            };
            let clock = Instant::now();
            let m = player.choose(&moves)?;
            let s = &mut spent[usize::from(seat == Seat::Second)];
            s.wall += clock.elapsed();
            s.moves += 1;
            record.push(match player.last_eval() {
                Some(eval) => format!("{m}/{eval}"),
                None => m.to_string(),
            });
            m
        };
        board
            .play(m)
            .map_err(|e| format!("illegal move {m} after {moves:?}: {e}"))?;
        moves.push(m);
    }
    spent[0].ticks = black.cpu_ticks()? - start[0];
    spent[1].ticks = white.cpu_ticks()? - start[1];
    Ok((
        board.first_margin().unwrap_or(0),
        spent[0],
        spent[1],
        record,
    ))
}

/// A side's results over the match.
#[derive(Default)]
struct Side {
    won: u32,
    drawn: u32,
    lost: u32,
    margin: i64,
    /// CPU seconds of each game.
    cpu: Vec<f64>,
    wall: Duration,
    moves: u64,
}

impl Side {
    fn add(&mut self, margin: i32, spent: Spent, tick: f64) {
        self.margin += i64::from(margin);
        match margin.signum() {
            1 => self.won += 1,
            0 => self.drawn += 1,
            _ => self.lost += 1,
        }
        self.cpu.push(spent.ticks as f64 / tick);
        self.wall += spent.wall;
        self.moves += u64::from(spent.moves);
    }

    fn points(&self) -> f64 {
        f64::from(self.won) + f64::from(self.drawn) / 2.0
    }

    fn cpu_total(&self) -> f64 {
        self.cpu.iter().sum()
    }

    fn cpu_median(&self) -> f64 {
        let mut sorted = self.cpu.clone();
        sorted.sort_by(f64::total_cmp);
        match sorted.len() {
            0 => 0.0,
            n if n % 2 == 1 => sorted[n / 2],
            n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("othello_match: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = run(&args) {
        eprintln!("othello_match: {e}");
        std::process::exit(1);
    }
}

/// Plays games from `next` until there are none (or `stop`), sending each result.
fn worker(
    args: &Args,
    dir: &std::path::Path,
    job: usize,
    openings: &[Vec<OthelloMove>],
    next: &AtomicUsize,
    stop: &AtomicBool,
    results: &std::sync::mpsc::Sender<Result<GameResult, String>>,
) -> Result<(), String> {
    let config = dir.join("config.toml");
    let mut a = Player::start(&args.a, &config, &dir.join(format!("a{job}")))?;
    let mut b = Player::start(&args.b, &config, &dir.join(format!("b{job}")))?;
    while !stop.load(Ordering::Relaxed) {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= args.games {
            break;
        }
        let a_black = game.is_multiple_of(2);
        let line = &openings[game / 2];
        let result = if a_black {
            play(&mut a, &mut b, line)
        } else {
            play(&mut b, &mut a, line).map(|(m, sb, sa, record)| (-m, sa, sb, record))
        };
        let result = result.map(|(a_margin, a, b, record)| GameResult {
            game,
            a_black,
            a_margin,
            a,
            b,
            record,
        });
        let failed = result.is_err();
        let _ = results.send(result);
        if failed {
            break;
        }
    }
    Ok(())
}

fn run(args: &Args) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("othello_match_{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let text = format!("[solver]\nthreads = {}\n", args.threads);
    std::fs::write(dir.join("config.toml"), text).map_err(|e| e.to_string())?;
    let tick = ticks_per_second();
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    eprintln!("a: {}\nb: {}", args.a.describe(), args.b.describe());
    let count = args.games.div_ceil(2);
    let openings: Vec<_> = match args.even {
        None => (0..count)
            .map(|_| opening(&mut rng, args.opening))
            .collect(),
        Some(max) => even_openings(args, &dir, &mut rng, count, max)?,
    };
    let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(false));
    let (send, receive) = std::sync::mpsc::channel();
    let (mut side_a, mut side_b) = (Side::default(), Side::default());
    let mut failure = None;
    let mut record = match &args.record {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?),
        None => None,
    };
    std::thread::scope(|scope| {
        for job in 0..args.jobs {
            let (send, next, stop, dir, openings) = (send.clone(), &next, &stop, &dir, &openings);
            scope.spawn(move || {
                if let Err(e) = worker(args, dir, job, openings, next, stop, &send) {
                    let _ = send.send(Err(e));
                }
            });
        }
        drop(send);
        for result in receive {
            let r = match result {
                Ok(r) => r,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            if let Some(file) = record.as_mut() {
                use std::io::Write;
                let colour = if r.a_black { "black" } else { "white" };
                let line = format!(
                    "{} {colour} {:+} {}",
                    r.game + 1,
                    r.a_margin,
                    r.record.join(" ")
                );
                if let Err(e) = writeln!(file, "{line}") {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(format!("the record: {e}"));
                }
            }
            side_a.add(r.a_margin, r.a, tick);
            side_b.add(-r.a_margin, r.b, tick);
            eprintln!(
                "game {:>3}: a {} ({:+})  cpu a {:.1} s b {:.1} s  wall a {:.1} s b {:.1} s  \
                 running score a {:.1}-{:.1}",
                r.game + 1,
                if r.a_black { "black" } else { "white" },
                r.a_margin,
                r.a.ticks as f64 / tick,
                r.b.ticks as f64 / tick,
                r.a.wall.as_secs_f64(),
                r.b.wall.as_secs_f64(),
                side_a.points(),
                side_b.points(),
            );
        }
    });
    if let Some(e) = failure {
        return Err(format!("{e} (its files are in {})", dir.display()));
    }
    report(args, &side_a, &side_b);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn report(args: &Args, side_a: &Side, side_b: &Side) {
    let n = side_a.cpu.len().max(1) as f64;
    for (name, kind, side) in [("a", &args.a, side_a), ("b", &args.b, side_b)] {
        println!(
            "{name} {}: won {} drawn {} lost {}, score {:.1}%, mean margin {:+.2}; \
             CPU a game {:.2} s (median {:.2}), a move {:.3} s; wall a game {:.2} s",
            kind.describe(),
            side.won,
            side.drawn,
            side.lost,
            100.0 * side.points() / n,
            side.margin as f64 / n,
            side.cpu_total() / n,
            side.cpu_median(),
            side.cpu_total() / (side.moves.max(1) as f64),
            side.wall.as_secs_f64() / n,
        );
    }
    let p = side_a.points() / n;
    let half_width = 1.96 * (p * (1.0 - p) / n).sqrt();
    println!(
        "a's score {:.1}% +- {:.1} (95%), {} games, openings of {} plies{}, seed {}; \
         CPU b/a {:.2}",
        100.0 * p,
        100.0 * half_width,
        side_a.cpu.len(),
        args.opening,
        args.even
            .map(|m| format!(" valued within {m} discs by both"))
            .unwrap_or_default(),
        args.seed,
        side_b.cpu_total() / side_a.cpu_total().max(1e-9),
    );
}
