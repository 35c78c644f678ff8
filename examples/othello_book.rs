//! Makes the Othello opening book (`assets/othello/book.bin`, read by
//! `parlor::solve::othello::book`) from the project's own searches.
//!
//! ```text
//! nice cargo run --release --example othello_book -- --plies 6 --depth 14 \
//!     --state book-d14.txt --out assets/othello/book.bin
//! ```
//!
//! Every position of the first `--plies` plies (all moves of both sides, one position
//! for all eight symmetries) is in the book. Each position at the edge is valued by a
//! search `--depth` plies deep (one thread, a cleared table, so a value does not depend
//! on the order of the searches or on what ran before); each position inside by
//! negamax over its moves, so the start is valued `plies + depth` plies deep. Nothing is
//! random: the same flags make the same book.
//!
//! The searches are slow (a second or more each at depth 14): each value is appended
//! to the `--state` file as it is found, and a run given the same file goes on where
//! the last one stopped. `--out` is written (atomically) once every edge position is
//! valued; `--stop-after N` ends a run after N searches, to spread one over sessions.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::time::Instant;

use parlor::game::Game;
use parlor::game::othello::Othello;
use parlor::solve::othello::book::{Book, BookValue, key};
use parlor::solve::othello::{Engine, Limits};

struct Args {
    plies: u32,
    depth: u32,
    state: String,
    out: Option<String>,
    stop_after: Option<usize>,
}

fn usage(why: &str) -> ! {
    eprintln!("othello_book: {why}");
    eprintln!("usage: othello_book --plies N --depth D --state FILE [--out BOOK] [--stop-after N]");
    std::process::exit(2);
}

fn args() -> Args {
    let mut a = Args {
        plies: 6,
        depth: 14,
        state: String::new(),
        out: None,
        stop_after: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        let number = |text: String| -> u64 {
            text.parse()
                .unwrap_or_else(|_| usage(&format!("{flag}: {text:?} is not a number")))
        };
        match flag.as_str() {
            "--plies" => a.plies = number(value()) as u32,
            "--depth" => a.depth = number(value()) as u32,
            "--state" => a.state = value(),
            "--out" => a.out = Some(value()),
            "--stop-after" => a.stop_after = Some(number(value()) as usize),
            other => usage(&format!("unknown flag {other}")),
        }
    }
    if a.state.is_empty() {
        usage("--state FILE is needed (the searches' values, kept across runs)");
    }
    a
}

/// Every position of the first `plies` plies by key, with a board that reaches it and
/// the keys of its children (none at the edge or at the end of a game).
struct Tree {
    boards: BTreeMap<(u64, u64), Othello>,
    children: HashMap<(u64, u64), Vec<(u64, u64)>>,
    /// The keys by ply, the start first.
    plies: Vec<Vec<(u64, u64)>>,
}

fn key_of(board: &Othello) -> (u64, u64) {
    key(board.player(), board.opponent())
}

fn tree(plies: u32) -> Tree {
    let start = Othello::new();
    let mut t = Tree {
        boards: BTreeMap::new(),
        children: HashMap::new(),
        plies: vec![vec![key_of(&start)]],
    };
    t.boards.insert(key_of(&start), start);
    for ply in 0..plies as usize {
        let mut next = Vec::new();
        for k in t.plies[ply].clone() {
            let board = t.boards[&k];
            if board.is_over() {
                continue;
            }
            let mut kids = Vec::new();
            for mv in board.legal_moves() {
                let Ok(after) = board.after(mv) else {
                    continue;
                };
                let ck = key_of(&after);
                if !kids.contains(&ck) {
                    kids.push(ck);
                }
                if let std::collections::btree_map::Entry::Vacant(e) = t.boards.entry(ck) {
                    e.insert(after);
                    next.push(ck);
                }
            }
            t.children.insert(k, kids);
        }
        next.sort_unstable();
        t.plies.push(next);
    }
    t
}

/// The state file: one searched position a line, `<mover hex> <opponent hex> <discs>
/// <depth>`.
fn read_state(path: &str) -> HashMap<(u64, u64), BookValue> {
    let Ok(file) = std::fs::File::open(path) else {
        return HashMap::new();
    };
    let mut known = HashMap::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.unwrap_or_else(|e| usage(&format!("{path}: {e}")));
        let f: Vec<&str> = line.split_whitespace().collect();
        let parsed = (|| {
            let p = u64::from_str_radix(f.first()?, 16).ok()?;
            let o = u64::from_str_radix(f.get(1)?, 16).ok()?;
            let score = f.get(2)?.parse().ok()?;
            let depth = f.get(3)?.parse().ok()?;
            Some(((p, o), BookValue { score, depth }))
        })();
        match parsed {
            Some((k, v)) => {
                known.insert(k, v);
            }
            // A line cut short by a stopped run: the position is searched again.
            None => eprintln!("{path} line {}: not read ({line:?})", i + 1),
        }
    }
    known
}

fn main() {
    let a = args();
    let t = tree(a.plies);
    let total: usize = t.plies.iter().map(Vec::len).sum();
    eprintln!(
        "{total} positions in {} plies ({} at the edge); edge searches {} plies deep",
        a.plies,
        t.plies[a.plies as usize].len(),
        a.depth
    );
    let mut known = read_state(&a.state);
    // The edge, and the ends of games inside it: what a search values.
    let leaves: Vec<(u64, u64)> = t
        .boards
        .keys()
        .copied()
        .filter(|k| !t.children.contains_key(k))
        .collect();
    let todo: Vec<(u64, u64)> = leaves
        .iter()
        .copied()
        .filter(|k| known.get(k).is_none_or(|v| v.depth < a.depth))
        .collect();
    eprintln!(
        "{} to search, {} valued already",
        todo.len(),
        leaves.len() - todo.len()
    );
    let mut state = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.state)
        .unwrap_or_else(|e| usage(&format!("{}: {e}", a.state)));
    let mut engine = Engine::new(64);
    engine.set_threads(1);
    let limits = Limits {
        max_depth: Some(a.depth),
        max_millis: None,
        table_mib: 64,
        exact_empties: 0,
    };
    let started = Instant::now();
    for (done, k) in todo.iter().enumerate() {
        if a.stop_after.is_some_and(|n| done >= n) {
            eprintln!("stopped after {done} searches, as asked");
            return;
        }
        let board = t.boards[k];
        engine.clear();
        let value = if board.is_over() {
            let margin = board.first_margin().unwrap_or(0);
            let mover = if board.to_move() == parlor::game::Seat::First {
                margin
            } else {
                -margin
            };
            BookValue {
                score: mover,
                depth: 60,
            }
        } else {
            let choice = engine
                .search(&board, &limits, &|| false)
                .unwrap_or_else(|| usage("a search gave no move"));
            BookValue {
                score: choice.score,
                depth: if choice.exact { 60 } else { choice.depth },
            }
        };
        writeln!(state, "{:x} {:x} {} {}", k.0, k.1, value.score, value.depth)
            .and_then(|()| state.flush())
            .unwrap_or_else(|e| usage(&format!("{}: {e}", a.state)));
        known.insert(*k, value);
        if (done + 1) % 20 == 0 || done + 1 == todo.len() {
            let s = started.elapsed().as_secs_f64();
            eprintln!(
                "{}/{} searched, {:.1} s each",
                done + 1,
                todo.len(),
                s / (done + 1) as f64
            );
        }
    }
    // Negamax from the edge to the start.
    let mut values: HashMap<(u64, u64), BookValue> = leaves
        .iter()
        .filter_map(|k| known.get(k).map(|v| (*k, *v)))
        .collect();
    for ply in (0..a.plies as usize).rev() {
        for k in &t.plies[ply] {
            let Some(kids) = t.children.get(k) else {
                continue;
            };
            let best = kids
                .iter()
                .filter_map(|c| values.get(c))
                .map(|v| (-v.score, v.depth + 1))
                .max_by_key(|&(score, _)| score);
            let shallowest = kids
                .iter()
                .filter_map(|c| values.get(c))
                .map(|v| v.depth + 1)
                .min();
            if let (Some((score, _)), Some(depth)) = (best, shallowest) {
                values.insert(*k, BookValue { score, depth });
            }
        }
    }
    let start = t.plies[0][0];
    eprintln!(
        "the start: {:+} for black ({} plies deep)",
        values[&start].score, values[&start].depth
    );
    let book = Book::from_entries(values);
    if let Some(out) = a.out {
        let temp = format!("{out}.part");
        std::fs::write(&temp, book.to_bytes())
            .and_then(|()| std::fs::rename(&temp, &out))
            .unwrap_or_else(|e| usage(&format!("{out}: {e}")));
        eprintln!("{out}: {} positions", book.len());
    }
}
