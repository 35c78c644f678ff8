//! Issue 17, play before the proof: the engine's move to play (`Goal::Play`) is a proof
//! first and a Monte-Carlo tree search with solver backups for what the proof leaves
//! open. Every move it claims won or lost must be so by plain negamax, whatever the
//! budget; a forced or proved position is answered with (next to) no search; the same
//! budget gives the same analysis. Budgets are node counts, never time.

use std::collections::HashMap;

use parlor::game::Game;
use parlor::game::pnut::{Pnut, PnutMove, Rules};
use parlor::solve::pnut::{Engine, Goal, Limits, Solved};
use parlor::solve::{Analysis, MoveValue, Verdict};

use crate::pnut_oracle::with_negamax as with_oracle;

use crate::pnut_engine::nodes;

fn play_goal(engine: &mut Engine, game: &Pnut, limits: &Limits) -> Solved {
    engine.analyse_goal(game, limits, Goal::Play, &|| false, &mut |_| {})
}

fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

/// A random legal move of `game` (which must have one).
fn random_move(game: &Pnut, rng: &mut u64) -> PnutMove {
    let legal = game.legal_moves();
    legal[(next(rng) % legal.len() as u64) as usize]
}

/// The engine's best move half the time, a random one otherwise (so both sides'
/// positions are analysed along a game).
fn best_or_random(a: &Analysis<PnutMove>, game: &Pnut, rng: &mut u64) -> PnutMove {
    if next(rng).is_multiple_of(2) {
        a.best.expect("a move")
    } else {
        random_move(game, rng)
    }
}

/// The replies to `mv` at `game` that hand the win back (after which the player who
/// made `mv` wins, by `mover_wins`: whether the player to move after a string of
/// symbol indices wins), and all the replies.
fn handing_replies(
    game: &Pnut,
    mv: PnutMove,
    mut mover_wins: impl FnMut(&[u8]) -> bool,
) -> (u32, u32) {
    let mut after = game.clone();
    after.play(mv).unwrap();
    let replies = after.legal_indices();
    let handing = replies
        .iter()
        .filter(|&&r| {
            let mut text = after.indices().to_vec();
            text.push(r);
            mover_wins(&text)
        })
        .count();
    (handing as u32, replies.len() as u32)
}

/// Settings small enough for the oracle, large enough that small budgets leave moves
/// open for the tree search.
const SETTINGS: [(&str, usize); 4] = [("01", 5), ("01", 6), ("012", 3), ("0123", 2)];

/// Along seeded random games, the engine (kept for the whole game, as in a match) moves
/// with small node budgets: every move it marks won or lost is so by negamax, a proved
/// verdict is the position's value, the move it picks after claiming a win wins, and a
/// lost move's traps (replies that hand the win back) are such replies.
/// The tree search must have had its say: some moves are left with a score.
#[test]
fn every_move_the_engine_claims_proved_is_so_by_negamax() {
    let mut claims = 0;
    let mut scored = 0;
    let mut trapped = 0;
    for (i, (symbols, l)) in SETTINGS.into_iter().enumerate() {
        let rules = Rules::new(symbols, l).unwrap();
        let k = rules.k();
        with_oracle(k, l, |oracle| {
            for (j, budget) in [30u64, 200, 2000].into_iter().enumerate() {
                let mut rng = 11 + i as u64 * 7 + j as u64;
                let mut engine = Engine::new(&rules, 16);
                let mut game = Pnut::new(rules.clone());
                while !game.is_over() {
                    let text = game.indices().to_vec();
                    let truth = oracle.wins(&text).expect("within the cap");
                    let a = play_goal(&mut engine, &game, &nodes(budget)).analysis;
                    for m in &a.moves {
                        let mut t = text.clone();
                        t.push(rules.index_of(m.mv.0).unwrap());
                        let opponent_wins = oracle.wins(&t).expect("within the cap");
                        // A lost move's traps: the replies that hand the win back, each
                        // one so by negamax (a reply the engine could not prove in its
                        // cap is left out).
                        if let Some(traps) = m.traps {
                            let (handing, replies) =
                                handing_replies(&game, m.mv, |tr| oracle.wins(tr) == Some(true));
                            assert_eq!(traps.replies, replies);
                            assert!(traps.losing_replies <= handing, "{}", game.text());
                            trapped += u32::from(traps.losing_replies == handing && handing > 0);
                        }
                        match m.verdict {
                            Verdict::Win { .. } => {
                                assert!(!opponent_wins, "{symbols} l={l} {} {}", game.text(), m.mv);
                                claims += 1;
                            }
                            Verdict::Loss { .. } => {
                                assert!(opponent_wins, "{symbols} l={l} {} {}", game.text(), m.mv);
                                claims += 1;
                            }
                            Verdict::Score(_) => scored += 1,
                            _ => {}
                        }
                    }
                    if a.exact {
                        assert_eq!(a.verdict.is_win(), truth, "{symbols} l={l} {}", game.text());
                    }
                    let mv = best_or_random(&a, &game, &mut rng);
                    if a.exact && a.verdict.is_win() && Some(mv) == a.best {
                        let mut t = text.clone();
                        t.push(rules.index_of(mv.0).unwrap());
                        assert_eq!(oracle.wins(&t), Some(false), "{}", game.text());
                    }
                    game.play(mv).unwrap();
                }
            }
        });
    }
    println!(
        "{claims} moves claimed proved, {scored} scored by the tree search, {trapped} lost moves with their traps counted"
    );
    assert!(trapped > 10, "{trapped}");
    assert!(claims > 200, "{claims}");
    assert!(scored > 50, "{scored}");
}

/// A position the engine proved won is answered without a search the next time, and
/// after the opponent's reply the position is answered from what was kept (the tree
/// or the win/loss search's table): a few table look-ups at most.
#[test]
fn a_proved_position_is_answered_with_next_to_no_search() {
    let rules = Rules::new("012", 4).unwrap();
    let mut seed = 5;
    for _ in 0..20 {
        let mut game = Pnut::new(rules.clone());
        for _ in 0..30 {
            if game.legal_moves().is_empty() {
                break;
            }
            game.play(random_move(&game, &mut seed)).unwrap();
        }
        if game.is_over() || game.legal_moves().len() < 2 {
            continue;
        }
        let mut engine = Engine::new(&rules, 16);
        let first = play_goal(&mut engine, &game, &nodes(2_000_000)).analysis;
        if !(first.exact && first.verdict.is_win()) {
            continue;
        }
        let again = play_goal(&mut engine, &game, &nodes(2_000_000));
        assert!(again.analysis.exact && again.analysis.verdict.is_win());
        let best = again.analysis.best.expect("a winning move");
        assert!(again.analysis.nodes <= 64 * 3, "{}", again.analysis.nodes);
        let mut after = game.clone();
        after.play(best).unwrap();
        for reply in after.legal_moves() {
            let mut pos = after.clone();
            pos.play(reply).unwrap();
            if pos.is_over() || pos.legal_moves().len() < 2 {
                continue;
            }
            let a = play_goal(&mut engine, &pos, &nodes(2_000_000)).analysis;
            assert!(a.exact && a.verdict.is_win(), "{} {reply}", game.text());
            assert!(a.nodes <= 64 * 3, "{} {reply}: {}", game.text(), a.nodes);
        }
        return;
    }
    panic!("no position proved won in 20 random games");
}

/// The same position, budget and history give the same analysis: the tree search's
/// simulations are seeded.
#[test]
fn the_tree_search_is_deterministic_under_a_node_budget() {
    let rules = Rules::new("01", 7).unwrap();
    let mut seed = 3;
    let mut game = Pnut::new(rules.clone());
    for _ in 0..20 {
        game.play(random_move(&game, &mut seed)).unwrap();
    }
    let run = || play_goal(&mut Engine::new(&rules, 16), &game, &nodes(50_000)).analysis;
    let a = run();
    assert_eq!(a, run());
    assert!(
        a.moves
            .iter()
            .any(|m| matches!(m.verdict, Verdict::Score(_))),
        "{:?}",
        a.moves
    );
}

/// When every move is proved lost, the perfect AI plays for the opponent's mistakes:
/// each move carries its traps (replies that hand the win back), and the move it picks
/// has the most traps. Among the moves with as many, it picks the longest resistance
/// where every move's length is known exactly, and otherwise the best chances (the
/// share of a proof-less tree search's simulated games its player won, as a score),
/// which every move then carries. Negamax confirms every move is lost. Both rules must
/// have decided some choices (01/l=7 from ply 56, where lengths are often unknown
/// within the budget, gives the chances their positions).
#[test]
fn a_lost_position_is_played_for_the_traps_then_the_resistance_or_the_chances() {
    let mut lost_positions = 0;
    let mut by_length = 0;
    let mut by_chances = 0;
    for (i, (symbols, l, from)) in [("01", 6, 0), ("012", 3, 0), ("01", 7, 56)]
        .into_iter()
        .enumerate()
    {
        let rules = Rules::new(symbols, l).unwrap();
        with_oracle(rules.k(), l, |oracle| {
            for game_no in 0..4u64 {
                let mut rng = 101 + i as u64 * 31 + game_no;
                let mut engine = Engine::new(&rules, 16);
                let mut game = Pnut::new(rules.clone());
                while game.len() < from && !game.is_over() {
                    game.play(random_move(&game, &mut rng)).unwrap();
                }
                while !game.is_over() {
                    // Enough nodes that the chances' search (half of what is left after
                    // the proofs and traps) has simulated every move. (200 k was too few
                    // for the string "1" on 01/l=6 once the proof-number search expanded
                    // its leaves after 512 nodes instead of 4096: its proof took more.)
                    let a = play_goal(&mut engine, &game, &nodes(400_000)).analysis;
                    if a.exact && a.verdict.is_loss() && a.moves.len() > 1 {
                        lost_positions += 1;
                        let text = game.indices().to_vec();
                        let lengths_known = a
                            .moves
                            .iter()
                            .all(|m| matches!(m.verdict, Verdict::Loss { plies: Some(_) }));
                        for m in &a.moves {
                            let mut t = text.clone();
                            t.push(rules.index_of(m.mv.0).unwrap());
                            assert_eq!(oracle.wins(&t), Some(true), "{} {}", game.text(), m.mv);
                            assert!(m.traps.is_some(), "{} {}", game.text(), m.mv);
                            if lengths_known {
                                assert_eq!(m.chances, None, "{} {}", game.text(), m.mv);
                            } else {
                                let c = m.chances.unwrap_or_else(|| {
                                    panic!("{} {}: a lost move's chances", game.text(), m.mv)
                                });
                                assert!((-1000..=1000).contains(&c), "{c}");
                            }
                        }
                        let share = |m: &MoveValue<PnutMove>| m.traps.map_or(0.0, |t| t.share());
                        let top = a.moves.iter().map(share).fold(0.0, f64::max);
                        let tied: Vec<_> = a.moves.iter().filter(|m| share(m) == top).collect();
                        let chosen = a.value_of(a.best.expect("a move")).expect("listed");
                        assert_eq!(share(chosen), top, "{}: traps first", game.text());
                        // The second key: the length where all are known, else the chances.
                        let key = |m: &MoveValue<PnutMove>| match m.verdict {
                            Verdict::Loss { plies: Some(p) } if lengths_known => Some(p as i32),
                            _ => m.chances,
                        };
                        let keys: Vec<_> = tied.iter().map(|m| key(m)).collect();
                        let most = keys.iter().max().copied().flatten();
                        assert_eq!(key(chosen), most, "{}: then {}", game.text(), lengths_known);
                        if keys.iter().min().copied().flatten() != most {
                            *(if lengths_known {
                                &mut by_length
                            } else {
                                &mut by_chances
                            }) += 1;
                        }
                    }
                    let mv = best_or_random(&a, &game, &mut rng);
                    game.play(mv).unwrap();
                }
            }
        });
    }
    println!(
        "{lost_positions} lost positions, {by_length} decided by the length, {by_chances} by the chances"
    );
    assert!(lost_positions > 20, "{lost_positions}");
    assert!(by_length > 3, "{by_length}");
    assert!(by_chances > 3, "{by_chances}");
}

/// Whether the player to move after `text` (binary, length 8: 256 l-grams) wins, by
/// plain negamax from the rules (an 8-gram is never repeated), memoised on the used
/// 8-grams and the last 7 symbols. For late positions only: few 8-grams are left.
pub(crate) fn wins_binary_8(text: &[u8], memo: &mut HashMap<([u128; 2], u8), bool>) -> bool {
    fn value(used: [u128; 2], node: u8, memo: &mut HashMap<([u128; 2], u8), bool>) -> bool {
        if let Some(&v) = memo.get(&(used, node)) {
            return v;
        }
        let mut win = false;
        for c in 0..2usize {
            let g = usize::from(node) * 2 + c;
            if used[g / 128] >> (g % 128) & 1 == 0 {
                let mut u = used;
                u[g / 128] |= 1 << (g % 128);
                if !value(u, (g % 128) as u8, memo) {
                    win = true;
                    break;
                }
            }
        }
        memo.insert((used, node), win);
        win
    }
    let gram = |w: &[u8]| w.iter().fold(0usize, |a, &x| a * 2 + usize::from(x));
    let mut used = [0u128; 2];
    for w in text.windows(8) {
        let g = gram(w);
        used[g / 128] |= 1 << (g % 128);
    }
    value(used, gram(&text[text.len() - 7..]) as u8, memo)
}

/// A random walk `plies` into a game (fewer if it ends): late enough on 01/l=8, at 140,
/// that negamax is quick.
fn late_game(rules: &Rules, plies: usize, rng: &mut u64) -> Pnut {
    let mut game = Pnut::new(rules.clone());
    while game.len() < plies && !game.is_over() {
        game.play(random_move(&game, rng)).unwrap();
    }
    game
}

/// On 01/l=8, beyond the tree search's graphs, the 256-bit win/loss search proves what
/// it can in most of the time and the kept tree (no leaf prover) scores the rest: along
/// random late games, every move it claims won or lost is so by negamax, a move picked
/// after claiming a win wins, and some moves are left to the tree's scores. The same
/// budget and history give the same analysis. A move left open carries the proofs the
/// proof-number search had left for it, and the AI plays the open move with the
/// fewest.
#[test]
fn on_01_l8_the_win_loss_search_proves_and_the_tree_scores_the_rest() {
    let rules = Rules::new("01", 8).unwrap();
    let mut memo = HashMap::new();
    let (mut claims, mut scored, mut picked_by_proofs_left) = (0, 0, 0);
    for game_no in 0..12u64 {
        let mut rng = 40 + game_no;
        let mut game = late_game(&rules, 140, &mut rng);
        let mut engine = Engine::new(&rules, 16);
        while !game.is_over() {
            let a = play_goal(&mut engine, &game, &nodes(3_000)).analysis;
            if game_no == 0 && game.legal_moves().len() > 1 {
                let again = play_goal(&mut Engine::new(&rules, 16), &game, &nodes(3_000));
                let fresh = play_goal(&mut Engine::new(&rules, 16), &game, &nodes(3_000));
                assert_eq!(again.analysis, fresh.analysis, "{}", game.text());
            }
            for m in &a.moves {
                let mut t = game.indices().to_vec();
                t.push(rules.index_of(m.mv.0).unwrap());
                let opponent_wins = wins_binary_8(&t, &mut memo);
                match m.verdict {
                    Verdict::Win { .. } => assert!(!opponent_wins, "{} {}", game.text(), m.mv),
                    Verdict::Loss { .. } => assert!(opponent_wins, "{} {}", game.text(), m.mv),
                    Verdict::Score(_) => scored += 1,
                    _ => continue,
                }
                claims += u32::from(!matches!(m.verdict, Verdict::Score(_)));
            }
            let open: Vec<&MoveValue<PnutMove>> = a
                .moves
                .iter()
                .filter(|m| matches!(m.verdict, Verdict::Score(_)))
                .collect();
            let best = a.moves.iter().find(|m| Some(m.mv) == a.best);
            if let Some(best) = best.filter(|b| matches!(b.verdict, Verdict::Score(_))) {
                assert!(open.iter().all(|m| m.proofs_left.is_some_and(|n| n > 0)));
                let fewest = open.iter().filter_map(|m| m.proofs_left).min();
                assert_eq!(best.proofs_left, fewest, "{}", game.text());
                picked_by_proofs_left += usize::from(open.len() > 1);
            }
            let mv = best_or_random(&a, &game, &mut rng);
            if a.exact && a.verdict.is_win() && Some(mv) == a.best {
                let mut t = game.indices().to_vec();
                t.push(rules.index_of(mv.0).unwrap());
                assert!(!wins_binary_8(&t, &mut memo), "{}", game.text());
            }
            game.play(mv).unwrap();
        }
    }
    println!(
        "{claims} moves claimed proved, {scored} scored by the tree, {picked_by_proofs_left} \
         picks among open moves"
    );
    assert!(claims > 100, "{claims}");
    assert!(scored > 20, "{scored}");
    assert!(picked_by_proofs_left > 5, "{picked_by_proofs_left}");
}

/// On 01/l=8, when the depth-bounded search proves every move lost, the perfect AI plays
/// for the opponent's mistakes as on the smaller graphs: each move carries its traps (the
/// replies that hand the win back, counted by the 256-bit win/loss search), each counted
/// one is such a reply by negamax, and the move picked has the most traps. No chances
/// there (the longest resistance breaks the ties). Some traps must have been counted,
/// and some choices decided by them.
#[test]
fn on_01_l8_a_lost_position_is_played_for_the_traps() {
    let rules = Rules::new("01", 8).unwrap();
    let mut memo = HashMap::new();
    let (mut lost_positions, mut counted, mut decided) = (0, 0, 0);
    for game_no in 0..12u64 {
        let mut rng = 70 + game_no;
        let mut game = late_game(&rules, 140, &mut rng);
        let mut engine = Engine::new(&rules, 16);
        while !game.is_over() {
            let a = play_goal(&mut engine, &game, &nodes(20_000)).analysis;
            if a.exact && a.verdict.is_loss() && a.moves.len() > 1 {
                lost_positions += 1;
                for m in &a.moves {
                    let mut t = game.indices().to_vec();
                    t.push(rules.index_of(m.mv.0).unwrap());
                    assert!(wins_binary_8(&t, &mut memo), "{} {}", game.text(), m.mv);
                    assert_eq!(m.chances, None, "{} {}", game.text(), m.mv);
                    let traps = m.traps.expect("a lost move's traps");
                    let (handing, replies) =
                        handing_replies(&game, m.mv, |tr| wins_binary_8(tr, &mut memo));
                    assert_eq!(traps.replies, replies);
                    assert!(traps.losing_replies <= handing, "{}", game.text());
                    counted += traps.losing_replies;
                }
                let share = |m: &MoveValue<PnutMove>| m.traps.map_or(0.0, |t| t.share());
                let top = a.moves.iter().map(share).fold(0.0, f64::max);
                let chosen = a.value_of(a.best.expect("a move")).expect("listed");
                assert_eq!(share(chosen), top, "{}: traps first", game.text());
                decided += u32::from(a.moves.iter().any(|m| share(m) < top));
            }
            let mv = best_or_random(&a, &game, &mut rng);
            game.play(mv).unwrap();
        }
    }
    println!("{lost_positions} lost positions, {counted} traps, {decided} choices decided by them");
    assert!(lost_positions > 20, "{lost_positions}");
    assert!(counted > 5, "{counted}");
    assert!(decided > 3, "{decided}");
}

/// On the graphs beyond 128 edges that the win/loss search does not hold (here 12
/// symbols, l=2: 144 edges), a lost position is still played, by the depth-bounded
/// search's longest resistance, with no traps counted (no search of either width holds
/// the graph to count them). Lost positions must come up.
#[test]
fn beyond_the_win_loss_search_a_lost_position_is_played_without_traps() {
    let rules = Rules::new("0123456789ab", 2).unwrap();
    let mut lost_positions = 0;
    for game_no in 0..6u64 {
        let mut rng = 90 + game_no;
        let mut game = late_game(&rules, 110, &mut rng);
        let mut engine = Engine::new(&rules, 16);
        while !game.is_over() {
            let a = play_goal(&mut engine, &game, &nodes(20_000)).analysis;
            if a.exact && a.verdict.is_loss() && a.moves.len() > 1 {
                lost_positions += 1;
                assert!(a.moves.iter().all(|m| m.traps.is_none()), "{}", game.text());
                assert!(a.best.is_some(), "{}", game.text());
            }
            let mv = best_or_random(&a, &game, &mut rng);
            game.play(mv).unwrap();
        }
    }
    println!("{lost_positions} lost positions");
    assert!(lost_positions > 5, "{lost_positions}");
}
