//! The setup screen's own tests: rows, typing, the clock's steps.

use super::*;
use crate::config::Config;
use crate::games::nim::options::{NimSetup, PilePreset};

#[test]
fn the_clock_steps_through_the_controls_and_holds_at_the_ends() {
    use crate::clock::CONTROLS;
    let slowest = CONTROLS[CONTROLS.len() - 1];
    assert_eq!(step_clock(None, -1), None, "left of no clock: still none");
    assert_eq!(step_clock(None, 1), Some(CONTROLS[0]));
    assert_eq!(
        step_clock(Some(slowest), 1),
        Some(slowest),
        "no wrap to none"
    );
    assert_eq!(step_clock(Some(CONTROLS[0]), -1), None);
    assert_eq!(step_clock(Some(CONTROLS[0]), 1), Some(CONTROLS[1]));
}

fn nim_setup() -> Setup {
    Setup::new(GameSetup::from_config(
        crate::games::nim::ID,
        &Config::default(),
    ))
}

/// The setup of `game` with its row labelled `label` selected.
fn setup_on(game: crate::plugin::GameId, label: &str) -> Setup {
    let mut s = Setup::new(GameSetup::from_config(game, &Config::default()));
    s.selected = s
        .fields()
        .into_iter()
        .position(|f| s.row(f).is_some_and(|r| r.label == label))
        .unwrap_or_else(|| panic!("no row {label}"));
    s
}

fn nim(s: &Setup) -> &NimSetup {
    s.setup.options::<NimSetup>().expect("Nim's options")
}

#[test]
fn typing_a_pile_size_stops_at_99() {
    let mut s = nim_setup();
    // Mode, First, Difficulty, Clock, Prediction, Preset, Misere, PileCount, Pile 1.
    s.selected = 8;
    s.handle(Action::Digit(4));
    s.handle(Action::Digit(2));
    assert_eq!(nim(&s).piles[0], 42);
    // A digit past 99 is not taken, and said; Backspace then erases a digit typed.
    s.handle(Action::Digit(7));
    assert_eq!(nim(&s).piles[0], 42);
    assert_eq!(
        s.error.as_deref(),
        Some("Pile 1 is at most 99: 427 was not taken.")
    );
    s.handle(Action::Backspace);
    assert_eq!(nim(&s).piles[0], 4);
    // Typed to the most exactly: said at once.
    s.handle(Action::Backspace);
    s.handle(Action::Digit(9));
    s.handle(Action::Digit(9));
    assert_eq!(nim(&s).piles[0], 99);
    assert_eq!(
        s.error.as_deref(),
        Some("Pile 1 is at most 99: Backspace erases a digit.")
    );
    assert_eq!(nim(&s).preset, PilePreset::Custom);
}

/// A row whose text is more than its number ("10 (crossed: 10-30 letters)")
/// refuses a digit past its most alike: the setup asks the game for the number.
#[test]
fn a_length_past_its_most_is_refused_even_where_the_row_says_more() {
    let mut s = setup_on(crate::games::wl::ID, "Shortest string");
    for d in [1, 9, 9] {
        s.handle(Action::Digit(d));
    }
    let shown = |s: &Setup| s.row(s.field()).map(|r| r.value).unwrap_or_default();
    // Past the longest string: the row says both ends.
    assert!(shown(&s).starts_with("199 (crossed"), "{}", shown(&s));
    s.handle(Action::Digit(9));
    assert!(shown(&s).starts_with("199 (crossed"), "{}", shown(&s));
    assert_eq!(
        s.error.as_deref(),
        Some("Shortest string is at most 200: 1999 was not taken.")
    );
}

/// A number left below its least takes its least when typing ends, and says so
/// (Chopsticks' move cap went from "2…" to 10 without a word).
#[test]
fn a_number_left_below_its_least_says_it_took_its_least() {
    let mut s = setup_on(crate::games::chopsticks::ID, "Move cap");
    let cap = s.selected;
    s.handle(Action::Digit(2));
    s.handle(Action::Down);
    let error = s.error.clone().unwrap_or_default();
    assert!(
        error.starts_with("Move cap was below its least: now 10"),
        "{error}"
    );
    // Typed within its bounds: nothing to say.
    s.selected = cap;
    s.handle(Action::Digit(5));
    s.handle(Action::Digit(0));
    s.handle(Action::Down);
    assert_eq!(s.error, None);
}

#[test]
fn home_and_end_go_to_the_first_row_and_to_start() {
    let mut s = nim_setup();
    s.selected = 4;
    s.handle(Action::PageDown);
    assert_eq!(s.selected, s.fields().len() - 1, "the last row");
    s.handle(Action::PageUp);
    assert_eq!(s.selected, 0);
    assert_eq!(s.field(), Field::Mode);
}

#[test]
fn pile_count_stays_within_one_to_eight() {
    let mut s = nim_setup();
    // Mode, First, Difficulty, Clock, Prediction, Preset, Misere, PileCount.
    s.selected = 7;
    for _ in 0..20 {
        s.handle(Action::Right);
    }
    assert_eq!(nim(&s).piles.len(), 8);
    for _ in 0..20 {
        s.handle(Action::Left);
    }
    assert_eq!(nim(&s).piles.len(), 1);
}

/// The selected row is drawn on the accent colour: its ◀ ▶ must not be the accent
/// colour too (they vanished, cyan on cyan).
#[test]
fn the_arrows_of_the_selected_row_can_be_seen() {
    let s = nim_setup();
    let theme = Theme::new(&Config::default().colors, false);
    let backend = ratatui::backend::TestBackend::new(80, 24);
    let Ok(mut terminal) = ratatui::Terminal::new(backend);
    let mut s = s;
    s.selected = 0;
    let drawn = terminal.draw(|f| {
        s.render(f, f.area(), &theme, &Keys::default(), &mut Hits::default());
    });
    assert!(drawn.is_ok());
    let buffer = terminal.backend().buffer();
    let arrows: Vec<_> = buffer
        .content()
        .iter()
        .filter(|c| c.symbol() == "◀" || c.symbol() == "▶")
        .collect();
    assert_eq!(arrows.len(), 2);
    for cell in arrows {
        assert_ne!(cell.fg, cell.bg, "{cell:?}");
    }
}

#[test]
fn two_players_cannot_pick_the_ai_to_move_first() {
    let mut s = nim_setup();
    s.selected = 0;
    s.handle(Action::Right);
    assert_eq!(s.setup.matchup.mode, Mode::TwoPlayers);
    assert!(
        crate::games::nim::ID
            .kind()
            .first_options(Mode::TwoPlayers)
            .contains(&s.setup.matchup.first)
    );
}

/// A symbol that is a key of the game's screen is refused as it is typed, saying
/// which key and what it does; the set stays as it was. It used to be taken and
/// refused only at Start.
#[test]
fn a_pnut_symbol_that_is_a_key_is_refused_as_it_is_typed() {
    let games = crate::arcade::registry();
    let mut s = setup_on(crate::games::pnut::ID, "Symbols");
    s.keys = Some(Keys::new(&Config::default().keys, &games.own_keys()));
    for c in ['a', 'b'] {
        s.handle(Action::Char(c));
    }
    s.handle(Action::Char('q'));
    let symbols = |s: &Setup| {
        s.setup
            .own::<crate::games::pnut::options::PnutSetup>()
            .symbols
    };
    assert_eq!(symbols(&s), "ab");
    assert_eq!(
        s.error.as_deref(),
        Some("q (quit) is a key in the game: choose another symbol.")
    );
    // The set goes on taking other symbols.
    s.handle(Action::Char('c'));
    assert_eq!(symbols(&s), "abc");
}
