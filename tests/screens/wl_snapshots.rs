//! Winners & Losers screens in the TestBackend: the game with hints off and on, the
//! pyramid, the setup, and the simulation.

use parlor::config::{Config, FirstMover};
use parlor::games::wl::options::WlSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn wl(letters: &str, first: FirstMover, w: u16, h: u16) -> Harness {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<WlSetup>().expect("wl options").letters = letters.to_string();
    s.matchup.first = first;
    Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        w,
        h,
    )
}

#[test]
fn game_hints_off_and_on() {
    // LLWWW: the first player wins by taking the left L.
    let mut h = wl("LLWWW", FirstMover::You, 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("Projected winner:") && screen.contains("you"),
        "{screen}"
    );
    assert!(screen.contains("L L W W W"), "{screen}");
    insta::assert_snapshot!("wl_hints_off_80x24", screen);
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    assert!(
        screen.contains("Winning: take the left letter."),
        "{screen}"
    );
    insta::assert_snapshot!("wl_hints_on_80x24", screen);
}

/// At 120x40 the letters are tiles in boxes, and a click on the corner of an end's box
/// takes that end (at 80x24 only the letter itself is clickable, one row up).
#[test]
fn a_large_terminal_draws_tiles_and_clicks_still_hit() {
    let mut h = wl("LLWWW", FirstMover::You, 120, 40);
    let screen = h.screen();
    insta::assert_snapshot!("wl_hints_off_120x40", screen);
    let row = screen
        .lines()
        .position(|l| l.contains("└───┘"))
        .unwrap_or_else(|| panic!("no tiles:\n{screen}"));
    let line = screen.lines().nth(row).unwrap_or_default();
    // The bottom right corner of the last tile: the right end, a W.
    let byte = line.rfind('┘').unwrap_or(0);
    let x = line[..byte].chars().count() as u16;
    h.click(x, row as u16);
    let screen = h.screen();
    assert!(screen.contains("1. You      right W"), "{screen}");
    // The left end by the top left corner of its box.
    let row = screen
        .lines()
        .position(|l| l.contains("┌───┐"))
        .unwrap_or_default();
    let line = screen.lines().nth(row).unwrap_or_default();
    let byte = line.find('┌').unwrap_or(0);
    let x = line[..byte].chars().count() as u16;
    h.ticks(3).click(x, row as u16);
    let screen = h.screen();
    assert!(
        screen
            .lines()
            .any(|l| l.contains("3. You") && l.contains("left L")),
        "{screen}"
    );
    // At 100x30 ten letters keep to one row of narrower tiles rather than wrap.
    let screen = wl("WLWLLWLWWL", FirstMover::You, 100, 30).screen();
    assert!(
        screen.lines().any(|l| l.matches("┌─┐").count() == 10),
        "{screen}"
    );
}

#[test]
fn a_wrong_end_changes_the_projection_and_is_marked() {
    let mut h = wl("LLWWW", FirstMover::You, 80, 24);
    h.key(KeyCode::Right);
    let screen = h.screen();
    assert!(screen.contains("The last move changed it."), "{screen}");
    assert!(screen.contains("✗ mistake"), "{screen}");
    assert!(screen.contains("the AI"), "{screen}");
}

/// A game-over box tall enough to reach the "Last move" line (the rating line grows
/// it) clears the rows it stands on across the panel: the line's first letter was
/// left beside it ("│L╭ Game over").
#[test]
fn the_game_over_box_leaves_no_cut_words_beside_it() {
    let data = tempfile::tempdir().expect("temp dir");
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<WlSetup>().expect("wl options").letters = "LLWWW".to_string();
    s.matchup.first = FirstMover::You;
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        80,
        24,
        data.path(),
    );
    for _ in 0..3 {
        h.key(KeyCode::Left).ticks(2);
    }
    let screen = h.screen();
    assert!(screen.contains("Not rated"), "the tall box:\n{screen}");
    let rows: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("╭ Game over"))
        .take_while(|l| !l.contains("╰─"))
        .collect();
    assert!(rows.len() > 5, "{screen}");
    for row in rows {
        // From the panel's border to the box's: nothing but blanks.
        let beside: String = row
            .chars()
            .skip(1)
            .take_while(|c| !"╭│".contains(*c))
            .collect();
        assert!(beside.trim().is_empty(), "{row:?}:\n{screen}");
    }
}

#[test]
fn a_whole_game_against_the_ai() {
    let mut h = wl("LLWWW", FirstMover::You, 80, 24);
    // You: left L. Then the AI and you alternate; play the left end every time.
    for _ in 0..3 {
        h.key(KeyCode::Left).ticks(2);
    }
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    insta::assert_snapshot!("wl_game_over_80x24", screen);
    // The pyramid of a finished game shows the whole path down to the base.
    h.key(KeyCode::Char('p'));
    let screen = h.screen();
    assert!(
        screen.contains("Pyramid") && screen.contains("AI  AND"),
        "{screen}"
    );
}

#[test]
fn pyramid_view() {
    let mut h = wl("WLWLLWWLWL", FirstMover::You, 80, 24);
    h.key(KeyCode::Char('p'));
    let screen = h.screen();
    assert!(screen.contains("Pyramid"), "{screen}");
    // Rows are labelled by who moves there, by name where the names are short: you
    // move first on 10 letters (AND), the AI on 9 (OR).
    assert!(screen.contains("│You AND "), "{screen}");
    assert!(screen.contains("│AI  OR "), "{screen}");
    // The game's cell is marked by a ▸ just before it, not on the row's label.
    let marked: Vec<&str> = screen.lines().filter(|l| l.contains('▸')).collect();
    assert_eq!(marked.len(), 1, "{screen}");
    let after = marked[0].split('▸').nth(1).and_then(|t| t.chars().next());
    assert!(matches!(after, Some('W' | 'L')), "{screen}");
    assert!(marked[0].starts_with("│You AND    "), "{screen}");
    insta::assert_snapshot!("wl_pyramid_80x24", screen);
    h.key(KeyCode::Left).ticks(2);
    h.key(KeyCode::Char('h'));
    insta::assert_snapshot!("wl_pyramid_after_two_moves_hints_120x40", {
        h.resize(120, 40);
        h.screen()
    });
    h.key(KeyCode::Char('p'));
    assert!(h.screen().contains("String"));
}

#[test]
fn a_long_pyramid_scrolls_to_the_current_node() {
    let letters: String = (0..60)
        .map(|i| if (i * 7) % 3 == 0 { 'W' } else { 'L' })
        .collect();
    let mut h = wl(&letters, FirstMover::You, 80, 24);
    h.key(KeyCode::Char('p'));
    for _ in 0..10 {
        h.key(KeyCode::Right).ticks(2);
    }
    let screen = h.screen();
    // Row 20 (after 20 moves) is on screen, its cell marked.
    // ("You" alone was also in "Your turn": the row label, at the board's edge.)
    assert!(
        screen.contains("│You AND") || screen.contains("│You OR"),
        "{screen}"
    );
    assert!(screen.contains('▸'), "{screen}");
    assert_eq!(screen.lines().count(), 24);
}

#[test]
fn two_players_get_the_same_prediction_and_hints() {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<WlSetup>().expect("wl options").letters = "LLWWW".into();
    s.matchup.mode = Mode::TwoPlayers;
    s.matchup.first = FirstMover::You;
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        80,
        24,
    );
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    assert!(screen.contains("Player 1"), "{screen}");
    assert!(
        screen.contains("Winning: take the left letter."),
        "{screen}"
    );
    h.key(KeyCode::Left);
    let screen = h.screen();
    assert!(screen.contains("Player 2's turn"), "{screen}");
    assert!(screen.contains("No winning end"), "{screen}");
}

#[test]
fn setup_and_simulation() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    // Up from the first game: the statistics, then Winners & Losers.
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    let screen = h.screen();
    assert!(screen.contains("New game: Winners & Losers"), "{screen}");
    insta::assert_snapshot!("wl_setup_80x24", screen);
    // Typing a string (up from Start past the position and the lengths).
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Up, KeyCode::Up]);
    h.keys(&[
        KeyCode::Char('w'),
        KeyCode::Char('L'),
        KeyCode::Char('x'),
        KeyCode::Char('W'),
    ]);
    assert!(h.screen().contains("WLW"), "typed letters:\n{}", h.screen());
    h.key(KeyCode::Backspace);
    assert!(h.screen().contains(" WL "));
    // Down past Lesson to Simulate: fewer games so the test is quick.
    h.keys(&[
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
    ]);
    h.keys(&[KeyCode::Left, KeyCode::Left]);
    h.keys(&[KeyCode::Down, KeyCode::Enter]);
    let screen = h.screen();
    assert!(
        screen.contains("predictions confirmed") && screen.contains("10/10"),
        "{screen}"
    );
    assert!(screen.contains("done: 10 games"), "{screen}");
    assert!(
        screen.contains("First-player win rate by length"),
        "{screen}"
    );
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("New game: Winners & Losers"));
}

/// q typed into the string goes to the string (which takes only W and L), not to the
/// quit key; off the string, q quits as everywhere.
#[test]
fn q_typed_into_the_string_does_not_quit() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Up, KeyCode::Up]);
    h.keys(&[KeyCode::Char('w'), KeyCode::Char('q'), KeyCode::Char('l')]);
    assert!(!h.app.should_quit());
    let screen = h.screen();
    assert!(screen.contains(" WL "), "{screen}");
    h.key(KeyCode::Down).key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

/// A string at its longest (200 letters) takes no more, and `q` typed there is still
/// not a quit.
#[test]
fn q_typed_into_a_full_string_does_not_quit() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Up, KeyCode::Up]);
    for _ in 0..200 {
        h.key(KeyCode::Char('w'));
    }
    let full = h.screen();
    h.key(KeyCode::Char('w'));
    let more = h.screen();
    let row = |s: &str| {
        s.lines()
            .find(|l| l.contains("String"))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(row(&more), row(&full), "a 201st letter is not taken");
    assert!(
        more.contains("String is full: Backspace erases a letter."),
        "{more}"
    );
    h.key(KeyCode::Char('q'));
    assert!(!h.app.should_quit(), "{}", h.screen());
    h.key(KeyCode::Backspace).key(KeyCode::Char('l'));
    // The string ends in the letter typed last (no arrows: ←→ do not change it).
    assert!(row(&h.screen()).contains("WL  "), "{}", h.screen());
    assert!(!row(&h.screen()).contains('▶'), "{}", h.screen());
}

/// A pyramid taller than the window says there is more and scrolls with ↑↓ down to
/// the string itself.
#[test]
fn a_tall_pyramid_scrolls_and_says_there_is_more() {
    let letters = "WLLWLWWLWLLWLWWLWLLWLWWLWLLWLWWLWLLWLWWLWL";
    assert_eq!(letters.len(), 42);
    let mut h = wl(letters, FirstMover::You, 80, 24);
    h.key(KeyCode::Char('p'));
    let top = h.screen();
    assert!(top.contains("↓ more"), "{top}");
    assert!(!top.contains("↑ more"), "{top}");
    for _ in 0..60 {
        h.key(KeyCode::Down);
    }
    let bottom = h.screen();
    assert!(bottom.contains("↑ more"), "{bottom}");
    assert!(!bottom.contains("↓ more"), "{bottom}");
    // The base row is the string: its first letters are on screen.
    let base: String = letters
        .chars()
        .take(10)
        .collect::<Vec<_>>()
        .iter()
        .map(|c| format!("{c} "))
        .collect();
    assert!(bottom.contains(base.trim_end()), "{bottom}");
    for _ in 0..60 {
        h.key(KeyCode::Up);
    }
    assert_eq!(h.screen(), top);
    // The wheel scrolls it too.
    let wheel = parlor::tui::event::AppEvent::Mouse(ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::ScrollDown,
        column: 20,
        row: 10,
        modifiers: ratatui::crossterm::event::KeyModifiers::NONE,
    });
    h.app.update(wheel);
    assert!(h.screen().contains("↑ more"), "{}", h.screen());
}

/// A move is shown one way everywhere: the end and the letter it took, in the moves
/// panel and in the transcript (x).
#[test]
fn moves_are_shown_by_their_end_and_the_letter_taken() {
    let mut s = GameSetup::from_config(parlor::games::wl::ID, &Config::default());
    s.options_mut::<WlSetup>().expect("wl options").letters = "LLWWW".into();
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Game(s),
        80,
        24,
    );
    h.keys(&[KeyCode::Left, KeyCode::Right]);
    let screen = h.screen();
    for text in ["1. Player 1  left L", "2. Player 2 right W"] {
        assert!(screen.contains(text), "{text:?}:\n{screen}");
    }
    h.key(KeyCode::Char('x'));
    let screen = h.screen();
    assert!(screen.contains("2 moves from the start"), "{screen}");
    assert!(screen.contains("left L, right W"), "{screen}");
}

/// The footer says "0-9 type": digits set the shortest and longest string and the
/// number of simulated games, and the simulation plays what was typed.
#[test]
fn digits_typed_set_the_lengths_and_the_simulated_games() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Enter]);
    // Up from Start past the position and the longest string: the shortest.
    h.keys(&[KeyCode::Up, KeyCode::Up, KeyCode::Up]);
    h.keys(&[KeyCode::Char('1'), KeyCode::Char('2')]);
    // The longest: 9 then 1 makes 91, Backspace takes the 1 off, 3 makes 93.
    h.key(KeyCode::Down);
    h.keys(&[KeyCode::Char('9'), KeyCode::Char('1'), KeyCode::Backspace]);
    h.key(KeyCode::Char('3'));
    let screen = h.screen();
    let row = |label: &str| {
        screen
            .lines()
            .find(|l| l.contains(label))
            .map(|l| {
                l.split_whitespace()
                    .filter(|w| w.parse::<u32>().is_ok())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    };
    assert_eq!(row("Shortest string"), "12", "{screen}");
    assert_eq!(row("Longest string"), "93", "{screen}");
    // Past the most (200): the digit is not taken, and said; the row still takes
    // digits ("1-9 type" stays in the footer, where it had said "not typed into"; a 0
    // typed first would empty the row, so it is not offered).
    h.key(KeyCode::Char('9'));
    let most = h.screen();
    assert!(most.contains("Longest string  ◀ 93 ▶"), "{most}");
    assert!(
        most.contains("Longest string is at most 200: 939 was not taken."),
        "{most}"
    );
    assert!(most.contains("1-9 type"), "{most}");
    h.keys(&[KeyCode::Backspace, KeyCode::Backspace, KeyCode::Char('2')]);
    h.keys(&[KeyCode::Char('0'), KeyCode::Char('0')]);
    let at_most = h.screen();
    assert!(at_most.contains("Longest string  ◀ 200"), "{at_most}");
    assert!(
        at_most.contains("Longest string is at most 200: Backspace erases a digit."),
        "{at_most}"
    );
    h.keys(&[KeyCode::Backspace, KeyCode::Backspace, KeyCode::Char('3')]);
    assert!(
        h.screen().contains("Longest string  ◀ 23 ▶"),
        "{}",
        h.screen()
    );
    // Erased to nothing, the row is empty and says what may be typed; the next digit
    // starts the number (it showed "1", and 5 made 15).
    h.keys(&[KeyCode::Backspace, KeyCode::Backspace]);
    let empty = h.screen();
    assert!(
        empty.contains("Longest string  ◀ … (type 1-200)"),
        "{empty}"
    );
    h.key(KeyCode::Char('5'));
    // (5 is below the shortest, 12: the row says the lengths are crossed.)
    let five = h.screen();
    assert!(
        five.contains("Longest string  ◀ 5 (crossed: 5-12"),
        "{five}"
    );
    // Left empty, it goes back to what it was before the typing began (it took its
    // least: a value erased by mistake came back as 1).
    h.keys(&[KeyCode::Backspace, KeyCode::Up]);
    let left = h.screen();
    assert!(left.contains("Longest string    50"), "{left}");
    h.keys(&[KeyCode::Down, KeyCode::Char('2'), KeyCode::Char('3')]);
    // Down past the position, Start and Lesson to the number of games: 25, then Simulate.
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Down]);
    h.keys(&[KeyCode::Char('2'), KeyCode::Char('5')]);
    assert!(h.screen().contains("25"), "{}", h.screen());
    h.keys(&[KeyCode::Down, KeyCode::Enter]);
    let screen = h.screen();
    assert!(screen.contains("25 strings of 12-23 letters"), "{screen}");
    assert!(screen.contains("done: 25 games"), "{screen}");
}

/// The pyramid's bottom rows as drawn: for each row, its label, whether it is marked
/// as cut on the left (◀) and on the right (▶), and its letters in order.
fn pyramid_rows(screen: &str) -> Vec<(String, bool, bool, String)> {
    screen
        .lines()
        .filter_map(|l| {
            let inside = l.strip_prefix('│')?.split('│').next()?;
            let label: String = inside.chars().take(10).collect();
            if !["1st", "2nd", "You ", "AI  ", "↑ m", "↓ m"]
                .iter()
                .any(|p| label.starts_with(p))
            {
                return None;
            }
            let cells: String = inside.chars().skip(10).collect();
            let letters: String = cells.chars().filter(|c| matches!(c, 'W' | 'L')).collect();
            Some((
                label.trim().to_string(),
                cells.contains('◀'),
                cells.contains('▶'),
                letters,
            ))
        })
        .collect()
}

/// "letters 13-30 of 42": the part of the string under the view, 1-based.
fn letters_in_view(screen: &str) -> (usize, usize, usize) {
    let line = screen
        .lines()
        .find_map(|l| l.split("│letters ").nth(1))
        .unwrap_or_else(|| panic!("no 'letters a-b of n' line:\n{screen}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

/// A pyramid wider than the window scrolls sideways (< >) as well as up and down; a
/// row cut on a side is marked there, and the line under it names the letters in view,
/// which are the bottom row's letters, so every row shown matches the string.
#[test]
fn a_wide_pyramid_scrolls_sideways_and_marks_the_cut_rows() {
    let letters = "WLLWLWWLWLLWLWWLWLLWLWWLWLLWLWWLWLLWLWWLWL";
    let n = letters.len();
    for (w, hgt) in [(80, 24)] {
        let mut h = wl(letters, FirstMover::You, w, hgt);
        h.key(KeyCode::Char('p'));
        let top = h.screen();
        insta::assert_snapshot!(format!("wl_wide_pyramid_top_{w}x{hgt}"), top);
        // From the apex down, the rows that fit are whole (row r has r + 1 cells) and
        // unmarked; any cut one is marked where it is cut (one side or both: a row one
        // column wider than the view is cut on one side only).
        for (r, row) in pyramid_rows(&top).iter().enumerate() {
            let whole = row.3.len() == r + 1;
            assert_eq!(row.1 || row.2, !whole, "row {r}:\n{top}");
        }
        // Down to the string itself: the bottom row is the letters named under it.
        for _ in 0..60 {
            h.key(KeyCode::Down);
        }
        let mut screens = vec![h.screen()];
        // Then sideways to both ends (a key moves one cell of a row).
        for _ in 0..n {
            h.key(KeyCode::Char('>'));
        }
        screens.push(h.screen());
        for _ in 0..2 * n {
            h.key(KeyCode::Char('<'));
        }
        screens.push(h.screen());
        for screen in &screens {
            let (first, last, of) = letters_in_view(screen);
            assert_eq!(of, n);
            let base = pyramid_rows(screen)
                .last()
                .cloned()
                .expect("the bottom row");
            assert_eq!(
                base.3,
                letters[first - 1..last],
                "the bottom row is letters {first}-{last}:\n{screen}"
            );
            assert_eq!(
                base.1,
                first > 1,
                "◀ when letters are hidden left:\n{screen}"
            );
            assert_eq!(
                base.2,
                last < n,
                "▶ when letters are hidden right:\n{screen}"
            );
        }
        // The right end, then the left end: all of the string was reachable.
        assert_eq!(letters_in_view(&screens[1]).1, n, "{}", screens[1]);
        assert_eq!(letters_in_view(&screens[2]).0, 1, "{}", screens[2]);
        insta::assert_snapshot!(format!("wl_wide_pyramid_left_end_{w}x{hgt}"), screens[2]);
    }
    // The rules name the keys as they are bound.
    let keys = parlor::ui::keys::Keys::new(
        &Config::default().keys,
        &parlor::arcade::registry().own_keys(),
    );
    let rules = parlor::tui::help::rules(parlor::games::wl::ID, &keys);
    assert!(rules.contains("< and > one wider"), "{rules}");
}

/// The lesson's steps by keys (the last one after a look at the pyramid).
fn lesson_keys() -> Vec<Vec<KeyCode>> {
    use KeyCode::{Char, Left, Right};
    vec![vec![Left], vec![Right], vec![Right], vec![Char('p'), Right]]
}

#[test]
fn the_lesson_is_played_with_the_keys_it_names() {
    crate::lessons::played_with_keys("wl", &lesson_keys());
}

#[test]
fn the_wl_pyramid_step_at_80x24() {
    use crate::lessons::{on_menu, open};
    let mut h = on_menu(None);
    open(&mut h, parlor::games::wl::ID);
    for keys in &lesson_keys()[..3] {
        h.keys(keys).key(KeyCode::Enter);
    }
    h.key(KeyCode::Char('p'));
    insta::assert_snapshot!("lesson_wl_pyramid_80x24", h.screen());
    // The wrong end, then u: the step starts again and the pyramid stays (it went back
    // to the string).
    h.key(KeyCode::Left);
    assert_eq!(
        crate::lessons::state(&h),
        (3, parlor::tui::lesson::StepState::Missed),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('u'));
    assert_eq!(
        crate::lessons::state(&h),
        (3, parlor::tui::lesson::StepState::Playing)
    );
    assert!(h.screen().contains("╭ Pyramid"), "{}", h.screen());
}

/// The first step wants the left end: the right one gets the retry line.
#[test]
fn the_wrong_end_gets_the_retry_line() {
    use crate::lessons::{on_menu, open, state};
    use parlor::tui::lesson::StepState;
    let mut h = on_menu(None);
    open(&mut h, parlor::games::wl::ID);
    h.key(KeyCode::Right);
    assert_eq!(state(&h), (0, StepState::Missed));
    assert!(
        h.screen().contains("That was the right end"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('u'));
    assert_eq!(state(&h), (0, StepState::Playing));
    assert!(h.screen().contains("W L L W"));
}

/// A string on several rows says which letter each end is, and the right end's label
/// stands under the rows, where the string ends (on the top row it pointed at a letter
/// in the middle).
#[test]
fn a_wrapped_string_labels_its_ends_where_they_are() {
    let letters = "WL".repeat(20);
    let mut h = wl(&letters, FirstMover::You, 80, 24);
    let screen = h.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains("◀ left end: the first letter"))
        .unwrap_or_else(|| panic!("{screen}"));
    assert!(!lines[top].contains("right end"), "{screen}");
    // Two rows of letters, then the right end's label.
    assert!(lines[top + 1].contains("W L W"), "{screen}");
    assert!(lines[top + 2].contains("W L W"), "{screen}");
    assert!(
        lines[top + 3].contains("the last letter: right end ▶"),
        "{screen}"
    );
}
