//! Where a Pnut-Butta game turned: the winner of each position of a played string,
//! from ply FROM back to ply TO, by the win/loss search (one table for all, so each
//! position reuses what the later ones proved), and the moves that gave a won position
//! away. For games too long for the solver from the start, e.g. the lost games a
//! `pnut_match --verbose` run prints.
//!
//! Run: cargo run --release --example pnut_turns -- SYMBOLS LENGTH STRING FROM TO
//! [MAX_NODES] [TABLE_MIB], e.g. `-- 01 8 1111001011... 110 77 2000000000 4096`. It stops
//! at the first position not proved within MAX_NODES (default 400 M).

use std::time::Instant;

use parlor::game::Game;
use parlor::game::pnut::{Pnut, PnutMove, Rules};
use parlor::solve::Verdict;
use parlor::solve::pnut::{Engine, Goal, Limits};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("pnut_turns: {e}");
        eprintln!("usage: pnut_turns SYMBOLS LENGTH STRING FROM TO [MAX_NODES] [TABLE_MIB]");
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [symbols, length, text, from, to, rest @ ..] = args else {
        return Err("five arguments at least".into());
    };
    let number = |s: &str, what: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("{what} must be a whole number, not {s:?}"))
    };
    let l = number(length, "LENGTH")? as usize;
    let rules = Rules::new(symbols, l).map_err(|e| e.to_string())?;
    let from = number(from, "FROM")? as usize;
    let to = number(to, "TO")? as usize;
    let max_nodes = match rest.first() {
        Some(s) => number(s, "MAX_NODES")?,
        None => 400_000_000,
    };
    let table_mib = match rest.get(1) {
        Some(s) => u32::try_from(number(s, "TABLE_MIB")?).map_err(|_| "TABLE_MIB too large")?,
        None => 1024,
    };
    let chars: Vec<char> = text.chars().collect();
    if from > chars.len() || to > from {
        return Err(format!(
            "need TO <= FROM <= the string's length ({})",
            chars.len()
        ));
    }
    let limits = Limits::nodes(max_nodes, table_mib);
    // One engine: its table serves every position.
    let mut engine = Engine::new(&rules, table_mib);
    // Whether the player to move at the ply after wins, to spot a move giving a win away.
    let mut after: Option<bool> = None;
    for ply in (to..=from).rev() {
        let mut game = Pnut::new(rules.clone());
        for &c in &chars[..ply] {
            game.play(PnutMove(c))
                .map_err(|e| format!("symbol {} ({c:?}): {e}", game.len() + 1))?;
        }
        let started = Instant::now();
        let solved = engine.analyse_goal(&game, &limits, Goal::Winner, &|| false, &mut |_| {});
        let a = solved.analysis;
        if !a.exact {
            println!("ply {ply}: not proved within {max_nodes} nodes; stopping");
            break;
        }
        let wins = a.verdict.is_win();
        let mover = if ply % 2 == 0 { "first" } else { "second" };
        let gave_away = if wins && after == Some(true) {
            "  <- its move here gave the win away"
        } else {
            ""
        };
        // Each move's value (proved here when the winner alone left it open): a move
        // that wins beside one that loses is a decision the mover had to get right.
        let moves: Vec<String> = a
            .moves
            .iter()
            .map(|m| {
                let mut verdict = m.verdict;
                if !verdict.is_win() && !verdict.is_loss() {
                    // Left open once a winning move was found: its own proof.
                    let mut child = game.clone();
                    child.play(m.mv).map_err(|e| e.to_string())?;
                    let c =
                        engine.analyse_goal(&child, &limits, Goal::Winner, &|| false, &mut |_| {});
                    if c.analysis.exact {
                        verdict = if c.analysis.verdict.is_win() {
                            Verdict::Loss { plies: None }
                        } else {
                            Verdict::Win { plies: None }
                        };
                    }
                }
                let v = if verdict.is_win() {
                    "wins"
                } else if verdict.is_loss() {
                    "loses"
                } else {
                    "?"
                };
                Ok(format!("{} {v}", m.mv.0))
            })
            .collect::<Result<_, String>>()?;
        println!(
            "ply {ply}: the {mover} player, to move, {} [{}] ({} nodes, {:.1} s){gave_away}",
            if wins { "wins" } else { "loses" },
            moves.join(", "),
            a.nodes,
            started.elapsed().as_secs_f64()
        );
        after = Some(wins);
    }
    Ok(())
}
