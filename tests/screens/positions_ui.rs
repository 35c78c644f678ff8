//! Positions on screen: the setup's "From a position" row (typed, refused with the
//! game's message, started from) and the overlay with the position and the moves as
//! text (the transcript key).

use parlor::config::{Config, FirstMover};
use parlor::game::othello::Othello;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn config() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 100;
    c.solver.table_mib = 8;
    c
}

fn type_text(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.key(KeyCode::Char(c));
    }
}

/// The Othello setup with the position row selected (just above Start).
fn othello_setup(w: u16, height: u16) -> Harness {
    // The menu's game, then its setup: Othello is the fourth.
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Menu,
        w,
        height,
    );
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    assert!(matches!(h.app.screen(), Screen::Setup(_)));
    h.key(KeyCode::Up);
    h
}

#[test]
fn the_position_row_takes_any_letter_and_starts_the_game_from_it() {
    let mut h = othello_setup(80, 24);
    let screen = h.screen();
    assert!(screen.contains("From a position"), "{screen}");
    assert!(screen.contains("the usual start"), "{screen}");
    // h, q and x are keys elsewhere (hints, quit, transcript): here they are typed.
    type_text(&mut h, "f5 d6 c3 h");
    h.key(KeyCode::Backspace);
    let screen = h.screen();
    insta::assert_snapshot!("setup_position_80x24", screen);
    h.key(KeyCode::Enter);
    let Screen::Game(game) = h.app.screen() else {
        panic!("the game starts:\n{}", h.screen());
    };
    let after = Othello::read("f5d6c3").expect("legal");
    assert_eq!(game.position_text(), after.notation());
    assert_eq!(game.setup().position.as_deref(), Some("f5 d6 c3 "));
    // The list's moves are the start's, no player's, in the moves panel.
    let screen = h.screen();
    for (n, mv) in [(1, "f5"), (2, "d6"), (3, "c3")] {
        let row = screen
            .lines()
            .find(|l| l.contains(&format!(" {n}. ")))
            .unwrap_or_default();
        assert!(row.contains("start") && row.contains(mv), "{n}:\n{screen}");
    }
}

#[test]
fn a_bad_position_keeps_the_setup_and_says_why() {
    let mut h = othello_setup(80, 24);
    type_text(&mut h, "f5d6a1");
    h.key(KeyCode::Enter);
    assert!(
        matches!(h.app.screen(), Screen::Setup(_)),
        "still the setup"
    );
    let screen = h.screen();
    assert!(
        screen.contains("move 3: black (X) cannot play a1"),
        "the game's message is shown:\n{screen}"
    );
    insta::assert_snapshot!("setup_position_refused_80x24", screen);
    // The next key clears the message; a good position then starts.
    for _ in 0..2 {
        h.key(KeyCode::Backspace);
    }
    type_text(&mut h, "c3");
    assert!(!h.screen().contains("cannot play"));
    h.key(KeyCode::Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)));
}

#[test]
fn every_game_refuses_a_bad_position_on_its_setup() {
    for (index, bad, words) in [
        (0, "3,x", "pile 2 is 'x'"),
        (2, "1,1/1,7", "not a count of 0-4"),
        (4, "01a", "is not one of the symbols"),
        (5, "WLX", "letter 3 is 'X'"),
        // Already over: it would open on a result of no moves and a review of nothing.
        (0, "0,0", "already over"),
        (1, "0,0,0,0", "already over"),
        (2, "0,0/1,1", "already over"),
    ] {
        let mut h = Harness::new(&parlor::arcade::registry(), config(), Start::Menu, 80, 24);
        for _ in 0..index {
            h.key(KeyCode::Down);
        }
        h.key(KeyCode::Enter);
        h.key(KeyCode::Up);
        type_text(&mut h, bad);
        h.key(KeyCode::Enter);
        assert!(matches!(h.app.screen(), Screen::Setup(_)), "{bad}");
        let screen = h.screen();
        assert!(screen.contains(words), "{words:?}:\n{screen}");
    }
}

/// A pasted long position (the row takes up to 200 characters) is refused with a prefix
/// of it and its length, not all of it.
#[test]
fn a_huge_bad_position_is_quoted_short() {
    let mut h = Harness::new(&parlor::arcade::registry(), config(), Start::Menu, 80, 24);
    h.key(KeyCode::Enter);
    h.key(KeyCode::Up);
    let huge = "7".repeat(150);
    type_text(&mut h, &format!("3,{huge}"));
    h.key(KeyCode::Enter);
    assert!(matches!(h.app.screen(), Screen::Setup(_)));
    let screen = h.screen();
    let quoted = format!("pile 2 is '{}…(150 characters)'", "7".repeat(40));
    let Screen::Setup(setup) = h.app.screen() else {
        unreachable!()
    };
    assert!(
        setup.error().is_some_and(|e| e.starts_with(&quoted)),
        "{:?}",
        setup.error()
    );
    assert!(screen.contains("(150 characters)"), "{screen}");
}

#[test]
fn the_transcript_shows_the_position_and_the_moves_as_text() {
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config());
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Game(s),
        80,
        24,
    );
    // Black plays d3 (the cursor's square), white c3 (one to the left).
    h.key(KeyCode::Enter);
    h.keys(&[KeyCode::Left, KeyCode::Enter]);
    let Screen::Game(game) = h.app.screen() else {
        panic!("a game");
    };
    let record = game.record().expect("a record");
    let position = game.position_text();
    assert_eq!(record.moves.len(), 2);
    h.key(KeyCode::Char('x'));
    let screen = h.screen();
    assert!(screen.contains(&position), "{screen}");
    assert!(screen.contains(&record.moves.concat()), "{screen}");
    insta::assert_snapshot!("transcript_othello_80x24", screen);
    // Other keys do nothing while it is open; x closes it.
    h.key(KeyCode::Char('h'));
    assert!(h.screen().contains("2 moves from the start"));
    h.key(KeyCode::Char('x'));
    assert!(!h.screen().contains("moves from the start"));
    h.key(KeyCode::Char('x'));
    h.key(KeyCode::Esc);
    assert!(
        matches!(h.app.screen(), Screen::Game(_)),
        "Esc closes, the game stays"
    );
    for (w, height) in [(120, 40)] {
        h.resize(w, height);
        h.key(KeyCode::Char('x'));
        let screen = h.screen();
        for line in screen.lines() {
            assert!(line.chars().count() < usize::from(w), "cut at {w}: {line}");
        }
        assert!(screen.contains("Esc closes."), "{screen}");
        insta::assert_snapshot!(format!("transcript_othello_{w}x{height}"), screen);
        h.key(KeyCode::Esc);
    }
}

#[test]
fn the_tallest_setup_scrolls_to_the_selected_row_at_the_smallest_size() {
    use parlor::games::nim::options::{NimSetup, PilePreset};
    let mut s = GameSetup::from_config(parlor::games::nim::ID, &config());
    let nim = s.options_mut::<NimSetup>().expect("Nim's options");
    nim.preset = PilePreset::Custom;
    nim.piles = vec![9; 8];
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Game(s),
        80,
        24,
    );
    h.key(KeyCode::Char('n'));
    let screen = h.screen();
    assert!(screen.contains("From a position"), "{screen}");
    assert!(screen.contains("[ Start ]"), "{screen}");
    // The rows scroll back up with the selection.
    for _ in 0..17 {
        h.key(KeyCode::Up);
    }
    let screen = h.screen();
    assert!(screen.contains("◀ you vs the AI ▶"), "{screen}");
}
