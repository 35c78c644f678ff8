//! Pnut-Butta rules and solver against an independent brute force (plain strings and
//! sets of substrings, no graph, no bit tricks): position by position along seeded
//! random games, and the winner from the empty string, for k=2 with l<=4 and k=3 with
//! l=2..3. Also notation and option errors.

use std::collections::{HashMap, HashSet};

use parlor::game::pnut::{Pnut, PnutError, PnutMove, Rules};
use parlor::game::{Game, Outcome, Seat};
use parlor::solve::Verdict;
use parlor::solve::pnut::{Limits, solve};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A position for the brute force: the sorted used l-grams and the last l-1 symbols.
type Key = (Vec<Vec<u8>>, Vec<u8>);

/// The brute force's value for the player to move: (wins, plies to the end with the
/// winner fastest and the loser slowest).
struct Oracle {
    k: u8,
    l: usize,
    memo: HashMap<Key, (bool, u32)>,
}

impl Oracle {
    fn new(k: usize, l: usize) -> Oracle {
        Oracle {
            k: k as u8,
            l,
            memo: HashMap::new(),
        }
    }

    /// The symbols that may follow `s`.
    fn legal(&self, s: &[u8]) -> Vec<u8> {
        (0..self.k)
            .filter(|&c| {
                let mut t = s.to_vec();
                t.push(c);
                if t.len() < self.l {
                    return true;
                }
                let last = &t[t.len() - self.l..];
                // Every earlier window of length l, overlapping ones included.
                !(0..t.len() - self.l).any(|i| &t[i..i + self.l] == last)
            })
            .collect()
    }

    fn value(&mut self, s: &[u8]) -> (bool, u32) {
        let grams: HashSet<Vec<u8>> = if s.len() >= self.l {
            (0..=s.len() - self.l)
                .map(|i| s[i..i + self.l].to_vec())
                .collect()
        } else {
            HashSet::new()
        };
        let mut sorted: Vec<Vec<u8>> = grams.into_iter().collect();
        sorted.sort();
        let tail = if s.len() + 1 >= self.l {
            s[s.len() + 1 - self.l..].to_vec()
        } else {
            s.to_vec()
        };
        let key = (sorted, tail);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let moves = self.legal(s);
        let v = if moves.is_empty() {
            (false, 0)
        } else {
            let mut fastest_win: Option<u32> = None;
            let mut slowest_loss = 0;
            for c in moves {
                let mut t = s.to_vec();
                t.push(c);
                let (child_wins, d) = self.value(&t);
                if child_wins {
                    slowest_loss = slowest_loss.max(d + 1);
                } else {
                    fastest_win = Some(fastest_win.map_or(d + 1, |f: u32| f.min(d + 1)));
                }
            }
            match fastest_win {
                Some(d) => (true, d),
                None => (false, slowest_loss),
            }
        };
        self.memo.insert(key, v);
        v
    }
}

fn verdict(v: (bool, u32)) -> Verdict {
    if v.0 {
        Verdict::Win { plies: Some(v.1) }
    } else {
        Verdict::Loss { plies: Some(v.1) }
    }
}

fn limits() -> Limits {
    Limits {
        max_depth: None,
        max_millis: 600_000,
        table_mib: 2,
        max_nodes: None,
    }
}

const SETTINGS: [(&str, usize); 6] = [
    ("01", 2),
    ("01", 3),
    ("01", 4),
    ("012", 2),
    ("012", 3),
    ("ab", 4),
];

#[test]
fn the_winner_from_the_empty_string_matches_the_brute_force() {
    let mut seen = Vec::new();
    for (symbols, l) in SETTINGS {
        let rules = Rules::new(symbols, l).unwrap();
        let mut oracle = Oracle::new(rules.k(), l);
        let truth = oracle.value(&[]);
        let a = solve(&Pnut::new(rules), &limits()).analysis;
        assert!(a.exact, "{symbols} l={l}");
        assert_eq!(a.verdict, verdict(truth), "{symbols} l={l}");
        seen.push((symbols, l, truth));
    }
    // The first player wins k=2,l=4 (15 plies) and k=3,l=3 (19 plies); the second
    // player wins the others.
    assert_eq!(
        seen,
        [
            ("01", 2, (false, 4)),
            ("01", 3, (false, 8)),
            ("01", 4, (true, 15)),
            ("012", 2, (false, 6)),
            ("012", 3, (true, 19)),
            ("ab", 4, (true, 15)),
        ]
    );
}

#[test]
fn every_position_of_random_games_matches_the_brute_force() {
    let mut checked = 0;
    for (i, (symbols, l)) in SETTINGS.into_iter().enumerate() {
        let rules = Rules::new(symbols, l).unwrap();
        let mut oracle = Oracle::new(rules.k(), l);
        let mut rng = StdRng::seed_from_u64(1000 + i as u64);
        for _ in 0..6 {
            let mut game = Pnut::new(rules.clone());
            loop {
                let s = game.indices().to_vec();
                let legal = oracle.legal(&s);
                let expected: Vec<PnutMove> =
                    legal.iter().map(|&c| PnutMove(rules.symbol(c))).collect();
                assert_eq!(game.legal_moves(), expected, "{symbols} {}", game.text());
                let a = solve(&game, &limits()).analysis;
                assert!(a.exact, "{}", game.text());
                assert_eq!(a.verdict, verdict(oracle.value(&s)), "{}", game.text());
                for m in &a.moves {
                    let c = rules.index_of(m.mv.0).unwrap();
                    let mut t = s.clone();
                    t.push(c);
                    let child = oracle.value(&t);
                    assert_eq!(
                        m.verdict,
                        verdict(child).flipped_and_extended(),
                        "{} then {}",
                        game.text(),
                        m.mv
                    );
                }
                checked += 1;
                if legal.is_empty() {
                    break;
                }
                let c = legal[rng.random_range(0..legal.len())];
                game.play(PnutMove(rules.symbol(c))).unwrap();
            }
            // The last player to move won.
            let last = if game.len() % 2 == 1 {
                Seat::First
            } else {
                Seat::Second
            };
            assert_eq!(game.outcome(), Some(Outcome::Win(last)));
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn the_solver_proves_k2_l6_and_small_alphabets_with_l2() {
    for (symbols, l, wins, plies) in [
        ("01", 5, false, 18),
        ("0123", 2, false, 8),
        ("01234", 2, false, 10),
        ("012345", 2, false, 12),
        ("01", 6, true, 69),
    ] {
        let big = Limits {
            table_mib: 64,
            ..limits()
        };
        let s = solve(&Pnut::new(Rules::new(symbols, l).unwrap()), &big);
        assert!(s.analysis.exact, "{symbols} l={l}");
        let expected = if wins {
            Verdict::Win { plies: Some(plies) }
        } else {
            Verdict::Loss { plies: Some(plies) }
        };
        assert_eq!(s.analysis.verdict, expected, "{symbols} l={l}");
        // Far beyond brute force: a few million nodes at most.
        assert!(s.analysis.nodes < 20_000_000, "{}", s.analysis.nodes);
    }
}

#[test]
fn a_depth_limit_leaves_long_games_unproven() {
    let game = Pnut::new(Rules::new("012", 3).unwrap());
    let a = solve(
        &game,
        &Limits {
            max_depth: Some(6),
            ..limits()
        },
    )
    .analysis;
    assert!(!a.exact);
    assert_eq!(a.depth, 6);
    assert_eq!(a.moves.len(), 3);
    assert!(a.best.is_some());
    assert!(
        a.moves
            .iter()
            .all(|m| matches!(m.verdict, Verdict::Score(_) | Verdict::Unknown))
    );
}

#[test]
fn a_trapped_position_is_lost_at_once() {
    let game = Pnut::parse(Rules::new("012", 3).unwrap(), "00012002100").unwrap();
    let a = solve(&game, &limits()).analysis;
    assert!(a.exact);
    assert_eq!(a.verdict, Verdict::Loss { plies: Some(0) });
    assert!(a.moves.is_empty());
}

#[test]
fn option_and_string_errors_name_what_is_accepted() {
    let e = Rules::new("0", 3).unwrap_err();
    assert_eq!(e, PnutError::TooFewSymbols { count: 1 });
    assert!(e.to_string().contains("2-12 distinct"), "{e}");
    assert_eq!(
        Rules::new("0120", 3).unwrap_err(),
        PnutError::RepeatedSymbol('0')
    );
    assert!(matches!(
        Rules::new("0123456789abc", 3),
        Err(PnutError::TooManySymbols { count: 13 })
    ));
    assert!(matches!(
        Rules::new("0 1", 3),
        Err(PnutError::UnprintableSymbol(' '))
    ));
    assert_eq!(Rules::new("01", 1).unwrap_err(), PnutError::BadLength(1));
    assert_eq!(Rules::new("01", 9).unwrap_err(), PnutError::BadLength(9));
    assert!(
        Rules::new("01", 9)
            .unwrap_err()
            .to_string()
            .contains("2 to 8")
    );
    let rules = Rules::new("abc", 2).unwrap();
    let e = Pnut::parse(rules.clone(), "abx").unwrap_err();
    assert!(matches!(
        e,
        PnutError::ForeignSymbol {
            symbol: 'x',
            position: 3,
            ..
        }
    ));
    assert!(e.to_string().contains("abc"), "{e}");
    let e = Pnut::parse(rules.clone(), "abab").unwrap_err();
    assert!(e.to_string().contains("'ab' appeared before"), "{e}");
    // Moves: one symbol of the set, legal.
    let mut g = Pnut::parse(rules, "ab").unwrap();
    assert!("xy".parse::<PnutMove>().is_err());
    assert!(g.play(PnutMove('z')).is_err());
    assert!(g.play(PnutMove('a')).is_ok());
    let e = g.play(PnutMove('b')).unwrap_err().to_string();
    assert!(e.contains("'ab'") && e.contains("position 1"), "{e}");
    assert_eq!(g.text(), "aba");
}
