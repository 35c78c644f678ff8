//! Property tests for Nim: random play never panics and analyses stay consistent, undo
//! restores exact states, and the notation round-trips.

use parlor::game::nim::{
    EmptyPiles, Ending, MAX_COINS, MAX_PILES, Nim, NimMove, format_piles, parse_piles,
};
use parlor::game::{Game, Seat};
use parlor::matchup::Difficulty;
use parlor::session::{Player, Session};
use parlor::solve::nim::{analyse, small_enough};
use parlor::solve::{Analysis, Verdict};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn ending() -> impl Strategy<Value = Ending> {
    prop_oneof![Just(Ending::Normal), Just(Ending::Misere)]
}

/// Distinct non-empty positions, up to the order of the piles, below `piles`: what the
/// exact-distance search memoises.
fn sorted_sub_positions(piles: &[u8]) -> u64 {
    let mut p: Vec<usize> = piles.iter().map(|&c| usize::from(c)).collect();
    p.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&top) = p.first() else {
        return 0;
    };
    let mut ways = vec![1u64; top + 1];
    for &cap in &p[1..] {
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

/// Whether `analyse` will answer quickly. Positions whose exact-distance search is large
/// are skipped here; `nim_oracle::distance_search_stays_cheap` is where that cost is
/// checked.
fn cheap_to_analyse(piles: &[u8]) -> bool {
    let coins: u64 = piles.iter().map(|&c| u64::from(c)).sum();
    !small_enough(piles) || sorted_sub_positions(piles) * coins.max(1) <= 2_000_000
}

/// Internal consistency of one analysis of `nim`.
fn check_consistent(nim: &Nim, a: &Analysis<NimMove>) -> Result<(), TestCaseError> {
    let legal = nim.legal_moves();
    prop_assert_eq!(a.moves.len(), legal.len(), "one MoveValue per legal move");
    let listed: Vec<NimMove> = a.moves.iter().map(|m| m.mv).collect();
    prop_assert_eq!(&listed, &legal);
    prop_assert!(a.exact);
    prop_assert!(a.verdict.is_win() || a.verdict.is_loss(), "{:?}", a.verdict);
    for m in &a.moves {
        prop_assert!(m.verdict.is_win() || m.verdict.is_loss(), "{:?}", m.verdict);
        let t = m.traps.expect("Nim moves carry traps");
        prop_assert!(t.losing_replies <= t.replies);
        let child = nim.after(m.mv).expect("analysed moves are legal");
        prop_assert_eq!(t.replies as usize, child.legal_moves().len());
    }
    let any_win = a.moves.iter().any(|m| m.verdict.is_win());
    if legal.is_empty() {
        // Game over: in misère the player to move did not take the last coin.
        prop_assert_eq!(a.verdict.is_win(), nim.ending() == Ending::Misere);
        prop_assert_eq!(a.best, None);
    } else {
        prop_assert_eq!(
            a.verdict.is_win(),
            any_win,
            "position Win iff some move wins"
        );
        let best = a.best.expect("a best move when there are moves");
        prop_assert!(legal.contains(&best));
        if any_win {
            prop_assert!(a.value_of(best).unwrap().verdict.is_win());
        }
    }
    // Distances, when given, follow from the moves' distances.
    if let Some(n) = a.verdict.plies() {
        let plies: Vec<u32> = a
            .moves
            .iter()
            .filter(|m| m.verdict.is_win() == a.verdict.is_win())
            .map(|m| m.verdict.plies().expect("distances for every move or none"))
            .collect();
        let expected = match a.verdict {
            _ if legal.is_empty() => 0,
            Verdict::Win { .. } => *plies.iter().min().unwrap(),
            _ => *plies.iter().max().unwrap(),
        };
        prop_assert_eq!(n, expected);
    } else {
        prop_assert!(a.moves.iter().all(|m| m.verdict.plies().is_none()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_play_never_panics_and_analyses_agree(
        piles in prop::collection::vec(0u8..=99, 1..=8),
        picks in prop::collection::vec(any::<usize>(), 1..64),
        ending in ending(),
    ) {
        let mut nim = Nim::new(piles.clone(), ending);
        let mut step = 0usize;
        let mut analysed = 0usize;
        while nim.outcome().is_none() {
            if cheap_to_analyse(nim.piles()) {
                let a = analyse(&nim);
                check_consistent(&nim, &a)?;
                analysed += 1;
            }
            let moves = nim.legal_moves();
            prop_assert!(!moves.is_empty());
            let m = moves[picks[step % picks.len()] % moves.len()];
            let before = nim.coins_left();
            let mover = nim.to_move();
            nim.play(m).expect("legal_moves are legal");
            prop_assert_eq!(nim.coins_left() + u32::from(m.take), before);
            prop_assert_eq!(nim.to_move(), mover.other());
            step += 1;
        }
        prop_assert!(step as u32 <= piles.iter().map(|&p| u32::from(p)).sum::<u32>());
        let a = analyse(&nim);
        check_consistent(&nim, &a)?;
        // Every game ends in cheap territory, so some positions were analysed.
        prop_assert!(analysed > 0 || step == 0);
    }

    #[test]
    fn undo_with_two_humans_walks_back_one_move_at_a_time(
        piles in prop::collection::vec(0u8..=20, 1..=8),
        picks in prop::collection::vec(any::<usize>(), 0..40),
        ending in ending(),
    ) {
        let start = Nim::new(piles, ending);
        let mut s = Session::new(
            start.clone(),
            [Player::Human, Player::Human],
            ["a".to_string(), "b".to_string()],
            0,
        );
        let mut positions = vec![start.clone()];
        for pick in &picks {
            let moves = s.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            s.play(moves[pick % moves.len()]).expect("legal");
            positions.push(s.position().clone());
            prop_assert_eq!(s.history().len(), positions.len() - 1);
        }
        let n = positions.len() - 1;
        for k in 1..=n {
            prop_assert!(s.undo(), "undo {} of {}", k, n);
            prop_assert_eq!(s.position(), &positions[n - k]);
            prop_assert_eq!(s.history().len(), n - k);
        }
        prop_assert!(!s.undo(), "nothing left to undo");
        prop_assert_eq!(s.position(), &start);
        prop_assert_eq!(s.history().len(), 0);
    }

    #[test]
    fn undo_against_the_ai_returns_to_the_humans_turn(
        piles in prop::collection::vec(0u8..=9, 1..=5),
        picks in prop::collection::vec(any::<usize>(), 1..12),
        ending in ending(),
        ai_first in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let players = if ai_first {
            [Player::Ai(Difficulty::Perfect), Player::Human]
        } else {
            [Player::Human, Player::Ai(Difficulty::Perfect)]
        };
        let human = if ai_first { Seat::Second } else { Seat::First };
        let start = Nim::new(piles, ending);
        let mut s = Session::new(start, players, ["p".to_string(), "q".to_string()], 0);
        let mut ticket = 0u64;
        // Lets the AI move if it is its turn, as the app does: analysis in, then a tick.
        let mut ai_moves = |s: &mut Session<Nim>| -> Result<(), TestCaseError> {
            if s.ai_to_move() {
                ticket += 1;
                s.analysis_requested(ticket);
                let a = analyse(s.position());
                prop_assert!(s.receive_analysis(ticket, a));
                let mv = s.tick(0, &mut rng).expect("the AI moves once its analysis is in");
                s.play(mv).expect("the AI plays legal moves");
            }
            Ok(())
        };
        ai_moves(&mut s)?;
        // Each entry: the position and history length when the human was to move.
        let mut turns: Vec<(Nim, usize)> = Vec::new();
        for pick in &picks {
            if s.is_over() {
                break;
            }
            prop_assert!(s.human_to_move());
            prop_assert_eq!(s.to_move(), human);
            turns.push((s.position().clone(), s.history().len()));
            let moves = s.position().legal_moves();
            s.play(moves[pick % moves.len()]).expect("legal");
            ai_moves(&mut s)?;
        }
        for (position, len) in turns.iter().rev() {
            prop_assert!(s.undo());
            prop_assert_eq!(s.position(), position);
            prop_assert_eq!(s.history().len(), *len);
            prop_assert!(s.human_to_move() || s.is_over());
        }
    }

    #[test]
    fn piles_notation_round_trips(piles in prop::collection::vec(0u8..=99, 1..=8)) {
        let text = format_piles(&piles);
        prop_assert_eq!(parse_piles(&text, EmptyPiles::Allowed).unwrap(), piles.clone());
        let refused = parse_piles(&text, EmptyPiles::Refused);
        if piles.contains(&0) {
            prop_assert!(refused.is_err());
        } else {
            prop_assert_eq!(refused.unwrap(), piles.clone());
        }
        // Spaces around the numbers are tolerated.
        let spaced = piles.iter().map(|p| format!(" {p} ")).collect::<Vec<_>>().join(",");
        prop_assert_eq!(parse_piles(&spaced, EmptyPiles::Allowed).unwrap(), piles.clone());
        prop_assert_eq!(Nim::new(piles.clone(), Ending::Normal).notation(), text);
    }

    #[test]
    fn move_notation_round_trips(pile in 0usize..10_000, take in 1u8..=255) {
        let m = NimMove { pile, take };
        let text = m.to_string();
        prop_assert_eq!(&text, &format!("{}:{}", pile + 1, take));
        prop_assert_eq!(text.parse::<NimMove>().unwrap(), m);
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in any::<String>()) {
        check_parsed(&text)?;
    }

    #[test]
    fn notation_like_text_never_panics_the_parsers(text in "[0-9 ,:+-]{0,40}") {
        check_parsed(&text)?;
    }
}

fn check_parsed(text: &str) -> Result<(), TestCaseError> {
    for empty in [EmptyPiles::Allowed, EmptyPiles::Refused] {
        if let Ok(piles) = parse_piles(text, empty) {
            prop_assert!(
                (1..=MAX_PILES).contains(&piles.len()),
                "{text:?} -> {piles:?}"
            );
            prop_assert!(
                piles.iter().all(|&p| p <= MAX_COINS),
                "{text:?} -> {piles:?}"
            );
            if empty == EmptyPiles::Refused {
                prop_assert!(piles.iter().all(|&p| p >= 1), "{text:?} -> {piles:?}");
            }
            // What was accepted reads back the same once formatted.
            prop_assert_eq!(parse_piles(&format_piles(&piles), empty).unwrap(), piles);
        }
    }
    if let Ok(m) = text.parse::<NimMove>() {
        prop_assert!(m.take >= 1, "{text:?} -> {m:?}");
        prop_assert_eq!(m.to_string().parse::<NimMove>().unwrap(), m);
    }
    Ok(())
}
