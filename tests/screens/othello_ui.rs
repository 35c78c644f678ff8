//! The Othello screen in the TestBackend: the board, a cursor move, the AI's answer,
//! hints, an illegal square, undo and the setup. The engine's analysis depends on how
//! far it searched in its time, so snapshots cover the board, not the prediction text.

use parlor::config::{Config, FirstMover};
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::{Game, Seat};
use parlor::games::othello::options::OthelloSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::solve::othello::Level;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use ratatui::crossterm::event::KeyCode;

fn quick_config() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 200;
    c.solver.table_mib = 8;
    c
}

fn othello(level: Level, first: FirstMover, w: u16, h: u16) -> Harness {
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = level;
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .think_ms = 200;
    s.matchup.first = first;
    Harness::new(&parlor::arcade::registry(), config, Start::Game(s), w, h)
}

/// The screen without the AI's line, which follows the engine's outlook (and so how
/// far it searched in its time).
fn without_voice(screen: &str) -> String {
    screen
        .lines()
        .map(|l| match l.find("AI: “") {
            Some(i) => format!("{}AI: “…”", &l[..i]),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The board's part of the screen: the left block, without the engine's numbers.
fn board_part(screen: &str, width: usize) -> String {
    screen
        .lines()
        .map(|l| l.chars().take(width).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_start_and_a_move_against_benedict() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    let screen = h.screen();
    for text in [
        "a",
        "h",
        " 1 ",
        " 8 ",
        "Black (You)",
        "White (AI)",
        "Your turn (Black)",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    assert_eq!(
        screen.matches('●').count(),
        3,
        "two black discs and the legend:\n{screen}"
    );
    insta::assert_snapshot!(
        "othello_start_80x24",
        without_voice(&board_part(&screen, 50))
    );
    // d3 is under the cursor at the start: play it; Benedict answers.
    h.key(KeyCode::Enter);
    h.ticks(3);
    let screen = h.screen();
    assert!(
        screen.contains("1. You") && screen.contains("d3"),
        "{screen}"
    );
    assert!(screen.contains("2. AI"), "Benedict answered:\n{screen}");
    insta::assert_snapshot!(
        "othello_after_benedict_80x24",
        without_voice(&board_part(&screen, 50))
    );
}

#[test]
fn an_illegal_square_is_refused_with_a_message() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    // a1 is empty and flips nothing.
    for _ in 0..8 {
        h.key(KeyCode::Up).key(KeyCode::Left);
    }
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(screen.contains("a1 is not legal"), "{screen}");
    assert!(!screen.contains("1. You"), "{screen}");
}

#[test]
fn hints_mark_every_legal_move() {
    let mut h = othello(Level::Benedict, FirstMover::You, 120, 40);
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    // Four legal moves at the start: each shows * or the engine's score, and the best
    // ones (colours are off here) carry a star of their own: every move worth as much
    // as the engine's best, so the four symmetric openings all of them.
    let board = board_part(&screen, 80);
    let marks: Vec<&str> = board
        .lines()
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == '[' || c == ']'))
        .map(|w| w.trim_start_matches('★'))
        .filter(|w| *w == "*" || w.starts_with('+') || w.starts_with('-'))
        .filter(|w| w.len() <= 3)
        .collect();
    assert_eq!(marks.len(), 4, "{marks:?}\n{screen}");
    let starred: Vec<&str> = board
        .split(|c: char| c.is_whitespace() || c == '[' || c == ']')
        .filter_map(|w| w.strip_prefix('★'))
        .collect();
    assert_eq!(starred.len(), 4, "the symmetric openings tie:\n{screen}");
    assert!(
        starred.iter().all(|w| *w == starred[0]),
        "starred moves show one value:\n{screen}"
    );
    assert!(screen.contains("With best play:"), "{screen}");
    // Every square the panel names best (tied moves joined by /) is starred.
    let is_square = |w: &&str| {
        let b = w.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    let named: Vec<&str> = screen
        .split("best ")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .flat_map(|w| w.split('/'))
        .filter(is_square)
        .collect();
    assert!(!named.is_empty(), "no best move in the panel:\n{screen}");
    for best in named {
        let file = best.as_bytes()[0] - b'a';
        let rank = best.as_bytes()[1] - b'1';
        let (col, row) = square_at(&screen, file as usize, rank as usize);
        let line: Vec<char> = screen
            .lines()
            .nth(row as usize)
            .expect("row")
            .chars()
            .collect();
        let cell: String = line[col as usize - 2..col as usize + 3].iter().collect();
        assert!(cell.contains('★'), "best {best} at {cell:?}:\n{screen}");
    }
}

#[test]
fn undo_takes_back_your_move_and_the_ai_reply() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    // The grid rows, without the status lines below it or the cursor's brackets (the
    // cursor follows the legal squares).
    let grid = |s: &str| {
        board_part(s, 50)
            .lines()
            .take(20)
            .collect::<Vec<_>>()
            .join("\n")
            .replace(['[', ']'], " ")
    };
    let before = grid(&h.screen());
    h.key(KeyCode::Enter).ticks(3);
    assert!(h.screen().contains("2. AI"));
    assert_ne!(before, grid(&h.screen()));
    h.key(KeyCode::Char('u'));
    assert_eq!(before, grid(&h.screen()));
}

/// Against the AI one undo takes back two moves, and the footer says so.
#[test]
fn undo_says_how_many_moves_it_took_back() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    h.key(KeyCode::Enter).ticks(3);
    assert!(h.screen().contains("2. AI"), "{}", h.screen());
    h.key(KeyCode::Char('u'));
    assert!(h.screen().contains("Took back 2 moves."), "{}", h.screen());
    h.key(KeyCode::Char('U'));
    assert!(h.screen().contains("Replayed 2 moves."), "{}", h.screen());
}

/// A square typed by its name is played: `f5`, and the row first for the columns whose
/// letters are keys of their own (`6e`: `e` alone is the spoiler switch). The status line
/// shows the half typed; Esc drops it without leaving the game.
#[test]
fn a_square_typed_by_name_is_played() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    // Row first, with a letter bound elsewhere (e: the spoiler switch).
    h.key(KeyCode::Char('6'));
    let screen = h.screen();
    assert!(screen.contains("…6, now its column (a-h)"), "{screen}");
    h.key(KeyCode::Char('e'));
    let screen = h.screen();
    assert!(screen.contains("1. You           e6"), "{screen}");
    assert!(!screen.contains("Prediction and remarks"), "{screen}");
    h.ticks(3);
    assert!(h.screen().contains("2. AI"), "{}", h.screen());
    // Half a square, then Esc: still the same game, nothing played.
    h.key(KeyCode::Char('4'));
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("Othello · you vs"), "{screen}");
    assert!(!screen.contains("3. You"), "{screen}");
    // The column first, as squares are written.
    let legal: Vec<String> = h.app.legal_moves_text();
    let target = legal
        .iter()
        .find(|m| !m.starts_with('e') && !m.starts_with('h'))
        .cloned()
        .unwrap_or_else(|| panic!("no legal move off the e and h files: {legal:?}"));
    let mut chars = target.chars();
    let (col, row) = (chars.next().unwrap_or('a'), chars.next().unwrap_or('1'));
    h.key(KeyCode::Char(col));
    let screen = h.screen();
    assert!(
        screen.contains(&format!("{col}…, now its row (1-8)")),
        "{screen}"
    );
    h.key(KeyCode::Char(row));
    let screen = h.screen();
    assert!(
        screen.contains(&format!("3. You           {target}")),
        "{screen}"
    );
}

#[test]
fn a_column_bound_to_a_switch_and_a_row_play_the_square_and_leave_the_switch() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    // The prediction's heading: best play, or benedict's own view while it is to move.
    let predicting = |s: &str| s.contains("With best play:") || s.contains("'s own view:");
    let before = h.screen();
    let prediction_shown = predicting(&before);
    // `e` alone is the spoiler switch: it turns...
    h.key(KeyCode::Char('e'));
    let toggled = h.screen();
    assert!(toggled.contains("Prediction and remarks"), "{toggled}");
    assert_ne!(predicting(&toggled), prediction_shown, "{toggled}");
    // ...and a row typed next makes it the column: e6 is played, the switch put back.
    h.key(KeyCode::Char('6'));
    let screen = h.screen();
    assert!(screen.contains("1. You           e6"), "{screen}");
    assert_eq!(predicting(&screen), prediction_shown, "{screen}");
    assert!(!screen.contains("Prediction and remarks"), "{screen}");
    // A switch and then another key is just the switch.
    h.ticks(3);
    h.key(KeyCode::Char('e'));
    h.key(KeyCode::Down);
    let screen = h.screen();
    assert_ne!(predicting(&screen), prediction_shown, "{screen}");
}

/// Othello's `e` is also a column: what the switch did is said short, so that the
/// row it may start and Esc fit beside it on one line at 80 columns.
#[test]
fn hiding_the_prediction_says_whether_the_hints_stay() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    let tail = "A row next plays e1-e8; Esc takes the e back.";
    // Spoilers on by default; hints switched on, then the spoilers off: hints stay.
    h.key(KeyCode::Char('h'));
    h.key(KeyCode::Char('e'));
    let screen = h.screen();
    assert!(
        screen.contains(&format!("Prediction hidden; hints stay. {tail}")),
        "hints on, spoilers off: the hints stay:\n{screen}"
    );
    h.key(KeyCode::Char('e'));
    assert!(
        h.screen()
            .contains(&format!("Prediction and remarks shown. {tail}")),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('h'));
    h.key(KeyCode::Char('e'));
    let screen = h.screen();
    assert!(
        screen.contains(&format!("Prediction and remarks hidden. {tail}")),
        "hints off, spoilers off: nothing said of hints:\n{screen}"
    );
}

#[test]
fn a_switch_on_a_column_letter_says_a_row_next_plays_there() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    assert!(
        screen.contains("Hints shown. A row next plays h1-h8; Esc takes the h back."),
        "{screen}"
    );
    h.key(KeyCode::Char('h'));
    assert!(
        h.screen()
            .contains("Hints hidden. A row next plays h1-h8; Esc takes the h back."),
        "{}",
        h.screen()
    );
}

/// Esc after a column letter that is also a switch puts the switch back (it stayed
/// turned: `h` then Esc left the hints on), and opens no leave box.
#[test]
fn esc_after_a_column_letter_puts_its_switch_back() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    let hints_on = |h: &Harness| match h.app.screen() {
        parlor::tui::app::Screen::Game(g) => g.hints_on(),
        _ => panic!("a game"),
    };
    h.key(KeyCode::Char('h'));
    assert!(hints_on(&h));
    assert!(
        h.screen().contains("Esc takes the h back."),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(!hints_on(&h), "{screen}");
    assert!(
        screen.contains("h taken back: hints hidden again."),
        "{screen}"
    );
    assert!(
        screen.contains("Your turn (Black)"),
        "still in the game:\n{screen}"
    );
    // The hints' note went with them.
    assert!(!screen.contains("Hints on:"), "{screen}");
    h.key(KeyCode::Char('e'));
    assert!(
        h.screen().contains("Prediction and remarks hidden."),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(
        screen.contains("e taken back: Prediction and AI remarks shown."),
        "{screen}"
    );
    // A second Esc is Esc again: out of the game (no move made, so no leave box).
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Statistics"), "{}", h.screen());
}

/// `h` then a row plays in column h with the hints put back first: the move is not
/// one made with hints, and the game stays rated (a play-test typed h1 and lost its
/// rating).
#[test]
fn a_square_in_column_h_is_not_a_move_with_hints() {
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = Level::Benedict;
    // White to move, with h4 and h6 among its moves; the person plays white.
    s.position = Some("f5f6e6f4g5".into());
    s.matchup.first = FirstMover::Ai;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
    let record = |h: &Harness| match h.app.screen() {
        parlor::tui::app::Screen::Game(g) => g.record().expect("recorded"),
        _ => panic!("a game"),
    };
    assert_eq!(record(&h).moves.len(), 5, "{:?}", record(&h).moves);
    h.key(KeyCode::Char('h'));
    h.key(KeyCode::Char('4'));
    let after = record(&h);
    assert_eq!(
        after.moves.get(5).map(String::as_str),
        Some("h4"),
        "{after:?}"
    );
    assert!(!after.aids.hints, "{after:?}");
    assert!(!h.screen().contains("hints were on"), "{}", h.screen());
}

/// Enter on the AI's turn says whose turn it is (it did nothing, without a word).
#[test]
fn enter_on_the_ais_turn_says_so() {
    let mut h = othello(Level::Benedict, FirstMover::Ai, 80, 24);
    h.key(KeyCode::Enter);
    let screen = h.screen();
    assert!(
        screen.contains("It is the AI's turn: m makes it move now"),
        "{screen}"
    );
}

#[test]
fn white_lets_the_ai_open() {
    let mut h = othello(Level::Benedict, FirstMover::Ai, 80, 24);
    h.ticks(3);
    let screen = h.screen();
    assert!(screen.contains("1. AI"), "{screen}");
    assert!(screen.contains("Your turn (White)"), "{screen}");
}

/// Benedict against Benedict, to watch.
fn benedicts_watching() -> Harness {
    watching(Level::Benedict)
}

/// Two AIs of `level` playing each other at 80x24.
fn watching(level: Level) -> Harness {
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = level;
    s.matchup.mode = Mode::AiVsAi;
    Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24)
}

/// Plays the watched game to the end and returns the final board.
fn watch_benedicts_to_the_end(h: &mut Harness) -> String {
    for _ in 0..200 {
        h.ticks(1);
        if h.screen().contains("Game over") {
            break;
        }
    }
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    assert!(
        screen.contains("wins") || screen.contains("draw"),
        "{screen}"
    );
    board_part(&screen, 50)
}

#[test]
fn watching_two_ais_the_hints_value_the_squares_of_the_side_to_move() {
    let mut h = benedicts_watching();
    h.key(KeyCode::Char(' '));
    assert!(h.screen().contains("Paused"), "{}", h.screen());
    let marked = |screen: &str| {
        board_part(screen, 50)
            .lines()
            .filter(|l| l.starts_with('│'))
            .flat_map(str::split_whitespace)
            .filter(|w| *w == "*" || w.starts_with('+') || w.starts_with('-'))
            .count()
    };
    assert_eq!(marked(&h.screen()), 0, "hints off:\n{}", h.screen());
    h.key(KeyCode::Char('h'));
    h.ticks(3);
    let screen = h.screen();
    // Paused before the first move: black's four openings, each marked.
    assert!(screen.contains("Black (AI 1)  2  ◀"), "{screen}");
    assert_eq!(marked(&screen), 4, "one mark a legal square:\n{screen}");
}

#[test]
fn two_benedicts_play_a_whole_game() {
    watch_benedicts_to_the_end(&mut benedicts_watching());
}

#[test]
fn rematches_are_new_games_with_a_prediction_throughout() {
    let mut h = benedicts_watching();
    h.ticks(2);
    // Benedict picks its own moves; a short search beside it keeps the panel predicting,
    // said as its own view, not as best play.
    let screen = h.screen();
    assert!(
        screen.contains("AI 1's own view:") && screen.contains("AI 1 plays"),
        "{screen}"
    );
    let first = watch_benedicts_to_the_end(&mut h);
    h.key(KeyCode::Char('r'));
    let second = watch_benedicts_to_the_end(&mut h);
    // Benedict breaks ties at random, seeded per game: the same seed twice would replay
    // the same game move for move.
    assert_ne!(first, second);
}

#[test]
fn setup_offers_colour_level_and_time() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        quick_config(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    let screen = h.screen();
    for text in [
        "New game: Othello",
        "you play black",
        "AI level",
        "strong",
        "Thinking time",
    ] {
        assert!(screen.contains(text), "{text:?}:\n{screen}");
    }
    insta::assert_snapshot!("othello_setup_80x24", screen);
}

/// The screen position of the middle of square `file` `rank` (both 0-based), found from
/// the drawn coordinates: the column of the file letter and the row of the rank number.
fn square_at(screen: &str, file: usize, rank: usize) -> (u16, u16) {
    let lines: Vec<&str> = screen.lines().collect();
    let header = lines
        .iter()
        .position(|l| l.contains("a    b") || l.contains("a        b"))
        .unwrap_or_else(|| panic!("no file letters:\n{screen}"));
    let letter = (b'a' + file as u8) as char;
    let col = lines[header]
        .chars()
        .enumerate()
        .skip(2)
        .find(|&(_, c)| c == letter)
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("no file {letter}:\n{screen}"));
    let number = format!(" {} ", rank + 1);
    let row = lines
        .iter()
        .enumerate()
        .skip(header + 1)
        .find(|(_, l)| l.chars().take(8).collect::<String>().contains(&number))
        .map(|(i, _)| i)
        .unwrap_or_else(|| panic!("no rank {}:\n{screen}", rank + 1));
    (col as u16, row as u16)
}

#[test]
fn a_click_plays_the_square_under_it_at_both_sizes() {
    for (w, hgt) in [(80, 24), (120, 40)] {
        let mut h = othello(Level::Benedict, FirstMover::You, w, hgt);
        let screen = h.screen();
        // f5 is legal for black at the start; a1 is not.
        let (col, row) = square_at(&screen, 0, 0);
        h.click(col, row);
        assert!(h.screen().contains("a1 is not legal"), "{w}x{hgt}");
        let (col, row) = square_at(&screen, 5, 4);
        h.click(col, row).ticks(3);
        let screen = h.screen();
        assert!(
            screen.contains("1. You") && screen.contains("f5"),
            "{w}x{hgt}:\n{screen}"
        );
        assert!(screen.contains("2. AI"), "{w}x{hgt}:\n{screen}");
    }
}

#[test]
fn the_board_at_120x40() {
    let mut h = othello(Level::Benedict, FirstMover::You, 120, 40);
    let screen = h.screen();
    // The discs panel keeps its small discs; the board draws them three rows tall:
    // black solid, white (without colour) as an outline.
    assert_eq!(screen.matches('●').count(), 1, "{screen}");
    assert_eq!(screen.matches('○').count(), 1, "{screen}");
    assert_eq!(screen.matches('█').count(), 2 * 5, "{screen}");
    assert_eq!(
        screen.matches("╭───╮").count(),
        2,
        "two white outlines: {screen}"
    );
    insta::assert_snapshot!("othello_start_120x40", board_part(&screen, 80));
}

#[test]
fn ascii_discs_draw_without_unicode() {
    let mut config = quick_config();
    config.set_section_key("othello", "ascii_discs", true);
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = Level::Benedict;
    s.matchup.first = FirstMover::You;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
    let screen = h.screen();
    let board = board_part(&screen, 50);
    let grid: String = board
        .lines()
        .skip(2)
        .take(17)
        .collect::<Vec<_>>()
        .join("\n");
    for glyph in ['●', '○', '·'] {
        assert!(!grid.contains(glyph), "{glyph} in ASCII mode:\n{board}");
    }
    assert!(!screen.contains('◀'), "{screen}");
    assert_eq!(grid.matches('X').count(), 2, "{board}");
    assert_eq!(grid.matches('O').count(), 2, "{board}");
    assert!(h.screen().contains(" 2  <"), "{}", h.screen());
}

#[test]
fn watch_mode_pauses_and_resumes() {
    let mut h = benedicts_watching();
    h.ticks(2);
    h.key(KeyCode::Char(' '));
    let paused = h.screen();
    assert!(paused.contains("Paused: space resumes."), "{paused}");
    // The footer names what the key does next.
    assert!(paused.contains("space resume"), "{paused}");
    assert!(!paused.contains("space pause"), "{paused}");
    // The highest move number in the move list (which scrolls, so not a count of lines).
    let moves = |s: &str| {
        s.lines()
            .filter_map(|l| {
                let (n, _) = l.split_once(". AI ")?;
                n.rsplit(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse::<u32>()
                    .ok()
            })
            .max()
            .unwrap_or(0)
    };
    let before = moves(&paused);
    h.ticks(5);
    assert_eq!(moves(&h.screen()), before, "no move while paused");
    h.key(KeyCode::Char(' ')).ticks(5);
    assert!(moves(&h.screen()) > before, "moves again after resuming");
}

#[test]
fn a_forced_pass_is_announced_and_needs_no_key() {
    // Between two people: after d3 c3 e6 d2 d1 e1 b2 c1 black has no legal square while
    // white still has moves (found by a random search written apart from the engine).
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
    for mv in ["d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"] {
        let b = mv.as_bytes();
        let screen = h.screen();
        let (col, row) = square_at(&screen, (b[0] - b'a') as usize, (b[1] - b'1') as usize);
        h.click(col, row);
        assert!(
            h.screen().contains(mv),
            "{mv} was not played:\n{}",
            h.screen()
        );
    }
    let screen = h.screen();
    assert!(screen.contains("Black has no move and passes."), "{screen}");
    assert!(
        screen.contains("9. "),
        "the pass is a move in the list:\n{screen}"
    );
    assert!(screen.contains("(White)"), "white to move:\n{screen}");
}

/// Against the AI, the person's forced pass is still said once the AI has moved
/// again: the AI's move cleared the message at once, and the pass was only in the list
/// (a play-test finding).
#[test]
fn the_persons_pass_is_said_after_the_ais_reply() {
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.options_mut::<OthelloSetup>()
        .expect("othello options")
        .level = Level::Benedict;
    // Black to move with no legal square (the forced-pass test's line); the person
    // plays black.
    s.position = Some("d3c3e6d2d1e1b2c1".into());
    s.matchup.first = FirstMover::You;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
    let guard = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !h.screen().contains("10. ") {
        assert!(std::time::Instant::now() < guard, "{}", h.screen());
        h.ticks(1);
    }
    let screen = h.screen();
    assert!(screen.contains("Black has no move and passes."), "{screen}");
    // The next key goes on with the game and the note goes.
    h.key(KeyCode::Right);
    assert!(!h.screen().contains("has no move"), "{}", h.screen());
}

/// The speed keys of two AIs change the thinking time and the pause, within bounds,
/// and the title shows both.
#[test]
fn faster_and_slower_change_the_thinking_time_and_say_so() {
    let mut h = watching(Level::Strong);
    let title = |h: &mut Harness| h.screen().lines().next().unwrap_or("").to_string();
    let start = title(&mut h);
    assert!(start.contains("think 0.2 s"), "{start}");
    h.key(KeyCode::Char('+'));
    assert!(title(&mut h).contains("think 0.1 s"), "{}", title(&mut h));
    assert!(h.screen().contains("Speed: think 0.1 s"), "{}", h.screen());
    // The thinking time never falls below 0.1 s.
    h.keys(&[KeyCode::Char('+'), KeyCode::Char('+')]);
    assert!(title(&mut h).contains("think 0.1 s"), "{}", title(&mut h));
    for _ in 0..8 {
        if h.screen().contains("Fastest already: think 0.1 s") {
            break;
        }
        h.key(KeyCode::Char('+'));
    }
    assert!(
        h.screen().contains("Fastest already: think 0.1 s"),
        "{}",
        h.screen()
    );
    // Steps back retrace the steps that changed something: the start again.
    let mut back = String::new();
    for _ in 0..8 {
        h.key(KeyCode::Char('-'));
        back = title(&mut h);
        if back == start {
            break;
        }
    }
    assert_eq!(back, start, "slower after faster returns to the start");
    h.keys(&[KeyCode::Char('-'), KeyCode::Char('-')]);
    let slower = title(&mut h);
    assert!(slower.contains("think 0.8 s"), "{slower}");
}

/// A level that plays at once (benedict searches a fixed depth) has no thinking time
/// to show or change: the title and the speed keys speak of the pause alone.
#[test]
fn a_level_that_plays_at_once_shows_only_its_pause() {
    let mut h = benedicts_watching();
    let title = |h: &mut Harness| h.screen().lines().next().unwrap_or("").to_string();
    let start = title(&mut h);
    assert!(start.contains("· pause "), "{start}");
    assert!(!start.contains("think"), "{start}");
    h.key(KeyCode::Char('-'));
    let slower = h.screen();
    assert!(slower.contains("Speed: pause "), "{slower}");
    // No budget counted down either ("thinking 0.0/0.4 s"): it moves when it is done.
    assert!(!slower.contains("/0."), "{slower}");
    // Faster until the pause is at its floor: said, though the thinking time (unused)
    // could still halve.
    let mut said = false;
    for _ in 0..12 {
        h.key(KeyCode::Char('+'));
        if h.screen().contains("Fastest already: pause ") {
            said = true;
            break;
        }
    }
    assert!(said, "{}", h.screen());
}

/// In colour, big cells draw discs three rows tall that fill the cell; small cells and
/// ASCII mode keep one character.
#[test]
fn big_cells_draw_big_discs() {
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &quick_config());
    s.matchup.mode = Mode::TwoPlayers;
    let mut big = Harness::with_colour(
        &parlor::arcade::registry(),
        quick_config(),
        Start::Game(s.clone()),
        120,
        40,
        true,
    );
    let screen = big.screen();
    let board = board_part(&screen, 80);
    assert_eq!(board.matches('█').count(), 4 * 5, "{board}");
    assert_eq!(board.matches('▄').count(), 4 * 5, "{board}");
    assert_eq!(board.matches('▀').count(), 4 * 5, "{board}");
    let mut small = Harness::with_colour(
        &parlor::arcade::registry(),
        quick_config(),
        Start::Game(s),
        80,
        24,
        true,
    );
    let screen = small.screen();
    assert!(!screen.contains('█'), "{screen}");
}

/// The position before a game's last move, and that move, when the move ends the game
/// with squares still empty and a winner: seeded random play, the first such game.
fn a_last_move_leaving_empty_squares() -> (Othello, OthelloMove) {
    for seed in 0.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut board = Othello::new();
        loop {
            let moves = board.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            let after = board.after(mv).expect("legal");
            if !after.is_over() {
                board = after;
                continue;
            }
            let level = after.discs(Seat::First) == after.discs(Seat::Second);
            if after.empty_count() > 1 && !level && mv.square().is_some() {
                return (board, mv);
            }
            break;
        }
    }
    unreachable!("some seed ends with empty squares")
}

/// A game that ends with empty squares: the game-over box counts them for the winner,
/// as the rules do, says so, and gives the discs on the board; the number is the one
/// the history keeps (`first_margin`) and `parlor export` writes (GGF, JSON, moves).
#[test]
fn the_game_over_box_counts_the_empty_squares_as_the_history_and_export_do() {
    let (before, last) = a_last_move_leaving_empty_squares();
    let end = before.after(last).expect("legal");
    let (black, white, empty) = (
        end.discs(Seat::First),
        end.discs(Seat::Second),
        end.empty_count(),
    );
    let (winner, won, lost) = if black > white {
        ("Black", black, white)
    } else {
        ("White", white, black)
    };
    let margin = if black > white {
        (black + empty - white) as i32
    } else {
        black as i32 - (white + empty) as i32
    };
    let score = format!("{winner} wins {}-{lost}", won + empty);
    assert_eq!(
        parlor::games::othello::screen::final_score(&end),
        format!("{score} ({empty} empty squares go to the winner; {won}-{lost} on the board).")
    );

    let dir = tempfile::tempdir().expect("temp dir");
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.matchup.mode = Mode::TwoPlayers;
    s.position = Some(before.position_text());
    let mut h = Harness::with_store(
        &parlor::arcade::registry(),
        config,
        Start::Game(s),
        80,
        24,
        dir.path(),
    );
    let sq = last.square().expect("a square").index() as usize;
    let (col, row) = square_at(&h.screen(), sq % 8, sq / 8);
    h.click(col, row);
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    assert!(screen.contains(&score), "{score:?}:\n{screen}");
    assert!(screen.contains("empty squares go to"), "{screen}");
    assert!(
        screen.contains("v review the game"),
        "the box grew:\n{screen}"
    );
    insta::assert_snapshot!(
        "othello_game_over_with_empties_80x24",
        board_part(&screen, 50)
    );
    // An Enter at once is a reflex meant for the last move: the box stays up, through
    // a burst of them 0.3 s apart, however long it lasts.
    h.key(KeyCode::Enter);
    let reflex = h.screen();
    assert!(reflex.contains("empty squares go to"), "{reflex}");
    for _ in 0..4 {
        h.ticks(6);
        h.key(KeyCode::Enter);
        let reflex = h.screen();
        assert!(reflex.contains("empty squares go to"), "{reflex}");
    }
    // Past its first moments, Enter puts the box away: the whole final board shows,
    // every square of each row the box covered, and the footer says how to bring the
    // box back.
    h.ticks(13);
    assert!(screen.contains("Enter board"), "{screen}");
    h.key(KeyCode::Enter);
    let board = h.screen();
    assert!(!board.contains("empty squares go to"), "{board}");
    assert!(board.contains("Enter result"), "{board}");
    for (i, sq) in end.position_text().chars().take(64).enumerate() {
        let (col, row) = square_at(&board, i % 8, i / 8);
        let shown = board
            .lines()
            .nth(usize::from(row))
            .and_then(|l| l.chars().nth(usize::from(col)));
        let want = match sq {
            'X' => Some(parlor::games::othello::board::disc(Seat::First, false)),
            'O' => Some(parlor::games::othello::board::disc(Seat::Second, false)),
            _ => None,
        };
        if let Some(d) = want {
            assert_eq!(
                shown.map(String::from).as_deref(),
                Some(d),
                "square {i}:\n{board}"
            );
        }
    }
    h.key(KeyCode::Enter);
    assert_eq!(h.screen(), screen, "Enter brings the box back");
    // Put away, then the last move undone and played again: the new end shows its box.
    h.key(KeyCode::Enter);
    h.key(KeyCode::Char('u'));
    let (col, row) = square_at(&h.screen(), sq % 8, sq / 8);
    h.click(col, row);
    assert!(h.screen().contains("empty squares go to"), "{}", h.screen());

    let history = parlor::store::Store::open(dir.path().to_path_buf()).history();
    assert_eq!(history.len(), 1, "the game is in the history");
    assert_eq!(history[0].first_margin, Some(margin));
    assert_eq!(end.first_margin(), Some(margin));

    let sandbox = crate::cli_harness::Sandbox::new();
    let data = dir.path().to_str().expect("a UTF-8 path");
    let export = |format: &str| {
        let run = sandbox.run_with_env(
            &["export", "--format", format],
            &[("PARLOR_DATA_DIR", data)],
        );
        run.expect_code(0);
        run.stdout.clone()
    };
    let ggf = export("ggf");
    assert!(ggf.contains(&format!("RE[{margin:+}.000]")), "{ggf}");
    let json: serde_json::Value = serde_json::from_str(&export("json")).expect("JSON");
    assert_eq!(json["first_margin"], serde_json::json!(margin), "{json}");
    let moves = export("moves");
    assert!(
        moves.contains(&format!("first player's margin {margin:+}")),
        "{moves}"
    );
}

/// Whitespace collapsed, so text wrapped on the screen compares with its source.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the code plays at each level, stated from the constants the engine uses: the
/// phrases every description of the level must carry.
fn claims(level: Level) -> Vec<String> {
    use parlor::solve::othello::{
        BEGINNER_NOISE_DISCS, BEGINNER_RANDOM, CASUAL_DEPTH, CASUAL_RANDOM, STRONG_EXACT, benedict,
    };
    let exact_empties = parlor::config::SolverConfig::default().exact_empties;
    match level {
        Level::Beginner => vec![
            format!(
                "plays {:.0}% of its moves at random",
                BEGINNER_RANDOM * 100.0
            ),
            "one move ahead".into(),
            format!("{BEGINNER_NOISE_DISCS} discs"),
        ],
        Level::Casual => vec![
            format!("looks {CASUAL_DEPTH} moves ahead"),
            format!("plays {:.0}% of its moves at random", CASUAL_RANDOM * 100.0),
        ],
        Level::Benedict => vec![
            "Benedict, the program parlor grew from".into(),
            format!("looks {} moves ahead", benedict::DEPTH),
            "two tables of square values".into(),
        ],
        Level::Strong => vec![
            "for the thinking time per move".into(),
            format!("the last {STRONG_EXACT} squares exactly"),
        ],
        Level::Exact => vec![format!("the last {exact_empties} squares exactly")],
    }
}

/// The setup's explanation under the options box (the footer left out).
fn setup_explanation(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let below = lines.iter().rposition(|l| l.contains('╰')).unwrap_or(0) + 1;
    words(&lines[below..lines.len() - 1].join(" "))
}

#[test]
fn each_level_is_described_alike_on_the_setup_and_in_the_rules_as_the_code_plays() {
    use parlor::games::othello::levels::description;
    let config = quick_config();
    let keys = parlor::ui::keys::Keys::new(&config.keys, &parlor::arcade::registry().own_keys());
    let rules = words(&parlor::tui::help::rules(parlor::games::othello::ID, &keys));
    let table = &rules[rules.find("The AI levels").expect("the levels' heading")..];
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Menu, 80, 24);
    h.keys(&[KeyCode::Down, KeyCode::Down, KeyCode::Down, KeyCode::Enter]);
    // The AI level row: the third, after Mode and First move, as in every game.
    h.keys(&[KeyCode::PageUp, KeyCode::Down, KeyCode::Down]);
    // The levels are a scale that holds at its ends: from the weakest, → to each.
    for _ in Level::ALL {
        h.key(KeyCode::Left);
    }
    let mut described = Vec::new();
    for _ in Level::ALL {
        let screen = h.screen();
        let level = screen
            .lines()
            .find_map(|l| l.split("AI level").nth(1))
            // The selected row is drawn "◀ strong ▶".
            .and_then(|rest| {
                rest.split_whitespace()
                    .find_map(|w| w.parse::<Level>().ok())
            })
            .expect("the AI level row");
        let setup = setup_explanation(&screen);
        // The level's row in the rules: from its name to the next level's (or the end).
        let at = table
            .find(&format!("{} ", level.name()))
            .expect("the level in the rules");
        let next = Level::ALL
            .iter()
            .filter_map(|l| table[at + 1..].find(&format!(" {} ", l.name())))
            .min()
            .map_or(table.len(), |n| at + 1 + n);
        let row = &table[at..next];
        for claim in claims(level) {
            assert!(
                setup.contains(&claim),
                "setup, {level}: {claim:?} in {setup:?}"
            );
            assert!(row.contains(&claim), "rules, {level}: {claim:?} in {row:?}");
        }
        // One text, written from one place.
        assert!(setup.contains(&description(level)), "{setup}");
        assert!(row.contains(&description(level)), "{row}");
        described.push(level);
        h.key(KeyCode::Right);
    }
    described.sort_by_key(|l| Level::ALL.iter().position(|a| a == l));
    assert_eq!(described, Level::ALL, "each level shown once");
    // The fixed depth stands in for the clock in simulations only.
    let depth = format!("{} moves ahead", parlor::solve::othello::STRONG_DEPTH);
    assert!(
        table.contains(&format!("(parlor simulate), strong searches {depth}")),
        "{table}"
    );
}

/// The start's prediction is the opening book's, the same every run (a time-limited
/// search gave it either sign): "About even" when the book's margin is within the
/// game's even band, else who is ahead by how much; never a claim the book does not
/// make.
#[test]
fn the_start_is_predicted_from_the_book_every_run() {
    let book = parlor::solve::othello::book::Book::shipped();
    let (_, value) = book
        .best(&Othello::new())
        .expect("the start is in the book");
    let leader = if value.score > 0 { "Black" } else { "White" };
    let expected = match value.score.abs() {
        // The book's own searches value the start level.
        0 => "A draw (book)".to_string(),
        // Within the even band the margin is said too (hints show it on every move).
        m if m <= parlor::games::othello::screen::EVEN_WITHIN => {
            format!("About even ({leader} +{m})")
        }
        m => format!("{leader} ahead by about {m}"),
    };
    for level in [Level::Benedict, Level::Strong] {
        let mut h = othello(level, FirstMover::You, 120, 40);
        let screen = h.screen();
        assert!(screen.contains(&expected), "{expected}:\n{screen}");
        if value.score != 0 {
            assert!(!screen.contains("A draw"), "{screen}");
        }
        // The values come from the opening book, and the panel says so, with the
        // depth of the book's searches behind the start's moves.
        let depth = parlor::solve::othello::book::Book::shipped()
            .moves(&Othello::new())
            .and_then(|moves| moves.iter().map(|(_, v)| v.depth).min())
            .expect("the start is open in the book");
        let said = format!("book: searched {depth} moves ahead");
        assert!(screen.contains(&said), "{said}:\n{screen}");
    }
}

/// Issue 33, point 14: on a person's turn the legal squares are marked `*` without
/// hints, as the original program did; on the AI's turn nothing is marked.
#[test]
fn legal_squares_are_marked_on_your_turn() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    let screen = h.screen();
    let board = board_part(&screen, 50);
    // d3, c4, f5, e6 (the cursor's square among them).
    assert_eq!(board.matches('*').count(), 4, "{board}");
    let mut ai_first = othello(Level::Benedict, FirstMover::Ai, 80, 24);
    let board = board_part(&ai_first.screen(), 50);
    assert_eq!(board.matches('*').count(), 0, "the AI's turn:\n{board}");
}

/// From a typed position the cursor starts on a legal square, so "d3 — Enter plays"
/// never names a square Enter cannot play.
#[test]
fn from_a_position_the_cursor_starts_on_a_legal_square() {
    let mut moved_off_d3 = 0;
    for line in ["f5f6e6f4", "f5d6c3d3", "c4c3d3c5"] {
        let config = quick_config();
        let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
        s.options_mut::<OthelloSetup>()
            .expect("othello options")
            .level = Level::Beginner;
        s.position = Some(line.into());
        s.matchup.first = FirstMover::You;
        let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
        let screen = h.screen();
        let Some(at) = screen.find("Your turn") else {
            continue; // the AI moves first from here
        };
        let square = screen[at..]
            .split(": ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("{screen}"));
        let board = Othello::read(line).expect("a move list");
        let mv: OthelloMove = square.parse().expect("a square");
        assert!(
            board.is_legal(mv),
            "{line}: {square} is not legal:\n{screen}"
        );
        let d3: OthelloMove = "d3".parse().expect("a square");
        moved_off_d3 += usize::from(!board.is_legal(d3));
    }
    assert!(
        moved_off_d3 > 0,
        "a position where d3 is not legal was tried"
    );
}

/// Where several moves are worth the same, the panel names them all: at the start the
/// four first moves are the same move turned.
#[test]
fn the_panel_names_every_move_tied_for_best() {
    let mut h = othello(Level::Strong, FirstMover::You, 100, 30);
    // The best move is a hint: named only with the hints on.
    let plain = h.screen();
    assert!(plain.contains("With best play:"), "{plain}");
    assert!(!plain.contains("│best "), "{plain}");
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    let line = screen
        .lines()
        .find(|l| l.contains("│best "))
        .unwrap_or_else(|| panic!("a best move:\n{screen}"));
    let names = line
        .split("best ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or_default();
    let mut moves: Vec<&str> = names.split('/').collect();
    moves.sort_unstable();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"], "{line}");
}

/// "Enter plays" is said only of a legal square: on a1 at the start the line says it
/// is not legal.
#[test]
fn the_status_line_says_enter_plays_only_on_a_legal_square() {
    let mut h = othello(Level::Benedict, FirstMover::You, 80, 24);
    assert!(h.screen().contains("d3 — Enter plays"), "{}", h.screen());
    // From d3 to a1: up two ranks, left three files.
    h.keys(&[
        KeyCode::Up,
        KeyCode::Up,
        KeyCode::Left,
        KeyCode::Left,
        KeyCode::Left,
    ]);
    let screen = h.screen();
    assert!(screen.contains("a1 — not legal here"), "{screen}");
    assert!(!screen.contains("Enter plays"), "{screen}");
}

/// The lesson's steps by keys: the cursor starts on the legal square nearest d3: d3
/// itself; e3, to c5; c5, to d7; b1, to h1.
fn lesson_keys() -> Vec<Vec<KeyCode>> {
    use KeyCode::{Down, Enter, Left, Right};
    vec![
        vec![Enter],
        vec![Left, Left, Down, Down, Enter],
        vec![Right, Down, Down, Enter],
        vec![Right, Right, Right, Right, Right, Right, Enter],
    ]
}

#[test]
fn the_lesson_is_played_with_the_keys_it_names() {
    crate::lessons::played_with_keys("othello", &lesson_keys());
}

/// The lesson's corner is typed by its name: `h1`, although `h` is the hints' key
/// elsewhere (a lesson has no hints), and `1h`: the last step, so the lesson is done.
#[test]
fn the_lessons_corner_is_typed_by_its_name() {
    use crate::lessons::{on_menu, open, state};
    use parlor::tui::lesson::StepState;
    for typed in [['h', '1'], ['1', 'h']] {
        let mut h = on_menu(None);
        open(&mut h, parlor::games::othello::ID);
        for keys in &lesson_keys()[..3] {
            h.keys(keys).key(KeyCode::Enter);
        }
        assert_eq!(state(&h), (3, StepState::Playing));
        h.key(KeyCode::Char(typed[0])).key(KeyCode::Char(typed[1]));
        assert_eq!(
            state(&h),
            (3, StepState::Finished),
            "{typed:?}\n{}",
            h.screen()
        );
    }
}

#[test]
fn the_othello_pass_step_at_80x24() {
    use crate::lessons::{on_menu, open, state};
    use parlor::tui::lesson::StepState;
    let mut h = on_menu(None);
    open(&mut h, parlor::games::othello::ID);
    for keys in &lesson_keys()[..2] {
        h.keys(keys).key(KeyCode::Enter);
    }
    // The cursor starts on c5, the nearest legal square, which does not make White
    // pass: said, then taken back.
    h.key(KeyCode::Enter);
    assert_eq!(state(&h), (2, StepState::Missed));
    assert!(
        h.screen().contains("White still has a move"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Char('u'));
    h.keys(&lesson_keys()[2]);
    assert_eq!(state(&h), (2, StepState::Passed));
    insta::assert_snapshot!("lesson_othello_pass_80x24", h.screen());
}

/// The board's title names the opening once a game from the start has one: the Tiger
/// after f5 d6 c3 d3 c4 at both sizes, still the Tiger after a move no list names, and
/// the longest name of the list fits the board of the smallest screen.
#[test]
fn the_board_names_the_opening() {
    for (w, height, cut) in [(80, 24, 50), (120, 40, 80)] {
        let config = quick_config();
        let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
        s.matchup.mode = Mode::TwoPlayers;
        let mut h = Harness::new(
            &parlor::arcade::registry(),
            config,
            Start::Game(s),
            w,
            height,
        );
        assert!(h.screen().contains("╭ Board ─"), "no name at the start");
        h.play("f5");
        assert!(h.screen().contains("╭ Board ─"), "f5 alone has no name");
        h.play("d6");
        assert!(h.screen().contains("Board · opening: Perpendicular"));
        for mv in ["c3", "d3", "c4"] {
            h.play(mv);
        }
        let screen = h.screen();
        assert!(screen.contains("Board · opening: Tiger"), "{screen}");
        insta::assert_snapshot!(
            format!("othello_tiger_{w}x{height}"),
            without_voice(&board_part(&screen, cut))
        );
        // b5: on no named line; the game stays a Tiger, named with the move that
        // reached it, so the name is not read as the present.
        h.play("b5");
        assert!(
            h.screen().contains("Board · opening: Tiger (at move 5)"),
            "{}",
            h.screen()
        );
    }
    // The longest name, 18 moves deep, at 80x24: "Board · " gives way to the name.
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 80, 24);
    let line = "f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2";
    for i in (0..line.len()).step_by(2) {
        h.play(&line[i..i + 2]);
    }
    let screen = h.screen();
    assert!(
        screen.contains("╭ Opening: Rotating Flat (Kling Continuation) ─"),
        "{screen}"
    );
    // The side column is drawn whole beside it.
    assert!(screen.contains("╮╭ Discs "), "{screen}");
}

/// A start typed as a move list is played from the standard start: the move list shows
/// the moves, the opening is named, and undo takes them back one by one (a board read
/// from the list lost all three: play-test finding).
#[test]
fn from_a_move_list_the_match_keeps_its_history() {
    let config = quick_config();
    let mut s = GameSetup::from_config(parlor::games::othello::ID, &config);
    s.position = Some("f5 d6 c3 d3 c4".into());
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = Harness::new(&parlor::arcade::registry(), config, Start::Game(s), 100, 30);
    let screen = h.screen();
    let plies = |screen: &str| -> Vec<String> {
        screen
            .lines()
            .filter_map(|l| {
                // The list's moves are the start's, no player's.
                let at = l.find(". start ")?;
                let number = l[..at].rsplit(' ').next()?;
                let mv = l[at..].split_whitespace().nth(2)?;
                Some(format!("{number}. {mv}"))
            })
            .collect()
    };
    assert_eq!(
        plies(&screen),
        ["1. f5", "2. d6", "3. c3", "4. d3", "5. c4"],
        "{screen}"
    );
    assert!(screen.contains("opening: Tiger"), "{screen}");
    h.key(KeyCode::Char('u'));
    let screen = h.screen();
    assert_eq!(
        plies(&screen),
        ["1. f5", "2. d6", "3. c3", "4. d3"],
        "undo took c4 back:\n{screen}"
    );
}
