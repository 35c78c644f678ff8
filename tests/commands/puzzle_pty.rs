//! The puzzle trainer in the real binary, in a pseudo-terminal (issue 37, point 7): a
//! Nim streak where the first puzzle is solved to the end against the solver's defence
//! and the second is failed; the streak's count, the best streak and the rating are
//! kept, and `parlor puzzle nim --rating` reads them back. The moves are found from the
//! screen by a brute-force Nim search written here, not by the program's solver.

use std::collections::HashMap;

use crate::pty_harness as harness;

use harness::*;

/// The piles on the screen, in order, and the pile the cursor (▶) is on (0-based).
fn piles(screen: &str) -> (Vec<u32>, usize) {
    let mut piles = Vec::new();
    let mut cursor = 0;
    for line in screen.lines() {
        let Some(inner) = line.strip_prefix('│') else {
            continue;
        };
        let board: String = inner.chars().take_while(|&c| c != '│').collect();
        let marked = board.starts_with('▶');
        let words: Vec<&str> = board.trim_start_matches('▶').split_whitespace().collect();
        // A pile's row: its number, its coins drawn, and the count last.
        let (Some(first), Some(last)) = (words.first(), words.last()) else {
            continue;
        };
        let coins = words.len() >= 2
            && words[1..words.len() - 1]
                .iter()
                .all(|w| ["●", "○", "◦", "·"].contains(w));
        if let (Ok(n), Ok(count), true) = (first.parse::<usize>(), last.parse::<u32>(), coins)
            && n == piles.len() + 1
        {
            if marked {
                cursor = piles.len();
            }
            piles.push(count);
        }
    }
    (piles, cursor)
}

/// Whether the player to move wins (`misere`: the last coin loses), by brute force.
fn wins(piles: &mut Vec<u32>, misere: bool, memo: &mut HashMap<(Vec<u32>, bool), bool>) -> bool {
    if piles.iter().all(|&p| p == 0) {
        // The player who took the last coin won (normal) or lost (misère).
        return misere;
    }
    let mut key = piles.clone();
    key.sort_unstable();
    if let Some(&w) = memo.get(&(key.clone(), misere)) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..piles.len() {
        for take in 1..=piles[i] {
            piles[i] -= take;
            let theirs = wins(piles, misere, memo);
            piles[i] += take;
            if !theirs {
                result = true;
                break 'search;
            }
        }
    }
    memo.insert((key, misere), result);
    result
}

/// A move (pile, coins) that wins, or one that loses when `winning` is false.
fn find_move(piles: &[u32], misere: bool, winning: bool) -> (usize, u32) {
    let mut memo = HashMap::new();
    let mut work = piles.to_vec();
    for i in 0..work.len() {
        for take in 1..=work[i] {
            work[i] -= take;
            let theirs = wins(&mut work, misere, &mut memo);
            work[i] += take;
            if theirs != winning {
                return (i, take);
            }
        }
    }
    panic!("no such move from {piles:?} (winning: {winning})");
}

/// Plays (pile, take) with the keys: the cursor to the pile, the count, Enter.
fn play(tui: &mut Tui, cursor: usize, (pile, take): (usize, u32)) {
    let keys = if pile >= cursor {
        DOWN.repeat(pile - cursor)
    } else {
        UP.repeat(cursor - pile)
    };
    tui.send(&keys);
    assert!(take < 10, "one digit");
    tui.send(&take.to_string());
    tui.send(ENTER);
}

/// How many moves the panel lists (`Moves: 1:3 1:1`, each `pile:coins`).
fn moves_listed(screen: &str) -> usize {
    screen
        .split(|c: char| c.is_whitespace() || c == '│')
        .filter(|w| {
            let mut parts = w.split(':');
            matches!(
                (parts.next(), parts.next(), parts.next()),
                (Some(a), Some(b), None)
                    if !a.is_empty() && !b.is_empty()
                        && a.chars().all(|c| c.is_ascii_digit())
                        && b.chars().all(|c| c.is_ascii_digit())
            )
        })
        .count()
}

/// Waits until the trainer wants a move or the puzzle is solved.
fn turn(tui: &mut Tui) -> String {
    tui.wait_until("the player's turn or the solve", |s| {
        s.contains("Your move.") || s.contains("✓ Solved")
    })
}

#[test]
fn a_streak_solves_one_puzzle_misses_the_next_and_keeps_the_count() {
    let mut tui = Tui::start(&["puzzle", "nim", "--streak"], 80, 24, 0);
    let screen = turn(&mut tui);
    assert!(screen.contains("Puzzle streak · 0"), "{screen}");
    // The first puzzle, to the end: each move found by brute force from the screen.
    let mut moves = 0;
    loop {
        let screen = turn(&mut tui);
        if screen.contains("✓ Solved") {
            break;
        }
        let misere = screen.contains("misère");
        let (piles, cursor) = piles(&screen);
        assert!(piles.len() >= 2 || moves > 0, "piles read: {screen}");
        play(&mut tui, cursor, find_move(&piles, misere, true));
        moves += 1;
        assert!(moves < 20, "a puzzle ends: {screen}");
        // The move and the solver's reply are on the panel's list before the next turn.
        tui.wait_until("the move and the reply", |s| {
            s.contains("✓ Solved") || (s.contains("Your move.") && moves_listed(s) == 2 * moves)
        });
    }
    let screen = tui.wait_all(&["✓ Solved", "Puzzle streak · 1"], &["✗"]);
    assert!(screen.contains("Your puzzle rating: "), "{screen}");
    // The second puzzle: a losing move on purpose. Enter goes on once the result has
    // been up a moment (an Enter at once is a reflex meant for the last move, and holds
    // it longer): a pause, then Enter, again until the next puzzle comes (a loaded
    // machine may run the program's clock late).
    for _ in 0..20 {
        std::thread::sleep(std::time::Duration::from_millis(800));
        tui.send(ENTER);
        std::thread::sleep(std::time::Duration::from_millis(400));
        if !tui.screen().contains("✓ Solved") {
            break;
        }
    }
    let screen = tui.wait_all(&["Your move.", "Puzzle streak · 1"], &["✓ Solved"]);
    let misere = screen.contains("misère");
    let (piles, cursor) = piles(&screen);
    play(&mut tui, cursor, find_move(&piles, misere, false));
    let screen = tui.wait_all(&["✗", "lets the opponent win in", "Puzzle streak · 1"], &[]);
    assert!(screen.contains("try again"), "{screen}");
    // The miss ends the streak at one; the best streak is kept.
    tui.send("n");
    let screen = tui.wait_all(&["Streak over: 1 solved", "Best streak: 1"], &[]);
    assert!(screen.contains("new streak"), "{screen}");
    tui.quit_cleanly();

    let mut again = tui.start_again(&["puzzle", "nim", "--rating"], 100, 24, 0);
    let status = again.wait_exit();
    assert!(status.success(), "{}", again.screen());
    let said = again.screen();
    assert!(said.contains("Puzzle rating in Nim:"), "{said}");
    assert!(
        said.contains("2 attempts, 1 solved; best streak 1"),
        "{said}"
    );
    assert!(said.contains("solved") && said.contains("missed"), "{said}");
}
