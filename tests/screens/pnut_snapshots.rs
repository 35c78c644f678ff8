//! The Pnut-Butta screen rendered into ratatui's TestBackend (colours off, fixed seed,
//! no AI pause) and compared with reviewed snapshots, plus keys, the hard mode and the
//! hot seat for three players.

use parlor::config::{Config, FirstMover};
use parlor::games::pnut::options::PnutSetup;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use ratatui::crossterm::event::KeyCode;

fn setup(symbols: &str, length: usize) -> GameSetup {
    let mut s = GameSetup::from_config(parlor::games::pnut::ID, &Config::default());
    s.matchup.first = FirstMover::You;
    s.options_mut::<PnutSetup>().expect("pnut options").symbols = symbols.into();
    s.options_mut::<PnutSetup>().expect("pnut options").length = length;
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

fn typed(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.key(KeyCode::Char(c));
        // The AI answers when it is its turn.
        h.ticks(3);
    }
}

#[test]
fn the_start_hints_off_and_on() {
    let mut h = game(setup("012", 3), 80, 24);
    let screen = h.screen();
    for text in [
        "Pnut-Butta · symbols 012 · runs of 3",
        "Your turn",
        "With perfect play,",
        "you win",
        "(at most 19 more moves)",
        "(empty: any symbol may start)",
        "Substrings · 0 of 27 used",
        "000  001  002",
        "[0]",
        "h marks every symbol",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("pnut_hints_off_80x24", screen);
    h.key(KeyCode::Char('h'));
    let screen = h.screen();
    for text in ["W19", "★ 0   win in 19", "1   win in 19"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("pnut_hints_on_80x24", screen);

    let mut big = game(setup("012", 3), 120, 40);
    insta::assert_snapshot!("pnut_hints_off_120x40", big.screen());
    big.key(KeyCode::Char('h'));
    insta::assert_snapshot!("pnut_hints_on_120x40", big.screen());
}

/// At 120x40 the symbols are keys three rows tall in the middle of their panel, and a
/// click on the bottom edge of a key writes its symbol (at 80x24 that row and column
/// hold nothing clickable). The string's symbols then stand a cell apart.
#[test]
fn a_large_terminal_draws_keys_and_clicks_still_hit() {
    let mut s = setup("012", 3);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 120, 40);
    let screen = h.screen();
    let row = screen
        .lines()
        .position(|l| l.contains("└───┘"))
        .unwrap_or_else(|| panic!("no keys:\n{screen}"));
    let line = screen.lines().nth(row).unwrap_or_default();
    // The last key on the row is the symbol 2.
    let byte = line.rfind("└───┘").unwrap_or(0);
    let x = line[..byte].chars().count() as u16;
    h.click(x + 2, row as u16);
    let screen = h.screen();
    assert!(screen.contains("String · 1 symbol"), "{screen}");
    assert!(screen.contains("  1. Player 1"), "{screen}");
    // The first key (0, the cursor's, heavy) by its top edge.
    let row = screen
        .lines()
        .position(|l| l.contains("┏━━━┓") || l.contains("┌───┐"))
        .unwrap_or_default();
    let line = screen.lines().nth(row).unwrap_or_default();
    let byte = line.find(['┏', '┌']).unwrap_or(0);
    let x = line[..byte].chars().count() as u16;
    h.click(x, row as u16);
    let screen = h.screen();
    assert!(screen.contains("│2 0"), "{screen}");
}

#[test]
fn typing_a_symbol_writes_it_and_the_ai_answers() {
    let mut h = game(setup("012", 3), 80, 24);
    h.key(KeyCode::Char('h'));
    typed(&mut h, "0");
    let screen = h.screen();
    assert!(screen.contains("String · 2 symbols"), "{screen}");
    assert!(screen.contains("1. You"), "{screen}");
    assert!(screen.contains("2. AI"), "{screen}");
    // The last l-1 = 2 symbols are marked.
    assert!(screen.contains("│^^"), "{screen}");
    typed(&mut h, "1");
    let screen = h.screen();
    assert!(screen.contains("String · 4 symbols"), "{screen}");
    assert!(screen.contains("Substrings · 2 of 27 used"), "{screen}");
    assert!(screen.contains("▪"), "{screen}");
    insta::assert_snapshot!("pnut_after_two_moves_hints_80x24", screen);
}

/// A symbol typed while the AI chooses is said to be not written (it was dropped
/// without a word), and the word goes once the AI has moved.
#[test]
fn a_symbol_typed_while_the_ai_chooses_is_said_not_written() {
    let mut h = game(setup("012", 3), 80, 24);
    h.key(KeyCode::Char('0'));
    h.key(KeyCode::Char('1'));
    let screen = h.screen();
    assert!(screen.contains("'1' not written"), "{screen}");
    assert!(screen.contains("String · 1 symbol"), "{screen}");
    h.ticks(3);
    let screen = h.screen();
    assert!(screen.contains("String · 2 symbols"), "{screen}");
    assert!(!screen.contains("not written"), "{screen}");
}

#[test]
fn the_assistant_refuses_an_illegal_symbol() {
    let mut s = setup("01", 2);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    typed(&mut h, "00");
    let screen = h.screen();
    assert!(screen.contains("String · 2 symbols"), "{screen}");
    // 0 would repeat 00: greyed (✗), refused with a message, the cursor skips it.
    assert!(screen.contains("✗"), "{screen}");
    h.key(KeyCode::Char('0'));
    let screen = h.screen();
    assert!(screen.contains("'0' would repeat 00"), "{screen}");
    assert!(screen.contains("String · 2 symbols"), "{screen}");
    assert!(screen.contains("[1]"), "{screen}");
    h.key(KeyCode::Enter);
    assert!(h.screen().contains("String · 3 symbols"));
}

#[test]
fn the_hard_mode_loses_on_an_illegal_symbol_and_shows_both_places() {
    let mut s = setup("01", 2);
    s.matchup.mode = Mode::TwoPlayers;
    s.options_mut::<PnutSetup>().expect("pnut options").assist = false;
    let mut h = game(s, 80, 24);
    typed(&mut h, "000");
    let screen = h.screen();
    for text in [
        "hard mode",
        "Player 2 wins!",
        "Player 1 wrote '0': 00 was already at 1.",
        "^^^",
        "✗ illegal",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("pnut_hard_mode_forfeit_80x24", screen);
    // Undo takes the illegal symbol back.
    h.key(KeyCode::Char('u'));
    let screen = h.screen();
    assert!(!screen.contains("wins!"), "{screen}");
    assert!(screen.contains("String · 2 symbols"), "{screen}");
    assert!(!screen.contains("illegal"), "{screen}");
}

#[test]
fn three_players_take_turns_and_the_last_to_move_wins() {
    let mut s = setup("01", 2);
    s.options_mut::<PnutSetup>().expect("pnut options").players = 3;
    let mut h = game(s, 80, 24);
    let screen = h.screen();
    assert!(screen.contains("3 players"), "{screen}");
    assert!(screen.contains("Player 1's turn"), "{screen}");
    assert!(screen.contains("three or more players"), "{screen}");
    // 0 0 1 1 0: 00 01 11 10 used; then 0 and 1 both repeat: Player 2 wrote last.
    typed(&mut h, "00110");
    let screen = h.screen();
    assert!(screen.contains("Player 2 wins!"), "{screen}");
    assert!(screen.contains("Player 3 is trapped"), "{screen}");
    insta::assert_snapshot!("pnut_three_players_over_80x24", screen);
}

#[test]
fn a_large_table_is_summarised() {
    let mut s = setup("012", 5);
    s.options_mut::<PnutSetup>().expect("pnut options").think_ms = 500;
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    typed(&mut h, "012012");
    let screen = h.screen();
    assert!(screen.contains("243 substrings of length 5"), "{screen}");
    assert!(screen.contains("Used, latest first: "), "{screen}");
}

#[test]
fn twelve_symbols_fit_a_small_terminal() {
    let mut s = setup("0123456789ab", 2);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    typed(&mut h, "55");
    h.key(KeyCode::Char('h'));
    h.ticks(20);
    let screen = h.screen();
    // The symbols' row: every symbol, the cursor's included, inside the panel.
    let row = screen
        .lines()
        .skip_while(|l| !l.contains("╭ Symbols"))
        .nth(1)
        .unwrap_or_else(|| panic!("no row of symbols:\n{screen}"));
    let inside = row.split('│').nth(1).unwrap_or_default();
    assert!(inside.contains("[0] 1  2"), "{row}\n{screen}");
    assert!(inside.contains("9  a  b"), "{row}\n{screen}");
    // Under each legal symbol its verdict's letter; the one just written is refused.
    let marks = screen
        .lines()
        .skip_while(|l| !l.contains("╭ Symbols"))
        .nth(2)
        .unwrap_or_default();
    assert!(marks.contains('✗'), "{marks}\n{screen}");
    // The list of every symbol's value: the eleven legal ones.
    assert_eq!(screen.matches("loss within 22").count(), 11, "{screen}");
    insta::assert_snapshot!("pnut_twelve_symbols_hints_on_80x24", screen);
}

#[test]
fn symbols_that_are_keys_are_picked_with_the_arrows() {
    let mut s = setup("qhu", 2);
    s.matchup.mode = Mode::TwoPlayers;
    let mut h = game(s, 80, 24);
    h.keys(&[KeyCode::Right, KeyCode::Enter]);
    let screen = h.screen();
    assert!(screen.contains("String · 1 symbol "), "{screen}");
    assert!(screen.contains("h"), "{screen}");
    // Typing q is still the quit key, not the symbol (the action key wins); this test
    // saves nothing, so it first asks before the game is lost.
    h.key(KeyCode::Char('q'));
    assert!(h.screen().contains("To quit:"), "{}", h.screen());
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn the_setup_screen_offers_the_options() {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        Config::default(),
        Start::Menu,
        80,
        24,
    );
    h.keys(&[
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Enter,
    ]);
    let screen = h.screen();
    for text in [
        "New game: Pnut-Butta",
        "Symbols",
        "0 1 2 ",
        "Length",
        "3 symbols",
        "Players",
        "Assistance",
        "Search depth",
        "Thinking time",
    ] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    insta::assert_snapshot!("pnut_setup_80x24", screen);
}

/// 012 with l = 4 cannot be proven within 4 plies: the AI must still choose a side,
/// say it could not prove one, and the game must start.
#[test]
fn ai_chooses_a_side_even_without_a_proof() {
    let mut s = setup("012", 4);
    s.matchup.first = FirstMover::AiChooses;
    s.options_mut::<PnutSetup>()
        .expect("pnut options")
        .max_depth = 4;
    let mut h = game(s, 80, 24);
    h.ticks(3);
    let screen = h.screen();
    assert!(!screen.contains("choosing a side"), "{screen}");
    assert!(screen.contains("I can't prove either side"), "{screen}");
}

/// Issue 17: a move left unproven says what its percentage is, the share of the tree
/// search's simulated games through it that its player won, not a proven chance.
#[test]
fn unproven_hints_say_what_their_percentage_means() {
    let mut s = setup("012", 4);
    s.matchup.mode = Mode::TwoPlayers;
    s.options_mut::<PnutSetup>()
        .expect("pnut options")
        .max_depth = 4;
    let mut h = game(s, 80, 24);
    h.key(KeyCode::Char('h'));
    typed(&mut h, "0");
    let screen = h.screen();
    for text in ["★ ", "% of simulations"] {
        assert!(screen.contains(text), "{text:?} missing:\n{screen}");
    }
    assert!(!screen.contains("unproven"), "{screen}");
    insta::assert_snapshot!("pnut_unproven_hints_80x24", screen);
}

/// "00110" with l = 2 uses every pair: the AI, to move, is trapped and you win. The
/// prediction panel says so in a sentence whose verb agrees ("You wins." before).
#[test]
fn winning_against_the_ai_reads_you_win() {
    let mut s = setup("01", 2);
    s.position = Some("0011".into());
    let mut h = game(s, 80, 24);
    typed(&mut h, "0");
    let screen = h.screen();
    assert!(screen.contains("You win."), "{screen}");
    assert!(!screen.contains("You wins"), "{screen}");
}

/// A typed key that is no symbol of the game says so, naming the symbols.
#[test]
fn a_key_that_is_no_symbol_says_so() {
    let mut h = game(setup("012", 3), 80, 24);
    h.key(KeyCode::Char('c'));
    let screen = h.screen();
    assert!(
        screen.contains("'c' is not a symbol of this game: 012."),
        "{screen}"
    );
}

/// The lesson's steps by keys: any symbol; the refused a, then b; the trap a; the win a.
#[test]
fn the_lesson_is_played_with_the_keys_it_names() {
    use KeyCode::Char;
    crate::lessons::played_with_keys(
        "pnut",
        &[
            vec![Char('a')],
            vec![Char('a'), Char('b')],
            vec![Char('a')],
            vec![Char('a')],
        ],
    );
}

#[test]
fn a_forbidden_repeat_is_refused_on_the_board_and_the_step_waits() {
    use crate::lessons::{on_menu, open, state};
    use KeyCode::{Char, Enter};
    let mut h = on_menu(None);
    open(&mut h, parlor::games::pnut::ID);
    h.keys(&[Char('a'), Enter, Char('a')]);
    assert_eq!(state(&h), (1, parlor::tui::lesson::StepState::Playing));
    insta::assert_snapshot!("lesson_pnut_refused_80x24", h.screen());
}
