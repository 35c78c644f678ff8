//! Pnut-Butta: parlor's perfect AI against an independent Monte-Carlo tree search at
//! equal time per move, colours alternating (issue 17's yardstick).
//!
//! cargo run --release --example pnut_match -- --symbols 012 --length 4 --games 20 --ms 200 [--opening 4] [--seed 1]
//!
//! The Monte-Carlo player knows only the rules (`game::pnut`): UCT over the legal
//! symbols, random playouts to the end, the most visited move played. parlor's side is
//! the match analyst (`PnutAnalyst`, its table kept from move to move) choosing as the
//! perfect AI does in the arcade. `--opening N` plays N random symbols first, the same
//! for both colourings of a pair of games. Reports wins per side, and any game the
//! perfect AI lost after its analysis had proved a win (there should be none).
//! `--mcts-vs-random` checks the yardstick itself: it should beat random moves. `--verbose`
//! prints each game parlor lost, with the plies where it proved its win or its loss and
//! the game's string (to find the move that lost by `parlor solve pnut STRING --winner`
//! on its prefixes). `--trace` prints each of parlor's moves on standard error: the
//! ply, the nodes its analysis searched and every move's value (for a move not proven,
//! with the opponent's replies the proof refuted, `refuted1/2`, and the proofs it had
//! left to make, `left7`). The summary counts the
//! games where parlor's analysis proved its own loss and how many of those it still
//! won (the opponent slipped). The slowest answers to a forced move and to a position after a
//! proven win are reported. `--parlor-ms MS` gives parlor another time a move than the
//! yardstick's `--ms` (to measure what more time would be worth; not a fair match).

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "shared/pnut_yardstick.rs"]
mod pnut_yardstick;
use pnut_yardstick::mcts_move;

use parlor::game::pnut::{Pnut, PnutMove, Rules};
use parlor::game::{Game, Outcome, Seat};
use parlor::games::pnut::analyst::PnutAnalyst;
use parlor::solve::analyst::{Analyst, Query};
use parlor::solve::pnut::Limits;
use parlor::solve::policy::{Slips, choose_move};
use parlor::solve::{Analysis, Verdict};

struct Args {
    symbols: String,
    length: usize,
    games: usize,
    ms: u64,
    /// parlor's time a move when not `ms` (to measure what more time is worth).
    parlor_ms: Option<u64>,
    opening: usize,
    seed: u64,
    /// Check the yardstick instead: the Monte-Carlo player against random moves.
    against_random: bool,
    /// A line for every game parlor loses.
    verbose: bool,
    /// A line on standard error for every move parlor makes: its nodes and move values.
    trace: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        symbols: "012".into(),
        length: 4,
        games: 20,
        ms: 200,
        parlor_ms: None,
        opening: 0,
        seed: 1,
        against_random: false,
        verbose: false,
        trace: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--mcts-vs-random" {
            args.against_random = true;
            continue;
        }
        if flag == "--verbose" {
            args.verbose = true;
            continue;
        }
        if flag == "--trace" {
            args.trace = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{flag} {value}: {e}"))
        };
        match flag.as_str() {
            "--symbols" => args.symbols = value.clone(),
            "--length" => args.length = number()? as usize,
            "--games" => args.games = number()? as usize,
            "--ms" => args.ms = number()?,
            "--parlor-ms" => args.parlor_ms = Some(number()?),
            "--opening" => args.opening = number()? as usize,
            "--seed" => args.seed = number()?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(args)
}

/// parlor's move, as the arcade's perfect AI would choose it, and what its analysis
/// proved: whether the mover wins, when proved.
fn parlor_move(
    analyst: &mut PnutAnalyst,
    game: &Pnut,
    ply: usize,
    rng: &mut StdRng,
    trace: bool,
) -> (Option<PnutMove>, Option<bool>) {
    let mut last: Option<Analysis<PnutMove>> = None;
    let query = Query {
        position: game.clone(),
        ai_to_move: true,
        ply,
        played: None,
    };
    analyst.analyse(&query, &|| false, &mut |a| last = Some(a));
    let Some(analysis) = last else {
        return (game.legal_moves().first().copied(), None);
    };
    let proved = match analysis.verdict {
        Verdict::Win { .. } if analysis.exact => Some(true),
        Verdict::Loss { .. } if analysis.exact => Some(false),
        _ => None,
    };
    if trace {
        let moves: Vec<String> = analysis
            .moves
            .iter()
            .map(|m| match m.traps {
                Some(t) if !m.verdict.is_win() && !m.verdict.is_loss() => format!(
                    "{}:{:?}:refuted{}/{}:left{}",
                    m.mv.0,
                    m.verdict,
                    t.losing_replies,
                    t.replies,
                    m.proofs_left.map_or("-".to_string(), |n| n.to_string())
                ),
                _ => format!("{}:{:?}", m.mv.0, m.verdict),
            })
            .collect();
        eprintln!(
            "ply {ply} nodes {} exact {} {}",
            analysis.nodes,
            analysis.exact,
            moves.join(" ")
        );
    }
    (choose_move(&analysis, Slips::NONE, rng), proved)
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("pnut_match: {e}");
            std::process::exit(2);
        }
    };
    let rules = match Rules::new(&args.symbols, args.length) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("pnut_match: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = StdRng::seed_from_u64(args.seed);
    let (mut parlor_wins, mut mcts_wins, mut draws, mut slipped) = (0, 0, 0, 0);
    // Games where parlor's analysis proved its loss, and those it won all the same (the
    // opponent slipped: how well the perfect AI sets traps when lost).
    let (mut lost_at_some_point, mut comebacks) = (0, 0);
    // The slowest answers where there is nothing to search: a single legal move, and a
    // position after parlor had proved its win (issue 17: within 50 ms).
    let (mut slowest_forced, mut slowest_won) = (Duration::ZERO, Duration::ZERO);
    let mut opening = Vec::new();
    for g in 0..args.games {
        // A new opening for every pair of games, played once with each colouring.
        if g % 2 == 0 {
            opening.clear();
            let mut game = Pnut::new(rules.clone());
            while opening.len() < args.opening && game.outcome().is_none() {
                let moves = game.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).expect("legal");
                opening.push(mv);
            }
        }
        let parlor_seat = if g % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let limits = Limits {
            max_depth: None,
            max_millis: args.parlor_ms.unwrap_or(args.ms),
            table_mib: 64,
            max_nodes: None,
        };
        let mut analyst = PnutAnalyst::new(&rules, limits);
        let mut game = Pnut::new(rules.clone());
        for &mv in &opening {
            game.play(mv).expect("legal");
        }
        let mut claimed = false;
        // The plies where parlor's analysis first proved its win, its loss.
        let (mut proved_won, mut proved_lost) = (None, None);
        let mut ply = opening.len();
        while game.outcome().is_none() {
            let mv = if game.to_move() == parlor_seat && args.against_random {
                let moves = game.legal_moves();
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            } else if game.to_move() == parlor_seat {
                let forced = game.legal_moves().len() == 1;
                let started = Instant::now();
                let (mv, proved) = parlor_move(&mut analyst, &game, ply, &mut rng, args.trace);
                let took = started.elapsed();
                if forced {
                    slowest_forced = slowest_forced.max(took);
                } else if claimed {
                    slowest_won = slowest_won.max(took);
                }
                if proved == Some(true) {
                    claimed = true;
                    proved_won.get_or_insert(ply);
                }
                if proved == Some(false) {
                    proved_lost.get_or_insert(ply);
                }
                mv
            } else {
                mcts_move(&game, args.ms, &mut rng)
            };
            let Some(mv) = mv else { break };
            game.play(mv).expect("both players play legal moves");
            ply += 1;
        }
        if proved_lost.is_some() {
            lost_at_some_point += 1;
        }
        match game.outcome() {
            Some(Outcome::Win(seat)) if seat == parlor_seat => {
                parlor_wins += 1;
                if proved_lost.is_some() {
                    comebacks += 1;
                }
            }
            Some(Outcome::Win(_)) => {
                mcts_wins += 1;
                if args.verbose {
                    let text: String = opening.iter().map(|m| m.0).collect();
                    println!(
                        "  game {g}: parlor {parlor_seat:?} lost after opening {text:?}, in {} plies; proved won at {proved_won:?}, proved lost at {proved_lost:?}: {}",
                        game.len(),
                        game.text()
                    );
                }
                if claimed {
                    slipped += 1;
                }
            }
            _ => draws += 1,
        }
    }
    let side = if args.against_random {
        "random"
    } else {
        "parlor"
    };
    println!(
        "pnut {}/l={} opening {} · {} ms a move{} · {} games: {side} {parlor_wins}, mcts {mcts_wins}, draws {draws} ({:.0}% for {side}); lost after a proven win: {slipped}; proved lost in {lost_at_some_point}, won {comebacks} of them; slowest forced answer {} ms, slowest answer once proved won {} ms",
        args.symbols,
        args.length,
        args.opening,
        args.ms,
        args.parlor_ms
            .map_or(String::new(), |ms| format!(" ({ms} ms for parlor)")),
        args.games,
        100.0 * parlor_wins as f64 / args.games.max(1) as f64,
        slowest_forced.as_millis(),
        slowest_won.as_millis()
    );
}
