//! Nim and 1-3-5-7 checked against an independent brute-force oracle.
//!
//! The oracle below is plain minimax written from the rules alone: it does not call
//! anything in `parlor::solve` and knows nothing of nim-sums. Every position of up to
//! four piles of up to seven coins (every ordering, empty piles included) is compared
//! with `parlor::solve::nim::analyse` for both endings: verdicts, exact distances,
//! traps and the chosen move. Larger random positions are compared on verdicts, and
//! the 1-3-5-7 proof is redone with our own breadth-first search and backward induction.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet, VecDeque};

use parlor::game::nim::{Ending, Nim, NimMove};
use parlor::game::{Game, Outcome, RuleError, Seat};
use parlor::matchup::Difficulty;
use parlor::solve::nim::{analyse, mover_wins, small_enough};
use parlor::solve::policy::{best_moves, choose_move};
use parlor::solve::proof::{prove, prove_1357};
use parlor::solve::{Analysis, Traps, Verdict};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

// ---------------------------------------------------------------------------------------
// The oracle
// ---------------------------------------------------------------------------------------

/// The value of a position for the player to move: who wins, and in how many plies with
/// the winner hurrying and the loser stalling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    Win(u32),
    Loss(u32),
}

impl Val {
    fn wins(self) -> bool {
        matches!(self, Val::Win(_))
    }

    fn plies(self) -> u32 {
        match self {
            Val::Win(p) | Val::Loss(p) => p,
        }
    }
}

/// Every child of `piles`, in the order (pile, take) with take counting up.
fn children(piles: &[u8]) -> Vec<(usize, u8, Vec<u8>)> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        for take in 1..=piles[i] {
            let mut c = piles.to_vec();
            c[i] -= take;
            out.push((i, take, c));
        }
    }
    out
}

/// Exact minimax, memoised on the unsorted pile vector.
struct Oracle {
    ending: Ending,
    memo: HashMap<Vec<u8>, Val>,
}

impl Oracle {
    fn new(ending: Ending) -> Oracle {
        Oracle {
            ending,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, piles: &[u8]) -> Val {
        if let Some(&v) = self.memo.get(piles) {
            return v;
        }
        let v = if piles.iter().all(|&p| p == 0) {
            // The previous player took the last coin.
            match self.ending {
                Ending::Normal => Val::Loss(0),
                Ending::Misere => Val::Win(0),
            }
        } else {
            let mut fastest_win: Option<u32> = None;
            let mut slowest_loss: u32 = 0;
            for (_, _, c) in children(piles) {
                match self.value(&c) {
                    Val::Loss(d) => {
                        fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
                    }
                    Val::Win(d) => slowest_loss = slowest_loss.max(d + 1),
                }
            }
            match fastest_win {
                Some(w) => Val::Win(w),
                None => Val::Loss(slowest_loss),
            }
        };
        self.memo.insert(piles.to_vec(), v);
        v
    }

    /// After a move leaves `piles` with the opponent to move: of their replies, how many
    /// leave the player who made the move in a winning position.
    fn traps(&mut self, piles: &[u8]) -> (u32, u32) {
        let mut losing = 0;
        let mut replies = 0;
        for (_, _, c) in children(piles) {
            replies += 1;
            if self.value(&c).wins() {
                losing += 1;
            }
        }
        (losing, replies)
    }
}

/// Verdicts only, by a differently shaped rule: a position is lost iff no move leads to
/// a lost position. Memoised on the sorted piles with empty piles dropped.
struct VerdictOracle {
    ending: Ending,
    memo: HashMap<Vec<u8>, bool>,
}

impl VerdictOracle {
    fn new(ending: Ending) -> VerdictOracle {
        VerdictOracle {
            ending,
            memo: HashMap::new(),
        }
    }

    fn canonical(piles: &[u8]) -> Vec<u8> {
        let mut v: Vec<u8> = piles.iter().copied().filter(|&p| p > 0).collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    fn wins(&mut self, piles: &[u8]) -> bool {
        let key = Self::canonical(piles);
        self.wins_canonical(&key)
    }

    fn wins_canonical(&mut self, key: &[u8]) -> bool {
        if key.is_empty() {
            return self.ending == Ending::Misere;
        }
        if let Some(&w) = self.memo.get(key) {
            return w;
        }
        let mut win = false;
        'search: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for left in 0..key[i] {
                let mut c = key.to_vec();
                c[i] = left;
                let c = Self::canonical(&c);
                if !self.wins_canonical(&c) {
                    win = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key.to_vec(), win);
        win
    }
}

/// Compares two shares l1/r1 and l2/r2 exactly (a share with no replies is 0).
fn cmp_share((l1, r1): (u32, u32), (l2, r2): (u32, u32)) -> Ordering {
    let a = if r1 == 0 {
        (0u64, 1u64)
    } else {
        (l1.into(), r1.into())
    };
    let b = if r2 == 0 {
        (0u64, 1u64)
    } else {
        (l2.into(), r2.into())
    };
    (a.0 * b.1).cmp(&(b.0 * a.1))
}

fn product(piles: &[u8]) -> u64 {
    piles
        .iter()
        .try_fold(1u64, |acc, &p| acc.checked_mul(u64::from(p) + 1))
        .unwrap_or(u64::MAX)
}

/// Exactly how many distinct non-empty positions, up to the order of the piles, can be
/// reached from `piles`: the non-increasing sequences c with c[i] <= p[i] for p sorted
/// in decreasing order, less the empty one. This is the number of sub-positions a search
/// memoised on sorted piles visits.
fn sorted_sub_positions(piles: &[u8]) -> u64 {
    let mut p: Vec<usize> = piles.iter().map(|&c| usize::from(c)).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&top) = p.first() else {
        return 0;
    };
    // ways[v]: sequences so far whose last value is v.
    let mut ways = vec![1u64; top + 1];
    for &cap in &p[1..] {
        // A next value v may follow any last value >= v.
        let mut next = vec![0u64; top + 1];
        let mut at_least: u64 = ways.iter().sum();
        for v in 0..=top {
            if v <= cap {
                next[v] = at_least;
            }
            at_least -= ways[v];
        }
        ways = next;
    }
    ways.iter().sum::<u64>() - 1
}

/// Every pile vector of length 0..=`max_len` with each pile in 0..=`max_coins`.
fn all_positions(max_len: usize, max_coins: u8) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for p in &layer {
            for c in 0..=max_coins {
                let mut q: Vec<u8> = p.clone();
                q.push(c);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}

fn ending_name(e: Ending) -> &'static str {
    match e {
        Ending::Normal => "normal",
        Ending::Misere => "misere",
    }
}

// ---------------------------------------------------------------------------------------
// Checking one analysis against the oracle
// ---------------------------------------------------------------------------------------

/// Checks everything `analyse` says about `piles` against the full oracle. Returns the
/// number of moves checked.
fn check_analysis(oracle: &mut Oracle, piles: &[u8]) -> usize {
    let ending = oracle.ending;
    let ctx = format!("{} {:?}", ending_name(ending), piles);
    let nim = Nim::new(piles.to_vec(), ending);
    let a: Analysis<NimMove> = analyse(&nim);
    assert!(a.exact, "{ctx}: analysis not exact");

    // The position.
    let val = oracle.value(piles);
    let expected = match val {
        Val::Win(p) => Verdict::Win { plies: Some(p) },
        Val::Loss(p) => Verdict::Loss { plies: Some(p) },
    };
    assert_eq!(a.verdict, expected, "{ctx}: position verdict");
    assert_eq!(
        mover_wins(piles, ending),
        val.wins(),
        "{ctx}: mover_wins disagrees with the oracle"
    );

    // One MoveValue per legal move, in the same order as legal_moves.
    let legal = nim.legal_moves();
    let listed: Vec<NimMove> = a.moves.iter().map(|m| m.mv).collect();
    assert_eq!(
        listed, legal,
        "{ctx}: analysed moves are not the legal moves"
    );

    // Each move: its verdict for the mover and its traps.
    let kids = children(piles);
    assert_eq!(kids.len(), a.moves.len(), "{ctx}: number of moves");
    let mut oracle_moves: Vec<(NimMove, Val, (u32, u32))> = Vec::new();
    for ((pile, take, child), mv) in kids.iter().zip(&a.moves) {
        let m = NimMove {
            pile: *pile,
            take: *take,
        };
        assert_eq!(mv.mv, m, "{ctx}: move order");
        // The child's value is for the opponent; flip it for the mover.
        let for_mover = match oracle.value(child) {
            Val::Win(p) => Val::Loss(p + 1),
            Val::Loss(p) => Val::Win(p + 1),
        };
        let expected = match for_mover {
            Val::Win(p) => Verdict::Win { plies: Some(p) },
            Val::Loss(p) => Verdict::Loss { plies: Some(p) },
        };
        assert_eq!(mv.verdict, expected, "{ctx}: verdict of move {m}");
        let (losing, replies) = oracle.traps(child);
        assert_eq!(
            mv.traps,
            Some(Traps {
                losing_replies: losing,
                replies
            }),
            "{ctx}: traps of move {m}"
        );
        oracle_moves.push((m, for_mover, (losing, replies)));
    }

    // The set of winning moves.
    let expected_wins: HashSet<NimMove> = oracle_moves
        .iter()
        .filter(|(_, v, _)| v.wins())
        .map(|(m, _, _)| *m)
        .collect();
    let got_wins: HashSet<NimMove> = a.winning_moves().collect();
    assert_eq!(got_wins, expected_wins, "{ctx}: winning moves");
    assert_eq!(
        val.wins() && !legal.is_empty(),
        !expected_wins.is_empty(),
        "{ctx}: a won position (with moves) must have a winning move"
    );

    // The best move, and every move the perfect policy considers best.
    let perfect = perfect_set(&oracle_moves);
    match a.best {
        None => assert!(legal.is_empty(), "{ctx}: no best move despite legal moves"),
        Some(best) => {
            assert!(
                perfect.contains(&best),
                "{ctx}: best {best} is not among the oracle's perfect moves {perfect:?}"
            );
        }
    }
    let policy_best: HashSet<NimMove> = best_moves(&a.moves).into_iter().collect();
    assert_eq!(policy_best, perfect, "{ctx}: best_moves");
    legal.len()
}

/// The oracle's set of perfect moves: fastest wins when won; when lost, the largest traps
/// share, then the slowest loss.
fn perfect_set(moves: &[(NimMove, Val, (u32, u32))]) -> HashSet<NimMove> {
    let wins: Vec<_> = moves.iter().filter(|(_, v, _)| v.wins()).collect();
    if !wins.is_empty() {
        let fastest = wins.iter().map(|(_, v, _)| v.plies()).min().unwrap();
        return wins
            .iter()
            .filter(|(_, v, _)| v.plies() == fastest)
            .map(|(m, _, _)| *m)
            .collect();
    }
    let Some(top) = moves
        .iter()
        .max_by(|a, b| cmp_share(a.2, b.2).then(a.1.plies().cmp(&b.1.plies())))
    else {
        return HashSet::new();
    };
    moves
        .iter()
        .filter(|m| cmp_share(m.2, top.2) == Ordering::Equal && m.1.plies() == top.1.plies())
        .map(|(m, _, _)| *m)
        .collect()
}

// ---------------------------------------------------------------------------------------
// Exhaustive small positions
// ---------------------------------------------------------------------------------------

#[test]
fn every_position_up_to_four_piles_of_seven_matches_the_oracle() {
    let positions = all_positions(4, 7);
    assert_eq!(positions.len(), 1 + 8 + 64 + 512 + 4096);
    let mut total_moves = 0;
    for ending in [Ending::Normal, Ending::Misere] {
        let mut oracle = Oracle::new(ending);
        for piles in &positions {
            total_moves += check_analysis(&mut oracle, piles);
        }
    }
    // 2 endings x 4681 positions; every legal move of each was checked.
    assert!(total_moves > 100_000, "{total_moves}");
    eprintln!(
        "checked {} positions and {total_moves} moves",
        2 * positions.len()
    );
}

#[test]
fn mover_wins_matches_the_oracle_on_five_and_six_piles() {
    // Beyond the exhaustive analysis check: the formula alone, on more and wider piles.
    for ending in [Ending::Normal, Ending::Misere] {
        let mut oracle = VerdictOracle::new(ending);
        for piles in all_positions(5, 5) {
            assert_eq!(
                mover_wins(&piles, ending),
                oracle.wins(&piles),
                "{} {piles:?}",
                ending_name(ending)
            );
        }
        for piles in all_positions(2, 40) {
            assert_eq!(
                mover_wins(&piles, ending),
                oracle.wins(&piles),
                "{} {piles:?}",
                ending_name(ending)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Random larger positions
// ---------------------------------------------------------------------------------------

/// A random position of up to 8 piles of up to 99 coins whose sorted sub-positions the
/// verdict oracle can enumerate quickly.
fn random_position(rng: &mut StdRng) -> Vec<u8> {
    loop {
        let shape = rng.random_range(0..4u8);
        let (len, max) = match shape {
            0 => (rng.random_range(1..=3usize), 99u8),
            1 => (rng.random_range(3..=5usize), 24u8),
            2 => (rng.random_range(5..=8usize), 9u8),
            _ => (8usize, 99u8),
        };
        let mut piles: Vec<u8> = (0..len).map(|_| rng.random_range(0..=max)).collect();
        if shape == 3 {
            // Eight piles, mostly tiny, a couple of them big.
            for p in piles.iter_mut().skip(2) {
                *p = rng.random_range(0..=3);
            }
        }
        // Bound the sorted sub-positions the oracle may visit, and the work of parlor's
        // own distance search when it runs one (see `distance_search_stays_cheap`).
        let subs = sorted_sub_positions(&piles);
        if subs <= 400_000 && (!small_enough(&piles) || subs <= 10_000) {
            return piles;
        }
    }
}

#[test]
fn random_larger_positions_have_the_oracles_verdicts() {
    let mut rng = StdRng::seed_from_u64(0x5eed_1357);
    let mut oracles = [
        VerdictOracle::new(Ending::Normal),
        VerdictOracle::new(Ending::Misere),
    ];
    let mut checked_positions = 0;
    let mut checked_moves = 0;
    for round in 0..160 {
        let ending = if round % 2 == 0 {
            Ending::Normal
        } else {
            Ending::Misere
        };
        let oracle = &mut oracles[round % 2];
        let piles = random_position(&mut rng);
        let ctx = format!("{} {piles:?}", ending_name(ending));
        let nim = Nim::new(piles.clone(), ending);
        let a = analyse(&nim);
        assert_eq!(a.verdict.is_win(), oracle.wins(&piles), "{ctx}: position");
        assert_eq!(mover_wins(&piles, ending), oracle.wins(&piles), "{ctx}");
        // Distances are given exactly when the position is small enough, for the
        // position and every move alike.
        let distances = small_enough(&piles);
        assert_eq!(a.verdict.plies().is_some(), distances, "{ctx}: distances");
        assert!(
            a.moves
                .iter()
                .all(|m| m.verdict.plies().is_some() == distances),
            "{ctx}: distances of moves"
        );
        assert_eq!(a.moves.len(), nim.legal_moves().len(), "{ctx}");
        let mut any_win = false;
        for mv in &a.moves {
            let child = nim.after(mv.mv).expect("analysed moves are legal");
            let wins = !oracle.wins(child.piles());
            assert_eq!(mv.verdict.is_win(), wins, "{ctx}: move {}", mv.mv);
            assert!(mv.verdict.is_win() || mv.verdict.is_loss(), "{ctx}");
            any_win |= wins;
            checked_moves += 1;
        }
        assert_eq!(any_win, a.verdict.is_win(), "{ctx}: verdict vs moves");
        if let Some(best) = a.best
            && any_win
        {
            assert!(
                !oracle.wins(nim.after(best).unwrap().piles()),
                "{ctx}: best"
            );
        }
        checked_positions += 1;
    }
    eprintln!("checked {checked_positions} random positions, {checked_moves} moves");
}

#[test]
fn random_medium_positions_have_exact_distances_and_traps() {
    // Five to eight piles, product of (pile+1) within the distance limit: the full
    // oracle (memoised on the unsorted piles) is still cheap here.
    let mut rng = StdRng::seed_from_u64(42);
    let mut checked = 0;
    while checked < 40 {
        let len = rng.random_range(5..=8usize);
        let piles: Vec<u8> = (0..len).map(|_| rng.random_range(0..=6)).collect();
        if product(&piles) > 20_000 {
            continue;
        }
        let ending = if checked % 2 == 0 {
            Ending::Normal
        } else {
            Ending::Misere
        };
        let mut oracle = Oracle::new(ending);
        check_analysis(&mut oracle, &piles);
        checked += 1;
    }
}

#[test]
fn sub_position_count_is_right() {
    // Against brute force: distinct sorted non-empty vectors reachable by moves.
    for piles in all_positions(4, 6).into_iter().step_by(7) {
        let mut seen: HashSet<Vec<u8>> = HashSet::new();
        let mut stack = vec![piles.clone()];
        while let Some(p) = stack.pop() {
            let mut key: Vec<u8> = p.iter().copied().filter(|&c| c > 0).collect();
            key.sort_unstable();
            if key.is_empty() || !seen.insert(key) {
                continue;
            }
            stack.extend(children(&p).into_iter().map(|(_, _, c)| c));
        }
        assert_eq!(sorted_sub_positions(&piles), seen.len() as u64, "{piles:?}");
    }
    assert_eq!(sorted_sub_positions(&[99, 99, 99]), 171_699);
}

/// Work (sorted sub-positions times coins) that parlor's distance search may be asked
/// to do. Its documentation promises tens of milliseconds at the limit in a release
/// build; this bound is generous (about a second at opt-level 2), so only a gross
/// misestimate in `small_enough` fails it.
const WORK_BOUND: u64 = 20_000_000;

fn distance_work(piles: &[u8]) -> u64 {
    let coins: u64 = piles.iter().map(|&c| u64::from(c)).sum();
    sorted_sub_positions(piles) * coins.max(1)
}

#[test]
fn distance_search_stays_cheap() {
    // `small_enough` decides whether `analyse` runs the exact-distance search, whose
    // memo holds every sorted sub-position. It must not accept positions whose search is
    // orders of magnitude beyond its budget.
    let mut rng = StdRng::seed_from_u64(2024);
    let mut candidates: Vec<Vec<u8>> = vec![
        vec![99, 99, 3, 3, 2, 2, 1, 1],
        vec![99, 98, 3, 3, 3, 3, 3, 3],
        vec![99, 99, 99],
        vec![99, 60, 30, 10, 5],
        vec![12; 7],
        vec![20; 5],
        vec![99; 8],
    ];
    for _ in 0..3000 {
        let len = rng.random_range(1..=8usize);
        let big = rng.random_range(0..=len);
        let small_max = rng.random_range(1..=9u8);
        candidates.push(
            (0..len)
                .map(|i| {
                    if i < big {
                        rng.random_range(0..=99)
                    } else {
                        rng.random_range(0..=small_max)
                    }
                })
                .collect(),
        );
    }
    let too_costly: Vec<(Vec<u8>, u64)> = candidates
        .into_iter()
        .filter(|p| small_enough(p))
        .map(|p| {
            let w = distance_work(&p);
            (p, w)
        })
        .filter(|(_, w)| *w > WORK_BOUND)
        .collect();
    assert!(
        too_costly.is_empty(),
        "small_enough accepts {} positions whose distance search does more than {WORK_BOUND} \
         units of work (sorted sub-positions x coins), e.g. {:?}",
        too_costly.len(),
        &too_costly[..too_costly.len().min(5)]
    );
}

// ---------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------

#[test]
fn legal_moves_are_exactly_every_take_from_every_pile() {
    for piles in all_positions(4, 5) {
        for ending in [Ending::Normal, Ending::Misere] {
            let nim = Nim::new(piles.clone(), ending);
            let moves = nim.legal_moves();
            let sum: usize = piles.iter().map(|&p| usize::from(p)).sum();
            assert_eq!(moves.len(), sum, "{piles:?}");
            let distinct: HashSet<NimMove> = moves.iter().copied().collect();
            assert_eq!(distinct.len(), sum, "{piles:?}: duplicate moves");
            for m in &moves {
                assert!(m.pile < piles.len() && m.take >= 1 && m.take <= piles[m.pile]);
                let next = nim.after(*m).expect("a legal move is accepted");
                let mut expected = piles.clone();
                expected[m.pile] -= m.take;
                assert_eq!(next.piles(), &expected[..]);
                assert_eq!(next.to_move(), Seat::Second);
                assert_eq!(next.ending(), ending);
            }
        }
    }
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut rng = StdRng::seed_from_u64(7);
    for piles in all_positions(3, 4) {
        let mut nim = Nim::new(piles.clone(), Ending::Normal);
        // Advance a random number of plies so both seats are tried.
        for _ in 0..rng.random_range(0..2) {
            let moves = nim.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            nim.play(m).unwrap();
        }
        let before = nim.clone();
        let over = nim.outcome().is_some();
        let mut bad = vec![];
        for pile in 0..piles.len() + 2 {
            bad.push(NimMove { pile, take: 0 });
            let have = nim.piles().get(pile).copied().unwrap_or(0);
            bad.push(NimMove {
                pile,
                take: have + 1,
            });
            bad.push(NimMove { pile, take: 255 });
        }
        bad.push(NimMove {
            pile: usize::MAX - 1,
            take: 1,
        });
        for m in bad {
            // Every move built above is illegal: piles hold at most 4 coins.
            let mut g = nim.clone();
            let err = g.play(m).expect_err("illegal move accepted");
            if over {
                assert_eq!(err, RuleError::GameOver);
            } else {
                assert!(matches!(err, RuleError::Illegal(_)), "{m:?}: {err:?}");
            }
            assert_eq!(
                g, before,
                "{piles:?}: refused move {m:?} changed the position"
            );
            assert!(nim.after(m).is_err());
        }
    }
}

#[test]
fn a_move_after_the_end_is_refused() {
    for ending in [Ending::Normal, Ending::Misere] {
        let mut g = Nim::new(vec![2, 0, 1], ending);
        g.play(NimMove { pile: 0, take: 2 }).unwrap();
        g.play(NimMove { pile: 2, take: 1 }).unwrap();
        assert!(g.outcome().is_some());
        let before = g.clone();
        for m in [
            NimMove { pile: 0, take: 1 },
            NimMove { pile: 1, take: 0 },
            NimMove { pile: 9, take: 1 },
        ] {
            assert_eq!(g.play(m), Err(RuleError::GameOver));
            assert_eq!(g, before);
        }
        assert!(g.legal_moves().is_empty());
    }
}

#[test]
fn outcomes_follow_the_last_coin() {
    // Play random games to the end and check who took the last coin.
    let mut rng = StdRng::seed_from_u64(99);
    for round in 0..400 {
        let ending = if round % 2 == 0 {
            Ending::Normal
        } else {
            Ending::Misere
        };
        let len = rng.random_range(1..=5usize);
        let piles: Vec<u8> = (0..len).map(|_| rng.random_range(0..=6)).collect();
        let mut g = Nim::new(piles.clone(), ending);
        let mut last_mover = None;
        while g.outcome().is_none() {
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "{piles:?}: not over but no moves");
            let m = moves[rng.random_range(0..moves.len())];
            let mover = g.to_move();
            g.play(m).unwrap();
            assert_eq!(g.to_move(), mover.other());
            last_mover = Some(mover);
        }
        assert_eq!(g.coins_left(), 0);
        match last_mover {
            Some(took_last) => {
                let expected = match ending {
                    Ending::Normal => took_last,
                    Ending::Misere => took_last.other(),
                };
                assert_eq!(
                    g.outcome(),
                    Some(Outcome::Win(expected)),
                    "{piles:?} {}",
                    ending_name(ending)
                );
            }
            None => {
                // Started empty: in normal play the first player cannot move and loses;
                // in misère the (absent) previous player took the last coin.
                let expected = match ending {
                    Ending::Normal => Seat::Second,
                    Ending::Misere => Seat::First,
                };
                assert_eq!(g.outcome(), Some(Outcome::Win(expected)), "{piles:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 1-3-5-7 and the exhaustive proof
// ---------------------------------------------------------------------------------------

/// A state of our own: the piles and whose turn (0 = first player).
type State = (Vec<u8>, u8);

struct OwnProof {
    /// Every reachable state with the seat that forces a win from it.
    winner: HashMap<State, u8>,
    start: State,
}

impl OwnProof {
    fn first_wins(&self) -> usize {
        self.winner.values().filter(|&&w| w == 0).count()
    }
}

/// Breadth-first search over states reachable from `start` (first player to move), then
/// backward induction from the finished states, fewest coins first.
fn own_proof(start: &[u8], ending: Ending) -> OwnProof {
    let start_state: State = (start.to_vec(), 0);
    let mut seen: HashSet<State> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(start_state.clone());
    queue.push_back(start_state.clone());
    while let Some((piles, seat)) = queue.pop_front() {
        for (_, _, c) in children(&piles) {
            let next = (c, 1 - seat);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    let mut states: Vec<State> = seen.into_iter().collect();
    states.sort_by_key(|(p, _)| p.iter().map(|&c| u32::from(c)).sum::<u32>());
    let mut winner: HashMap<State, u8> = HashMap::new();
    for (piles, seat) in states {
        let kids = children(&piles);
        let w = if kids.is_empty() {
            match ending {
                // The player to move did not take the last coin.
                Ending::Normal => 1 - seat,
                Ending::Misere => seat,
            }
        } else if kids
            .into_iter()
            .any(|(_, _, c)| winner[&(c, 1 - seat)] == seat)
        {
            seat
        } else {
            1 - seat
        };
        winner.insert((piles, seat), w);
    }
    OwnProof {
        winner,
        start: start_state,
    }
}

fn seat_of(i: u8) -> Seat {
    if i == 0 { Seat::First } else { Seat::Second }
}

#[test]
fn the_1357_proof_matches_our_own_search() {
    let own = own_proof(&[1, 3, 5, 7], Ending::Misere);
    let report = prove_1357();
    let first = own.first_wins();
    let second = own.winner.len() - first;
    eprintln!(
        "1-3-5-7: {} states, first wins {first}, second wins {second}",
        own.winner.len()
    );
    assert_eq!(report.positions, own.winner.len(), "positions");
    assert_eq!(report.first_player_wins, first, "first player wins");
    assert_eq!(report.second_player_wins, second, "second player wins");
    assert_eq!(report.winner, seat_of(own.winner[&own.start]));
    assert_eq!(report.winner, Seat::Second);
}

#[test]
fn other_proofs_match_our_own_search() {
    for (start, ending) in [
        (vec![3, 4, 5], Ending::Normal),
        (vec![3, 4, 5], Ending::Misere),
        (vec![1, 2, 3], Ending::Normal),
        (vec![2, 2], Ending::Misere),
        (vec![1], Ending::Misere),
        (vec![1], Ending::Normal),
        (vec![0, 4, 0, 2], Ending::Normal),
        (vec![1, 1, 1], Ending::Misere),
        (vec![1, 3, 5, 7], Ending::Normal),
        (vec![2, 3, 4, 1, 2], Ending::Misere),
    ] {
        let own = own_proof(&start, ending);
        let report = prove(&Nim::new(start.clone(), ending));
        let first = own.first_wins();
        let ctx = format!("{} {start:?}", ending_name(ending));
        assert_eq!(report.positions, own.winner.len(), "{ctx}: positions");
        assert_eq!(report.first_player_wins, first, "{ctx}");
        assert_eq!(report.second_player_wins, own.winner.len() - first, "{ctx}");
        assert_eq!(report.winner, seat_of(own.winner[&own.start]), "{ctx}");
    }
}

#[test]
fn the_perfect_policy_never_lets_a_won_1357_position_slip() {
    let own = own_proof(&[1, 3, 5, 7], Ending::Misere);
    let mut oracle = Oracle::new(Ending::Misere);
    let mut rng = StdRng::seed_from_u64(1);

    // Walk the reachable states again, this time through parlor's own rules, so that the
    // positions handed to the policy carry the right player to move.
    let mut seen: HashSet<Nim> = HashSet::new();
    let mut queue = VecDeque::from([Nim::sugar_packets()]);
    seen.insert(Nim::sugar_packets());
    let (mut won, mut lost) = (0, 0);
    while let Some(nim) = queue.pop_front() {
        let seat = u8::from(nim.to_move() == Seat::Second);
        let state: State = (nim.piles().to_vec(), seat);
        let w = *own
            .winner
            .get(&state)
            .unwrap_or_else(|| panic!("{state:?} reachable for parlor, not for us"));
        let a = analyse(&nim);
        // Ties are broken at random: ask several times.
        for _ in 0..4 {
            let Some(m) = choose_move(&a, Difficulty::Perfect.slips(), &mut rng) else {
                assert!(nim.outcome().is_some(), "{state:?}: no move chosen");
                break;
            };
            let next = nim.after(m).expect("the policy plays legal moves");
            let next_state: State = (next.piles().to_vec(), 1 - seat);
            if w == seat {
                assert_eq!(
                    own.winner[&next_state], seat,
                    "{state:?}: perfect play {m} lets the win slip"
                );
            } else {
                // Lost: the move must have the largest traps share (by our oracle).
                let shares: Vec<(u32, u32)> = children(nim.piles())
                    .iter()
                    .map(|(_, _, c)| oracle.traps(c))
                    .collect();
                let top = *shares.iter().max_by(|a, b| cmp_share(**a, **b)).unwrap();
                let mine = oracle.traps(next.piles());
                assert_eq!(
                    cmp_share(mine, top),
                    Ordering::Equal,
                    "{state:?}: {m} sets {mine:?} traps, {top:?} was possible"
                );
            }
        }
        if nim.outcome().is_none() {
            if w == seat {
                won += 1;
            } else {
                lost += 1;
            }
        }
        for m in nim.legal_moves() {
            let next = nim.after(m).unwrap();
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    assert_eq!(seen.len(), own.winner.len());
    eprintln!("perfect policy checked in {won} won and {lost} lost 1-3-5-7 positions");
}

#[test]
fn perfect_play_wins_1357_as_second_player_against_anything() {
    // The second player, playing perfectly, beats every line of the first player's.
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..300 {
        let mut g = Nim::sugar_packets();
        while g.outcome().is_none() {
            let m = if g.to_move() == Seat::First {
                let moves = g.legal_moves();
                moves[rng.random_range(0..moves.len())]
            } else {
                choose_move(&analyse(&g), Difficulty::Perfect.slips(), &mut rng).unwrap()
            };
            g.play(m).unwrap();
        }
        assert_eq!(g.outcome(), Some(Outcome::Win(Seat::Second)));
    }
}

/// The prediction says "(at most N more moves)": the winner's fastest win lasts no
/// longer against any defence, the perfect AI's trap-setting one included (which may
/// end it sooner: 1-3-5-7 predicted 12 and ended after 8 when it said "12 more moves").
#[test]
fn a_perfect_winner_needs_at_most_the_predicted_moves() {
    fn length_of<G: Game + Clone>(start: G, analyse: fn(&G) -> Analysis<G::Move>, seed: u64) {
        let predicted = analyse(&start).verdict.plies().expect("a proven length");
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = start;
        let mut plies = 0;
        while game.outcome().is_none() {
            let a = analyse(&game);
            // The loser sometimes plays any move: "any defence".
            let mv = if a.verdict.is_loss() && rng.random_bool(0.3) {
                let legal = game.legal_moves();
                legal[rng.random_range(0..legal.len())]
            } else {
                choose_move(&a, Difficulty::Perfect.slips(), &mut rng).expect("a move")
            };
            game.play(mv).expect("legal");
            plies += 1;
        }
        assert!(plies <= predicted, "{plies} > {predicted}");
    }
    for seed in 0..16 {
        length_of(Nim::new(vec![1, 3, 5, 7], Ending::Misere), analyse, seed);
        length_of(Nim::new(vec![1, 1, 5, 5], Ending::Misere), analyse, seed);
        length_of(Nim::new(vec![3, 4, 5], Ending::Normal), analyse, seed);
        length_of(
            parlor::game::chopsticks::Chopsticks::new(
                parlor::game::chopsticks::Variant::STANDARD,
                Some(100),
            ),
            parlor::solve::chopsticks::analyse,
            seed,
        );
    }
    assert_eq!(
        parlor::plugin::match_view::moves_left(12),
        "(at most 12 more moves)"
    );
}
