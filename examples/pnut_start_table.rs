//! Makes the Pnut-Butta start-node table (`assets/pnut/start_nodes.txt`, read by
//! `parlor::solve::pnut::starts`, issue 38 point 6): the start nodes the project's own
//! proofs settle, which the AI plays from in the opening.
//!
//! ```text
//! cargo run --release --example pnut_start_table -- --budget 20000000 \
//!     [--jobs DIR ...] [--proved FILE ...] > assets/pnut/start_nodes.txt
//! ```
//!
//! For each setting of [`SETTINGS`], every canonical start node (l-1 symbol indices,
//! numbered in the order they first appear) is searched by the win/loss search, one
//! table shared by the setting's start nodes, each within `--budget` nodes: what it
//! proves goes in the table, what it does not is left out. Each `--jobs DIR` (a split
//! proof's folder, docs/proof-jobs.md) adds the start nodes its finished jobs settle
//! by minimax over their values (the (3,4) and (2,7) runs, too large for one search);
//! each `--proved FILE` adds start nodes a whole `parlor prove pnut` run decided, as its
//! report's "Start nodes decided" line says them, written `k l start W|L` a line.
//! Nothing is random: the same flags and folders make the same table.

use std::collections::BTreeMap;
use std::path::PathBuf;

use parlor::games::pnut::jobs::settled_starts;
use parlor::solve::pnut::{Graph, Outcome, Reductions, Table, canonical};

/// The settings searched start node by start node: (k, l), every one whose graph the
/// win/loss search holds and whose start nodes a move's search does not prove at once.
const SETTINGS: &[(usize, usize)] = &[
    (2, 5),
    (2, 6),
    (2, 7),
    (3, 3),
    (3, 4),
    (4, 2),
    (4, 3),
    (5, 2),
    (5, 3),
];

/// A setting's settled start nodes: whether each one's mover wins, and how it was
/// settled.
type Settled = BTreeMap<Vec<u8>, (bool, String)>;

/// The table's size for each setting, in MiB.
const TABLE_MIB: u32 = 2048;

fn main() {
    let mut budget: u64 = 20_000_000;
    let mut folders: Vec<PathBuf> = Vec::new();
    let mut proved: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--budget" => {
                budget = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| die("--budget N: a number of nodes"));
            }
            "--proved" => proved.push(
                args.next()
                    .map(PathBuf::from)
                    .unwrap_or_else(|| die("--proved FILE: start nodes a proof decided")),
            ),
            "--jobs" => folders.push(
                args.next()
                    .map(PathBuf::from)
                    .unwrap_or_else(|| die("--jobs DIR: a split proof's folder")),
            ),
            other => die(&format!("unknown argument {other}")),
        }
    }
    let mut table: BTreeMap<(usize, usize), Settled> = BTreeMap::new();
    for &(k, l) in SETTINGS {
        let g = Graph::new(k, l);
        let mut memo = Table::new(TABLE_MIB);
        let never = || false;
        for start in canonical_starts(k, l) {
            // A search that stopped at its limit is not reused (what it proved stays
            // in the table).
            let mut search = Outcome::new(g, Reductions::ALL, &mut memo, &never);
            search.set_node_limit(budget);
            if let Ok(wins) = search.wins_after(&start) {
                let how = format!("search, {} nodes", search.nodes);
                table.entry((k, l)).or_default().insert(start, (wins, how));
            }
        }
        eprintln!(
            "({k},{l}): {} of {} start nodes settled",
            table.get(&(k, l)).map_or(0, BTreeMap::len),
            canonical_starts(k, l).len()
        );
    }
    for dir in &folders {
        let (k, l, starts) =
            settled_starts(dir).unwrap_or_else(|e| die(&format!("--jobs {}: {e}", dir.display())));
        eprintln!(
            "({k},{l}): {} start nodes settled by the jobs in {}",
            starts.len(),
            dir.display()
        );
        let entry = table.entry((k, l)).or_default();
        for (start, wins) in starts {
            if let Some((old, _)) = entry.get(&start)
                && *old != wins
            {
                die(&format!(
                    "({k},{l}) start {start:?}: the jobs and the search disagree"
                ));
            }
            entry
                .entry(start)
                .or_insert((wins, "split proof".to_string()));
        }
    }
    for file in &proved {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| die(&format!("--proved {}: {e}", file.display())));
        let read = parlor::solve::pnut::starts::parse(&text)
            .unwrap_or_else(|e| die(&format!("--proved {}: {e}", file.display())));
        for ((k, l), starts) in read {
            let entry = table.entry((k, l)).or_default();
            for (start, wins) in starts {
                if entry.get(&start).is_some_and(|(old, _)| *old != wins) {
                    die(&format!(
                        "({k},{l}) start {start:?}: the proof and the search disagree"
                    ));
                }
                entry
                    .entry(start)
                    .or_insert((wins, format!("proved: {}", file.display())));
            }
        }
    }
    println!("# Pnut-Butta start nodes settled by parlor's own proofs (issue 38 point 6).");
    println!(
        "# Made by: cargo run --release --example pnut_start_table -- --budget {budget}{}",
        folders
            .iter()
            .map(|d| format!(" --jobs {}", d.display()))
            .chain(proved.iter().map(|f| format!(" --proved {}", f.display())))
            .collect::<String>()
    );
    println!("# A line a start node: k l start W|L (W: its mover wins); the start node is its");
    println!("# canonical string of l-1 symbol indices. Read by parlor::solve::pnut::starts.");
    for ((k, l), starts) in &table {
        println!(
            "# ({k},{l}): {} of {} start nodes",
            starts.len(),
            canonical_starts(*k, *l).len()
        );
        for (start, (wins, how)) in starts {
            let digits: String = start
                .iter()
                .map(|&d| char::from_digit(u32::from(d), 36).unwrap_or('?'))
                .collect();
            println!(
                "{k} {l} {digits} {}  # {how}",
                if *wins { "W" } else { "L" }
            );
        }
    }
}

/// The canonical strings of l-1 symbols of k.
fn canonical_starts(k: usize, l: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..l - 1 {
        out = out
            .into_iter()
            .flat_map(|s: Vec<u8>| (0..k as u8).map(move |c| [s.as_slice(), &[c]].concat()))
            .filter(|s| canonical(s) == *s)
            .collect();
    }
    out
}

fn die(why: &str) -> ! {
    eprintln!("pnut_start_table: {why}");
    std::process::exit(2);
}
