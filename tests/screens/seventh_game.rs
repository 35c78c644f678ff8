//! A seventh game added through the plug-in API alone (`tests/common/fake_game.rs`,
//! "Ten") runs through the shared suites of the app: it is on the menu, its setup
//! opens, a match plays against the AI, it is saved and offered back, resumed where it
//! stood, its help shows its rules, its finished game is reviewed and counted in the
//! statistics. A registry of Ten alone is an arcade of one game.

use parlor::config::Config;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

use crate::fake_game::{self, registry_with_ten, ten_alone};

fn config() -> Config {
    let mut config = Config::default();
    config.ui.ai_delay_ms = 0;
    config
}

/// The menu entry of Ten: after the real games.
fn open_ten_setup(h: &mut Harness) {
    for _ in 0..parlor::arcade::registry().all().len() {
        h.key(KeyCode::Down);
    }
    h.key(KeyCode::Enter);
}

/// Starts a match of Ten from the menu (the setup's Start row is its first choice
/// Enter takes once the cursor is there).
fn start_ten(h: &mut Harness) {
    open_ten_setup(h);
    assert!(
        h.screen().contains("Ten"),
        "the setup of Ten:\n{}",
        h.screen()
    );
    // Enter starts from anywhere on the setup except a row that takes it.
    for _ in 0..10 {
        if h.screen().contains("count 0 of 10") {
            return;
        }
        h.key(KeyCode::Enter);
    }
    panic!("Ten did not start:\n{}", h.screen());
}

#[test]
fn the_fake_game_is_right() {
    fake_game::check_the_fake();
}

#[test]
fn a_seventh_game_is_on_the_menu_and_plays_against_the_ai() {
    let mut h = Harness::new(&registry_with_ten(), config(), Start::Menu, 80, 24);
    let menu = h.screen();
    assert!(menu.contains("Ten"), "{menu}");
    assert!(menu.contains("whoever reaches 10 wins"), "{menu}");
    start_ten(&mut h);
    // You move first: add 1; the perfect AI answers at once (no AI delay).
    h.key(KeyCode::Char('1'));
    h.ticks(5);
    let screen = h.screen();
    assert!(
        screen.contains("count 2 of 10") || screen.contains("count 3 of 10"),
        "after +1 and the AI's reply:\n{screen}"
    );
}

#[test]
fn a_seventh_game_shows_its_rules_in_the_help() {
    let mut h = Harness::new(&registry_with_ten(), config(), Start::Menu, 80, 24);
    start_ten(&mut h);
    h.key(KeyCode::Char('?'));
    let help = h.screen();
    assert!(help.contains("Whoever reaches 10 wins"), "{help}");
}

/// The shared save suite's round trip (random play, some undone, saved, resumed) on Ten.
#[test]
fn a_seventh_game_survives_the_shared_save_and_resume_round_trip() {
    let games = registry_with_ten();
    let ten = games.find("ten").expect("Ten");
    for seed in 0..12 {
        for mode in [
            parlor::matchup::Mode::VsAi,
            parlor::matchup::Mode::TwoPlayers,
        ] {
            crate::saves::round_trip(&games, ten, mode, seed, (seed as usize) % 9, 2);
        }
    }
}

#[test]
fn a_seventh_game_is_saved_and_resumed_where_it_stood() {
    let data = tempfile::tempdir().expect("temp dir");
    let games = registry_with_ten();
    {
        let mut h = Harness::with_store(&games, config(), Start::Menu, 80, 24, data.path());
        start_ten(&mut h);
        h.key(KeyCode::Char('2'));
        h.ticks(5);
        let screen = h.screen();
        assert!(
            screen.contains("count 3 of 10") || screen.contains("count 4 of 10"),
            "{screen}"
        );
        // Leave: the leave box keeps the game on Enter.
        h.key(KeyCode::Char('q'));
        h.key(KeyCode::Enter);
    }
    let mut h = Harness::with_store(&games, config(), Start::Menu, 80, 24, data.path());
    let menu = h.screen();
    assert!(menu.contains("Resume Ten · move 3"), "{menu}");
    h.key(KeyCode::Enter);
    let resumed = h.screen();
    assert!(
        resumed.contains("count 3 of 10") || resumed.contains("count 4 of 10"),
        "{resumed}"
    );
    // Without Ten in the registry the save is not offered, and not lost either.
    let mut without = Harness::with_store(
        &parlor::arcade::registry(),
        config(),
        Start::Menu,
        80,
        24,
        data.path(),
    );
    assert!(!without.screen().contains("Resume Ten"));
    let again = Harness::with_store(&games, config(), Start::Menu, 80, 24, data.path())
        .screen()
        .contains("Resume Ten");
    assert!(
        again,
        "the save of a game this arcade does not offer is kept"
    );
}

#[test]
fn a_seventh_game_is_reviewed_and_counted_in_the_statistics() {
    let data = tempfile::tempdir().expect("temp dir");
    let games = registry_with_ten();
    let mut h = Harness::with_store(&games, config(), Start::Menu, 80, 24, data.path());
    start_ten(&mut h);
    // Play the winning line: 1, then make the count 4, 7, 10 whatever the AI adds.
    for _ in 0..4 {
        let screen = h.screen();
        let Some(count) = (0..=10)
            .rev()
            .find(|c| screen.contains(&format!("count {c} of 10")))
        else {
            panic!("no count:\n{screen}");
        };
        if count >= 10 {
            break;
        }
        let add = match count % 3 {
            0 => '1',
            2 => '2',
            _ => '1',
        };
        h.key(KeyCode::Char(add));
        h.ticks(5);
    }
    let over = h.screen();
    assert!(over.contains("count 10 of 10"), "{over}");
    // The review of the finished game, from its game-over box.
    h.key(KeyCode::Char('v'));
    let review = h.screen();
    assert!(review.contains("Review"), "{review}");
    // The history counts it under Ten.
    let history = parlor::store::Store::open(data.path().to_path_buf()).history();
    let stats = games.statistics(&history);
    let ten = stats
        .iter()
        .find(|g| g.game == "ten")
        .expect("Ten in the statistics");
    assert_eq!(ten.name, "Ten");
}

#[test]
fn an_arcade_of_one_game_offers_only_that_game() {
    let mut h = Harness::new(&ten_alone(), config(), Start::Menu, 80, 24);
    let menu = h.screen();
    assert!(menu.contains("Ten"), "{menu}");
    for other in ["Nim", "Othello", "Chopsticks"] {
        assert!(
            !menu.contains(other),
            "{other} on a menu of Ten alone:\n{menu}"
        );
    }
    h.key(KeyCode::Enter);
    assert!(h.screen().contains("Ten"), "{}", h.screen());
}
