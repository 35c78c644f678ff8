//! Chopsticks in the real binary, in a pseudo-terminal read back through a vt100 parser:
//! from the menu and from `parlor play`, keys, the split chooser, hints, mouse clicks on
//! the hands, and a clean exit that leaves the terminal as it was. Config and data live
//! in a temp dir.

use crate::pty_harness as harness;

use harness::*;

/// The 0-based (column, row) of `text` on the first or last row holding it.
fn cell_of(screen: &str, text: &str, last: bool) -> (u16, u16) {
    let mut rows = screen.lines().enumerate().filter(|(_, l)| l.contains(text));
    let found = if last { rows.last() } else { rows.next() };
    let (row, line) = found.unwrap_or_else(|| panic!("{text:?} not on screen:\n{screen}"));
    let byte = line.find(text).unwrap_or(0);
    (line[..byte].chars().count() as u16, row as u16)
}

/// A left click at a 0-based cell, as an xterm SGR mouse report (press, then release).
fn click(column: u16, row: u16) -> String {
    let (x, y) = (column + 1, row + 1);
    format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m")
}

#[test]
fn from_the_menu_into_a_game() {
    let mut tui = Tui::start(&[], 100, 30, 0);
    tui.wait_until("the menu", |s| {
        s.contains("Chopsticks") && selected_is(s, "Nim")
    });
    tui.send(DOWN);
    tui.send(DOWN);
    tui.wait_until("Chopsticks selected", |s| selected_is(s, "Chopsticks"));
    tui.send(ENTER);
    tui.wait_all(
        &[
            "New game: Chopsticks",
            "Rollover",
            "Emptying splits",
            "Move cap",
            "[ Start ]",
        ],
        &[],
    );
    tui.send(ENTER);
    tui.wait_all(
        &[
            "Chopsticks ·",
            "With perfect play:",
            // The first player loses, so the AI moves first: you can win.
            "1. AI",
            "you win in 25 moves",
            "Your turn",
        ],
        &["New game"],
    );
    tui.quit_cleanly();
}

#[test]
fn play_keys_splits_hints_and_a_clean_exit() {
    let mut tui = Tui::start(&["play", "chopsticks", "--first", "you"], 100, 30, 0);
    tui.wait_all(&["Your turn", "the AI wins in 26 moves", "▶ left 1"], &[]);
    // While the game runs the terminal is in the TUI's state.
    assert_ne!(
        tui.modes(),
        tui.initial_modes,
        "raw mode is on while the game runs"
    );
    // Your left hits their right.
    tui.send(ENTER);
    tui.wait_for("left hits which?");
    tui.send(RIGHT);
    tui.wait_for("▶ right 1");
    tui.send(ENTER);
    tui.wait_until("1. You hit:l:r", |s| row_has(s, "1. You", "hit:l:r"));
    tui.wait_until("the AI's answer", |s| row_has(s, "2. AI", ":"));
    tui.wait_all(&["(was ", "AI: "], &[]);
    // The split chooser opens with s and closes with Esc, staying in the game.
    tui.wait_for("Your turn");
    tui.send("s");
    tui.wait_for("Split your fingers");
    tui.esc();
    tui.wait_all(&["Your turn"], &["Split your fingers"]);
    assert!(tui.alive(), "Esc closed the chooser, not the game");
    // Hints list every move with its value.
    tui.send("h");
    tui.wait_all(&["★ ", "loss in"], &["lists every move"]);
    tui.send("h");
    tui.wait_all(&["lists every move"], &["★ "]);
    tui.quit_cleanly();
}

#[test]
fn mouse_clicks_pick_a_hand_and_hit() {
    let mut tui = Tui::start(
        &["play", "chopsticks", "--first", "you", "--rollover"],
        100,
        30,
        0,
    );
    let screen = tui.wait_all(&["Your turn", "rollover", "draw"], &[]);
    // Your right hand's label is on the lower row, the AI's left on the upper.
    let (x, y) = cell_of(&screen, "right 1", true);
    tui.send(&click(x + 2, y));
    tui.wait_for("right hits which?");
    let (x, y) = cell_of(&screen, "left 1", false);
    tui.send(&click(x + 1, y));
    tui.wait_until("1. You hit:r:l", |s| row_has(s, "1. You", "hit:r:l"));
    tui.wait_until("the AI's answer", |s| row_has(s, "2. AI", ":"));
    tui.quit_cleanly();
}

#[test]
fn the_rules_open_and_close_over_the_game() {
    let mut tui = Tui::start(&["play", "chopsticks", "--first", "you"], 80, 24, 100);
    tui.wait_for("Your turn");
    tui.send("?");
    tui.wait_all(&["Rules: Chopsticks", "Split: move fingers"], &[]);
    tui.esc();
    tui.wait_all(&["Your turn"], &["Rules"]);
    assert!(tui.alive());
    tui.quit_cleanly();
}
