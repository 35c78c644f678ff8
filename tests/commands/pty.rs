//! The real binary in a pseudo-terminal, read back through a vt100 parser: menu, setup,
//! a game against the AI, hints, rules, resizing, key mashing, and a clean exit that
//! leaves the terminal as it was. Config and data live in a temp dir.

use crate::pty_harness as harness;

use harness::*;

#[test]
fn menu_setup_game_hints_and_quit() {
    let mut tui = Tui::start(&[], 100, 30, 0);
    tui.wait_until("the menu with Nim selected", |s| {
        menu_ready(s) && selected_is(s, "Nim")
    });
    tui.send(DOWN);
    tui.wait_until("1-3-5-7 selected, and only it", |s| {
        selected_is(s, "1-3-5-7") && s.matches('▶').count() == 1
    });
    tui.send(UP);
    tui.wait_until("Nim selected again", |s| selected_is(s, "Nim"));

    tui.send(ENTER);
    tui.wait_all(
        &["New game: Nim", "[ Start ]", "First move        you"],
        &[],
    );

    tui.send(ENTER);
    tui.wait_until("the Nim game screen", |s| {
        s.lines().next().unwrap_or("").contains("Nim")
            && ["Prediction", "With perfect play,", "Moves"]
                .iter()
                .all(|t| s.contains(t))
    });

    // 3,4,5 is a first-player win, and you move first (a game a newcomer can win).
    tui.wait_for("Your turn");
    // While the game runs the terminal is in the TUI's state, so the checks after the
    // exit below can tell the difference.
    assert_ne!(
        tui.modes(),
        tui.initial_modes,
        "raw mode is on while the game runs"
    );
    {
        let parser = tui.parser.lock().unwrap();
        let screen = parser.screen();
        assert!(
            screen.alternate_screen(),
            "the game is on the alternate screen"
        );
        assert_ne!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture is on (ui.mouse defaults to true)"
        );
        assert!(screen.hide_cursor(), "the cursor is hidden while drawing");
    }
    tui.send(ENTER);
    // Enter takes the amount under the cursor: 1 from pile 1.
    tui.wait_until("1. You 1:1", |s| row_has(s, "1. You", "1:1"));
    tui.wait_until("the AI's answer", |s| row_has(s, "2. AI", ":"));

    assert!(!tui.screen().contains("count"), "{}", tui.screen());
    tui.send("h");
    // The nim-sum table: a header of powers of two for piles up to 5, and the counts.
    tui.wait_all(&["pile     4  2  1", "count"], &["shows hints"]);
    tui.send("h");
    tui.wait_all(&["shows hints"], &["count"]);

    tui.quit_cleanly();
    // The log went to the sandbox's data directory, never to the screen.
    let log = std::fs::read_to_string(tui.data_home().join("parlor").join("parlor.log"))
        .expect("a log in XDG_DATA_HOME/parlor");
    assert!(log.contains("parlor started"), "{log}");
}

#[test]
fn othello_opens_its_setup_and_esc_comes_back() {
    let mut tui = Tui::start(&[], 100, 30, 0);
    tui.wait_until("the menu", menu_ready);
    tui.send(DOWN);
    tui.send(DOWN);
    tui.send(DOWN);
    tui.wait_until("Othello selected", |s| selected_is(s, "Othello"));
    tui.send(ENTER);
    tui.wait_all(&["New game: Othello", "[ Start ]"], &[]);
    tui.esc();
    let screen = tui.wait_until("back on the menu", menu_ready);
    assert!(selected_is(&screen, "Othello"), "{screen}");
    assert!(!screen.contains("coming soon"), "{screen}");
    // Esc on the menu leaves.
    tui.esc();
    let status = tui.wait_exit();
    assert!(status.success(), "{status:?}");
    tui.assert_restored();
}

#[test]
fn play_opens_straight_into_a_misere_game_at_80x24() {
    let mut tui = Tui::start(
        &[
            "play", "nim", "--piles", "1,3,5,7", "--misere", "--first", "you",
        ],
        80,
        24,
        100,
    );
    // 1,3,5,7 misère is lost for the player to move.
    let screen = tui.wait_all(
        &["Your turn", "misère", "With perfect play,", "the AI wins"],
        &[],
    );
    assert!(!screen.contains("New game"), "no setup screen:\n{screen}");
    tui.quit_cleanly();
}

/// `parlor play --clock` starts a timed game: the clocks on the title row, the side to
/// move's running.
#[test]
fn play_with_a_clock_shows_both_clocks() {
    let mut tui = Tui::start(
        &["play", "nim", "--clock", "2+1", "--mode", "two-players"],
        80,
        24,
        100,
    );
    let screen = tui.wait_until("the clocks", |s| {
        s.lines()
            .next()
            .is_some_and(|title| title.contains("▸1:5") && title.contains(" 2:00"))
    });
    assert!(screen.contains("Player 1's turn"), "{screen}");
    tui.quit_cleanly();
}

#[test]
fn too_small_a_terminal_says_so_and_recovers() {
    let mut tui = Tui::start(&["play", "nim", "--first", "you"], 100, 30, 100);
    tui.wait_for("Your turn");
    tui.resize(40, 10);
    tui.wait_all(&["terminal too small: need", "40 x 10"], &["Prediction"]);
    tui.resize(100, 30);
    tui.wait_all(&["Prediction", "Your turn"], &["too small"]);
    tui.quit_cleanly();
}

#[test]
fn rules_open_with_question_mark_and_close_with_esc() {
    let mut tui = Tui::start(&["play", "nim", "--first", "you"], 100, 30, 100);
    tui.wait_for("Your turn");
    tui.send("?");
    tui.wait_all(&["Rules: Nim"], &[]);
    tui.esc();
    tui.wait_all(&["Your turn"], &["Rules"]);
    assert!(tui.alive(), "Esc closes the rules, not the game");
    tui.quit_cleanly();
}

#[test]
fn mashing_keys_while_the_ai_moves_does_not_crash() {
    let mut tui = Tui::start(
        &["play", "nim", "--piles", "7,9,11,13", "--first", "ai"],
        100,
        30,
        1000,
    );
    tui.wait_until("the AI's turn", |s| {
        s.contains("AI is thinking") || s.contains("1. AI")
    });
    let keys = [DOWN, ENTER, UP, "h", LEFT, RIGHT];
    let mash: String = (0..30).map(|i| keys[i % keys.len()]).collect();
    // Most of this lands while the AI pauses before its first move.
    tui.send(&mash);
    tui.wait_for("1. AI");
    // Now it is the human's turn: Down, Enter plays a move, the rest lands on the AI's turn.
    tui.send(&mash);
    tui.wait_for("2. You");
    tui.send(&mash);
    let screen = tui.wait_until("the game after the mash", |s| {
        s.contains("Prediction") && s.contains("Moves")
    });
    assert!(tui.alive(), "screen:\n{screen}");
    tui.quit_cleanly();
}

#[test]
fn a_whole_winners_and_losers_game_against_the_ai() {
    // LLWWW with you first: take the left L every time and you win.
    let mut tui = Tui::start(
        &["play", "wl", "--string", "LLWWW", "--first", "you"],
        80,
        24,
        0,
    );
    tui.wait_all(&["Winners & Losers", "Projected winner:", "Your turn"], &[]);
    tui.send("h");
    tui.wait_for("Winning: take the left letter.");
    for moves_so_far in [1, 3] {
        tui.send(LEFT);
        // Wait for the AI's answer before the next move.
        tui.wait_for(&format!("{}. AI", moves_so_far + 1));
        tui.wait_for("Your turn");
    }
    tui.send(LEFT);
    let screen = tui.wait_all(&["Game over", "You win!", "a W."], &[]);
    assert!(screen.contains("5. You"), "{screen}");
    // The pyramid of the game, then a rematch on the same string.
    tui.send("p");
    tui.wait_for("Pyramid");
    tui.send("r");
    tui.wait_all(&["Your turn"], &["Game over"]);
    tui.quit_cleanly();
}

/// A square the board marks `*` (a legal one), by its name ("c4"): the columns are
/// read from the letters above the board, the rows from the numbers at its left.
fn marked_square(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let header = lines
        .iter()
        .find(|l| l.contains("a    b    c"))
        .unwrap_or_else(|| panic!("no column letters:\n{screen}"));
    let columns: Vec<(usize, char)> = header
        .chars()
        .enumerate()
        .filter(|(_, c)| ('a'..='h').contains(c))
        .collect();
    for line in &lines {
        let chars: Vec<char> = line.chars().collect();
        let Some(row) = chars
            .iter()
            .take(12)
            .find(|c| ('1'..='8').contains(c))
            .copied()
        else {
            continue;
        };
        if let Some(x) = chars.iter().position(|&c| c == '*') {
            let (_, letter) = columns
                .iter()
                .min_by_key(|(at, _)| at.abs_diff(x))
                .copied()
                .unwrap_or((0, 'a'));
            return format!("{letter}{row}");
        }
    }
    panic!("no square marked *:\n{screen}");
}

#[test]
fn othello_against_benedict_for_a_few_moves() {
    let mut tui = Tui::start(
        &["play", "othello", "--level", "benedict", "--color", "black"],
        100,
        30,
        0,
    );
    tui.wait_all(&["Othello", "Your turn (Black)", "Discs"], &[]);
    // The cursor starts on d3, a legal opening: Enter plays it.
    tui.send(ENTER);
    tui.wait_for("2. AI");
    tui.wait_for("Your turn (Black)");
    // After the AI's reply the cursor stays on d3, now taken: an Enter pressed by
    // reflex plays nothing and says why.
    tui.send(ENTER);
    tui.wait_for("d3 is taken");
    // A legal square (marked `*`) typed by its name plays there.
    for turn in 1..5 {
        let square = marked_square(&tui.screen());
        tui.send(&square);
        tui.wait_for(&format!("{}. AI", 2 * turn + 2));
        tui.wait_for("Your turn (Black)");
    }
    tui.send("h");
    tui.wait_for("With best play:");
    // Move the cursor to d4, a centre square that is never empty: refused with a message.
    for _ in 0..7 {
        tui.send(UP);
        tui.send(LEFT);
    }
    for _ in 0..3 {
        tui.send(DOWN);
        tui.send(RIGHT);
    }
    tui.send(ENTER);
    tui.wait_for("d4 is taken");
    tui.send("u");
    tui.wait_all(&["Your turn (Black)", "8. AI"], &["10. AI"]);
    tui.quit_cleanly();
}

/// A malformed or incomplete escape sequence (as a fuzzer or a flaky terminal sends)
/// must not hold back the redraw after a resize.
#[test]
fn a_resize_redraws_even_after_a_broken_escape_sequence() {
    let mut tui = Tui::start(&["play", "nim", "--first", "you"], 100, 30, 100);
    tui.wait_for("Your turn");
    for broken in ["\x1b[<999;5;5M", "\x1b[1;2"] {
        tui.send(broken);
        tui.resize(40, 10);
        tui.wait_all(&["terminal too small: need", "40 x 10"], &["Prediction"]);
        tui.resize(100, 30);
        tui.wait_all(&["Prediction"], &["too small"]);
    }
    // What is left of the broken sequence may swallow a key: end with a signal.
    tui.signal("TERM");
    tui.wait_exit();
    tui.assert_restored();
}
