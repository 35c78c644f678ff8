//! Pnut-Butta: how often a player picks the winning move where exactly one move wins.
//! A far quieter measure of play before the proof than whole matches: each position's
//! answer is known, so one choice is one right-or-wrong sample.
//!
//! cargo run --release --example pnut_decisions -- SYMBOLS LENGTH FROM TO COUNT SEED FILE [MS] [CAP] [WARM] [NODES]
//!
//! The positions: random games (uniform random symbols, `SEED`) stopped at a ply from
//! `FROM` to `TO`, kept when they have two moves and the win/loss search proves, within
//! `CAP` nodes a move (default 30 M), that one wins and the other loses. They are
//! written to `FILE` (the string and the winning symbol, a line each), or read from it
//! when it exists, so that labelling, the slow part, is done once. Then each position
//! is played by parlor's move to play (`Goal::Play`, a fresh engine, `MS` milliseconds,
//! default 200) and by the yardstick (`pnut_match`'s Monte-Carlo tree search, as long),
//! and the number each got right is printed, with the positions where parlor's
//! analysis proved a move (a proved move is always the right one).
//!
//! `WARM` (default 0): parlor's engine first plays its own `WARM` earlier positions of
//! the same line (two plies apart, `MS` each), as in a match, where the table and the
//! kept trees carry the work of the moves before; a fresh engine otherwise. `NODES`:
//! parlor's moves get this many nodes instead of `MS` (a budget that does not depend
//! on the machine or its load, so that two builds compare exactly).

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "shared/pnut_yardstick.rs"]
mod pnut_yardstick;
use pnut_yardstick::mcts_move;

use parlor::game::Game;
use parlor::game::pnut::{Pnut, PnutMove, Rules};
use parlor::solve::pnut::{Engine, Goal, Limits};
use parlor::solve::policy::{Slips, choose_move};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = run(&args) {
        eprintln!("pnut_decisions: {e}");
        eprintln!(
            "usage: pnut_decisions SYMBOLS LENGTH FROM TO COUNT SEED FILE [MS] [CAP] [WARM] [NODES]"
        );
        std::process::exit(2);
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [symbols, length, from, to, count, seed, file, rest @ ..] = args else {
        return Err("seven arguments at least".into());
    };
    let number = |s: &str, what: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("{what} must be a whole number, not {s:?}"))
    };
    let rules =
        Rules::new(symbols, number(length, "LENGTH")? as usize).map_err(|e| e.to_string())?;
    let (from, to) = (number(from, "FROM")? as usize, number(to, "TO")? as usize);
    if to < from {
        return Err(format!("TO ({to}) must not be below FROM ({from})"));
    }
    let ms = rest.first().map_or(Ok(200), |s| number(s, "MS"))?;
    let cap = rest.get(1).map_or(Ok(30_000_000), |s| number(s, "CAP"))?;
    let warm = rest.get(2).map_or(Ok(0), |s| number(s, "WARM"))? as usize;
    let nodes = rest.get(3).map(|s| number(s, "NODES")).transpose()?;
    let positions = match std::fs::read_to_string(file) {
        Ok(text) => parse(&text, &rules)?,
        Err(_) => {
            let count = number(count, "COUNT")? as usize;
            let made = label(&rules, from, to, count, number(seed, "SEED")?, cap);
            let text: String = made
                .iter()
                .map(|(g, w)| format!("{} {w}\n", g.text()))
                .collect();
            std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))?;
            made
        }
    };
    let mut rng = StdRng::seed_from_u64(5);
    let (mut parlor, mut proved, mut yardstick) = (0, 0, 0);
    for (game, winning) in &positions {
        let limits = nodes.map_or(
            Limits {
                max_millis: ms,
                table_mib: 64,
                ..Limits::default()
            },
            |n| Limits::nodes(n, 64),
        );
        let mut engine = Engine::new(&rules, limits.table_mib);
        let text = game.text();
        for back in (1..=warm).rev() {
            let Some(len) = text.len().checked_sub(2 * back) else {
                continue;
            };
            let earlier = Pnut::parse(rules.clone(), &text[..len]).map_err(|e| e.to_string())?;
            if earlier.legal_moves().len() > 1 {
                engine.analyse_goal(&earlier, &limits, Goal::Play, &|| false, &mut |_| {});
            }
        }
        let a = engine
            .analyse_goal(game, &limits, Goal::Play, &|| false, &mut |_| {})
            .analysis;
        let this_proved = a
            .moves
            .iter()
            .any(|m| m.verdict.is_win() || m.verdict.is_loss());
        let parlor_right = choose_move(&a, Slips::NONE, &mut rng) == Some(*winning);
        let yardstick_right = mcts_move(game, ms, &mut rng) == Some(*winning);
        // One line a position on stderr, for subsets (the ones parlor did not prove).
        eprintln!(
            "position {} proved {this_proved} parlor {parlor_right} yardstick {yardstick_right}",
            game.text()
        );
        proved += usize::from(this_proved);
        parlor += usize::from(parlor_right);
        yardstick += usize::from(yardstick_right);
    }
    let budget = nodes.map_or(format!("{ms} ms"), |n| format!("{n} nodes"));
    println!(
        "{} positions ({symbols}/l={length}, plies {from}-{to}), parlor {budget} a move, warmed on {warm}: parlor right in {parlor} (a move proved in {proved}), the yardstick ({ms} ms) in {yardstick}",
        positions.len()
    );
    Ok(())
}

/// Reads the positions of a `FILE`.
fn parse(text: &str, rules: &Rules) -> Result<Vec<(Pnut, PnutMove)>, String> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let (Some(string), Some(winning)) = (words.next(), words.next()) else {
            continue;
        };
        let mut game = Pnut::new(rules.clone());
        for c in string.chars() {
            game.play(PnutMove(c))
                .map_err(|e| format!("line {}: {c:?}: {e}", i + 1))?;
        }
        let mut symbol = winning.chars();
        let (Some(c), None) = (symbol.next(), symbol.next()) else {
            return Err(format!("line {}: {winning:?} is not one symbol", i + 1));
        };
        positions.push((game, PnutMove(c)));
    }
    Ok(positions)
}

/// `count` positions of random games, at plies `from..=to`, where one of two moves is
/// proved to win and the other to lose, each within `cap` nodes.
fn label(
    rules: &Rules,
    from: usize,
    to: usize,
    count: usize,
    seed: u64,
    cap: u64,
) -> Vec<(Pnut, PnutMove)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let limits = Limits::nodes(cap, 1024);
    let mut engine = Engine::new(rules, limits.table_mib);
    let mut positions = Vec::new();
    let started = Instant::now();
    while positions.len() < count {
        let ply = rng.random_range(from..=to);
        let mut game = Pnut::new(rules.clone());
        while game.len() < ply && !game.is_over() {
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())])
                .expect("a legal move");
        }
        let moves = game.legal_moves();
        if game.is_over() || moves.len() != 2 {
            continue;
        }
        // Whether each move wins for its player, where proved.
        let wins: Vec<Option<bool>> = moves
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.play(mv).expect("a legal move");
                let s = engine.analyse_goal(&child, &limits, Goal::Winner, &|| false, &mut |_| {});
                s.analysis.exact.then(|| !s.analysis.verdict.is_win())
            })
            .collect();
        if let [Some(a), Some(b)] = wins[..]
            && a != b
        {
            positions.push((game, if a { moves[0] } else { moves[1] }));
            // With the position, so that an interrupted labelling can be salvaged.
            let (g, w) = &positions[positions.len() - 1];
            eprintln!(
                "{} of {count} positions ({:.0} s): {} {w}",
                positions.len(),
                started.elapsed().as_secs_f64(),
                g.text()
            );
        }
    }
    positions
}
