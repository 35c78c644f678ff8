//! What the lessons claim, against the solvers: every step's check agrees with the
//! solver on every legal move of a strategy step, and each sentence about who wins,
//! how fast, or what a move does holds.

use parlor::game::chopsticks::{Chopsticks, ChopsticksMove, Hands, Variant};
use parlor::game::nim::{Ending, Nim, NimMove};
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::pnut::{Pnut, PnutMove};
use parlor::game::wl::{Wl, WlMove, parse_letters};
use parlor::game::{Game, Outcome, Seat};
use parlor::plugin::lesson::Lesson;
use parlor::solve::analysis::Verdict;

fn lesson(name: &str) -> Lesson {
    parlor::arcade::registry()
        .find(name)
        .and_then(|g| g.kind().lesson())
        .expect("the game has a lesson")
}

/// Every legal move from `start`, with the position text after it (and after a forced
/// reply, as the board plays it).
fn moves_from<G: Game>(start: &G) -> Vec<(G::Move, G)> {
    start
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = start.clone();
            next.play(mv).expect("legal");
            while next.forced() && next.outcome().is_none() {
                let only = next.legal_moves()[0];
                next.play(only).expect("the forced move");
            }
            (mv, next)
        })
        .collect()
}

/// Checks that step `index` of `name`'s lesson passes exactly the moves `wanted` says.
fn step_passes_exactly<G: Game>(
    name: &str,
    index: usize,
    start: &G,
    wanted: impl Fn(&G::Move, &G) -> bool,
) {
    let lesson = lesson(name);
    let step = &lesson.steps[index];
    assert_eq!(
        step.position.trim().is_empty(),
        start.position_text().is_empty()
    );
    for (mv, after) in moves_from(start) {
        assert_eq!(
            step.passed(&after.position_text()),
            wanted(&mv, &after),
            "{name} step {}: {mv}",
            index + 1
        );
    }
}

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

fn othello(text: &str) -> Othello {
    Othello::read(text).expect("a position")
}

fn square(name: &str) -> OthelloMove {
    name.parse().expect("a square")
}

#[test]
fn othello_the_positions_do_what_the_lesson_says() {
    use parlor::games::othello::lesson::{PASS, START, TWO_WAYS, directions};
    assert_eq!(othello(START), Othello::new());
    // Two moves: c5 flips down and across, e3 one line only.
    let two = othello(TWO_WAYS);
    assert_eq!(two.legal_moves(), vec![square("e3"), square("c5")]);
    assert_eq!(directions(&two, square("c5")), 2);
    assert_eq!(directions(&two, square("e3")), 1);
    step_passes_exactly("othello", 1, &two, |mv, _| *mv == square("c5"));
    // d7 leaves White no move (a pass, and Black plays again); c5 does not.
    let pass = othello(PASS);
    assert_eq!(pass.legal_moves(), vec![square("c5"), square("d7")]);
    let after = pass.after(square("d7")).expect("legal");
    assert!(after.forced() && after.outcome().is_none());
    assert!(!pass.after(square("c5")).expect("legal").forced());
    step_passes_exactly("othello", 2, &pass, |mv, _| *mv == square("d7"));
}

#[test]
fn othello_benedicts_corner_is_the_solvers_best_move() {
    use parlor::games::othello::lesson::CORNER;
    use parlor::solve::othello::benedict::DISC_TABLE;
    // "scores a corner at 50 and the squares beside an empty corner below 0".
    for (r, f) in [(0, 0), (0, 7), (7, 0), (7, 7)] {
        assert_eq!(DISC_TABLE[r][f], 50);
        let (r1, f1) = (if r == 0 { 1 } else { 6 }, if f == 0 { 1 } else { 6 });
        assert!(DISC_TABLE[r][f1] < 0 && DISC_TABLE[r1][f] < 0 && DISC_TABLE[r1][f1] < 0);
    }
    let board = othello(CORNER);
    assert_eq!(board.to_move(), Seat::First);
    let corners: Vec<_> = board
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.square()
                .is_some_and(|s| parlor::game::othello::CORNERS & s.bit() != 0)
        })
        .collect();
    assert_eq!(corners, vec![square("h1")], "one corner to take");
    // "h1 wins by 24 discs with perfect play, and every other move here loses."
    for mv in board.legal_moves() {
        let after = board.after(mv).expect("legal");
        let black = -parlor::solve::othello::solve(&after, 16)
            .expect("not over")
            .score;
        if mv == square("h1") {
            assert_eq!(black, 24);
        } else {
            assert!(black < 0, "{mv}: {black}");
        }
    }
    step_passes_exactly("othello", 3, &board, |mv, _| *mv == square("h1"));
}

fn pnut(text: &str) -> Pnut {
    let rules = parlor::games::pnut::lesson::rules().expect("the lesson's rules");
    Pnut::parse(rules, text).expect("a string")
}

/// Whether the mover wins, by plain negamax (a second opinion beside the solver).
fn pnut_wins(game: &Pnut) -> bool {
    game.legal_moves().iter().any(|m| {
        let mut next = game.clone();
        next.play(*m).expect("legal");
        !pnut_wins(&next)
    })
}

#[test]
fn pnut_the_repeat_the_trap_and_the_win_hold() {
    use parlor::games::pnut::lesson::mover_wins;
    // "a would make aba again": refused; b is allowed.
    let repeat = pnut("abab");
    assert!(!repeat.is_legal('a') && repeat.is_legal('b'));
    // a traps the opponent (they have no symbol left), b does not.
    let trap = pnut("babaabb");
    step_passes_exactly("pnut", 2, &trap, |mv, after| {
        assert_eq!(after.legal_moves().is_empty(), *mv == PnutMove('a'));
        *mv == PnutMove('a')
    });
    // "One of your two symbols here wins against any defence": a, by the solver and by
    // negamax; after baba the opponent has one symbol.
    let start = pnut("bab");
    assert_eq!(start.legal_moves().len(), 2);
    assert_eq!(mover_wins(&start), Some(true));
    step_passes_exactly("pnut", 3, &start, |mv, after| {
        let lost = mover_wins(after) == Some(false);
        assert_eq!(lost, !pnut_wins(after));
        assert_eq!(lost, *mv == PnutMove('a'));
        lost
    });
    assert_eq!(pnut("baba").legal_moves().len(), 1);
}

fn wl(text: &str) -> Wl {
    Wl::new(parse_letters(text).expect("letters"))
}

#[test]
fn wl_the_last_letter_and_the_pyramid_agree_with_the_solver() {
    use parlor::solve::wl::{mover_wins, pyramid};
    // "Leave them the L": the only win from LW.
    step_passes_exactly("wl", 2, &wl("LW"), |mv, after| {
        assert_eq!(!mover_wins(after.remaining()), *mv == WlMove::Right);
        *mv == WlMove::Right
    });
    // "With 5 letters you will take the last one": the mover takes letters 1, 3, 5.
    assert!(mover_wins(&parse_letters("WWWLL").expect("letters")));
    let top = |text: &str| {
        let rows = pyramid(&parse_letters(text).expect("letters"));
        rows.last().expect("a row")[0]
    };
    // "WWWL shows a W", "WWLL shows an L", and the right end is the only win.
    assert!(top("WWWL"));
    assert!(!top("WWLL"));
    step_passes_exactly("wl", 3, &wl("WWWLL"), |mv, after| {
        assert_eq!(!mover_wins(after.remaining()), *mv == WlMove::Right);
        *mv == WlMove::Right
    });
    step_passes_exactly("wl", 0, &wl("WLLW"), |mv, _| *mv == WlMove::Left);
    step_passes_exactly("wl", 1, &wl("LLWW"), |mv, _| *mv == WlMove::Right);
}

#[test]
fn every_lesson_has_three_to_six_steps_whose_positions_the_game_reads() {
    use parlor::config::Config;
    for game in parlor::arcade::registry().all() {
        let lesson = game.kind().lesson().expect("every game has a lesson");
        assert!((3..=6).contains(&lesson.steps.len()), "{game:?}");
        for step in &lesson.steps {
            let mut setup = parlor::plugin::GameSetup::from_config(game, &Config::default());
            (lesson.configure)(&mut setup);
            setup.position = Some(step.position.to_string());
            if !step.position.is_empty() {
                game.kind()
                    .check_position(&setup)
                    .expect("a position the game reads");
            }
        }
    }
}
