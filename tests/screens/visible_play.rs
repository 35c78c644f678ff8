//! Visible play (the "Lived in" issue, point 14): what a move changed is animated
//! for a moment (and not at all when animations are off, without colour, or after a
//! key), the terminal bell rings when asked for, and Othello's `*` can be turned off.

use parlor::config::{Config, FirstMover};
use parlor::games::othello::options::OthelloSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::solve::othello::Level;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn config() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 200;
    c.solver.table_mib = 8;
    c
}

/// Othello between two people (nobody answers a move, so only the animation changes
/// the board between ticks).
fn othello_setup(config: &Config) -> GameSetup {
    let mut s = GameSetup::from_config(parlor::games::othello::ID, config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = Level::Beginner;
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    s
}

/// Othello between two people at 80x24, in colour (animations need it).
fn othello_in_colour(config: Config) -> Harness {
    let setup = othello_setup(&config);
    Harness::with_colour(
        &parlor::arcade::registry(),
        config,
        Start::Game(setup),
        80,
        24,
        true,
    )
}

/// The board's part of the screen: its 8 ranks (the lines that start with a rank
/// number), so the panel's own discs are not counted.
fn board_rows(screen: &str) -> String {
    screen
        .lines()
        .filter(|l| {
            let t = l.trim_start_matches([' ', '│']);
            t.chars().next().is_some_and(|c| ('1'..='8').contains(&c))
                && t.chars().nth(1) == Some(' ')
        })
        .map(|l| l.chars().take(45).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Black and white discs and edge-on ones on the board.
fn discs(h: &mut Harness) -> (usize, usize, usize) {
    let board = board_rows(&h.screen());
    (
        board.matches('●').count(),
        board.matches('○').count(),
        board.matches("▐▌").count(),
    )
}

#[test]
fn othellos_flipped_disc_turns_over_in_three_frames() {
    let mut h = othello_in_colour(config());
    assert_eq!(discs(&mut h), (2, 2, 0), "the start");
    // The cursor starts on d3: Black plays it and d4 turns.
    h.key(KeyCode::Enter);
    assert_eq!(discs(&mut h), (3, 2, 0), "d4 still white, d3 placed");
    h.ticks(3); // 150 ms
    assert_eq!(discs(&mut h), (3, 1, 1), "d4 edge-on");
    h.ticks(3); // 300 ms
    assert_eq!(discs(&mut h), (4, 1, 0), "d4 black");
    h.ticks(4);
    assert_eq!(discs(&mut h), (4, 1, 0), "and it stays");
}

#[test]
fn a_key_ends_the_animation_at_once() {
    let mut h = othello_in_colour(config());
    h.key(KeyCode::Enter);
    assert_eq!(discs(&mut h), (3, 2, 0));
    h.key(KeyCode::Right); // moves the cursor, and the board shows what is
    assert_eq!(discs(&mut h), (4, 1, 0));
}

#[test]
fn no_animation_when_off_or_without_colour() {
    let mut off = config();
    off.ui.animations = false;
    let mut h = othello_in_colour(off);
    h.key(KeyCode::Enter);
    assert_eq!(discs(&mut h), (4, 1, 0), "animations = false");

    let config = config();
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config.clone(),
        Start::Game(othello_setup(&config)),
        80,
        24,
    );
    h.key(KeyCode::Enter);
    assert_eq!(discs(&mut h), (4, 1, 0), "NO_COLOR");
}

#[test]
fn othellos_legal_marks_can_be_turned_off() {
    let mut config = config();
    let setup = othello_setup(&config);
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config.clone(),
        Start::Game(setup.clone()),
        80,
        24,
    );
    assert_eq!(board_rows(&h.screen()).matches('*').count(), 4);
    config.set_section_key("othello", "legal_marks", false);
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config,
        Start::Game(setup),
        80,
        24,
    );
    let screen = h.screen();
    assert_eq!(board_rows(&screen).matches('*').count(), 0, "{screen}");
    assert!(
        screen.contains("d3"),
        "the cursor still says where it is:\n{screen}"
    );
}

fn nim(piles: Vec<u8>, mode: Mode, first: FirstMover) -> GameSetup {
    let mut s = GameSetup::from_config(parlor::games::nim::ID, &Config::default());
    s.options_mut::<parlor::games::nim::options::NimSetup>()
        .expect("nim options")
        .piles = piles;
    s.matchup.mode = mode;
    s.matchup.first = first;
    s
}

/// The rows of coins (the lines with a pile number and its count).
fn pile_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.contains('●') || l.contains('○') || l.contains('◦'))
        .map(str::to_string)
        .collect()
}

#[test]
fn nims_coins_leave_the_pile_in_three_frames() {
    let setup = nim(vec![3, 4, 5], Mode::TwoPlayers, FirstMover::You);
    let mut h = Harness::with_colour(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        80,
        24,
        true,
    );
    // Take 2 from the first pile: "2" then Enter.
    h.keys(&[KeyCode::Char('2'), KeyCode::Enter]);
    let first = |h: &mut Harness| pile_rows(&h.screen()).first().cloned().unwrap_or_default();
    let row = first(&mut h);
    assert_eq!(row.matches('●').count(), 3, "still there, lit: {row}");
    h.ticks(3);
    let row = first(&mut h);
    assert_eq!(
        (row.matches('●').count(), row.matches('◦').count()),
        (1, 2),
        "{row}"
    );
    h.ticks(3);
    let row = first(&mut h);
    assert_eq!(
        (row.matches('●').count(), row.matches('○').count()),
        (1, 2),
        "{row}"
    );
}

#[test]
fn the_bell_rings_for_the_ais_move_and_the_end_only_when_asked() {
    let mut config = Config::default();
    config.ui.bell = true;
    // 1,2: the AI (first) leaves 1,1, the person takes one, the AI the last.
    let setup = nim(vec![1, 2], Mode::VsAi, FirstMover::Ai);
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config.clone(),
        Start::Game(setup.clone()),
        80,
        24,
    );
    h.ticks(3);
    assert!(h.app.take_bell(), "the AI moved");
    assert!(!h.app.take_bell(), "once per ring");
    h.key(KeyCode::Enter);
    assert!(!h.app.take_bell(), "a person's own move is quiet");
    h.ticks(3);
    let screen = h.screen();
    assert!(screen.contains("AI wins"), "{screen}");
    assert!(h.app.take_bell(), "the AI's last move and the end");

    config.ui.bell = false;
    let mut quiet = Harness::new(
        &parlor::arcade::registry(),
        config,
        Start::Game(setup),
        80,
        24,
    );
    quiet.ticks(3);
    quiet.key(KeyCode::Enter);
    quiet.ticks(3);
    assert!(!quiet.app.take_bell(), "bell = false");
}

/// The hands' picture rows (the board's rows above the status lines), as text.
fn hand_rows(screen: &str) -> String {
    screen.lines().take(16).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_chopsticks_hand_that_dies_is_drawn_alive_for_a_frame_then_dead() {
    let start = |animations: bool| {
        let mut config = Config::default();
        config.ui.animations = animations;
        let mut s = GameSetup::from_config(parlor::games::chopsticks::ID, &config);
        // Your left (1) hits their left (4): 5, dead.
        s.position = Some("1,1/4,1".into());
        s.matchup.mode = Mode::TwoPlayers;
        s.matchup.first = FirstMover::You;
        Harness::with_colour(
            &parlor::arcade::registry(),
            config,
            Start::Game(s),
            80,
            24,
            true,
        )
    };
    let mut h = start(true);
    let before = hand_rows(&h.screen());
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    let first_frame = hand_rows(&h.screen());
    assert!(
        first_frame.contains("left ✗"),
        "the label tells the truth at once:\n{first_frame}"
    );
    h.ticks(10);
    let settled = hand_rows(&h.screen());
    assert_ne!(
        first_frame, settled,
        "the picture changed after the first frame"
    );

    // Without animations the dead hand is drawn at once.
    let mut still = start(false);
    assert_eq!(hand_rows(&still.screen()), before);
    still.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert_eq!(hand_rows(&still.screen()), settled);
}

#[test]
fn a_wl_letter_taken_stays_lit_for_a_frame_before_it_reads_as_taken() {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<parlor::games::wl::options::WlSetup>()
        .expect("wl options")
        .letters = "WLLWL".to_string();
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    let mut h = Harness::with_colour(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        80,
        24,
        true,
    );
    let string = |h: &mut Harness| {
        h.screen()
            .lines()
            .find(|l| l.contains("L L W"))
            .and_then(|l| l.split('│').nth(1))
            .map(|l| l.trim().to_string())
            .unwrap_or_default()
    };
    assert_eq!(string(&mut h), "W L L W L");
    h.key(KeyCode::Left);
    assert_eq!(
        string(&mut h),
        "W L L W L",
        "still in place for the first frame"
    );
    h.ticks(10);
    assert_eq!(string(&mut h), "w L L W L", "taken");
}

/// With one letter left W&L's header still fits its line, and says so on the left (at
/// the right edge "the last letter" stood far from the letter).
#[test]
fn the_wl_header_fits_with_one_letter_left() {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<parlor::games::wl::options::WlSetup>()
        .expect("wl options")
        .letters = "WL".to_string();
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        80,
        24,
    );
    h.key(KeyCode::Left);
    let screen = h.screen();
    assert!(
        screen
            .lines()
            .any(|l| l.starts_with("│one letter left: either end takes it ")),
        "{screen}"
    );
}
