//! Random input, as a fuzzer would send it: keys (including every action key and
//! symbols), clicks, wheel turns, resizes from 20x6 to 250x80, and time passing, in every
//! game from its setup and from the menu, through every overlay the keys reach. The app
//! must never panic, hang or fail to draw. Seeded, so a failure replays exactly.

use parlor::config::Config;
use parlor::matchup::Mode;
use parlor::plugin::GameSetup;
use parlor::tui::app::Start;
use parlor::tui::event::AppEvent;
use parlor::tui::harness::Harness;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// Quick engines, so that thousands of events finish in seconds.
fn quick_config() -> Config {
    let mut c = Config::default();
    c.solver.max_millis = 30;
    c.solver.table_mib = 4;
    c.ui.ai_delay_ms = 0;
    c
}

const CHARS: &str = "0123456789hunr?pslkj +-WLwabcxyz!";

fn random_event(rng: &mut StdRng) -> AppEvent {
    let key = |code| AppEvent::Key(KeyEvent::new(code, KeyModifiers::NONE));
    match rng.random_range(0..100) {
        0..=39 => key([
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Enter,
            KeyCode::Enter,
            KeyCode::Esc,
            KeyCode::Backspace,
            KeyCode::PageUp,
            KeyCode::PageDown,
        ][rng.random_range(0..10)]),
        40..=69 => {
            let chars: Vec<char> = CHARS.chars().collect();
            key(KeyCode::Char(chars[rng.random_range(0..chars.len())]))
        }
        70..=84 => {
            let kind = match rng.random_range(0..4) {
                0 => MouseEventKind::ScrollDown,
                1 => MouseEventKind::ScrollUp,
                _ => MouseEventKind::Down(MouseButton::Left),
            };
            AppEvent::Mouse(MouseEvent {
                kind,
                column: rng.random_range(0..250),
                row: rng.random_range(0..80),
                modifiers: KeyModifiers::NONE,
            })
        }
        85..=89 => AppEvent::Resize(rng.random_range(20..=250), rng.random_range(6..=80)),
        _ => AppEvent::Tick,
    }
}

/// Sends `steps` random events to a fresh app, drawing after each; a quit (q, Ctrl-C
/// is not sent) starts a new app, as a user would.
fn drive(start: impl Fn() -> Start, seed: u64, steps: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (w, h) = (rng.random_range(20..=250), rng.random_range(6..=80));
    let mut app = Harness::new(&parlor::arcade::registry(), quick_config(), start(), w, h);
    for step in 0..steps {
        let event = random_event(&mut rng);
        if let AppEvent::Resize(w, h) = event {
            app.resize(w, h);
        } else {
            app.app.update(event);
        }
        if step % 7 == 0 {
            app.settle();
        }
        let screen = app.screen();
        assert!(!screen.is_empty(), "seed {seed} step {step}: nothing drawn");
        if app.app.should_quit() {
            app = Harness::new(&parlor::arcade::registry(), quick_config(), start(), w, h);
        }
    }
}

#[test]
fn random_input_from_the_menu_never_breaks_the_app() {
    for seed in 0..3 {
        drive(|| Start::Menu, seed, 1000);
    }
}

#[test]
fn random_input_in_every_game_and_mode_never_breaks_the_app() {
    for (i, game) in parlor::arcade::registry().all().enumerate() {
        for (j, mode) in Mode::ALL.into_iter().enumerate() {
            let setup = move || {
                let mut s = GameSetup::from_config(game, &quick_config());
                s.matchup.mode = mode;
                let offered = game.kind().first_options(mode);
                if !offered.contains(&s.matchup.first)
                    && let Some(&first) = offered.first()
                {
                    s.matchup.first = first;
                }
                Start::Game(s)
            };
            drive(setup, 100 + (i * 3 + j) as u64, 600);
        }
    }
}
