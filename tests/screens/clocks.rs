//! Clocks at one keyboard and against the AI: chosen on the setup, shown in the title
//! row, switched by every move, kept in the save; a flag fall ends the match, the side
//! out of time losing, and the game goes to the history so. Time is driven by hand.

use parlor::clock::{HandTime, TimeControl};
use parlor::config::Config;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::store::{ResultRecord, Store};
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode::{Char, End, Enter, Esc, Right, Up};

fn nim_two_players(data: &std::path::Path, control: TimeControl) -> Harness {
    timed_nim_in(data, Mode::TwoPlayers, control)
}

/// Nim in `mode` on `control`, saving in `data`, at 80x24.
fn timed_nim_in(data: &std::path::Path, mode: Mode, control: TimeControl) -> Harness {
    let games = parlor::arcade::registry();
    let nim = games.find("nim").expect("nim");
    let mut setup = GameSetup::from_config(nim, &Config::default());
    setup.matchup.mode = mode;
    setup.matchup.first = parlor::matchup::FirstMover::You;
    setup.matchup.clock = Some(control);
    Harness::with_store(&games, Config::default(), Start::Game(setup), 80, 24, data)
}

/// Nim at one keyboard on `control`, saving in a temporary directory, its clocks on a
/// hand-driven time.
fn timed_nim(control: TimeControl) -> (tempfile::TempDir, std::sync::Arc<HandTime>, Harness) {
    let data = tempfile::tempdir().unwrap();
    let time = HandTime::new();
    let mut h = nim_two_players(data.path(), control);
    h.with_time(time.clone());
    (data, time, h)
}

fn title(h: &mut Harness) -> String {
    h.screen()
        .lines()
        .next()
        .unwrap_or_default()
        .trim_end()
        .to_string()
}

#[test]
fn the_setup_offers_a_clock_where_a_person_plays() {
    let games = parlor::arcade::registry();
    let mut h = Harness::new(&games, Config::default(), Start::Menu, 80, 24);
    h.with_time(HandTime::new());
    h.key(Enter);
    assert!(matches!(h.app.screen(), Screen::Setup(_)), "{}", h.screen());
    // Up from Start to the clock's row.
    let mut found = false;
    for _ in 0..12 {
        h.key(Up);
        let screen = h.screen();
        if screen
            .lines()
            .any(|l| l.contains("Clock") && l.contains('▶'))
        {
            found = true;
            assert!(screen.contains("No clock: take your time"), "{screen}");
            // No clock is the first choice: no arrow to its left.
            let row = screen.lines().find(|l| l.contains("Clock")).unwrap_or("");
            assert!(!row.contains('◀'), "{screen}");
            break;
        }
    }
    assert!(found, "no clock row: {}", h.screen());
    h.key(Right);
    assert!(
        h.screen().contains("30s+0: 30 s a side, +0 s a move"),
        "{}",
        h.screen()
    );
    h.key(Right);
    assert!(
        h.screen().contains("1+0: 1 min a side, +0 s a move"),
        "{}",
        h.screen()
    );
    // The longest control is the last: an arrow to its left only, and → keeps it.
    for _ in 0..12 {
        h.key(Right);
    }
    let last = h.screen();
    let row = last.lines().find(|l| l.contains("Clock")).unwrap_or("");
    assert!(row.contains('◀') && !row.contains('▶'), "{last}");
    for _ in 0..12 {
        h.key(ratatui::crossterm::event::KeyCode::Left);
    }
    h.key(Right).key(Right);
    h.key(Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)));
    // At 80 columns the clocks go without the names, in the title's order.
    assert!(title(&mut h).ends_with("▸1:00 · 1:00"), "{}", h.screen());
}

#[test]
fn a_move_switches_the_clocks_and_a_flag_fall_ends_the_match_in_the_history() {
    let (data, time, mut h) = timed_nim(TimeControl::new(60_000, 2_000));
    assert!(title(&mut h).ends_with("▸1:00 · 1:00"), "{}", h.screen());
    time.advance(15_000);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:45 · 1:00"), "{}", h.screen());
    let first = h.app.legal_moves_text()[0].clone();
    h.play(&first);
    // Player 1 gained the increment; player 2's clock runs.
    assert!(title(&mut h).ends_with(" 0:47 ·▸1:00"), "{}", h.screen());
    time.advance(60_000);
    h.ticks(1);
    let screen = h.screen();
    // No hints offered that the key would refuse.
    assert!(screen.contains("No hints: the game is over."), "{screen}");
    // In the history, not kept to resume: quitting says nothing of a Resume.
    assert_eq!(h.app.farewell(), None);
    // No flash over the footer: the keys that work now are there at once.
    let last = screen.lines().last().unwrap_or_default();
    assert!(
        last.contains("Enter board") && last.contains("r rematch"),
        "{screen}"
    );
    assert!(
        screen.contains("The match is over. Player 2's time ran out."),
        "{screen}"
    );
    assert!(
        screen.contains("Player 1 wins!") && screen.contains("Player 2's time ran out."),
        "the game-over box: {screen}"
    );
    // The prediction is of what the position held, not of who won.
    assert!(screen.contains("Had the match gone on"), "{screen}");
    // No move after the flag: the board stands. Enter puts the box away to show the
    // board under it, and brings it back.
    let before = h.app.legal_moves_text();
    let footer = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    h.key(Enter);
    assert_eq!(h.app.legal_moves_text(), before);
    let bare = h.screen();
    assert!(!bare.contains("Game over"), "{bare}");
    assert!(
        bare.contains("The match is over. Player 2's time ran out."),
        "the board says how it ended: {bare}"
    );
    let last = footer(&mut h);
    assert!(
        last.contains("Enter result") && last.contains("r rematch") && last.contains("Esc menu"),
        "{last}"
    );
    h.key(Enter);
    let back = h.screen();
    assert!(
        back.contains("Game over") && back.contains("Player 2's time ran out."),
        "{back}"
    );
    assert!(footer(&mut h).contains("Enter board"), "{back}");
    // In the history, won by the first player, the times kept.
    let history = Store::open(data.path().to_path_buf()).history();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].result, Some(ResultRecord::First));
    assert_eq!(history[0].ended_by, Some(parlor::store::EndedBy::Time));
    let clock = history[0].clock.expect("the clocks are recorded");
    assert_eq!(clock.left, [47_000, 0]);
    // The moves played until then can be reviewed, and Esc comes back to the end.
    assert!(footer(&mut h).contains("v review"), "{}", h.screen());
    h.key(Char('v'));
    assert!(
        matches!(h.app.screen(), Screen::Review(..)),
        "{}",
        h.screen()
    );
    // The review says how the match ended, after its last move.
    assert!(
        h.screen().contains("     Player 2's time ran out."),
        "{}",
        h.screen()
    );
    // At its last position the panel of the move says it too, and what the position
    // held as what might have been (it said "Now: Player 1 wins in 9").
    h.key(End);
    assert!(
        h.screen().contains("│Player 2's time ran out."),
        "{}",
        h.screen()
    );
    assert!(h.screen().contains("│Had it gone on: "), "{}", h.screen());
    assert!(!h.screen().contains("│Now: "), "{}", h.screen());
    h.key(Esc);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    assert!(
        h.screen().contains("Player 2's time ran out."),
        "{}",
        h.screen()
    );
    // A rematch is timed too.
    h.key(Char('r'));
    assert!(title(&mut h).ends_with("▸1:00 · 1:00"), "{}", h.screen());
}

#[test]
fn a_saved_timed_match_resumes_with_the_time_it_had() {
    let (data, time, mut h) = timed_nim(TimeControl::new(300_000, 0));
    time.advance(20_000);
    let first = h.app.legal_moves_text()[0].clone();
    h.play(&first);
    time.advance(30_000);
    let second = h.app.legal_moves_text()[0].clone();
    h.play(&second);
    assert!(title(&mut h).ends_with("▸4:40 · 4:30"), "{}", h.screen());
    // Leave it (kept), and come back from the menu's saved game.
    h.key(Esc);
    h.key(Char('s'));
    assert!(matches!(h.app.screen(), Screen::Menu(_)), "{}", h.screen());
    drop(h);
    let games = parlor::arcade::registry();
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, 80, 24, data.path());
    h.with_time(time.clone());
    let menu = h.screen();
    assert!(menu.contains("Resume"), "{menu}");
    // The saved game's line says it is on the clock.
    assert!(menu.contains("clock 5+0"), "{menu}");
    // The saved game is the menu's first entry.
    h.key(Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    assert!(title(&mut h).ends_with("▸4:40 · 4:30"), "{}", h.screen());
    // At 120 columns the names are there.
    h.resize(120, 40);
    assert!(
        title(&mut h).ends_with("▸Player 1 4:40   Player 2 4:30"),
        "{}",
        h.screen()
    );
    assert!(h.screen().contains("Resumed: move 3."), "{}", h.screen());
    // The clock ends it before a move: the resume's word goes with the match.
    time.advance(300_000);
    h.ticks(1);
    let over = h.screen();
    assert!(over.contains("Player 1's time ran out."), "{over}");
    assert!(!over.contains("Resumed"), "{over}");
}

/// An undo gives no time back: the time thought stays spent (an undo that refunded
/// it beat the clock, move and undo over and over: play-test finding), and the
/// increment a taken-back move earned goes with it. Quitting keeps the time thought.
#[test]
fn quitting_keeps_the_time_thought_and_an_undo_gives_no_time_back() {
    let (data, time, mut h) = timed_nim(TimeControl::new(300_000, 2_000));
    time.advance(20_000);
    let first = h.app.legal_moves_text()[0].clone();
    h.play(&first);
    time.advance(30_000);
    // Player 1: 5:00 - 0:20 + 0:02; player 2 has thought 30 s.
    assert!(title(&mut h).ends_with(" 4:42 ·▸4:30"), "{}", h.screen());
    // An undo: the move goes with its increment, the 30 s stay spent.
    h.key(Char('u'));
    assert!(title(&mut h).ends_with("▸4:40 · 4:30"), "{}", h.screen());
    h.play(&first);
    time.advance(45_000);
    // Quit while thinking: the time thought is kept with the save.
    h.key(Char('q'));
    drop(h);
    let games = parlor::arcade::registry();
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, 80, 24, data.path());
    h.with_time(time.clone());
    h.key(Enter);
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    assert!(title(&mut h).ends_with(" 4:42 ·▸3:45"), "{}", h.screen());
}

/// At one keyboard no one loses time to a board that cannot be seen or played: the
/// clock stands while the help covers it and while the window is too small (and while
/// a question before leaving is asked); it runs again after, and under the transcript.
#[test]
fn the_clock_stands_while_the_board_is_hidden() {
    let (_data, time, mut h) = timed_nim(TimeControl::new(60_000, 0));
    time.advance(5_000);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:55 · 1:00"), "{}", h.screen());
    // The help, which says so.
    h.key(Char('?'));
    assert!(
        h.screen().contains("the clocks stand meanwhile"),
        "{}",
        h.screen()
    );
    time.advance(20_000);
    h.ticks(1);
    h.key(Esc);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:55 · 1:00"), "{}", h.screen());
    // Too small a window.
    h.resize(60, 20);
    h.ticks(1);
    time.advance(20_000);
    h.ticks(1);
    h.resize(80, 24);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:55 · 1:00"), "{}", h.screen());
    // And it runs again.
    time.advance(5_000);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:50 · 1:00"), "{}", h.screen());
    // The transcript shows the position as text: the clock runs under it (standing,
    // it let a player think there for free: play-test finding).
    h.key(Char('x'));
    assert!(h.screen().contains("x or Esc closes"), "{}", h.screen());
    time.advance(20_000);
    h.ticks(1);
    h.key(Esc);
    h.ticks(1);
    assert!(title(&mut h).ends_with("▸0:30 · 1:00"), "{}", h.screen());
}

/// The AI's remark on the board does not outlive a flag fall: "I can force a win" under
/// "Your time ran out" read as if the board still decided.
#[test]
fn a_flag_fall_silences_the_ais_remarks() {
    let data = tempfile::tempdir().unwrap();
    let mut h = timed_nim_in(data.path(), Mode::VsAi, TimeControl::new(60_000, 0));
    let time = HandTime::new();
    h.with_time(time.clone());
    h.ticks(3);
    assert!(
        h.screen().contains("AI: “"),
        "the AI remarks first:\n{}",
        h.screen()
    );
    time.advance(61_000);
    h.ticks(3);
    let screen = h.screen();
    assert!(screen.contains("Your time ran out"), "{screen}");
    assert!(!screen.contains("AI: “"), "{screen}");
    // With the box put away, the board's lines say nothing from the AI either.
    h.key(Enter);
    assert!(!h.screen().contains("AI: “"), "{}", h.screen());
}

/// A clock that runs out before the first move leaves nothing to review: the box and
/// the footer offer no review, and the key says why instead of opening an empty one.
#[test]
fn a_flag_before_the_first_move_offers_no_review() {
    let (_data, time, mut h) = timed_nim(TimeControl::new(30_000, 0));
    time.advance(31_000);
    h.ticks(1);
    let screen = h.screen();
    assert!(screen.contains("Player 1's time ran out."), "{screen}");
    assert!(screen.contains("Game over"), "{screen}");
    assert!(!screen.contains("review"), "{screen}");
    h.key(Char('v'));
    assert!(matches!(h.app.screen(), Screen::Game(_)), "{}", h.screen());
    assert!(
        h.screen()
            .contains("No move was played: there is nothing to review."),
        "{}",
        h.screen()
    );
}
