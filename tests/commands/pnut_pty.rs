//! Pnut-Butta in the real binary, in a pseudo-terminal: a game against the AI with hints,
//! and the hard mode, where writing a repeated substring loses at once and the screen
//! says where it was before. Config and data live in a temp dir.

use crate::pty_harness as harness;

use harness::*;

#[test]
fn hard_mode_loses_on_an_illegal_symbol() {
    let mut tui = Tui::start(
        &[
            "play",
            "pnut",
            "--symbols",
            "01",
            "--length",
            "2",
            "--mode",
            "two-players",
            "--no-assist",
        ],
        80,
        24,
        0,
    );
    tui.wait_all(&["Pnut-Butta", "hard mode", "Substrings"], &["Game over"]);
    tui.send("0");
    tui.wait_for("1. Player 1");
    tui.send("0");
    tui.wait_for("2. Player 2");
    // 000 repeats 00: nothing stops the symbol, and Player 1 loses on the spot.
    tui.send("0");
    let screen = tui.wait_all(
        &[
            "Player 2 wins!",
            "00 was already at 1",
            "✗ illegal",
            "Game over",
        ],
        &[],
    );
    assert!(screen.contains("3. Player 1"), "{screen}");
    // Undo takes the losing symbol back.
    tui.send("u");
    tui.wait_all(&["Substrings"], &["Game over", "✗ illegal"]);
    tui.quit_cleanly();
}

#[test]
fn a_game_against_the_ai_following_the_hints() {
    let mut tui = Tui::start(
        &[
            "play",
            "pnut",
            "--symbols",
            "012",
            "--length",
            "3",
            "--first",
            "you",
        ],
        100,
        30,
        0,
    );
    tui.wait_all(&["Pnut-Butta", "Your turn", "0 of 27 used"], &[]);
    tui.send("h");
    // From the empty string every first symbol wins for you, in 19 plies.
    tui.wait_all(&["With perfect play,", "you win", "win in 19"], &[]);
    for turn in 0..3 {
        // Play the hinted best symbol once it is proven to win (earlier reports star
        // the best guess of a shallower search).
        let screen = tui.wait_until("a starred proven win", |s| {
            s.lines().any(|l| l.contains('★') && l.contains("win in"))
        });
        let symbol = star_symbol(&screen);
        tui.send(&symbol.to_string());
        tui.wait_for(&format!("{}. AI", 2 * turn + 2));
        tui.wait_for("Your turn");
    }
    // Following the hints keeps the win.
    tui.wait_all(&["With perfect play,", "you win"], &[]);
    tui.quit_cleanly();
}

/// The symbol after the ★ in the hint panel.
fn star_symbol(screen: &str) -> char {
    screen
        .lines()
        .find_map(|l| {
            let after = l.split('★').nth(1)?;
            after.trim_start().chars().next()
        })
        .unwrap_or_else(|| panic!("no starred symbol:\n{screen}"))
}
