//! What Chopsticks' lesson claims, against the solver.

use crate::lessons::{moves_from, step_passes_exactly};
use parlor::game::chopsticks::{Chopsticks, ChopsticksMove, Hands, Variant};
use parlor::solve::analysis::Verdict;

fn chopsticks(text: &str) -> Chopsticks {
    Chopsticks::parse(text, Variant::STANDARD, None).expect("a position")
}

#[test]
fn chopsticks_the_start_is_lost_and_only_the_split_hands_it_over() {
    let table = parlor::solve::chopsticks::table(Variant::STANDARD);
    // "The solver knows all 600 positions."
    assert_eq!(Hands::all().filter(|h| h.is_valid()).count(), 600);
    // "the start is lost for the player to move ... you win in at most 26 moves".
    assert_eq!(
        table.verdict(Hands::START),
        Verdict::Loss { plies: Some(26) }
    );
    let start = chopsticks("0,2/1,1");
    for (mv, after) in moves_from(&start) {
        match mv {
            // "a hit loses at once": the opponent wins with their next move.
            ChopsticksMove::Hit { .. } => {
                assert_eq!(
                    table.verdict(after.hands()),
                    Verdict::Win { plies: Some(1) },
                    "{mv}"
                )
            }
            ChopsticksMove::Split { left, right } => {
                assert_eq!((left, right), (1, 1));
                assert_eq!(after.hands(), Hands::START, "the opponent faces the start");
            }
        }
    }
    step_passes_exactly("chopsticks", 3, &start, |_, after| {
        matches!(table.verdict(after.hands()), Verdict::Loss { .. })
    });
    // "A hand that reaches 5 or more fingers dies": 3 + 2 kills, the only kill here.
    assert_eq!(Variant::STANDARD.hit(3, 2), 0);
    assert_eq!(Variant::STANDARD.hit(4, 4), 0);
    step_passes_exactly("chopsticks", 2, &chopsticks("2,1/3,1"), |mv, _| {
        *mv == ChopsticksMove::Hit {
            from: parlor::game::chopsticks::Hand::Left,
            to: parlor::game::chopsticks::Hand::Left,
        }
    });
    // The splits of 4,0 that bring both hands to life are all its splits.
    step_passes_exactly("chopsticks", 1, &chopsticks("4,0/2,1"), |mv, _| {
        matches!(mv, ChopsticksMove::Split { .. })
    });
}
