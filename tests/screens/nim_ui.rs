//! Nim's and 1-3-5-7's lessons with their keys: every step by the keys it names, the
//! nim-sum step at 80x24 and 120x40, and a lesson's footer.

use parlor::tui::app::Screen;
use parlor::tui::harness::Harness;
use parlor::tui::lesson::StepState;
use ratatui::crossterm::event::KeyCode;

use crate::lessons::{on_menu, open, played_with_keys, state};
use KeyCode::{Char, Down, Enter, Left};

/// Nim's steps: 3,4,5: 2 from the pile of 5; 0,0,4: all 4; 3,4,5: 2 from the pile of 3.
fn nim_keys() -> Vec<Vec<KeyCode>> {
    vec![
        vec![Down, Down, Left, Enter],
        vec![Char('4'), Enter],
        vec![Char('2'), Enter],
    ]
}

#[test]
fn nims_lesson_is_played_with_the_keys_it_names() {
    let mut h = played_with_keys("nim", &nim_keys());
    h.key(Enter);
    assert!(
        matches!(h.app.screen(), Screen::Setup(_)),
        "Enter: back to the setup"
    );
}

/// 1,3,5,7: all 7; 0,0,0,3: 2 of 3; 0,3,5,7: 1 from the 7.
#[test]
fn the_1357_lesson_is_played_with_the_keys_it_names() {
    played_with_keys(
        "1357",
        &[
            vec![Down, Down, Down, Char('7'), Enter],
            vec![Char('2'), Enter],
            vec![Down, Down, Char('1'), Enter],
        ],
    );
}

#[test]
fn the_nim_sum_step_at_80x24_and_120x40() {
    let nim = parlor::arcade::registry().find("nim").expect("nim");
    for (w, hgt) in [(80, 24), (120, 40)] {
        let mut h: Harness = on_menu(None);
        h.resize(w, hgt);
        open(&mut h, nim);
        for keys in &nim_keys()[..2] {
            h.keys(keys).key(Enter);
        }
        insta::assert_snapshot!(format!("lesson_nim_sum_{w}x{hgt}"), h.screen());
    }
}

/// A step that ends the game (Nim's last coin) shows the lesson's panel and footer, not
/// the game's "Game over" box with rematch and review keys that do nothing in a lesson;
/// while a move is awaited the footer names no hint key.
#[test]
fn a_lesson_names_only_the_keys_that_work_in_it() {
    let mut h = on_menu(None);
    open(&mut h, parlor::arcade::registry().find("nim").expect("nim"));
    let footer = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    let playing = footer(&mut h);
    assert!(!playing.contains("hints"), "{playing}");
    assert!(playing.contains("u again"), "{playing}");
    assert!(playing.contains("Esc leave"), "{playing}");
    h.keys(&nim_keys()[0]);
    h.key(Enter);
    h.keys(&nim_keys()[1]); // the last coin: the game ends
    assert_eq!(state(&h), (1, StepState::Passed));
    let screen = h.screen();
    assert!(!screen.contains("Game over ─"), "no box:\n{screen}");
    assert!(!screen.contains("rematch"), "{screen}");
    assert!(footer(&mut h).contains("next step"), "{screen}");
}
