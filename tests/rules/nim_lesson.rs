//! What Nim's and 1-3-5-7's lessons claim, against the solver.

use crate::lessons::{moves_from, step_passes_exactly};
use parlor::game::nim::{Ending, Nim, NimMove};
use parlor::game::{Game, Outcome, Seat};

fn nim(piles: &[u8], ending: Ending) -> Nim {
    Nim::new(piles.to_vec(), ending)
}

#[test]
fn nim_the_nim_sum_step_agrees_with_the_solver() {
    use parlor::solve::nim::{mover_wins, nim_sum};
    let start = nim(&[3, 4, 5], Ending::Normal);
    // "3, 4 and 5 give 011 ^ 100 ^ 101 = 010"; "1 ^ 4 ^ 5 = 0".
    assert_eq!(nim_sum(&[3, 4, 5]), 0b010);
    assert_eq!(nim_sum(&[1, 4, 5]), 0);
    assert!(mover_wins(&[3, 4, 5], Ending::Normal));
    // The check passes exactly the moves that leave the opponent lost, and that is one
    // move: the pile of 3 made a 1. Every other leaves a nim-sum that is not 0, from
    // which the opponent wins ("your opponent can win from here").
    step_passes_exactly("nim", 2, &start, |_, after| {
        !mover_wins(after.piles(), Ending::Normal)
    });
    let winning: Vec<NimMove> = moves_from(&start)
        .into_iter()
        .filter(|(_, after)| !mover_wins(after.piles(), Ending::Normal))
        .map(|(mv, _)| mv)
        .collect();
    assert_eq!(winning, vec![NimMove { pile: 0, take: 2 }]);
    for (_, after) in moves_from(&start) {
        assert_eq!(
            nim_sum(after.piles()) == 0,
            !mover_wins(after.piles(), Ending::Normal)
        );
    }
    // Taking the last coin wins: the game is over, won by the one who took it.
    let mut last = nim(&[0, 0, 4], Ending::Normal);
    last.play(NimMove { pile: 2, take: 4 }).expect("legal");
    assert_eq!(last.outcome(), Some(Outcome::Win(Seat::First)));
}

#[test]
fn sugar_packets_the_winning_sets_are_lost_for_the_player_to_move() {
    use parlor::games::sugar_packets::lesson::WINNING_SETS;
    use parlor::solve::nim::mover_wins;
    for set in WINNING_SETS {
        assert!(!mover_wins(set, Ending::Misere), "{set:?}");
    }
    // "two equal rows of 2 or more" (1-1 is a win for the player to move).
    for n in 2..=7 {
        assert!(!mover_wins(&[n, n], Ending::Misere), "{n},{n}");
    }
    assert!(mover_wins(&[1, 1], Ending::Misere));
    // "1-3-5-7 itself is one: the second player wins."
    assert!(!mover_wins(&[1, 3, 5, 7], Ending::Misere));
    // From 0,3,5,7 the winning moves, 3-5-6 among them ("3-5-6 is in reach").
    let start = nim(&[0, 3, 5, 7], Ending::Misere);
    step_passes_exactly("1357", 2, &start, |_, after| {
        !mover_wins(after.piles(), Ending::Misere)
    });
    let winning: Vec<Vec<u8>> = moves_from(&start)
        .into_iter()
        .filter(|(_, after)| !mover_wins(after.piles(), Ending::Misere))
        .map(|(_, after)| after.piles().to_vec())
        .collect();
    // "Three moves do it here": 3-5-6, 2-5-7 and 3-4-7, each a named set.
    assert_eq!(winning.len(), 3, "{winning:?}");
    for after in &winning {
        let mut rows: Vec<u8> = after.iter().copied().filter(|&n| n > 0).collect();
        rows.sort_unstable();
        assert!(WINNING_SETS.contains(&rows.as_slice()), "{rows:?} is named");
    }
    // The rule stated: nim-sum 0 while a row of 2 or more is left, else an odd number
    // of single packets; checked against the solver on every position up to 1,3,5,7.
    for a in 0..=1u8 {
        for b in 0..=3u8 {
            for c in 0..=5u8 {
                for d in 0..=7u8 {
                    let rows = [a, b, c, d];
                    let big = rows.iter().any(|&n| n >= 2);
                    let lost = if big {
                        rows.iter().fold(0, |x, &n| x ^ n) == 0
                    } else {
                        rows.iter().filter(|&&n| n == 1).count() % 2 == 1
                    };
                    assert_eq!(!mover_wins(&rows, Ending::Misere), lost, "{rows:?}");
                }
            }
        }
    }
    // Three packets: leaving the last one (taking 2) is the only win.
    let three = nim(&[0, 0, 0, 3], Ending::Misere);
    step_passes_exactly("1357", 1, &three, |mv, _| mv.take == 2);
}
