//! Makes the Othello opening book (`assets/othello/book.bin`, read by
//! `parlor::solve::othello::book`) from the project's own searches.
//!
//! ```text
//! nice cargo run --release --example othello_book -- --plies 7 --depth 14 \
//!     [--extend-to 10 --within 1] --state book-p7-d14.txt --out assets/othello/book.bin
//! ```
//!
//! Every position of the first `--plies` plies (all moves of both sides, one position
//! for all eight symmetries) is in the book. Each position at the edge is valued by a
//! search `--depth` plies deep (one thread, a cleared table, so a value does not depend
//! on the order of the searches or on what ran before); each position inside by
//! negamax over its moves, so the start is valued `plies + depth` plies deep. Nothing is
//! random: the same flags make the same book.
//!
//! `--extend-to M --within W` grows the book past the full-width plies along near-best
//! lines only: a position at a ply below `M` is expanded (all its children put in the
//! book and searched) when a line from the start reaches it in which every move, of
//! either side, is within `W` discs of the best by the book's negamax values (the lines
//! the strong level, which plays within `STRONG_BOOK_SPREAD` of the book's best, can
//! follow; `W` is that by default). Expanding changes the values, so the run repeats:
//! negamax, the near-best positions not yet expanded (printed by ply before their
//! children are searched), their children searched; until none is left. Positions
//! expanded on the way that are no longer near-best at the end stay (counted as
//! "stale"): their values only got deeper.
//!
//! `--deepen D` then looks deeper where the book's value is decided: the leaves of its
//! principal tree (from the start, every move of either side that is as good as the
//! best by the negamax values, down to the positions not expanded) are searched again
//! `D` plies deep, the values recomputed, the near-best lines grown again (new ones
//! searched `--depth` deep), and so on until every principal leaf has been searched at
//! least `D` deep (or the game ended there). With `--average` a deeper value is the
//! mean of two searches, `D - 1` and `D` plies deep (rounded towards zero), recorded
//! as `D` deep: parlor's search values swing with the parity of the depth (the side
//! to move at the horizon gains a disc or two: from the position after f5 d6 c3 d3 c4
//! f4 f6 f3 e6 e7, depths 12-19 gave +2 -1 +1 -2 +1 -2 +1 -2 for black), and a
//! book whose leaves lie at different plies compares lines whose horizons favour
//! different sides; the mean of two consecutive depths cancels most of the swing.
//! `--seed-book FILE` takes the values of an
//! existing book as found before (the state file's win), so a run that repeats the
//! book's flags searches nothing before its deepening.
//!
//! The searches are slow (a second or more each at depth 14): each value is appended
//! to the `--state` file as it is found, and a run given the same file (and flags)
//! goes on where the last one stopped. `--out` is written (atomically) once every
//! position the book needs is valued; `--stop-after N` ends a run after N searches,
//! to spread one over sessions.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, Write};
use std::time::Instant;

use parlor::game::othello::Othello;
use parlor::game::{Game, Seat};
use parlor::solve::othello::book::{Book, BookValue, key};
use parlor::solve::othello::{Engine, Limits, STRONG_BOOK_SPREAD};

/// A position of the book: its key (see [`key`]).
type Key = (u64, u64);

struct Args {
    plan: Plan,
    state: String,
    out: Option<String>,
    /// A book whose values are taken as found before.
    seed_book: Option<String>,
}

/// What a run grows: the full-width plies, the near-best extension, the search budget.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Every position of these first plies is in the book.
    plies: u32,
    /// The depth of each search.
    depth: u32,
    /// Near-best positions are expanded up to this ply (exclusive); `plies` for none.
    extend_to: u32,
    /// How far (discs) from the best a near-best move may be.
    within: i32,
    /// Stop after this many searches.
    stop_after: Option<usize>,
    /// Search the principal tree's leaves again this deep (see the top of the file).
    deepen: Option<u32>,
    /// A deeper value is the mean of the searches one ply shallower and this deep.
    average: bool,
}

fn usage(why: &str) -> ! {
    eprintln!("othello_book: {why}");
    eprintln!(
        "usage: othello_book --plies N --depth D [--extend-to M [--within W]] --state FILE \
         [--out BOOK] [--stop-after N] [--deepen D2 [--average]] [--seed-book BOOK]"
    );
    std::process::exit(2);
}

fn args() -> Args {
    let mut a = Args {
        plan: Plan {
            plies: 6,
            depth: 14,
            extend_to: 0,
            within: STRONG_BOOK_SPREAD,
            stop_after: None,
            deepen: None,
            average: false,
        },
        state: String::new(),
        out: None,
        seed_book: None,
    };
    let mut extend_to = None;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .unwrap_or_else(|| usage(&format!("{flag} needs a value")))
        };
        let number = |text: String| -> u32 {
            text.parse()
                .unwrap_or_else(|_| usage(&format!("{flag}: {text:?} is not a number")))
        };
        match flag.as_str() {
            "--plies" => a.plan.plies = number(value()),
            "--depth" => a.plan.depth = number(value()),
            "--extend-to" => extend_to = Some(number(value())),
            "--within" => a.plan.within = number(value()) as i32,
            "--state" => a.state = value(),
            "--out" => a.out = Some(value()),
            "--stop-after" => a.plan.stop_after = Some(number(value()) as usize),
            "--deepen" => a.plan.deepen = Some(number(value())),
            "--average" => a.plan.average = true,
            "--seed-book" => a.seed_book = Some(value()),
            other => usage(&format!("unknown flag {other}")),
        }
    }
    if a.state.is_empty() {
        usage("--state FILE is needed (the searches' values, kept across runs)");
    }
    a.plan.extend_to = match extend_to {
        Some(m) if m <= a.plan.plies => usage(&format!(
            "--extend-to {m} must be past --plies {}",
            a.plan.plies
        )),
        Some(m) => m,
        None => a.plan.plies,
    };
    a
}

fn key_of(board: &Othello) -> Key {
    key(board.player(), board.opponent())
}

/// The book's positions by key, each with a board that reaches it and its ply (the
/// shortest line to it from the root), and the children's keys of those expanded.
struct Tree {
    root: Key,
    boards: BTreeMap<Key, Othello>,
    ply: HashMap<Key, u32>,
    children: HashMap<Key, Vec<Key>>,
}

impl Tree {
    /// Every position of the first `plies` plies from `root`, finished games and the
    /// edge left unexpanded.
    fn full_width(root: Othello, plies: u32) -> Tree {
        let mut t = Tree {
            root: key_of(&root),
            boards: BTreeMap::from([(key_of(&root), root)]),
            ply: HashMap::from([(key_of(&root), 0)]),
            children: HashMap::new(),
        };
        for ply in 0..plies {
            let mut level: Vec<Key> = t
                .ply
                .iter()
                .filter(|&(_, &p)| p == ply)
                .map(|(&k, _)| k)
                .collect();
            level.sort_unstable();
            for k in level {
                t.expand(k);
            }
        }
        t
    }

    /// Puts every child of `k` in the tree (a pass is the child of a position whose
    /// mover is stuck); nothing for a finished game.
    fn expand(&mut self, k: Key) {
        let board = self.boards[&k];
        if board.is_over() || self.children.contains_key(&k) {
            return;
        }
        let ply = self.ply[&k] + 1;
        let mut kids = Vec::new();
        for mv in board.legal_moves() {
            let Ok(after) = board.after(mv) else {
                continue;
            };
            let ck = key_of(&after);
            if !kids.contains(&ck) {
                kids.push(ck);
            }
            self.boards.entry(ck).or_insert(after);
            let p = self.ply.entry(ck).or_insert(ply);
            *p = (*p).min(ply);
        }
        self.children.insert(k, kids);
    }

    /// The positions a search values (the unexpanded ones), in key order.
    fn leaves(&self) -> impl Iterator<Item = Key> + '_ {
        self.boards
            .keys()
            .copied()
            .filter(|k| !self.children.contains_key(k))
    }

    /// How many positions at each ply.
    fn by_ply(&self) -> Vec<usize> {
        let mut counts = Vec::new();
        for &p in self.ply.values() {
            let p = p as usize;
            if counts.len() <= p {
                counts.resize(p + 1, 0);
            }
            counts[p] += 1;
        }
        counts
    }
}

/// Values by negamax: a leaf's is its search's (from `known`), an expanded position's
/// the best of its children's negated, as deep as its shallowest child plus one.
fn negamax(t: &Tree, known: &HashMap<Key, BookValue>) -> HashMap<Key, BookValue> {
    fn value(
        k: Key,
        t: &Tree,
        known: &HashMap<Key, BookValue>,
        values: &mut HashMap<Key, BookValue>,
    ) -> Option<BookValue> {
        if let Some(v) = values.get(&k) {
            return Some(*v);
        }
        let v = match t.children.get(&k) {
            None => *known.get(&k)?,
            Some(kids) => {
                // Children first: the recursion is as deep as the tree (60 plies at most).
                let kid_values: Vec<BookValue> = kids
                    .iter()
                    .filter_map(|&c| value(c, t, known, values))
                    .collect();
                let score = kid_values.iter().map(|v| -v.score).max()?;
                let depth = kid_values.iter().map(|v| v.depth + 1).min()?;
                BookValue { score, depth }
            }
        };
        values.insert(k, v);
        Some(v)
    }
    let mut values = HashMap::new();
    for &k in t.boards.keys() {
        value(k, t, known, &mut values);
    }
    values
}

/// The positions reached from the root by lines of near-best moves (each within
/// `within` discs of the best of its position by `values`), by ply through `to`; and,
/// with their plies, those at plies below `to` not expanded yet (nor finished): the
/// next to expand, in key order.
fn near_best(
    t: &Tree,
    values: &HashMap<Key, BookValue>,
    within: i32,
    to: u32,
) -> (Vec<Vec<Key>>, Vec<(u32, Key)>) {
    let mut seen = HashSet::from([t.root]);
    let mut levels = vec![vec![t.root]];
    let mut frontier = Vec::new();
    for ply in 0..to {
        let mut next = Vec::new();
        for &k in &levels[ply as usize] {
            let Some(kids) = t.children.get(&k) else {
                if !t.boards[&k].is_over() {
                    frontier.push((ply, k));
                }
                continue;
            };
            // A move's value for the mover is its child's negated.
            let moves: Vec<(Key, i32)> = kids
                .iter()
                .filter_map(|c| values.get(c).map(|v| (*c, -v.score)))
                .collect();
            let Some(best) = moves.iter().map(|&(_, s)| s).max() else {
                continue;
            };
            for (c, s) in moves {
                if s >= best - within && seen.insert(c) {
                    next.push(c);
                }
            }
        }
        next.sort_unstable();
        levels.push(next);
    }
    frontier.sort_unstable_by_key(|&(_, k)| k);
    (levels, frontier)
}

/// The leaves of the principal tree: from the root, every move as good as the best
/// (by `values`) of either side, down to the positions not expanded; finished games
/// left out. In key order.
fn principal_leaves(t: &Tree, values: &HashMap<Key, BookValue>) -> Vec<Key> {
    // The near-best lines within 0 discs, to any depth (a game has at most 60 plies):
    // their positions not expanded are the leaves.
    let (_, frontier) = near_best(t, values, 0, 61);
    frontier.into_iter().map(|(_, k)| k).collect()
}

/// Grows the book by `plan`, then (with `plan.deepen`) searches the principal tree's
/// leaves again by `deep` and grows again, until every principal leaf is that deep.
/// `None` when `plan.stop_after` stopped it first.
fn grow_and_deepen(
    root: Othello,
    plan: &Plan,
    known: &mut HashMap<Key, BookValue>,
    search: &mut dyn FnMut(&Othello) -> BookValue,
    deep: &mut dyn FnMut(&Othello) -> BookValue,
    record: &mut dyn FnMut(Key, BookValue),
    on_round: OnRound,
) -> Option<Grown> {
    let mut deepened = 0;
    loop {
        let grown = grow(root, plan, known, search, record, on_round)?;
        let Some(depth) = plan.deepen else {
            return Some(grown);
        };
        let todo: Vec<Key> = principal_leaves(&grown.tree, &grown.values)
            .into_iter()
            .filter(|k| known.get(k).is_none_or(|v| v.depth < depth))
            .collect();
        let start = grown.values[&grown.tree.root];
        eprintln!(
            "deepening: the start {:+} ({} plies); {} principal leaves to search {depth} deep",
            start.score,
            start.depth,
            todo.len()
        );
        if todo.is_empty() {
            return Some(grown);
        }
        for k in todo {
            if plan.stop_after.is_some_and(|n| deepened >= n) {
                eprintln!("stopped after {deepened} deeper searches, as asked");
                return None;
            }
            let value = deep(&grown.tree.boards[&k]);
            record(k, value);
            known.insert(k, value);
            deepened += 1;
        }
    }
}

/// "7:120 8:3": how many of `plies` at each ply.
fn per_ply(plies: impl IntoIterator<Item = u32>) -> String {
    let mut counts = BTreeMap::new();
    for p in plies {
        *counts.entry(p).or_insert(0usize) += 1;
    }
    let parts: Vec<String> = counts.iter().map(|(p, n)| format!("{p}:{n}")).collect();
    parts.join(" ")
}

/// A finished game's value: its final margin for the side to move.
fn finished_value(board: &Othello) -> BookValue {
    let margin = board.first_margin().unwrap_or(0);
    let score = if board.to_move() == Seat::First {
        margin
    } else {
        -margin
    };
    BookValue { score, depth: 60 }
}

/// A grown book: the tree and every position's value.
struct Grown {
    tree: Tree,
    values: HashMap<Key, BookValue>,
    /// Rounds of expansion past the full width.
    rounds: usize,
}

/// Is told, each round, the tree, its values and the positions about to be expanded
/// (none in the last round).
type OnRound<'a> = &'a mut dyn FnMut(&Tree, &HashMap<Key, BookValue>, &[(u32, Key)]);

/// Grows the book from `root` by `plan` (see the top of the file): `known` holds the
/// values found before (a position valued less deep than `plan.depth` is searched
/// again), `search` values a position not finished, and `record` is told each new
/// value as soon as it is found. `None` when `plan.stop_after` stopped it first.
fn grow(
    root: Othello,
    plan: &Plan,
    known: &mut HashMap<Key, BookValue>,
    search: &mut dyn FnMut(&Othello) -> BookValue,
    record: &mut dyn FnMut(Key, BookValue),
    on_round: OnRound,
) -> Option<Grown> {
    let mut t = Tree::full_width(root, plan.plies);
    eprintln!(
        "{} positions in {} plies ({} at the edge); searches {} plies deep",
        t.boards.len(),
        plan.plies,
        t.ply.values().filter(|&&p| p == plan.plies).count(),
        plan.depth
    );
    let started = Instant::now();
    let mut searched = 0;
    let mut rounds = 0;
    loop {
        let leaves: Vec<Key> = t.leaves().collect();
        let todo: Vec<Key> = leaves
            .iter()
            .copied()
            .filter(|k| known.get(k).is_none_or(|v| v.depth < plan.depth))
            .collect();
        eprintln!(
            "{}{} to search, {} valued already",
            if rounds == 0 {
                String::new()
            } else {
                format!("round {rounds}: ")
            },
            todo.len(),
            leaves.len() - todo.len()
        );
        for (done, k) in todo.iter().enumerate() {
            if plan.stop_after.is_some_and(|n| searched >= n) {
                eprintln!("stopped after {searched} searches, as asked");
                return None;
            }
            let board = t.boards[k];
            let value = if board.is_over() {
                finished_value(&board)
            } else {
                search(&board)
            };
            record(*k, value);
            known.insert(*k, value);
            searched += 1;
            if (done + 1) % 20 == 0 || done + 1 == todo.len() {
                eprintln!(
                    "{}/{} searched, {:.1} s each",
                    done + 1,
                    todo.len(),
                    started.elapsed().as_secs_f64() / searched as f64
                );
            }
        }
        let values = negamax(&t, known);
        let (levels, frontier) = near_best(&t, &values, plan.within, plan.extend_to);
        if plan.extend_to > plan.plies {
            let sizes: Vec<String> = levels.iter().map(|l| l.len().to_string()).collect();
            eprintln!(
                "near-best (within {}) by ply 0..{}: {}; to expand: {}",
                plan.within,
                plan.extend_to,
                sizes.join(" "),
                if frontier.is_empty() {
                    "none".to_string()
                } else {
                    per_ply(frontier.iter().map(|&(p, _)| p))
                }
            );
        }
        on_round(&t, &values, &frontier);
        if frontier.is_empty() {
            let near: HashSet<Key> = levels.iter().flatten().copied().collect();
            let stale = t
                .children
                .keys()
                .filter(|k| t.ply[k] >= plan.plies && !near.contains(k))
                .count();
            if stale > 0 {
                eprintln!("{stale} expanded positions are near-best no longer (kept)");
            }
            return Some(Grown {
                tree: t,
                values,
                rounds,
            });
        }
        for (_, k) in frontier {
            t.expand(k);
        }
        rounds += 1;
    }
}

/// The state file: one searched position a line, `<mover hex> <opponent hex> <discs>
/// <depth>`.
fn state_line(k: Key, v: BookValue) -> String {
    format!("{:x} {:x} {} {}", k.0, k.1, v.score, v.depth)
}

/// Reads the state file (see [`state_line`]); nothing when there is none yet.
fn read_state(path: &str) -> HashMap<Key, BookValue> {
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

/// The mean of a search one ply shallower and one `deep` (towards zero), as deep as
/// the deeper; a solve (depth 60) is exact and stands alone.
fn mean_of(shallower: BookValue, deep: BookValue) -> BookValue {
    if shallower.depth == 60 {
        return shallower;
    }
    BookValue {
        score: (shallower.score + deep.score) / 2,
        depth: deep.depth,
    }
}

/// A search `depth` plies deep, one thread, from a cleared table.
fn engine_search(depth: u32, table_mib: u32) -> impl FnMut(&Othello) -> BookValue {
    let mut engine = Engine::new(table_mib);
    engine.set_threads(1);
    let limits = Limits {
        max_depth: Some(depth),
        max_millis: None,
        table_mib,
        exact_empties: 0,
    };
    move |board| {
        engine.clear();
        let choice = engine
            .search(board, &limits, &|| false)
            .unwrap_or_else(|| usage("a search gave no move"));
        BookValue {
            score: choice.score,
            depth: if choice.exact { 60 } else { choice.depth },
        }
    }
}

fn main() {
    let a = args();
    let mut known = read_state(&a.state);
    let seed = a.seed_book.as_ref().map(|path| {
        let bytes = std::fs::read(path).unwrap_or_else(|e| usage(&format!("{path}: {e}")));
        let book = Book::parse(&bytes).unwrap_or_else(|e| usage(&format!("{path}: {e}")));
        eprintln!("{path}: {} positions taken as valued", book.len());
        book
    });
    for (k, v) in seed.iter().flat_map(Book::entries) {
        known.entry(k).or_insert(v);
    }
    let mut state = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.state)
        .unwrap_or_else(|e| usage(&format!("{}: {e}", a.state)));
    let mut search = engine_search(a.plan.depth, 64);
    let deep_depth = a.plan.deepen.unwrap_or(a.plan.depth);
    let mut deep_search = engine_search(deep_depth, 64);
    let mut shallower = engine_search(deep_depth.saturating_sub(1).max(1), 64);
    let average = a.plan.average;
    let mut deep = |board: &Othello| {
        let deep = deep_search(board);
        if average && deep.depth < 60 {
            mean_of(shallower(board), deep)
        } else {
            deep
        }
    };
    let mut record = |k, v| {
        writeln!(state, "{}", state_line(k, v))
            .and_then(|()| state.flush())
            .unwrap_or_else(|e| usage(&format!("{}: {e}", a.state)));
    };
    let Some(grown) = grow_and_deepen(
        Othello::new(),
        &a.plan,
        &mut known,
        &mut search,
        &mut deep,
        &mut record,
        &mut |_, _, _| {},
    ) else {
        return;
    };
    let start = grown.tree.root;
    eprintln!(
        "the start: {:+} for black ({} plies deep)",
        grown.values[&start].score, grown.values[&start].depth
    );
    let by_ply: Vec<String> = grown
        .tree
        .by_ply()
        .iter()
        .enumerate()
        .map(|(p, n)| format!("{p}:{n}"))
        .collect();
    eprintln!(
        "{} positions by ply: {} ({} expanded, {} rounds past ply {})",
        grown.tree.boards.len(),
        by_ply.join(" "),
        grown.tree.children.len(),
        grown.rounds,
        a.plan.plies
    );
    // Positions of the seed book the tree no longer reaches (expanded once on a line
    // near-best no longer) are kept, as the growing keeps them.
    let mut values = grown.values;
    if let Some(seed) = &seed {
        for (k, v) in seed.entries() {
            values.entry(k).or_insert(v);
        }
    }
    let book = Book::from_entries(values);
    if let Some(out) = a.out {
        let temp = format!("{out}.part");
        std::fs::write(&temp, book.to_bytes())
            .and_then(|()| std::fs::rename(&temp, &out))
            .unwrap_or_else(|e| usage(&format!("{out}: {e}")));
        eprintln!("{out}: {} positions", book.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor::game::othello::OthelloMove;
    use std::collections::BTreeSet;

    /// Eight empty squares, black to move: lines through it pass (within 3 plies) and
    /// end (within 5), found by seeded random games.
    const NEAR_THE_END: &str = "XXXXXX--XXXXXX--XXOXXXX-XXXXOOO-XOXOOOOOXX-XXOOOXXXXOOOO-OOOOOOO X";

    fn plan(plies: u32, extend_to: u32, within: i32) -> Plan {
        Plan {
            plies,
            depth: 2,
            extend_to,
            within,
            stop_after: None,
            deepen: None,
            average: false,
        }
    }

    /// A run with a real 2-ply search: what it grew, the state lines it wrote, and how
    /// many positions it searched; each round checked by [`check_round`].
    fn run(
        root: Othello,
        plan: &Plan,
        known: &mut HashMap<Key, BookValue>,
    ) -> (Option<Grown>, Vec<String>, usize) {
        let mut engine = engine_search(plan.depth, 1);
        let mut searched = 0;
        let mut search = |b: &Othello| {
            searched += 1;
            engine(b)
        };
        let mut lines = Vec::new();
        let mut record = |k, v| lines.push(state_line(k, v));
        let mut expanded_past = BTreeSet::new();
        let mut on_round = |t: &Tree, values: &HashMap<Key, BookValue>, next: &[(u32, Key)]| {
            check_round(root, plan, t, values, next);
            expanded_past.extend(next.iter().map(|&(_, k)| k));
        };
        let grown = grow(root, plan, known, &mut search, &mut record, &mut on_round);
        if let Some(g) = &grown {
            check_end(root, plan, g, &expanded_past);
        }
        (grown, lines, searched)
    }

    /// Every position not finished at a ply below `to` on any line from `board` (at
    /// `ply`), by the boards (transpositions and symmetries walked again).
    fn all_below(board: &Othello, ply: u32, to: u32, out: &mut BTreeSet<Key>) {
        if ply >= to || board.is_over() {
            return;
        }
        out.insert(key_of(board));
        for m in board.legal_moves() {
            all_below(&board.after(m).expect("a legal move"), ply + 1, to, out);
        }
    }

    /// Every position not finished at a ply below `to` on a line from `board` (at
    /// `ply`) whose moves are all within `within` of the best by `values`; the lines
    /// go on from the positions `expanded` says (their children are valued).
    fn near_best_below(
        board: &Othello,
        ply: u32,
        (to, within): (u32, i32),
        values: &HashMap<Key, BookValue>,
        expanded: &dyn Fn(Key) -> bool,
        out: &mut BTreeSet<Key>,
    ) {
        if ply >= to || board.is_over() {
            return;
        }
        out.insert(key_of(board));
        if !expanded(key_of(board)) {
            return;
        }
        let children: Vec<Othello> = board
            .legal_moves()
            .into_iter()
            .map(|m| board.after(m).expect("a legal move"))
            .collect();
        let value = |child: &Othello| -> i32 {
            -values
                .get(&key_of(child))
                .expect("a child of an expanded position is valued")
                .score
        };
        let best = children.iter().map(value).max().expect("a move or a pass");
        for child in children.iter().filter(|c| value(c) >= best - within) {
            near_best_below(child, ply + 1, (to, within), values, expanded, out);
        }
    }

    /// A round expands exactly the positions on near-best lines by its values (the
    /// brute force) that are not expanded yet.
    fn check_round(
        root: Othello,
        plan: &Plan,
        t: &Tree,
        values: &HashMap<Key, BookValue>,
        next: &[(u32, Key)],
    ) {
        let mut near = BTreeSet::new();
        let expanded = |k| t.children.contains_key(&k);
        let bounds = (plan.extend_to, plan.within);
        near_best_below(&root, 0, bounds, values, &expanded, &mut near);
        let unexpanded: BTreeSet<Key> = near.into_iter().filter(|&k| !expanded(k)).collect();
        let next: BTreeSet<Key> = next.iter().map(|&(_, k)| k).collect();
        assert_eq!(next, unexpanded);
    }

    /// At the end: the expanded positions are the full width's and those the rounds
    /// expanded; every position on a near-best line by the final values (walked
    /// everywhere: a child not valued fails) is among them; each is open in the book.
    fn check_end(root: Othello, plan: &Plan, grown: &Grown, expanded_past: &BTreeSet<Key>) {
        let mut full = BTreeSet::new();
        all_below(&root, 0, plan.plies, &mut full);
        let expanded: BTreeSet<Key> = grown.tree.children.keys().copied().collect();
        assert_eq!(expanded, &full | expanded_past);
        let mut near = BTreeSet::new();
        let bounds = (plan.extend_to, plan.within);
        near_best_below(&root, 0, bounds, &grown.values, &|_| true, &mut near);
        assert!(near.is_subset(&expanded));
        let book = Book::from_entries(grown.values.clone());
        for k in &expanded {
            let board = grown.tree.boards[k];
            if board.legal_moves() == [OthelloMove::Pass] {
                let after = board.after(OthelloMove::Pass).expect("a pass");
                assert!(book.get(after.player(), after.opponent()).is_some());
            } else {
                assert!(book.moves(&board).is_some(), "{} is open", board.notation());
            }
        }
    }

    #[test]
    fn each_round_expands_exactly_the_near_best_positions_not_expanded_yet() {
        let p = plan(1, 4, 0);
        let (grown, lines, searched) = run(Othello::new(), &p, &mut HashMap::new());
        let grown = grown.expect("no budget: it ends");
        assert!(
            grown.rounds >= 2,
            "expanding changed the values: {}",
            grown.rounds
        );
        assert!(searched > 0 && lines.len() >= searched);
        // Wider: more near-best moves, more positions.
        let wide = plan(1, 4, 2);
        let (wider, _, _) = run(Othello::new(), &wide, &mut HashMap::new());
        let wider = wider.expect("no budget: it ends");
        assert!(wider.tree.children.len() > grown.tree.children.len());
    }

    /// Deepening searches exactly the leaves of the lines of best moves (a brute force
    /// walk of the boards) again, until each of them is the deeper search's.
    #[test]
    fn deepening_searches_every_principal_leaf_deeper() {
        let p = Plan {
            deepen: Some(4),
            ..plan(2, 3, 1)
        };
        let mut shallow = engine_search(2, 1);
        let mut deep_engine = engine_search(4, 1);
        let mut deepened = BTreeSet::new();
        let mut deep = |b: &Othello| {
            deepened.insert(key_of(b));
            deep_engine(b)
        };
        let mut known = HashMap::new();
        let grown = grow_and_deepen(
            Othello::new(),
            &p,
            &mut known,
            &mut shallow,
            &mut deep,
            &mut |_, _| {},
            &mut |_, _, _| {},
        )
        .expect("no budget: it ends");
        let expanded = |k| grown.tree.children.contains_key(&k);
        let mut on_best_lines = BTreeSet::new();
        near_best_below(
            &Othello::new(),
            0,
            (64, 0),
            &grown.values,
            &expanded,
            &mut on_best_lines,
        );
        let brute: BTreeSet<Key> = on_best_lines
            .into_iter()
            .filter(|&k| !expanded(k) && !grown.tree.boards[&k].is_over())
            .collect();
        assert!(!brute.is_empty());
        let leaves: BTreeSet<Key> = principal_leaves(&grown.tree, &grown.values)
            .into_iter()
            .collect();
        assert_eq!(leaves, brute);
        for k in &leaves {
            assert_eq!(known[k].depth, 4, "searched again 4 plies deep");
            assert!(deepened.contains(k));
        }
        // The start's value is the negamax of what was found.
        assert_eq!(
            grown.values[&grown.tree.root],
            negamax(&grown.tree, &known)[&grown.tree.root]
        );
    }

    #[test]
    fn a_mean_of_two_depths_rounds_towards_zero_and_a_solve_stands() {
        let v = |score, depth| BookValue { score, depth };
        assert_eq!(mean_of(v(1, 20), v(-2, 21)), v(0, 21));
        assert_eq!(mean_of(v(-3, 20), v(-6, 21)), v(-4, 21));
        assert_eq!(mean_of(v(4, 20), v(5, 21)), v(4, 21));
        assert_eq!(mean_of(v(6, 60), v(5, 21)), v(6, 60));
    }

    #[test]
    fn passes_and_finished_games_inside_the_extension() {
        let root = Othello::parse(NEAR_THE_END).expect("a position");
        let p = plan(2, 9, 2);
        let (grown, _, _) = run(root, &p, &mut HashMap::new());
        let grown = grown.expect("no budget: it ends");
        let boards = || grown.tree.boards.values();
        assert!(
            boards().any(|b| b.legal_moves() == [OthelloMove::Pass]
                && grown.tree.children.contains_key(&key_of(b))
                && grown.tree.ply[&key_of(b)] >= p.plies),
            "a pass is expanded past the full width"
        );
        assert!(boards().any(|b| b.is_over()), "a game ends in the tree");
        // A finished game is valued by its margin for the side to move, not searched.
        for b in boards().filter(|b| b.is_over()) {
            let margin = b.first_margin().expect("Othello has margins");
            let mover = if b.to_move() == Seat::First {
                margin
            } else {
                -margin
            };
            assert_eq!(grown.values[&key_of(b)].score, mover);
        }
    }

    #[test]
    fn a_stopped_run_resumes_from_its_state_file_and_a_finished_one_searches_nothing() {
        let p = plan(2, 5, 1);
        let (whole, _, searched) = run(Othello::new(), &p, &mut HashMap::new());
        let whole = Book::from_entries(whole.expect("no budget: it ends").values);
        let path = std::env::temp_dir().join(format!("othello_book_state_{}", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        let stop = Plan {
            stop_after: Some(searched / 2),
            ..p
        };
        let (stopped, first, _) = run(Othello::new(), &stop, &mut read_state(&path));
        assert!(stopped.is_none());
        assert_eq!(first.len(), searched / 2);
        std::fs::write(&path, first.join("\n") + "\n").expect("a temp file");
        let (resumed, rest, _) = run(Othello::new(), &p, &mut read_state(&path));
        assert_eq!(first.len() + rest.len(), searched, "nothing searched twice");
        let mut all = first;
        all.extend(rest);
        assert_eq!(Book::from_entries(resumed.expect("it ends").values), whole);
        std::fs::write(&path, all.join("\n") + "\n").expect("a temp file");
        let (again, none, _) = run(Othello::new(), &p, &mut read_state(&path));
        let _ = std::fs::remove_file(&path);
        assert_eq!(
            none,
            Vec::<String>::new(),
            "a finished run searches nothing"
        );
        assert_eq!(Book::from_entries(again.expect("it ends").values), whole);
    }
}
