//! The Chopsticks retrograde table against an independent depth-limited search, on every
//! position of every variant; mirrored positions; the analysis of game positions (draw
//! rules included); and the perfect AI: fastest win, longest resistance, and never a
//! step from a draw into a loss.
//!
//! The oracle here has its own move generator on plain tuples and its own search; it
//! uses nothing from `parlor::solve`.

use std::collections::{HashSet, VecDeque};

use parlor::game::chopsticks::{Chopsticks, Hands, Variant};
use parlor::game::{Game, Outcome, Seat};
use parlor::solve::Verdict;
use parlor::solve::chopsticks::{analyse, table};
use parlor::solve::policy;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The mover's hands, then the opponent's.
type State = ([u8; 2], [u8; 2]);

/// Positions the oracle looks at: every hand 0-4, the opponent alive.
fn states() -> Vec<State> {
    let mut out = Vec::new();
    for a in 0..5 {
        for b in 0..5 {
            for c in 0..5 {
                for d in 0..5 {
                    if c + d > 0 {
                        out.push(([a, b], [c, d]));
                    }
                }
            }
        }
    }
    out
}

fn index((m, t): State) -> usize {
    ((usize::from(m[0]) * 5 + usize::from(m[1])) * 5 + usize::from(t[0])) * 5 + usize::from(t[1])
}

/// The oracle's own rules: every position reachable in one move, seen from the next mover.
fn children((m, t): State, v: Variant) -> Vec<State> {
    let mut out = Vec::new();
    if m == [0, 0] {
        return out;
    }
    for i in 0..2 {
        for j in 0..2 {
            if m[i] > 0 && t[j] > 0 {
                let sum = m[i] + t[j];
                let mut hit = t;
                hit[j] = if v.rollover {
                    sum % 5
                } else if sum >= 5 {
                    0
                } else {
                    sum
                };
                out.push((hit, m));
            }
        }
    }
    let total = m[0] + m[1];
    for l in 0..=total.min(4) {
        let r = total - l;
        let split = [l, r];
        if r > 4 || split == m || split == [m[1], m[0]] || (!v.empty_splits && (l == 0 || r == 0)) {
            continue;
        }
        out.push((t, split));
    }
    out
}

/// Depth-limited search: can the mover force a win within `depth` plies, and must the
/// mover lose within `depth` plies whatever they do. Memoised on (position, depth).
struct Oracle {
    variant: Variant,
    win: Vec<Vec<Option<bool>>>,
    lose: Vec<Vec<Option<bool>>>,
}

impl Oracle {
    fn new(variant: Variant, max_depth: usize) -> Oracle {
        Oracle {
            variant,
            win: vec![vec![None; 625]; max_depth + 1],
            lose: vec![vec![None; 625]; max_depth + 1],
        }
    }

    fn wins_within(&mut self, s: State, depth: usize) -> bool {
        if depth == 0 || s.0 == [0, 0] {
            return false;
        }
        if let Some(v) = self.win[depth][index(s)] {
            return v;
        }
        let v = children(s, self.variant)
            .into_iter()
            .any(|c| self.loses_within(c, depth - 1));
        self.win[depth][index(s)] = Some(v);
        v
    }

    fn loses_within(&mut self, s: State, depth: usize) -> bool {
        if s.0 == [0, 0] {
            return true;
        }
        if depth == 0 {
            return false;
        }
        if let Some(v) = self.lose[depth][index(s)] {
            return v;
        }
        let v = children(s, self.variant)
            .into_iter()
            .all(|c| self.wins_within(c, depth - 1));
        self.lose[depth][index(s)] = Some(v);
        v
    }
}

fn hands((mine, theirs): State) -> Hands {
    Hands { mine, theirs }
}

/// Far beyond any distance in the tables; the test checks nothing changes past it.
const HORIZON: usize = 120;

#[test]
fn the_oracle_generates_the_same_moves_as_the_rules() {
    for variant in Variant::ALL {
        for s in states() {
            let h = hands(s);
            let mut ours: Vec<Hands> = h
                .moves(variant)
                .into_iter()
                .map(|m| h.after(m, variant).unwrap())
                .collect();
            let mut theirs: Vec<Hands> = children(s, variant).into_iter().map(hands).collect();
            ours.sort_by_key(|h| h.index());
            theirs.sort_by_key(|h| h.index());
            assert_eq!(ours, theirs, "{h} {variant:?}");
        }
    }
}

#[test]
fn the_table_agrees_with_a_depth_limited_search_on_every_position() {
    for variant in Variant::ALL {
        let t = table(variant);
        let mut oracle = Oracle::new(variant, HORIZON + 1);
        // Past the horizon nothing more is decided: the search has seen everything.
        for s in states() {
            assert_eq!(
                oracle.wins_within(s, HORIZON),
                oracle.wins_within(s, HORIZON + 1),
                "{variant:?} {:?}",
                s
            );
            assert_eq!(
                oracle.loses_within(s, HORIZON),
                oracle.loses_within(s, HORIZON + 1)
            );
        }
        for s in states() {
            let h = hands(s);
            let expected = if oracle.wins_within(s, HORIZON) {
                let d = (1..=HORIZON).find(|&d| oracle.wins_within(s, d)).unwrap();
                Verdict::Win {
                    plies: Some(d as u32),
                }
            } else if oracle.loses_within(s, HORIZON) {
                let d = (0..=HORIZON).find(|&d| oracle.loses_within(s, d)).unwrap();
                Verdict::Loss {
                    plies: Some(d as u32),
                }
            } else {
                Verdict::Draw
            };
            assert_eq!(t.verdict(h), expected, "{h} in {variant:?}");
        }
    }
}

#[test]
fn table_sizes_and_reachable_states() {
    for variant in Variant::ALL {
        let stats = table(variant).stats();
        assert_eq!(stats.states, 600);
        assert_eq!(stats.finished, 24);
        assert_eq!(stats.wins + stats.losses + stats.draws, 600);
        // Reachable from the start, by the oracle's own moves.
        let start = ([1, 1], [1, 1]);
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            for c in children(s, variant) {
                if seen.insert(c) {
                    queue.push_back(c);
                }
            }
        }
        assert_eq!(stats.reachable, seen.len(), "{variant:?}");
    }
}

#[test]
fn mirrored_positions_agree() {
    for variant in Variant::ALL {
        let t = table(variant);
        for h in Hands::all().filter(|h| h.is_valid()) {
            for (mine, theirs) in [(true, false), (false, true), (true, true)] {
                assert_eq!(
                    t.verdict(h),
                    t.verdict(h.mirrored(mine, theirs)),
                    "{h} {variant:?}"
                );
            }
        }
    }
}

#[test]
fn the_standard_start_is_lost_for_the_first_player_and_the_others_are_drawn() {
    let start = |v| analyse(&Chopsticks::new(v, None)).verdict;
    assert_eq!(start(Variant::STANDARD), Verdict::Loss { plies: Some(26) });
    for v in &Variant::ALL[1..] {
        assert_eq!(start(*v), Verdict::Draw, "{v:?}");
    }
}

#[test]
fn analysis_of_fresh_positions_matches_the_table_move_by_move() {
    for variant in Variant::ALL {
        let t = table(variant);
        for h in Hands::all().filter(|h| h.is_valid()) {
            let g = Chopsticks::from_hands(h, variant, None).unwrap();
            let a = analyse(&g);
            assert_eq!(a.verdict, t.verdict(h), "{h}");
            assert!(a.exact);
            assert_eq!(a.moves.len(), g.legal_moves().len());
            for m in &a.moves {
                let child = h.after(m.mv, variant).unwrap();
                let expected = if child.mover_dead() {
                    Verdict::Win { plies: Some(1) }
                } else {
                    t.verdict(child).flipped_and_extended()
                };
                assert_eq!(m.verdict, expected, "{h} {}", m.mv);
            }
            if let Some(best) = a.best {
                assert_eq!(a.value_of(best).unwrap().verdict, a.verdict, "{h}");
                assert_eq!(a.pv.first(), Some(&best));
            }
        }
    }
}

#[test]
fn perfect_play_takes_the_fastest_win_resists_longest_and_never_leaves_a_draw() {
    for variant in Variant::ALL {
        for h in Hands::all().filter(|h| h.is_valid() && !h.mover_dead()) {
            let a = analyse(&Chopsticks::from_hands(h, variant, None).unwrap());
            let best = policy::best_moves(&a.moves);
            assert!(!best.is_empty());
            for b in best {
                let v = a.value_of(b).unwrap().verdict;
                match a.verdict {
                    Verdict::Win { plies } => {
                        let fastest = a
                            .moves
                            .iter()
                            .filter(|m| m.verdict.is_win())
                            .map(|m| m.verdict.plies())
                            .min()
                            .flatten();
                        assert_eq!(v, Verdict::Win { plies: fastest }, "{h}");
                        assert_eq!(plies, fastest);
                    }
                    Verdict::Loss { plies } => {
                        let slowest = a.moves.iter().filter_map(|m| m.verdict.plies()).max();
                        assert_eq!(v, Verdict::Loss { plies: slowest }, "{h}");
                        assert_eq!(plies, slowest);
                    }
                    Verdict::Draw => {
                        assert_eq!(v, Verdict::Draw, "{h} {variant:?}: a draw kept");
                        assert!(a.moves.iter().all(|m| !m.verdict.is_win()));
                    }
                    other => panic!("{h}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn perfect_games_end_as_the_table_predicts_from_every_position() {
    let mut rng = StdRng::seed_from_u64(2024);
    for variant in Variant::ALL {
        let t = table(variant);
        for h in Hands::all().filter(|h| h.is_valid()) {
            let mut g = Chopsticks::from_hands(h, variant, Some(300)).unwrap();
            while g.outcome().is_none() {
                let a = analyse(&g);
                let mv = policy::choose_move(&a, policy::Slips::NONE, &mut rng).unwrap();
                g.play(mv).unwrap();
            }
            let expected = match t.verdict(h) {
                Verdict::Win { plies } => {
                    assert_eq!(Some(g.plies()), plies, "{h}: the game lasts the distance");
                    Outcome::Win(Seat::First)
                }
                Verdict::Loss { plies } => {
                    assert_eq!(Some(g.plies()), plies, "{h}");
                    Outcome::Win(Seat::Second)
                }
                _ => Outcome::Draw,
            };
            assert_eq!(g.outcome(), Some(expected), "{h} {variant:?}");
        }
    }
}

#[test]
fn the_move_cap_turns_out_of_reach_wins_into_draws() {
    // The standard start is lost in 26: with 25 moves left it is a draw, with 26 it is not.
    let a = analyse(&Chopsticks::new(Variant::STANDARD, Some(25)));
    assert_eq!(a.verdict, Verdict::Draw);
    let a = analyse(&Chopsticks::new(Variant::STANDARD, Some(26)));
    assert_eq!(a.verdict, Verdict::Loss { plies: Some(26) });
    // Every move of the capped start is a draw or a loss within the cap.
    let a = analyse(&Chopsticks::new(Variant::STANDARD, Some(20)));
    for m in &a.moves {
        assert!(
            m.verdict.plies().is_none_or(|p| p <= 20),
            "{}: {:?}",
            m.mv,
            m.verdict
        );
    }
}

#[test]
fn a_move_into_a_third_repetition_is_a_draw() {
    // Both players split back and forth: the fourth split of the second round repeats
    // the start for the third time.
    let mut g = Chopsticks::new(Variant::STANDARD, None);
    for m in [
        "split:0,2",
        "split:0,2",
        "split:1,1",
        "split:1,1",
        "split:0,2",
        "split:0,2",
        "split:1,1",
    ] {
        g.play(m.parse().unwrap()).unwrap();
    }
    let a = analyse(&g);
    let repeat = a.value_of("split:1,1".parse().unwrap()).unwrap();
    assert_eq!(repeat.verdict, Verdict::Draw);
    // The table alone says that move loses for the player making it (the start is lost
    // for its mover, so reaching it wins); the draw rule overrides it.
    let table_says = table(Variant::STANDARD)
        .verdict(Hands::START)
        .flipped_and_extended();
    assert!(table_says.is_win(), "{table_says:?}");
}
