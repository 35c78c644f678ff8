//! Trains the Othello pattern evaluation and writes its weights file (issue 16).
//!
//! ```text
//! nice cargo run --release --example othello_train -- --seed 1 --out assets/othello_patterns.bin
//! ```
//!
//! 1. Self-play: `--games` games, each from 0-20 random plies, then a 2-ply search
//!    on the classic evaluation (`--play-eval patterns`: the shipped weights) with one
//!    move in ten at random; from each game
//!    `--per-bucket` positions (1 by default) per phase bucket (duplicates dropped).
//! 2. Phase by phase, from the endgame up: positions with at most `--exact` empty
//!    squares are labelled by an exact solve, the others by a `--depth`-ply search
//!    whose leaves fall in the phases already fitted (bootstrapping: the search uses
//!    the weights fitted so far; `--also-depth D`: the mean of that search and one of
//!    depth D); then the bucket is fitted by ridge least squares,
//!    pulled towards the previous bucket's weights (the penalty chosen on a held-out
//!    tenth).
//! 3. Once every bucket is labelled, each is refitted with its neighbours' samples at
//!    weight `--smooth` (0.5; 0 skips this pass), which lowered the held-out error of
//!    every bucket by 1-3% (seed 1: 8.85 to 8.60 discs at 7-12 empties, 7.00 to 6.90
//!    at 19-24).
//! 4. The weights go to `--out` in the format of `solve::othello::pattern_weights`.
//!
//! No clocks; everything follows from `--seed` (ChaCha8) and `--threads` (1 by
//! default; N labels each bucket in N contiguous shares at once, each share on its own
//! engines, so the labels depend on N), so the same code, seed and threads give the
//! same file. The labels are also written to `--labels`
//! (default under /tmp) and `--fit-only` refits from such a file without labelling.

mod fit;
#[path = "../shared/othello_labels.rs"]
mod labels;

use std::collections::HashSet;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use rand::{RngExt, SeedableRng};

use parlor::game::othello::Othello;
use parlor::game::{Game, Seat};
use parlor::seeds::GameRng;
use parlor::solve::othello::eval::{SCALE, evaluate};
use parlor::solve::othello::pattern_weights::{Bucket, PatternWeights};
use parlor::solve::othello::patterns::{LAYOUT, N_SCALARS, scalars};
use parlor::solve::othello::{Engine, Evaluation, Limits};

use fit::{Model, Sample};

/// The last number of empty squares of each phase bucket (the last serves up to 64).
const LASTS: [u8; 10] = [6, 12, 18, 24, 30, 36, 42, 48, 54, 60];
/// Ridge penalties tried per bucket.
const LAMBDAS: [f64; 4] = [3.0, 10.0, 30.0, 100.0];

struct Args {
    seed: u64,
    out: String,
    games: usize,
    exact: u32,
    depth: u32,
    labels: String,
    fit_only: bool,
    smooth: f64,
    per_bucket: usize,
    /// The evaluation the self-play's 2-ply searches use: the classic one (the shipped
    /// weights' games) or the shipped patterns (games nearer strong play).
    play_eval: Evaluation,
    /// A second search depth for the labels above `exact`: the label is the mean of
    /// the two searches. A depth of the other parity cancels the swing a bootstrapped
    /// evaluation takes between odd and even depths, which grows phase by phase.
    also_depth: Option<u32>,
    /// `--close D`: each sample weighs 1 / (1 + (label / D)^2) in the fit, so games
    /// long decided (half the positions of 12-24 empties are beyond 20 discs) do not
    /// outweigh the close positions where the choice of move matters; 0: all alike.
    close: f64,
    /// Threads labelling each bucket's positions (contiguous shares, one labeller
    /// each; 1: the labels of the single-threaded trainer).
    threads: usize,
}

/// A sample's weight in the fit for `close` (see [`Args::close`]).
fn closeness(target: f64, close: f64) -> f64 {
    if close > 0.0 {
        1.0 / (1.0 + (target / close).powi(2))
    } else {
        1.0
    }
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        seed: 1,
        out: "assets/othello_patterns.bin".into(),
        games: 60000,
        exact: 16,
        depth: 6,
        labels: "/tmp/othello_train_labels.txt".into(),
        fit_only: false,
        smooth: 0.5,
        per_bucket: 1,
        play_eval: Evaluation::Classic,
        also_depth: None,
        close: 0.0,
        threads: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--fit-only" {
            a.fit_only = true;
            continue;
        }
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--seed" => a.seed = num(&v)?,
            "--out" => a.out = v,
            "--games" => a.games = num(&v)? as usize,
            "--threads" => a.threads = (num(&v)? as usize).max(1),
            "--per-bucket" => a.per_bucket = (num(&v)? as usize).max(1),
            "--exact" => a.exact = num(&v)? as u32,
            "--depth" => a.depth = num(&v)? as u32,
            "--also-depth" => a.also_depth = Some(num(&v)? as u32),
            "--labels" => a.labels = v,
            "--play-eval" => {
                a.play_eval = match v.as_str() {
                    "classic" => Evaluation::Classic,
                    "patterns" => Evaluation::Patterns,
                    other => return Err(format!("--play-eval {other}: classic or patterns")),
                }
            }
            "--close" => a.close = v.parse().map_err(|e| format!("--close {v}: {e}"))?,
            "--smooth" => a.smooth = v.parse().map_err(|e| format!("--smooth {v}: {e}"))?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(a)
}

fn bucket_of(n: u32) -> usize {
    LASTS
        .iter()
        .position(|&l| n <= u32::from(l))
        .unwrap_or(LASTS.len() - 1)
}

/// Self-play games; `per_bucket` positions per bucket per game (different plies of the
/// game, drawn at random), as (mover, opponent).
fn self_play(
    rng: &mut GameRng,
    games: usize,
    per_bucket: usize,
    eval: Evaluation,
) -> Vec<Vec<(u64, u64)>> {
    let mut engine = Engine::new(1);
    engine.set_threads(1);
    engine.set_evaluation(eval);
    let quick = Limits {
        max_depth: Some(2),
        max_millis: None,
        table_mib: 1,
        exact_empties: 0,
    };
    let mut seen = HashSet::new();
    let mut out = vec![Vec::new(); LASTS.len()];
    for _ in 0..games {
        let mut board = Othello::new();
        let opening = rng.random_range(0..=20);
        let mut by_bucket: Vec<Vec<(u64, u64)>> = vec![Vec::new(); LASTS.len()];
        let mut ply = 0;
        while !board.is_over() {
            let (p, o) = (board.player(), board.opponent());
            if board.move_bits() != 0 {
                by_bucket[bucket_of(board.empty_count())].push((p, o));
            }
            let legal = board.legal_moves();
            let m = if ply < opening || rng.random_bool(0.1) {
                legal[rng.random_range(0..legal.len())]
            } else {
                match engine.search(&board, &quick, &|| false) {
                    Some(c) => c.mv,
                    None => break,
                }
            };
            if board.play(m).is_err() {
                break;
            }
            ply += 1;
        }
        for (b, list) in by_bucket.iter_mut().enumerate() {
            // One draw per bucket when per_bucket is 1: the same stream of random
            // numbers as before the flag, so the shipped weights come out the same.
            for _ in 0..per_bucket.min(list.len()) {
                let pick = list.swap_remove(rng.random_range(0..list.len()));
                if seen.insert(pick) {
                    out[b].push(pick);
                }
            }
        }
    }
    out
}

/// The weights of the buckets fitted so far, zeros above.
fn weights_of(models: &[Model]) -> Result<PatternWeights, String> {
    let buckets = LASTS
        .iter()
        .enumerate()
        .map(|(b, &last)| match models.get(b) {
            Some(m) => {
                let q = |v: f64| (v * f64::from(SCALE)).round().clamp(-32000.0, 32000.0) as i16;
                let mut s = [0i16; N_SCALARS];
                for (d, &v) in s.iter_mut().zip(&m.scalars) {
                    *d = q(v);
                }
                Bucket::new(last, s, m.classes.iter().map(|&v| q(v)).collect())
            }
            None => Bucket::new(last, [0; N_SCALARS], vec![0; LAYOUT.total_classes]),
        })
        .collect();
    PatternWeights::new(buckets).map_err(|e| e.to_string())
}

fn sample(p: u64, o: u64, target: f64) -> Sample {
    let mut classes = Vec::with_capacity(LAYOUT.instances);
    LAYOUT.classes_of(p, o, &mut classes);
    let pm = parlor::game::othello::moves(p, o);
    let om = parlor::game::othello::moves(o, p);
    Sample {
        classes,
        scalars: scalars(p, o, pm, om)
            .iter()
            .map(|&v| f64::from(v))
            .collect(),
        target,
    }
}

/// Fits one bucket: the penalty with the best error on a held-out tenth of `samples`,
/// then refitted on all of them; `extra` (the neighbouring buckets' samples, with
/// their weights) joins the training either way.
fn fit_bucket(
    b: usize,
    samples: &[Sample],
    extra: &[(&Sample, f64)],
    prior: &Model,
    close: f64,
) -> Model {
    let n = LAYOUT.total_classes;
    if samples.is_empty() {
        return Model {
            classes: prior.classes.clone(),
            scalars: prior.scalars.clone(),
        };
    }
    let train: Vec<(&Sample, f64)> = samples
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 != 0)
        .map(|(_, s)| (s, 1.0))
        .chain(extra.iter().copied())
        .map(|(s, w)| (s, w * closeness(s.target, close)))
        .collect();
    let own: Vec<&Sample> = samples
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 10 != 0)
        .map(|(_, s)| s)
        .collect();
    let test: Vec<&Sample> = samples.iter().step_by(10).collect();
    // The penalties are tried side by side, a thread each: each fit is the same
    // sequential sum as before, so the file written is the same byte for byte.
    let tried: Vec<(f64, f64, f64)> = std::thread::scope(|scope| {
        let jobs: Vec<_> = LAMBDAS
            .iter()
            .map(|&lambda| {
                let (train, own, test) = (&train, &own, &test);
                scope.spawn(move || {
                    let m = fit::fit(train, n, N_SCALARS, lambda, prior);
                    (lambda, fit::rmse(&m, own), fit::rmse(&m, test))
                })
            })
            .collect();
        jobs.into_iter()
            .map(|j| j.join().unwrap_or((f64::NAN, f64::NAN, f64::INFINITY)))
            .collect()
    });
    let mut best = (f64::INFINITY, LAMBDAS[0]);
    for (lambda, train_error, e) in tried {
        eprintln!("  bucket {b}: lambda {lambda}: rmse train {train_error:.2} test {e:.2}");
        if e < best.0 {
            best = (e, lambda);
        }
    }
    let all: Vec<(&Sample, f64)> = samples
        .iter()
        .map(|s| (s, 1.0))
        .chain(extra.iter().copied())
        .map(|(s, w)| (s, w * closeness(s.target, close)))
        .collect();
    let m = fit::fit(&all, n, N_SCALARS, best.1, prior);
    eprintln!(
        "  bucket {b}: lambda {} chosen; scalars {:?}",
        best.1,
        m.scalars
            .iter()
            .map(|v| (v * 100.0).round() / 100.0)
            .collect::<Vec<_>>()
    );
    m
}

/// The zero model: where the first bucket starts.
fn zero_model() -> Model {
    Model {
        classes: vec![0.0; LAYOUT.total_classes],
        scalars: vec![0.0; N_SCALARS],
    }
}

/// A second pass once every bucket is labelled: each bucket refitted with its
/// neighbours' samples at weight `weight` (more data per weight, smoother phases).
fn smooth(labelled: &[(usize, u64, u64, f64)], weight: f64, close: f64) -> Vec<Model> {
    eprintln!("smoothing: neighbouring buckets' samples at weight {weight}");
    let by_bucket: Vec<Vec<Sample>> = (0..LASTS.len())
        .map(|b| {
            labelled
                .iter()
                .filter(|l| l.0 == b)
                .map(|&(_, p, o, t)| sample(p, o, t))
                .collect()
        })
        .collect();
    let mut models: Vec<Model> = Vec::new();
    for b in 0..LASTS.len() {
        let extra: Vec<(&Sample, f64)> = [b.wrapping_sub(1), b + 1]
            .into_iter()
            .filter_map(|k| by_bucket.get(k))
            .flat_map(|set| set.iter().enumerate().filter(|(i, _)| i % 10 != 0))
            .map(|(_, s)| (s, weight))
            .collect();
        let prior = models.last().map_or_else(zero_model, |m| Model {
            classes: m.classes.clone(),
            scalars: m.scalars.clone(),
        });
        models.push(fit_bucket(b, &by_bucket[b], &extra, &prior, close));
    }
    models
}

/// The engines that label positions: an exact solver, and a searcher on the weights
/// fitted so far.
struct Labeller {
    solver: Engine,
    searcher: Engine,
}

impl Labeller {
    fn new() -> Labeller {
        let mut solver = Engine::new(16);
        solver.set_threads(1);
        solver.set_evaluation(Evaluation::Classic);
        let mut searcher = Engine::new(16);
        searcher.set_threads(1);
        searcher.set_evaluation(Evaluation::Patterns);
        // No midgame ProbCut in the labels: its probes are half as deep, so their
        // leaves fall in the bucket being labelled, whose weights are still zeros, and
        // its margins were fitted for the shipped weights. With it on, every run after
        // it was added (the shipped weights were trained before) labelled through those
        // cuts.
        searcher.set_mid_probcut(false);
        Labeller { solver, searcher }
    }

    /// The label of each position (`None` where the search gave none): exact up to
    /// `a.exact` empty squares, else an `a.depth`-ply search (and the mean with an
    /// `a.also_depth` one) on `weights`.
    fn label(
        &mut self,
        positions: &[(u64, u64)],
        weights: Arc<PatternWeights>,
        a: &Args,
    ) -> Result<Vec<Option<f64>>, String> {
        self.searcher.set_pattern_weights(Some(weights));
        let limits = Limits {
            max_depth: Some(a.depth),
            max_millis: None,
            table_mib: 16,
            exact_empties: 0,
        };
        let mut out = Vec::with_capacity(positions.len());
        for &(p, o) in positions {
            let board = Othello::from_bitboards(p, o, Seat::First).map_err(|e| e.to_string())?;
            let target = if board.empty_count() <= a.exact {
                self.solver
                    .solve(&board, &|| false)
                    .map(|s| f64::from(s.score))
            } else {
                let searcher = &mut self.searcher;
                let mut at = |depth: u32| {
                    let limits = Limits {
                        max_depth: Some(depth),
                        ..limits
                    };
                    searcher
                        .search(&board, &limits, &|| false)
                        .map(|c| f64::from(c.score))
                };
                match a.also_depth {
                    None => at(a.depth),
                    Some(d) => at(a.depth).zip(at(d)).map(|(x, y)| (x + y) / 2.0),
                }
            };
            out.push(target);
        }
        Ok(out)
    }
}

fn run(a: &Args) -> Result<(), String> {
    let start = Instant::now();
    let secs = || start.elapsed().as_secs_f64();
    // (bucket, mover, opponent, label) of every labelled position.
    let mut labelled: Vec<(usize, u64, u64, f64)> = Vec::new();
    let mut positions = Vec::new();
    if a.fit_only {
        let text = std::fs::read_to_string(&a.labels).map_err(|e| format!("{}: {e}", a.labels))?;
        for (p, o, t) in text.lines().filter_map(labels::parse_label) {
            labelled.push((bucket_of((!(p | o)).count_ones()), p, o, t));
        }
    } else {
        let mut rng = GameRng::seed_from_u64(a.seed);
        positions = self_play(&mut rng, a.games, a.per_bucket, a.play_eval);
        eprintln!(
            "self-play: {:?} positions per bucket, {:.0} s",
            positions.iter().map(Vec::len).collect::<Vec<_>>(),
            secs()
        );
    }
    let mut labels_out = if a.fit_only {
        None
    } else {
        Some(std::fs::File::create(&a.labels).map_err(|e| format!("{}: {e}", a.labels))?)
    };
    // One labeller a thread, kept from bucket to bucket (their tables too: with one
    // thread the labels are those of the single-threaded trainer before `--threads`).
    let mut labellers: Vec<Labeller> = (0..a.threads).map(|_| Labeller::new()).collect();
    let mut models: Vec<Model> = Vec::new();
    for b in 0..LASTS.len() {
        if !a.fit_only {
            let weights = Arc::new(weights_of(&models)?);
            let chunk = positions[b].len().div_ceil(a.threads).max(1);
            let labels: Vec<Result<Vec<Option<f64>>, String>> = std::thread::scope(|scope| {
                let jobs: Vec<_> = labellers
                    .iter_mut()
                    .zip(positions[b].chunks(chunk))
                    .map(|(l, part)| {
                        let weights = Arc::clone(&weights);
                        scope.spawn(move || l.label(part, weights, a))
                    })
                    .collect();
                jobs.into_iter()
                    .map(|j| {
                        j.join()
                            .unwrap_or_else(|_| Err("a labeller panicked".into()))
                    })
                    .collect()
            });
            let mut labels_in_order = Vec::with_capacity(positions[b].len());
            for part in labels {
                labels_in_order.extend(part?);
            }
            for (&(p, o), t) in positions[b].iter().zip(labels_in_order) {
                let Some(t) = t else { continue };
                labelled.push((b, p, o, t));
                if let Some(f) = labels_out.as_mut() {
                    writeln!(f, "{p:016x} {o:016x} {t}").map_err(|e| e.to_string())?;
                }
            }
        }
        let mine: Vec<&(usize, u64, u64, f64)> = labelled.iter().filter(|l| l.0 == b).collect();
        let samples: Vec<Sample> = mine.iter().map(|&&(_, p, o, t)| sample(p, o, t)).collect();
        // The classic evaluation's error on the same held-out tenth, for comparison.
        let classic: f64 = mine
            .iter()
            .step_by(10)
            .map(|&&(_, p, o, t)| (f64::from(evaluate(p, o)) / f64::from(SCALE) - t).powi(2))
            .sum::<f64>()
            / mine.len().div_ceil(10).max(1) as f64;
        eprintln!(
            "  bucket {b}: classic evaluation rmse test {:.2}",
            classic.sqrt()
        );
        eprintln!(
            "bucket {b} (up to {} empties): {} positions labelled, {:.0} s",
            LASTS[b],
            samples.len(),
            secs()
        );
        let prior = models.last().map_or_else(
            || Model {
                classes: vec![0.0; LAYOUT.total_classes],
                scalars: vec![0.0; N_SCALARS],
            },
            |m| Model {
                classes: m.classes.clone(),
                scalars: m.scalars.clone(),
            },
        );
        // Refitting from a labels file, the smoothing pass below makes the weights on
        // its own (it starts from the zero model): this pass would be thrown away.
        if a.fit_only && a.smooth > 0.0 {
            continue;
        }
        models.push(fit_bucket(b, &samples, &[], &prior, a.close));
    }
    if a.smooth > 0.0 {
        models = smooth(&labelled, a.smooth, a.close);
    }
    let bytes = weights_of(&models)?.to_bytes();
    std::fs::write(&a.out, &bytes).map_err(|e| format!("{}: {e}", a.out))?;
    eprintln!("wrote {} ({} bytes) in {:.0} s", a.out, bytes.len(), secs());
    Ok(())
}

fn main() {
    let result = parse_args().and_then(|a| run(&a));
    if let Err(e) = result {
        let _ = writeln!(std::io::stderr(), "othello_train: {e}");
        std::process::exit(2);
    }
}
