//! The key flows where a player could lose something, in the real binary in a
//! pseudo-terminal: a saved game survives starting the same game again, Enter in the
//! leave box keeps the game, and undo gets past a pass.

use crate::pty_harness as pty;
use parlor::game::Game;
use parlor::game::othello::{Othello, OthelloMove};
use rand::{RngExt, SeedableRng};

/// The saved files under the sandbox's data directory.
fn saves(tui: &pty::Tui) -> Vec<String> {
    std::fs::read_dir(tui.data_home().join("parlor/saves"))
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".json"))
                .collect()
        })
        .unwrap_or_default()
}

/// Nim 9,7,5 for two players in the real binary, one move played and saved.
fn nim_with_one_move_saved() -> pty::Tui {
    let mut tui = pty::Tui::start(
        &["play", "nim", "--piles", "9,7,5", "--mode", "two-players"],
        100,
        24,
        0,
    );
    tui.wait_for("Player 1");
    tui.send(pty::ENTER);
    tui.wait_until("the first move, saved", |s| {
        pty::row_has(s, "1. Player 1", ":") && s.contains("✓ saved")
    });
    tui
}

#[test]
fn enter_keeps_the_game_and_a_new_game_of_it_keeps_the_save() {
    let mut tui = nim_with_one_move_saved();
    // Esc asks; Enter, the reflex key, keeps the game and goes to the menu.
    tui.esc();
    tui.wait_for("Leave the game?");
    tui.send(pty::ENTER);
    tui.wait_until("the menu offering the game", |s| {
        pty::selected_is(s, "↻ Resume Nim (piles 9,7,5) · move 2")
    });
    let first = saves(&tui);
    assert_eq!(first.len(), 1);
    // Nim again from its own entry, not Resume: a second game, the first kept.
    tui.send(pty::DOWN);
    tui.wait_until("Nim selected", |s| pty::selected_is(s, "Nim"));
    tui.send(pty::ENTER);
    tui.wait_for("Start");
    tui.send(pty::ENTER);
    tui.wait_for("Moves");
    tui.quit_cleanly();
    let mut again = tui.start_again(&[], 100, 24, 0);
    let menu = again.wait_for("Resume Nim (piles 9,7,5) · move 2");
    assert!(
        saves(&again).contains(&first[0]),
        "{:?}\n{menu}",
        saves(&again)
    );
    again.quit_cleanly();
}

/// `q` in the middle of a kept game leaves at once; the ordinary screen then says the
/// game is kept and how to go on, so quitting does not look like losing it.
#[test]
fn quitting_mid_game_says_the_game_is_kept() {
    let mut tui = nim_with_one_move_saved();
    tui.quit_cleanly();
    let screen = tui.screen();
    assert!(
        screen.contains("Your Nim game is kept at move 2: run parlor and choose \"Resume\""),
        "{screen}"
    );
    // Nothing is said when no game was going on.
    let mut again = tui.start_again(&[], 100, 24, 0);
    again.wait_for("Resume Nim (piles 9,7,5) · move 2");
    again.quit_cleanly();
    assert!(
        !again.screen().contains("is kept at move"),
        "{}",
        again.screen()
    );
}

/// A position where White is to move and has a square after which Black must pass
/// (the game going on), and that square.
fn white_move_that_makes_black_pass() -> (Othello, u32) {
    let mut rng = parlor::seeds::GameRng::seed_from_u64(11);
    loop {
        let mut game = Othello::default();
        while game.outcome().is_none() && !game.forced() {
            if game.to_move() == parlor::game::Seat::Second {
                for mv in game.legal_moves() {
                    let mut next = game;
                    next.play(mv).expect("legal");
                    if let (true, OthelloMove::Play(sq)) = (next.forced(), mv) {
                        return (game, sq.index());
                    }
                }
            }
            let legal = game.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            game.play(mv).expect("legal");
        }
    }
}

#[test]
fn undo_gets_past_a_pass() {
    let (position, square) = white_move_that_makes_black_pass();
    let text = position.position_text();
    let mut tui = pty::Tui::start(
        &[
            "play",
            "othello",
            "--mode",
            "two-players",
            "--position",
            &text,
        ],
        80,
        24,
        0,
    );
    tui.wait_for("White");
    // The cursor starts on d3 (file 3, rank 3): walk it to the square and play it.
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let mut keys = String::new();
    for _ in 0..(file - 3).abs() {
        keys.push_str(if file > 3 { pty::RIGHT } else { pty::LEFT });
    }
    for _ in 0..(rank - 2).abs() {
        keys.push_str(if rank > 2 { pty::DOWN } else { pty::UP });
    }
    tui.send(&keys);
    tui.send(pty::ENTER);
    let passed = tui.wait_for("Black has no move and passes.");
    assert!(passed.contains("2. "), "two moves listed:\n{passed}");
    tui.send("u");
    let undone = tui.wait_until("the pass and White's move taken back", |s| {
        !s.contains("passes.") && !s.contains("1. ")
    });
    assert!(!undone.contains("2. "), "{undone}");
    // Redo plays White's move and the pass again.
    tui.send("U");
    tui.wait_for("2. ");
    tui.quit_cleanly();
}

/// The spoiler switch in the real binary: `e` hides the prediction, and the next start
/// of the same game keeps it hidden.
#[test]
fn the_spoiler_switch_is_kept_between_runs() {
    let mut tui = pty::Tui::start(&["play", "nim", "--piles", "3,4,5"], 80, 24, 0);
    tui.wait_all(&["With perfect play,", "Your turn"], &[]);
    tui.send("e");
    tui.wait_all(&["Prediction hidden."], &["With perfect play,"]);
    tui.quit_cleanly();
    let mut again = tui.start_again(&["play", "nim", "--piles", "3,4,5"], 80, 24, 0);
    again.wait_for("Your turn");
    // `parlor play` starts from the command line's setup; the switch is the game's own.
    again.wait_all(&["Prediction hidden."], &["With perfect play,"]);
    again.quit_cleanly();
}
