//! Chopsticks rules: move generation on hand-worked positions (hits, reviving and emptying
//! splits, the forbidden same-pair and swap splits, both variants), notation round trips
//! and errors, the draw rules, and undo through a session.

use parlor::game::chopsticks::{
    Chopsticks, ChopsticksMove, DrawReason, Hand, Hands, MOVE_FORMAT, Variant,
};
use parlor::game::{Game, Outcome, RuleError, Seat};
use parlor::session::{Player, Session};

const STANDARD: Variant = Variant::STANDARD;
const NO_EMPTY: Variant = Variant {
    rollover: false,
    empty_splits: false,
};
const ROLLOVER: Variant = Variant {
    rollover: true,
    empty_splits: true,
};

fn game(text: &str, variant: Variant) -> Chopsticks {
    Chopsticks::parse(text, variant, None).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(text: &str, variant: Variant) -> Vec<String> {
    game(text, variant)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn mv(text: &str) -> ChopsticksMove {
    text.parse()
        .unwrap_or_else(|e: RuleError| panic!("{text}: {e}"))
}

/// The position after `m`, in notation (seen from the next player to move).
fn after(text: &str, m: &str, variant: Variant) -> String {
    game(text, variant)
        .after(mv(m))
        .unwrap_or_else(|e| panic!("{text} {m}: {e}"))
        .notation()
}

#[test]
fn the_start_offers_four_hits_and_two_emptying_splits() {
    assert_eq!(
        moves("1,1/1,1", STANDARD),
        [
            "hit:l:l",
            "hit:l:r",
            "hit:r:l",
            "hit:r:r",
            "split:0,2",
            "split:2,0"
        ]
    );
    // Without emptying splits, 1,1 has no split at all: 2,0 and 0,2 empty a hand.
    assert_eq!(
        moves("1,1/1,1", NO_EMPTY),
        ["hit:l:l", "hit:l:r", "hit:r:l", "hit:r:r"]
    );
}

#[test]
fn a_dead_hand_neither_hits_nor_is_hit() {
    // My right is dead; their left is dead.
    assert_eq!(
        moves("3,0/0,2", STANDARD),
        ["hit:l:r", "split:1,2", "split:2,1"]
    );
    let g = game("3,0/0,2", STANDARD);
    let e = g.after(mv("hit:r:r")).unwrap_err().to_string();
    assert!(e.contains("your right hand is dead"), "{e}");
    let e = g.after(mv("hit:l:l")).unwrap_err().to_string();
    assert!(e.contains("their left hand is already dead"), "{e}");
}

#[test]
fn reviving_splits_bring_a_dead_hand_back() {
    // 3,0: 1,2 and 2,1 revive the right hand; 0,3 only swaps; 3,0 keeps.
    assert_eq!(moves("3,0/1,1", STANDARD)[2..], ["split:1,2", "split:2,1"]);
    assert_eq!(moves("3,0/1,1", NO_EMPTY)[2..], ["split:1,2", "split:2,1"]);
    assert_eq!(after("3,0/1,1", "split:1,2", STANDARD), "1,1/1,2");
    // 0,4: revive to 1,3, 2,2 or 3,1; 4,0 is a swap.
    assert_eq!(
        moves("0,4/2,2", STANDARD)[2..],
        ["split:1,3", "split:2,2", "split:3,1"]
    );
}

#[test]
fn emptying_splits_depend_on_the_variant() {
    assert_eq!(
        moves("2,2/1,1", STANDARD)[4..],
        ["split:0,4", "split:1,3", "split:3,1", "split:4,0"]
    );
    assert_eq!(moves("2,2/1,1", NO_EMPTY)[4..], ["split:1,3", "split:3,1"]);
    let e = game("2,2/1,1", NO_EMPTY)
        .after(mv("split:4,0"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("may not empty a hand"), "{e}");
}

#[test]
fn a_split_must_change_the_hands_not_keep_or_swap_them() {
    // 2,1: 1,2 swaps, 2,1 keeps; only the emptying splits remain.
    assert_eq!(moves("2,1/1,1", STANDARD)[4..], ["split:0,3", "split:3,0"]);
    assert_eq!(moves("2,1/1,1", NO_EMPTY).len(), 4, "hits only");
    for (m, why) in [
        ("split:1,2", "not keep or swap"),
        ("split:2,1", "not keep or swap"),
        ("split:2,2", "keeps your 3 fingers"),
    ] {
        let e = game("2,1/1,1", STANDARD)
            .after(mv(m))
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{m}: {e}");
    }
    // 1,0 can only swap; 4,4 and 4,3 cannot move a finger either way.
    for hands in ["1,0/1,1", "0,1/1,1", "4,4/1,1", "4,3/1,1", "3,4/1,1"] {
        assert!(
            !moves(hands, STANDARD)
                .iter()
                .any(|m| m.starts_with("split")),
            "{hands}: {:?}",
            moves(hands, STANDARD)
        );
    }
    // 3,3 has 2,4 and 4,2; 4,2 has 2,4 swapped (no) and 3,3.
    assert_eq!(moves("3,3/1,1", STANDARD)[4..], ["split:2,4", "split:4,2"]);
    assert_eq!(moves("4,2/1,1", STANDARD)[4..], ["split:3,3"]);
}

#[test]
fn hits_add_and_kill_at_five_or_wrap_in_rollover() {
    // 2 + 3 = 5 and 4 + 3 = 7: dead in standard.
    assert_eq!(after("3,0/2,4", "hit:l:l", STANDARD), "0,4/3,0");
    assert_eq!(after("3,0/2,4", "hit:l:r", STANDARD), "2,0/3,0");
    // Rollover: 5 is dead, 7 wraps to 2.
    assert_eq!(after("3,0/2,4", "hit:l:l", ROLLOVER), "0,4/3,0");
    assert_eq!(after("3,0/2,4", "hit:l:r", ROLLOVER), "2,2/3,0");
    // A hit under five just adds; the hitting hand keeps its count.
    assert_eq!(after("1,2/1,1", "hit:r:l", STANDARD), "3,1/1,2");
    assert_eq!(STANDARD.hit(4, 4), 0);
    assert_eq!(ROLLOVER.hit(4, 4), 3);
    assert_eq!(ROLLOVER.hit(1, 4), 0);
}

#[test]
fn killing_the_last_live_hand_wins() {
    let mut g = game("1,0/0,4", STANDARD);
    assert_eq!(g.outcome(), None);
    g.play(mv("hit:l:r")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::First)));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv("hit:l:l")), Err(RuleError::GameOver));
    // A position whose mover has no live hand is already lost.
    assert_eq!(
        game("0,0/1,3", STANDARD).outcome(),
        Some(Outcome::Win(Seat::Second))
    );
}

#[test]
fn illegal_moves_leave_the_game_alone() {
    let mut g = game("2,1/1,1", STANDARD);
    let before = g.clone();
    for m in ["split:1,2", "split:4,4", "hit:l:l"] {
        let m = mv(m);
        if g.legal_moves().contains(&m) {
            continue;
        }
        assert!(g.play(m).is_err());
        assert_eq!(g, before);
    }
    let mut g = game("0,3/0,1", STANDARD);
    assert!(g.play(mv("hit:l:r")).is_err());
    assert_eq!(g, game("0,3/0,1", STANDARD));
}

#[test]
fn every_listed_move_plays_and_every_other_is_refused() {
    let all: Vec<ChopsticksMove> = Hand::BOTH
        .iter()
        .flat_map(|&from| Hand::BOTH.map(|to| ChopsticksMove::Hit { from, to }))
        .chain(
            (0..=4)
                .flat_map(|left| (0..=4).map(move |right| ChopsticksMove::Split { left, right })),
        )
        .collect();
    for variant in Variant::ALL {
        for hands in Hands::all().filter(|h| h.is_valid()) {
            let g = Chopsticks::from_hands(hands, variant, None).unwrap();
            let legal = g.legal_moves();
            for &m in &all {
                assert_eq!(
                    g.after(m).is_ok(),
                    legal.contains(&m),
                    "{hands} {m} {variant:?}"
                );
            }
        }
    }
}

#[test]
fn position_notation_round_trips_for_every_position() {
    for hands in Hands::all().filter(|h| h.is_valid()) {
        assert_eq!(Hands::parse(&hands.notation()).unwrap(), hands);
    }
    assert_eq!(
        Hands::parse(" 3 , 0 / 0,4 ").unwrap(),
        Hands {
            mine: [3, 0],
            theirs: [0, 4]
        }
    );
}

#[test]
fn bad_positions_say_what_is_accepted() {
    for (bad, why) in [
        ("", "no position"),
        ("1,1", "no '/'"),
        ("1,1/1", "not two counts"),
        ("1/1,1", "not two counts"),
        ("5,1/1,1", "'5' is not a count of 0-4"),
        ("1,1/1,-1", "'-1' is not a count of 0-4"),
        ("a,1/1,1", "'a'"),
        ("1,1/1,1/1,1", "'1/1,1'"),
        ("1,1/0,0", "both dead"),
        ("1.5,1/1,1", "'1.5'"),
    ] {
        let e = Hands::parse(bad).unwrap_err().to_string();
        assert!(
            e.contains("expected MY_LEFT,MY_RIGHT/THEIR_LEFT,THEIR_RIGHT"),
            "{bad}: {e}"
        );
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn move_notation_round_trips_and_reads_words() {
    for variant in Variant::ALL {
        for hands in Hands::all().filter(|h| h.is_valid()) {
            for m in hands.moves(variant) {
                assert_eq!(m.to_string().parse::<ChopsticksMove>().unwrap(), m);
            }
        }
    }
    assert_eq!(
        mv(" HIT:Left:right "),
        ChopsticksMove::Hit {
            from: Hand::Left,
            to: Hand::Right
        }
    );
    assert_eq!(
        mv("split: 2 , 0"),
        ChopsticksMove::Split { left: 2, right: 0 }
    );
}

#[test]
fn bad_moves_say_what_is_accepted() {
    for bad in [
        "",
        "hit",
        "hit:l",
        "hit:x:r",
        "hit:l:r:l",
        "split",
        "split:2",
        "split:5,0",
        "split:a,b",
        "split:-1,3",
        "jump:l:r",
        "l:r",
    ] {
        let e = bad.parse::<ChopsticksMove>().unwrap_err().to_string();
        assert!(e.contains(MOVE_FORMAT), "{bad}: {e}");
    }
}

/// Splits that go round: 1,1 → 0,2 → 1,1 for each player, back to the start in 4 moves.
const CYCLE: [&str; 4] = ["split:0,2", "split:0,2", "split:1,1", "split:1,1"];

#[test]
fn a_third_repetition_draws() {
    let mut g = Chopsticks::new(STANDARD, None);
    for m in CYCLE {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.notation(), "1,1/1,1");
    assert_eq!(g.to_move(), Seat::First);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for (i, m) in CYCLE.iter().enumerate() {
        assert_eq!(g.outcome(), None, "after {i} more moves");
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.draw_reason(), Some(DrawReason::Repetition));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv("hit:l:l")), Err(RuleError::GameOver));
}

#[test]
fn the_move_cap_draws_unless_the_last_move_wins() {
    let mut g = Chopsticks::new(STANDARD, Some(4));
    for m in CYCLE {
        assert_eq!(g.outcome(), None);
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.plies_left(), Some(0));
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert_eq!(g.draw_reason(), Some(DrawReason::MoveCap));
    // A win on the last move allowed is still a win.
    let mut g = Chopsticks::parse("1,0/0,4", STANDARD, Some(1)).unwrap();
    g.play(mv("hit:l:r")).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::First)));
    assert_eq!(g.draw_reason(), None);
}

#[test]
fn undo_restores_the_repetition_count_exactly() {
    let players = [Player::Human, Player::Human];
    let names = ["A".to_string(), "B".to_string()];
    let mut s = Session::new(Chopsticks::new(STANDARD, Some(100)), players, names, 0);
    for m in CYCLE.iter().chain(&CYCLE) {
        s.play(mv(m)).unwrap();
    }
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    assert!(s.undo());
    assert_eq!(s.outcome(), None);
    // Back on the position after move 3, seen twice now.
    assert_eq!(s.position().repetitions(), 2);
    assert_eq!(s.position().plies(), 7);
    assert_eq!(s.position().notation(), "0,2/1,1");
    // Playing something else avoids the draw; playing the same move again draws again.
    s.play(mv("hit:r:l")).unwrap();
    assert_eq!(s.outcome(), None);
    assert!(s.undo());
    s.play(mv(CYCLE[3])).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Draw));
    // All the way back: the very start, as new.
    while s.undo() {}
    assert_eq!(s.position(), &Chopsticks::new(STANDARD, Some(100)));
}

#[test]
fn hands_are_reported_per_seat() {
    let mut g = Chopsticks::new(STANDARD, None);
    g.play(mv("hit:l:l")).unwrap();
    assert_eq!(g.to_move(), Seat::Second);
    assert_eq!(g.hands_of(Seat::First), [1, 1]);
    assert_eq!(g.hands_of(Seat::Second), [2, 1]);
    assert_eq!(g.notation(), "2,1/1,1");
}

#[test]
fn mirrored_positions_have_mirrored_moves() {
    for variant in Variant::ALL {
        for hands in Hands::all().filter(|h| h.is_valid()) {
            let mirror = hands.mirrored(true, true);
            let mut a: Vec<String> = hands
                .moves(variant)
                .into_iter()
                .map(|m| {
                    hands
                        .after(m, variant)
                        .unwrap()
                        .mirrored(true, true)
                        .notation()
                })
                .collect();
            let mut b: Vec<String> = mirror
                .moves(variant)
                .into_iter()
                .map(|m| mirror.after(m, variant).unwrap().notation())
                .collect();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{hands} {variant:?}");
        }
    }
}
