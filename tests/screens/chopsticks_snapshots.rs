//! The Chopsticks screen rendered into ratatui's TestBackend (colours off, fixed seed, no
//! AI pause) and compared with reviewed snapshots, plus the keys, clicks and endings.

use parlor::config::{Config, FirstMover};
use parlor::games::chopsticks::options::ChopsticksSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn setup(first: FirstMover) -> GameSetup {
    let mut s = GameSetup::from_config(parlor::games::chopsticks::ID, &Config::default());
    s.matchup.first = first;
    s
}

fn game(setup: GameSetup, w: u16, h: u16) -> Harness {
    Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(setup),
        w,
        h,
    )
}

/// The (column, row) of the first character of `text` on the last (or first) row
/// holding it, counted in cells.
fn find(screen: &str, text: &str, last: bool) -> (u16, u16) {
    let mut rows = screen.lines().enumerate().filter(|(_, l)| l.contains(text));
    let found = if last { rows.last() } else { rows.next() };
    let (row, line) = found.unwrap_or_else(|| panic!("{text:?} not on screen:\n{screen}"));
    let byte = line.find(text).unwrap_or(0);
    (line[..byte].chars().count() as u16, row as u16)
}

/// Lines of the move list that show a move, e.g. "1. You      hit:l:r".
fn played(screen: &str, number: usize, who: &str, mv: &str) -> bool {
    screen.lines().any(|l| {
        l.find(&format!("{number:>3}. {who}"))
            .is_some_and(|i| l[i..].contains(mv))
    })
}

#[test]
fn the_start_hints_off_and_on() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    let screen = h.screen();
    for text in [
        "Chopsticks",
        "Your turn",
        "With perfect play:",
        "the AI wins in 26 moves",
        "Move cap: 100 moves left.",
        "▶ left 1",
        "h lists every move's value",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    assert_eq!(screen.matches("left 1").count(), 2, "{screen}");
    insta::assert_snapshot!("chopsticks_hints_off_80x24", screen);

    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    for text in [
        // The four hits tie: each is starred, none named alone.
        "★ hit:l:l    loss in 26",
        "★ hit:r:r    loss in 26",
        "  split:0,2  loss in 16",
        "  split:2,0  loss in 16",
        "4 tie for best (loss 26).",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("chopsticks_hints_on_80x24", screen);

    let mut big = game(setup(FirstMover::You), 120, 40);
    big.key(KeyCode::Char('h'));
    insta::assert_snapshot!("chopsticks_hints_on_120x40", big.screen());
    let mut big = game(setup(FirstMover::You), 120, 40);
    insta::assert_snapshot!("chopsticks_hints_off_120x40", big.screen());
}

#[test]
fn choosing_a_hand_then_a_target_hits_and_the_ai_answer_is_marked() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(screen.contains("left hits which?"), "{screen}");
    // The target cursor starts on their left; move it to their right.
    h.key(KeyCode::Right);
    assert!(h.screen().contains("▶ right 1"), "{}", h.screen());
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(played(&screen, 1, "You", "hit:l:r"), "{screen}");
    h.ticks(2);
    let screen = h.screen();
    assert!(played(&screen, 2, "AI", ":"), "the AI answered:\n{screen}");
    // The AI's move is described between the hands, and the hands it changed show
    // their count before it.
    assert!(screen.contains("AI: "), "{screen}");
    assert!(screen.contains("(was "), "{screen}");
    assert!(screen.contains("the AI wins in 24 moves"), "{screen}");
    insta::assert_snapshot!("chopsticks_after_ai_move_80x24", screen);
}

#[test]
fn down_goes_back_from_the_target_to_your_own_hands() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.keys(&[KeyCode::Right, KeyCode::Enter, KeyCode::Down]);
    let screen = h.screen();
    assert!(screen.contains("←→ a hand"), "{screen}");
    // Enter, Enter now hits with the right hand.
    h.keys(&[KeyCode::Enter, KeyCode::Enter]);
    assert!(played(&h.screen(), 1, "You", "hit:r:l"), "{}", h.screen());
}

#[test]
fn the_split_chooser_lists_the_splits_and_plays_one() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.key(KeyCode::Char('h'));
    h.key(KeyCode::Char('s'));
    let screen = h.screen();
    for text in ["Split your fingers", "▶ 1. 0,2", "2. 2,0", "loss in 16"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("chopsticks_split_chooser_80x24", screen);
    // The footer names the chooser's keys, not the hands' (←→ do nothing there).
    let footer = screen.lines().last().unwrap_or_default().to_string();
    for text in ["choose", "Enter split", "close"] {
        assert!(footer.contains(text), "{text:?} missing: {footer}");
    }
    for text in ["hand", "pick", "menu"] {
        assert!(!footer.contains(text), "{text:?} in: {footer}");
    }
    // Esc closes the chooser and stays in the game; s opens it again.
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(!screen.contains("Split your fingers"), "{screen}");
    assert!(screen.contains("Your turn"), "{screen}");
    assert!(screen.contains("Esc menu"), "{screen}");
    // A hand picked, Esc steps back to the hands (the footer says so), then the menu.
    h.key(KeyCode::Enter);
    assert!(h.screen().contains("Esc back"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Esc menu"), "{}", h.screen());
    h.keys(&[KeyCode::Char('s'), KeyCode::Down, KeyCode::Enter]);
    assert!(played(&h.screen(), 1, "You", "split:2,0"), "{}", h.screen());
}

#[test]
fn a_digit_picks_a_split_and_none_is_explained() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('1')]);
    assert!(played(&h.screen(), 1, "You", "split:0,2"), "{}", h.screen());
    // Without emptying splits, 1,1 has none.
    let mut s = setup(FirstMover::You);
    s.options_mut::<ChopsticksSetup>()
        .expect("chopsticks options")
        .empty_splits = false;
    let mut h = game(s, 80, 24);
    h.key(KeyCode::Char('s'));
    let screen = h.screen();
    assert!(screen.contains("No split from 1,1"), "{screen}");
    assert!(!screen.contains("Split your fingers"), "{screen}");
}

#[test]
fn clicking_your_hand_then_theirs_hits() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    let screen = h.screen();
    // Your right hand's label is on the lower row, theirs on the upper.
    let (x, y) = find(&screen, "right 1", true);
    h.click(x + 2, y);
    assert!(h.screen().contains("right hits which?"), "{}", h.screen());
    let (x, y) = find(&screen, "left 1", false);
    h.click(x + 1, y);
    assert!(played(&h.screen(), 1, "You", "hit:r:l"), "{}", h.screen());
    // Clicking the art works too: after the AI's split to 0,3, a click on the picture
    // of its right hand hits it with the hand picked before (the right).
    h.ticks(2);
    let screen = h.screen();
    assert!(played(&screen, 2, "AI", "split:0,3"), "{screen}");
    let (x, y) = find(&screen, "\\ \\|", false);
    h.click(x, y);
    assert!(played(&h.screen(), 3, "You", "hit:r:r"), "{}", h.screen());
    // A click on a dead hand does nothing.
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.keys(&[KeyCode::Char('s'), KeyCode::Char('1')]).ticks(2);
    let screen = h.screen();
    let (x, y) = find(&screen, "left ✗", true);
    h.click(x, y);
    assert!(!h.screen().contains("left hits which?"), "{}", h.screen());
}

/// At 120x40 the hands are drawn larger, and a click anywhere on the larger pictures
/// lands: the bottom edge of your right palm picks it, the tip of the AI's left finger
/// is hit (both cells are blank where the small pictures were drawn).
#[test]
fn a_large_terminal_draws_bigger_hands_and_clicks_still_hit() {
    let mut h = game(setup(FirstMover::You), 120, 40);
    let screen = h.screen();
    let palm = "\\____________/";
    let (_, y) = find(&screen, palm, true);
    let line = screen.lines().nth(usize::from(y)).unwrap_or_default();
    let byte = line.rfind(palm).unwrap_or(0);
    let x = line[..byte].chars().count() as u16;
    h.click(x + 5, y);
    assert!(h.screen().contains("right hits which?"), "{}", h.screen());
    let (x, y) = find(&screen, "___", false);
    h.click(x + 1, y);
    assert!(played(&h.screen(), 1, "You", "hit:r:l"), "{}", h.screen());
    // At 100x30 the middle size, still with both rows of hands.
    let mut h = game(setup(FirstMover::You), 100, 30);
    let screen = h.screen();
    assert_eq!(screen.matches("\\________/").count(), 4, "{screen}");
}

#[test]
fn the_ai_wins_the_standard_game_and_a_rematch_starts_over() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    for _ in 0..40 {
        if h.screen().contains("Game over") {
            break;
        }
        h.keys(&[KeyCode::Enter, KeyCode::Enter]).ticks(2);
    }
    let screen = h.screen();
    for text in ["The AI wins.", "Your hands are both dead.", "rematch"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("chopsticks_ai_wins_80x24", screen);
    h.key(KeyCode::Char('r'));
    let screen = h.screen();
    assert!(screen.contains("Your turn"), "{screen}");
    assert!(!played(&screen, 1, "You", ":"), "{screen}");
}

#[test]
fn two_players_draw_by_repetition() {
    let mut s = setup(FirstMover::You);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    let screen = h.screen();
    assert!(screen.contains("Player 1's turn"), "{screen}");
    assert!(screen.contains("Player 2 wins in 26 moves"), "{screen}");
    // Split 1,1 → 0,2 and back, both players, twice: the start comes up a third time.
    for _ in 0..8 {
        h.keys(&[KeyCode::Char('s'), KeyCode::Enter]);
    }
    let screen = h.screen();
    for text in [
        "A draw.",
        "The same position came up a third time.",
        "8 moves played.",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("chopsticks_draw_80x24", screen);
    // Undo takes one move back in a two-player game: the game goes on.
    h.key(KeyCode::Char('u'));
    let screen = h.screen();
    assert!(!screen.contains("A draw."), "{screen}");
    assert!(screen.contains("Seen twice: 3rd time draws."), "{screen}");
}

#[test]
fn the_setup_offers_the_variants_and_rollover_is_a_draw() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    let screen = h.screen();
    for text in [
        "New game: Chopsticks",
        "Rollover",
        "Emptying splits",
        "Move cap",
        "100 moves",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("setup_chopsticks_80x24", screen);
    // From Start: up past the position to the move cap, the splits, the rollover.
    h.keys(&[
        KeyCode::Up,
        KeyCode::Up,
        KeyCode::Left,
        KeyCode::Up,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Right,
    ]);
    let screen = h.screen();
    assert!(screen.contains("90 moves"), "{screen}");
    assert!(screen.contains("not allowed"), "{screen}");
    assert!(screen.contains("on: past 5 wraps round"), "{screen}");
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(
        screen.contains("rollover, no empty splits"),
        "the title names the rules:\n{screen}"
    );
    assert!(screen.contains("draw"), "{screen}");
    assert!(screen.contains("Move cap: 90 moves left."), "{screen}");
}

#[test]
fn two_ais_draw_the_rollover_game() {
    let mut s = setup(FirstMover::You);
    s.matchup.mode = Mode::AiVsAi;
    s.options_mut::<ChopsticksSetup>()
        .expect("chopsticks options")
        .rollover = true;
    let mut h = game(s, 80, 24);
    assert!(h.screen().contains("space pause"), "{}", h.screen());
    h.key(KeyCode::Char(' '));
    assert!(h.screen().contains("space resume"), "{}", h.screen());
    h.key(KeyCode::Char(' '));
    h.ticks(120);
    let screen = h.screen();
    assert!(screen.contains("A draw."), "{screen}");
}

#[test]
fn keys_wait_while_the_ai_is_to_move() {
    let mut h = game(setup(FirstMover::Ai), 80, 24);
    h.keys(&[
        KeyCode::Enter,
        KeyCode::Enter,
        KeyCode::Char('s'),
        KeyCode::Enter,
    ]);
    let screen = h.screen();
    assert!(screen.contains("AI is thinking"), "{screen}");
    assert!(!played(&screen, 1, "You", ":"), "{screen}");
    h.ticks(2);
    let screen = h.screen();
    assert!(played(&screen, 1, "AI", ":"), "{screen}");
    // The AI as first player holds out longest: a hit, not a split.
    assert!(played(&screen, 1, "AI", "hit:"), "{screen}");
    assert!(screen.contains("you win in 25 moves"), "{screen}");
}

#[test]
fn undo_goes_back_to_your_turn() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.keys(&[KeyCode::Enter, KeyCode::Enter]).ticks(2);
    assert!(played(&h.screen(), 2, "AI", ":"));
    h.key(KeyCode::Char('u'));
    let screen = h.screen();
    assert!(!played(&screen, 1, "You", ":"), "{screen}");
    assert!(screen.contains("Move cap: 100 moves left."), "{screen}");
    assert!(screen.contains("the AI wins in 26 moves"), "{screen}");
}

#[test]
fn the_minimum_size_draws_both_players_hands() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    let screen = h.screen();
    assert_eq!(screen.matches("left 1").count(), 2, "{screen}");
    assert_eq!(screen.matches("right 1").count(), 2, "{screen}");
    assert!(screen.contains("Your turn"), "{screen}");
}

#[test]
fn rules_open_over_the_game() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.key(KeyCode::Char('?'));
    let screen = h.screen();
    assert!(screen.contains("Rules: Chopsticks"), "{screen}");
    insta::assert_snapshot!("chopsticks_rules_80x24", screen);
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Your turn"));
}

/// ← chooses the left hand and → the right one; they never wrap around (← on the left
/// hand chose the right one, and a won game was lost by it).
#[test]
fn left_and_right_choose_those_hands_without_wrapping() {
    let mut h = game(setup(FirstMover::You), 80, 24);
    h.settle();
    let selected = |s: &str| -> String {
        s.lines()
            .filter(|l| l.contains('▶'))
            .map(|l| l.split('▶').nth(1).unwrap_or("").trim().to_string())
            .next()
            .unwrap_or_default()
    };
    assert!(selected(&h.screen()).starts_with("left"), "{}", h.screen());
    h.key(KeyCode::Left);
    assert!(
        selected(&h.screen()).starts_with("left"),
        "← stays left:\n{}",
        h.screen()
    );
    h.key(KeyCode::Right);
    assert!(selected(&h.screen()).starts_with("right"), "{}", h.screen());
    h.key(KeyCode::Right);
    assert!(
        selected(&h.screen()).starts_with("right"),
        "→ stays right:\n{}",
        h.screen()
    );
    // The target: their left is ←, their right →.
    h.key(KeyCode::Enter).key(KeyCode::Left);
    h.key(KeyCode::Left).key(KeyCode::Enter);
    let record = match h.app.screen() {
        parlor::tui::app::Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("a game"),
    };
    assert_eq!(record.moves.first().map(String::as_str), Some("hit:r:l"));
}

/// Between two people the turn line names the player and still fits one row at 80x24,
/// choosing a hand and then its target.
#[test]
fn the_two_player_turn_line_fits_one_row() {
    let mut s = setup(FirstMover::You);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    let screen = h.screen();
    assert!(
        screen
            .lines()
            .any(|l| l.contains("Player 1's turn: ←→ a hand, Enter; s split")),
        "{screen}"
    );
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(
        screen
            .lines()
            .any(|l| l.contains("Player 1's turn: left hits which? ←→, Enter")),
        "{screen}"
    );
}

/// The lesson's steps by keys: a hit (left on left); the split 1,3; 2 on their 3; the
/// split 1,1.
fn lesson_keys() -> Vec<Vec<KeyCode>> {
    use KeyCode::{Char, Enter};
    vec![
        vec![Enter, Enter],
        vec![Char('s'), Enter],
        vec![Enter, Enter],
        vec![Char('s'), Enter],
    ]
}

#[test]
fn the_lesson_is_played_with_the_keys_it_names() {
    crate::lessons::played_with_keys("chopsticks", &lesson_keys());
}

/// A hit that kills nothing, where a kill was asked.
#[test]
fn a_hit_that_kills_nothing_gets_the_retry_line() {
    use crate::lessons::{on_menu, open, state};
    use KeyCode::{Enter, Right};
    use parlor::tui::lesson::StepState;
    let mut h = on_menu(None);
    open(&mut h, parlor::games::chopsticks::ID);
    for keys in &lesson_keys()[..2] {
        h.keys(keys).key(Enter);
    }
    h.keys(&[Enter, Right, Enter]);
    assert_eq!(state(&h), (2, StepState::Missed));
    assert!(h.screen().contains("No hand reached 5"), "{}", h.screen());
}
