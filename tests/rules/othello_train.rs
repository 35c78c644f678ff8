//! How the classic evaluation's weights (`src/solve/othello/eval_weights.rs`) are made
//! (the pattern evaluation's, the default, come from `examples/othello_train`).
//! Both steps are ignored in normal test runs:
//!
//! ```text
//! PARLOR_TRAIN_DATA=/tmp/eval.txt PARLOR_TRAIN_GAMES=4000 PARLOR_TRAIN_SEED=1 \
//!   cargo test --release --test othello_train generate -- --ignored --nocapture
//! PARLOR_TRAIN_DATA=/tmp/eval.txt cargo test --release --test othello_train fit -- --ignored --nocapture
//! ```
//!
//! `generate` plays games from random openings (engine moves with random slips) and
//! solves a few positions of each exactly; `fit` fits, for each phase bucket, the edge
//! table and the scalar weights to those exact margins by least squares (conjugate
//! gradients with a small ridge penalty) and rewrites the weights file.

use std::io::Write;

use parlor::game::Game;
use parlor::game::othello::Othello;
use parlor::solve::othello::eval::{N_EDGE, N_SCALAR, SCALE, edge_indices, scalar_features};
use parlor::solve::othello::{Engine, Limits};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The last trained bucket also serves positions with up to this many empty squares.
const EXTEND_TO: u32 = 30;

/// Phase buckets: inclusive ranges of empty squares.
const BUCKETS: [(u32, u32); 5] = [(0, 12), (13, 15), (16, 18), (19, 21), (22, 24)];

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

#[test]
#[ignore]
fn generate() {
    let path = env_or("PARLOR_TRAIN_DATA", "/tmp/othello_eval.txt");
    let games: u32 = env_or("PARLOR_TRAIN_GAMES", "200").parse().expect("games");
    let seed: u64 = env_or("PARLOR_TRAIN_SEED", "1").parse().expect("seed");
    let lo: u32 = env_or("PARLOR_TRAIN_MIN", "10")
        .parse()
        .expect("min empties");
    let hi: u32 = env_or("PARLOR_TRAIN_MAX", "20")
        .parse()
        .expect("max empties");
    let per_game: usize = env_or("PARLOR_TRAIN_PER_GAME", "3")
        .parse()
        .expect("per game");
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .expect("open data file");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut player = Engine::new(8);
    let mut solver = Engine::new(64);
    let quick = Limits {
        max_depth: Some(3),
        max_millis: None,
        table_mib: 8,
        exact_empties: 0,
    };
    let start = std::time::Instant::now();
    let mut written = 0;
    for g in 0..games {
        let mut board = Othello::new();
        let opening = rng.random_range(4..=14);
        let mut seen = Vec::new();
        let mut ply = 0;
        while !board.is_over() {
            let legal = board.legal_moves();
            let m = if ply < opening || rng.random_bool(0.12) {
                legal[rng.random_range(0..legal.len())]
            } else {
                match player.search(&board, &quick, &|| false) {
                    Some(c) => c.mv,
                    None => break,
                }
            };
            board.play(m).expect("legal");
            ply += 1;
            let n = board.empty_count();
            if (lo..=hi).contains(&n) && !board.is_over() {
                seen.push(board);
            }
        }
        for _ in 0..per_game.min(seen.len()) {
            let i = rng.random_range(0..seen.len());
            let b = seen.swap_remove(i);
            let Some(s) = solver.solve(&b, &|| false) else {
                continue;
            };
            writeln!(out, "{:016x} {:016x} {}", b.player(), b.opponent(), s.score).expect("write");
            written += 1;
        }
        if g % 50 == 49 {
            eprintln!(
                "{} games, {written} positions, {:.0} s",
                g + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

struct Sample {
    edges: [u16; 8],
    scalars: [f64; N_SCALAR],
    target: f64,
}

/// Parameters: edge table, then scalars, then the bias.
const N_PARAMS: usize = N_EDGE + N_SCALAR + 1;

fn predict(x: &[f64], s: &Sample) -> f64 {
    let mut v = x[N_PARAMS - 1];
    for &e in &s.edges {
        v += x[e as usize];
    }
    for (k, f) in s.scalars.iter().enumerate() {
        v += x[N_EDGE + k] * f;
    }
    v
}

/// Adds `c * row(s)` into `out` (the transpose product).
fn add_row(out: &mut [f64], s: &Sample, c: f64) {
    for &e in &s.edges {
        out[e as usize] += c;
    }
    for (k, f) in s.scalars.iter().enumerate() {
        out[N_EDGE + k] += c * f;
    }
    out[N_PARAMS - 1] += c;
}

/// (A^T A + lambda I_edges) v.
fn normal_product(samples: &[Sample], v: &[f64], lambda: f64) -> Vec<f64> {
    let mut out = vec![0.0; N_PARAMS];
    for s in samples {
        let av = predict(v, s);
        add_row(&mut out, s, av);
    }
    for (i, o) in out.iter_mut().enumerate().take(N_EDGE) {
        *o += lambda * v[i];
    }
    out
}

/// Ridge least squares by preconditioned conjugate gradients; the edge table is pulled
/// towards `prior` (the previous bucket's, or zero).
fn fit_bucket(samples: &[Sample], lambda: f64, prior: &[f64]) -> Vec<f64> {
    let mut rhs = vec![0.0; N_PARAMS];
    for (r, p) in rhs.iter_mut().zip(prior).take(N_EDGE) {
        *r += lambda * p;
    }
    let mut diag = vec![0.0; N_PARAMS];
    for s in samples {
        add_row(&mut rhs, s, s.target);
        for &e in &s.edges {
            diag[e as usize] += 1.0;
        }
        for (k, f) in s.scalars.iter().enumerate() {
            diag[N_EDGE + k] += f * f;
        }
        diag[N_PARAMS - 1] += 1.0;
    }
    for d in diag.iter_mut().take(N_EDGE) {
        *d += lambda;
    }
    let precond: Vec<f64> = diag
        .iter()
        .map(|&d| if d > 0.0 { 1.0 / d } else { 1.0 })
        .collect();
    let mut x = vec![0.0; N_PARAMS];
    let mut r = rhs.clone();
    let mut z: Vec<f64> = r.iter().zip(&precond).map(|(a, b)| a * b).collect();
    let mut p = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
    for _ in 0..400 {
        let ap = normal_product(samples, &p, lambda);
        let pap: f64 = p.iter().zip(&ap).map(|(a, b)| a * b).sum();
        if pap <= 0.0 {
            break;
        }
        let alpha = rz / pap;
        for i in 0..N_PARAMS {
            x[i] += alpha * p[i];
            r[i] -= alpha * ap[i];
        }
        z = r.iter().zip(&precond).map(|(a, b)| a * b).collect();
        let rz_new: f64 = r.iter().zip(&z).map(|(a, b)| a * b).sum();
        if rz_new < 1e-9 {
            break;
        }
        let beta = rz_new / rz;
        rz = rz_new;
        for i in 0..N_PARAMS {
            p[i] = z[i] + beta * p[i];
        }
    }
    x
}

#[test]
#[ignore]
fn fit() {
    let path = env_or("PARLOR_TRAIN_DATA", "/tmp/othello_eval.txt");
    let out_path = env_or(
        "PARLOR_TRAIN_WEIGHTS",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/solve/othello/eval_weights.rs"
        ),
    );
    let lambda: f64 = env_or("PARLOR_TRAIN_LAMBDA", "2.0")
        .parse()
        .expect("lambda");
    let text = std::fs::read_to_string(&path).expect("data file");
    let mut by_bucket: Vec<Vec<Sample>> = BUCKETS.iter().map(|_| Vec::new()).collect();
    for line in text.lines() {
        let mut parts = line.split_whitespace();
        let (Some(p), Some(o), Some(score)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(p), Ok(o), Ok(score)) = (
            u64::from_str_radix(p, 16),
            u64::from_str_radix(o, 16),
            score.parse::<f64>(),
        ) else {
            continue;
        };
        let n = (!(p | o)).count_ones();
        let Some(b) = BUCKETS.iter().position(|&(lo, hi)| (lo..=hi).contains(&n)) else {
            continue;
        };
        let f = scalar_features(p, o);
        by_bucket[b].push(Sample {
            edges: edge_indices(p, o),
            scalars: f.map(f64::from),
            target: score,
        });
    }
    let mut edge_rows = Vec::new();
    let mut scalar_rows = Vec::new();
    let mut prior = vec![0.0; N_PARAMS];
    // Buckets with too few samples stay untrained (the hand-made evaluation serves).
    let trained: Vec<bool> = by_bucket.iter().map(|s| s.len() >= 200).collect();
    for (b, samples) in by_bucket.iter_mut().enumerate() {
        // Hold out every tenth sample to report the error on unseen positions.
        let test: Vec<Sample> = samples
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 10 == 0)
            .map(|(_, s)| Sample {
                edges: s.edges,
                scalars: s.scalars,
                target: s.target,
            })
            .collect();
        let train: Vec<Sample> = samples
            .drain(..)
            .enumerate()
            .filter(|(i, _)| i % 10 != 0)
            .map(|(_, s)| s)
            .collect();
        // Sparse buckets lean harder on their neighbour's edge table.
        let strength = lambda * (1.0 + 4000.0 / (train.len() as f64 + 1.0));
        let x = if train.is_empty() {
            vec![0.0; N_PARAMS]
        } else {
            fit_bucket(&train, strength, &prior)
        };
        if trained[b] {
            prior.clone_from(&x);
        }
        let rmse = |set: &[Sample]| {
            (set.iter()
                .map(|s| (predict(&x, s) - s.target).powi(2))
                .sum::<f64>()
                / set.len().max(1) as f64)
                .sqrt()
        };
        eprintln!(
            "bucket {:?}: {} train, {} test, rmse train {:.2} test {:.2}, scalars {:?}",
            BUCKETS[b],
            train.len(),
            test.len(),
            rmse(&train),
            rmse(&test),
            &x[N_EDGE..]
                .iter()
                .map(|v| (v * 100.0).round() / 100.0)
                .collect::<Vec<_>>()
        );
        let scale = f64::from(SCALE);
        edge_rows.push(
            x[..N_EDGE]
                .iter()
                .map(|v| (v * scale).round().clamp(-32000.0, 32000.0) as i16)
                .collect::<Vec<_>>(),
        );
        scalar_rows.push(
            x[N_EDGE..]
                .iter()
                .map(|v| (v * scale).round() as i32)
                .collect::<Vec<_>>(),
        );
    }
    let mut src = String::new();
    src.push_str(
        "//! Trained weights of the evaluation (generated by `tests/othello_train.rs`: edge\n",
    );
    src.push_str("//! configurations and scalar features fitted to exact endgame margins).\n\n");
    src.push_str("use super::eval::{N_EDGE, N_SCALAR};\n\n");
    src.push_str("/// The trained bucket for each number of empty squares, if any.\n");
    src.push_str("pub static BUCKET_OF: [Option<usize>; 65] = [\n");
    // Above the last trained bucket, up to EXTEND_TO empties, that bucket serves (one
    // scale within a search); beyond, the hand-made evaluation.
    let last = trained.iter().rposition(|&t| t);
    for n in 0..=64u32 {
        match BUCKETS.iter().position(|&(lo, hi)| (lo..=hi).contains(&n)) {
            Some(b) if trained[b] => src.push_str(&format!("    Some({b}),\n")),
            _ => match last {
                Some(l) if n > BUCKETS[l].1 && n <= EXTEND_TO => {
                    src.push_str(&format!("    Some({l}),\n"))
                }
                _ => src.push_str("    None,\n"),
            },
        }
    }
    src.push_str("];\n\n");
    src.push_str("/// Edge-configuration values per bucket, in evaluation units.\n");
    src.push_str(&format!(
        "pub static EDGE: [[i16; N_EDGE]; {}] = [\n",
        BUCKETS.len()
    ));
    for row in &edge_rows {
        src.push_str("    [\n");
        for chunk in row.chunks(16) {
            let items: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
            src.push_str(&format!("        {},\n", items.join(", ")));
        }
        src.push_str("    ],\n");
    }
    src.push_str("];\n\n");
    src.push_str("/// Scalar feature weights per bucket, then the bias, in evaluation units.\n");
    src.push_str(&format!(
        "pub static SCALAR: [[i32; N_SCALAR + 1]; {}] = [\n",
        BUCKETS.len()
    ));
    for row in &scalar_rows {
        let items: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        src.push_str(&format!("    [{}],\n", items.join(", ")));
    }
    src.push_str("];\n");
    std::fs::write(&out_path, src).expect("write weights");
    eprintln!("wrote {out_path}");
}
