//! Makes the shipped puzzle sets (issue 37, point 1): `assets/puzzles/<game>.jsonl`,
//! one puzzle a line as `parlor puzzle list <game> --json` prints them (docs/json.md).
//!
//! ```text
//! cargo run --release --example make_puzzles -- --seed 1 [--games N] [--keep N]
//!     [--only GAME] [--out DIR]
//! ```
//!
//! For every game that offers puzzles (`GameKind::puzzles`), its generator plays
//! `--games` games from each of its settings (half random playouts, half AI against AI
//! at levels drawn at random), proves every new position with the game's exact solver,
//! keeps those that qualify (`parlor::plugin::puzzle::generate::judge`), one per
//! position up to the game's symmetries, and grades them. It prints, per game and
//! setting, the distinct positions met, the won ones, the unproved ones and how many
//! qualify, then writes at most `--keep` of them (chosen by id) to `--out`
//! (default `assets/puzzles`). Everything random follows from `--seed`: the same flags
//! make the same files.

use std::path::PathBuf;

use parlor::plugin::puzzle::generate::Plan;

fn main() {
    let mut plan = Plan {
        seed: 1,
        games: 3000,
        keep: 200,
    };
    let mut only: Option<String> = None;
    let mut out = PathBuf::from("assets/puzzles");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| die(&format!("{a} N: {what}")))
        };
        match a.as_str() {
            "--seed" => plan.seed = number("the seed, a whole number"),
            "--games" => plan.games = number("games per setting") as usize,
            "--keep" => plan.keep = number("puzzles kept per game") as usize,
            "--only" => only = Some(args.next().unwrap_or_else(|| die("--only GAME"))),
            "--out" => out = PathBuf::from(args.next().unwrap_or_else(|| die("--out DIR"))),
            other => die(&format!(
                "unknown argument {other}: expected --seed N, --games N, --keep N, --only GAME, --out DIR"
            )),
        }
    }
    let registry = parlor::arcade::registry();
    for game in registry.all() {
        if only.as_deref().is_some_and(|o| o != game.cli_name()) {
            continue;
        }
        let Some(book) = game.kind().puzzles() else {
            continue;
        };
        let report = (book.generate)(&plan);
        for s in &report.settings {
            let options = if s.options.is_empty() {
                "(defaults)"
            } else {
                &s.options
            };
            println!(
                "{} {options}: {} positions met, {} won, {} unproved, {} found by the casual level's move, {} qualify",
                report.game, s.seen, s.won, s.unproved, s.casual_finds, s.qualified
            );
        }
        println!(
            "{}: {} qualify, {} kept (seed {})",
            report.game,
            report.qualified,
            report.puzzles.len(),
            plan.seed
        );
        if let Some(why) = book.none_because {
            println!("{}: no set shipped: {why}", report.game);
            continue;
        }
        let text: String = report
            .puzzles
            .iter()
            .map(|p| format!("{}\n", p.json_line()))
            .collect();
        let path = out.join(format!("{}.jsonl", report.game));
        if let Err(e) = std::fs::write(&path, text) {
            die(&format!("cannot write {}: {e}", path.display()));
        }
    }
}

fn die(message: &str) -> ! {
    eprintln!("make_puzzles: {message}");
    std::process::exit(2);
}
