//! The persistent Pnut-Butta engine: what it proves is kept from one move to the next,
//! and a win once proven is never lost. Every budget here is a node count, never time.

use std::collections::HashMap;

use parlor::game::Game;
use parlor::game::pnut::{Pnut, PnutMove, Rules};
use parlor::solve::Verdict;
use parlor::solve::pnut::{Engine, Goal, Limits, Solved, moves_left_bound};

use crate::pnut_oracle::{Negamax as Oracle, with_negamax as with_oracle};

fn rules() -> Rules {
    Rules::new("012", 4).unwrap()
}

/// A node budget and no time limit to speak of.
pub(crate) fn nodes(n: u64) -> Limits {
    Limits::nodes(n, 16)
}

fn analyse(engine: &mut Engine, game: &Pnut, limits: &Limits) -> Solved {
    engine.analyse(game, limits, &|| false, &mut |_| {})
}

/// A small deterministic generator for the opponent's random moves.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

fn play(game: &mut Pnut, m: PnutMove) {
    game.play(m).unwrap();
}

/// The game after `plies` random moves of the generator from `seed` (not over).
fn random_game(plies: usize, seed: u64) -> Pnut {
    let mut rng = seed;
    let mut game = Pnut::new(rules());
    for _ in 0..plies {
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "seed {seed} ended early");
        play(
            &mut game,
            legal[(next(&mut rng) % legal.len() as u64) as usize],
        );
    }
    game
}

/// Plays up to `plies` random legal moves (fewer if the game ends).
fn random_walk(game: &mut Pnut, plies: usize, rng: &mut u64) {
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        play(game, legal[(next(rng) % legal.len() as u64) as usize]);
    }
}

/// The opponent: a winning move by plain negamax when the oracle can see one within its
/// cap, else a random legal move.
fn opponent_move(game: &Pnut, rng: &mut u64, oracle_cap: usize) -> PnutMove {
    let legal = game.legal_moves();
    let mut oracle = Oracle::new(game.rules().k(), game.rules().length(), oracle_cap);
    for &m in &legal {
        let mut after = game.clone();
        play(&mut after, m);
        if after.is_over() || oracle.wins_after_opening(after.indices()) == Some(false) {
            return m;
        }
    }
    legal[(next(rng) % legal.len() as u64) as usize]
}

/// The user's bug: symbols 012, l=4, the perfect AI proved its win, and two plies later a
/// search from scratch under the same budget proved nothing and played a losing move.
///
/// The engine plays second with 20,000 nodes a move against an opponent that plays a
/// negamax win when it sees one within 300,000 states, else a random move (generator
/// seeded 10). Found by trying budgets of 10k and 20k nodes and seeds 0-13 (`explore`;
/// re-found when the unproven moves' scores became the tree search's, which changes the
/// game before the proof): here the kept engine proves its win at ply 27, and a fresh
/// engine with the same budget proves nothing at plies 29 and 31, and at 31 plays a move
/// that loses by negamax: the user's bug, which the kept engine does not have.
#[test]
fn a_win_once_proven_is_kept_to_the_end_of_the_game() {
    const BUDGET: u64 = 20_000;
    const ORACLE_CAP: usize = 3_000_000;
    let side = 1;
    let mut rng = 10;
    let mut game = Pnut::new(rules());
    let mut engine = Engine::new(&rules(), 16);
    let mut first_win = None;
    let mut fresh_lost = Vec::new();
    let mut checked = Vec::new();
    while !game.is_over() {
        let ply = game.len();
        if ply % 2 != side {
            let m = opponent_move(&game, &mut rng, ORACLE_CAP / 10);
            play(&mut game, m);
            continue;
        }
        let a = analyse(&mut engine, &game, &nodes(BUDGET)).analysis;
        let best = a.best.unwrap();
        let wins = matches!(a.verdict, Verdict::Win { .. });
        if first_win.is_none() && wins {
            first_win = Some(ply);
        }
        if first_win.is_some() {
            assert!(wins, "ply {ply}: the proven win slipped: {:?}", a.verdict);
            assert!(
                matches!(
                    a.value_of(best).map(|m| m.verdict),
                    Some(Verdict::Win { .. })
                ),
                "ply {ply}: best move {best} is not a proven win"
            );
            // The move keeps the win, by plain negamax when it can tell.
            let mut after = game.clone();
            play(&mut after, best);
            let mut oracle = Oracle::new(3, 4, ORACLE_CAP);
            if !after.is_over()
                && let Some(w) = oracle.wins_after_opening(after.indices())
            {
                assert!(!w, "ply {ply}: {best} loses by negamax");
                checked.push(ply);
            }
            // Every move the kept engine calls decided is, by negamax.
            for m in &a.moves {
                let mut after = game.clone();
                play(&mut after, m.mv);
                let truth = if after.is_over() {
                    Some(false)
                } else {
                    oracle.wins_after_opening(after.indices())
                };
                match (m.verdict, truth) {
                    (Verdict::Win { .. }, Some(t)) => assert!(!t, "ply {ply}: {}", m.mv),
                    (Verdict::Loss { .. }, Some(t)) => assert!(t, "ply {ply}: {}", m.mv),
                    _ => {}
                }
            }
            // The old behaviour: a fresh engine with the same budget.
            let fresh = analyse(&mut Engine::new(&rules(), 16), &game, &nodes(BUDGET)).analysis;
            if !matches!(fresh.verdict, Verdict::Win { .. }) {
                let mut after = game.clone();
                play(&mut after, fresh.best.unwrap());
                let blunder =
                    !after.is_over() && oracle.wins_after_opening(after.indices()) == Some(true);
                fresh_lost.push((ply, blunder));
            }
        }
        play(&mut game, best);
    }
    println!(
        "first win {first_win:?}, fresh engine lost it at (ply, its move loses) {fresh_lost:?}, negamax checked {checked:?}"
    );
    assert_eq!(game.winner(), Some(side), "{}", game.text());
    let first = first_win.expect("the engine proved its win");
    assert_eq!(first, 27);
    // A search from scratch at a later ply does not re-prove the win in this budget,
    // and plays a losing move.
    assert!(fresh_lost.iter().any(|&(p, _)| p > first), "{fresh_lost:?}");
    assert!(fresh_lost.iter().any(|&(_, lost)| lost), "{fresh_lost:?}");
    assert!(checked.len() >= 5, "{checked:?}");
}

/// A position 30 plies into a random game (the mover wins in 25), solved in a few
/// hundred thousand nodes.
fn mid_game() -> Pnut {
    random_game(30, 1)
}

#[test]
fn a_second_analysis_of_a_position_costs_next_to_nothing() {
    let game = mid_game();
    let mut engine = Engine::new(&rules(), 16);
    let first = analyse(&mut engine, &game, &nodes(3_000_000));
    assert!(first.analysis.exact);
    assert_eq!(first.analysis.verdict, Verdict::Win { plies: Some(25) });
    let second = analyse(&mut engine, &game, &nodes(3_000_000));
    println!(
        "nodes: first {}, second {}",
        first.stats.nodes, second.stats.nodes
    );
    assert!(first.stats.nodes > 100_000, "{}", first.stats.nodes);
    assert!(
        second.stats.nodes * 1000 <= first.stats.nodes,
        "{}",
        second.stats.nodes
    );
    assert_eq!(second.analysis.verdict, first.analysis.verdict);
    assert_eq!(second.analysis.best, first.analysis.best);
    assert_eq!(second.analysis.moves, first.analysis.moves);
    assert!(engine.stats().stored > 0 && engine.pinned() > 0);
}

#[test]
fn after_a_position_its_child_costs_less_than_with_a_fresh_engine() {
    let game = mid_game();
    let mut engine = Engine::new(&rules(), 16);
    let a = analyse(&mut engine, &game, &nodes(3_000_000)).analysis;
    for m in game.legal_moves() {
        let mut child = game.clone();
        play(&mut child, m);
        let kept = analyse(&mut engine, &child, &nodes(3_000_000));
        let fresh = analyse(&mut Engine::new(&rules(), 16), &child, &nodes(3_000_000));
        println!(
            "child {m} (best {:?}): kept {} nodes, fresh {} nodes",
            a.best, kept.stats.nodes, fresh.stats.nodes
        );
        assert_eq!(kept.analysis.verdict, fresh.analysis.verdict);
        assert_eq!(kept.analysis.moves, fresh.analysis.moves);
        assert!(kept.stats.nodes * 2 < fresh.stats.nodes, "{m}");
    }
}

#[test]
fn after_moves_and_an_undo_the_kept_engine_answers_as_a_fresh_one() {
    let start = mid_game();
    let mut engine = Engine::new(&rules(), 16);
    let mut game = start.clone();
    for _ in 0..4 {
        let a = analyse(&mut engine, &game, &nodes(3_000_000)).analysis;
        play(&mut game, a.best.unwrap());
    }
    // Back to the start, and one ply on another branch.
    let again = analyse(&mut engine, &start, &nodes(3_000_000)).analysis;
    let fresh = analyse(&mut Engine::new(&rules(), 16), &start, &nodes(3_000_000)).analysis;
    assert_eq!(again.moves, fresh.moves);
    assert_eq!(again.verdict, fresh.verdict);
    for m in start.legal_moves() {
        let mut child = start.clone();
        play(&mut child, m);
        let kept = analyse(&mut engine, &child, &nodes(3_000_000)).analysis;
        let fresh = analyse(&mut Engine::new(&rules(), 16), &child, &nodes(3_000_000)).analysis;
        assert_eq!(
            (kept.verdict, kept.moves),
            (fresh.verdict, fresh.moves),
            "{m}"
        );
    }
}

#[test]
fn clear_forgets_everything_pins_included() {
    let game = mid_game();
    let mut engine = Engine::new(&rules(), 16);
    let first = analyse(&mut engine, &game, &nodes(3_000_000));
    engine.clear();
    assert_eq!((engine.stats().stored, engine.pinned()), (0, 0));
    let again = analyse(&mut engine, &game, &nodes(3_000_000));
    assert_eq!(again.stats.nodes, first.stats.nodes);
    assert_eq!(again.analysis.moves, first.analysis.moves);
}

#[test]
fn other_rules_rebuild_the_engine() {
    let mut engine = Engine::new(&rules(), 4);
    analyse(&mut engine, &mid_game(), &nodes(10_000));
    let small = Pnut::parse(Rules::new("01", 3).unwrap(), "0011").unwrap();
    let a = analyse(&mut engine, &small, &nodes(10_000)).analysis;
    assert_eq!(engine.rules(), &Rules::new("01", 3).unwrap());
    assert!(a.exact);
}

/// How the regression's budget and seed were found: for each budget in BUDGETS (nodes,
/// comma-separated) and seed below SEEDS, the plies where the kept engine (first letter)
/// and a fresh one (second) prove a win, with the nodes the kept one searched. Run:
/// `BUDGETS=20000,100000 SEEDS=3 cargo test --test pnut_engine explore -- --ignored --nocapture`
#[test]
#[ignore]
fn explore() {
    let budgets: Vec<u64> = std::env::var("BUDGETS")
        .unwrap_or("30000".into())
        .split(',')
        .map(|s| s.parse().unwrap())
        .collect();
    let seeds: u64 = std::env::var("SEEDS")
        .unwrap_or("4".into())
        .parse()
        .unwrap();
    for &budget in &budgets {
        for seed in 0..seeds {
            for side in 0..2usize {
                let mut rng = seed;
                let mut game = Pnut::new(rules());
                let mut engine = Engine::new(&rules(), 16);
                let mut line = String::new();
                let mut first_win = None;
                let mut fresh_lost = None;
                while !game.is_over() {
                    let ply = game.len();
                    if ply % 2 == side {
                        let s = analyse(&mut engine, &game, &nodes(budget));
                        let a = s.analysis;
                        let fresh =
                            analyse(&mut Engine::new(&rules(), 16), &game, &nodes(budget)).analysis;
                        let w = matches!(a.verdict, Verdict::Win { .. });
                        let fw = matches!(fresh.verdict, Verdict::Win { .. });
                        if w && first_win.is_none() {
                            first_win = Some(ply);
                        }
                        if first_win.is_some() && !fw && fresh_lost.is_none() {
                            fresh_lost = Some(ply);
                        }
                        // A fresh engine's move that loses by negamax: B.
                        let mut blunder = "";
                        if first_win.is_some() && !fw {
                            let mut after = game.clone();
                            play(&mut after, fresh.best.unwrap());
                            if !after.is_over()
                                && Oracle::new(3, 4, 3_000_000).wins(after.indices()) == Some(true)
                            {
                                blunder = "B";
                            }
                        }
                        line.push_str(&format!(
                            "{ply}:{}{}{blunder}({}) ",
                            if w { "W" } else { "?" },
                            if fw { "W" } else { "?" },
                            s.stats.nodes
                        ));
                        play(&mut game, a.best.unwrap());
                    } else {
                        let m = opponent_move(&game, &mut rng, 300_000);
                        play(&mut game, m);
                    }
                }
                let won = game.winner() == Some(side);
                println!(
                    "budget {budget} seed {seed} side {side}: first win {first_win:?} fresh lost {fresh_lost:?} engine won {won} len {} {} | {line}",
                    game.len(),
                    game.text()
                );
            }
        }
    }
}

#[test]
fn an_engine_can_move_to_the_solver_thread() {
    fn send<T: Send>() {}
    send::<Engine>();
}

fn analyse_goal(engine: &mut Engine, game: &Pnut, limits: &Limits, goal: Goal) -> Solved {
    engine.analyse_goal(game, limits, goal, &|| false, &mut |_| {})
}

/// The first position of the seeded random games (seeds 0, 1, ...) with a single legal
/// move and at least `left` moves that could still be played: (game, seed, ply).
fn forced_position(left: u64) -> (Pnut, u64, usize) {
    for seed in 0..100 {
        let mut rng = seed;
        let mut game = Pnut::new(rules());
        while !game.is_over() {
            let legal = game.legal_moves();
            if legal.len() == 1 && moves_left_bound(&game) >= left {
                let ply = game.len();
                return (game, seed, ply);
            }
            play(
                &mut game,
                legal[(next(&mut rng) % legal.len() as u64) as usize],
            );
        }
    }
    panic!("no forced position with {left} moves left in 100 games");
}

/// Issue 17, play before the proof: with a single legal move, a move to play costs a
/// glance at its child (a few nodes), where an exact analysis searches thousands.
#[test]
fn a_forced_position_is_answered_with_a_handful_of_nodes() {
    let (game, seed, ply) = forced_position(60);
    let only = game.legal_moves()[0];
    let play_now = analyse_goal(
        &mut Engine::new(&rules(), 16),
        &game,
        &nodes(200_000),
        Goal::Play,
    );
    let exact = analyse_goal(
        &mut Engine::new(&rules(), 16),
        &game,
        &nodes(200_000),
        Goal::Exact,
    );
    println!(
        "seed {seed} ply {ply} {}: play {} nodes {:?}, exact {} nodes {:?}",
        game.text(),
        play_now.stats.nodes,
        play_now.analysis.verdict,
        exact.stats.nodes,
        exact.analysis.verdict
    );
    assert_eq!(play_now.analysis.best, Some(only));
    assert_eq!(play_now.analysis.moves.len(), 1);
    assert!(play_now.stats.nodes <= 3, "{}", play_now.stats.nodes);
    assert_eq!(play_now.analysis.nodes, play_now.stats.nodes);
    assert!(exact.stats.nodes > 1000, "{}", exact.stats.nodes);
    assert_eq!(exact.analysis.best, Some(only));
}

/// Issue 17, play before the proof: once the engine has proven a win, the position
/// after any reply is answered at once (from the win/loss search's table, or the depth
/// search's pins), and the move it plays wins by plain negamax.
#[test]
fn a_proven_win_is_answered_from_the_pins_without_a_search() {
    let game = mid_game();
    let mut engine = Engine::new(&rules(), 16);
    let first = analyse_goal(&mut engine, &game, &nodes(3_000_000), Goal::Play).analysis;
    assert!(first.exact && first.verdict.is_win(), "{:?}", first.verdict);
    let won = first.best.unwrap();
    let mut after = game.clone();
    play(&mut after, won);
    let mut oracle = Oracle::new(3, 4, 3_000_000);
    for reply in after.legal_moves() {
        let mut pos = after.clone();
        play(&mut pos, reply);
        let pinned = engine.pinned();
        let a = analyse_goal(&mut engine, &pos, &nodes(3_000_000), Goal::Play);
        let fresh = analyse_goal(
            &mut Engine::new(&rules(), 16),
            &pos,
            &nodes(3_000_000),
            Goal::Play,
        );
        println!(
            "after {won}{reply}: kept {} nodes in the answer ({} with the pins of the next turn), fresh {}",
            a.analysis.nodes, a.stats.nodes, fresh.stats.nodes
        );
        assert!(a.analysis.exact && a.analysis.verdict.is_win(), "{reply}");
        // On a graph of at most 128 edges a move to play is first the win/loss search's
        // (issue 17): the line it proved is in its table, so the answer is a round of
        // look-ups (at most 64 nodes a move) where the depth-bounded search answered
        // from its pins (two plies for each of the other moves).
        assert!(a.analysis.nodes <= 200, "{reply}: {}", a.analysis.nodes);
        assert!(fresh.analysis.exact && fresh.analysis.verdict.is_win());
        assert!(engine.pinned() >= pinned);
        let best = a.analysis.best.unwrap();
        let mut next = pos.clone();
        play(&mut next, best);
        assert!(
            next.is_over() || oracle.wins_after_opening(next.indices()) == Some(false),
            "{reply} then {best} does not win by negamax"
        );
    }
}

/// Issue 17: a move to play stops searching once a move is proven to win (a glance of
/// two plies at the moves left undecided aside), where an exact analysis goes on to
/// decide every move and make its distance exact.
#[test]
fn a_move_to_play_stops_searching_once_a_win_is_proven() {
    let game = mid_game();
    let play_now = analyse_goal(
        &mut Engine::new(&rules(), 16),
        &game,
        &nodes(3_000_000),
        Goal::Play,
    );
    let exact = analyse_goal(
        &mut Engine::new(&rules(), 16),
        &game,
        &nodes(3_000_000),
        Goal::Exact,
    );
    let (_, proof_nodes) = play_now.proof.expect("proven");
    println!(
        "play: {} nodes in the run, {} by the proof, {} with the pins; exact: {} in the run, proof at {:?}",
        play_now.analysis.nodes,
        proof_nodes,
        play_now.stats.nodes,
        exact.analysis.nodes,
        exact.proof
    );
    assert!(play_now.analysis.exact && play_now.analysis.verdict.is_win());
    assert!(play_now.analysis.nodes - proof_nodes <= 6);
    assert!(play_now.analysis.nodes * 2 < exact.analysis.nodes);
    assert_eq!(exact.analysis.verdict, Verdict::Win { plies: Some(25) });
    // The move it plays wins, by plain negamax.
    let mut after = game.clone();
    play(&mut after, play_now.analysis.best.unwrap());
    assert_eq!(
        Oracle::new(3, 4, 3_000_000).wins(after.indices()),
        Some(false)
    );
}

/// The small settings of issue 17: k = 2 with l <= 6, k = 3 with l <= 3, k = 4, 5 with
/// l = 2 (also the reduction tests' settings).
pub(crate) const SMALL: [(&str, usize); 9] = [
    ("01", 2),
    ("01", 3),
    ("01", 4),
    ("01", 5),
    ("01", 6),
    ("012", 2),
    ("012", 3),
    ("0123", 2),
    ("01234", 2),
];

/// Every string of `len` symbols out of `k`, as symbol indices.
fn strings(k: usize, len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..len {
        all = all
            .into_iter()
            .flat_map(|s| {
                (0..k as u8).map(move |c| {
                    let mut t = s.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    all
}

/// Whether the player to move after `text` wins, by the oracle (through the opening,
/// before the string has l-1 symbols, by plain negamax over the symbols too).
fn oracle_wins(oracle: &mut Oracle, k: usize, text: &[u8]) -> bool {
    if let Some(w) = oracle.wins_after_opening(text) {
        return w;
    }
    (0..k as u8).any(|c| {
        let mut t = text.to_vec();
        t.push(c);
        !oracle_wins(oracle, k, &t)
    })
}

fn game_of(rules: &Rules, text: &[u8]) -> Pnut {
    let s: String = text.iter().map(|&c| rules.symbol(c)).collect();
    Pnut::parse(rules.clone(), &s).unwrap()
}

fn winner_limits() -> Limits {
    Limits {
        max_depth: None,
        max_millis: 600_000,
        table_mib: 16,
        max_nodes: None,
    }
}

/// Issue 17, `solve pnut --winner`: the winner alone, from the empty string and from
/// every start node (string of l-1 symbols) of the small settings, is plain negamax's;
/// from the empty string it agrees with the full solve, in fewer nodes.
#[test]
fn the_winner_alone_is_plain_negamaxs_on_every_small_setting() {
    let mut checked = 0;
    for (symbols, l) in SMALL {
        let rules = Rules::new(symbols, l).unwrap();
        let k = rules.k();
        with_oracle(k, l, |oracle| {
            let mut starts = vec![Vec::new()];
            starts.extend(strings(k, l - 1));
            for text in starts {
                let game = game_of(&rules, &text);
                let truth = oracle_wins(oracle, k, &text);
                let w = analyse_goal(
                    &mut Engine::new(&rules, 16),
                    &game,
                    &winner_limits(),
                    Goal::Winner,
                );
                assert!(w.analysis.exact, "{symbols} l={l} {:?}", game.text());
                assert_eq!(
                    w.analysis.verdict.is_win(),
                    truth,
                    "{symbols} l={l} {:?}",
                    game.text()
                );
                // A winning move shown is one by negamax; a loss is every move's.
                for m in &w.analysis.moves {
                    let mut t = text.clone();
                    t.push(rules.index_of(m.mv.0).unwrap());
                    let child = oracle_wins(oracle, k, &t);
                    if m.verdict.is_win() {
                        assert!(!child, "{symbols} l={l} {:?} {}", game.text(), m.mv);
                    }
                    if m.verdict.is_loss() {
                        assert!(child, "{symbols} l={l} {:?} {}", game.text(), m.mv);
                    }
                }
                if text.is_empty() {
                    let full = analyse_goal(
                        &mut Engine::new(&rules, 16),
                        &game,
                        &winner_limits(),
                        Goal::Exact,
                    );
                    println!(
                        "{symbols} l={l}: winner {} nodes, full solve {} nodes",
                        w.analysis.nodes, full.analysis.nodes
                    );
                    assert_eq!(full.analysis.verdict.is_win(), truth);
                    // (The win/loss search of the winner alone counts its nodes its own
                    // way: on the smallest settings, a few hundred nodes, it may search a
                    // few more than the full solve.)
                    if full.analysis.nodes > 1000 {
                        assert!(w.analysis.nodes <= full.analysis.nodes);
                    }
                    if full.analysis.nodes > 10_000 {
                        assert!(w.analysis.nodes * 2 < full.analysis.nodes);
                    }
                }
                checked += 1;
            }
        });
    }
    assert!(checked > 60, "{checked}");
}

/// The winner alone at positions of random 012/l=4 games, 28 to 40 plies in, is plain
/// negamax's (where negamax finishes within 3 million positions).
#[test]
fn the_winner_alone_is_plain_negamaxs_at_random_positions() {
    let mut checked = 0;
    for seed in 0..6 {
        for plies in [28, 32, 36, 40] {
            let mut oracle = Oracle::new(3, 4, 3_000_000);
            let mut game = Pnut::new(rules());
            random_walk(&mut game, plies, &mut seed.clone());
            let Some(truth) = oracle.wins_after_opening(game.indices()) else {
                continue;
            };
            let w = analyse_goal(
                &mut Engine::new(&rules(), 16),
                &game,
                &winner_limits(),
                Goal::Winner,
            );
            assert!(w.analysis.exact, "{}", game.text());
            assert_eq!(w.analysis.verdict.is_win(), truth, "{}", game.text());
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked}");
}

/// The winner alone on 01/l=8 (256 edges, the win/loss search on 256-bit sets): at
/// positions of seeded random games late enough for a plain negamax (170 to 200 plies
/// in), it is negamax's, and so is every move it calls won or lost.
#[test]
fn the_winner_alone_on_01_l8_is_plain_negamaxs() {
    let rules = Rules::new("01", 8).unwrap();
    let mut memo = HashMap::new();
    let mut wins = [0usize; 2];
    for seed in 0..16u64 {
        let mut game = Pnut::new(rules.clone());
        random_walk(&mut game, 170 + seed as usize * 2, &mut (500 + seed));
        if game.is_over() {
            continue;
        }
        let text = game.indices()[..game.len()].to_vec();
        let truth = crate::pnut_play::wins_binary_8(&text, &mut memo);
        let w = analyse_goal(
            &mut Engine::new(&rules, 16),
            &game,
            &winner_limits(),
            Goal::Winner,
        );
        assert!(w.analysis.exact, "{}", game.text());
        assert_eq!(w.analysis.verdict.is_win(), truth, "{}", game.text());
        for m in &w.analysis.moves {
            let mut t = text.clone();
            t.push(rules.index_of(m.mv.0).unwrap());
            let child = crate::pnut_play::wins_binary_8(&t, &mut memo);
            if m.verdict.is_win() {
                assert!(!child, "{} {}", game.text(), m.mv);
            }
            if m.verdict.is_loss() {
                assert!(child, "{} {}", game.text(), m.mv);
            }
        }
        wins[usize::from(truth)] += 1;
    }
    assert!(wins[0] >= 3 && wins[1] >= 3, "{wins:?}");
}

/// The winner alone tries the moves in rounds of growing node caps: at this 01/l=8
/// position (a seeded random game, 100 plies in) writing 1 leaves the opponent stuck,
/// and it is found in a few nodes, though searching 0 first takes the win/loss search
/// tens of millions of nodes (about 42 million when it tried the moves one after the
/// other).
#[test]
fn the_winner_alone_finds_a_short_win_before_a_long_search() {
    let rules = Rules::new("01", 8).unwrap();
    let text = "1110011111100101111010101111101001101101110001111011110011010010110110001010001101111111101100111001";
    let game = Pnut::parse(rules.clone(), text).unwrap();
    let w = analyse_goal(
        &mut Engine::new(&rules, 16),
        &game,
        &winner_limits(),
        Goal::Winner,
    );
    assert!(w.analysis.exact && w.analysis.verdict.is_win());
    assert_eq!(w.analysis.best, Some(PnutMove('1')));
    assert!(w.analysis.nodes < 10_000, "{}", w.analysis.nodes);
}

/// The winner alone does not commit to the first reply it tries (the proof-number
/// search over the first plies, `solve::pnut::pns`). At this 01/l=8 position (28 plies
/// into a match game parlor lost, the yardstick to win by coming back to the start
/// node) both moves lose. Writing 1 lets the opponent win at once; after 0, the reply 1
/// wins and the reply 0 does not. A depth-first search of the move committed to the
/// reply 0 and did not prove the move in 20 s; the reply 1 alone takes about 340 k
/// nodes. Two plies on (after 0 and 1), where the rounds of replies at the root did not
/// prove the winner in 60 s (418 M nodes), this search takes about 110 k. (Independently,
/// the depth-bounded search proves that after 0 and 1 the mover loses within 22 plies,
/// in 232 M nodes: too long for this suite.)
#[test]
fn the_winner_alone_does_not_commit_to_one_reply() {
    let rules = Rules::new("01", 8).unwrap();
    for text in [
        "1111110010100011111111011111",
        "111111001010001111111101111101",
    ] {
        let game = Pnut::parse(rules.clone(), text).unwrap();
        let limits = Limits {
            max_nodes: Some(3_000_000),
            ..winner_limits()
        };
        let w = analyse_goal(&mut Engine::new(&rules, 16), &game, &limits, Goal::Winner);
        assert!(
            w.analysis.exact && w.analysis.verdict.is_loss(),
            "{text}: {:?}",
            w.analysis
        );
        assert!(w.analysis.moves.iter().all(|m| m.verdict.is_loss()));
        assert_eq!(w.analysis.moves.len(), game.legal_moves().len());
    }
}

/// Issue 17, the first exact reduction: a position is the token (the last l-1 symbols)
/// and the unused edges of its weakly connected component in the de Bruijn graph; the
/// unused edges elsewhere can never be played. Checked at every start node (string of
/// l-1 symbols) of the small settings and along seeded random games from each: the
/// component found here by an undirected search (apart from the engine) is exactly what
/// the engine's table key keeps, and deleting every unused edge outside it leaves the
/// plain negamax value unchanged.
#[test]
fn a_position_is_its_token_and_the_unused_edges_of_its_component() {
    use parlor::solve::pnut::{EdgeSet, Graph};
    let mut positions = 0;
    let mut merged = 0;
    for (i, (symbols, l)) in SMALL.into_iter().enumerate() {
        let rules = Rules::new(symbols, l).unwrap();
        let k = rules.k() as u64;
        let g = Graph::new(rules.k(), l);
        let all: u128 = if g.edges == 128 {
            u128::MAX
        } else {
            (1 << g.edges) - 1
        };
        with_oracle(rules.k(), l, |oracle| {
            let mut rng = 77 + i as u64;
            let mut seen = HashMap::new();
            for start in strings(rules.k(), l - 1) {
                for _ in 0..3 {
                    let mut game = game_of(&rules, &start);
                    loop {
                        let code = |w: &[u8]| w.iter().fold(0u64, |a, &x| a * k + u64::from(x));
                        let text = game.indices().to_vec();
                        let used: u128 = text.windows(l).fold(0, |u, w| u | 1 << code(w));
                        let node = code(&text[text.len() + 1 - l..]);
                        // The weak component of the token over unused edges, undirected.
                        let mut comp_nodes = 1u128 << node;
                        let mut comp_free = 0u128;
                        let mut grew = true;
                        while grew {
                            grew = false;
                            for e in 0..g.edges {
                                let (tail, head) = (e / k, e % g.nodes);
                                let touches =
                                    comp_nodes >> tail & 1 == 1 || comp_nodes >> head & 1 == 1;
                                if used >> e & 1 == 0 && touches && comp_free >> e & 1 == 0 {
                                    comp_free |= 1 << e;
                                    comp_nodes |= 1 << tail | 1 << head;
                                    grew = true;
                                }
                            }
                        }
                        let reduced = all & !comp_free;
                        assert_eq!(reduced & used, used);
                        assert_eq!(
                            used.state_key(node, &g),
                            reduced,
                            "{symbols} l={l} {}",
                            game.text()
                        );
                        let v = oracle.value(used, node).expect("within the cap");
                        assert_eq!(
                            oracle.value(reduced, node),
                            Some(v),
                            "{symbols} l={l} {}",
                            game.text()
                        );
                        positions += 1;
                        if let Some(&other) = seen.get(&(reduced, node)) {
                            if other != used {
                                merged += 1;
                            }
                        } else {
                            seen.insert((reduced, node), used);
                        }
                        let legal = game.legal_moves();
                        if legal.is_empty() {
                            break;
                        }
                        play(
                            &mut game,
                            legal[(next(&mut rng) % legal.len() as u64) as usize],
                        );
                    }
                }
            }
        });
    }
    println!("{positions} positions, {merged} of them one position with another string");
    assert!(positions > 1000, "{positions}");
    assert!(merged > 100, "{merged}");
}

/// A win the move to play proved on 01/l=8 is answered from the table at the next turn,
/// whatever the reply: the proof-number search at the root records in the table what it
/// decided above the win/loss search's leaves (with the part past a bridge searched
/// first, or the record is lost and the next turn proves it again: 20-225 k nodes on
/// such positions before). Positions of random games, at plies 103-115.
#[test]
fn a_proved_win_is_answered_from_the_table_at_the_next_turn() {
    let rules = Rules::new("01", 8).unwrap();
    let limits = Limits {
        max_nodes: Some(2_000_000),
        ..winner_limits()
    };
    let mut checked = 0;
    for text in [
        "1001001101110000100011011000100001101011110001011111001101001111001000100111010001010011000011111101111",
        "1110001010001101100001110000001011010000010000000111100110011101001111010001011110110010000100110001100",
        "0111000100011100000100100010110000001110101100111110101011110011100110111101000100111011001011111111011",
        "1010111111101010010111101101100100100000000101001110101110000100101000110100001011101001100111100110001",
        "1101011011111010101100111101100011011001010100001010001100100111001110101111111001000000110000000010001",
    ] {
        let mut engine = Engine::new(&rules, 64);
        let mut game = Pnut::parse(rules.clone(), text).unwrap();
        let a = analyse_goal(&mut engine, &game, &limits, Goal::Play).analysis;
        if !(a.exact && a.verdict.is_win()) {
            continue;
        }
        game.play(a.best.unwrap()).unwrap();
        for reply in game.legal_moves() {
            let mut next = game.clone();
            next.play(reply).unwrap();
            if next.legal_moves().len() < 2 {
                continue;
            }
            let b = analyse_goal(&mut engine, &next, &limits, Goal::Play).analysis;
            assert!(b.exact && b.verdict.is_win(), "{text} {reply:?}: {b:?}");
            assert!(b.nodes < 1000, "{text} {reply:?}: {} nodes", b.nodes);
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked}");
}
