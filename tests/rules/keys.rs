//! Keys as data: a key remapped in `[keys]` does the action, the old key no longer
//! does, and the footers and the help name the new key.

use parlor::config::{Config, FirstMover};
use parlor::games::wl::options::WlSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::event::AppEvent;
use parlor::tui::harness::Harness;
use parlor::tui::help::Help;
use parlor::ui::keys::Keys;
use ratatui::crossterm::event::KeyCode;

fn wl_game(config: &Config) -> Harness {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, config);
    s.options_mut::<WlSetup>().expect("wl options").letters = "WLLWLW".into();
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    Harness::new(
        &parlor::arcade::registry(),
        config.clone(),
        Start::Game(s),
        80,
        24,
    )
}

fn footer(screen: &str) -> &str {
    screen.lines().last().unwrap_or("")
}

#[test]
fn remapped_keys_act_and_every_text_names_them() {
    let mut config = Config::default();
    config.keys.hints = "w".into();
    config.keys.games.insert("pyramid".into(), "y".into());
    config.keys.help = "!".into();
    let mut h = wl_game(&config);
    let screen = h.screen();
    assert!(footer(&screen).contains("w hints"), "{screen}");
    assert!(footer(&screen).contains("y pyramid"), "{screen}");
    assert!(!footer(&screen).contains("h hints"), "{screen}");

    // The old pyramid key is now just a letter; the new one opens the pyramid.
    let before = h.screen();
    h.key(KeyCode::Char('p'));
    assert_eq!(h.screen(), before, "p should do nothing any more");
    h.key(KeyCode::Char('y'));
    assert_ne!(h.screen(), before, "y should open the pyramid");

    // The rules name the keys as bound.
    h.key(KeyCode::Char('!'));
    let overlay = h.screen();
    assert!(overlay.contains("Rules: Winners & Losers"), "{overlay}");
    let keys = Keys::new(&config.keys, &parlor::arcade::registry().own_keys());
    for game in parlor::arcade::registry().all() {
        let rules = parlor::tui::help::rules(game, &keys);
        assert!(rules.contains("w      hints"), "{game}: {rules}");
        assert!(rules.contains("!      help"), "{game}: {rules}");
        assert!(
            !rules.contains('{'),
            "{game}: a placeholder was left: {rules}"
        );
    }
    let wl = parlor::tui::help::rules(parlor::games::wl::ID, &keys);
    assert!(
        wl.contains("y      show or hide the AND/OR pyramid"),
        "{wl}"
    );
    let nim = parlor::tui::help::rules(parlor::games::nim::ID, &keys);
    assert!(
        !nim.contains("pyramid"),
        "another game's key in Nim's rules: {nim}"
    );
    let general = Help::general(&keys);
    assert_ne!(general, Help::general(&Keys::default()));
}

#[test]
fn the_default_footers_agree_on_esc_and_new_game() {
    let mut h = wl_game(&Config::default());
    let screen = h.screen();
    assert!(footer(&screen).contains("Esc menu"), "{screen}");
    assert!(footer(&screen).contains("n new"), "{screen}");
}

#[test]
fn q_quits_from_the_help_overlay() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.key(KeyCode::Char('?'));
    assert!(h.screen().contains("Help"));
    assert!(!h.app.should_quit());
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn a_config_names_a_bad_game_key_and_its_line() {
    let path = std::path::Path::new("/tmp/keys.toml");
    let e = Config::parse_checked("[keys]\nhints = \"h\"\nteleport = \"t\"\n", path, &|c| {
        parlor::arcade::registry().check_config(c)
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("keys.teleport"), "{e}");
    assert!(e.contains("pyramid"), "the accepted names are listed: {e}");
    let e = Config::parse_checked("[keys]\n\npyramid = \"h\"\n", path, &|c| {
        parlor::arcade::registry().check_config(c)
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("already bound"), "{e}");
    assert!(e.contains("line 3") && e.contains("keys.pyramid"), "{e}");
    let e = Config::parse_checked("[keys]\nsplits = 5\n", path, &|c| {
        parlor::arcade::registry().check_config(c)
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("line 2"), "{e}");
    // Two games' own keys may share a character.
    assert!(
        Config::parse_checked("[keys]\nsplits = \"p\"\n", path, &|c| {
            parlor::arcade::registry().check_config(c)
        })
        .is_ok()
    );
}

#[test]
fn the_help_scrolls_by_pages_and_the_wheel_but_never_past_its_end() {
    use ratatui::crossterm::event::{KeyModifiers, MouseEvent, MouseEventKind};
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.key(KeyCode::Char('?'));
    let top = h.screen();
    assert!(top.contains("PgDn"), "{top}");
    h.key(KeyCode::PageDown);
    let page = h.screen();
    assert_ne!(page, top, "PgDn moves");
    for _ in 0..50 {
        h.key(KeyCode::PageDown);
    }
    let end = h.screen();
    h.key(KeyCode::Down);
    assert_eq!(h.screen(), end, "no scrolling past the end");
    assert!(!end.contains("more ↓"), "{end}");
    // The last window is full: its last text row is not blank.
    let rows: Vec<&str> = end.lines().collect();
    let last_inside = rows
        .iter()
        .rev()
        .skip_while(|r| !r.contains('╰'))
        .nth(1)
        .expect("a row above the bottom border");
    assert!(
        !last_inside
            .trim_matches(|c: char| c == '│' || c.is_whitespace())
            .is_empty(),
        "blank rows at the end:\n{end}"
    );
    h.key(KeyCode::PageUp);
    assert_ne!(h.screen(), end);
    for _ in 0..50 {
        h.key(KeyCode::PageUp);
    }
    assert_eq!(h.screen(), top);
    let wheel = |kind| {
        AppEvent::Mouse(MouseEvent {
            kind,
            column: 10,
            row: 10,
            modifiers: KeyModifiers::NONE,
        })
    };
    h.app.update(wheel(MouseEventKind::ScrollDown));
    assert_ne!(h.screen(), top, "the wheel scrolls");
    h.app.update(wheel(MouseEventKind::ScrollUp));
    assert_eq!(h.screen(), top);
}

#[test]
fn an_unknown_key_name_is_reported_at_its_own_line() {
    let path = std::path::Path::new("/tmp/keys.toml");
    let e = Config::parse_checked("[keys]\nhints = \"h\"\n\nteleport = \"t\"\n", path, &|c| {
        parlor::arcade::registry().check_config(c)
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("line 4"), "{e}");
    assert!(e.contains("keys.teleport"), "{e}");
}
