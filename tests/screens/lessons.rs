//! The lessons, played through the app: every step's intended move passes and the
//! lesson ends remembered in the data directory (across a restart too), a wrong move
//! gets the retry line, and a lesson step at 80x24.

use parlor::config::Config;
use parlor::plugin::GameId;
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use parlor::tui::lesson::StepState;
use ratatui::crossterm::event::KeyCode;

use KeyCode::{Char, Down, Enter, Left, Right, Up};

/// Opens `game`'s lesson from the menu: its entry, then the Lesson row under Start.
fn open(h: &mut Harness, game: GameId) {
    let index = parlor::arcade::registry()
        .all()
        .position(|g| g == game)
        .expect("a game");
    for _ in 0..index {
        h.key(Down);
    }
    h.keys(&[Enter, Down, Enter]);
}

/// The lesson's step (0-based) and state.
fn state(h: &Harness) -> (usize, StepState) {
    match h.app.screen() {
        Screen::Lesson(l) => (l.step().0, l.state()),
        _ => panic!("not in a lesson"),
    }
}

fn game(name: &str) -> GameId {
    parlor::arcade::registry().find(name).expect("a game")
}

/// The keys of each step's intended move, per game.
fn intended(name: &str) -> Vec<Vec<KeyCode>> {
    match name {
        // 3,4,5: 2 from the pile of 5; 0,0,4: all 4; 3,4,5: 2 from the pile of 3.
        "nim" => vec![
            vec![Down, Down, Left, Enter],
            vec![Char('4'), Enter],
            vec![Char('2'), Enter],
        ],
        // 1,3,5,7: all 7; 0,0,0,3: 2 of 3; 0,3,5,7: 1 from the 7.
        "1357" => vec![
            vec![Down, Down, Down, Char('7'), Enter],
            vec![Char('2'), Enter],
            vec![Down, Down, Char('1'), Enter],
        ],
        // A hit (left on left); the split 1,3; 2 on their 3; the split 1,1.
        "chopsticks" => vec![
            vec![Enter, Enter],
            vec![Char('s'), Enter],
            vec![Enter, Enter],
            vec![Char('s'), Enter],
        ],
        // The cursor starts on the legal square nearest d3: d3 itself; e3, to c5; c5,
        // to d7; b1, to h1.
        "othello" => vec![
            vec![Enter],
            vec![Left, Left, Down, Down, Enter],
            vec![Right, Down, Down, Enter],
            vec![Right, Right, Right, Right, Right, Right, Enter],
        ],
        // Any symbol; the refused a, then b; the trap a; the win a.
        "pnut" => vec![
            vec![Char('a')],
            vec![Char('a'), Char('b')],
            vec![Char('a')],
            vec![Char('a')],
        ],
        "wl" => vec![vec![Left], vec![Right], vec![Right], vec![Char('p'), Right]],
        other => panic!("no keys for {other}"),
    }
}

#[test]
fn every_lesson_is_played_to_its_end_and_remembered() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for id in parlor::arcade::registry().all() {
        let mut h = Harness::with_store(
            &parlor::arcade::registry(),
            Config::default(),
            Start::Menu,
            80,
            24,
            dir.path(),
        );
        open(&mut h, id);
        let steps = intended(id.cli_name());
        for (i, keys) in steps.iter().enumerate() {
            assert_eq!(state(&h), (i, StepState::Playing), "{id:?} step {}", i + 1);
            h.keys(keys);
            let screen = h.screen();
            let expected = if i + 1 == steps.len() {
                StepState::Finished
            } else {
                StepState::Passed
            };
            assert_eq!(state(&h), (i, expected), "{id:?} step {}:\n{screen}", i + 1);
            h.key(Enter);
        }
        // Enter after the last step: back to the setup, which says the lesson is done.
        assert!(matches!(h.app.screen(), Screen::Setup(_)), "{id:?}");
        assert!(h.screen().contains("lesson done ✓"), "{id:?}");
    }
    let kept = std::fs::read_to_string(dir.path().join("lessons.json")).expect("lessons.json");
    for id in parlor::arcade::registry().all() {
        assert!(kept.contains(&format!("\"{}\"", id.cli_name())), "{kept}");
    }
}

#[test]
fn a_finished_lesson_is_remembered_across_a_restart() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
        dir.path(),
    );
    let pointer = "New to Winners & Losers? Its setup has a lesson";
    open(&mut h, game("wl"));
    h.key(KeyCode::Esc).key(KeyCode::Esc);
    assert!(
        h.screen().contains(pointer),
        "the menu points to the lesson"
    );
    h.keys(&[Enter, Down, Enter]);
    for keys in intended("wl") {
        h.keys(&keys).key(Enter);
    }
    drop(h);
    let mut again = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
        dir.path(),
    );
    let wl = parlor::arcade::registry()
        .all()
        .position(|g| g == game("wl"))
        .expect("W&L");
    for _ in 0..wl {
        again.key(Down);
    }
    assert!(
        !again.screen().contains(pointer),
        "no pointer once it is done"
    );
    again.key(Enter);
    assert!(again.screen().contains("[ Lesson ]  lesson done ✓"));
    // Another game's lesson is still new.
    again.key(KeyCode::Esc).key(Up);
    assert!(again.screen().contains("New to Pnut-Butta?"));
}

#[test]
fn a_wrong_move_gets_the_retry_line_and_u_starts_the_step_again() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("wl"));
    h.key(Right);
    assert_eq!(state(&h), (0, StepState::Missed));
    assert!(
        h.screen().contains("That was the right end"),
        "{}",
        h.screen()
    );
    h.key(Char('u'));
    assert_eq!(state(&h), (0, StepState::Playing));
    assert!(h.screen().contains("W L L W"));

    // Chopsticks: a hit that kills nothing, where a kill was asked.
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("chopsticks"));
    for keys in &intended("chopsticks")[..2] {
        h.keys(keys).key(Enter);
    }
    h.keys(&[Enter, Right, Enter]);
    assert_eq!(state(&h), (2, StepState::Missed));
    assert!(h.screen().contains("No hand reached 5"), "{}", h.screen());
}

#[test]
fn a_forbidden_repeat_is_refused_on_the_board_and_the_step_waits() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("pnut"));
    h.keys(&[Char('a'), Enter, Char('a')]);
    assert_eq!(state(&h), (1, StepState::Playing));
    insta::assert_snapshot!("lesson_pnut_refused_80x24", h.screen());
}

#[test]
fn the_othello_pass_step_at_80x24() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("othello"));
    for keys in &intended("othello")[..2] {
        h.keys(keys).key(Enter);
    }
    // The cursor starts on c5, the nearest legal square, which does not make White
    // pass: said, then taken back.
    h.key(Enter);
    assert_eq!(state(&h), (2, StepState::Missed));
    assert!(
        h.screen().contains("White still has a move"),
        "{}",
        h.screen()
    );
    h.key(Char('u'));
    h.keys(&intended("othello")[2]);
    assert_eq!(state(&h), (2, StepState::Passed));
    insta::assert_snapshot!("lesson_othello_pass_80x24", h.screen());
}

#[test]
fn the_nim_sum_step_at_80x24_and_120x40() {
    for (w, hgt) in [(80, 24), (120, 40)] {
        let mut h = Harness::new(
            &parlor::arcade::registry(),
            Config::default(),
            Start::Menu,
            w,
            hgt,
        );
        open(&mut h, game("nim"));
        for keys in &intended("nim")[..2] {
            h.keys(keys).key(Enter);
        }
        insta::assert_snapshot!(format!("lesson_nim_sum_{w}x{hgt}"), h.screen());
    }
}

#[test]
fn the_wl_pyramid_step_at_80x24() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("wl"));
    for keys in &intended("wl")[..3] {
        h.keys(keys).key(Enter);
    }
    h.key(Char('p'));
    insta::assert_snapshot!("lesson_wl_pyramid_80x24", h.screen());
}

/// A step that ends the game (Nim's last coin) shows the lesson's panel and footer, not
/// the game's "Game over" box with rematch and review keys that do nothing in a lesson;
/// while a move is awaited the footer names no hint key.
#[test]
fn a_lesson_names_only_the_keys_that_work_in_it() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    open(&mut h, game("nim"));
    let footer = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    let playing = footer(&mut h);
    assert!(!playing.contains("hints"), "{playing}");
    assert!(playing.contains("u again"), "{playing}");
    assert!(playing.contains("Esc leave"), "{playing}");
    h.keys(&intended("nim")[0]);
    h.key(Enter);
    h.keys(&intended("nim")[1]); // the last coin: the game ends
    assert_eq!(state(&h), (1, StepState::Passed));
    let screen = h.screen();
    assert!(!screen.contains("Game over ─"), "no box:\n{screen}");
    assert!(!screen.contains("rematch"), "{screen}");
    assert!(footer(&mut h).contains("next step"), "{screen}");
}

/// The menu's pointer to a lesson fits 80 columns whole, for the longest game name.
#[test]
fn the_lesson_pointer_fits_80_columns() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    for _ in 0..parlor::arcade::registry().all().count() {
        let screen = h.screen();
        if let Some(line) = screen.lines().find(|l| l.starts_with("New to")) {
            assert!(line.trim_end().ends_with("board."), "cut: {line}");
        }
        h.key(Down);
    }
}
